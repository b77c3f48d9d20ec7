package syntax

import "fmt"

// parseDecl parses one top-level declaration.
func (p *parser) parseDecl() Decl {
	switch p.tok.Kind {
	case SERVICE:
		return p.parseService()
	case COMMUTATIVE:
		if p.peek(1).Kind == SERVICE {
			return p.parseService()
		}
		start := p.tok.Pos
		p.next()
		p.errorExpected("expected 'service' after 'commutative'")
		return &BadDecl{Span: p.spanFrom(start)}
	case COMPONENT:
		return p.parseComponent()
	case TYPE:
		return p.parseTypeDecl()
	case FN:
		return p.parseFnDecl()
	case TEST:
		return p.parseTest(p.tok.Pos, PureTest)
	case LIFECYCLE, FAULT:
		start, kw := p.tok.Pos, p.tok.Lit
		kind := LifecycleTest
		if p.tok.Kind == FAULT {
			kind = FaultTest
		}
		p.next()
		if p.tok.Kind != TEST {
			p.errorExpected(fmt.Sprintf("expected 'test' after '%s'", kw))
			return &BadDecl{Span: p.spanFrom(start)}
		}
		return p.parseTest(start, kind)
	case RBRACE:
		p.errorAtTok("expected declaration", " (no block is open)")
		return &BadDecl{Span: p.at0()}
	}
	p.errorAtTok("expected declaration (service, component, type, fn or test)", "")
	return &BadDecl{Span: p.at0()}
}

// openDeclBody consumes the `{` that opens a declaration body. When it is
// missing it reports msg (unless empty: already reported) and looks for it
// on the rest of the line; if it is not there the body is parsed without
// it (braced false), so that one forgotten brace costs one diagnostic
// rather than one per line.
func (p *parser) openDeclBody(msg string) (open Pos, braced bool) {
	if p.tok.Kind == LBRACE {
		open = p.tok.Pos
		p.next()
		return open, true
	}
	if msg != "" {
		p.errorExpected(msg)
	}
	if p.findOnLine(LBRACE) {
		open = p.tok.Pos
		p.next()
		return open, true
	}
	// The body starts where the brace should have been, so that it stays
	// inside the declaration even when it turns out empty.
	return p.here().Start, false
}

// closeDeclBody consumes the `}` of a body opened by openDeclBody; a body
// without its `{` takes a `}` if there is one, silently.
func (p *parser) closeDeclBody(open Pos, braced bool, what string) {
	if braced {
		p.expectCloseBrace(open, what)
		return
	}
	p.got(RBRACE)
}

// findOnLine skips the rest of the current line up to a token of one of
// the kinds, leaving it current and returning true; it stops (false) at a
// new line, `}`, the end of the file or a declaration keyword.
func (p *parser) findOnLine(kinds ...Kind) bool {
	for {
		for _, k := range kinds {
			if p.tok.Kind == k {
				return true
			}
		}
		switch {
		case p.tok.Kind == EOF, p.tok.Kind == RBRACE, isDeclKeyword(p.tok.Kind), p.tok.NewlineBefore:
			return false
		}
		p.next()
	}
}

// parseService parses `[commutative] service Name { sigs }`.
func (p *parser) parseService() Decl {
	start := p.tok.Pos
	d := &ServiceDecl{Commutative: p.got(COMMUTATIVE)}
	p.next() // service
	d.Name = p.parseIdent("expected service name after 'service'")
	open, braced := p.openDeclBody("expected '{' after service name")
	for p.tok.Kind != RBRACE && p.tok.Kind != EOF && !p.declLine() &&
		!(p.tok.Kind == COMMUTATIVE && p.peek(1).Kind == SERVICE) {
		if p.got(SEMICOLON) || p.got(COMMA) {
			continue
		}
		i, errs := p.i, p.errs
		if m := p.parseMethodSig(); m != nil {
			d.Methods = append(d.Methods, m)
		}
		if p.errs != errs {
			p.syncItem()
		}
		if p.i == i {
			p.next()
		}
	}
	p.closeDeclBody(open, braced, "service body")
	d.Span = p.spanFrom(start)
	return d
}

// parseMethodSig parses `[commutative] [emission] [async] fn name(params)
// [-> T]`, modifiers in any order. It returns nil when there is no `fn`.
func (p *parser) parseMethodSig() *MethodSig {
	start := p.tok.Pos
	m := &MethodSig{}
	last := ""
	for {
		var flag *bool
		switch p.tok.Kind {
		case COMMUTATIVE:
			flag = &m.Commutative
		case EMISSION:
			flag = &m.Emission
		case ASYNC:
			flag = &m.Async
		}
		if flag == nil {
			break
		}
		if *flag {
			p.errorExpected("expected each modifier at most once")
		}
		*flag = true
		last = p.tok.Lit
		p.next()
	}
	if p.tok.Kind != FN {
		if last != "" {
			p.errorExpected(fmt.Sprintf("expected 'fn' after '%s'", last))
		} else {
			p.errorAtTok("expected 'fn' in service body", "")
		}
		return nil
	}
	p.next()
	m.Name = p.parseIdent("expected method name after 'fn'")
	m.Params = p.parseParams("method name")
	m.Result = p.parseResult()
	m.Span = p.spanFrom(start)
	return m
}

// parseParams parses `(name [: T], ...)`; types are optional here and
// required or refused by the checker depending on where they appear.
func (p *parser) parseParams(after string) []*Param {
	if p.tok.Kind != LPAREN {
		p.errorExpected("expected '(' after " + after)
		return nil
	}
	open := p.tok.Pos
	p.next()
	mark := len(p.prms)
	p.list(RPAREN, open, "parameter list", func() {
		prm := p.params.new()
		prm.Name = p.parseIdent("expected parameter name")
		if p.got(COLON) {
			prm.Type = p.parseType("expected type after ':'")
		}
		prm.Span = p.spanFrom(prm.Name.Start) // the name may be a placeholder
		p.prms = append(p.prms, prm)
	}, ARROW, ASSIGN) // after a `)` is lost, resume at the result type or `= expr`
	return popList(&p.prmList, &p.prms, mark)
}

// parseResult parses an optional `-> T`.
func (p *parser) parseResult() TypeExpr {
	if !p.got(ARROW) {
		return nil
	}
	if p.tok.Kind == LBRACE && !(p.peek(1).Kind == IDENT && p.peek(2).Kind == COLON) {
		// `-> {` then no `name:`: the body, not a record type, so the
		// result type is missing.
		p.errorExpected("expected result type after '->'")
		return &BadType{Span: p.here()}
	}
	return p.parseType("expected result type after '->'")
}

// parseComponent parses
// `component Name [requires k: S, ...] [provides k: S, ...] { steps }`.
func (p *parser) parseComponent() Decl {
	start := p.tok.Pos
	p.next()
	d := &ComponentDecl{Name: p.parseIdent("expected component name after 'component'")}
	// The message for a missing '{', constant so that no declaration
	// pays for building it.
	missing := "expected '{' after component name"
	var seenReq, seenProv bool
	for p.tok.Kind == REQUIRES || p.tok.Kind == PROVIDES {
		kw := *p.tok
		seen := &seenReq
		if kw.Kind == PROVIDES {
			seen = &seenProv
		}
		if *seen {
			p.errorAt(kw.Span(), fmt.Sprintf("expected at most one '%s' clause, found a second one", kw.Lit))
		}
		*seen = true
		p.next()
		list := p.parseBindings(kw.Lit)
		if kw.Kind == REQUIRES {
			d.Requires = append(d.Requires, list...)
		} else {
			d.Provides = append(d.Provides, list...)
		}
		missing = "expected '{' after 'provides' clause"
		if kw.Kind == REQUIRES {
			missing = "expected '{' after 'requires' clause"
		}
	}
	open, braced := p.openDeclBody(missing)
	stmts := p.parseStmtList()
	p.closeDeclBody(open, braced, "component body")
	d.Body = &Block{Span: p.spanFrom(open), Stmts: stmts}
	d.Span = p.spanFrom(start)
	return d
}

// parseBindings parses `k: S, ...` after requires or provides.
func (p *parser) parseBindings(kw string) []*KeyBinding {
	var list []*KeyBinding
	after := "'" + kw + "'"
	for {
		if p.tok.Kind != IDENT {
			p.errorExpected("expected key after " + after)
			return list
		}
		key := p.ident()
		if !p.expectf(COLON, "expected ':' after key '%s'", key.Name) {
			return list
		}
		svc := p.parseIdent(msgUnless(p.tok.Kind == IDENT, "expected service name after '%s:'", key.Name))
		list = append(list, &KeyBinding{Span: p.spanFrom(key.Start), Key: key, Service: svc})
		if !p.got(COMMA) {
			return list
		}
		after = "','"
	}
}

// parseTypeDecl parses `type Name = T`.
func (p *parser) parseTypeDecl() Decl {
	start := p.tok.Pos
	p.next()
	d := &TypeDecl{Name: p.parseIdent("expected type name after 'type'")}
	if p.expectf(ASSIGN, "expected '=' after type name '%s'", d.Name.Name) {
		d.Type = p.parseTypeRHS()
	} else {
		d.Type = &BadType{Span: p.here()}
	}
	d.Span = p.spanFrom(start)
	return d
}

// parseFnDecl parses `fn name(params) [-> T] { stmts }` or `... = expr`.
func (p *parser) parseFnDecl() Decl {
	start := p.tok.Pos
	p.next()
	d := &FnDecl{Name: p.parseIdent("expected function name after 'fn'")}
	d.Params = p.parseParams("function name")
	d.Result = p.parseResult()
	d.Body, d.ExprBody = p.parseFnBody("expected '{' or '=' after function signature", "function body")
	d.Span = p.spanFrom(start)
	return d
}

// parseFnBody parses the body of a function or method: `= expr` or a
// block. After a broken signature it resumes at whichever of `=` and `{`
// comes first on the line, and a block whose `{` is missing altogether is
// parsed up to its `}` as if the brace were there.
func (p *parser) parseFnBody(msg, what string) (*Block, Expr) {
	if p.tok.Kind != ASSIGN && p.tok.Kind != LBRACE {
		p.errorExpected(msg)
		if startsExpr(p.tok.Kind) && !p.tok.NewlineBefore {
			return nil, p.parseExpr() // `fn f() -> Int 1`: the `=` is missing
		}
		p.findOnLine(ASSIGN, LBRACE)
	}
	if p.got(ASSIGN) {
		return nil, p.parseExprOr("expected expression after '='")
	}
	open, braced := p.openDeclBody("")
	stmts := p.parseStmtList()
	p.closeDeclBody(open, braced, what)
	return &Block{Span: p.spanFrom(open), Stmts: stmts}, nil
}

// parseTest parses `test "name" { ... }`; start is that of the whole
// declaration (the `lifecycle`/`fault` word when present), p.tok is `test`.
func (p *parser) parseTest(start Pos, kind TestKind) Decl {
	p.next()
	d := &TestDecl{Kind: kind}
	if p.tok.Kind == STRING {
		d.Name = &StringLit{Span: p.tok.Span(), Value: p.tok.Value}
		p.next()
	} else {
		p.errorExpected("expected test name string after 'test'")
		d.Name = &StringLit{Span: p.here()}
	}
	if kind == FaultTest {
		p.parseFaultHead(d)
		open, braced := p.openDeclBody("expected '{' after the fault test's component")
		stmts := p.parseFaultClauses()
		p.closeDeclBody(open, braced, "fault test body")
		d.Body = &Block{Span: p.spanFrom(open), Stmts: stmts}
		d.Span = p.spanFrom(start)
		return d
	}
	if kind != PureTest {
		p.setHarness(true)
	}
	open, braced := p.openDeclBody("expected '{' after test name")
	stmts := p.parseStmtList()
	p.closeDeclBody(open, braced, "test body")
	if kind != PureTest {
		p.setHarness(false)
	}
	d.Body = &Block{Span: p.spanFrom(open), Stmts: stmts}
	d.Span = p.spanFrom(start)
	return d
}

// parseIdent parses a name, or reports msg and returns a zero-width
// placeholder named "_" (as go/parser does).
func (p *parser) parseIdent(msg string) *Ident {
	if p.tok.Kind == IDENT {
		return p.ident()
	}
	p.errorExpected(msg)
	return &Ident{Span: p.here(), Name: "_"}
}

// ident consumes the current token as an Ident.
//
// Identifiers are a third of the nodes, so they are allocated in blocks:
// one allocation per identBlock of them.
func (p *parser) ident() *Ident {
	if p.identsUsed == len(p.idents) {
		p.idents, p.identsUsed = make([]Ident, identBlock), 0
	}
	id := &p.idents[p.identsUsed]
	p.identsUsed++ // (not p.idents[1:]: see block)
	id.Span, id.Name = p.tok.Span(), p.tok.Lit
	p.next()
	return id
}

const identBlock = 64
