package tui

import (
	"strings"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/timeline"
)

// fiberPane is the fiber under the cursor: its state at the decision, its
// span on the timeline, its keys, and its frame of pending inverses.
type fiberPane struct{ pane }

func (p *fiberPane) View(m *Model) []string {
	if p.h == 0 {
		return nil
	}
	lanes := m.s.Lanes()
	if m.lane >= len(lanes) {
		return box([]string{m.rule("fiber", p.w)}, p.w, p.h)
	}
	l := lanes[m.lane]
	lines := []string{m.rule("fiber "+l.Fiber+" · lane "+itoa(m.lane), p.w)}
	at, after := timeline.LaneStateAt(l, m.k), timeline.LaneStateAfter(l, m.k)
	state := string(after)
	if at != after {
		state = string(at) + " → " + string(after)
	}
	lines = append(lines, "state @"+itoa(m.k)+": "+state)
	var parts []string
	switch {
	case l.Activated < 0:
		parts = append(parts, "never activated")
	default:
		parts = append(parts, "activated @"+itoa(l.Activated))
	}
	if l.TornDown >= 0 {
		parts = append(parts, "torn down @"+itoa(l.TornDown))
	}
	if l.State != "" && l.State != "down" {
		parts = append(parts, "ends "+l.State)
	}
	span := strings.Join(parts, ", ")
	lines = append(lines, m.paint(&m.st.Dim, span))
	if c := m.s.Component(l.Fiber); c != nil {
		var req, prov []string
		for _, k := range c.Requires {
			req = append(req, keyText(k))
		}
		for _, k := range c.Provides {
			prov = append(prov, keyText(k))
		}
		if len(req) > 0 {
			lines = append(lines, m.paint(&m.st.Dim, "requires "+strings.Join(req, ", ")))
		}
		if len(prov) > 0 {
			lines = append(lines, m.paint(&m.st.Dim, "provides "+strings.Join(prov, ", ")))
		}
	}
	if l.Error != "" && after == timeline.LaneFailed {
		lines = append(lines, m.paint(&m.st.Failed, "error: "+l.Error))
	}
	d := m.s.details.at(m.k)
	if d != nil && d.err == nil {
		prefix := l.Fiber + ": "
		var frame []string
		for _, e := range d.snap.Effects {
			if t, ok := strings.CutPrefix(e, prefix); ok {
				frame = append(frame, t)
			}
		}
		if len(frame) == 0 {
			lines = append(lines, "frame: empty")
		} else {
			lines = append(lines, "frame, newest first ("+plural(len(frame), "inverse", "inverses")+"):")
			for i := len(frame) - 1; i >= 0; i-- {
				lines = append(lines, "  "+frame[i])
			}
		}
	}
	return box(lines, p.w, p.h)
}

func keyText(k *check.Key) string {
	if k.Service == nil {
		return k.Name
	}
	return k.Name + ": " + k.Service.Name
}
