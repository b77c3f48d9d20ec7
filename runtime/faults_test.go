package runtime

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	goldenfile "revl.dev/debug/internal/golden"
	"revl.dev/debug/runtime/seam"
	"revl.dev/debug/runtime/syntax"
)

// faultDir holds the fault-test programs and their goldens.
const faultDir = "../testdata/faults"

// faultReport renders a program's fault tests (status, injection point,
// notes, the whole event log of the run) and then its fault sweep (one
// line per step with each oracle's verdict).
func faultReport(t *testing.T, name, src string, opts Options) string {
	t.Helper()
	prog := program(t, name, src)
	var b strings.Builder
	for _, r := range RunTests(prog, opts) {
		if r.Kind != syntax.FaultTest {
			continue
		}
		status := "PASS"
		if r.Skipped {
			status = "SKIP"
		} else if !r.Passed {
			status = "FAIL"
		}
		fmt.Fprintf(&b, "== %s %q [%s]", status, r.Name, r.Injection)
		if r.Message != "" {
			fmt.Fprintf(&b, ": %s: %s", r.Position(name), r.Message)
		}
		b.WriteByte('\n')
		for _, n := range r.Notes {
			b.WriteString("  note: " + n + "\n")
		}
		b.WriteString(eventLines(r.Events))
	}
	outs, err := SweepFaults(prog, opts)
	if err != nil {
		t.Fatal(err)
	}
	b.WriteString("-- sweep --\n")
	for _, o := range outs {
		status := "PASS"
		if !o.SweepPassed() {
			status = "FAIL"
		}
		fmt.Fprintf(&b, "%s %s\n", status, o.Point)
		if !o.Injected {
			b.WriteString("  " + o.NotInjected + "\n")
		}
		for _, v := range o.Verdicts {
			if v.OK {
				fmt.Fprintf(&b, "  %s: ok\n", v.Check)
			} else {
				fmt.Fprintf(&b, "  %s: %s\n", v.Check, v.Why)
			}
		}
	}
	fmt.Fprintf(&b, "swept %d step(s) across %d component(s)\n", len(outs), FaultSweepComponents(outs))
	return b.String()
}

// TestFaultGolden runs every program under testdata/faults: its fault
// tests with their event logs, then the fault sweep.
func TestFaultGolden(t *testing.T) {
	eachProgram(t, faultDir, func(t *testing.T, name, src string) {
		// `// config: C.f=v` gives the sweep a value for a field
		// without a default.
		var opts Options
		if c := header(src, "config"); c != "" {
			v, err := ParseConfigValue(c)
			if err != nil {
				t.Fatal(err)
			}
			opts.Config = []ConfigValue{v}
		}
		got := faultReport(t, name+".rvl", src, opts)
		goldenfile.Check(t, filepath.Join(faultDir, name+".golden"), got, *update)
	})
}

// TestFaultVerdicts pins, per fixture, which fault tests pass and what a
// failing one names.
func TestFaultVerdicts(t *testing.T) {
	cases := []struct {
		file, test string
		passed     bool
		injection  string
		want       string // a substring of the message ("" when it passes)
	}{
		{"correct", "db dies mid-activation", true, "Store dies at step 3 (effect pool)", ""},
		{"correct", "dies after the emit", true, "Store dies at step 4 (emit log.write)", ""},
		{"correct", "dies at the last step", true, "Store dies at step 6 (provide kv)", ""},
		{"correct", "by effect name", true, "Store dies at step 2 (effect m)", ""},
		{"no_residue", "leaky undo", false, "Leaky dies at step 2 (effect m)",
			"assert no residue failed: pool#1 (open() with no close()) acquired by Leaky (step 1, no_residue.rvl:4:21) was never released"},
		{"inverse_fails", "double close", false, "Store dies at step 2 (effect)",
			"assert no residue failed: inverse undo pool.close() (step 2, inverse_fails.rvl:6:28) failed: use-after-free: pool#1.close after close()"},
		{"no_emissions", "chatty", false, "Chatty dies at step 2 (effect m)",
			`assert no emissions failed: emitted before the failure: log.write("Chatty up") (step 1, no_emissions.rvl:6:8)`},
		{"inverses_lifo", "self call", false, "SelfCall dies at step 3 (emit kv.put)",
			"assert inverses lifo failed: the unwind order first differs at position 3: expected withdraw kv (step 2, inverses_lifo.rvl:8:3), ran undo m.remove(k)"},
		{"siblings_unaffected", "joiner", false, "Joiner dies at step 2 (call reg.add)",
			"assert siblings unaffected failed: Registry kept undo names.remove(name) from the failed activation"},
		{"never_struck", "doomed", false, "Doomed dies at step 3 (effect n)",
			"the failure never struck: Doomed's activation failed on its own before the end of step 3: never_struck.rvl:8:3: fail: no"},
		{"never_struck", "orphan", false, "Orphan dies at step 1 (effect m)",
			"the failure never struck: Orphan never activated: key db has no provider"},
	}
	for _, c := range cases {
		t.Run(c.file+"/"+c.test, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(faultDir, c.file+".rvl"))
			if err != nil {
				t.Fatal(err)
			}
			prog := program(t, c.file+".rvl", string(src))
			var found bool
			for _, r := range RunTests(prog, Options{}) {
				if r.Name != c.test {
					continue
				}
				found = true
				if r.Passed != c.passed || r.Skipped || r.Injection != c.injection {
					t.Fatalf("passed %v skipped %v injection %q, want passed %v injection %q: %s",
						r.Passed, r.Skipped, r.Injection, c.passed, c.injection, r.Message)
				}
				if c.want != "" && !strings.Contains(r.Message, c.want) {
					t.Errorf("message %q\nwant it to contain %q", r.Message, c.want)
				}
				if !c.passed && r.Err == nil {
					t.Errorf("a failing fault test has no positioned error")
				}
			}
			if !found {
				t.Fatalf("no test %q", c.test)
			}
		})
	}
}

// TestFaultStepwise: stepping the faulted activation one statement at a
// time (as the debugger does) gives exactly the events of running it, and
// the injection strikes once.
func TestFaultStepwise(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(faultDir, "correct.rvl"))
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Config: []ConfigValue{{Component: "Store", Field: "url", Text: "pg://x"}}}
	for step := 1; step <= 6; step++ {
		run := func(stepwise bool) string {
			m, evs := machineNamed(t, "correct.rvl", string(src), opts)
			if err := m.Run(Atom{Kind: Activate, Fiber: "Sink"}); err != nil {
				t.Fatal(err)
			}
			if err := m.InjectFault("Store", step); err != nil {
				t.Fatal(err)
			}
			a := Atom{Kind: Activate, Fiber: "Store"}
			if !stepwise {
				_ = m.Run(a)
			} else {
				if err := m.Begin(a); err != nil {
					t.Fatal(err)
				}
				for {
					if done, _ := m.Step(); done {
						break
					}
				}
			}
			if !m.FaultInjected() {
				t.Fatalf("step %d: the failure did not strike", step)
			}
			if s, _ := m.FiberState("Store"); s != Failed {
				t.Fatalf("step %d: Store is %s", step, s)
			}
			return eventLines(*evs)
		}
		if a, b := run(false), run(true); a != b {
			t.Errorf("step %d: stepping differs from running:\n%s", step, firstDiff(a, b))
		}
	}
}

// TestInjectFaultRefuses: a step outside the body or an unknown
// component is an error, and nothing is armed.
func TestInjectFaultRefuses(t *testing.T) {
	m, _ := machine(t, `component A { let m = effect Map.new() undo m.drop() }`, Options{})
	for _, c := range []struct {
		fiber string
		step  int
		want  string
	}{
		{"A", 0, "component A has 1 step(s), so there is no step 0"},
		{"A", 2, "component A has 1 step(s), so there is no step 2"},
		{"B", 1, `no component "B"`},
	} {
		err := m.InjectFault(c.fiber, c.step)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("InjectFault(%s, %d) = %v, want %q", c.fiber, c.step, err, c.want)
		}
	}
	if err := m.Run(Atom{Kind: Activate, Fiber: "A"}); err != nil || m.FaultInjected() {
		t.Fatalf("a refused injection struck: %v", err)
	}
}

// TestFaultSweepMatchesFreshRuns: the sweep's shortcut (siblings
// activated once per target, without a log) gives exactly the outcome of
// a fresh run per step.
func TestFaultSweepMatchesFreshRuns(t *testing.T) {
	for _, file := range []string{"correct", "siblings_unaffected", "never_struck"} {
		src, err := os.ReadFile(filepath.Join(faultDir, file+".rvl"))
		if err != nil {
			t.Fatal(err)
		}
		prog := program(t, file+".rvl", string(src))
		opts := Options{Config: []ConfigValue{{Component: "Store", Field: "url", Text: "pg://x"}}}
		if file != "correct" {
			opts = Options{}
		}
		outs, err := SweepFaults(prog, opts)
		if err != nil {
			t.Fatal(err)
		}
		base, err := New(prog, opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outs {
			fresh := base.Clone().faultRun(prog.CompByName[o.Point.Component].LoadIndex, o.Point.Step, nil, false)
			fresh.Events = nil
			if got, want := fmt.Sprintf("%+v", o), fmt.Sprintf("%+v", fresh); got != want {
				t.Errorf("%s: %s:\nsweep %s\nfresh %s", file, o.Point, got, want)
			}
		}
	}
}

// TestCrash: crash(F) fails an active fiber mid-life with the runtime's
// own unwinding (newest first: the withdrawal, the compensation, the
// undo), and a consumer whose undo then calls the crashed provider sees a
// key that is not live.
func TestCrash(t *testing.T) {
	src := `service Log { emission fn write(line: Str) }
service KV { fn get(k: Str) -> Opt[Str] }
component Sink provides log: Log { provide log { fn write(line) { } } }
component Store requires log: Log provides kv: KV {
  let m = effect Map.new() undo m.drop()
  emit log.write("Store up") compensate log.write("Store down")
  provide kv { fn get(k) = m.get(k) }
}
component Reader requires kv: KV { let c = effect Map.new() undo kv.get("bye") }
`
	m, evs := machine(t, src, Options{})
	if err := m.Run(Atom{Kind: Crash, Fiber: "Store"}); err == nil || !strings.Contains(err.Error(), "Store is pending") {
		t.Fatalf("crash of a pending fiber: %v", err)
	}
	for _, f := range []string{"Sink", "Store", "Reader"} {
		if err := m.Run(Atom{Kind: Activate, Fiber: f}); err != nil {
			t.Fatal(err)
		}
	}
	*evs = nil
	err := m.Run(Atom{Kind: Crash, Fiber: "Store"})
	if err == nil || err.Error() != "app.rvl:4:11: injected crash of Store" {
		t.Fatalf("crash(Store) = %v", err)
	}
	var inverses []string
	for _, e := range *evs {
		if e.Kind == EvInverse {
			inverses = append(inverses, e.Text)
		}
	}
	want := []string{"withdraw kv", `compensate log.write("Store down")`, "undo m.drop()"}
	if !slices.Equal(inverses, want) {
		t.Errorf("unwinding %q, want %q", inverses, want)
	}
	if s, _ := m.FiberState("Store"); s != Failed {
		t.Errorf("Store is %s, want failed", s)
	}
	if snap := m.Snapshot(); slices.Contains(snap.Provisions, "kv") || len(snap.Unreleased) != 1 {
		t.Errorf("after the crash: %s", snap)
	}
	err = m.Run(Atom{Kind: Teardown, Fiber: "Reader"})
	var rerr *Error
	if !errors.As(err, &rerr) || rerr.Kind != KindNotLive {
		t.Fatalf("Reader's undo through the crashed provider: %v, want a not-live error", err)
	}
}

// TestStrandedReadySetMatchesScan: schedules that crash fibers mid-life
// strand consumers; the incremental ready set (teardown counters that
// count stranded fibers as gone) must agree with the scan at every
// decision, on clones too, and a stranded fiber must be pending with a
// failed or stranded provider.
func TestStrandedReadySetMatchesScan(t *testing.T) {
	stranded := 0
	for _, c := range corpusPrograms(t, "../testdata/faults/schedules/*.rvl", "../testdata/schedule/*.rvl") {
		name, p, base := c.name, c.prog, c.base
		for seed := uint64(1); seed <= 30; seed++ {
			rng := seam.NewSeeded(seed)
			m := base.Clone()
			for d := 0; d < 4*len(p.Components)+4; d++ {
				got, want := m.Ready(), m.readyScan(nil)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("%s seed %d decision %d: incremental %v, scan %v", name, seed, d, got, want)
				}
				for i, f := range m.fibers {
					if f.stranded {
						stranded++
						if f.state != Pending || !m.providerDead(i) || !m.Faulted() {
							t.Fatalf("%s seed %d: %s stranded while %s", name, seed, f.comp.Name, f.state)
						}
					}
				}
				if len(got) == 0 {
					break
				}
				var live []int
				for i, f := range m.fibers {
					if f.state == Active {
						live = append(live, i)
					}
				}
				if len(live) > 0 && seam.Intn(rng, 3) == 0 {
					_ = m.Run(Atom{Kind: Crash, Fiber: m.fibers[live[seam.Intn(rng, len(live))]].comp.Name})
				} else {
					_ = m.Run(got[seam.Intn(rng, len(got))])
				}
				if d%4 == 2 {
					c := m.Clone()
					if g, w := c.Ready(), c.readyScan(nil); fmt.Sprint(g) != fmt.Sprint(w) {
						t.Fatalf("%s seed %d: a clone's ready set %v, scan %v", name, seed, g, w)
					}
				}
			}
		}
	}
	if stranded == 0 {
		t.Fatal("no schedule stranded a fiber")
	}
}
