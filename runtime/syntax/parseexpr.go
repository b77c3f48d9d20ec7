package syntax

import (
	"fmt"
	"strings"
)

// ExprError is what ParseExpr returns for an expression that does not
// parse: the first diagnostic, positioned in the expression (line 1,
// column 1 is its first byte), rendered `1:5: expected ...`. Diagnostics
// holds all of them, sorted by position.
type ExprError struct {
	Span        Span
	Msg         string
	Diagnostics []Diagnostic
}

func (e *ExprError) Error() string {
	return fmt.Sprintf("%d:%d: %s", e.Span.Start.Line, e.Span.Start.Col, e.Msg)
}

// ParseExpr parses src as one revl expression, as go/parser.ParseExpr
// does for Go: positions are relative to src, and anything after the
// expression is an error. The tree it returns on error may hold Bad nodes;
// use it only when the error is nil.
func ParseExpr(src string) (Expr, error) { return parseExprSrc(src, false) }

// ParseDebugExpr is ParseExpr that also reads `$name` as a name. The
// debugger binds such names to facts about the position it is stopped at
// ($decision, $tick, ...); no program can declare one, so they never
// shadow the program's names.
func ParseDebugExpr(src string) (Expr, error) { return parseExprSrc(src, true) }

func parseExprSrc(src string, dollar bool) (Expr, error) {
	s := &scanner{src: []byte(src), line: 1, tmplErrLine: -1, dollar: dollar}
	s.toks = make([]Token, 0, len(src)/3+4)
	s.run()
	p := &parser{
		src:      s.src,
		toks:     s.toks,
		errLines: make(map[int32]bool),
		budget:   stepsPerToken * (len(s.toks) + 16),
	}
	for _, d := range s.diags {
		p.errLines[d.Span.Start.Line] = true
	}
	p.tok = p.cur(0)
	x := p.parseExprOr("expected expression")
	if p.errs == 0 && p.tok.Kind != EOF {
		p.errorAtTok("expected end of expression", "")
	}
	diags := append(s.diags, p.diags...)
	if len(diags) == 0 && p.errs > 0 {
		// An error was suppressed (at a token the lexer rejected, or past
		// the cap): still an error.
		diags = append(diags, Diagnostic{Span: p.tok.Span(), Severity: SeverityError, Code: "E-syntax",
			Message: "expected expression, found " + p.found()})
	}
	if len(diags) == 0 {
		return x, nil
	}
	SortDiagnostics(diags)
	for i := range diags {
		diags[i].Message = strings.ReplaceAll(diags[i].Message, "end of file", "end of expression")
	}
	return x, &ExprError{Span: diags[0].Span, Msg: diags[0].Message, Diagnostics: diags}
}
