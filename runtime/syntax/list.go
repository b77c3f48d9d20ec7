package syntax

import "fmt"

// list parses `item, item, ...` up to close, whose opener (at open) is
// already consumed; a trailing comma is allowed. When an item fails, or
// the separator is wrong, it reports once and skips to the closer so that
// the enclosing construct resumes on balanced brackets.
func (p *parser) list(close Kind, open Pos, what string, item func()) {
	for p.tok.Kind != close && p.tok.Kind != EOF {
		if p.closerForgotten() {
			break
		}
		i, errs := p.i, p.errs
		item()
		if p.errs != errs || p.i == i {
			p.skipTo(close)
			return
		}
		if p.got(COMMA) {
			continue
		}
		if p.tok.Kind == close {
			break
		}
		if p.tok.NewlineBefore || p.closerForgotten() || p.tok.Kind == LBRACE {
			// The closer was forgotten, not a comma.
			p.expectClose(close, open, what)
		} else {
			p.errorExpected(fmt.Sprintf("expected ',' or '%s' in %s", close, what))
		}
		p.skipTo(close)
		return
	}
	p.expectClose(close, open, what)
}

// closerForgotten reports a token that cannot be inside a bracketed list
// and shows that its closer is missing: `}`, the end of the file, a
// declaration keyword, or a statement keyword starting a line.
func (p *parser) closerForgotten() bool {
	k := p.tok.Kind
	return k == RBRACE || k == EOF || p.tok.NewlineBefore && (isStmtKeyword(k) || k == FN || isDeclKeyword(k))
}

// fieldList parses the fields of a record literal, a record type or a
// config block up to `}` (the `{` at open already consumed). Fields are
// separated by commas and/or newlines. A line that starts with a statement
// or declaration keyword ends the list: the `}` was forgotten.
func (p *parser) fieldList(open Pos, what string, field func()) {
	for p.tok.Kind != RBRACE && p.tok.Kind != EOF {
		if p.tok.Kind != RBRACE && p.closerForgotten() {
			break
		}
		if p.got(COMMA) {
			continue
		}
		i, errs := p.i, p.errs
		field()
		if p.errs != errs || p.i == i {
			p.skipTo(RBRACE)
			return
		}
		switch {
		case p.got(COMMA), p.tok.Kind == RBRACE, p.tok.NewlineBefore:
		default:
			p.errorExpected(fmt.Sprintf("expected ',' or '}' in %s", what))
			p.skipTo(RBRACE)
			return
		}
	}
	p.expectCloseBrace(open, what)
}

// fieldName parses the name that starts a field, reporting at the token
// (a field starts a line as often as not) and returning nil when absent.
func (p *parser) fieldName(what string) *Ident {
	if p.tok.Kind == IDENT {
		return p.ident()
	}
	p.errorAtTok("expected "+what+" name", "")
	return nil
}
