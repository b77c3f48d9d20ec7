package runtime

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fineRun drives a fine machine by a vector of ready-set indices (past its
// end, 0) until nothing is ready, and returns the atoms it ran, the ready
// sets it chose from, and the machine.
func fineRun(t *testing.T, src string, vec []int, opts Options) ([]string, [][]string, *Machine) {
	t.Helper()
	opts.Atoms = AtomsFine
	m, _ := machine(t, src, opts)
	var ran []string
	var readies [][]string
	for d := 0; m.ReadyLen() > 0; d++ {
		if d > 200 {
			t.Fatalf("no end after 200 atoms: %v", ran)
		}
		var labels []string
		for _, a := range m.Ready() {
			labels = append(labels, a.String())
		}
		readies = append(readies, labels)
		i := 0
		if d < len(vec) {
			i = min(vec[d], m.ReadyLen()-1)
		}
		a := m.ReadyAt(i)
		ran = append(ran, a.String())
		if err := m.Run(a); err != nil {
			var re *Error
			if !errors.As(err, &re) {
				t.Fatalf("%s: %v", a, err)
			}
		}
	}
	return ran, readies, m
}

const fineJobs = `service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component Warm requires log: Log {
  emit log.write("warming")
  let j = effect Job.run("warmup") undo j.cancel()
  await j
  emit log.write("warm")
}
component Other requires log: Log { emit log.write("other") }
`

const fineTimers = `service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component Clock requires log: Log {
  every 10s { emit log.write("tick") }
  after 15s { emit log.write("once") }
}
component Slow requires log: Log {
  every 20s { emit log.write("slow") }
}
`

const fineTie = `service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component Clock requires log: Log {
  after 10s { emit log.write("first") }
  every 10s { emit log.write("second") }
}
`

func TestFineAtoms(t *testing.T) {
	tests := []struct {
		name, src string
		vec       []int
		want      []string // the atoms run
		emissions []string
		states    []FiberState
		now       int64 // virtual time at the end
		maxFires  int
	}{{
		name: "canonical runs a suspended activation to its end first",
		src:  fineJobs,
		want: []string{"activate(Sink)", "activate(Warm)", "complete(job warmup)", "resume(Warm)",
			"activate(Other)", "teardown(Warm)", "teardown(Other)", "teardown(Sink)"},
		emissions: []string{`log.write("warming")`, `log.write("warm")`, `log.write("other")`},
		states:    []FiberState{Down, Down, Down},
	}, {
		name: "a sibling activates while Warm is suspended",
		src:  fineJobs,
		vec:  []int{0, 0, 1},
		want: []string{"activate(Sink)", "activate(Warm)", "activate(Other)", "complete(job warmup)", "resume(Warm)",
			"teardown(Warm)", "teardown(Other)", "teardown(Sink)"},
		emissions: []string{`log.write("warming")`, `log.write("other")`, `log.write("warm")`},
		states:    []FiberState{Down, Down, Down},
	}, {
		name:   "canonical never fires a timer",
		src:    fineTimers,
		want:   []string{"activate(Sink)", "activate(Clock)", "activate(Slow)", "teardown(Clock)", "teardown(Slow)", "teardown(Sink)"},
		states: []FiberState{Down, Down, Down},
	}, {
		name: "timers fire in deadline order, an every timer at most MaxFires times",
		src:  fineTimers,
		// After activate(Slow): ready teardown(Clock), teardown(Slow), fire(Clock).
		vec: []int{0, 0, 0, 2, 2, 2, 2, 2, 2},
		want: []string{"activate(Sink)", "activate(Clock)", "activate(Slow)",
			"fire(Clock)", "fire(Clock)", "fire(Clock)", "fire(Slow)", "fire(Clock)", "fire(Slow)",
			"teardown(Clock)", "teardown(Slow)", "teardown(Sink)"},
		// 10s tick, 15s once, 20s tick (Clock armed first), 20s slow,
		// 30s tick: Clock's every timer has fired 3 times; 40s slow.
		emissions: []string{`log.write("tick")`, `log.write("once")`, `log.write("tick")`, `log.write("slow")`,
			`log.write("tick")`, `log.write("slow")`},
		states: []FiberState{Down, Down, Down},
		now:    40000,
	}, {
		name:     "MaxFires 1: each every timer fires once",
		src:      fineTimers,
		maxFires: 1,
		vec:      []int{0, 0, 0, 2, 2, 2},
		want: []string{"activate(Sink)", "activate(Clock)", "activate(Slow)",
			"fire(Clock)", "fire(Clock)", "fire(Slow)", "teardown(Clock)", "teardown(Slow)", "teardown(Sink)"},
		emissions: []string{`log.write("tick")`, `log.write("once")`, `log.write("slow")`},
		states:    []FiberState{Down, Down, Down},
		now:       20000,
	}, {
		name: "one fiber's timers due at once fire in arm order",
		src:  fineTie,
		// After activate(Clock): ready teardown(Clock), fire(Clock).
		vec:       []int{0, 0, 1, 1, 1},
		want:      []string{"activate(Sink)", "activate(Clock)", "fire(Clock)", "fire(Clock)", "fire(Clock)", "teardown(Clock)", "teardown(Sink)"},
		emissions: []string{`log.write("first")`, `log.write("second")`, `log.write("second")`},
		states:    []FiberState{Down, Down},
		now:       20000,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ran, _, m := fineRun(t, tc.src, tc.vec, Options{MaxFires: tc.maxFires})
			if m.Now() != tc.now {
				t.Errorf("virtual time %dms, want %dms", m.Now(), tc.now)
			}
			if !slices.Equal(ran, tc.want) {
				t.Errorf("atoms:\n got %s\nwant %s", strings.Join(ran, ", "), strings.Join(tc.want, ", "))
			}
			var em []string
			for _, e := range m.Emissions() {
				em = append(em, e.Text)
			}
			if !slices.Equal(em, tc.emissions) {
				t.Errorf("emissions:\n got %v\nwant %v", em, tc.emissions)
			}
			for i, s := range tc.states {
				if got := m.FiberStateAt(i); got != s {
					t.Errorf("fiber %d: %s, want %s", i, got, s)
				}
			}
			if d := Diff(Snapshot{}, m.Snapshot()); len(d) > 0 {
				t.Errorf("residue: %v", d)
			}
		})
	}
}

// TestFineSuspendedState: while a fiber is suspended mid-activation it is
// activating, its published keys serve consumers, and its teardown waits.
func TestFineSuspendedState(t *testing.T) {
	src := `service KV { fn put(k: Str, v: Int) }
component Cache provides kv: KV {
  let m = effect Map.new() undo m.drop()
  provide kv { fn put(k, v) { m.insert(k, v) } }
  await Job.run("load")
}
component User requires kv: KV { effect kv.put("a", 1) undo kv.put("a", 0) }
`
	m, _ := machine(t, src, Options{Atoms: AtomsFine})
	if err := m.Run(Atom{Kind: Activate, Fiber: "Cache"}); err != nil {
		t.Fatal(err)
	}
	if s := m.FiberStateAt(0); s != Activating {
		t.Fatalf("Cache is %s, want activating", s)
	}
	var labels []string
	for _, a := range m.Ready() {
		labels = append(labels, a.String())
	}
	if want := []string{"complete(job load)", "activate(User)"}; !slices.Equal(labels, want) {
		t.Fatalf("ready %v, want %v", labels, want)
	}
	err := m.Run(Atom{Kind: Teardown, Fiber: "Cache"})
	var nr *NotReadyError
	if !errors.As(err, &nr) {
		t.Fatalf("teardown of a suspended fiber: %v, want NotReadyError", err)
	}
	if err := m.Run(Atom{Kind: Resume, Fiber: "Cache"}); !errors.As(err, &nr) {
		t.Fatalf("resume before the job completed: %v, want NotReadyError", err)
	}
	if got := m.Snapshot().Registry; !slices.Equal(got, []string{"Cache"}) {
		t.Errorf("registry %v: an activating fiber is live", got)
	}
}

// TestFineClone: a clone of a machine with a suspended activation runs
// forward exactly like the original.
func TestFineClone(t *testing.T) {
	m, evs := machine(t, fineJobs, Options{Atoms: AtomsFine})
	for _, a := range []Atom{{Kind: Activate, Fiber: "Sink"}, {Kind: Activate, Fiber: "Warm"}} {
		if err := m.Run(a); err != nil {
			t.Fatal(err)
		}
	}
	c := m.Clone()
	var cevs []Event
	c.SetSink(func(e Event) { cevs = append(cevs, e) })
	n := len(*evs)
	for _, mm := range []*Machine{m, c} {
		for mm.ReadyLen() > 0 {
			if err := mm.Run(mm.ReadyAt(0)); err != nil {
				t.Fatal(err)
			}
		}
	}
	var a, b []string
	for _, e := range (*evs)[n:] {
		a = append(a, e.String())
	}
	for _, e := range cevs {
		b = append(b, e.String())
	}
	if !slices.Equal(a, b) {
		t.Fatalf("clone diverged:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

// scanFine is the fine ready set by its definition, scanning everything
// (no counters, no incremental set): what fineReady must always equal.
func scanFine(m *Machine) []string {
	var out []string
	for _, f := range m.fibers {
		if f.state == Activating && f.susp != nil && m.host.jobs[f.susp.job].state != jobRunning {
			out = append(out, "resume("+f.comp.Name+")")
		}
	}
	for _, j := range m.host.jobs {
		if j.state == jobRunning {
			out = append(out, "complete(job "+j.name+")")
		}
	}
	for _, a := range m.readyScan(nil) {
		out = append(out, a.String())
	}
	if len(out) > 0 {
		for _, a := range m.readyFires(nil) {
			out = append(out, a.String())
		}
	}
	return out
}

// TestFineReadyMatchesScan drives every fine fixture and the runtime's
// timer and job programs by many vectors, on clones taken along the way,
// and checks the fine ready set (listed, by size and by index) against
// its definition at every boundary.
func TestFineReadyMatchesScan(t *testing.T) {
	files, _ := filepath.Glob("../testdata/fine/*.rvl")
	files = append(files, "../testdata/runtime/timers.rvl", "../testdata/runtime/jobs.rvl")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for v := 0; v < 30; v++ {
			m, _ := machineNamed(t, filepath.Base(file), string(src), Options{Atoms: AtomsFine})
			for d := 0; m.ReadyLen() > 0 && d < 100; d++ {
				want := scanFine(m)
				var got, at []string
				for _, a := range m.Ready() {
					got = append(got, a.String())
				}
				for i := range m.ReadyLen() {
					at = append(at, m.ReadyAt(i).String())
				}
				if !slices.Equal(got, want) || !slices.Equal(at, want) {
					t.Fatalf("%s vector %d decision %d: Ready %v, ReadyAt %v, by definition %v", file, v, d, got, at, want)
				}
				if d%3 == 1 {
					m = m.Clone() // the counters travel with the state
				}
				// A deterministic walk through the indices: vector v picks
				// (v*d+v) mod n.
				if err := m.Run(m.ReadyAt((v*d + v) % m.ReadyLen())); err != nil {
					var re *Error
					if !errors.As(err, &re) {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

// TestCrashSuspendedActivation: crash(F) of a fiber suspended at await
// unwinds its activation: the rest of the body never runs, the frame it
// built drains (the job's undo cancels it), F ends failed with the crash
// positioned at the await, and nothing of it stays ready.
func TestCrashSuspendedActivation(t *testing.T) {
	m, _ := machine(t, fineJobs, Options{Atoms: AtomsFine})
	for _, a := range []Atom{{Kind: Activate, Fiber: "Sink"}, {Kind: Activate, Fiber: "Warm"}} {
		if err := m.Run(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	warm := m.fiberIndex("Warm")
	if m.FiberStateAt(warm) != Activating {
		t.Fatalf("Warm is %s", m.FiberStateAt(warm))
	}
	var evs []string
	m.SetSink(func(e Event) { evs = append(evs, e.Kind.String()+" "+e.Text) })
	err := m.Run(Atom{Kind: Crash, Fiber: "Warm"})
	if err == nil || err.Error() != "app.rvl:6:3: injected crash of Warm" {
		t.Fatalf("crash: %v", err)
	}
	if m.FiberStateAt(warm) != Failed || !m.Faulted() {
		t.Fatalf("Warm is %s, faulted %v", m.FiberStateAt(warm), m.Faulted())
	}
	if _, ok := m.SuspendedAt(warm); ok || m.suspended != 0 {
		t.Fatal("Warm is still suspended")
	}
	if !slices.Contains(evs, "inverse undo j.cancel()") {
		t.Fatalf("the frame did not drain: %v", evs)
	}
	for _, a := range m.Ready() {
		if a.Fiber == "Warm" {
			t.Fatalf("%s is ready after the crash", a)
		}
	}
	var ems []string
	for _, e := range m.Emissions() {
		ems = append(ems, e.Text)
	}
	if !slices.Equal(ems, []string{`log.write("warming")`}) {
		t.Fatalf("emissions %v", ems)
	}
	if u := m.Unreleased(); len(u) != 0 {
		t.Fatalf("unreleased %v", u)
	}
	// Without a suspension to unwind, a crash still needs an active fiber.
	if err := m.Begin(Atom{Kind: Crash, Fiber: "Other"}); err == nil {
		t.Fatal("crash of a pending fiber began")
	}
}
