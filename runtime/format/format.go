package format

import (
	"bytes"
	"fmt"
	"strings"

	"revl.dev/debug/runtime/syntax"
)

// SyntaxError is returned by Source for a file that does not parse.
type SyntaxError struct {
	Diagnostics []syntax.Diagnostic
}

func (e *SyntaxError) Error() string {
	if len(e.Diagnostics) == 0 {
		return "syntax error"
	}
	msg := e.Diagnostics[0].Error()
	if n := len(e.Diagnostics) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d more)", n)
	}
	return msg
}

// Source formats one revl file. A file with syntax errors comes back as a
// *SyntaxError and is not formatted. The result is verified before it is
// returned: it must parse without diagnostics to the same tree as src (see
// Tree); if it does not, that is a bug in this package and Source returns
// an error rather than output that would change the program.
func Source(filename string, src []byte) ([]byte, error) {
	f, diags := syntax.ParseFile(filename, src)
	if len(diags) > 0 {
		return nil, &SyntaxError{Diagnostics: diags}
	}
	out := File(f)
	g, diags2 := syntax.ParseFile(filename, out)
	if len(diags2) > 0 {
		return nil, fmt.Errorf("%s: internal formatter error: the formatted file does not parse: %v", filename, diags2[0].Error())
	}
	if a, b := Tree(f), Tree(g); a != b {
		return nil, fmt.Errorf("%s: internal formatter error: the formatted file parses to a different tree", filename)
	}
	return out, nil
}

// File prints a parsed file in the canonical layout. f must come from
// syntax.ParseFile (it reads f.Src for the author's line breaks and blank
// lines, and f.Comments); a tree with parse errors prints, but not
// faithfully. Most callers want Source, which also verifies the result.
func File(f *syntax.File) []byte {
	p := newPrinter(f.Src, f.Comments)
	for _, d := range f.Decls {
		start := d.Range().Start.Offset
		p.flush(int(start), 0)
		if p.buf.Len() > 0 {
			p.linebreak(int(start))
		}
		p.bodyStart = false
		p.decl(d)
	}
	p.flush(len(f.Src)+1, 0)
	return p.finish()
}

// Node prints one node on one line, without comments: signatures, types
// and expressions for hovers and messages. Bodies are elided to `{ ... }`.
func Node(n syntax.Node) string {
	p := newPrinter(nil, nil)
	p.elide = true
	switch n := n.(type) {
	case syntax.Decl:
		p.decl(n)
	case syntax.Stmt:
		p.stmt(n)
	case syntax.Expr:
		p.expr(n)
	case syntax.TypeExpr:
		p.typ(n)
	case syntax.Pattern:
		p.pattern(n)
	case *syntax.MethodSig:
		p.methodSig(n)
	case *syntax.MethodImpl:
		p.methodImpl(n)
	case *syntax.Param:
		p.param(n)
	case *syntax.KeyBinding:
		p.binding(n)
	case *syntax.ConfigField:
		p.configField(n)
	case *syntax.Variant:
		p.variant(n)
	case *syntax.FieldType:
		p.fieldType(n)
	default:
		return ""
	}
	return strings.TrimSpace(string(p.finish()))
}

// printer writes the canonical layout. Comments are interleaved by source
// offset: before a node (or a closing bracket, or a list comma) is printed,
// every comment that starts before it in the source is written first.
type printer struct {
	src      []byte
	comments []*syntax.Comment // not yet printed, in source order
	elide    bool              // Node: print bodies as { ... }

	buf    bytes.Buffer
	indent int
	// lineHasContent is set once something other than indentation is on
	// the current output line.
	lineHasContent bool
	// needNL is set after a line comment: whatever comes next must start
	// a new line, or the comment would swallow it.
	needNL bool
	// bodyStart is set right after the `{` of a body laid out on several
	// lines: no blank line is kept before its first item.
	bodyStart bool
}

func newPrinter(src []byte, comments []*syntax.Comment) *printer {
	return &printer{src: src, comments: comments, bodyStart: true}
}

// finish returns the output with trailing white space removed from every
// line and exactly one final newline. Trailing blanks can come only from
// separators written before a comment forced a line break: strings and
// templates never span lines, so no line ends inside one.
func (p *printer) finish() []byte {
	lines := strings.Split(p.buf.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	out := strings.TrimRight(strings.Join(lines, "\n"), "\n")
	if out == "" {
		return nil
	}
	return []byte(out + "\n")
}

// write writes a token, first breaking the line if a comment requires it.
func (p *printer) write(s string) {
	if p.needNL {
		p.newline(p.indent + 1)
		s = strings.TrimLeft(s, " ")
	}
	p.buf.WriteString(s)
	if strings.TrimSpace(s) != "" {
		p.lineHasContent = true
	}
}

// sp writes the space between two tokens, unless a line break comes first.
func (p *printer) sp() {
	if !p.needNL && p.lineHasContent {
		p.buf.WriteByte(' ')
	}
}

func (p *printer) newline(indent int) {
	p.buf.WriteByte('\n')
	p.buf.WriteString(strings.Repeat("  ", max(indent, 0)))
	p.lineHasContent = false
	p.needNL = false
}

// linebreak starts the line of an item (a declaration, statement, method,
// field or arm) that starts at source offset off, keeping one blank line
// before it when the source had one.
func (p *printer) linebreak(off int) {
	blank := !p.bodyStart && p.blankBefore(off)
	p.bodyStart = false
	if blank {
		p.buf.WriteByte('\n')
	}
	p.newline(p.indent)
}

// flushTo is flush up to the offset of pos (a node's start or end).
func (p *printer) flushTo(pos syntax.Pos, extra int) { p.flush(int(pos.Offset), extra) }

// flush writes the comments that start before offset off. extra is the
// indentation added to an own-line comment: 0 between the items of a body,
// 1 inside an expression.
func (p *printer) flush(off, extra int) {
	for len(p.comments) > 0 && int(p.comments[0].Start.Offset) < off {
		c := p.comments[0]
		p.comments = p.comments[1:]
		text := strings.TrimRight(c.Text, " \t\r")
		switch {
		case p.trailing(c) && p.lineHasContent:
			// Drop a separator space already written (`f(a, ` ...).
			b := p.buf.Bytes()
			for len(b) > 0 && b[len(b)-1] == ' ' {
				b = b[:len(b)-1]
			}
			p.buf.Truncate(len(b))
			p.buf.WriteString(" " + text)
		case p.lineHasContent || p.needNL:
			blank := !p.bodyStart && p.blankBefore(int(c.Start.Offset))
			if blank {
				p.buf.WriteByte('\n')
			}
			p.newline(p.indent + extra)
			p.buf.WriteString(text)
		default:
			// The top of the file: nothing is written yet.
			p.buf.WriteString(text)
		}
		p.bodyStart = false
		p.lineHasContent = true
		p.needNL = true
	}
}

// trailing reports whether code precedes comment c on its source line.
func (p *printer) trailing(c *syntax.Comment) bool {
	for i := c.Start.Offset - 1; i >= 0 && int(i) < len(p.src); i-- {
		switch p.src[i] {
		case ' ', '\t', '\r':
			continue
		case '\n':
			return false
		}
		return true
	}
	return false
}

// blankBefore reports whether the source line holding offset off starts
// with off (only white space before it) and follows an empty line.
func (p *printer) blankBefore(off int) bool {
	if p.src == nil || off > len(p.src) {
		return false
	}
	i := off - 1
	for i >= 0 && (p.src[i] == ' ' || p.src[i] == '\t' || p.src[i] == '\r') {
		i--
	}
	if i < 0 || p.src[i] != '\n' {
		return false
	}
	// p.src[i] ends the previous line: is that line empty?
	j := i - 1
	for j >= 0 && (p.src[j] == ' ' || p.src[j] == '\t' || p.src[j] == '\r') {
		j--
	}
	return j >= 0 && p.src[j] == '\n'
}

// multiLine reports whether the author laid span out on several lines, or
// a comment inside it forces that.
func (p *printer) multiLine(s syntax.Span) bool {
	if p.src == nil {
		return false
	}
	return s.Start.Line != s.End.Line || p.hasComment(s)
}

func (p *printer) hasComment(s syntax.Span) bool {
	for _, c := range p.comments {
		if c.Start.Offset >= s.End.Offset {
			return false
		}
		if c.Start.Offset >= s.Start.Offset {
			return true
		}
	}
	return false
}

// sepOffset finds the separator byte sep in the source between two list
// items, skipping white space and comments; -1 when it is not there (a
// trailing-comma-free list, or no source).
func (p *printer) sepOffset(from, to int, sep byte) int {
	if p.src == nil || to > len(p.src) {
		return -1
	}
	for i := from; i < to; i++ {
		switch c := p.src[i]; {
		case c == sep:
			return i
		case c == '/' && i+1 < to && p.src[i+1] == '/':
			for i < to && p.src[i] != '\n' {
				i++
			}
		}
	}
	return -1
}

// list prints items separated by ", ". A comment that stood before a comma
// in the source is printed before it, so each line break stays at the
// token boundary where the author had one: the grammar is newline-sensitive
// at a few boundaries (see the parser), and only the author's are known to
// be safe.
func list[T syntax.Node](p *printer, items []T, print func(T)) {
	for i, it := range items {
		if i > 0 {
			if c := p.sepOffset(int(items[i-1].Range().End.Offset), int(it.Range().Start.Offset), ','); c >= 0 {
				p.flush(c, 1)
			}
			p.write(",")
			p.sp()
		}
		print(it)
	}
}

// body prints a braced list of items: on one line when the author wrote
// it so (items joined by oneSep), else one item per line, each followed by
// multiSep (match arms end with a comma, the last one too). empty is what
// an empty body prints as.
func body[T syntax.Node](p *printer, span syntax.Span, items []T, oneSep, multiSep, empty string, print func(T)) {
	p.flushTo(span.Start, 1)
	if p.needNL {
		// A comment ended the header line: the brace opens the next line
		// at the header's indentation, so the body still lines up.
		p.newline(p.indent)
	}
	if len(items) == 0 && !p.hasComment(span) {
		p.write(empty)
		return
	}
	if !p.multiLine(span) {
		p.write("{ ")
		for i, it := range items {
			if i > 0 {
				p.write(oneSep)
			}
			print(it)
		}
		p.write(" }")
		return
	}
	p.write("{")
	p.indent++
	p.bodyStart = true
	for _, it := range items {
		start := it.Range().Start.Offset
		p.flush(int(start), 0)
		p.linebreak(int(start))
		print(it)
		p.write(multiSep)
	}
	p.flushTo(span.End, 0)
	p.indent--
	p.bodyStart = false
	p.newline(p.indent)
	p.write("}")
}

// ---------------------------------------------------------------------------
// Declarations

func (p *printer) decl(d syntax.Decl) {
	p.flushTo(d.Range().Start, 1)
	switch d := d.(type) {
	case *syntax.ServiceDecl:
		if d.Commutative {
			p.write("commutative ")
		}
		p.write("service ")
		p.ident(d.Name)
		p.sp()
		body(p, d.Span, d.Methods, "; ", "", "{ }", p.methodSig)
	case *syntax.TypeDecl:
		p.write("type ")
		p.ident(d.Name)
		p.write(" = ")
		if u, ok := d.Type.(*syntax.UnionType); ok && len(u.Variants) == 1 && len(u.Variants[0].Fields) == 0 {
			// `type X = A` would be an alias: a one-case union without a
			// payload needs its leading bar.
			p.write("| ")
		}
		p.typ(d.Type)
	case *syntax.ComponentDecl:
		p.component(d)
	case *syntax.FnDecl:
		p.write("fn ")
		p.ident(d.Name)
		p.params(d.Params)
		p.result(d.Result)
		if d.Body != nil {
			p.sp()
			p.block(d.Body)
		} else {
			p.write(" = ")
			p.expr(d.ExprBody)
		}
	case *syntax.TestDecl:
		switch d.Kind {
		case syntax.LifecycleTest:
			p.write("lifecycle ")
		case syntax.FaultTest:
			p.write("fault ")
		}
		p.write("test ")
		p.expr(d.Name)
		if d.Kind == syntax.FaultTest {
			p.write(" for ")
			p.ident(d.For)
			if d.With != nil {
				p.write(" with ")
				p.expr(d.With)
			}
		}
		p.sp()
		p.block(d.Body)
	case *syntax.BadDecl:
		p.raw(d.Span)
	}
}

// raw prints the source of a node the parser could not read; only a tree
// with syntax errors has one, and Source never prints such a tree.
func (p *printer) raw(s syntax.Span) {
	if p.src != nil && int(s.End.Offset) <= len(p.src) && s.Start.Offset <= s.End.Offset {
		p.write(string(p.src[s.Start.Offset:s.End.Offset]))
	}
}

func (p *printer) component(d *syntax.ComponentDecl) {
	p.write("component ")
	p.ident(d.Name)
	clauses := []struct {
		kw   string
		list []*syntax.KeyBinding
	}{{"requires", d.Requires}, {"provides", d.Provides}}
	if len(d.Requires) > 0 && len(d.Provides) > 0 && d.Provides[0].Start.Offset < d.Requires[0].Start.Offset {
		clauses[0], clauses[1] = clauses[1], clauses[0] // keep the author's order
	}
	for _, c := range clauses {
		if len(c.list) == 0 {
			continue
		}
		p.flushTo(c.list[0].Start, 1)
		p.sp()
		p.write(c.kw + " ")
		list(p, c.list, p.binding)
	}
	p.sp()
	p.block(d.Body)
}

func (p *printer) binding(b *syntax.KeyBinding) {
	p.flushTo(b.Start, 1)
	p.ident(b.Key)
	p.write(": ")
	p.ident(b.Service)
}

func (p *printer) methodSig(m *syntax.MethodSig) {
	p.flushTo(m.Start, 1)
	if m.Commutative {
		p.write("commutative ")
	}
	if m.Emission {
		p.write("emission ")
	}
	if m.Async {
		p.write("async ")
	}
	p.write("fn ")
	p.ident(m.Name)
	p.params(m.Params)
	p.result(m.Result)
}

func (p *printer) params(ps []*syntax.Param) {
	p.write("(")
	list(p, ps, p.param)
	p.write(")")
}

func (p *printer) param(prm *syntax.Param) {
	p.flushTo(prm.Start, 1)
	p.ident(prm.Name)
	if prm.Type != nil {
		p.write(": ")
		p.typ(prm.Type)
	}
}

func (p *printer) result(t syntax.TypeExpr) {
	if t != nil {
		p.write(" -> ")
		p.typ(t)
	}
}

func (p *printer) ident(id *syntax.Ident) {
	if id == nil {
		p.write("_")
		return
	}
	p.flushTo(id.Start, 1)
	p.write(id.Name)
}

// ---------------------------------------------------------------------------
// Types

func (p *printer) typ(t syntax.TypeExpr) {
	if t == nil {
		return
	}
	p.flushTo(t.Range().Start, 1)
	switch t := t.(type) {
	case *syntax.NamedType:
		p.ident(t.Name)
		if len(t.Args) > 0 {
			p.write("[")
			list(p, t.Args, p.typ)
			p.flushTo(t.End, 1)
			p.write("]")
		}
	case *syntax.OptionalType:
		p.typ(t.Elem)
		p.write("?")
	case *syntax.RecordType:
		body(p, t.Span, t.Fields, ", ", "", "{}", p.fieldType)
	case *syntax.UnionType:
		for i, v := range t.Variants {
			if i > 0 {
				p.write(" | ")
			}
			p.variant(v)
		}
	case *syntax.BadType:
		p.raw(t.Span)
	}
}

func (p *printer) fieldType(f *syntax.FieldType) {
	p.flushTo(f.Start, 1)
	p.ident(f.Name)
	p.write(": ")
	p.typ(f.Type)
}

func (p *printer) variant(v *syntax.Variant) {
	p.flushTo(v.Start, 1)
	p.ident(v.Name)
	if len(v.Fields) > 0 {
		p.write("(")
		list(p, v.Fields, p.typ)
		p.flushTo(v.End, 1)
		p.write(")")
	}
}

// ---------------------------------------------------------------------------
// Statements

func (p *printer) block(b *syntax.Block) {
	if b == nil || p.elide && len(b.Stmts) == 0 {
		p.write("{ }")
		return
	}
	if p.elide {
		p.write("{ ... }")
		return
	}
	body(p, b.Span, b.Stmts, "; ", "", "{ }", p.stmt)
}

func (p *printer) stmt(s syntax.Stmt) {
	if s == nil {
		return
	}
	p.flushTo(s.Range().Start, 1)
	switch s := s.(type) {
	case *syntax.Block:
		p.block(s)
	case *syntax.ConfigStmt:
		p.write("config ")
		body(p, s.Span, s.Fields, ", ", "", "{}", p.configField)
	case *syntax.EffectStmt:
		if s.Name != nil {
			p.write("let ")
			p.ident(s.Name)
			p.write(" = ")
		}
		p.write("effect ")
		p.expr(s.Effect)
		if s.Undo != nil {
			p.write(" undo ")
			p.expr(s.Undo)
		}
	case *syntax.EmitStmt:
		p.write("emit ")
		p.expr(s.Call)
		if s.Compensate != nil {
			p.write(" compensate ")
			p.expr(s.Compensate)
		}
	case *syntax.FailStmt:
		p.write("fail ")
		p.expr(s.Message)
	case *syntax.IfStmt:
		p.ifStmt(s)
	case *syntax.TimerStmt:
		p.write(s.Kind.String() + " ")
		p.expr(s.Interval)
		p.sp()
		p.block(s.Body)
	case *syntax.ProvideStmt:
		p.write("provide ")
		p.ident(s.Key)
		p.sp()
		body(p, syntax.Span{Start: p.afterIdent(s.Key, s.Start), End: s.End}, s.Methods, "; ", "", "{ }", p.methodImpl)
	case *syntax.LetStmt:
		if s.Mutable {
			p.write("var ")
		} else {
			p.write("let ")
		}
		p.ident(s.Name)
		if s.Type != nil {
			p.write(": ")
			p.typ(s.Type)
		}
		p.write(" = ")
		p.expr(s.Value)
	case *syntax.AssignStmt:
		p.expr(s.Target)
		p.write(" = ")
		p.expr(s.Value)
	case *syntax.WhileStmt:
		p.write("while (")
		p.expr(s.Cond)
		p.write(") ")
		p.block(s.Body)
	case *syntax.ForStmt:
		p.write("for (")
		p.ident(s.Var)
		p.write(" of ")
		p.expr(s.Iter)
		p.write(") ")
		p.block(s.Body)
	case *syntax.ReturnStmt:
		p.write("return")
		if s.Value != nil {
			p.write(" ")
			p.expr(s.Value)
		}
	case *syntax.ExprStmt:
		p.expr(s.X)
	case *syntax.AssertStmt:
		p.write("assert ")
		if s.NoResidue {
			p.write("no_residue")
		} else {
			p.expr(s.Cond)
		}
	case *syntax.LoadStmt:
		p.write("load ")
		p.ident(s.Component)
		if s.With != nil {
			p.write(" with ")
			p.expr(s.With)
		}
	case *syntax.UnloadStmt:
		p.write("unload ")
		p.ident(s.Component)
	case *syntax.AdvanceStmt:
		p.write("advance ")
		p.expr(s.Duration)
	case *syntax.FaultFailStmt:
		if s.Step != nil {
			p.write("fail at step ")
			p.expr(s.Step)
		} else {
			p.write("fail at effect ")
			p.ident(s.Effect)
		}
	case *syntax.FaultAssertStmt:
		p.write("assert " + s.Check.String())
	case *syntax.BadStmt:
		p.raw(s.Span)
	}
}

// afterIdent is the offset just past id (the provide key), where the
// provide block's braces begin; start when id is missing.
func (p *printer) afterIdent(id *syntax.Ident, start syntax.Pos) syntax.Pos {
	if id == nil {
		return start
	}
	return id.End
}

func (p *printer) ifStmt(s *syntax.IfStmt) {
	p.write("if (")
	p.expr(s.Cond)
	p.write(")")
	if s.Then != nil && s.Then.Implicit {
		p.write(" ")
		for _, t := range s.Then.Stmts {
			p.stmt(t)
		}
	} else {
		p.sp()
		p.block(s.Then)
	}
	if s.Else == nil {
		return
	}
	p.flushTo(s.Else.Range().Start, 1)
	p.sp()
	p.write("else ")
	switch e := s.Else.(type) {
	case *syntax.IfStmt:
		p.ifStmt(e)
	default:
		p.stmt(e)
	}
}

func (p *printer) configField(f *syntax.ConfigField) {
	p.flushTo(f.Start, 1)
	p.ident(f.Name)
	p.write(": ")
	p.typ(f.Type)
	if f.Default != nil {
		p.write(" = ")
		p.expr(f.Default)
	}
}

func (p *printer) methodImpl(m *syntax.MethodImpl) {
	p.flushTo(m.Start, 1)
	p.write("fn ")
	p.ident(m.Name)
	p.params(m.Params)
	p.result(m.Result)
	if m.Body != nil {
		p.sp()
		p.block(m.Body)
	} else {
		p.write(" = ")
		p.expr(m.ExprBody)
	}
}

// ---------------------------------------------------------------------------
// Expressions

func (p *printer) expr(e syntax.Expr) {
	if e == nil {
		return
	}
	p.flushTo(e.Range().Start, 1)
	switch e := e.(type) {
	case *syntax.Ident:
		p.write(e.Name)
	case *syntax.IntLit:
		p.write(e.Raw)
	case *syntax.FloatLit:
		p.write(e.Raw)
	case *syntax.StringLit:
		p.write(`"` + e.Value + `"`)
	case *syntax.BoolLit:
		if e.Value {
			p.write("true")
		} else {
			p.write("false")
		}
	case *syntax.NullLit:
		p.write("null")
	case *syntax.DurationLit:
		p.write(e.Raw)
	case *syntax.TemplateLit:
		p.template(e)
	case *syntax.SelectorExpr:
		p.expr(e.X)
		p.write(".")
		p.ident(e.Sel)
	case *syntax.IndexExpr:
		p.expr(e.X)
		p.write("[")
		p.expr(e.Index)
		p.flushTo(e.End, 1)
		p.write("]")
	case *syntax.CallExpr:
		p.expr(e.Fun)
		p.write("(")
		list(p, e.Args, p.expr)
		p.flushTo(e.End, 1)
		p.write(")")
	case *syntax.RecordLit:
		body(p, e.Span, e.Fields, ", ", "", "{}", p.fieldInit)
	case *syntax.ListLit:
		p.write("[")
		list(p, e.Elems, p.expr)
		p.flushTo(e.End, 1)
		p.write("]")
	case *syntax.MatchExpr:
		p.write("match ")
		p.expr(e.X)
		p.sp()
		start := e.Start
		if e.X != nil {
			start = e.X.Range().End
		}
		body(p, syntax.Span{Start: start, End: e.End}, e.Arms, ", ", ",", "{ }", p.arm)
	case *syntax.UnaryExpr:
		p.write(e.Op)
		p.expr(e.X)
	case *syntax.BinaryExpr:
		p.expr(e.X)
		p.write(" " + e.Op + " ")
		p.expr(e.Y)
	case *syntax.TernaryExpr:
		p.expr(e.Cond)
		p.write(" ? ")
		p.expr(e.Then)
		p.write(" : ")
		p.expr(e.Else)
	case *syntax.ArrowExpr:
		if len(e.Params) == 1 {
			p.ident(e.Params[0])
		} else {
			p.write("(")
			list(p, e.Params, p.ident)
			p.write(")")
		}
		p.write(" => ")
		p.expr(e.Body)
	case *syntax.AwaitExpr:
		p.write("await ")
		p.expr(e.X)
	case *syntax.ParenExpr:
		p.write("(")
		p.expr(e.X)
		p.flushTo(e.End, 1)
		p.write(")")
	case *syntax.BlockExpr:
		items := append([]syntax.Stmt(nil), e.Stmts...)
		if e.Value != nil {
			items = append(items, &syntax.ExprStmt{Span: e.Value.Range(), X: e.Value})
		}
		body(p, e.Span, items, "; ", "", "{ }", p.stmt)
	case *syntax.HarnessCallExpr:
		p.write("call ")
		p.expr(e.Call)
	case *syntax.BadExpr:
		p.raw(e.Span)
	}
}

// template prints a template literal from its parts; the expressions
// inside `${ }` are on the template's one line, so no comment can be there.
func (p *printer) template(t *syntax.TemplateLit) {
	var b strings.Builder
	b.WriteString("`")
	for i, part := range t.Parts {
		b.WriteString(part)
		if i < len(t.Exprs) {
			sub := newPrinter(nil, nil)
			sub.expr(t.Exprs[i])
			b.WriteString("${")
			b.WriteString(strings.TrimSpace(sub.buf.String()))
			b.WriteString("}")
		}
	}
	b.WriteString("`")
	p.write(b.String())
}

func (p *printer) fieldInit(f *syntax.FieldInit) {
	p.flushTo(f.Start, 1)
	p.ident(f.Name)
	p.write(": ")
	p.expr(f.Value)
}

func (p *printer) arm(a *syntax.MatchArm) {
	p.flushTo(a.Start, 1)
	p.pattern(a.Pattern)
	p.write(" => ")
	p.expr(a.Body)
}

func (p *printer) pattern(pt syntax.Pattern) {
	if pt == nil {
		return
	}
	p.flushTo(pt.Range().Start, 1)
	switch pt := pt.(type) {
	case *syntax.WildcardPat:
		p.write("_")
	case *syntax.NamePat:
		p.ident(pt.Name)
	case *syntax.CtorPat:
		p.ident(pt.Name)
		p.write("(")
		list(p, pt.Args, p.pattern)
		p.flushTo(pt.End, 1)
		p.write(")")
	case *syntax.LitPat:
		p.expr(pt.Value)
	case *syntax.BadPat:
		p.raw(pt.Span)
	}
}
