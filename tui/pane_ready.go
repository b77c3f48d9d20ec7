package tui

// readyPane is the ready set at the cursor: every atom the chooser could
// have taken, the one it took, and the canonical run's.
type readyPane struct{ pane }

func (p *readyPane) View(m *Model) []string {
	if p.h == 0 {
		return nil
	}
	if m.s.Len() == 0 {
		return box([]string{m.rule("ready set", p.w), "no atom was ever ready: the run has no decisions"}, p.w, p.h)
	}
	d := m.s.details.at(m.k)
	if d == nil || d.err != nil {
		return box([]string{m.rule("ready set", p.w), m.paint(&m.st.StatusErr, detailErr(d))}, p.w, p.h)
	}
	title := "ready @" + itoa(m.k) + " · took " + itoa(d.d.Chosen) + " of " + itoa(len(d.d.Ready))
	lines := []string{m.rule(title, p.w)}
	rows := p.h - 1
	hint := len(d.d.Ready) > 1 && rows >= len(d.d.Ready)+1
	if hint {
		rows--
	}
	lo := max(0, min(d.d.Chosen-rows/2, len(d.d.Ready)-rows))
	for i := lo; i < len(d.d.Ready) && len(lines) < 1+rows; i++ {
		a := d.d.Ready[i]
		mark, note := "  ", ""
		st := &m.st.Dim
		if i == d.d.Chosen {
			mark, st = "> ", nil
			note = "  taken"
			if !d.d.Canonical {
				st = &m.st.NonCanon
			}
		}
		if i == 0 {
			note += "  canonical"
		}
		b := segs{m: m}
		b.add(st, mark+pad(itoa(i), 3)+" "+a.Label)
		b.add(&m.st.Dim, note)
		lines = append(lines, b.String())
	}
	if hint {
		alt := (d.d.Chosen + 1) % len(d.d.Ready)
		lines = append(lines, m.paint(&m.st.Dim, "c: take "+d.d.Ready[alt].Label+" instead"))
	}
	return box(lines, p.w, p.h)
}

func detailErr(d *detail) string {
	if d == nil {
		return "no decision here"
	}
	return d.err.Error()
}

// pad right-aligns s in n cells.
func pad(s string, n int) string {
	for len(s) < n {
		s = " " + s
	}
	return s
}
