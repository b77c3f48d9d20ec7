package tui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"revl.dev/debug/timeline"
)

// timelinePane draws one lane per fiber in load order and one column of
// cellW cells per decision, time flowing left to right. Only the lanes
// and decisions in view are read, from the cell cache.
type timelinePane struct{ pane }

func (p *timelinePane) View(m *Model) []string {
	s, g := m.s, m.geo
	n := s.Len()
	lanes := s.Lanes()
	from := m.left
	to := min(from+g.cols, n)
	lines := make([]string, 0, p.h)

	title := "timeline"
	if len(lanes) > g.laneRows {
		title += " · lanes " + itoa(m.laneTop) + "–" + itoa(min(m.laneTop+g.laneRows, len(lanes))-1) + " of " + itoa(len(lanes))
	}
	if n > g.cols {
		title += " · decisions " + itoa(from) + "–" + itoa(max(to-1, from)) + " of " + itoa(n)
	}
	lines = append(lines, m.rule(title, p.w))
	div := -1
	if d := s.Divergence(); d != nil && d.Got != nil {
		div = d.Got.Decision
	}
	win := s.cells.span(from, to)
	lines = append(lines, p.ruler(m, from, to), p.choices(m, from, win, div))
	for r := 0; r < g.laneRows; r++ {
		l := m.laneTop + r
		if l >= len(lanes) {
			lines = append(lines, "")
			continue
		}
		lines = append(lines, p.lane(m, l, from, win, div))
	}
	caret := strings.Repeat(" ", g.labelW) + strings.Repeat(" ", max(m.k-from, 0)*cellW+1) + "^"
	if n > 0 {
		caret += " " + itoa(m.k)
	}
	lines = append(lines, caret)
	return box(lines, p.w, p.h)
}

// ruler numbers the decisions, every step columns.
func (p *timelinePane) ruler(m *Model, from, to int) string {
	row := []byte(strings.Repeat(" ", (to-from)*cellW))
	step := 1
	for _, s := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		step = s
		if len(itoa(to))+1 <= s*cellW {
			break
		}
	}
	for k := from; k < to; k++ {
		if k%step == 0 {
			copy(row[(k-from)*cellW+1:], itoa(k))
		}
	}
	return fit("decision", m.geo.labelW) + string(row)
}

// choices marks the decisions whose choice the canonical run would not
// make (*) and the first divergent emission (!).
func (p *timelinePane) choices(m *Model, from int, win []cell, div int) string {
	b := segs{m: m}
	b.add(nil, fit("choice", m.geo.labelW))
	for i := range win {
		k, c := from+i, &win[i]
		switch {
		case k == div && c.chosen != 0:
			b.add(&m.st.Diverge, " *!")
		case k == div:
			b.add(&m.st.Diverge, "  !")
		case c.chosen != 0:
			b.add(&m.st.NonCanon, " * ")
		default:
			b.add(nil, "   ")
		}
	}
	return b.String()
}

// lane draws lane l over the window win, which starts at decision from.
func (p *timelinePane) lane(m *Model, l, from int, win []cell, div int) string {
	ln := m.s.Lanes()[l]
	b := segs{m: m}
	label := "  " + ln.Fiber
	st := (*lipgloss.Style)(nil)
	if l == m.lane {
		label = "> " + ln.Fiber
		st = &m.st.Selected
	}
	b.add(st, fit(label, m.geo.labelW))
	for i := range win {
		k, c := from+i, &win[i]
		text, style := p.glyph(m, l, k, c, div)
		if k == m.k {
			style = &m.st.Cursor
		}
		b.add(style, text)
	}
	return b.String()
}

// glyph is lane l's cell at decision k: its atom with up to two marks, or
// its state.
func (p *timelinePane) glyph(m *Model, l, k int, c *cell, div int) (string, *lipgloss.Style) {
	if int(c.lane) == l {
		marks := c.marks
		if k == div {
			marks = strings.Replace(marks, "e", "E", 1)
		}
		if len(marks) > 2 {
			marks = marks[:2]
		}
		var t string
		switch {
		case c.failed:
			t = "X" + marks + strings.Repeat(" ", 2-len(marks))
		case c.fine != 0:
			// A fine atom inside the lane's life: its glyph, then the marks
			// on the lane's line (a fire's own "timer fired" mark is the glyph).
			if c.fine == 't' {
				marks = strings.Replace(marks, "t", "", 1)
			}
			t = string(c.fine) + marks + strings.Repeat("─", 2-len(marks))
		case c.teardown:
			t = strings.Repeat("─", 2-len(marks)) + marks + "]"
		default:
			t = "[" + marks + strings.Repeat("─", 2-len(marks))
		}
		switch {
		case c.failed:
			return t, &m.st.Failed
		case k == div:
			return t, &m.st.Diverge
		case c.chosen != 0:
			return t, &m.st.NonCanon
		case c.emissions > 0:
			return t, &m.st.Emission
		case c.fine == '>':
			return t, &m.st.Resume
		case c.fine == 't':
			return t, &m.st.Fire
		case c.fine == 'j':
			return t, &m.st.Complete
		}
		return t, &m.st.Active
	}
	switch timeline.LaneStateAt(m.s.Lanes()[l], k) {
	case timeline.LaneActive:
		return "───", &m.st.Active
	case timeline.LaneSuspended:
		return "┄┄┄", &m.st.Suspended
	case timeline.LaneFailed:
		return " x ", &m.st.Failed
	case timeline.LaneDown:
		return "   ", nil
	}
	return " · ", &m.st.Dim
}
