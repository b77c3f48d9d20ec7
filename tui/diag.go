package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"revl.dev/debug/runtime/syntax"
)

// DiagModel shows a program's diagnostics, each with its position, the
// source line and a caret, instead of a timeline: what revl-tui opens on
// a program that does not check.
type DiagModel struct {
	name  string
	lines []string // the source
	diags []syntax.Diagnostic
	st    Styles
	keys  KeyMap
	w, h  int
	top   int
}

// NewDiagnostics makes the diagnostics screen for src.
func NewDiagnostics(name string, src []byte, diags []syntax.Diagnostic) *DiagModel {
	return &DiagModel{name: name, lines: strings.Split(string(src), "\n"), diags: diags, st: DefaultStyles(),
		keys: DefaultKeyMap(), w: 80, h: 24}
}

// Init starts nothing.
func (m *DiagModel) Init() tea.Cmd { return nil }

// Update scrolls and quits.
func (m *DiagModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, m.keys.Quit), msg.Type == tea.KeyEsc, msg.Type == tea.KeyEnter:
			return m, tea.Quit
		case key.Matches(msg, m.keys.LaneDown):
			m.top++
		case key.Matches(msg, m.keys.LaneUp):
			m.top = max(m.top-1, 0)
		}
	}
	return m, nil
}

// View lists the diagnostics.
func (m *DiagModel) View() string {
	w := max(m.w, 20)
	errs := 0
	for _, d := range m.diags {
		if d.Severity == syntax.SeverityError {
			errs++
		}
	}
	head := m.st.Fail.Render(m.name+": "+plural(errs, "error", "errors")) + " · no run to show until it checks"
	var body []string
	for _, d := range m.diags {
		body = append(body, m.diagLines(d)...)
		body = append(body, "")
	}
	rows := max(m.h-3, 1)
	m.top = min(m.top, max(len(body)-rows, 0))
	body = body[m.top:]
	out := []string{fit(head, w), ""}
	out = append(out, box(body, w, rows)...)
	out[len(out)-1] = fit(m.st.Dim.Render("↑/↓ scroll · q quit (the diagnostics are printed again on exit)"), w)
	return strings.Join(out, "\n")
}

func (m *DiagModel) diagLines(d syntax.Diagnostic) []string {
	sev := ""
	st := m.st.Fail
	if d.Severity != syntax.SeverityError {
		sev = d.Severity.String() + ": "
		st = m.st.Status
	}
	out := []string{st.Render(fmt.Sprintf("%s: %s%s [%s]", d.Span.Start.In(d.File), sev, d.Message, d.Code))}
	if n := int(d.Span.Start.Line); n >= 1 && n <= len(m.lines) {
		text := m.lines[n-1]
		col := min(max(int(d.Span.Start.Col)-1, 0), len(text))
		g := pad(itoa(n), 5)
		out = append(out, m.st.Dim.Render(g+" │ ")+expandTabs(text))
		out = append(out, m.st.Dim.Render(strings.Repeat(" ", 5)+" │ ")+strings.Repeat(" ", len(expandTabs(text[:col])))+m.st.Fail.Render("^"))
	}
	for _, r := range d.Related {
		out = append(out, m.st.Dim.Render("      "+r.Span.Start.In(r.File)+": "+r.Message))
	}
	return out
}
