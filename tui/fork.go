package tui

import (
	"encoding/base64"
	"io"

	tea "github.com/charmbracelet/bubbletea"
)

// fork takes the next ready atom at the cursor instead of the one taken:
// the what-if run, with the same choices before the cursor and zeros
// after, becomes the session; u goes back.
func (m *Model) fork() {
	d := m.s.details.at(m.k)
	if d == nil || d.err != nil {
		m.fail("no decision to fork at")
		return
	}
	if len(d.d.Ready) < 2 {
		m.say("only " + d.d.Atom + " is ready at decision " + itoa(m.k) + ": there is no other atom to take")
		return
	}
	if ok, why := m.s.CanFork(); !ok {
		m.fail("cannot fork: " + why)
		return
	}
	alt := (d.d.Chosen + 1) % len(d.d.Ready)
	f, err := m.s.Fork(m.k, alt)
	if err != nil {
		m.fail("fork: " + err.Error())
		return
	}
	m.stack = append(m.stack, m.s)
	m.open(f)
	m.layout()
	m.scroll()
	m.say("what-if " + d.d.Ready[alt].Label + " @" + itoa(m.k) + ": " + vectorText(f.Choices()) + " " + m.verdictText() + " · u undoes")
}

// unfork returns to the run the current one was forked from, at the same
// decision.
func (m *Model) unfork() {
	if len(m.stack) == 0 {
		m.say("this is not a what-if run: nothing to go back to")
		return
	}
	k := m.s.ForkedAt
	prev := m.stack[len(m.stack)-1]
	m.stack = m.stack[:len(m.stack)-1]
	m.s.Close()
	m.s = prev
	m.layout()
	m.goTo(k)
	m.say("back to " + prev.Origin + ": " + vectorText(prev.Choices()))
}

// verdictText is the verdict without styles.
func (m *Model) verdictText() string {
	sum := m.s.Summary()
	switch {
	case sum == nil || !sum.Compared:
		return "not checked"
	case len(sum.Findings) == 0:
		return "passes"
	}
	return "fails " + sum.Findings[0].Tag
}

// copyCommand copies the replay command to the terminal's clipboard with
// OSC 52 (which works over SSH when the terminal allows it) and shows it
// in the status line, which works everywhere.
func (m *Model) copyCommand() tea.Cmd {
	cmd := m.s.ReplayCommand()
	if m.clip != nil {
		writeOSC52(m.clip, cmd)
	}
	m.say("copied: " + cmd)
	return nil
}

// writeOSC52 writes the sequence that sets the system clipboard, in one
// write so that it never lands inside a frame.
func writeOSC52(w io.Writer, s string) {
	_, _ = io.WriteString(w, "\x1b]52;c;"+base64.StdEncoding.EncodeToString([]byte(s))+"\a")
}
