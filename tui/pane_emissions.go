package tui

import (
	"github.com/charmbracelet/lipgloss"

	"revl.dev/debug/timeline"
)

// emissionsPane sets this run's emissions so far beside the canonical
// run's, row by row as the read model pairs them, and marks the first
// that differs (!) and the commutative rows (~).
type emissionsPane struct{ pane }

func (p *emissionsPane) View(m *Model) []string {
	if p.h == 0 {
		return nil
	}
	s := m.s
	list, known := s.Emissions(), s.CanonicalKnown()
	so := s.EmittedBy(m.k)
	title := "emissions · " + itoa(so) + " of " + itoa(len(s.emitted())) + " so far"
	lines := []string{m.rule(title, p.w)}
	n := len(list)
	iw := max(len(itoa(n-1)), 2)
	sideW := max((p.w-5-iw)/2, 1)
	rightW := max(p.w-5-iw-sideW, 1)
	right := "canonical"
	if !known {
		right = "canonical: not known"
	}
	lines = append(lines, m.paint(&m.st.Dim, fit("  "+fit("#", iw)+" this run", sideW+iw+3)+"│ "+right))
	rows := p.h - 2
	if n == 0 {
		lines = append(lines, m.paint(&m.st.Dim, "  no emissions in either run"))
		if !known {
			lines = append(lines, m.paint(&m.st.Dim, "  "+s.CanonicalNote()))
		}
		return box(lines, p.w, p.h)
	}
	div := -1
	if d := s.Divergence(); d != nil {
		div = d.Row
	}
	focus := max(so-1, 0)
	lo := max(0, min(focus-rows/2, n-rows))
	for i := lo; i < n && i < lo+rows; i++ {
		mark := "  "
		st := (*lipgloss.Style)(nil)
		r := &list[i]
		switch {
		case i == div:
			mark, st = "! ", &m.st.Diverge
		case r.Commutative:
			mark = "~ "
		}
		b := segs{m: m}
		b.add(st, mark+fit(itoa(i), iw)+" ")
		switch {
		case r.Got != nil && r.Index < so:
			b.add(st, fit(sideText(r.Got, sideW), sideW))
		case r.Got != nil:
			b.add(&m.st.Dim, fit("· later", sideW))
		default:
			b.add(&m.st.Dim, fit("", sideW))
		}
		b.add(&m.st.Dim, "│ ")
		switch {
		case r.Canonical != nil:
			b.add(st, sideText(r.Canonical, rightW))
		case known:
			b.add(&m.st.Dim, "(none)")
		case i == lo:
			b.add(&m.st.Dim, s.CanonicalNote())
		}
		lines = append(lines, b.String())
	}
	return box(lines, p.w, p.h)
}

// sideText is an emission with its fiber and, when there is room, its
// decision.
func sideText(e *timeline.Emitted, w int) string {
	t := e.Text
	if e.Fiber != "" {
		t = e.Fiber + " " + t
	}
	if e.Decision < 0 {
		return t
	}
	if long := t + " @" + itoa(e.Decision); len(long) <= w {
		return long
	}
	return t
}
