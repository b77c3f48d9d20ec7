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
	n, plain := cellsPlain(s)
	if n > w {
		if plain {
			s = string([]rune(s)[:w-1]) + "…"
		} else {
			s = ansi.Truncate(s, w, "…")
		}
		n = cells(s)
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
func (m *Model) rule(title string, w int) string {
	if w <= 0 {
		return ""
	}
	t := "─ " + title + " "
	n := cells(t)
	if n > w {
		return fit(m.paint(&m.st.PaneTitle, t), w)
	}
	return m.paint(&m.st.PaneTitle, t) + strings.Repeat("─", w-n)
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
	m    *Model // paints with the model's cached escapes, when set
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
	switch {
	case s.cur == nil:
		s.b.WriteString(s.text.String())
	case s.m != nil:
		s.b.WriteString(s.m.paint(s.cur, s.text.String()))
	default:
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

// paint renders one line of text in st as st.Render would for the
// viewer's styles (no width, padding or margins), from the style's escape
// sequences, taken once per style: Render costs microseconds per call.
func (m *Model) paint(st *lipgloss.Style, t string) string {
	if st == nil || t == "" {
		return t
	}
	if m.pc == nil {
		m.pc = map[*lipgloss.Style][2]string{}
	}
	p, ok := m.pc[st]
	if !ok {
		r := st.Render("x")
		i := strings.Index(r, "x")
		if i < 0 {
			return st.Render(t)
		}
		p = [2]string{r[:i], r[i+1:]}
		m.pc[st] = p
	}
	if strings.IndexByte(t, '\n') >= 0 {
		return st.Render(t)
	}
	return p[0] + t + p[1]
}

// cells is the width of s in terminal cells: a count of runes for text
// without escapes whose runes are all narrow (ASCII, Latin, the arrows,
// box drawing, blocks and shapes the viewer draws), else ansi's measure.
func cells(s string) int {
	n, _ := cellsPlain(s)
	return n
}

// cellsPlain is cells, and whether s is plain: one cell per rune.
func cellsPlain(s string) (int, bool) {
	n := 0
	for _, r := range s {
		switch {
		case r < 0x300 && r != 0x1b,
			r >= 0x2010 && r <= 0x2027, r >= 0x2190 && r <= 0x21ff,
			r >= 0x2500 && r <= 0x25fc, r == 0x2713, r == 0x2717:
			n++
		default:
			return ansi.StringWidth(s), false
		}
	}
	return n, true
}
