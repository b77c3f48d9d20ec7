package tui

import (
	"strings"

	"revl.dev/debug/timeline"
)

// residuePane is the snapshot after the cursor's decision: the four
// fields and the unreleased host resources, each count with a small plot
// of it over the decisions around the cursor.
type residuePane struct{ pane }

var sparks = []rune("▁▂▃▄▅▆▇█")

func (p *residuePane) View(m *Model) []string {
	if p.h == 0 {
		return nil
	}
	lines := []string{m.rule("residue after decision "+itoa(m.k), p.w)}
	d := m.s.details.at(m.k)
	if d == nil || d.err != nil {
		return box(append(lines, m.paint(&m.st.StatusErr, detailErr(d))), p.w, p.h)
	}
	n := m.s.Len()
	plotW := max(min(24, p.w/3, n), 1)
	from := max(0, min(m.k-plotW/2, n-plotW))
	to := min(from+plotW, n)
	fields := []struct {
		name string
		of   func(timeline.Residue) int
		list []string
	}{
		{"registry", func(r timeline.Residue) int { return r.Registry }, d.snap.Registry},
		{"provisions", func(r timeline.Residue) int { return r.Provisions }, d.snap.Provisions},
		{"effects", func(r timeline.Residue) int { return r.Effects }, d.snap.Effects},
		{"listeners", func(r timeline.Residue) int { return r.Listeners }, d.snap.Listeners},
		{"unreleased", func(r timeline.Residue) int { return r.Unreleased }, d.snap.Unreleased},
	}
	win := m.s.cells.span(from, to)
	for _, f := range fields {
		b := segs{m: m}
		b.add(nil, fit(f.name, 11)+pad(itoa(len(f.list)), 3)+" ")
		top := 1
		for i := range win {
			top = max(top, f.of(win[i].residue))
		}
		for i := range win {
			k, v := from+i, f.of(win[i].residue)
			g := "·"
			if v > 0 {
				g = string(sparks[min((v*len(sparks)+top-1)/top, len(sparks))-1])
			}
			switch {
			case k == m.k:
				b.add(&m.st.Cursor, g)
			case v == 0:
				b.add(&m.st.Dim, g)
			default:
				b.add(&m.st.Active, g)
			}
		}
		b.add(nil, " "+listText(f.list, p.w))
		lines = append(lines, b.String())
	}
	lines = append(lines, m.paint(&m.st.Dim, strings.Repeat(" ", 15+m.k-from)+"^ "+itoa(m.k)+"  (decisions "+itoa(from)+"–"+itoa(to-1)+")"))
	for _, u := range d.snap.Unreleased {
		lines = append(lines, m.paint(&m.st.Dim, "  "+u))
	}
	return box(lines, p.w, p.h)
}

// listText is xs as `[a, b]`, stopping once it is wider than w.
func listText(xs []string, w int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		if b.Len() > w {
			b.WriteString("…")
			break
		}
		b.WriteString(x)
	}
	b.WriteByte(']')
	return b.String()
}
