package runtime

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

const workedSrc = `service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component A requires log: Log { emit log.write("A up") }
component B requires log: Log { emit log.write("B up") }
`

func emissionTexts(m *Machine) []string {
	var out []string
	for _, e := range m.Emissions() {
		out = append(out, e.Text)
	}
	return out
}

// kinds filters the events of the given kinds and renders their Text.
func texts(evs []Event, kinds ...EventKind) []string {
	var out []string
	for _, e := range evs {
		if slices.Contains(kinds, e.Kind) {
			out = append(out, e.Text)
		}
	}
	return out
}

// TestWorkedExample runs the canonical schedule of spec §6 by always taking
// index 0 of the ready set.
func TestWorkedExample(t *testing.T) {
	m, _ := machine(t, workedSrc, Options{})
	var labels []string
	for {
		ready := m.Ready()
		if len(ready) == 0 {
			break
		}
		labels = append(labels, ready[0].String())
		if err := m.Run(ready[0]); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"activate(Sink)", "activate(A)", "activate(B)", "teardown(A)", "teardown(B)", "teardown(Sink)"}
	if !slices.Equal(labels, want) {
		t.Errorf("canonical run = %v, want %v", labels, want)
	}
	if got := emissionTexts(m); !slices.Equal(got, []string{`log.write("A up")`, `log.write("B up")`}) {
		t.Errorf("emissions = %v", got)
	}
	for i, e := range m.Emissions() {
		if e.Atom != i+1 || e.Key != "log" || e.Service != "Log" || e.Method != "write" || e.Commutative {
			t.Errorf("emission %d = %+v", i, e)
		}
	}
	if s := m.Snapshot(); !s.Equal(Snapshot{}) {
		t.Errorf("end snapshot = %s, want empty", s)
	}
	for _, f := range m.Fibers() {
		if f.State != Down {
			t.Errorf("%s is %s, want down", f.Name, f.State)
		}
	}

	// B first changes the order of the emissions, which is what the
	// scheduler's unstable property detects.
	m2, _ := machine(t, workedSrc, Options{})
	runAtoms(t, m2, parseAtoms(t, "activate Sink, activate B, activate A"))
	if got := emissionTexts(m2); !slices.Equal(got, []string{`log.write("B up")`, `log.write("A up")`}) {
		t.Errorf("B-first emissions = %v", got)
	}
}

func TestBeginRefusesAtomsThatAreNotReady(t *testing.T) {
	m, evs := machine(t, workedSrc, Options{})
	for _, a := range []Atom{
		{Kind: Activate, Fiber: "A"},    // log has no live provision
		{Kind: Teardown, Fiber: "Sink"}, // not active
		{Kind: Activate, Fiber: "Nope"},
		{Kind: Advance, Millis: -1},
	} {
		var nr *NotReadyError
		if err := m.Begin(a); !errors.As(err, &nr) {
			t.Errorf("Begin(%s) = %v, want a NotReadyError", a, err)
		}
	}
	if len(*evs) != 0 {
		t.Errorf("refused atoms emitted events: %v", *evs)
	}
	if err := m.Begin(Atom{Kind: Activate, Fiber: "Sink"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Begin(Atom{Kind: Activate, Fiber: "A"}); err != ErrAtomInProgress {
		t.Errorf("Begin during an atom = %v", err)
	}
	for {
		if done, err := m.Step(); done {
			if err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	if _, err := m.Step(); err != ErrNoAtom {
		t.Errorf("Step after the atom = %v", err)
	}
	if err := m.Run(Atom{Kind: Activate, Fiber: "Sink"}); err == nil {
		t.Error("a fiber activated twice")
	}
}

func TestFailureUnwindsNewestFirstAndKeepsEmissions(t *testing.T) {
	src := workedSrc + `component C requires log: Log {
  let m = effect Map.new() undo m.drop()
  emit log.write("C 1") compensate log.write("C undo 1")
  let n = effect Map.new() undo n.drop()
  fail "boom"
}`
	m, evs := machine(t, src, Options{})
	runAtoms(t, m, parseAtoms(t, "activate Sink"))
	*evs = nil
	err := m.Run(Atom{Kind: Activate, Fiber: "C"})
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindFail || e.Msg != "fail: boom" || e.Span.Start.Line != 9 {
		t.Fatalf("err = %#v", err)
	}
	if got := texts(*evs, EvInverse); !slices.Equal(got, []string{"undo n.drop()", `compensate log.write("C undo 1")`, "undo m.drop()"}) {
		t.Errorf("inverses = %q", got)
	}
	if got := emissionTexts(m); !slices.Equal(got, []string{`log.write("C 1")`, `log.write("C undo 1")`}) {
		t.Errorf("emissions = %q", got)
	}
	st, _ := m.FiberState("C")
	f := m.Fibers()[3]
	if st != Failed || f.Err != e || len(f.Frame) != 0 {
		t.Errorf("C = %+v", f)
	}
	if u := m.Unreleased(); len(u) != 0 {
		t.Errorf("unreleased = %v", u)
	}
	// A failed fiber is neither ready to activate nor to tear down.
	for _, a := range m.Ready() {
		if a.Fiber == "C" {
			t.Errorf("ready: %s", a)
		}
	}
}

// TestTeardownOrder checks on every golden program that each fiber's
// inverses ran in exactly the reverse order of their pushes (adopted
// effects and released after-timers aside, which the per-test goldens pin).
func TestTeardownOrder(t *testing.T) {
	src, err := os.ReadFile(goldenDir + "/cache.rvl")
	if err != nil {
		t.Fatal(err)
	}
	m, evs := machine(t, string(src), Options{})
	runAtoms(t, m, parseAtoms(t, header(string(src), "atoms")))
	pushed := map[string][]string{}
	for _, e := range *evs {
		switch e.Kind {
		case EvPush:
			pushed[e.Fiber] = append(pushed[e.Fiber], e.Text)
		case EvInverse:
			stack := pushed[e.Fiber]
			if len(stack) == 0 || stack[len(stack)-1] != e.Text {
				t.Fatalf("%s ran %q, but the newest pending inverse is %q", e.Fiber, e.Text, stack)
			}
			pushed[e.Fiber] = stack[:len(stack)-1]
		}
	}
	for _, f := range []string{"Sink", "Store", "App"} {
		if len(pushed[f]) != 0 {
			t.Errorf("%s left %q", f, pushed[f])
		}
	}
}

func TestHostTraceLines(t *testing.T) {
	src := `component H {
  let m = effect Map.new() undo m.drop()
  effect m.insert("k", 1) undo m.remove("k")
  effect m.get("k") undo m.len()
  let p = effect Pool.open("pg://db", 2) undo p.close()
  effect p.query("select 1") undo p.execute("delete")
  let j = effect Job.run("warm") undo j.cancel()
  every 30s { m.len() }
  after 5m { m.len() }
}`
	m, evs := machine(t, src, Options{})
	runAtoms(t, m, parseAtoms(t, "activate H, advance 30s, teardown H"))
	want := []string{
		"map#1.new", "map#1.insert k", "map#1.get k", "pool#1.open pg://db", "pool#1.query select 1",
		"job.run warm start", "timer#1.schedule every 30000ms", "timer#2.schedule after 300000ms",
		"timer#1.fire #1 at 30000ms", "map#1.len",
		"timer#2.cancel", "timer#1.cancel", "job.run warm cancelled", "pool#1.execute delete",
		"pool#1.close pg://db", "map#1.len", "map#1.remove k", "map#1.drop",
	}
	if got := texts(*evs, EvHost, EvTimerFire); !slices.Equal(got, want) {
		t.Errorf("trace =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var acq, rel int
	for _, e := range *evs {
		if e.Acquire {
			acq++
		}
		if e.Release {
			rel++
		}
	}
	if acq != 5 || rel != 5 {
		t.Errorf("acquisitions %d, releases %d; want 5 and 5", acq, rel)
	}
}

func TestHostErrors(t *testing.T) {
	for _, c := range []struct {
		body string
		kind ErrorKind
		msg  string
	}{
		{`let p = effect Pool.open("pg://db", 0) undo p.close()`, KindHost, "Pool.open pg://db: size 0 < 1"},
		{`let p = effect Pool.open("boom://db", 1) undo p.close()`, KindHost, "Pool.open boom://db: connection refused"},
		{`let m = effect Map.new() undo m.drop()
		  effect m.drop() undo m.len()
		  effect m.get("x") undo m.len()`, KindUseAfterFree, "use-after-free: map#1.get after drop()"},
		{`let p = effect Pool.open("pg://db", 1) undo p.close()
		  effect p.close() undo p.close()
		  effect p.execute("x") undo p.close()`, KindUseAfterFree, "use-after-free: pool#1.execute after close()"},
		{`let j = effect Job.run("w") undo j.cancel()
		  effect j.cancel() undo j.cancel()
		  await j`, KindHost, "await: job w was cancelled"},
		{`effect 1 / 0 undo 0`, KindEval, "division by zero"},
		{`effect [1][3] undo 0`, KindEval, "index 3 out of range [0, 1)"},
	} {
		m, _ := machine(t, "component H {\n"+c.body+"\n}", Options{})
		err := m.Run(Atom{Kind: Activate, Fiber: "H"})
		var e *Error
		if !errors.As(err, &e) || e.Kind != c.kind || e.Msg != c.msg {
			t.Errorf("%s:\n got %v (%v)\nwant %s: %s", c.body, err, e.Kind, c.kind, c.msg)
		}
		if u := m.Unreleased(); len(u) != 0 {
			t.Errorf("%s: unwinding left %v", c.body, u)
		}
	}
}

func TestBudgets(t *testing.T) {
	src := `service Spin { fn spin() -> Int }
component S provides s: Spin { provide s { fn spin() { while (true) { } return 1 } } }
component U requires s: Spin { effect s.spin() undo 0 }
`
	m, _ := machine(t, src, Options{})
	runAtoms(t, m, parseAtoms(t, "activate S"))
	err := m.Run(Atom{Kind: Activate, Fiber: "U"})
	if !IsBudget(err) {
		t.Fatalf("while (true) {} ended with %v", err)
	}
	if !strings.Contains(err.Error(), "unbounded: step budget of 10000 steps exceeded in activate(U)") {
		t.Errorf("err = %v", err)
	}
	m, _ = machine(t, src, Options{CallBudget: 50})
	runAtoms(t, m, parseAtoms(t, "activate S"))
	if err := m.Run(Atom{Kind: Activate, Fiber: "U"}); !IsBudget(err) || !strings.Contains(err.Error(), "call budget of 50 steps exceeded in s.spin") {
		t.Errorf("call budget: %v", err)
	}
	m, _ = machine(t, src, Options{RunBudget: 30})
	runAtoms(t, m, parseAtoms(t, "activate S"))
	if err := m.Run(Atom{Kind: Activate, Fiber: "U"}); !IsBudget(err) || !strings.Contains(err.Error(), "run budget of 30 steps") {
		t.Errorf("run budget: %v", err)
	}
	// A spent run budget still lets a teardown withdraw and cancel (host
	// operations, no user code), while user inverses fail at once: either
	// way every inverse is consumed and the drain ends.
	if st, _ := m.FiberState("U"); st != Failed {
		t.Errorf("U is %s", st)
	}
	if err := m.Run(Atom{Kind: Teardown, Fiber: "S"}); err != nil {
		t.Errorf("teardown after the run budget: %v", err)
	}
	if len(m.Snapshot().Provisions) != 0 {
		t.Errorf("provisions left: %v", m.Snapshot().Provisions)
	}
}

func TestConfig(t *testing.T) {
	src := `service KV { fn url() -> Str }
component Store provides kv: KV {
  config { url: Str = "pg://default", size: Int = 2 }
  let p = effect Pool.open(config.url, config.size) undo p.close()
  provide kv { fn url() = ` + "`${config.url}/${config.size}`" + ` }
}
lifecycle test "defaults" {
  load Store
  let u = call kv.url()
  assert u == "pg://default/2"
  unload Store
  assert no_residue
}
lifecycle test "with" {
  load Store with { url: "pg://other" }
  let u = call kv.url()
  assert u == "pg://other/2"
  unload Store
  assert no_residue
}
lifecycle test "bad size" {
  load Store with { size: 0 }
  assert no_residue
}
`
	for _, r := range RunTests(program(t, "app.rvl", src), Options{}) {
		if !r.Passed {
			t.Errorf("%s: %s", r.Name, r.Message)
		}
		if r.Name == "bad size" && !slices.Contains(texts(r.Events, EvAtomEnd), "activate(Store)") {
			t.Errorf("bad size: no activation")
		}
	}
}

func TestLifecycleTestResults(t *testing.T) {
	src, err := os.ReadFile(goldenDir + "/lifecycle.rvl")
	if err != nil {
		t.Fatal(err)
	}
	prog := program(t, "lifecycle.rvl", string(src))
	got := map[string]TestResult{}
	var names []string
	for _, r := range RunTests(prog, Options{}) {
		got[r.Name] = r
		names = append(names, r.Name)
	}
	if !slices.Equal(names, []string{"clean", "compare fails", "residue", "waits forever", "pure"}) {
		t.Errorf("tests ran in order %q", names)
	}
	for _, c := range []struct{ name, want string }{
		{"clean", ""},
		{"compare fails", "assert n == 2 failed: 3 != 2"},
		{"residue", "assert no_residue failed: registry: [] -> [Store, A]; provisions: [] -> [api, kv]; effects: 0 -> 4; " +
			"listeners: [] -> [timer#1]; unreleased: map#1 (new() with no drop()), timer#1 (schedule() with no cancel())"},
		{"waits forever", ""},
		{"pure", ""},
	} {
		name, want := c.name, c.want
		r := got[name]
		if r.Passed != (want == "") || r.Message != want {
			t.Errorf("%s: passed=%v message %q, want %q", name, r.Passed, r.Message, want)
		}
		if want != "" && (r.Err == nil || r.Err.Kind != KindAssert || r.Err.Span.Start.Line == 0) {
			t.Errorf("%s: err = %#v", name, r.Err)
		}
	}
	// RunTest alone gives the same result as RunTests.
	one := RunTest(prog, prog.Tests[2], Options{})
	if one.Message != got["residue"].Message || eventLines(one.Events) != eventLines(got["residue"].Events) {
		t.Errorf("RunTest differs from RunTests")
	}
}

func TestResidueDiffFormat(t *testing.T) {
	cur := Snapshot{
		Registry:   []string{"A"},
		Provisions: []string{"api", "kv"},
		Effects:    []string{"A: undo m.drop()", "A: withdraw api"},
		Unreleased: []string{"map#1 (new() with no drop())"},
	}
	want := []string{"registry: [] -> [A]", "provisions: [] -> [api, kv]", "effects: 0 -> 2", "unreleased: map#1 (new() with no drop())"}
	if got := Diff(Snapshot{}, cur); !slices.Equal(got, want) {
		t.Errorf("Diff = %q", got)
	}
	if d := Diff(cur, cur); len(d) != 0 {
		t.Errorf("Diff of equal snapshots = %q", d)
	}
}

func TestPureValueTests(t *testing.T) {
	src, err := os.ReadFile(goldenDir + "/values.rvl")
	if err != nil {
		t.Fatal(err)
	}
	results := RunTests(program(t, "values.rvl", string(src)), Options{})
	if len(results) < 8 {
		t.Fatalf("%d results", len(results))
	}
	for _, r := range results {
		if !r.Passed {
			t.Errorf("%s: %s", r.Name, r.Message)
		}
	}
	// And a failing pure assert reports its values.
	r := RunTests(program(t, "app.rvl", `test "t" { assert 1 + 1 == 3 }`), Options{})[0]
	if r.Passed || r.Message != "assert 1 + 1 == 3 failed: 2 != 3" {
		t.Errorf("got %q", r.Message)
	}
}

// TestSequenceWithoutSink: events are numbered whether or not anyone
// listens, so a sink attached late sees the numbers a full log would have.
func TestSequenceWithoutSink(t *testing.T) {
	full, evs := machine(t, workedSrc, Options{})
	runAtoms(t, full, parseAtoms(t, "activate Sink, activate A, teardown A"))
	quiet, _ := machine(t, workedSrc, Options{})
	quiet.SetSink(nil)
	runAtoms(t, quiet, parseAtoms(t, "activate Sink, activate A"))
	var late []Event
	quiet.SetSink(func(e Event) { late = append(late, e) })
	runAtoms(t, quiet, parseAtoms(t, "teardown A"))
	if got, want := eventLines(late), eventLines((*evs)[len(*evs)-len(late):]); got != want {
		t.Errorf("late sink saw\n%s\nwant\n%s", got, want)
	}
}
