package runtime

import (
	"testing"
)

// TestDeadUsesOnly: with DeadUsesOnly in the sink's mask, a call through
// a live provision builds no EvUse event and one through a withdrawn one
// still does; the sequence numbers of every event are the ones a sink of
// every kind sees, so the narrowing changes nothing but what is built.
func TestDeadUsesOnly(t *testing.T) {
	const src = `service Log { fn write(line: Str) fn flush() -> Int }
component Sink provides log: Log {
  effect 0 undo log.flush()
  provide log { fn write(line) { } fn flush() = 0 }
}
component A requires log: Log { log.write("A up") }
`
	atoms := "activate Sink, activate A, teardown A, teardown Sink"
	for _, tc := range []struct {
		name     string
		kinds    EventMask
		wantLive int // live EvUse events seen
		wantDead int // EvUse events of a withdrawn provision seen
	}{
		{"all kinds", AllEvents, 1, 1},
		{"uses", MaskOf(EvUse), 1, 1},
		{"dead uses only", MaskOf(EvUse) | DeadUsesOnly, 0, 1},
		{"no uses", MaskOf(EvEmission) | DeadUsesOnly, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			all, allEvs := machine(t, src, Options{})
			runAtoms(t, all, parseAtoms(t, atoms))
			seqOf := map[int64]Event{}
			for _, e := range *allEvs {
				seqOf[e.Seq] = e
			}

			m, evs := machine(t, src, Options{})
			m.SetSinkKinds(tc.kinds)
			runAtoms(t, m, parseAtoms(t, atoms))
			live, dead := 0, 0
			for _, e := range *evs {
				if !tc.kinds.Has(e.Kind) {
					continue // kinds built regardless of the mask are not what this tests
				}
				if w, ok := seqOf[e.Seq]; !ok || w.Kind != e.Kind || w.Key != e.Key || w.Live != e.Live {
					t.Errorf("event %d is %v; the fully watched run's is %v", e.Seq, e, w)
				}
				if e.Kind == EvUse {
					if e.Live {
						live++
					} else {
						dead++
					}
				}
			}
			if live != tc.wantLive || dead != tc.wantDead {
				t.Errorf("live uses %d, dead uses %d; want %d and %d", live, dead, tc.wantLive, tc.wantDead)
			}
			if m.seq != all.seq {
				t.Errorf("sequence numbers used: %d; the fully watched run used %d", m.seq, all.seq)
			}
		})
	}
}
