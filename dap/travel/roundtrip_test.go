package travel

import (
	"fmt"
	"strings"
	"testing"
)

// state renders everything the debugger can show at the current position.
func state(e *Engine) string {
	var b strings.Builder
	m := e.Machine()
	fmt.Fprintf(&b, "tick %d decision %d inAtom %v atom %s end %v now %d\n", e.Tick(), e.Decision(), e.InAtom(), e.Atom(), e.AtEnd(), m.Now())
	if sp, ok := m.CurrentSpan(); ok {
		fmt.Fprintf(&b, "at %d:%d %s\n", sp.Start.Line, sp.Start.Col, m.CurrentFiber())
	}
	for _, f := range m.Stack("") {
		fmt.Fprintf(&b, "frame %s %s %d:%d %v\n", f.Function, f.Fiber, f.Span.Start.Line, f.Span.Start.Col, f.Locals)
	}
	for _, f := range m.Fibers() {
		fmt.Fprintf(&b, "fiber %s %s %v\n", f.Name, f.State, f.Frame)
	}
	fmt.Fprintf(&b, "snapshot %s\n", m.Snapshot())
	for i := 0; i < e.ReadyLen(); i++ {
		fmt.Fprintf(&b, "ready %s\n", e.ReadyAt(i))
	}
	for _, em := range e.EmissionsSoFar() {
		fmt.Fprintf(&b, "emission %s %v\n", em.Text, em.Diverges)
	}
	for _, f := range e.FindingsSoFar() {
		fmt.Fprintf(&b, "finding %s %s\n", f.Tag, f.Message)
	}
	return b.String()
}

func events(o *Op) string {
	if o == nil {
		return ""
	}
	var b strings.Builder
	for _, ev := range o.Events {
		b.WriteString(ev.String() + "\n")
	}
	return b.String()
}

// TestRoundTrip goes forward N positions, back N, forward N, and checks
// identical states at every position and identical events on both forward
// passes, on every fixture, with a checkpoint budget small enough that
// thinning runs.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	for _, name := range sorted(fixtures(t)) {
		p := fixtures(t)[name]
		for _, opts := range []Options{{}, {CheckpointBytes: 1, Spacing: 3}} {
			seed := uint64(3)
			e, err := New(worldOf(t, p), Tape{Seed: &seed}, opts)
			if err != nil {
				t.Fatal(err)
			}
			any := func(*Op) bool { return true }
			var fwd, evs []string
			fwd = append(fwd, state(e))
			// Budget fixtures run 10,000 statements in one atom: the first
			// few hundred positions cover everything there is to check.
			for !e.AtEnd() && len(fwd) < 120 {
				o, _ := e.Forward(any)
				fwd = append(fwd, state(e))
				evs = append(evs, events(o))
			}
			n := len(fwd) - 1
			for i := n - 1; i >= 0; i-- {
				if _, ok := e.Back(any); !ok && i > 0 {
					t.Fatalf("%s: back found nothing at %d", name, i)
				}
				if got := state(e); got != fwd[i] {
					t.Fatalf("%s: position %d backward:\n%s\nforward:\n%s", name, i, got, fwd[i])
				}
			}
			for i := 1; i <= n; i++ {
				o, _ := e.Forward(any)
				if got := state(e); got != fwd[i] {
					t.Fatalf("%s: position %d second pass:\n%s\nfirst:\n%s", name, i, got, fwd[i])
				}
				if got := events(o); got != evs[i-1] {
					t.Fatalf("%s: events to %d second pass:\n%s\nfirst:\n%s", name, i, got, evs[i-1])
				}
			}
			// Random access: every decision boundary, from the end backwards.
			for d := len(e.Decisions()) - 1; d >= 0; d-- {
				e.Goto(e.DecisionTick(d))
				if e.Decision() != d || e.InAtom() {
					t.Fatalf("%s: goto decision %d landed at %d", name, d, e.Decision())
				}
			}
		}
	}
}
