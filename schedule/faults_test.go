package schedule

import (
	"slices"
	"strings"
	"testing"
)

// TestFaultsFindWhatSchedulesCannot: App's undo calls its provider. No
// schedule of the scheduler can break that (the teardown gate brings App
// down before Db), but a crash of Db mid-life (Options.MaxFaults) leaves
// App's undo calling a withdrawn provision. The fault is a choice in the
// vector: the failure shrinks to it and replays from the vector alone.
func TestFaultsFindWhatSchedulesCannot(t *testing.T) {
	plain := explorerOf(t, fixtureDir+"/undo_through_crashed.rvl", Options{})
	for seed := uint64(1); seed <= 200; seed++ {
		if r := plain.Run(NewSeeded(seed)); !r.OK() || len(r.Faults) > 0 {
			t.Fatalf("without faults seed %d: %v %v", seed, r.Findings, r.Faults)
		}
	}
	w := explorerOf(t, fixtureDir+"/undo_through_crashed.rvl", Options{MaxFaults: 1})
	if !w.Baseline().OK() || len(w.Baseline().Faults) > 0 {
		t.Fatalf("the canonical run injects nothing: %v %v", w.Baseline().Findings, w.Baseline().Faults)
	}
	var found *Outcome
	for seed := uint64(1); seed <= 200 && found == nil; seed++ {
		if o := w.Explore(seed, true); !o.Result.OK() {
			found = &o
		}
	}
	if found == nil {
		t.Fatal("200 seeds with faults found nothing")
	}
	r := found.Shrunk.Result
	if r.Signature() != TagUseAfterWithdrawal || !slices.Equal(r.Choices, []int{0, 0, 1, 0}) {
		t.Fatalf("shrunk to %v %s, want [0, 0, 1, 0] use-after-withdrawal", r.Choices, r.Signature())
	}
	if len(r.Faults) != 1 || r.Faults[0] != (Fault{Decision: 2, Fiber: "Db"}) || r.Atoms[2] != "crash(Db)" {
		t.Fatalf("faults %v atoms %v", r.Faults, r.Atoms)
	}
	if !strings.Contains(r.Findings[0].Message, "App called store.flush") {
		t.Fatalf("finding %q", r.Findings[0].Message)
	}
	// The vector alone replays it; without faults the same vector is the
	// clean schedule.
	if again := w.Replay(r.Choices); again.Signature() != r.Signature() || len(again.Faults) != 1 {
		t.Fatalf("replay: %v %v", again.Findings, again.Faults)
	}
	if clean := plain.Replay(r.Choices); !clean.OK() {
		t.Fatalf("without faults the vector fails: %v", clean.Findings)
	}
	// At most MaxFaults per schedule.
	for seed := uint64(1); seed <= 100; seed++ {
		if n := len(w.Run(NewSeeded(seed)).Faults); n > 1 {
			t.Fatalf("seed %d injected %d faults, at most 1", seed, n)
		}
	}
}
