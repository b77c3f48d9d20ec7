package syntax

import "fmt"

// parseStmtList parses statements up to the end of the enclosing body
// (see stmtListEnd). One grammar serves every body: activations, method
// bodies, helper functions, tests and effect blocks; the checker decides
// which statements are allowed where.
func (p *parser) parseStmtList() []Stmt {
	mark := len(p.stmts)
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
		p.stmts = append(p.stmts, s)
	}
	return popList(&p.stmtList, &p.stmts, mark)
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
	case ELSE:
		return p.elseCloses
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
	case p.tok.Kind == FATARROW:
		p.errorAtTok("expected newline or ';' after statement", " (an arrow function is allowed only as a call argument)")
	default:
		p.errorExpected("expected newline or ';' after statement")
	}
}

func (p *parser) parseStmt() Stmt {
	if !p.nest() {
		return &BadStmt{Span: p.at0()}
	}
	// Not deferred: with this many returns the compiler cannot open-code
	// the defer, and a defer record per statement showed in the profile.
	s := p.parseStmtNested()
	p.unnest()
	return s
}

// parseStmtNested is parseStmt inside its nest/unnest.
func (p *parser) parseStmtNested() Stmt {
	if k := p.stepWord(); k != 0 {
		p.tok.Kind = k
	}
	switch p.tok.Kind {
	case CONFIG:
		if n := p.peek(1); n.Kind == LBRACE || n.Kind == IDENT && p.peek(2).Kind == COLON {
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

// stepWord returns the lifecycle keyword kind for a lifecycle word used,
// outside a lifecycle or fault test, in the shape of a step: `load C`,
// `unload C`, `advance 5s`, `call k.m()`. There the words are names, and a
// name followed on the same line by a name or a number is never valid, so
// the shape is unambiguous. Parsing it as the step, rather than reporting
// a syntax error on every line of a test that lacks its `lifecycle`,
// leaves the checker to say precisely where steps are allowed
// (E-step-not-allowed). Valid programs parse exactly as spec §1 says.
func (p *parser) stepWord() Kind {
	if p.harness || p.tok.Kind != IDENT {
		return 0
	}
	n := p.peek(1)
	if n.NewlineBefore {
		return 0
	}
	switch p.tok.Lit {
	case "load", "unload", "call":
		if n.Kind == IDENT {
			return harnessWord(p.tok.Lit)
		}
	case "advance":
		if n.Kind == DURATION || n.Kind == INT || n.Kind == FLOAT {
			return ADVANCE
		}
	}
	return 0
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
	stmts := p.parseBodyStmts()
	p.expectCloseBrace(open, what)
	return &Block{Span: p.spanFrom(open), Stmts: stmts}
}

// parseBodyStmts parses the statements of a nested body. When the body
// is an if's then-block (thenBlock set by parseIf), an `else` at
// statement start ends it, since its `}` must be missing; in any other
// body `else` is an error.
func (p *parser) parseBodyStmts() []Stmt {
	saved := p.elseCloses
	p.elseCloses, p.thenBlock = p.thenBlock, false
	stmts := p.parseStmtList()
	p.elseCloses = saved
	return stmts
}

// parseStmtBody parses the braced body of a nested statement. A missing
// `{` is looked for on the rest of the line. When the line ends where the
// `{` should have been, the body is parsed up to its `}` as if the brace
// were there (one diagnostic, not one per line of the body); otherwise
// (`if (c) return x`) the body is empty and the statement's recovery
// skips the line.
//
// headerOK says the statement's header parsed without error; after a
// broken header the guess would be unfounded and is not made.
func (p *parser) parseStmtBody(msg, what string, headerOK bool) *Block {
	if p.tok.Kind == LBRACE {
		return p.parseBlock(what)
	}
	p.errorExpected(msg)
	if p.tok.NewlineBefore {
		if p.stmtListEnd() || !headerOK {
			return &Block{Span: p.here()}
		}
		return p.bracelessBody()
	}
	brace, closer := p.aheadOnLine()
	switch {
	case brace:
		p.findOnLine(LBRACE)
		return p.parseBlock(what)
	case closer && headerOK && !p.openBeforeOnLine():
		// `while (c) n = n - 1 }`: nothing earlier on the line opened
		// that `}`, so it closes this body, whose `{` was lost.
		return p.bracelessBody()
	}
	return &Block{Span: p.here()}
}

// bracelessBody parses statements up to a `}` (consumed) as the body of
// a construct whose `{` is missing.
func (p *parser) bracelessBody() *Block {
	start := p.here().Start
	stmts := p.parseBodyStmts()
	p.got(RBRACE)
	return &Block{Span: p.spanFrom(start), Stmts: stmts}
}

// aheadOnLine looks along the rest of the current line without consuming
// anything: brace reports a `{` there, closer a `}` that nothing after the
// current token opened (whichever comes first).
func (p *parser) aheadOnLine() (brace, closer bool) {
	for j := p.i; ; j++ {
		t := p.at(j)
		switch {
		case t.Kind == EOF, j > p.i && t.NewlineBefore:
			return false, false
		case t.Kind == LBRACE:
			return true, false
		case t.Kind == RBRACE:
			return false, true
		}
	}
}

// openBeforeOnLine reports whether the tokens of the current line before
// the current one leave a `{` open.
func (p *parser) openBeforeOnLine() bool {
	open := 0
	for j := p.i - 1; j >= p.base; j-- {
		switch p.toks[j-p.base].Kind {
		case LBRACE:
			open++
		case RBRACE:
			open--
		}
		if p.toks[j-p.base].NewlineBefore {
			break
		}
	}
	return open > 0
}

// parseConfig parses `config { name: T [= default], ... }`; a config
// whose `{` is missing (`config ttl: Int`) is reported and parsed anyway.
func (p *parser) parseConfig() Stmt {
	start := p.tok.Pos
	p.next()
	open, braced := p.tok.Pos, p.tok.Kind == LBRACE
	if braced {
		p.next()
	} else {
		p.errorExpected("expected '{' after 'config'")
	}
	s := &ConfigStmt{}
	p.fieldList(open, braced, "config block", func() {
		fstart := p.tok.Pos
		f := &ConfigField{Name: p.fieldName("config field")}
		if f.Name == nil {
			return
		}
		if !p.expectf(COLON, "expected ':' after config field '%s'", f.Name.Name) {
			return
		}
		f.Type = p.parseType("expected type after ':'")
		if p.got(ASSIGN) {
			f.Default = p.parseExprOr(msgUnless(startsExpr(p.tok.Kind), "expected default value for '%s' after '='", f.Name.Name))
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
	start, kw := p.tok.Pos, *p.tok
	p.next()
	s := p.lets.new()
	s.Mutable = kw.Kind == VAR
	s.Name = p.parseIdent(msgUnless(p.tok.Kind == IDENT, "expected name after '%s'", kw.Lit))
	var colon Token
	if p.tok.Kind == COLON {
		colon = *p.tok
		p.next()
		s.Type = p.parseType("expected type after ':'")
	}
	if !p.expectf(ASSIGN, "expected '=' after '%s %s'", kw.Lit, s.Name.Name) {
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
	start, errs := p.tok.Pos, p.errs
	if !p.nest() {
		return &IfStmt{Span: p.here(), Cond: &BadExpr{Span: p.here()}, Then: &Block{Span: p.here()}}
	}
	defer p.unnest()
	p.next()
	s := &IfStmt{Cond: p.parseCond("if")}
	if p.tok.Kind == FAIL {
		f := p.parseFail()
		s.Then = &Block{Span: f.Span, Stmts: []Stmt{f}, Implicit: true}
	} else {
		p.thenBlock = true // an `else` inside ends it: its `}` is missing
		s.Then = p.parseStmtBody("expected '{' or 'fail' after if condition", "if body", p.errs == errs)
		p.thenBlock = false
	}
	if p.got(ELSE) {
		if p.tok.Kind == IF {
			s.Else = p.parseIf()
		} else {
			s.Else = p.parseStmtBody("expected '{' or 'if' after 'else'", "else body", true)
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
	x := p.parseExprOr(msgUnless(startsExpr(p.tok.Kind), "expected condition after '%s ('", kw))
	if !p.got(RPAREN) {
		p.errorExpected(fmt.Sprintf("expected ')' after %s condition", kw))
		p.skipTo(RPAREN, FAIL) // `if (c fail "x"`: resume at the body
	}
	return x
}

// parseTimer parses `every D { }` and `after D { }`.
func (p *parser) parseTimer() Stmt {
	start, kw, errs := p.tok.Pos, *p.tok, p.errs
	p.next()
	s := &TimerStmt{Kind: Every}
	if kw.Kind == AFTER {
		s.Kind = After
	}
	s.Interval = p.parseDuration(kw.Lit)
	s.Body = p.parseStmtBody(fmt.Sprintf("expected '{' after '%s %s'", kw.Lit, s.Interval.Raw), "timer body", p.errs == errs)
	s.Span = p.spanFrom(start)
	return s
}

// parseDuration parses the duration after kw (every, after, advance). A
// missing one is reported and replaced by a placeholder with Millis 0 (an
// integer or float in its place is taken as the placeholder's text).
func (p *parser) parseDuration(kw string) *DurationLit {
	t := *p.tok
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
	open, braced := p.tok.Pos, true
	if p.tok.Kind != LBRACE {
		p.errorExpected(fmt.Sprintf("expected '{' after 'provide %s'", s.Key.Name))
		// Without its `{` the block is still recognizable when methods
		// follow on the next lines: parse them up to the `}`.
		braced = p.findOnLine(LBRACE)
		if !braced && !(p.tok.Kind == FN && p.tok.NewlineBefore) {
			s.Span = p.spanFrom(start)
			return s
		}
		open = p.here().Start
	}
	if braced {
		open = p.tok.Pos
		p.next()
	}
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
	if braced {
		p.expectCloseBrace(open, "provide block")
	} else {
		p.got(RBRACE)
	}
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
	m.Body, m.ExprBody = p.parseFnBody("expected '{' or '=' after method signature", "method body")
	m.Span = p.spanFrom(start)
	return m
}

func (p *parser) parseWhile() Stmt {
	start, errs := p.tok.Pos, p.errs
	p.next()
	s := &WhileStmt{Cond: p.parseCond("while")}
	s.Body = p.parseStmtBody("expected '{' after while condition", "while body", p.errs == errs)
	s.Span = p.spanFrom(start)
	return s
}

// parseFor parses `for (x of xs) { }`.
func (p *parser) parseFor() Stmt {
	start, errs := p.tok.Pos, p.errs
	p.next()
	s := &ForStmt{}
	paren := p.expect(LPAREN, "expected '(' after 'for'")
	s.Var = p.parseIdent("expected loop variable in for")
	if p.expectf(OF, "expected 'of' after loop variable '%s'", s.Var.Name) {
		s.Iter = p.parseExprOr("expected expression after 'of'")
	} else {
		s.Iter = &BadExpr{Span: p.here()}
	}
	if paren && !p.got(RPAREN) {
		p.errorExpected("expected ')' after for clause")
		p.skipTo(RPAREN)
	}
	s.Body = p.parseStmtBody("expected '{' after for clause", "for body", p.errs == errs)
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
	if p.tok.Kind == IDENT && p.tok.Lit == "with" && !p.harness {
		p.tok.Kind = WITH // see stepWord
	}
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
