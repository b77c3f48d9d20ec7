package tui

import (
	"errors"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"revl.dev/debug/timeline"
)

var errFound = errors.New("found")

// Search finds the nearest event after (dir 1) or before (dir -1) event ev
// of decision k whose line contains q, ignoring case. It reads decisions
// in order from the cursor and stops at the first match.
func (s *Session) Search(q string, k, ev, dir int) (int, int, bool, error) {
	q = strings.ToLower(q)
	match := func(e timeline.Event) bool { return strings.Contains(strings.ToLower(e.Line()), q) }
	if d := s.details.at(k); d != nil && d.err == nil {
		if dir > 0 {
			for i := ev + 1; i < len(d.events); i++ {
				if match(d.events[i]) {
					return k, i, true, nil
				}
			}
		} else {
			for i := min(ev, len(d.events)) - 1; i >= 0; i-- {
				if match(d.events[i]) {
					return k, i, true, nil
				}
			}
		}
	}
	fk, fi := -1, -1
	if dir > 0 {
		err := s.pane.Range(k+1, s.Len(), func(d timeline.Decision, evs []timeline.Event) error {
			for i, e := range evs {
				if match(e) {
					fk, fi = d.Index, i
					return errFound
				}
			}
			return nil
		})
		if err != nil && !errors.Is(err, errFound) {
			return 0, 0, false, err
		}
		return fk, fi, fk >= 0, nil
	}
	for hi := k; hi > 0 && fk < 0; hi -= chunkSize {
		lo := max(hi-chunkSize, 0)
		err := s.pane.Range(lo, hi, func(d timeline.Decision, evs []timeline.Event) error {
			for i, e := range evs {
				if match(e) {
					fk, fi = d.Index, i
				}
			}
			return nil
		})
		if err != nil {
			return 0, 0, false, err
		}
	}
	return fk, fi, fk >= 0, nil
}

// searchKey edits the query; enter searches forward, esc cancels.
func (m *Model) searchKey(msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEnter:
		m.searching = false
		m.input.Blur()
		m.query = strings.TrimSpace(m.input.Value())
		if m.query == "" {
			m.say("search cancelled")
			return nil
		}
		m.findNext(1)
		return nil
	case tea.KeyEsc, tea.KeyCtrlC:
		m.searching = false
		m.input.Blur()
		m.say("search cancelled")
		return nil
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return cmd
}

// findNext moves to the next (dir 1) or previous (dir -1) match of the
// query.
func (m *Model) findNext(dir int) {
	if m.query == "" {
		m.say("no search yet: / searches the events")
		return
	}
	k, i, ok, err := m.s.Search(m.query, m.k, m.ev, dir)
	switch {
	case err != nil:
		m.fail("search: " + err.Error())
	case !ok && dir > 0:
		m.say("no event after this one matches " + quote(m.query))
	case !ok:
		m.say("no event before this one matches " + quote(m.query))
	default:
		m.goTo(k)
		m.ev = i
		line := ""
		if d := m.s.details.at(k); d != nil && i < len(d.events) {
			line = d.events[i].Line()
		}
		m.say("match at decision " + itoa(k) + ", event " + itoa(i) + ": " + line)
	}
}

func quote(s string) string { return "\"" + s + "\"" }
