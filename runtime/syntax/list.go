package syntax

import (
	"fmt"
	"slices"
)

// list parses `item, item, ...` up to close, whose opener (at open) is
// already consumed; a trailing comma is allowed. An item that fails but is
// followed by a comma does not stop the list. Otherwise a wrong separator
// or a failed item is reported once and the list skips to the closer (or
// to one of the extra stops, see skipTo), so that the enclosing construct
// resumes on balanced brackets.
func (p *parser) list(close Kind, open Pos, what string, item func(), stops ...Kind) {
	for p.tok.Kind != close && p.tok.Kind != EOF {
		if p.closerForgotten() {
			break
		}
		i, errs := p.i, p.errs
		item()
		if p.got(COMMA) {
			continue
		}
		if p.tok.Kind == close {
			break
		}
		if p.errs == errs && p.i != i {
			if p.tok.NewlineBefore || p.closerForgotten() || p.tok.Kind == LBRACE || slices.Contains(stops, p.tok.Kind) {
				// The closer was forgotten, not a comma.
				p.expectClose(close, open, what)
			} else {
				p.errorExpected(fmt.Sprintf("expected ',' or '%s' in %s", close, what))
			}
		}
		p.skipTo(close, stops...)
		return
	}
	p.expectClose(close, open, what)
}

// closerForgotten reports a token that cannot be inside a bracketed list
// and shows that its closer is missing: `}`, the end of the file, or a
// statement, function or declaration keyword starting a line.
func (p *parser) closerForgotten() bool {
	k := p.tok.Kind
	return k == RBRACE || k == EOF || p.tok.NewlineBefore && (isStmtKeyword(k) || k == FN || isDeclKeyword(k))
}

// fieldList parses the fields of a record literal, a record type or a
// config block up to `}` (the `{` at open already consumed, unless braced
// is false: a config block missing its `{`). Fields are separated by
// commas and/or newlines. A line that reads as a statement rather than a
// field ends the list: the `}` was forgotten.
func (p *parser) fieldList(open Pos, braced bool, what string, field func()) {
	for p.tok.Kind != RBRACE && p.tok.Kind != EOF {
		if p.closerForgotten() || p.tok.NewlineBefore && p.lineIsStmt() {
			break
		}
		if p.got(COMMA) {
			continue
		}
		i, errs := p.i, p.errs
		field()
		switch {
		case p.i == i:
		case p.got(COMMA), p.tok.Kind == RBRACE, p.tok.NewlineBefore:
			continue
		case p.errs == errs:
			p.errorExpected(fmt.Sprintf("expected ',' or '}' in %s", what))
		}
		p.skipTo(RBRACE)
		return
	}
	if braced {
		p.expectCloseBrace(open, what)
	} else {
		p.got(RBRACE)
	}
}

// lineIsStmt reports whether the current token, starting a line inside a
// field list, rather starts a statement: a name followed by `(`, `.`, `=`
// or `[`, or `assert`.
func (p *parser) lineIsStmt() bool {
	if p.tok.Kind != IDENT {
		return false
	}
	switch p.peek(1).Kind {
	case LPAREN, PERIOD, ASSIGN, LBRACK:
		return true
	}
	return p.tok.Lit == "assert"
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
