package schedule

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
)

// naiveEnumerate runs every choice vector of w, with no reduction: the
// test-only reference the exhaustive search is checked against. visit gets
// each run and its class (computed with the same dependency relation);
// it stops after limit runs and reports whether it finished.
func naiveEnumerate(w *World, limit int, visit func(r *Result, class uint64)) (runs int, complete bool) {
	x := &explorer{w: w}
	rec := newFootprints(w, &x.objs)
	x.rec = rec // fine atom ids name jobs by what the recorder saw start
	sizes := &readySizes{rec: rec}
	var v []int
	for runs < limit {
		rec.reset()
		sizes.n = sizes.n[:0]
		r := w.RunObserved(NewReplay(v), sizes, true)
		runs++
		ids := make([]int32, len(rec.atoms))
		for i, a := range rec.atoms {
			ids[i] = x.atomID(a)
		}
		visit(r, hashIDs(traceOf(rec.fps).normalForm(ids)))
		d := len(r.Choices) - 1
		for d >= 0 && r.Choices[d]+1 >= sizes.n[d] {
			d--
		}
		if d < 0 {
			return runs, true
		}
		v = append(slices.Clone(r.Choices[:d]), r.Choices[d]+1)
	}
	return runs, false
}

// readySizes records the ready set's size at each decision and feeds the
// footprint recorder.
type readySizes struct {
	rec *footprints
	n   []int
}

func (s *readySizes) Decide(d *Driver, ready, chosen int) {
	s.n = append(s.n, ready)
	s.rec.Decide(d, ready, chosen)
}
func (s *readySizes) Event(ev runtime.Event) { s.rec.Event(ev) }
func (s *readySizes) End(d *Driver)          { s.rec.End(d) }

// findingKeys are a run's findings without what depends on the order of
// independent atoms (decision numbers, event sequence numbers).
func findingKeys(r *Result) string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, fmt.Sprintf("%s/%s/%s.%s@%d", f.Tag, f.Fiber, f.Key, f.Method, f.Divergence))
	}
	return strings.Join(out, ";")
}

// outcome is what a class must determine: the fingerprint and findings.
func outcome(r *Result) string { return FingerprintOf(r).Key() + "|" + findingKeys(r) }

// smallPrograms are compositions small enough to enumerate naively, each
// exercising a part of the dependency relation.
var smallPrograms = []struct {
	name string
	src  string
}{
	{"worked example", readFixture("../examples/two-consumers.rvl")},
	{"commutative", readFixture(filepath.Join(fixtureDir, "commutative.rvl"))},
	{"clean resources", readFixture(filepath.Join(fixtureDir, "clean_resources.rvl"))},
	{"layered", readFixture(filepath.Join(fixtureDir, "layered_clean.rvl"))},
	{"residue order", readFixture(filepath.Join(fixtureDir, "residue_order.rvl"))},
	{"residue leak", readFixture(filepath.Join(fixtureDir, "residue_leak.rvl"))},
	{"use after withdrawal", readFixture(filepath.Join(fixtureDir, "use_after_withdrawal.rvl"))},
	{"deadlock failed", readFixture(filepath.Join(fixtureDir, "deadlock_failed.rvl"))},
	{"deadlock missing", readFixture(filepath.Join(fixtureDir, "deadlock_missing.rvl"))},
	{"unstable", readFixture(filepath.Join(fixtureDir, "unstable.rvl"))},
	{"disjoint channels", `
service Log { emission fn write(line: Str) }
service Bus { emission fn send(m: Str) }
component L provides log: Log { provide log { fn write(line) { } } }
component M provides bus: Bus { provide bus { fn send(m) { } } }
component A requires log: Log { emit log.write("a") }
component B requires bus: Bus { emit bus.send("b") }
`},
	{"shared map through a provider", `
service Kv { fn get(k: Str) -> Opt[Str]
  fn put(k: Str, v: Str) }
component Store provides kv: Kv {
  let m = effect Map.new() undo m.drop()
  provide kv { fn get(k) = m.get(k)
    fn put(k, v) { m.insert(k, v) } }
}
component R1 requires kv: Kv { effect kv.get("x") undo 0 }
component R2 requires kv: Kv { effect kv.get("y") undo 0 }
component W requires kv: Kv { effect kv.put("x", "1") undo kv.put("x", "0") }
`},
	{"jobs and timers", `
service Log { emission fn write(line: Str) }
component L provides log: Log { provide log { fn write(line) { } } }
component J { let j = effect Job.run("warm") undo j.cancel() }
component T requires log: Log { every 30s { emit log.write("tick") } }
component K { let j = effect Job.run("other") undo j.cancel()
  await j }
`},
	{"adopted effects", `
service Pools { fn side() -> Int }
component P provides ps: Pools {
  provide ps { fn side() { let s = effect Pool.open("pg://side", 1) undo s.close()
    return 1 } }
}
component A requires ps: Pools { effect ps.side() undo 0 }
component B requires ps: Pools { effect ps.side() undo 0 }
`},
	{"failing activation", `
service Db { fn q() -> Int }
component D provides db: Db {
  let p = effect Pool.open("boom://x", 1) undo p.close()
  provide db { fn q() = 1 }
}
component U requires db: Db { effect db.q() undo 0 }
component V { let m = effect Map.new() undo m.drop() }
`},
}

func TestExhaustiveAgreesWithNaive(t *testing.T) {
	for _, tc := range smallPrograms {
		t.Run(tc.name, func(t *testing.T) {
			checkAgainstNaive(t, worldOf(t, tc.name, tc.src))
		})
	}
}

// The run budget is one counter over the whole schedule: which atom runs
// out of it depends on the order, so the atom that does conflicts with
// every other. Budgets around the point where the second consumer runs out
// make the classes differ in which fiber fails.
func TestExhaustiveRunBudget(t *testing.T) {
	failing := map[string]bool{}
	for budget := 100; budget <= 200; budget += 5 {
		w := budgetWorld(t, budget)
		for _, o := range checkAgainstNaive(t, w) {
			failing[o] = true
		}
	}
	if len(failing) < 3 {
		t.Errorf("the budgets gave %d distinct outcomes; want the classes to differ in which fiber runs out", len(failing))
	}
}

// checkAgainstNaive enumerates every choice vector of w and runs the
// exhaustive search, and checks that they reach the same classes with the
// same fingerprints and findings, that every schedule of one class has the
// same outcome, and that the search ran one schedule per class. It returns
// the outcomes.
func checkAgainstNaive(t *testing.T, w *World) []string {
	t.Helper()
	outcomes, rep := checkAgainstNaiveCost(t, w)
	if rep.Schedules != rep.Classes || rep.Blocked != 0 {
		t.Errorf("not optimal: %d schedules, %d classes, %d blocked", rep.Schedules, rep.Classes, rep.Blocked)
	}
	return outcomes
}

// checkAgainstNaiveCost is checkAgainstNaive without the optimality
// check: it returns the search's report, whose redundancy the caller
// judges (fine atoms: sleep-blocked runs, no class run twice).
func checkAgainstNaiveCost(t *testing.T, w *World) ([]string, ExhaustiveReport) {
	t.Helper()
	naiveClasses := map[uint64]string{}
	naiveOutcomes := map[string]bool{}
	runs, complete := naiveEnumerate(w, 20000, func(r *Result, class uint64) {
		o := outcome(r)
		if prev, ok := naiveClasses[class]; ok && prev != o {
			t.Errorf("two schedules of one class differ (the relation merges orders the properties tell apart):\n%s\n---\n%s", prev, o)
		}
		naiveClasses[class] = o
		naiveOutcomes[o] = true
	})
	if !complete {
		t.Fatalf("naive enumeration did not finish in %d runs", runs)
	}
	dporClasses := map[uint64]string{}
	dporOutcomes := map[string]bool{}
	var outcomes []string
	rep := w.Exhaustive(ExhaustiveOptions{Distinct: true}, func(run ExhaustiveRun) {
		if _, dup := dporClasses[run.Class]; dup {
			t.Errorf("class %x explored twice", run.Class)
		}
		o := outcome(run.Result)
		dporClasses[run.Class] = o
		dporOutcomes[o] = true
		outcomes = append(outcomes, o)
	})
	if len(dporClasses) != len(naiveClasses) || rep.Classes != len(naiveClasses) {
		t.Errorf("classes: exhaustive %d (report %d), naive %d over %d schedules", len(dporClasses), rep.Classes, len(naiveClasses), runs)
	}
	for _, c := range slices.Sorted(maps.Keys(naiveClasses)) {
		o := naiveClasses[c]
		if d, ok := dporClasses[c]; !ok {
			t.Errorf("class %x (%s) missed by the exhaustive search", c, o)
		} else if d != o {
			t.Errorf("class %x: exhaustive outcome %q, naive %q", c, d, o)
		}
	}
	if !mapsEqualKeys(naiveOutcomes, dporOutcomes) {
		t.Errorf("reachable fingerprints and findings differ: naive %d, exhaustive %d", len(naiveOutcomes), len(dporOutcomes))
	}
	t.Logf("%d naive schedules, %d classes, %d exhaustive schedules (%d sleep-blocked)", runs, len(naiveClasses), rep.Schedules, rep.Blocked)
	return outcomes, rep
}

func mapsEqualKeys(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for _, k := range slices.Sorted(maps.Keys(a)) {
		if !b[k] {
			return false
		}
	}
	return true
}

func TestExhaustiveIndependentComponents(t *testing.T) {
	for n := 1; n <= 7; n++ {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "service S%d { fn f() -> Int }\ncomponent C%d provides k%d: S%d { provide k%d { fn f() = %d } }\n", i, i, i, i, i, i)
		}
		w := worldOf(t, "independent", b.String())
		rep := w.Exhaustive(ExhaustiveOptions{}, nil)
		if rep.Classes != 1 || rep.Schedules != 1 {
			t.Errorf("%d independent components: %d classes, %d schedules, want 1 and 1", n, rep.Classes, rep.Schedules)
		}
	}
}

func TestExhaustiveWorkedExample(t *testing.T) {
	w := explorerOf(t, workedExample, Options{})
	var runs []*Result
	rep := w.Exhaustive(ExhaustiveOptions{}, func(r ExhaustiveRun) { runs = append(runs, r.Result) })
	// A and B emit on one ordered log: the two orders of their emissions
	// are the two classes; the teardowns commute with everything but
	// their own activation and Sink's teardown.
	if rep.Classes != 2 || len(runs) != 2 {
		t.Fatalf("worked example: %d classes, want 2", rep.Classes)
	}
	if !runs[0].OK() || FormatChoices(runs[0].Choices) != "[0, 0, 0, 0, 0, 0]" {
		t.Errorf("first class: %v ok=%v, want the canonical run", runs[0].Choices, runs[0].OK())
	}
	bad := runs[1]
	if bad.Signature() != "unstable@0" {
		t.Fatalf("second class: signature %q, want unstable@0", bad.Signature())
	}
	s := Shrink(bad, w.Replay)
	if got := FormatChoices(s.Result.Choices); got != "[0, 1, 0, 0, 0, 0]" {
		t.Errorf("shrunk to %s, want [0, 1, 0, 0, 0, 0]", got)
	}
}

func TestExhaustiveMaxSchedules(t *testing.T) {
	w := worldOf(t, "jobs", smallPrograms[12].src)
	full := w.Exhaustive(ExhaustiveOptions{}, nil)
	if full.Classes < 3 {
		t.Fatalf("jobs and timers: %d classes, want several", full.Classes)
	}
	rep := w.Exhaustive(ExhaustiveOptions{MaxSchedules: 2}, nil)
	if !rep.BoundedOut || rep.Schedules != 2 || rep.Pending == 0 {
		t.Errorf("bounded: %+v, want bounded out after 2 with branches pending", rep)
	}
	if full.BoundedOut {
		t.Errorf("unbounded search reports bounded out")
	}
}

// TestFootprintRelation checks the dependency relation pair by pair on the
// canonical run of small programs.
func TestFootprintRelation(t *testing.T) {
	cases := []struct {
		prog       string
		a, b       string
		dependent  bool
		whyDepends string
	}{
		{"worked example", "activate(A)", "activate(B)", true, "non-commutative emissions on one ordered list"},
		{"disjoint channels", "activate(A)", "activate(B)", true, "non-commutative emissions are one global list, even on disjoint channels"},
		{"commutative", "activate(A)", "activate(B)", false, "commutative emissions compare as a multiset"},
		{"worked example", "activate(Sink)", "activate(A)", true, "Sink's activation enables A's (state and provision)"},
		{"worked example", "teardown(A)", "teardown(B)", false, "A and B share nothing on the way down"},
		{"worked example", "teardown(A)", "teardown(Sink)", true, "the teardown gate reads A's state"},
		{"clean resources", "activate(A)", "activate(C)", true, "map serials are assigned in creation order"},
		{"clean resources", "activate(A)", "activate(B)", false, "a map and a pool have separate serials"},
		{"clean resources", "teardown(A)", "teardown(C)", false, "each drops its own map"},
		{"shared map through a provider", "activate(R1)", "activate(R2)", false, "two reads of one map"},
		{"shared map through a provider", "activate(R1)", "activate(W)", true, "a read and an insert of one map"},
		{"adopted effects", "activate(A)", "activate(B)", true, "both adopt an effect into P's frame and open pools"},
	}
	srcs := map[string]string{}
	for _, p := range smallPrograms {
		srcs[p.name] = p.src
	}
	for _, tc := range cases {
		t.Run(tc.prog+" "+tc.a+" "+tc.b, func(t *testing.T) {
			w := worldOf(t, tc.prog, srcs[tc.prog])
			fps := canonicalFootprints(t, w)
			a, okA := fps[tc.a]
			b, okB := fps[tc.b]
			if !okA || !okB {
				t.Fatalf("canonical run lacks %s or %s", tc.a, tc.b)
			}
			if got := a.Dependent(&b); got != tc.dependent {
				t.Errorf("Dependent = %v, want %v (%s)", got, tc.dependent, tc.whyDepends)
			}
			if a.Dependent(&b) != b.Dependent(&a) {
				t.Errorf("the relation is not symmetric")
			}
		})
	}
}

func canonicalFootprints(t *testing.T, w *World) map[string]Footprint {
	t.Helper()
	x := &explorer{w: w}
	rec := newFootprints(w, &x.objs)
	x.rec = rec
	w.RunObserved(Canonical{}, rec, false)
	out := map[string]Footprint{}
	for i, a := range rec.atoms {
		out[a.String()] = rec.fps[i]
	}
	return out
}

func worldOf(tb testing.TB, name, src string) *World {
	tb.Helper()
	return sourceWorld(tb, name+".rvl", src, Options{})
}

// readFixture reads a program for the table of small programs.
func readFixture(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestExhaustiveStops: a search asked to stop (a cancelled revl/explore or
// LSP prove) ends before the next schedule and says so.
func TestExhaustiveStops(t *testing.T) {
	w := explorerOf(t, workedExample, Options{})
	calls := 0
	rep := w.Exhaustive(ExhaustiveOptions{Stop: func() bool { calls++; return true }}, nil)
	if !rep.Stopped || rep.BoundedOut || rep.Schedules != 1 {
		t.Fatalf("stopped search: %+v (asked %d times)", rep, calls)
	}
	if full := w.Exhaustive(ExhaustiveOptions{Stop: func() bool { return false }}, nil); full.Stopped || full.Classes != 2 {
		t.Fatalf("a search never asked to stop: %+v", full)
	}
}
