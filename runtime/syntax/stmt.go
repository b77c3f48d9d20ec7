package syntax

import "fmt"

// parseStmtList parses statements up to the end of the enclosing body
// (see stmtListEnd). One grammar serves every body: activations, method
// bodies, helper functions, tests and effect blocks; the checker decides
// which statements are allowed where.
func (p *parser) parseStmtList() []Stmt {
	var list []Stmt
	for !p.stmtListEnd() {
		if p.got(SEMICOLON) {
			continue
		}
		i, errs := p.i, p.errs
		s := p.parseStmt()
		if p.errs == errs {
			p.stmtEnd()
		}
		if p.errs != errs {
			p.syncStmt()
		}
		if p.i == i {
			p.next() // a token no statement can start with: already reported
		}
		if b, ok := s.(*BadStmt); ok {
			b.Span = p.spanFrom(b.Start) // cover what recovery skipped
		}
		list = append(list, s)
	}
	return list
}

// stmtListEnd reports whether the current token ends a statement list: a
// `}`, the end of the file, or the start of a declaration. A `fn` ends the
// list inside a provide block (it starts the next method: the `}` of this
// one was forgotten) and at column 1 (a top-level function after a
// forgotten `}`); elsewhere it is reported as a misplaced declaration.
func (p *parser) stmtListEnd() bool {
	switch p.tok.Kind {
	case RBRACE, EOF:
		return true
	case FN:
		return p.provide > 0 || p.tok.Pos.Col == 1
	case COMMUTATIVE:
		return p.peek(1).Kind == SERVICE
	}
	return p.declLine()
}

// stmtEnd checks what follows a statement: `;` (consumed), a new line, the
// end of the list, or anything after a statement that ended with `}`.
func (p *parser) stmtEnd() {
	switch {
	case p.tok.Kind == SEMICOLON:
		p.next()
	case p.tok.NewlineBefore, p.stmtListEnd(), p.prev.Kind == RBRACE:
		// A statement that ends with `}` needs no separator:
		// `if (a) { x = 1 } y = 2` is unambiguous.
	default:
		p.errorExpected("expected newline or ';' after statement")
	}
}

func (p *parser) parseStmt() Stmt {
	if !p.nest() {
		return &BadStmt{Span: p.at0()}
	}
	defer p.unnest()
	switch p.tok.Kind {
	case CONFIG:
		if p.peek(1).Kind == LBRACE {
			return p.parseConfig()
		}
	case LET, VAR:
		return p.parseLet()
	case EFFECT:
		return p.parseEffect(p.tok.Pos, nil)
	case EMIT:
		return p.parseEmit()
	case FAIL:
		return p.parseFail()
	case IF:
		return p.parseIf()
	case ELSE:
		start := p.tok.Pos
		p.errorAtTok("expected statement", " with no 'if' before it")
		p.next()
		switch p.tok.Kind {
		case IF:
			p.parseIf()
		case LBRACE:
			p.parseBlock("else body")
		}
		return &BadStmt{Span: p.spanFrom(start)}
	case EVERY, AFTER:
		return p.parseTimer()
	case PROVIDE:
		return p.parseProvide()
	case WHILE:
		return p.parseWhile()
	case FOR:
		return p.parseFor()
	case RETURN:
		return p.parseReturn()
	case LOAD:
		return p.parseLoad()
	case UNLOAD:
		start := p.tok.Pos
		p.next()
		c := p.parseIdent("expected component name after 'unload'")
		return &UnloadStmt{Span: p.spanFrom(start), Component: c}
	case ADVANCE:
		start := p.tok.Pos
		p.next()
		d := p.parseDuration("advance")
		return &AdvanceStmt{Span: p.spanFrom(start), Duration: d}
	case LBRACE:
		start := p.tok.Pos
		p.errorAtTok("expected statement", " (a block is not a statement; a record is not useful as one)")
		p.next()
		p.skipTo(RBRACE)
		return &BadStmt{Span: p.spanFrom(start)}
	case FN:
		start := p.tok.Pos
		p.errorAtTok("expected statement", " (functions are declared at top level)")
		p.next()
		return &BadStmt{Span: p.spanFrom(start)}
	case IDENT:
		if p.isAssert() {
			return p.parseAssert()
		}
	}
	if !startsExpr(p.tok.Kind) {
		p.errorAtTok("expected statement", "")
		return &BadStmt{Span: p.at0()}
	}
	x := p.parseExpr()
	if p.tok.Kind != ASSIGN {
		return &ExprStmt{Span: x.Range(), X: x}
	}
	switch x.(type) {
	case *Ident, *SelectorExpr, *IndexExpr:
	default:
		p.errorAt(x.Range(), "expected a name, field or index before '=', found "+p.srcOf(x))
	}
	p.next()
	v := p.parseExprOr("expected expression after '='")
	return &AssignStmt{Span: p.spanFrom(x.Range().Start), Target: x, Value: v}
}

// isAssert reports whether the current `assert` word starts an assert
// statement: an expression (or, in a lifecycle test, no_residue) must
// follow on the same line. Otherwise `assert` is an ordinary name.
func (p *parser) isAssert() bool {
	if p.tok.Lit != "assert" {
		return false
	}
	n := p.peek(1)
	return !n.NewlineBefore && (startsExpr(n.Kind) || n.Kind == NORESIDUE)
}

func (p *parser) parseAssert() Stmt {
	start := p.tok.Pos
	p.next()
	if p.tok.Kind == NORESIDUE {
		p.next()
		return &AssertStmt{Span: p.spanFrom(start), NoResidue: true}
	}
	c := p.parseExpr()
	return &AssertStmt{Span: p.spanFrom(start), Cond: c}
}

// parseBlock parses `{ stmts }`; the current token is `{`.
func (p *parser) parseBlock(what string) *Block {
	open := p.tok.Pos
	p.next()
	stmts := p.parseStmtList()
	p.expectCloseBrace(open, what)
	return &Block{Span: p.spanFrom(open), Stmts: stmts}
}

// parseStmtBody parses the braced body of a nested statement. A missing
// `{` is looked for on the rest of the line; if absent the body is empty
// and the statement's recovery skips the line.
func (p *parser) parseStmtBody(msg, what string) *Block {
	if p.tok.Kind == LBRACE {
		return p.parseBlock(what)
	}
	p.errorExpected(msg)
	if p.findBraceOnLine() {
		return p.parseBlock(what)
	}
	return &Block{Span: p.here()}
}

// parseConfig parses `config { name: T [= default], ... }`.
func (p *parser) parseConfig() Stmt {
	start := p.tok.Pos
	p.next()
	open := p.tok.Pos
	p.next() // {, checked by the caller
	s := &ConfigStmt{}
	p.fieldList(open, "config block", func() {
		fstart := p.tok.Pos
		f := &ConfigField{Name: p.fieldName("config field")}
		if f.Name == nil {
			return
		}
		if !p.expect(COLON, fmt.Sprintf("expected ':' after config field '%s'", f.Name.Name)) {
			return
		}
		f.Type = p.parseType("expected type after ':'")
		if p.got(ASSIGN) {
			f.Default = p.parseExprOr(fmt.Sprintf("expected default value for '%s' after '='", f.Name.Name))
		}
		f.Span = p.spanFrom(fstart)
		s.Fields = append(s.Fields, f)
	})
	s.Span = p.spanFrom(start)
	return s
}

// parseLet parses `let x [: T] = E`, `var x [: T] = E` and the effect
// binding `let x = effect E undo U`.
func (p *parser) parseLet() Stmt {
	start, kw := p.tok.Pos, p.tok
	p.next()
	s := &LetStmt{Mutable: kw.Kind == VAR}
	s.Name = p.parseIdent(fmt.Sprintf("expected name after '%s'", kw.Lit))
	var colon Token
	if p.tok.Kind == COLON {
		colon = p.tok
		p.next()
		s.Type = p.parseType("expected type after ':'")
	}
	if !p.expect(ASSIGN, fmt.Sprintf("expected '=' after '%s %s'", kw.Lit, s.Name.Name)) {
		s.Value = &BadExpr{Span: p.here()}
		s.Span = p.spanFrom(start)
		return s
	}
	if p.tok.Kind == EFFECT {
		// EffectStmt has no type and no mutability: refuse both here
		// rather than silently dropping them.
		if s.Type != nil {
			p.errorAt(colon.Span(), fmt.Sprintf("expected '=' after effect binding '%s', found ':' (an effect binding takes no type)", s.Name.Name))
		}
		if s.Mutable {
			p.errorAt(kw.Span(), "expected 'let' before an effect binding, found 'var'")
		}
		return p.parseEffect(start, s.Name)
	}
	s.Value = p.parseExprOr("expected expression after '='")
	s.Span = p.spanFrom(start)
	return s
}

// parseEffect parses `effect E [undo U]` or `effect { stmts; E } [undo U]`;
// the current token is `effect`. A missing undo is left to the checker.
func (p *parser) parseEffect(start Pos, name *Ident) Stmt {
	p.next()
	s := &EffectStmt{Name: name}
	if p.tok.Kind == LBRACE {
		s.Effect = p.parseBlockExpr()
	} else {
		s.Effect = p.parseExprOr("expected expression or '{' after 'effect'")
	}
	if p.got(UNDO) {
		s.Undo = p.parseExprOr("expected expression after 'undo'")
	}
	s.Span = p.spanFrom(start)
	return s
}

// parseBlockExpr parses `{ stmts; E }`: the last statement, when it is an
// expression statement, becomes the value.
func (p *parser) parseBlockExpr() *BlockExpr {
	open := p.tok.Pos
	p.next()
	stmts := p.parseStmtList()
	p.expectCloseBrace(open, "effect block")
	b := &BlockExpr{Span: p.spanFrom(open), Stmts: stmts}
	if n := len(stmts); n > 0 {
		if es, ok := stmts[n-1].(*ExprStmt); ok {
			b.Stmts, b.Value = stmts[:n-1], es.X
		}
	}
	return b
}

// parseEmit parses `emit k.m(args) [compensate k.m2(args)]`.
func (p *parser) parseEmit() Stmt {
	start := p.tok.Pos
	p.next()
	call := p.parseCallAfter("emit")
	if call == nil {
		return &BadStmt{Span: p.spanFrom(start)}
	}
	s := &EmitStmt{Call: call}
	if p.got(COMPENSATE) {
		s.Compensate = p.parseCallAfter("compensate")
	}
	s.Span = p.spanFrom(start)
	return s
}

// parseCallAfter parses the call that must follow kw (emit, compensate,
// call), or reports what was there instead and returns nil.
func (p *parser) parseCallAfter(kw string) *CallExpr {
	if !startsExpr(p.tok.Kind) || p.tok.Kind == ILLEGAL {
		p.errorExpected(fmt.Sprintf("expected call after '%s'", kw))
		return nil
	}
	x := p.parsePostfix()
	if c, ok := x.(*CallExpr); ok {
		return c
	}
	if _, bad := x.(*BadExpr); !bad {
		p.errorAt(x.Range(), fmt.Sprintf("expected call like k.m(args) after '%s', found %s", kw, p.srcOf(x)))
	} else {
		p.errs++
	}
	return nil
}

func (p *parser) parseFail() *FailStmt {
	start := p.tok.Pos
	p.next()
	m := p.parseExprOr("expected message after 'fail'")
	return &FailStmt{Span: p.spanFrom(start), Message: m}
}

// parseIf parses `if (c) { } [else { } | else if ...]` and `if (c) fail E`.
func (p *parser) parseIf() *IfStmt {
	start := p.tok.Pos
	if !p.nest() {
		return &IfStmt{Span: p.here(), Cond: &BadExpr{Span: p.here()}, Then: &Block{Span: p.here()}}
	}
	defer p.unnest()
	p.next()
	s := &IfStmt{Cond: p.parseCond("if")}
	switch p.tok.Kind {
	case LBRACE:
		s.Then = p.parseBlock("if body")
	case FAIL:
		f := p.parseFail()
		s.Then = &Block{Span: f.Span, Stmts: []Stmt{f}, Implicit: true}
	default:
		p.errorExpected("expected '{' or 'fail' after if condition")
		s.Then = &Block{Span: p.here()}
		s.Span = p.spanFrom(start)
		return s
	}
	if p.got(ELSE) {
		switch p.tok.Kind {
		case IF:
			s.Else = p.parseIf()
		case LBRACE:
			s.Else = p.parseBlock("else body")
		default:
			p.errorExpected("expected '{' or 'if' after 'else'")
		}
	}
	s.Span = p.spanFrom(start)
	return s
}

// parseCond parses the parenthesized condition after if or while.
func (p *parser) parseCond(kw string) Expr {
	if p.tok.Kind != LPAREN {
		p.errorExpected(fmt.Sprintf("expected '(' after '%s'", kw))
		if !startsExpr(p.tok.Kind) || p.tok.Kind == LBRACE {
			return &BadExpr{Span: p.here()}
		}
		x := p.parseExpr()
		p.got(RPAREN)
		return x
	}
	p.next()
	x := p.parseExprOr(fmt.Sprintf("expected condition after '%s ('", kw))
	if !p.got(RPAREN) {
		p.errorExpected(fmt.Sprintf("expected ')' after %s condition", kw))
		p.skipTo(RPAREN)
	}
	return x
}

// parseTimer parses `every D { }` and `after D { }`.
func (p *parser) parseTimer() Stmt {
	start, kw := p.tok.Pos, p.tok
	p.next()
	s := &TimerStmt{Kind: Every}
	if kw.Kind == AFTER {
		s.Kind = After
	}
	s.Interval = p.parseDuration(kw.Lit)
	s.Body = p.parseStmtBody(fmt.Sprintf("expected '{' after '%s %s'", kw.Lit, s.Interval.Raw), "timer body")
	s.Span = p.spanFrom(start)
	return s
}

// parseDuration parses the duration after kw (every, after, advance). A
// missing one is reported and replaced by a placeholder with Millis 0 (an
// integer or float in its place is taken as the placeholder's text).
func (p *parser) parseDuration(kw string) *DurationLit {
	t := p.tok
	if t.Kind == DURATION {
		p.next()
		return &DurationLit{Span: t.Span(), Raw: t.Lit, Millis: durationMillis(t.Lit)}
	}
	p.errorExpected(fmt.Sprintf("expected duration like 30s after '%s'", kw))
	if (t.Kind == INT || t.Kind == FLOAT) && !t.NewlineBefore {
		p.next()
		return &DurationLit{Span: t.Span(), Raw: t.Lit}
	}
	return &DurationLit{Span: p.here()}
}

// parseProvide parses `provide k { fn m(p) { } | fn m(p) = e ... }`.
func (p *parser) parseProvide() Stmt {
	start := p.tok.Pos
	p.next()
	s := &ProvideStmt{Key: p.parseIdent("expected key after 'provide'")}
	if p.tok.Kind != LBRACE {
		p.errorExpected(fmt.Sprintf("expected '{' after 'provide %s'", s.Key.Name))
		if !p.findBraceOnLine() {
			s.Span = p.spanFrom(start)
			return s
		}
	}
	open := p.tok.Pos
	p.next()
	p.provide++
	for p.tok.Kind != RBRACE && p.tok.Kind != EOF && !p.declLine() {
		if p.got(SEMICOLON) || p.got(COMMA) {
			continue
		}
		i, errs := p.i, p.errs
		if p.tok.Kind == FN {
			s.Methods = append(s.Methods, p.parseMethodImpl())
		} else {
			p.errorAtTok("expected 'fn' in provide block", "")
		}
		if p.errs != errs {
			p.syncItem()
		}
		if p.i == i {
			p.next()
		}
	}
	p.provide--
	p.expectCloseBrace(open, "provide block")
	s.Span = p.spanFrom(start)
	return s
}

// parseMethodImpl parses `fn m(params) [-> T] { stmts }` or `... = expr`.
func (p *parser) parseMethodImpl() *MethodImpl {
	start := p.tok.Pos
	p.next()
	m := &MethodImpl{Name: p.parseIdent("expected method name after 'fn'")}
	m.Params = p.parseParams("method name")
	m.Result = p.parseResult()
	switch {
	case p.got(ASSIGN):
		m.ExprBody = p.parseExprOr("expected expression after '='")
	case p.tok.Kind == LBRACE:
		m.Body = p.parseBlock("method body")
	default:
		p.errorExpected("expected '{' or '=' after method signature")
		m.Body = &Block{Span: p.here()}
	}
	m.Span = p.spanFrom(start)
	return m
}

func (p *parser) parseWhile() Stmt {
	start := p.tok.Pos
	p.next()
	s := &WhileStmt{Cond: p.parseCond("while")}
	s.Body = p.parseStmtBody("expected '{' after while condition", "while body")
	s.Span = p.spanFrom(start)
	return s
}

// parseFor parses `for (x of xs) { }`.
func (p *parser) parseFor() Stmt {
	start := p.tok.Pos
	p.next()
	s := &ForStmt{}
	paren := p.expect(LPAREN, "expected '(' after 'for'")
	s.Var = p.parseIdent("expected loop variable in for")
	if p.expect(OF, fmt.Sprintf("expected 'of' after loop variable '%s'", s.Var.Name)) {
		s.Iter = p.parseExprOr("expected expression after 'of'")
	} else {
		s.Iter = &BadExpr{Span: p.here()}
	}
	if paren && !p.got(RPAREN) {
		p.errorExpected("expected ')' after for clause")
		p.skipTo(RPAREN)
	}
	s.Body = p.parseStmtBody("expected '{' after for clause", "for body")
	s.Span = p.spanFrom(start)
	return s
}

// parseReturn parses `return [E]`; the value must start on the same line.
func (p *parser) parseReturn() Stmt {
	start := p.tok.Pos
	p.next()
	s := &ReturnStmt{}
	if !p.tok.NewlineBefore && startsExpr(p.tok.Kind) {
		s.Value = p.parseExpr()
	}
	s.Span = p.spanFrom(start)
	return s
}

// parseLoad parses the lifecycle step `load C [with { f: v }]`.
func (p *parser) parseLoad() Stmt {
	start := p.tok.Pos
	p.next()
	s := &LoadStmt{Component: p.parseIdent("expected component name after 'load'")}
	if p.got(WITH) {
		if p.tok.Kind == LBRACE {
			s.With = p.parseRecordLit()
		} else {
			p.errorExpected("expected '{' after 'with'")
		}
	}
	s.Span = p.spanFrom(start)
	return s
}
