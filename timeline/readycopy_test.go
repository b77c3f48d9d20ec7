package timeline

import (
	"bytes"
	"testing"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/runtime"
	"revl.dev/debug/timeline/rvt"
)

// TestRecordFromChangesIsByteIdentical records every corpus program and a
// wide composition under several schedules twice, once following the
// runtime's ready-set changes (what Record does) and once listing every
// ready set (what it did before), with small and default blocks, and
// requires the two traces to be the same bytes: the format did not move,
// so every trace written before opens and every golden stays.
func TestRecordFromChangesIsByteIdentical(t *testing.T) {
	progs := append(corpus(t), program{"wide200.rvl", gen.Source(gen.Wide(200))})
	changed := 0
	for _, p := range progs {
		for _, cfg := range []Config{{}, {Seeded: true, Seed: 1}, {Seeded: true, Seed: 7}, {Choices: []int{1, 2, 1, 0, 3}}} {
			for _, opts := range []RecorderOptions{{}, small} {
				cfg.Program, cfg.Source, cfg.Recorder, cfg.NoCompare, cfg.RecorderOptions = p.name, p.src, "test", true, opts
				var got, want bytes.Buffer
				_, err1 := recordRun(&got, cfg, false)
				_, err2 := recordRun(&want, cfg, true)
				if (err1 == nil) != (err2 == nil) {
					t.Fatalf("%s %+v: from changes: %v, listing: %v", p.name, cfg, err1, err2)
				}
				if !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Fatalf("%s seeded=%v seed=%d choices=%v: the trace from changes (%d bytes) differs from the listing one (%d bytes)",
						p.name, cfg.Seeded, cfg.Seed, cfg.Choices, got.Len(), want.Len())
				}
				changed++
			}
		}
	}
	if changed < 100 {
		t.Fatalf("compared only %d traces", changed)
	}
}

// TestReadyCopy drives the copy through changes and whole sets, as the two
// Decide paths do, and checks positions, the atom at each position and
// the change it reports against plain slices.
func TestReadyCopy(t *testing.T) {
	act := func(f int) rvt.Ready { return rvt.Ready{Kind: runtime.Activate, Fiber: f} }
	tear := func(f int) rvt.Ready { return rvt.Ready{Kind: runtime.Teardown, Fiber: f} }
	in := func(a rvt.Ready) runtime.ReadyChange {
		return runtime.ReadyChange{Kind: a.Kind, Fiber: a.Fiber, In: true}
	}
	out := func(a rvt.Ready) runtime.ReadyChange { return runtime.ReadyChange{Kind: a.Kind, Fiber: a.Fiber} }
	type step struct {
		changes []runtime.ReadyChange // a change step, or
		whole   []rvt.Ready           // a whole set (full)
		set     []rvt.Ready           // the set after it
		removed []int
		added   []rvt.Ready
		stored  bool // full stores it whole
	}
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"changes", []step{
			{changes: []runtime.ReadyChange{in(act(0))}, set: []rvt.Ready{act(0)}, added: []rvt.Ready{act(0)}},
			{changes: []runtime.ReadyChange{out(act(0)), in(act(3)), in(act(1)), in(tear(0))}, set: []rvt.Ready{act(1), act(3), tear(0)},
				removed: []int{0}, added: []rvt.Ready{act(1), act(3), tear(0)}},
			// An atom that leaves and comes back is no change; one that comes
			// and goes is none either.
			{changes: []runtime.ReadyChange{out(act(3)), in(act(3)), in(act(2)), out(act(2)), out(tear(0)), out(act(1))}, set: []rvt.Ready{act(3)},
				removed: []int{0, 2}},
			{changes: nil, set: []rvt.Ready{act(3)}},
		}},
		{"whole then changes", []step{
			{whole: []rvt.Ready{act(1), act(2), tear(3)}, set: []rvt.Ready{act(1), act(2), tear(3)}, added: []rvt.Ready{act(1), act(2), tear(3)}},
			{changes: []runtime.ReadyChange{out(act(2)), in(tear(1))}, set: []rvt.Ready{act(1), tear(1), tear(3)}, removed: []int{1}, added: []rvt.Ready{tear(1)}},
			{whole: []rvt.Ready{tear(1)}, set: []rvt.Ready{tear(1)}, removed: []int{0, 2}},
		}},
		{"out of order", []step{
			{whole: []rvt.Ready{act(2), act(1)}, set: []rvt.Ready{act(1), act(2)}, stored: true},
			{whole: []rvt.Ready{act(1)}, set: []rvt.Ready{act(1)}, stored: true},
			{whole: []rvt.Ready{act(1), act(3)}, set: []rvt.Ready{act(1), act(3)}, added: []rvt.Ready{act(3)}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newReadyCopy(4)
			for i, s := range tc.steps {
				var removed []int
				var added []rvt.Ready
				stored := false
				if s.whole != nil {
					removed, added, stored = c.full(s.whole)
				} else {
					var err error
					if removed, added, err = c.change(s.changes); err != nil {
						t.Fatal(err)
					}
				}
				if stored != s.stored || (!stored && (!equalInts(removed, s.removed) || !equalReady(added, s.added))) {
					t.Fatalf("step %d: removed %v added %v whole %v, want %v %v %v", i, removed, added, stored, s.removed, s.added, s.stored)
				}
				got := c.list(nil)
				if !equalReady(got, s.set) || c.size != len(s.set) {
					t.Fatalf("step %d: set %v (size %d), want %v", i, got, c.size, s.set)
				}
				for k, a := range s.set {
					if at := c.atom(c.at(k)); at != a || c.rank(c.slot(a)) != k {
						t.Fatalf("step %d: position %d holds %v (rank %d), want %v", i, k, at, c.rank(c.slot(a)), a)
					}
				}
			}
		})
	}
	if _, _, err := newReadyCopy(2).change([]runtime.ReadyChange{{Kind: runtime.Activate, Fiber: 2, In: true}}); err == nil {
		t.Fatal("a change of a fiber out of range was accepted")
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func equalReady(a, b []rvt.Ready) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
