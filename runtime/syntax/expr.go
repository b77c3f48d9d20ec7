package syntax

import (
	"fmt"
	"strconv"
)

// Binary operator precedence, lowest first. The ternary `?:` sits below
// all of them and is right-associative; every binary operator is
// left-associative.
func binPrec(k Kind) int {
	switch k {
	case QQ:
		return 1
	case LOR:
		return 2
	case LAND:
		return 3
	case EQL, NEQ:
		return 4
	case LSS, GTR, LEQ, GEQ:
		return 5
	case ADD, SUB:
		return 6
	case MUL, QUO, REM:
		return 7
	}
	return 0
}

// parseExprOr parses an expression, or reports msg (`expected ... after
// 'x'`) and returns a BadExpr when no expression starts here.
func (p *parser) parseExprOr(msg string) Expr {
	if !startsExpr(p.tok.Kind) {
		p.errorExpected(msg)
		return &BadExpr{Span: p.here()}
	}
	return p.parseExpr()
}

func (p *parser) parseExpr() Expr {
	if !p.nest() {
		return &BadExpr{Span: p.here()}
	}
	defer p.unnest()
	c := p.parseBinary(1)
	if p.tok.Kind != QUESTION {
		return c
	}
	p.next()
	t := &TernaryExpr{Cond: c}
	t.Then = p.parseExprOr("expected expression after '?'")
	if p.expect(COLON, "expected ':' in conditional expression") {
		t.Else = p.parseExprOr("expected expression after ':'")
	} else {
		t.Else = &BadExpr{Span: p.here()}
	}
	t.Span = p.spanFrom(c.Range().Start)
	return t
}

// parseBinary parses binary operators of precedence >= min by precedence
// climbing.
func (p *parser) parseBinary(min int) Expr {
	x := p.parseUnary()
	for {
		op := *p.tok
		prec := binPrec(op.Kind)
		if prec == 0 || prec < min {
			return x
		}
		p.next()
		var y Expr
		if startsExpr(p.tok.Kind) {
			y = p.parseBinary(prec + 1)
		} else {
			p.errorExpected(fmt.Sprintf("expected expression after '%s'", op.Lit))
			y = &BadExpr{Span: p.here()}
		}
		b := p.binaries.new()
		*b = BinaryExpr{Span: p.spanFrom(x.Range().Start), Op: op.Kind.String(), X: x, Y: y}
		x = b
	}
}

func (p *parser) parseUnary() Expr {
	if p.stepWord() == CALL {
		p.tok.Kind = CALL
	}
	switch p.tok.Kind {
	case NOT, SUB, AWAIT:
		if !p.nest() {
			return &BadExpr{Span: p.here()}
		}
		defer p.unnest()
		op := *p.tok
		p.next()
		x := p.parseUnaryOr(msgUnless(startsExpr(p.tok.Kind), "expected expression after '%s'", op.Lit))
		if op.Kind == AWAIT {
			return &AwaitExpr{Span: p.spanFrom(op.Pos), X: x}
		}
		return &UnaryExpr{Span: p.spanFrom(op.Pos), Op: op.Lit, X: x}
	case CALL:
		start := p.tok.Pos
		p.next()
		c := p.parseCallAfter("call")
		if c == nil {
			return &BadExpr{Span: p.spanFrom(start)}
		}
		return &HarnessCallExpr{Span: p.spanFrom(start), Call: c}
	}
	return p.parsePostfix()
}

func (p *parser) parseUnaryOr(msg string) Expr {
	if !startsExpr(p.tok.Kind) {
		p.errorExpected(msg)
		return &BadExpr{Span: p.here()}
	}
	return p.parseUnary()
}

// parsePostfix parses an operand followed by `.f`, `(args)` and `[i]`. A
// `(` or `[` on a new line starts a new statement instead.
func (p *parser) parsePostfix() Expr {
	x := p.parsePrimary()
	for {
		switch p.tok.Kind {
		case PERIOD:
			p.next()
			sel := p.selectorName()
			se := p.sels.new()
			se.Span, se.X, se.Sel = p.spanFrom(x.Range().Start), x, sel
			x = se
		case LPAREN:
			if p.tok.NewlineBefore {
				return x
			}
			x = p.parseCall(x)
		case LBRACK:
			if p.tok.NewlineBefore {
				return x
			}
			open := p.tok.Pos
			p.next()
			idx := p.parseExprOr("expected index expression after '['")
			if !p.got(RBRACK) {
				p.expectClose(RBRACK, open, "index")
				p.skipTo(RBRACK)
			}
			x = &IndexExpr{Span: p.spanFrom(x.Range().Start), X: x, Index: idx}
		default:
			return x
		}
	}
}

// selectorName parses the name after `.`; lifecycle-test words are names
// there even inside a test body (`k.call()`).
func (p *parser) selectorName() *Ident {
	if p.tok.Kind == IDENT || p.tok.Kind > harnessBeg && p.tok.Kind < harnessEnd {
		return p.ident()
	}
	p.errorExpected("expected field or method name after '.'")
	return &Ident{Span: p.here(), Name: "_"}
}

// parseCall parses `(args)` after fun; the current token is `(`.
func (p *parser) parseCall(fun Expr) *CallExpr {
	open := p.tok.Pos
	p.next()
	c := p.calls.new()
	c.Fun = fun
	// The arguments gather on a stack shared by nested calls and move to
	// the slab once complete: one list per call, no growing slices.
	mark := len(p.argStack)
	p.list(RPAREN, open, "argument list", func() {
		p.argStack = append(p.argStack, p.parseArg())
	})
	c.Args = p.exprList(p.argStack[mark:])
	clear(p.argStack[mark:])
	p.argStack = p.argStack[:mark]
	c.Span = p.spanFrom(fun.Range().Start)
	return c
}

// parseArg parses a call argument: an expression or an arrow function
// `x => e`, `(a, b) => e`, `() => e` (the only place arrows may appear).
func (p *parser) parseArg() Expr {
	start := p.tok.Pos
	var params []*Ident
	switch {
	case p.tok.Kind == IDENT && p.peek(1).Kind == FATARROW:
		params = []*Ident{p.ident()}
	case p.tok.Kind == LPAREN && p.arrowParamsAhead():
		p.next()
		for p.tok.Kind == IDENT {
			params = append(params, p.ident())
			p.got(COMMA)
		}
		p.next() // ), checked by arrowParamsAhead
	default:
		return p.parseExprOr("expected argument")
	}
	p.next() // =>
	body := p.parseExprOr("expected expression after '=>'")
	return &ArrowExpr{Span: p.spanFrom(start), Params: params, Body: body}
}

// arrowParamsAhead reports whether `( [name {, name} [,]] ) =>` starts at
// the current `(`.
func (p *parser) arrowParamsAhead() bool {
	j := p.i + 1
	for p.at(j).Kind == IDENT {
		j++
		if p.at(j).Kind != COMMA {
			break
		}
		j++
	}
	return p.at(j).Kind == RPAREN && p.at(j+1).Kind == FATARROW
}

func (p *parser) parsePrimary() Expr {
	t := *p.tok
	switch t.Kind {
	case IDENT:
		if t.Lit == "match" && p.isMatch() {
			return p.parseMatch()
		}
		return p.ident()
	case CONFIG:
		// `config.f` reads the component's config: config is a name here.
		p.next()
		return &Ident{Span: t.Span(), Name: "config"}
	case INT, FLOAT, DURATION, STRING, TRUE, FALSE, NULL, TEMPLATE:
		p.next()
		return p.literal(t)
	case TMPLHEAD:
		return p.parseTemplate()
	case LPAREN:
		p.next()
		x := p.parseExprOr("expected expression after '('")
		if !p.got(RPAREN) {
			p.expectClose(RPAREN, t.Pos, "parenthesized expression")
			p.skipTo(RPAREN)
		}
		return &ParenExpr{Span: p.spanFrom(t.Pos), X: x}
	case LBRACK:
		p.next()
		l := &ListLit{}
		p.list(RBRACK, t.Pos, "list", func() {
			l.Elems = append(l.Elems, p.parseExprOr("expected list element"))
		})
		l.Span = p.spanFrom(t.Pos)
		return l
	case LBRACE:
		return p.parseRecordLit()
	case ILLEGAL:
		p.next() // reported by the lexer
		return &BadExpr{Span: t.Span()}
	}
	p.errorExpected("expected expression")
	return &BadExpr{Span: p.here()}
}

// literal converts a literal token. Values of literals the lexer rejected
// are zero.
// literal is the package's literal, the two commonest kinds taken from
// the parser's blocks.
func (p *parser) literal(t Token) Expr {
	switch t.Kind {
	case INT:
		v, _ := strconv.ParseInt(t.Lit, 10, 64)
		n := p.ints.new()
		n.Span, n.Value, n.Raw = t.Span(), v, t.Lit
		return n
	case STRING:
		n := p.strs.new()
		n.Span, n.Value = t.Span(), t.Value
		return n
	}
	return literal(t)
}

func literal(t Token) Expr {
	sp := t.Span()
	switch t.Kind {
	case INT:
		v, _ := strconv.ParseInt(t.Lit, 10, 64)
		return &IntLit{Span: sp, Value: v, Raw: t.Lit}
	case FLOAT:
		v, _ := strconv.ParseFloat(t.Lit, 64)
		return &FloatLit{Span: sp, Value: v, Raw: t.Lit}
	case DURATION:
		return &DurationLit{Span: sp, Raw: t.Lit, Millis: durationMillis(t.Lit)}
	case STRING:
		return &StringLit{Span: sp, Value: t.Value}
	case TRUE, FALSE:
		return &BoolLit{Span: sp, Value: t.Kind == TRUE}
	case NULL:
		return &NullLit{Span: sp}
	case TEMPLATE:
		return &TemplateLit{Span: sp, Parts: []string{t.Value}}
	}
	return &BadExpr{Span: sp}
}

// parseTemplate parses a template with substitutions; the current token
// is its TMPLHEAD. The lexer guarantees a TMPLTAIL for every head
// (a synthetic one when the template is unterminated), so recovery inside
// `${ }` can skip to it.
func (p *parser) parseTemplate() Expr {
	start := p.tok.Pos
	lit := &TemplateLit{Parts: []string{p.tok.Value}}
	p.next()
	for {
		lit.Exprs = append(lit.Exprs, p.parseExprOr("expected expression inside '${ }'"))
		switch p.tok.Kind {
		case TMPLMID:
			lit.Parts = append(lit.Parts, p.tok.Value)
			p.next()
			continue
		case TMPLTAIL:
			lit.Parts = append(lit.Parts, p.tok.Value)
			p.next()
		default:
			p.errorExpected("expected '}' to close '${' in template")
			if p.skipTemplatePart(lit) {
				continue
			}
		}
		lit.Span = p.spanFrom(start)
		return lit
	}
}

// skipTemplatePart skips to the next piece of the current template,
// appending its text: true for a middle (more substitutions follow),
// false at the tail or the end of the file.
func (p *parser) skipTemplatePart(lit *TemplateLit) bool {
	depth := 0
	for p.tok.Kind != EOF {
		switch p.tok.Kind {
		case TMPLHEAD:
			depth++
		case TMPLMID:
			if depth == 0 {
				lit.Parts = append(lit.Parts, p.tok.Value)
				p.next()
				return true
			}
		case TMPLTAIL:
			if depth == 0 {
				lit.Parts = append(lit.Parts, p.tok.Value)
				p.next()
				return false
			}
			depth--
		}
		p.next()
	}
	lit.Parts = append(lit.Parts, "")
	return false
}

// parseRecordLit parses `{ name: value, ... }`; the current token is `{`.
func (p *parser) parseRecordLit() *RecordLit {
	open := p.tok.Pos
	p.next()
	r := &RecordLit{}
	p.fieldList(open, true, "record", func() {
		name := p.fieldName("field")
		if name == nil {
			return
		}
		f := &FieldInit{Name: name}
		if p.expectf(COLON, "expected ':' after field '%s'", name.Name) {
			f.Value = p.parseExprOr(msgUnless(startsExpr(p.tok.Kind), "expected value for field '%s'", name.Name))
		} else {
			f.Value = &BadExpr{Span: p.here()}
		}
		f.Span = p.spanFrom(name.Start)
		r.Fields = append(r.Fields, f)
	})
	r.Span = p.spanFrom(open)
	return r
}

// isMatch decides whether the current `match` word starts a match
// expression: it does when the tokens after it read as an expression
// followed by `{`. A linear scan decides, without parsing: at bracket
// depth 0 it looks for a `{` right after a token that ends an operand; a
// `{` after an operator opens a record literal and is skipped whole; the
// scan fails at anything that cannot continue an expression (`,` `;` `=`
// a closing bracket, a keyword, two operands in a row). A `match` followed
// by an operand inside the scan reads as a nested match keyword.
func (p *parser) isMatch() bool {
	if !startsExpr(p.peek(1).Kind) {
		return false
	}
	depth := 0
	ends := false // the previous token ends an operand
	for j := p.i + 1; ; j++ {
		t := p.at(j)
		if depth > 0 {
			switch t.Kind {
			case LPAREN, LBRACK, LBRACE:
				depth++
			case RPAREN, RBRACK, RBRACE:
				depth--
				ends = depth == 0
			case EOF:
				return false
			}
			continue
		}
		switch t.Kind {
		case LBRACE:
			if ends {
				return true
			}
			depth++
		case LPAREN, LBRACK:
			if ends && t.NewlineBefore {
				return false // a new statement, not a call or index
			}
			depth++
		case IDENT, INT, FLOAT, DURATION, STRING, TEMPLATE, TRUE, FALSE, NULL, CONFIG:
			if ends {
				return false
			}
			ends = t.Kind != IDENT || t.Lit != "match" || !startsExpr(p.at(j+1).Kind)
		case TMPLHEAD:
			if ends {
				return false
			}
			for n := 1; n > 0; {
				j++
				switch p.at(j).Kind {
				case TMPLHEAD:
					n++
				case TMPLTAIL:
					n--
				case EOF:
					return false
				}
			}
			ends = true
		case NOT, AWAIT, CALL:
			if ends {
				return false
			}
		case QUESTION, COLON, PERIOD:
			ends = false
		default:
			if binPrec(t.Kind) == 0 {
				return false
			}
			ends = false
		}
	}
}

// parseMatch parses `match e { pat => expr, ... }`; arms are separated by
// commas and/or newlines. isMatch has checked the shape up to the `{`.
func (p *parser) parseMatch() Expr {
	start := p.tok.Pos
	p.next()
	m := &MatchExpr{X: p.parseExpr()}
	open := p.tok.Pos
	if !p.expect(LBRACE, "expected '{' after match subject") {
		m.Span = p.spanFrom(start)
		return m
	}
	for p.tok.Kind != RBRACE && p.tok.Kind != EOF {
		if p.closerForgotten() {
			break // the `}` was forgotten
		}
		if p.got(COMMA) {
			continue
		}
		i, errs := p.i, p.errs
		if arm := p.parseArm(); arm != nil {
			m.Arms = append(m.Arms, arm)
		}
		if p.i != i {
			switch {
			case p.got(COMMA), p.tok.Kind == RBRACE, p.tok.NewlineBefore:
				continue // also after an arm that failed: the next one may be fine
			}
			if p.errs == errs {
				p.errorExpected("expected ',' or '}' after match arm")
			}
		}
		p.skipTo(RBRACE) // resume after the match
		m.Span = p.spanFrom(start)
		return m
	}
	p.expectCloseBrace(open, "match")
	m.Span = p.spanFrom(start)
	return m
}

func (p *parser) parseArm() *MatchArm {
	pat := p.parsePattern()
	if _, bad := pat.(*BadPat); bad {
		return nil
	}
	arm := &MatchArm{Pattern: pat}
	if p.expect(FATARROW, "expected '=>' after match pattern") {
		arm.Body = p.parseExprOr("expected expression after '=>'")
	} else {
		arm.Body = &BadExpr{Span: p.here()}
	}
	arm.Span = p.spanFrom(pat.Range().Start)
	return arm
}

// parsePattern parses `_`, a name, `Ctor(p, ...)` or a literal (a number
// may carry a `-`).
func (p *parser) parsePattern() Pattern {
	if !p.nest() {
		return &BadPat{Span: p.here()}
	}
	defer p.unnest()
	t := *p.tok
	switch t.Kind {
	case IDENT:
		if t.Lit == "_" {
			p.next()
			return &WildcardPat{Span: t.Span()}
		}
		name := p.ident()
		if p.tok.Kind != LPAREN || p.tok.NewlineBefore {
			return &NamePat{Span: name.Span, Name: name}
		}
		open := p.tok.Pos
		p.next()
		c := &CtorPat{Name: name}
		p.list(RPAREN, open, "constructor pattern", func() {
			c.Args = append(c.Args, p.parsePattern())
		}, FATARROW)
		c.Span = p.spanFrom(t.Pos)
		return c
	case INT, FLOAT, DURATION, STRING, TRUE, FALSE, NULL:
		p.next()
		return &LitPat{Span: t.Span(), Value: literal(t)}
	case SUB:
		if n := p.peek(1); n.Kind == INT || n.Kind == FLOAT {
			p.next()
			p.next()
			x := &UnaryExpr{Span: p.spanFrom(t.Pos), Op: "-", X: literal(n)}
			return &LitPat{Span: x.Span, Value: x}
		}
	}
	p.errorAtTok("expected pattern", "")
	return &BadPat{Span: p.here()}
}
