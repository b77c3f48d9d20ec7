package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// fit cuts s (which may hold styles) to w cells, ending it with '…' when
// cut, and pads it with spaces to exactly w cells.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		s = ansi.Truncate(s, w, "…")
		n = ansi.StringWidth(s)
	}
	if n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// box makes lines exactly h lines of exactly w cells.
func box(lines []string, w, h int) []string {
	out := make([]string, h)
	for i := range out {
		if i < len(lines) {
			out[i] = fit(lines[i], w)
		} else {
			out[i] = strings.Repeat(" ", max(w, 0))
		}
	}
	return out
}

// rule is a pane's title line: `─ title ──────`.
func rule(title string, w int, st lipgloss.Style) string {
	if w <= 0 {
		return ""
	}
	t := "─ " + title + " "
	if ansi.StringWidth(t) > w {
		return fit(st.Render(t), w)
	}
	return st.Render(t) + strings.Repeat("─", w-ansi.StringWidth(t))
}

// beside joins blocks of equal height left to right with sep between.
func beside(sep string, blocks ...[]string) []string {
	if len(blocks) == 0 {
		return nil
	}
	out := make([]string, len(blocks[0]))
	var b strings.Builder
	for i := range out {
		b.Reset()
		for j, bl := range blocks {
			if j > 0 {
				b.WriteString(sep)
			}
			if i < len(bl) {
				b.WriteString(bl[i])
			}
		}
		out[i] = b.String()
	}
	return out
}

// segs builds a line from styled segments, rendering each run of one
// style once: cheaper than a Render per cell.
type segs struct {
	b    strings.Builder
	cur  *lipgloss.Style
	text strings.Builder
}

func (s *segs) add(st *lipgloss.Style, t string) {
	if st != s.cur {
		s.flush()
		s.cur = st
	}
	s.text.WriteString(t)
}

func (s *segs) flush() {
	if s.text.Len() == 0 {
		return
	}
	if s.cur == nil {
		s.b.WriteString(s.text.String())
	} else {
		s.b.WriteString(s.cur.Render(s.text.String()))
	}
	s.text.Reset()
}

func (s *segs) String() string {
	s.flush()
	return s.b.String()
}

// plural is "1 thing" or "n things".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return itoa(n) + " " + many
}

func itoa(n int) string { return strconv.Itoa(n) }
