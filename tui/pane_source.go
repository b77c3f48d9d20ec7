package tui

import (
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/syntax"
)

// sourcePane is the program around the statement at the cursor, with the
// statement highlighted and underlined with carets.
type sourcePane struct{ pane }

func (p *sourcePane) View(m *Model) []string {
	if p.h == 0 {
		return nil
	}
	sp, what := m.cursorSpan()
	title := "source"
	if sp.Start.IsValid() {
		title += " · " + m.s.Program + ":" + itoa(int(sp.Start.Line)) + ":" + itoa(int(sp.Start.Col)) + " · " + what
	}
	lines := []string{m.rule(title, p.w)}
	if m.s.SourceLines() == 0 {
		return box(append(lines, m.paint(&m.st.Dim, "the program's source is not available")), p.w, p.h)
	}
	if !sp.Start.IsValid() {
		return box(append(lines, m.paint(&m.st.Dim, "no source position at this decision")), p.w, p.h)
	}
	rows := p.h - 1
	line := int(sp.Start.Line)
	lo := max(1, min(line-(rows-1)/2, m.s.SourceLines()-rows+2))
	gw := len(itoa(min(lo+rows, m.s.SourceLines()))) + 1
	avail := p.w - (2 + gw + 3)
	// Scroll sideways when the statement starts past the pane's middle.
	hl, _ := m.s.SourceLine(line)
	a, b := spanCols(hl, sp, line)
	pre, mid, post := []rune(expandTabs(hl[:a])), []rune(expandTabs(hl[a:b])), []rune(expandTabs(hl[b:]))
	off := 0
	if len(pre)+len(mid) > avail {
		off = max(len(pre)-4, 0)
		if len(mid) < avail-4 {
			off = len(pre) + len(mid) - avail + 2
		}
	}
	cut := func(r []rune, at int) string {
		if off == 0 {
			return string(r)
		}
		if at+len(r) <= off {
			return ""
		}
		if at >= off {
			return string(r)
		}
		return string(r[off-at:])
	}
	lead := ""
	if off > 0 {
		lead = "…"
	}
	for n := lo; len(lines) < p.h; n++ {
		text, ok := m.s.SourceLine(n)
		if !ok {
			break
		}
		if n != line {
			t := []rune(expandTabs(text))
			l := ""
			if len(t) > off {
				l = lead + cut(t, 0)
			}
			lines = append(lines, m.paint(&m.st.Dim, "  "+pad(itoa(n), gw)+" │ ")+l)
			continue
		}
		sg := segs{m: m}
		sg.add(&m.st.Selected, "> "+pad(itoa(n), gw)+" │ ")
		sg.add(nil, lead+cut(pre, 0))
		sg.add(&m.st.Highlight, cut(mid, len(pre)))
		sg.add(nil, cut(post, len(pre)+len(mid)))
		lines = append(lines, sg.String())
		if len(lines) < p.h {
			under := strings.Repeat(" ", 2+gw+3+len([]rune(lead))+max(len(pre)-off, 0)) + strings.Repeat("^", max(len(mid), 1))
			lines = append(lines, m.paint(&m.st.Highlight, under))
		}
	}
	return box(lines, p.w, p.h)
}

// spanCols are the byte offsets in line n's text that sp covers.
func spanCols(text string, sp syntax.Span, n int) (int, int) {
	a := min(max(int(sp.Start.Col)-1, 0), len(text))
	b := len(text)
	if int(sp.End.Line) == n && int(sp.End.Col)-1 > a {
		b = min(int(sp.End.Col)-1, len(text))
	}
	if strings.TrimSpace(text[a:b]) == "" {
		b = len(text)
	}
	return a, b
}

func expandTabs(s string) string { return strings.ReplaceAll(s, "\t", "    ") }

// cursorSpan is the source range at the cursor: the statement (or the
// event) at the cursor, else the decision's first statement, else its
// component's declaration.
func (m *Model) cursorSpan() (syntax.Span, string) {
	d := m.s.details.at(m.k)
	if d == nil || d.err != nil {
		return syntax.Span{}, ""
	}
	if m.ev >= 0 && m.ev < len(d.events) {
		if e := d.events[m.ev]; e.Span.Start.IsValid() {
			return e.Span, e.Kind.String() + " " + e.Fiber
		}
	}
	for _, e := range d.events {
		if e.Kind == runtime.EvStmt && e.Span.Start.IsValid() {
			return e.Span, "first statement of " + d.d.Atom
		}
	}
	for _, e := range d.events {
		if e.Span.Start.IsValid() {
			return e.Span, e.Kind.String() + " of " + d.d.Atom
		}
	}
	if c := m.s.Component(d.d.Fiber); c != nil && c.Decl != nil {
		return c.Decl.Span, "component " + c.Name
	}
	return syntax.Span{}, ""
}
