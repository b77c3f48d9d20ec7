package mocks

import (
	"slices"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/schedule"
)

// TestScheduleFindingOnlyWithMocks: without mocks the composition cannot
// even activate (every schedule deadlocks the same way); against mocks the
// sweep finds the emission-order bug between the two consumers of the
// mocked database, shrinks it to one non-canonical choice, and the
// minimized vector replays to the same failure.
func TestScheduleFindingOnlyWithMocks(t *testing.T) {
	p := load(t, "interleave.rvl")
	plain, err := schedule.NewWorld(p, schedule.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sig := plain.Baseline().Signature(); sig != schedule.TagDeadlock {
		t.Fatalf("without mocks the canonical run should deadlock, got %q", sig)
	}
	for seed := uint64(1); seed <= 20; seed++ {
		if sig := plain.Run(schedule.NewSeeded(seed)).Signature(); sig != schedule.TagDeadlock {
			t.Fatalf("seed %d without mocks: %q, want deadlock", seed, sig)
		}
	}

	x, w, err := NewWorld(p, Options{}, schedule.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := w.Summary(); got != "_RevlMock_Database_db (db for Store, Audit)" {
		t.Errorf("summary %q", got)
	}
	if !x.Baseline().OK() {
		t.Fatalf("the canonical run against mocks fails: %v", x.Baseline().Findings)
	}
	wantAtoms := []string{"activate(_RevlMock_Database_db)", "activate(Store)", "activate(Audit)",
		"teardown(Store)", "teardown(Audit)", "teardown(_RevlMock_Database_db)"}
	if !slices.Equal(x.Baseline().Atoms, wantAtoms) {
		t.Errorf("canonical atoms %v, want %v", x.Baseline().Atoms, wantAtoms)
	}
	var found *schedule.Outcome
	x.Sweep(schedule.SweepOptions{Seeds: 50, Workers: 2}, func(o schedule.Outcome) {
		if found == nil && !o.Result.OK() {
			found = &o
		}
	})
	if found == nil {
		t.Fatal("50 seeds against mocks found nothing")
	}
	if sig := found.Result.Signature(); sig != "unstable@0" {
		t.Errorf("seed %d: signature %q, want unstable@0", found.Seed, sig)
	}
	min := found.Shrunk.Result
	want := []int{0, 1, 0, 0, 0, 0}
	if !slices.Equal(min.Choices, want) {
		t.Errorf("seed %d minimized to %v, want %v", found.Seed, min.Choices, want)
	}
	again := x.Replay(min.Choices)
	if again.Signature() != min.Signature() || !slices.Equal(again.Atoms, min.Atoms) {
		t.Errorf("the replay differs: %v %v", again.Signature(), again.Atoms)
	}
	// A second explorer (a new derivation) replays it identically.
	y, _, err := NewWorld(p, Options{}, schedule.Options{})
	if err != nil {
		t.Fatal(err)
	}
	other := y.Replay(min.Choices)
	if schedule.FingerprintOf(other).Key() != schedule.FingerprintOf(again).Key() {
		t.Error("two derivations replay the vector differently")
	}
}

// callValues lists what each call of key.method returned, in order.
func callValues(evs []runtime.Event, key, method string) []string {
	var out []string
	for _, e := range evs {
		if e.Kind == runtime.EvCallExit && e.Key == key && e.Method == method {
			out = append(out, e.Value)
		}
	}
	return out
}

// runChoices runs a schedule world by a choice vector (0 past its end)
// and returns the events.
func runChoices(t *testing.T, w *World, opts Options, choices []int) []runtime.Event {
	t.Helper()
	m, err := runtime.New(w.Program, opts.RuntimeOptions())
	if err != nil {
		t.Fatal(err)
	}
	var evs []runtime.Event
	m.SetSink(func(e runtime.Event) { evs = append(evs, e) })
	for i := 0; ; i++ {
		ready := m.Ready()
		if len(ready) == 0 {
			break
		}
		c := 0
		if i < len(choices) {
			c = min(choices[i], len(ready)-1)
		}
		_ = m.Run(ready[c])
	}
	return evs
}

// TestNthCallReturnsTheSameValue: the n-th call of an operation returns
// the same value whichever fiber makes it and whatever else ran; a fresh
// process would draw the same (the streams depend only on the seed and
// the operation's name, pinned by generator.golden).
func TestNthCallReturnsTheSameValue(t *testing.T) {
	w, err := Derive(load(t, "values.rvl"), ScheduleWorld)
	if err != nil {
		t.Fatal(err)
	}
	canon := runChoices(t, w, Options{}, nil)
	swapped := runChoices(t, w, Options{}, []int{0, 0, 1}) // B before A
	a, b := callValues(canon, "db", "query"), callValues(swapped, "db", "query")
	if len(a) != 2 || !slices.Equal(a, b) {
		t.Errorf("db.query values: canonical %v, B first %v", a, b)
	}
	// Who got which value did change: that is the finding.
	first := func(evs []runtime.Event) string {
		for _, e := range evs {
			if e.Kind == runtime.EvEmission {
				return e.Text
			}
		}
		return ""
	}
	if !strings.HasPrefix(first(canon), `log.write("A read`) || !strings.HasPrefix(first(swapped), `log.write("B read`) {
		t.Errorf("first emissions: %s / %s", first(canon), first(swapped))
	}
	if other := runChoices(t, w, Options{Seed: 99}, nil); slices.Equal(callValues(other, "db", "count"), callValues(canon, "db", "count")) &&
		slices.Equal(callValues(other, "db", "query"), a) {
		t.Error("seed 99 draws exactly what seed 1 does")
	}
}

// TestNewNeedsTheNativeHook: a world cannot run without the generator.
func TestNewNeedsTheNativeHook(t *testing.T) {
	w, err := Derive(load(t, "interleave.rvl"), ScheduleWorld)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := runtime.New(w.Program, runtime.Options{}); err == nil || !strings.Contains(err.Error(), "Options.Native") {
		t.Errorf("New without Native: %v", err)
	}
}
