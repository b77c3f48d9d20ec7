package tui

import "strings"

// eventsPane lists the events of the cursor's decision, with the event at
// the cursor marked and search matches highlighted.
type eventsPane struct{ pane }

func (p *eventsPane) View(m *Model) []string {
	if p.h == 0 {
		return nil
	}
	d := m.s.details.at(m.k)
	if d == nil || d.err != nil {
		return box([]string{m.rule("events", p.w), m.paint(&m.st.StatusErr, detailErr(d))}, p.w, p.h)
	}
	title := "events of decision " + itoa(m.k) + " · " + itoa(len(d.events))
	if d.d.Events > 0 {
		title += " · seq " + itoa(int(d.d.FirstSeq)) + "–" + itoa(int(d.d.LastSeq))
	}
	lines := []string{m.rule(title, p.w)}
	rows := p.h - 1
	focus := max(m.ev, 0)
	lo := max(0, min(focus-rows/2, len(d.events)-rows))
	q := strings.ToLower(m.query)
	for i := lo; i < len(d.events) && len(lines) < p.h; i++ {
		line := d.events[i].Line()
		mark := "  "
		if i == m.ev {
			mark = "> "
		}
		switch {
		case q != "" && strings.Contains(strings.ToLower(line), q):
			lines = append(lines, m.paint(&m.st.Match, mark+line))
		case i == m.ev:
			lines = append(lines, m.paint(&m.st.Selected, mark+line))
		default:
			lines = append(lines, mark+line)
		}
	}
	return box(lines, p.w, p.h)
}
