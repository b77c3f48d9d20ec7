package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"revl.dev/debug/schedule"
	"revl.dev/debug/timeline"
)

// View renders the screen; every pane renders only what is visible.
func (m *Model) View() string {
	w := max(m.w, 20)
	var out []string
	if m.top.s != m.s || m.top.w != w {
		m.top = topLines{m.s, w, m.header(w), m.banner(w)}
	}
	out = append(out, m.top.header, m.top.banner)
	if m.showHelp {
		out = append(out, m.helpView(w, max(m.h, 8)-4)...)
	} else {
		out = append(out, m.timeline.View(m)...)
		out = append(out, m.details()...)
	}
	out = append(out, m.statusLine(w), m.footer(w))
	return strings.Join(out, "\n")
}

// topLines are the header and the banner, made again only for another
// session or width.
type topLines struct {
	s              *Session
	w              int
	header, banner string
}

// pane is a component of the detail area.
type pane struct{ w, h int }

// SetSize sets the cells the pane renders into.
func (p *pane) SetSize(w, h int) { p.w, p.h = max(w, 0), max(h, 0) }

func (m *Model) details() []string {
	g := m.geo
	if g.detH <= 0 {
		return nil
	}
	left := append(m.ready.View(m), m.fiber.View(m)...)
	var right []string
	if g.wide {
		mid := append(m.emissions.View(m), m.residue.View(m)...)
		right = append(m.source.View(m), m.events.View(m)...)
		return beside(m.paint(&m.st.Dim, "│"), box(left, g.colW[0], g.detH), box(mid, g.colW[1], g.detH), box(right, g.colW[2], g.detH))
	}
	right = m.emissions.View(m)
	switch tabPanes[m.tab] {
	case "residue":
		right = append(right, m.residue.View(m)...)
	case "source":
		right = append(right, m.source.View(m)...)
	default:
		right = append(right, m.events.View(m)...)
	}
	return beside(m.paint(&m.st.Dim, "│"), box(left, g.colW[0], g.detH), box(right, g.colW[1], g.detH))
}

// legend explains the timeline's glyphs, in the help view.
var legend = []string{
	"lanes: [ activation  ] teardown  X failed atom  ─ active  · pending  x failed",
	"marks: e emission (E the first divergent one)  p provide  w withdraw  + acquire",
	"       - release  t timer fired  f failure  ! use after withdrawal",
	"choice: * not the canonical run's choice  ! the first divergence",
}

// fineLegend is the legend's line of the fine atoms, shown for a run of
// them: the glyphs of `revl trace show`, and ┄ for its ':'.
const fineLegend = "fine:  > resume  t timer fire  j job complete  ┄ suspended at await"

// helpView is the full key help (the key map's groups side by side when
// they fit, else two by two) and the legend.
func (m *Model) helpView(w, h int) []string {
	m.help.ShowAll = true
	m.help.Width = 0
	groups := m.keys.FullHelp()
	lines := []string{m.rule("keys · any key closes this", w)}
	if v := m.help.FullHelpView(groups); ansi.StringWidth(strings.Split(v, "\n")[0]) <= w {
		lines = append(lines, strings.Split(v, "\n")...)
	} else {
		for i := 0; i < len(groups); i += 2 {
			lines = append(lines, strings.Split(m.help.FullHelpView(groups[i:min(i+2, len(groups))]), "\n")...)
		}
	}
	lines = append(lines, "")
	for _, l := range legend {
		lines = append(lines, m.paint(&m.st.Dim, l))
	}
	if h := m.s.Header(); h != nil && h.Options.Atoms == "fine" {
		lines = append(lines, m.paint(&m.st.Dim, fineLegend))
	}
	return box(lines, w, h)
}

func (m *Model) header(w int) string {
	s := m.s
	verdict := m.verdict()
	room := w - ansi.StringWidth(verdict) - 2
	left := m.paint(&m.st.Header, "revl-tui") + " " + s.Program + " · " + s.Origin + " · " + vectorText(s.Choices())
	if d := " · " + plural(s.Len(), "decision", "decisions"); ansi.StringWidth(left+d) <= room {
		left += d
	}
	if ansi.StringWidth(left) > room {
		left = fit(left, room)
	}
	return left + strings.Repeat(" ", max(w-ansi.StringWidth(left)-ansi.StringWidth(verdict)-1, 1)) + verdict + " "
}

// verdict is FAIL with the findings' tags, ok, or why nothing was
// checked.
func (m *Model) verdict() string {
	sum := m.s.Summary()
	switch {
	case sum == nil:
		return m.paint(&m.st.Fail, "INCOMPLETE TRACE")
	case !sum.Compared:
		return m.paint(&m.st.Dim, "not checked")
	case len(sum.Findings) == 0:
		return m.paint(&m.st.OK, "ok")
	}
	var tags []string
	for _, f := range sum.Findings {
		tags = append(tags, f.Tag)
	}
	return m.paint(&m.st.Fail, "FAIL "+strings.Join(tags, ", "))
}

func (m *Model) banner(w int) string {
	s := m.s
	sum := s.Summary()
	if d := s.Divergence(); d != nil {
		tag := "diverges"
		if sum != nil && len(sum.Findings) > 0 {
			tag = sum.Findings[0].Tag
		}
		return fit(m.paint(&m.st.Fail, "✗ "+tag+" · "+divergenceText(d)), w)
	}
	if sum != nil && len(sum.Findings) > 0 {
		f := sum.Findings[0]
		return fit(m.paint(&m.st.Fail, "✗ "+f.Tag+": "+f.Message), w)
	}
	if sum == nil {
		return fit(m.paint(&m.st.Fail, "the trace was cut short: "+errText(s.tl.Damage())), w)
	}
	if !sum.Compared {
		return fit(m.paint(&m.st.Dim, s.CanonicalNote()), w)
	}
	return fit(m.paint(&m.st.OK, "✓ every property holds; the emissions are the canonical run's"), w)
}

// divergenceText tells where the run parts from the canonical one.
func divergenceText(d *timeline.EmissionDivergence) string {
	who := func(e *timeline.Emitted) string {
		if e.Fiber == "" {
			return e.Text
		}
		return e.Fiber + "'s " + e.Text
	}
	switch {
	case d.Got == nil && d.Canonical == nil:
		return "emission #" + itoa(d.Ordered) + " differs from the canonical run"
	case d.Got == nil:
		return "emission #" + itoa(d.Ordered) + " missing: the run ends where the canonical run emits " + who(d.Canonical)
	case d.Canonical == nil:
		return "decision " + itoa(d.Got.Decision) + ": " + who(d.Got) + " is an emission the canonical run never makes"
	case d.Overtook:
		return "decision " + itoa(d.Got.Decision) + ": " + who(d.Got) + " overtook " + who(d.Canonical)
	}
	return "decision " + itoa(d.Got.Decision) + ": emitted " + who(d.Got) + " where the canonical run emits " + who(d.Canonical)
}

func errText(err error) string {
	if err == nil {
		return "unknown damage"
	}
	return err.Error()
}

func (m *Model) statusLine(w int) string {
	if m.searching {
		m.input.Width = max(w-2, 1)
		return fit(m.input.View(), w)
	}
	if m.status != "" {
		st := m.st.Status
		if m.statusErr {
			st = m.st.StatusErr
		}
		return fit(st.Render(m.status), w)
	}
	return fit(m.paint(&m.st.Dim, m.cursorText()), w)
}

// cursorText describes the cursor's decision in a line.
func (m *Model) cursorText() string {
	if m.s.Len() == 0 {
		return "the run has no decisions"
	}
	d := m.s.details.at(m.k)
	if d == nil || d.err != nil {
		return "decision " + itoa(m.k)
	}
	t := "decision " + itoa(m.k) + " (" + ordinal(m.k+1) + " of " + itoa(m.s.Len()) + ") · " + d.d.Atom +
		" · choice " + itoa(d.d.Chosen) + " of " + itoa(len(d.d.Ready))
	if !d.d.Canonical {
		t += " · not canonical"
	}
	if m.ev >= 0 && m.ev < len(d.events) {
		t += " · event " + itoa(m.ev)
	}
	return t
}

// footer is the short key help, made again only when the width changes.
func (m *Model) footer(w int) string {
	if m.foot == "" || m.footW != w {
		m.help.ShowAll = false
		m.help.Width = w
		m.foot, m.footW = fit(m.help.View(m.keys), w), w
	}
	return m.foot
}

func vectorText(v []int) string {
	const most = 24
	if len(v) > most {
		return schedule.FormatChoices(v[:most])[:len(schedule.FormatChoices(v[:most]))-1] + ", … (" + itoa(len(v)) + ")]"
	}
	return schedule.FormatChoices(v)
}

func ordinal(n int) string {
	suf := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suf = "st"
	case n%10 == 2:
		suf = "nd"
	case n%10 == 3:
		suf = "rd"
	}
	return itoa(n) + suf
}
