package schedule

import (
	"bytes"
	goruntime "runtime"
	"slices"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
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
	if len(r.Faults) != 1 || r.Faults[0].Atom() != "crash(Db)" || r.Faults[0].Decision != 2 || !r.Faults[0].Struck ||
		r.Faults[0].Position != fixtureDir+"/undo_through_crashed.rvl:8:11" || r.Atoms[2] != "crash(Db)" {
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

// faultDir holds the fixtures of schedules with injected faults.
const faultDir = "../testdata/faults/schedules"

// enumerated is every schedule of a world: how many, how many injected a
// fault, and the vectors of those that failed with the tags they showed.
type enumerated struct {
	runs, faulted int
	failing       [][]int
	tags          map[string]bool
}

// enumerateAll runs every schedule of w (every index at every decision,
// the fault choices included), up to limit of them.
func enumerateAll(t *testing.T, w *World, limit int) enumerated {
	t.Helper()
	e := enumerated{tags: map[string]bool{}}
	var walk func(d *Driver, vec []int, tags []string)
	walk = func(d *Driver, vec []int, tags []string) {
		for !d.AtEnd() {
			n := d.ReadyLen()
			for c := 1; c < n; c++ {
				cl := d.Clone()
				v := append(slices.Clone(vec), c)
				cl.SetVector(v)
				s := cl.RunAtom()
				more := slices.Clone(tags)
				for _, f := range s.Findings {
					more = append(more, f.Tag)
				}
				walk(cl, v, more)
			}
			vec = append(vec, 0)
			d.SetVector(vec)
			for _, f := range d.RunAtom().Findings {
				tags = append(tags, f.Tag)
			}
		}
		e.runs++
		if e.runs > limit {
			t.Fatalf("more than %d schedules", limit)
		}
		if d.Faults > 0 {
			e.faulted++
		}
		if d.Faults > w.opts.MaxFaults || len(d.FaultLog) != d.Faults {
			t.Fatalf("%v injected %d faults (%v), at most %d", vec, d.Faults, d.FaultLog, w.opts.MaxFaults)
		}
		if len(tags) > 0 {
			e.failing = append(e.failing, slices.Clone(vec))
			for _, tag := range tags {
				e.tags[tag] = true
			}
		}
	}
	walk(NewDriver(w, nil, nil), nil, nil)
	return e
}

// TestStrandedConsumerDoesNotBlockTeardown: in the diamond, a crash of Db
// before Report activates strands Report; Journal, Report's other
// provider, still tears down, so every schedule with at most one fault
// passes (before strands, most failed `residue`).
func TestStrandedConsumerDoesNotBlockTeardown(t *testing.T) {
	for _, k := range []int{1, 2} {
		w := explorerOf(t, faultDir+"/diamond.rvl", Options{MaxFaults: k})
		e := enumerateAll(t, w, 200000)
		if len(e.failing) > 0 {
			r := w.Replay(e.failing[0])
			t.Fatalf("max-faults %d: %d of %d schedules fail (%v); the first, %v: %v", k, len(e.failing), e.runs, e.tags, e.failing[0], r.Findings)
		}
		if e.faulted == 0 || e.faulted == e.runs {
			t.Fatalf("max-faults %d: %d of %d schedules inject a fault", k, e.faulted, e.runs)
		}
		t.Logf("max-faults %d: %d schedules, %d with faults, all pass", k, e.runs, e.faulted)
	}
	// The crash of Db at decision 1 (after activate(Db), before anything
	// else) strands App and Report: they end pending, Journal tears down.
	w := explorerOf(t, faultDir+"/diamond.rvl", Options{MaxFaults: 1})
	d := NewDriver(w, NewReplay(nil), nil)
	d.RunAtom() // activate(Db)
	crash := -1
	for i := range d.ReadyLen() {
		if d.ReadyAt(i) == (runtime.Atom{Kind: runtime.Crash, Fiber: "Db"}) {
			crash = i
		}
	}
	d.SetVector([]int{0, crash})
	if s := d.RunAtom(); d.Atom.Kind != runtime.Crash || len(s.Findings) > 0 {
		t.Fatalf("decision 1 ran %s: %v", d.Atom, s.Findings)
	}
	for !d.AtEnd() {
		if s := d.RunAtom(); len(s.Findings) > 0 {
			t.Fatalf("%s: %v", d.Atom, s.Findings)
		}
	}
	for _, name := range []string{"App", "Report"} {
		i := w.FiberIndex(name)
		if d.M.FiberStateAt(i) != runtime.Pending || !d.M.FiberStrandedAt(i) {
			t.Errorf("%s is %s, stranded %v", name, d.M.FiberStateAt(i), d.M.FiberStrandedAt(i))
		}
	}
	if j := w.FiberIndex("Journal"); d.M.FiberStateAt(j) != runtime.Down {
		t.Errorf("Journal is %s", d.M.FiberStateAt(j))
	}
	if r := w.Replay([]int{0, crash}); !r.OK() || !slices.Equal(r.Stranded, []string{"App", "Report"}) {
		t.Errorf("replay: %v, stranded %v", r.Findings, r.Stranded)
	}
}

// TestNoFaultNoStrands: without an injected fault, a consumer whose
// provider failed on its own is still the `deadlock` finding, and still
// keeps its other provider up, with --faults on or off.
func TestNoFaultNoStrands(t *testing.T) {
	src := `service Store { fn put(k: Str) }
service Log { fn write(line: Str) }
component Db provides store: Store {
  fail "db is down"
  provide store { fn put(k) { } }
}
component Journal provides log: Log { provide log { fn write(line) { } } }
component Report requires store: Store, log: Log { effect log.write("r") undo 0 }
`
	for _, k := range []int{0, 1} {
		w := mustWorld(t, sourceProgram(t, "stranded.rvl", []byte(src)), Options{MaxFaults: k})
		r := w.Baseline()
		if len(r.Faults) != 0 || len(r.Findings) != 2 || r.Findings[0].Tag != TagResidue || r.Findings[1].Tag != TagDeadlock ||
			!strings.Contains(r.Findings[1].Message, "Journal cannot tear down: consumers that never went down: Report (pending)") {
			t.Fatalf("max-faults %d: %v", k, r.Findings)
		}
		if !slices.Equal(r.States, []string{"Db=failed", "Journal=active", "Report=pending"}) {
			t.Fatalf("max-faults %d: states %v", k, r.States)
		}
	}
}

// faultCases are the fixtures of testdata/faults/schedules: each bug
// passes every schedule without faults and is found by some schedule with
// one; its _fixed twin passes every schedule with up to one fault.
var faultCases = []struct {
	file string
	// tag must be among the failing schedules' tags; kind is the fault
	// ("crash" or "fail") a failing schedule with that tag shrinks to, and
	// crashOnly whether crashes alone find the tag.
	tag       string
	kind      string
	crashOnly bool
}{
	{"undo_calls_crashed.rvl", TagUseAfterWithdrawal, "crash", true},
	{"failpath_undo.rvl", TagResidue, "fail", false},
	{"compensate_twice.rvl", TagUndoFailure, "fail", false},
}

func TestFaultFixtures(t *testing.T) {
	for _, c := range faultCases {
		for _, fixed := range []bool{false, true} {
			file := c.file
			if fixed {
				file = strings.TrimSuffix(file, ".rvl") + "_fixed.rvl"
			}
			t.Run(strings.TrimSuffix(file, ".rvl"), func(t *testing.T) {
				path := faultDir + "/" + file
				plain := explorerOf(t, path, Options{})
				if e := enumerateAll(t, plain, 100000); len(e.failing) > 0 {
					t.Fatalf("without faults %d of %d schedules fail: %v", len(e.failing), e.runs, e.tags)
				}
				w := explorerOf(t, path, Options{MaxFaults: 1, Failures: true})
				e := enumerateAll(t, w, 100000)
				if fixed {
					if len(e.failing) > 0 {
						t.Fatalf("%d of %d faulted schedules fail: %v, the first %v: %v", len(e.failing), e.runs, e.tags,
							e.failing[0], w.Replay(e.failing[0]).Findings)
					}
					return
				}
				crashes := enumerateAll(t, explorerOf(t, path, Options{MaxFaults: 1}), 100000)
				if crashes.tags[c.tag] != c.crashOnly {
					t.Errorf("crashes alone find %v; want %s found: %v", crashes.tags, c.tag, c.crashOnly)
				}
				var hit *Result
				for _, v := range e.failing {
					if r := w.Replay(v); r.Signature() == c.tag {
						hit = r
						break
					}
				}
				if hit == nil {
					t.Fatalf("no faulted schedule fails %s first (tags %v)", c.tag, e.tags)
				}
				s := Shrink(hit, w.Replay).Result
				if len(s.Faults) != 1 || s.Faults[0].Kind != c.kind || !s.Faults[0].Struck {
					t.Fatalf("shrunk to %v with faults %v, want one %s", s.Atoms, s.Faults, c.kind)
				}
				// The finding names the injection point.
				f := s.Findings[0]
				if !slices.ContainsFunc(f.Related, func(r Related) bool {
					return r.Span == s.Faults[0].Span && strings.Contains(r.Message, s.Faults[0].Atom())
				}) {
					t.Errorf("finding %s does not relate the injection: %v", f.Message, f.Related)
				}
				t.Logf("%s: %d of %d faulted schedules fail; shrunk: %s; injected %s", c.tag, len(e.failing), e.runs, strings.Join(s.Atoms, ", "), s.Faults[0])
			})
		}
	}
}

// TestShrinkDropsFaults: a failure that does not need its fault is
// reported without it. The fixture leaks in every schedule; a seed that
// crashes something first still shrinks to a vector with no fault.
func TestShrinkDropsFaults(t *testing.T) {
	src := `component Leaky { let p = effect Pool.open("pg://x", 1) undo 0 }
component Other { let m = effect Map.new() undo m.drop() }
`
	w := mustWorld(t, sourceProgram(t, "leaky.rvl", []byte(src)), Options{MaxFaults: 1, Failures: true})
	faulted := 0
	for seed := uint64(1); seed <= 50; seed++ {
		o := w.Explore(seed, true)
		if o.Result.OK() {
			t.Fatalf("seed %d passes", seed)
		}
		if len(o.Result.Faults) > 0 {
			faulted++
		}
		if s := o.Shrunk.Result; len(s.Faults) > 0 || s.Signature() != TagResidue {
			t.Fatalf("seed %d (faults %v) shrinks to %v with faults %v", seed, o.Result.Faults, s.Atoms, s.Faults)
		}
	}
	if faulted == 0 {
		t.Fatal("no seed injected a fault")
	}
	// Dropping is more than lowering: the fault's decision goes and the
	// choices after it move up one decision. Here only the drop of the
	// fault at decision 1 of [1, 3, 2] fails the same way: [1, 2].
	fails := func(v []int) *Result {
		r := &Result{Choices: v}
		switch {
		case slices.Equal(v, []int{1, 3, 2}):
			r.Faults = []Fault{{Decision: 1, Fiber: "X", Kind: "crash", Struck: true}}
			fallthrough
		case slices.Equal(v, []int{1, 2}):
			r.Findings = []Finding{{Tag: TagResidue}}
		}
		return r
	}
	sh := Shrink(fails([]int{1, 3, 2}), fails)
	if !slices.Equal(sh.Result.Choices, []int{1, 2}) || len(sh.Result.Faults) != 0 {
		t.Fatalf("shrunk to %v, faults %v", sh.Result.Choices, sh.Result.Faults)
	}
}

// TestFineFaults: with fine atoms, crash(F) of a fiber suspended at await
// unwinds its activation, and fail@F:N for a step after the await strikes
// in the resume atom; both are choices in the vector and replay from it.
func TestFineFaults(t *testing.T) {
	src := `service Log { fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component Warm requires log: Log {
  let c = effect Map.new() undo c.drop()
  let j = effect Job.run("warmup") undo j.cancel()
  await j
  effect log.write("warm") undo 0
}
`
	w, err := NewWorld(sourceProgram(t, "warm.rvl", []byte(src)),
		Options{Runtime: runtime.Options{Atoms: runtime.AtomsFine}, MaxFaults: 1, Failures: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		at    map[int]string
		fault string
		final string
	}{
		{map[int]string{2: "crash(Warm)"}, "crash(Warm) at decision 2: Warm fails suspended at await (warm.rvl:6:3)", "Warm=failed"},
		{map[int]string{1: "fail@Warm:3"}, "fail@Warm:3 at decision 1: Warm dies at step 3 (await) (warm.rvl:6:3)", "Warm=failed"},
		{map[int]string{1: "fail@Warm:2"}, "fail@Warm:2 at decision 1: Warm dies at step 2 (effect j) (warm.rvl:5:3)", "Warm=failed"},
	} {
		vec := vectorPicking(t, w, c.at)
		r := w.Replay(vec)
		if !r.OK() || len(r.Faults) != 1 || r.Faults[0].String() != c.fault || !r.Faults[0].Struck ||
			!slices.Contains(r.States, c.final) {
			t.Errorf("%v: atoms %v, findings %v, faults %v, states %v", c.at, r.Atoms, r.Findings, r.Faults, r.States)
		}
	}
	// The failure armed for the step after the await waits for the resume.
	r := w.Replay(vectorPicking(t, w, map[int]string{1: "fail@Warm:3"}))
	if !slices.Contains(r.Atoms, "resume(Warm)") {
		t.Errorf("atoms %v", r.Atoms)
	}
}

// TestFaultSweepDeterministic: a sweep with faults (crashes and fails,
// shrunk) writes the same dossier at any worker count and GOMAXPROCS.
func TestFaultSweepDeterministic(t *testing.T) {
	var first []byte
	for _, procs := range []int{1, 4} {
		for _, workers := range []int{1, 3} {
			prev := goruntime.GOMAXPROCS(procs)
			for _, file := range []string{"compensate_twice.rvl", "failpath_undo.rvl"} {
				w := explorerOf(t, faultDir+"/"+file, Options{MaxFaults: 2, Failures: true})
				got := sweepDossier(t, w, file, SweepOptions{Seeds: 60, Workers: workers})
				if !bytes.Contains(got, []byte(`"kind":"fail"`)) {
					t.Fatalf("%s: no seed injected a fail", file)
				}
				if file == "compensate_twice.rvl" {
					if first == nil {
						first = got
					} else if !bytes.Equal(first, got) {
						t.Fatalf("GOMAXPROCS %d, %d workers: the dossier differs", procs, workers)
					}
				}
			}
			goruntime.GOMAXPROCS(prev)
		}
	}
}

// TestFailNeverStruck: a fail@F:N whose activation fails on its own
// before the end of step N never strikes: it is reported so, disarmed, and
// with faults left the next decisions offer fail choices again.
func TestFailNeverStruck(t *testing.T) {
	src := `component Early {
  let m = effect Map.new() undo m.drop()
  fail "early"
  let n = effect Map.new() undo n.drop()
}
component Other { let m = effect Map.new() undo m.drop() }
`
	w := mustWorld(t, sourceProgram(t, "early.rvl", []byte(src)), Options{MaxFaults: 2, Failures: true})
	d := NewDriver(w, NewReplay(nil), nil)
	var labels []string
	for i := range d.ReadyLen() {
		labels = append(labels, w.Label(d.ReadyAt(i)))
	}
	want := []string{"activate(Early)", "activate(Other)", "fail@Early:1", "fail@Early:2", "fail@Early:3", "fail@Other:1"}
	if !slices.Equal(labels, want) {
		t.Fatalf("decision 0 offers %v, want %v", labels, want)
	}
	d.SetVector([]int{4}) // fail@Early:3: Early fails at its step 2 first
	d.RunAtom()
	if len(d.FaultLog) != 1 || d.FaultLog[0].Struck || d.M.FaultArmed() ||
		d.FaultLog[0].String() != "fail@Early:3 at decision 0: Early dies at step 3 (effect n) (early.rvl:4:3), which never struck: the activation ended first" {
		t.Fatalf("faults %v, armed %v", d.FaultLog, d.M.FaultArmed())
	}
	labels = labels[:0]
	for i := range d.ReadyLen() {
		labels = append(labels, w.Label(d.ReadyAt(i)))
	}
	if !slices.Contains(labels, "fail@Other:1") {
		t.Fatalf("decision 1 offers %v, want fail@Other:1 again", labels)
	}
}

// TestWithFaults: the options of a faulted run, as every tool builds
// them: a bound of 0 is no faults at all; a bound K offers crash(F) and
// fail@F:N choices after the ready atoms, in both alphabets, and keeps
// the rest of the options.
func TestWithFaults(t *testing.T) {
	src := `component Db { let m = effect Map.new() undo m.drop()
  effect m.insert("a", 1) undo 0 }
`
	p := sourceProgram(t, "db.rvl", []byte(src))
	for _, tc := range []struct {
		k     int
		atoms runtime.AtomMode
		ready string // decision 0's set
	}{
		{0, runtime.AtomsLifecycle, "activate(Db)"},
		{1, runtime.AtomsLifecycle, "activate(Db) fail@Db:1 fail@Db:2"},
		{2, runtime.AtomsFine, "activate(Db) fail@Db:1 fail@Db:2"},
	} {
		base := Options{MaxDecisions: 9, Runtime: runtime.Options{Atoms: tc.atoms}}
		o := base.WithFaults(tc.k)
		if o.MaxFaults != tc.k || o.Failures != (tc.k > 0) || o.MaxDecisions != 9 || o.Runtime.Atoms != tc.atoms {
			t.Errorf("WithFaults(%d) = %+v", tc.k, o)
		}
		w := mustWorld(t, p, o)
		d := NewUncheckedDriver(w, nil, nil)
		var ls []string
		for i := range d.ReadyLen() {
			ls = append(ls, d.ReadyAt(i).String())
		}
		if got := strings.Join(ls, " "); got != tc.ready {
			t.Errorf("WithFaults(%d), %v: decision 0 offers [%s], want [%s]", tc.k, tc.atoms, got, tc.ready)
		}
	}
}
