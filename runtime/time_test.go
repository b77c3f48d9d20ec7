package runtime

import (
	"slices"
	"testing"
)

func TestTimersFireEarliestFirstTiesInArmOrder(t *testing.T) {
	src := `component Clock {
  let m = effect Map.new() undo m.drop()
  every 30s { m.len() }
  after 45s { m.len() }
  every 15s { m.len() }
}`
	m, evs := machine(t, src, Options{})
	runAtoms(t, m, parseAtoms(t, "activate Clock, advance 60s"))
	want := []string{
		"timer#3.fire #1 at 15000ms", "timer#1.fire #1 at 30000ms", "timer#3.fire #2 at 30000ms",
		"timer#2.fire #1 at 45000ms", "timer#3.fire #3 at 45000ms",
		"timer#1.fire #2 at 60000ms", "timer#3.fire #4 at 60000ms",
	}
	if got := texts(*evs, EvTimerFire); !slices.Equal(got, want) {
		t.Errorf("fires = %q", got)
	}
	if m.Now() != 60000 {
		t.Errorf("now = %d", m.Now())
	}
	// The after timer fired once and was released: no cancellation left,
	// no listener, nothing unreleased for it.
	f := m.Fibers()[0]
	if !slices.Equal(f.Frame, []string{"cancel timer#3", "cancel timer#1", "undo m.drop()"}) {
		t.Errorf("frame = %q", f.Frame)
	}
	if s := m.Snapshot(); !slices.Equal(s.Listeners, []string{"timer#1", "timer#3"}) ||
		!slices.Equal(s.Unreleased, []string{"map#1 (new() with no drop())", "timer#1 (schedule() with no cancel())", "timer#3 (schedule() with no cancel())"}) {
		t.Errorf("snapshot = %s", s)
	}
	*evs = nil
	runAtoms(t, m, parseAtoms(t, "advance 10s, teardown Clock"))
	if got := texts(*evs, EvTimerFire); len(got) != 0 {
		t.Errorf("fired between 60s and 70s: %q", got)
	}
	if got := texts(*evs, EvHost); !slices.Equal(got, []string{"timer#3.cancel", "timer#1.cancel", "map#1.drop"}) {
		t.Errorf("teardown trace = %q", got)
	}
	if s := m.Snapshot(); !s.Equal(Snapshot{}) {
		t.Errorf("end snapshot = %s", s)
	}
}

// TestJobTurns pins the definition of a turn (doc.go): a job needs 5 turns,
// the one that starts it included; await consumes the rest at once.
func TestJobTurns(t *testing.T) {
	src := `component W {
  let j = effect Job.run("warmup") undo j.cancel()
}
component X {
  let k = effect Job.run("index") undo k.cancel()
  await k
}`
	m, evs := machine(t, src, Options{})
	runAtoms(t, m, parseAtoms(t, "activate W")) // turn 1
	for turn := 2; turn <= 5; turn++ {
		if got := texts(*evs, EvHost); slices.Contains(got, "job.run warmup done") {
			t.Fatalf("done before turn %d", turn)
		}
		if err := m.Advance(0); err != nil { // an advance is a turn even when no time passes
			t.Fatal(err)
		}
	}
	if got := texts(*evs, EvHost); !slices.Equal(got, []string{"job.run warmup start", "job.run warmup done"}) {
		t.Errorf("trace = %q", got)
	}
	if u := m.Unreleased(); len(u) != 0 {
		t.Errorf("unreleased %q", u)
	}
	*evs = nil
	runAtoms(t, m, parseAtoms(t, "activate X, teardown W, teardown X"))
	if got := texts(*evs, EvHost); !slices.Equal(got, []string{"job.run index start", "job.run index done"}) {
		t.Errorf("await trace = %q (cancelling ended jobs must be silent)", got)
	}
	// A running job is a listener and unreleased.
	m2, _ := machine(t, src, Options{})
	runAtoms(t, m2, parseAtoms(t, "activate W"))
	if s := m2.Snapshot(); !slices.Equal(s.Listeners, []string{"job warmup"}) || !slices.Equal(s.Unreleased, []string{"job warmup (start with no done)"}) {
		t.Errorf("snapshot = %s", s)
	}
}

func TestSpentRunBudgetStillDrains(t *testing.T) {
	src := `service KV { fn get(key: Str) -> Opt[Str] }
component V provides kv: KV {
  let m = effect Map.new() undo m.drop()
  every 1s { m.len() }
  provide kv { fn get(key) = m.get(key) }
}`
	m, evs := machine(t, src, Options{RunBudget: 8})
	runAtoms(t, m, parseAtoms(t, "activate V"))
	*evs = nil
	// The run budget runs out in a timer body, which fails V; the
	// unwinding still withdraws and cancels, while the user inverse fails.
	if err := m.Advance(100000); !IsBudget(err) {
		t.Fatalf("advance = %v", err)
	}
	if got := texts(*evs, EvInverse); !slices.Equal(got, []string{"withdraw kv", "cancel timer#1", "undo m.drop()"}) {
		t.Errorf("inverses = %q", got)
	}
	var failures int
	for _, e := range *evs {
		if e.Kind == EvFailure && e.Err.Kind == KindBudget {
			failures++
		}
	}
	if failures != 3 {
		t.Errorf("%d budget failures, want the timer body's, the undo's and the advance's own", failures)
	}
	if s := m.Snapshot(); len(s.Provisions) != 0 || len(s.Listeners) != 0 || !slices.Equal(s.Unreleased, []string{"map#1 (new() with no drop())"}) {
		t.Errorf("snapshot = %s", s)
	}
	if st, _ := m.FiberState("V"); st != Failed {
		t.Errorf("V is %s", st)
	}
}

func TestAtomSnapshots(t *testing.T) {
	m, evs := machine(t, workedSrc, Options{AtomSnapshots: true})
	runAtoms(t, m, parseAtoms(t, "activate Sink, activate A"))
	var got []string
	for _, e := range *evs {
		if e.Kind == EvAtomEnd {
			got = append(got, e.Snapshot.String())
		}
	}
	want := []string{
		"registry [Sink] provisions [log] effects [Sink: withdraw log] listeners [] unreleased []",
		"registry [Sink, A] provisions [log] effects [Sink: withdraw log] listeners [] unreleased []",
	}
	if !slices.Equal(got, want) {
		t.Errorf("snapshots = %q", got)
	}
}
