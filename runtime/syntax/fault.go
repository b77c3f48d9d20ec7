package syntax

// Fault tests (spec §9):
//
//	FaultTest = "fault" "test" String "for" Name ["with" Record] "{" { Clause } "}" .
//	Clause    = "fail" "at" ( "step" Int | "effect" Name )
//	          | "assert" ( "failed" | "no" "residue" | "no" "emissions"
//	                     | "inverses" "lifo" | "siblings" "unaffected" ) .
//
// The clause words are matched by spelling; none is reserved. How many
// clauses of each kind a test has is the checker's business.

// parseFaultHead parses `for C [with { f: v }]` after a fault test's name.
func (p *parser) parseFaultHead(d *TestDecl) {
	if p.tok.Kind == FOR || p.tok.Kind == IDENT && p.tok.Lit == "for" {
		p.next()
		d.For = p.parseIdent("expected component name after 'for'")
	} else {
		p.errorExpected("expected 'for' and the component under test after the fault test's name")
		d.For = &Ident{Span: p.here(), Name: "_"}
	}
	if p.tok.Kind == IDENT && p.tok.Lit == "with" {
		p.next()
		if p.tok.Kind == LBRACE {
			d.With = p.parseRecordLit()
		} else {
			p.errorExpected("expected '{' after 'with'")
		}
	}
}

// parseFaultClauses parses a fault test's clauses up to its closing brace.
func (p *parser) parseFaultClauses() []Stmt {
	var list []Stmt
	for !p.stmtListEnd() {
		if p.got(SEMICOLON) {
			continue
		}
		i, errs := p.i, p.errs
		s := p.parseFaultClause()
		if p.errs == errs {
			p.stmtEnd()
		}
		if p.errs != errs {
			p.syncStmt()
		}
		if p.i == i {
			p.next()
		}
		if b, ok := s.(*BadStmt); ok {
			b.Span = p.spanFrom(b.Start)
		}
		list = append(list, s)
	}
	return list
}

// word reports whether the current token is the identifier w.
func (p *parser) word(w string) bool { return p.tok.Kind == IDENT && p.tok.Lit == w }

func (p *parser) parseFaultClause() Stmt {
	start := p.tok.Pos
	const what = "expected a fault test clause: 'fail at step N', 'fail at effect NAME' or 'assert failed', " +
		"'assert no residue', 'assert no emissions', 'assert inverses lifo', 'assert siblings unaffected'"
	switch {
	case p.tok.Kind == FAIL:
		p.next()
		if !p.word("at") {
			p.errorExpected("expected 'at' after 'fail' in a fault test ('fail at step N' or 'fail at effect NAME')")
			return &BadStmt{Span: p.spanFrom(start)}
		}
		p.next()
		s := &FaultFailStmt{}
		switch {
		case p.word("step"):
			p.next()
			if p.tok.Kind != INT {
				p.errorExpected("expected a step number after 'fail at step'")
				return &BadStmt{Span: p.spanFrom(start)}
			}
			s.Step = literal(*p.tok).(*IntLit)
			p.next()
		case p.tok.Kind == EFFECT:
			p.next()
			s.Effect = p.parseIdent("expected the name of a 'let NAME = effect' binding after 'fail at effect'")
		default:
			p.errorExpected("expected 'step N' or 'effect NAME' after 'fail at'")
			return &BadStmt{Span: p.spanFrom(start)}
		}
		s.Span = p.spanFrom(start)
		return s
	case p.word("assert"):
		p.next()
		check := FaultCheck(0)
		pair := func(first, second string, c FaultCheck) {
			if check == 0 && p.word(first) && p.peek(1).Kind == IDENT && p.peek(1).Lit == second && !p.peek(1).NewlineBefore {
				p.next()
				p.next()
				check = c
			}
		}
		if p.word("failed") {
			p.next()
			check = CheckFailed
		}
		pair("no", "residue", CheckNoResidue)
		pair("no", "emissions", CheckNoEmissions)
		pair("inverses", "lifo", CheckInversesLIFO)
		pair("siblings", "unaffected", CheckSiblingsUnaffected)
		if check == 0 {
			hint := "expected 'failed', 'no residue', 'no emissions', 'inverses lifo' or 'siblings unaffected' after 'assert' in a fault test"
			if p.word("no_residue") {
				hint += " (a fault test writes 'no residue', two words)"
			}
			p.errorExpected(hint)
			return &BadStmt{Span: p.spanFrom(start)}
		}
		return &FaultAssertStmt{Span: p.spanFrom(start), Check: check}
	}
	p.errorAtTok(what, "")
	return &BadStmt{Span: p.at0()}
}
