package tui

import "github.com/charmbracelet/lipgloss"

// Styles are the viewer's colours and attributes. Nothing depends on
// them to be read: every mark has a glyph, the cursor a caret and the
// selection a '>', so the viewer works without colour (NO_COLOR, or
// lipgloss's Ascii profile, which drops all styling).
type Styles struct {
	Header    lipgloss.Style
	Fail      lipgloss.Style // the findings banner
	OK        lipgloss.Style
	Dim       lipgloss.Style
	PaneTitle lipgloss.Style
	Status    lipgloss.Style
	StatusErr lipgloss.Style
	Cursor    lipgloss.Style // the cursor's column and row
	Selected  lipgloss.Style
	NonCanon  lipgloss.Style // a choice the canonical run would not make
	Diverge   lipgloss.Style // the first divergent emission
	Failed    lipgloss.Style
	Emission  lipgloss.Style
	Active    lipgloss.Style
	// Fine atoms: resume, fire and complete cells, and a lane suspended
	// at an await between them.
	Resume    lipgloss.Style
	Fire      lipgloss.Style
	Complete  lipgloss.Style
	Suspended lipgloss.Style
	Match     lipgloss.Style // a search match
	Highlight lipgloss.Style // the statement at the cursor
}

// DefaultStyles uses the 16 ANSI colours, so the terminal's theme
// decides the shades.
func DefaultStyles() Styles {
	c := func(s string) lipgloss.Color { return lipgloss.Color(s) }
	return Styles{
		Header:    lipgloss.NewStyle().Bold(true),
		Fail:      lipgloss.NewStyle().Foreground(c("9")).Bold(true),
		OK:        lipgloss.NewStyle().Foreground(c("10")),
		Dim:       lipgloss.NewStyle().Foreground(c("8")),
		PaneTitle: lipgloss.NewStyle().Foreground(c("12")).Bold(true),
		Status:    lipgloss.NewStyle().Foreground(c("14")),
		StatusErr: lipgloss.NewStyle().Foreground(c("9")),
		Cursor:    lipgloss.NewStyle().Reverse(true),
		Selected:  lipgloss.NewStyle().Bold(true),
		NonCanon:  lipgloss.NewStyle().Foreground(c("13")).Bold(true),
		Diverge:   lipgloss.NewStyle().Foreground(c("9")).Bold(true).Underline(true),
		Failed:    lipgloss.NewStyle().Foreground(c("9")),
		Emission:  lipgloss.NewStyle().Foreground(c("14")),
		Active:    lipgloss.NewStyle().Foreground(c("10")),
		Resume:    lipgloss.NewStyle().Foreground(c("12")).Bold(true),
		Fire:      lipgloss.NewStyle().Foreground(c("11")),
		Complete:  lipgloss.NewStyle().Foreground(c("6")),
		Suspended: lipgloss.NewStyle().Foreground(c("3")),
		Match:     lipgloss.NewStyle().Foreground(c("11")).Reverse(true),
		Highlight: lipgloss.NewStyle().Foreground(c("11")).Bold(true).Underline(true),
	}
}
