package syntax

// The revl parser: hand-written recursive descent over the token slice
// produced by Scan, with one or two tokens of lookahead and one linear
// look-ahead scan (`match`, below).
//
// Grammar (spec §2–3; `[x]` optional, `{x}` repeated, `|` alternatives):
//
//	File       = { Decl [";"] } .
//	Decl       = ["commutative"] "service" Name "{" { MethodSig [";" | ","] } "}"
//	           | "type" Name "=" ( Union | Type )
//	           | "component" Name { ("requires" | "provides") Binding {"," Binding} } Block
//	           | "fn" Name Params ["->" Type] ( Block | "=" Expr )
//	           | ["lifecycle" | "fault"] "test" String Block .
//	MethodSig  = { "commutative" | "emission" | "async" } "fn" Name Params ["->" Type] .
//	Params     = "(" [ Name [":" Type] { "," Name [":" Type] } [","] ] ")" .
//	Binding    = Name ":" Name .
//	Union      = ["|"] Variant { "|" Variant } .   // a name followed by ( or |
//	Variant    = Name [ "(" Type { "," Type } [","] ")" ] .
//	Type       = ( Name [ "[" Type { "," Type } [","] "]" ] | "{" Fields "}" ) { "?" } .
//	Block      = "{" { Stmt ( ";" | newline ) } "}" .
//	Stmt       = "config" "{" { Name ":" Type ["=" Expr] (","|newline) } "}"
//	           | ("let" | "var") Name [":" Type] "=" Expr
//	           | ["let" Name "="] "effect" ( Expr | "{" {Stmt} "}" ) ["undo" Expr]
//	           | "emit" Call ["compensate" Call]
//	           | "fail" Expr
//	           | "if" "(" Expr ")" ( Block | "fail" Expr ) [ "else" ( Block | IfStmt ) ]
//	           | ("every" | "after") Duration Block
//	           | "provide" Name "{" { "fn" Name Params ["->" Type] ( Block | "=" Expr ) } "}"
//	           | "while" "(" Expr ")" Block
//	           | "for" "(" Name "of" Expr ")" Block
//	           | "return" [Expr]
//	           | "assert" ( Expr | "no_residue" )
//	           | "load" Name ["with" Record] | "unload" Name | "advance" Duration
//	           | Expr [ "=" Expr ] .
//	Expr       = Binary [ "?" Expr ":" Expr ] .
//	Binary     = Unary { BinOp Unary } .   // ?? < || < && < == != < < > <= >= < + - < * / %
//	Unary      = ("!" | "-" | "await") Unary | "call" Call | Postfix .
//	Postfix    = Primary { "." Name | "(" Args ")" | "[" Expr "]" } .
//	Args       = [ Arg { "," Arg } [","] ] .
//	Arg        = Name "=>" Expr | "(" [Name {"," Name}] ")" "=>" Expr | Expr .
//	Primary    = Name | "config" | literal | Template | "(" Expr ")"
//	           | "[" [Expr {"," Expr} [","]] "]" | Record
//	           | "match" Expr "{" { Pattern "=>" Expr (","|newline) } "}" .
//	Record     = "{" { Name ":" Expr (","|newline) } "}" .
//	Pattern    = "_" | Name | Name "(" Pattern {"," Pattern} ")" | ["-"] literal .
//
// Statement separation. The grammar is newline-insensitive: every construct
// is delimited by its own syntax, so an expression may span lines (a binary
// operator, `.`, `?`, `:`, `else`, `undo` and `compensate` may begin a
// continuation line). Newlines matter in exactly these places, each
// consulting Token.NewlineBefore:
//   - After a statement, the next token must be `;`, `}`, the end of the
//     file, or begin a new line: `let a = 1 let b = 2` is an error, so is
//     `let x = f g`. A statement that ends with `}` is exempt
//     (`if (a) { x = 1 } y = 2`).
//   - A `(` or `[` on a new line does not continue the previous expression
//     as a call or index: `f()` NL `(a)` is two statements.
//   - `return` followed by a new line (or `}` or `;`) is a bare return.
//   - `assert` is a statement keyword only when an expression starts on the
//     same line after it.
//   - Fields of records, record types and config blocks, and the arms of a
//     match, are separated by commas and/or newlines; call arguments, list
//     elements and parameters need commas (a trailing comma is allowed).
//     A match arm whose pattern starts with `-` must follow a comma, or it
//     would continue the previous arm's body as a subtraction.
//   - `;` is accepted (and ignored) between statements, declarations,
//     service methods and provide methods.
//
// Context words. Spec §1 makes `load unload call advance no_residue with`
// keywords inside lifecycle and fault test bodies only: the scanner emits
// them as IDENT and the parser promotes them while parsing such a body
// (there they cannot be used as names, except after `.`). Elsewhere they
// are names, but the shapes `load C`, `unload C`, `advance 5s` and
// `call k.m()`, which no valid program contains there, still parse as the
// steps so that the checker reports misplaced steps (see stepWord).
// `assert` and `match` are not reserved anywhere:
//   - `assert` at the start of a statement followed, on the same line, by a
//     token that can start an expression begins an AssertStmt (so `assert
//     (x)` asserts x, and a function named assert cannot be called as a
//     statement). Elsewhere `assert` is a name.
//   - `match` in operand position is a match expression when the tokens
//     after it read as an expression followed by `{` (see isMatch: a
//     linear token scan, no backtracking). Otherwise `match` is a name:
//     `match + 1`, `match(x)`, `let match = 1`.
//
// Other decisions:
//   - `effect` may follow `let x =` (EffectStmt.Name) and nothing else;
//     `var x = effect` and a typed `let x: T = effect` are errors. `undo` is
//     optional in the syntax: a missing undo is the checker's diagnostic.
//   - `effect { ... }` is always the block form (BlockExpr); its last
//     statement, when it is an expression statement, becomes Value.
//   - `if (c) fail E` is the only braceless if; `else` takes a block or
//     another if. `else` may follow a line break.
//   - A union type appears only right after `type X =`: it starts with an
//     optional `|`, or with a name followed by `(` or `|`. A single `A(T)`
//     is a one-case union; a bare `type X = A` is an alias (NamedType).
//   - Arrow functions are parsed only as call arguments. `T?` may repeat.
//     Parameter types are optional everywhere; the checker requires them
//     where the spec does.
//   - Modifiers of a service method (commutative, emission, async) are
//     accepted in any order, each at most once.
//   - A `{` at the start of a statement is an error (there are no bare
//     blocks); in expression position it starts a record literal.
//   - `fn` inside a statement list ends the list when it is at column 1 or
//     inside a provide block (the `}` before it was probably forgotten);
//     elsewhere it is a misplaced declaration and reported as such.
//
// Error recovery. Errors are values appended to a list; parsing goes on to
// the end of the file. A failed construct becomes a Bad* node or a partial
// node whose missing parts are Bad* nodes, zero-width placeholders just
// after the last good token, or, for names, an Ident named "_". After a
// statement (or declaration, service method, provide method) that reported
// an error, the parser skips to the next synchronization point: a new
// line, `;` or `}` at the same bracket depth, or a declaration keyword
// (service component type test lifecycle fault) that starts a line, at any
// depth. A bracketed list that fails skips to its own closing bracket
// first, so one bad argument does not unbalance the braces of the
// enclosing block. A forgotten `{` after a declaration header is reported
// once and the body is parsed as if it were there. To avoid cascades at
// most one diagnostic is kept per line (lexical errors included), no error
// is reported at a token the lexer already rejected, and the total is
// capped at maxDiags. Every loop consumes a token or exits; as a backstop
// the work is budgeted linearly in the input (tick), and nesting deeper
// than maxDepth stops the parse.

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

const (
	maxDiags      = 50   // diagnostics kept per file
	maxDepth      = 1000 // nesting of expressions, types, statements
	stepsPerToken = 64   // work budget (see tick)
)

// ParseFile parses one revl source file. It always returns a non-nil
// *File, whatever the input; the diagnostics (E-lex and E-syntax, sorted
// by position, at most 50) say what was wrong.
func ParseFile(filename string, src []byte) (*File, []Diagnostic) {
	f, diags, _ := parse(filename, src)
	return f, diags
}

// ParseFileAlone is ParseFile on one core: a large file is not cut into
// chunks parsed at once (parallel.go), so that work in the background
// leaves the other cores to the foreground's. The result is ParseFile's.
func ParseFileAlone(filename string, src []byte) (*File, []Diagnostic) {
	t, _ := parseTree(filename, src, nil, 0, true, true, nil)
	return t.File, t.Diags
}

// parse is ParseFile, also returning the parser for tests to inspect.
func parse(filename string, src []byte) (*File, []Diagnostic, *parser) {
	t, p := parseTree(filename, src, nil, 0, true, false, nil)
	return t.File, t.Diags, p
}

// fillTokens is how many tokens the parser asks the scanner for at a time,
// and compactTokens how many consumed tokens it lets pile up in its window
// before it drops them (at the start of a declaration).
const (
	fillTokens    = 256
	compactTokens = 1024
)

// newParser returns a parser that pulls its tokens from s.
func newParser(filename string, src []byte, s *scanner) *parser {
	return &parser{
		file:     filename,
		src:      src,
		sc:       s,
		toks:     s.toks,
		errLines: make(map[int32]bool),
	}
}

// decls parses declarations to the end of the file, appending them to
// f.Decls and, in t, the parser's state where each began (see Tree).
func (p *parser) decls(f *File, t *Tree) {
	for p.tok.Kind != EOF {
		if p.stop > 0 && int(p.tok.Pos.Offset) >= p.stop {
			return
		}
		p.compact()
		st := p.state() // taken before got reads on, which a restart repeats
		if p.tail != nil && p.tok.Kind != SEMICOLON && p.tail.stop(p, st) {
			return // (before got, whose step the parse on repeats)
		}
		if p.got(SEMICOLON) {
			continue
		}
		start, errs := p.i, p.errs
		if !t.once {
			t.states = append(t.states, st)
		}
		d := p.parseDecl()
		if p.errs != errs {
			p.syncDecl()
		}
		if p.i == start {
			p.next() // a token no rule wanted: already reported
		}
		if b, ok := d.(*BadDecl); ok {
			b.Span = p.spanFrom(b.Start) // cover what recovery skipped
		}
		f.Decls = append(f.Decls, d)
	}
}

// finish completes f and t once the parser is at the end of the file.
func (p *parser) finish(f *File, t *Tree) {
	eof := p.toks[len(p.toks)-1]
	f.Span = Span{Start: Pos{Offset: 0, Line: 1, Col: 1}, End: eof.End}
	f.Comments = p.sc.comments
	t.File = f
	t.lex = p.sc.diags
	t.syn = p.diags
	t.ntoks = p.base + len(p.toks)
	t.bailed = p.bailed
	t.steps = p.steps
	t.Diags = mergeDiags(t.lex, t.syn)
}

// mergeDiags is a file's diagnostics as ParseFile returns them: the
// scanner's and the parser's in the order of their positions, at most
// maxDiags.
func mergeDiags(lex, syn []Diagnostic) []Diagnostic {
	diags := make([]Diagnostic, 0, len(lex)+len(syn))
	diags = append(append(diags, lex...), syn...)
	SortDiagnostics(diags)
	if len(diags) > maxDiags {
		diags = diags[:maxDiags]
	}
	return diags
}

type parser struct {
	file string
	src  []byte
	// The tokens come from sc as the parser needs them (sc nil: toks holds
	// them all). toks is a window of them: toks[0] is token number base,
	// and consumed tokens are dropped between declarations (compact).
	sc      *scanner
	toks    []Token // the last one is EOF once sc is done
	base    int
	lexSeen int // lexical diagnostics already entered in errLines
	maxSeen int // the furthest token read, for the reuse rule of Tree,
	seenEnd int // and its end offset
	i       int // number of tok among all the tokens
	// tok is the current token, lifecycle words promoted: it points into
	// toks, or at promo for a promoted word. A pointer, not a copy: a
	// token holds strings, and copying one into the parser on every step
	// cost write barriers while the collector ran.
	tok   *Token
	promo Token

	idents     []Ident // a block of identifiers to hand out (see ident)
	identsUsed int     // and how many of them are handed out
	// Blocks of the other common nodes and a slab of argument lists, and
	// the stack the lists are gathered on (see alloc.go).
	calls    block[CallExpr]
	sels     block[SelectorExpr]
	strs     block[StringLit]
	ints     block[IntLit]
	exprSlab slab[Expr]
	argStack []Expr
	named    block[NamedType]
	binaries block[BinaryExpr]
	params   block[Param]
	lets     block[LetStmt]
	stmtList slab[Stmt]
	stmts    []Stmt // the stack statement lists are gathered on
	prmList  slab[*Param]
	prms     []*Param // and parameter lists
	prev     prevTok  // the last consumed token

	harness    bool // inside a lifecycle or fault test body
	provide    int  // inside a provide block (see stmtListEnd)
	thenBlock  bool // the next body parsed is an if's then-block
	elseCloses bool // `else` ends the current statement list

	diags    []Diagnostic
	errs     int            // error events, reported or suppressed
	errLines map[int32]bool // lines that already have a diagnostic

	depth  int  // current nesting of expressions, types, statements
	steps  int  // token reads so far (see tick)
	budget int  // steps allowed before the parse is abandoned
	bailed bool // a limit was hit: the parse jumped to EOF

	// The parser of one chunk of a file parsed on several cores (see
	// parseChunks) stops at the first declaration at or after stop (0:
	// none), and keeps where it began.
	stop  int
	chunk chunkStart
	// The parse of an edited text looks for where it can stop and move
	// the old tree's declarations instead (move.go).
	tail *tail
}

// at returns token i, promoting lifecycle words inside test bodies.
func (p *parser) at(i int) Token {
	for i-p.base >= len(p.toks) && p.sc != nil && !p.sc.done {
		p.fill()
	}
	j := i - p.base
	if j >= len(p.toks) {
		j = len(p.toks) - 1
		i = p.base + j
	}
	t := p.toks[j]
	if i > p.maxSeen {
		p.maxSeen, p.seenEnd = i, max(p.seenEnd, int(t.End.Offset))
	}
	if p.harness && t.Kind == IDENT {
		if k := harnessWord(t.Lit); k != 0 {
			t.Kind = k
		}
	}
	return t
}

// fill scans more tokens into the window. The lines of any new lexical
// diagnostics join errLines, and the step budget grows with the tokens.
func (p *parser) fill() {
	p.sc.scanMore(fillTokens)
	p.toks = p.sc.toks
	for _, d := range p.sc.diags[p.lexSeen:] {
		p.errLines[d.Span.Start.Line] = true
	}
	p.lexSeen = len(p.sc.diags)
	p.budget = stepsPerToken * (p.base + len(p.toks) + 16)
}

// scanThrough scans at least to the end of line l, so that errLines knows
// every lexical diagnostic on it.
func (p *parser) scanThrough(l int) {
	for p.sc != nil && !p.sc.done && p.sc.line <= l {
		p.fill()
	}
}

// compact drops the consumed tokens from the window, keeping those of the
// current line (openBeforeOnLine reads back to its start).
func (p *parser) compact() {
	if p.sc == nil || p.i-p.base < compactTokens {
		return
	}
	keep := p.i
	for keep > p.base && !p.toks[keep-p.base].NewlineBefore {
		keep--
	}
	n := copy(p.toks, p.toks[keep-p.base:])
	p.toks = p.toks[:n] // (the slots past n are overwritten as tokens come)
	p.sc.toks = p.toks
	p.base = keep
	p.tok = p.cur(p.i) // it pointed into the part that moved
}

// prevTok is what the parser keeps of the last consumed token.
type prevTok struct {
	Kind Kind
	End  Pos
}

// cur is at for the current token: a pointer to it in the window, or to
// promo when a lifecycle word is promoted.
func (p *parser) cur(i int) *Token {
	for i-p.base >= len(p.toks) && p.sc != nil && !p.sc.done {
		p.fill()
	}
	j := i - p.base
	if j >= len(p.toks) {
		j = len(p.toks) - 1
		i = p.base + j
	}
	t := &p.toks[j]
	if i > p.maxSeen {
		p.maxSeen, p.seenEnd = i, max(p.seenEnd, int(t.End.Offset))
	}
	if p.harness && t.Kind == IDENT {
		if k := harnessWord(t.Lit); k != 0 {
			p.promo = *t
			p.promo.Kind = k
			return &p.promo
		}
	}
	return t
}

func (p *parser) peek(n int) Token {
	p.tick()
	return p.at(p.i + n)
}

func (p *parser) next() {
	if p.tok.Kind == EOF || !p.tick() {
		return
	}
	p.prev = prevTok{p.tok.Kind, p.tok.End}
	p.i++
	p.tok = p.cur(p.i)
}

// setHarness switches lifecycle-word promotion and re-reads the current
// token, which was fetched under the old mode.
func (p *parser) setHarness(on bool) {
	p.harness = on
	p.tok = p.cur(p.i)
}

func (p *parser) got(k Kind) bool {
	if p.tick() && p.tok.Kind == k {
		p.next()
		return true
	}
	return false
}

// spanFrom is the span from start to the end of the last consumed token,
// never inverted even when nothing was consumed since start.
func (p *parser) spanFrom(start Pos) Span {
	end := p.prev.End
	if end.Offset < start.Offset {
		end = start
	}
	return Span{start, end}
}

// here is the zero-width span where a missing part would have been: just
// after the last consumed token. Placing placeholders there (rather than
// at the next token, maybe lines below) keeps every child inside its
// parent's span.
func (p *parser) here() Span {
	if p.prev.End.Line == 0 {
		return p.at0()
	}
	return Span{p.prev.End, p.prev.End}
}

// at0 is the zero-width span at the start of the current token, for a
// Bad node standing for a statement or declaration that starts there.
func (p *parser) at0() Span { return Span{p.tok.Pos, p.tok.Pos} }

// ---------------------------------------------------------------------------
// Diagnostics

// report records an E-syntax diagnostic unless its line already has one
// (the first error on a line is the cause; later ones are most often its
// consequences) or the cap is reached.
func (p *parser) report(span Span, msg string, related ...Related) {
	p.scanThrough(int(span.Start.Line))
	if span.Start.Line > 0 && int(span.Start.Offset) <= len(p.src) {
		// Whether the report is kept depends on the lexical diagnostics
		// of its whole line: for Tree, the parser has read to its end.
		end := len(p.src)
		if nl := bytes.IndexByte(p.src[span.Start.Offset:], '\n'); nl >= 0 {
			end = int(span.Start.Offset) + nl
		}
		p.seenEnd = max(p.seenEnd, end)
	}
	if p.errLines[span.Start.Line] || len(p.diags) >= maxDiags {
		return
	}
	p.errLines[span.Start.Line] = true
	p.diags = append(p.diags, Diagnostic{
		File:     p.file,
		Span:     span,
		Severity: SeverityError,
		Code:     "E-syntax",
		Message:  msg,
		Related:  related,
	})
}

// errorExpected reports `<msg>, found <X>` where X is the current token,
// which should have continued the construct being parsed. msg names what
// was expected ("expected ')' after if condition"). When X begins a new
// line the report goes at the end of the previous line, found "end of
// line": that is where something is missing. Nothing is reported at a
// token the lexer already rejected.
func (p *parser) errorExpected(msg string, related ...Related) {
	p.errs++
	if p.tok.Bad {
		return
	}
	if p.tok.NewlineBefore && p.tok.Kind != EOF && p.prev.End.Line > 0 {
		at := p.prev.End
		p.report(Span{at, at}, msg+", found end of line", related...)
		return
	}
	p.report(p.tok.Span(), msg+", found "+p.found(), related...)
}

// errorAtTok reports `<msg>, found <X><note>` at the current token X, for
// a token that starts something (a declaration, a statement, an item of a
// body) of a kind the parser cannot take there.
func (p *parser) errorAtTok(msg, note string, related ...Related) {
	p.errs++
	if p.tok.Bad {
		return
	}
	p.report(p.tok.Span(), msg+", found "+p.found()+note, related...)
}

func (p *parser) found() string { return describe(*p.tok) }

// errorAt reports msg at span (for errors about a node already parsed).
func (p *parser) errorAt(span Span, msg string) {
	p.errs++
	p.report(span, msg)
}

// describe names a token for a message: quoted source text, shortened.
func describe(t Token) string {
	if t.Kind == EOF {
		return "end of file"
	}
	switch {
	case t.Lit == "": // a synthetic token
		return "end of line"
	case t.Kind == TMPLMID || t.Kind == TMPLTAIL:
		return "'}'" // the end of a `${ }`, where the parser stopped
	}
	return quote(t.Lit)
}

func quote(s string) string {
	const max = 24
	if len(s) > max {
		cut := max - 4
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + "..."
	}
	return "'" + s + "'"
}

// srcOf quotes the source text of a node, for "found" in messages about
// a whole expression.
func (p *parser) srcOf(n Node) string {
	sp := n.Range()
	if sp.Start.Offset >= sp.End.Offset || int(sp.End.Offset) > len(p.src) {
		return describe(*p.tok)
	}
	return quote(string(p.src[sp.Start.Offset:sp.End.Offset]))
}

func (p *parser) expect(k Kind, msg string) bool {
	if p.tok.Kind == k {
		p.next()
		return true
	}
	p.errorExpected(msg)
	return false
}

// expectf is expect with the message formatted only when it is needed:
// most tokens are what the grammar expects, and formatting every message
// was a twentieth of the parse. The arguments are strings (%s).
func (p *parser) expectf(k Kind, format string, args ...string) bool {
	if p.tok.Kind == k {
		p.next()
		return true
	}
	p.errorExpected(sprintf(format, args))
	return false
}

// msgUnless is the message format(args) when the current token cannot
// start what the caller parses next (ok false), and "" otherwise: the
// callee reports its message only in that case.
func msgUnless(ok bool, format string, args ...string) string {
	if ok {
		return ""
	}
	return sprintf(format, args)
}

func sprintf(format string, args []string) string {
	as := make([]any, len(args))
	for i, a := range args {
		as[i] = a
	}
	return fmt.Sprintf(format, as...)
}

// expectClose consumes the closing `)` or `]` of a construct opened at
// open, or reports it missing with a pointer back to the opener.
func (p *parser) expectClose(k Kind, open Pos, what string) bool {
	if p.tok.Kind == k {
		p.next()
		return true
	}
	p.errorExpected(closeMsg(k, open, what), p.openerRelated(k, open))
	return false
}

// expectCloseBrace is expectClose for a `}`. A missing `}` is reported at
// the token found instead (often the next declaration), not at the end of
// the previous line: blocks span lines, so that is where the reader looks.
func (p *parser) expectCloseBrace(open Pos, what string) bool {
	if p.tok.Kind == RBRACE {
		p.next()
		return true
	}
	p.errorAtTok(closeMsg(RBRACE, open, what), "", p.openerRelated(RBRACE, open))
	return false
}

func closeMsg(k Kind, open Pos, what string) string {
	return fmt.Sprintf("expected '%s' to close %s opened at %d:%d", k, what, open.Line, open.Col)
}

func (p *parser) openerRelated(k Kind, open Pos) Related {
	opener := map[Kind]string{RPAREN: "(", RBRACK: "[", RBRACE: "{"}[k]
	return Related{
		File:    p.file,
		Span:    Span{open, Pos{Offset: open.Offset + 1, Line: open.Line, Col: open.Col + 1}},
		Message: "'" + opener + "' opened here",
	}
}

// ---------------------------------------------------------------------------
// Nesting

// nest guards recursion; it returns false (after reporting once and
// jumping to the end of the file) when the input nests too deeply. A
// caller that gets true must call unnest.
func (p *parser) nest() bool {
	if p.bailed {
		return false
	}
	if p.depth >= maxDepth {
		p.bail(fmt.Sprintf("expected at most %d levels of nesting", maxDepth))
		return false
	}
	p.depth++
	return true
}

// tick counts a step of work and reports whether the budget allows it.
// Every loop of the parser reads a token through next, got or peek, and
// the budget is linear in the number of tokens, so the parse terminates
// whatever the input, even if a recovery path failed to make progress:
// that would be a bug, reported as such rather than hanging the caller.
func (p *parser) tick() bool {
	p.steps++
	for p.steps > p.budget && p.sc != nil && !p.sc.done {
		p.fill() // the budget is per token of the whole file
	}
	if p.steps <= p.budget {
		return true
	}
	if !p.bailed {
		p.bail("internal error: the parser exceeded its step budget; expected to finish")
	}
	return false
}

// bail reports msg at the current token and abandons the parse by jumping
// to the end of the file; every loop stops there.
func (p *parser) bail(msg string) {
	p.errorExpected(msg)
	p.bailed = true
	for p.sc != nil && !p.sc.done {
		p.fill()
	}
	p.i = p.base + len(p.toks) - 1
	p.tok = p.cur(p.i)
}

func (p *parser) unnest() { p.depth-- }

// ---------------------------------------------------------------------------
// Token classes

// isDeclKeyword reports a keyword that only ever starts a declaration:
// at the start of a line, every recovery stops at it whatever the nesting.
func isDeclKeyword(k Kind) bool {
	switch k {
	case SERVICE, COMPONENT, TYPE, TEST, LIFECYCLE, FAULT:
		return true
	}
	return false
}

// declLine reports a declaration keyword at the start of a line (or of
// the file): where recovery at any depth stops and statement lists end. A
// declaration keyword in mid-line is more likely a reserved word misused
// as a name (`{type: 1}`) and is skipped like any other token.
func (p *parser) declLine() bool {
	return isDeclKeyword(p.tok.Kind) && (p.tok.NewlineBefore || p.i == 0)
}

// atDeclStart reports whether the current token starts a declaration.
func (p *parser) atDeclStart() bool {
	switch p.tok.Kind {
	case FN:
		return true
	case COMMUTATIVE:
		return p.peek(1).Kind == SERVICE
	}
	return isDeclKeyword(p.tok.Kind)
}

func startsExpr(k Kind) bool {
	switch k {
	case IDENT, INT, FLOAT, DURATION, STRING, TEMPLATE, TMPLHEAD,
		LPAREN, LBRACK, LBRACE, NOT, SUB, TRUE, FALSE, NULL,
		AWAIT, CONFIG, CALL, ILLEGAL:
		return true
	}
	return false
}

// ---------------------------------------------------------------------------
// Recovery

// syncDecl skips to the start of the next declaration: a declaration
// keyword that starts a line, at any depth, or any declaration start
// (also `fn` and `commutative service`) outside braces.
func (p *parser) syncDecl() {
	depth := 0
	for p.tok.Kind != EOF {
		switch {
		case p.declLine():
			return
		case depth == 0 && p.atDeclStart():
			return
		case p.tok.Kind == LBRACE:
			depth++
		case p.tok.Kind == RBRACE && depth > 0:
			depth--
		}
		p.next()
	}
}

// syncStmt skips what is left of a statement that reported an error: up
// to a new line, `;` (consumed) or `}` at depth 0, or a declaration
// keyword that starts a line.
func (p *parser) syncStmt() {
	depth := 0
	for p.tok.Kind != EOF && !p.declLine() {
		if depth == 0 {
			switch {
			case p.tok.NewlineBefore, p.tok.Kind == RBRACE:
				return
			case p.tok.Kind == SEMICOLON:
				p.next()
				return
			}
		}
		switch p.tok.Kind {
		case LBRACE, LPAREN, LBRACK:
			depth++
		case RBRACE, RPAREN, RBRACK:
			if depth > 0 {
				depth--
			}
		}
		p.next()
	}
}

// syncItem skips to the next item of a service or provide body: `fn` or a
// method modifier, or `}`, at depth 0.
func (p *parser) syncItem() {
	depth := 0
	for p.tok.Kind != EOF && !p.declLine() {
		if depth == 0 {
			switch p.tok.Kind {
			case RBRACE, FN, COMMUTATIVE, EMISSION, ASYNC:
				return
			}
		}
		switch p.tok.Kind {
		case LBRACE, LPAREN, LBRACK:
			depth++
		case RBRACE, RPAREN, RBRACK:
			if depth > 0 {
				depth--
			}
		}
		p.next()
	}
}

// skipTo skips to the bracket `close` that matches an opener already
// consumed, and consumes it. It gives up (returning false, consuming
// nothing more) at a point where the closer was evidently forgotten: a
// line starting with a declaration or statement keyword, for `)` and `]`
// a brace or `;` at depth 0, and any of the extra stops at depth 0.
func (p *parser) skipTo(close Kind, stops ...Kind) bool {
	depth := 0
	for p.tok.Kind != EOF && !p.declLine() {
		k := p.tok.Kind
		if depth == 0 {
			if k == close {
				p.next()
				return true
			}
			for _, s := range stops {
				if k == s {
					return false
				}
			}
			if p.tok.NewlineBefore && (isStmtKeyword(k) || k == FN) {
				return false
			}
			if close != RBRACE && (k == LBRACE || k == RBRACE || k == SEMICOLON) {
				return false
			}
		}
		switch k {
		case LBRACE, LPAREN, LBRACK:
			depth++
		case RBRACE, RPAREN, RBRACK:
			if depth > 0 {
				depth--
			}
		}
		p.next()
	}
	return false
}

// isStmtKeyword reports a keyword that starts a statement.
func isStmtKeyword(k Kind) bool {
	switch k {
	case LET, VAR, EFFECT, EMIT, FAIL, IF, EVERY, AFTER,
		PROVIDE, WHILE, FOR, RETURN, CONFIG, LOAD, UNLOAD, ADVANCE:
		return true
	}
	return false
}
