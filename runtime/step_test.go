package runtime

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"revl.dev/debug/runtime/seam"
)

const stepSrc = `service Log { emission fn write(line: Str) }
service Fmt { fn render(n: Int) -> Str }
component Sink provides log: Log, fmt: Fmt {
  provide log {
    fn write(line) {
      let n = line.len()
      if (n > 100) { fail "too long" }
    }
  }
  provide fmt {
    fn render(n) {
      let s = ` + "`#${n}`" + `
      return s
    }
  }
}
component A requires log: Log, fmt: Fmt {
  emit log.write(fmt.render(7)) compensate log.write("A down")
}
`

// at renders where the machine is: the source text of the next statement
// and the innermost frame.
func at(m *Machine, src string) string {
	sp, ok := m.CurrentSpan()
	if !ok {
		return "<none>"
	}
	text := src[sp.Start.Offset:sp.End.Offset]
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	return text
}

// TestSteppingStopsInsideProviderMethods: a provision call in the middle of
// an expression stops at each statement of the provider's method, and the
// stack shows the caller below it.
func TestSteppingStopsInsideProviderMethods(t *testing.T) {
	m, _ := machine(t, stepSrc, Options{})
	runAtoms(t, m, parseAtoms(t, "activate Sink"))
	if err := m.Begin(Atom{Kind: Activate, Fiber: "A"}); err != nil {
		t.Fatal(err)
	}
	var stops []string
	var stacks []string
	for {
		stops = append(stops, at(m, stepSrc))
		var fs []string
		for _, f := range m.Stack("A") {
			fs = append(fs, fmt.Sprintf("%s@%s%v", f.Function, f.Fiber, f.Locals))
		}
		stacks = append(stacks, strings.Join(fs, " < "))
		if done, err := m.Step(); done {
			if err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	wantStops := []string{
		`emit log.write(fmt.render(7)) compensate log.write("A down")`,
		"let s = `#${n}`",
		"return s",
		"let n = line.len()",
		`if (n > 100) { fail "too long" }`,
	}
	if !slices.Equal(stops, wantStops) {
		t.Errorf("stops:\n%s", strings.Join(stops, "\n"))
	}
	wantStacks := []string{
		"activate A@A[]",
		"fmt.render@Sink[{n 7}] < activate A@A[]",
		`fmt.render@Sink[{n 7} {s "#7"}] < activate A@A[]`,
		`log.write@Sink[{line "#7"}] < activate A@A[]`,
		`log.write@Sink[{line "#7"} {n 2}] < activate A@A[]`,
	}
	if !slices.Equal(stacks, wantStacks) {
		t.Errorf("stacks:\n%s", strings.Join(stacks, "\n"))
	}

	// The provider's own view of the stack holds only its frames.
	m2, _ := machine(t, stepSrc, Options{})
	runAtoms(t, m2, parseAtoms(t, "activate Sink"))
	m2.Begin(Atom{Kind: Activate, Fiber: "A"})
	m2.Step()
	if s := m2.Stack("Sink"); len(s) != 1 || s[0].Function != "fmt.render" || m2.CurrentFiber() != "Sink" {
		t.Errorf("Sink's stack = %+v (current fiber %q)", s, m2.CurrentFiber())
	}
	if s := m2.Stack(""); len(s) != 2 {
		t.Errorf("whole stack = %+v", s)
	}
}

// TestSteppingUnwindingAndTeardown: each inverse is a step of its own.
func TestSteppingUnwindingAndTeardown(t *testing.T) {
	src := `component C {
  let m = effect Map.new() undo m.drop()
  let n = effect Map.new() undo n.drop()
  fail "no"
}
component D {
  let m = effect Map.new() undo m.drop()
  every 1s { m.len() }
}`
	m, _ := machine(t, src, Options{})
	steps := func(a Atom) []string {
		if err := m.Begin(a); err != nil {
			t.Fatal(err)
		}
		var out []string
		for {
			out = append(out, at(m, src))
			if done, _ := m.Step(); done {
				return out
			}
		}
	}
	got := steps(Atom{Kind: Activate, Fiber: "C"})
	want := []string{"let m = effect Map.new() undo m.drop()", "let n = effect Map.new() undo n.drop()", `fail "no"`, "n.drop()", "m.drop()"}
	if !slices.Equal(got, want) {
		t.Errorf("activate(C) stops %q", got)
	}
	steps(Atom{Kind: Activate, Fiber: "D"})
	got = steps(Atom{Kind: Advance, Millis: 2000})
	want = []string{"every 1s { m.len() }", "m.len()", "every 1s { m.len() }", "m.len()"}
	if !slices.Equal(got, want) {
		t.Errorf("advance stops %q", got)
	}
	got = steps(Atom{Kind: Teardown, Fiber: "D"})
	want = []string{"every 1s { m.len() }", "m.drop()"}
	if !slices.Equal(got, want) {
		t.Errorf("teardown(D) stops %q", got)
	}
}

// TestSteppingThroughALifecycleTest: a harness atom stops at test steps and
// inside the activations they start.
func TestSteppingThroughALifecycleTest(t *testing.T) {
	src := workedSrc + `lifecycle test "t" {
  load A
  load Sink
  unload A
}`
	prog := program(t, "app.rvl", src)
	m, err := New(prog, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Begin(Atom{Kind: Harness, Test: prog.Tests[0]}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for {
		got = append(got, at(m, src)+" @"+m.CurrentFiber())
		if done, err := m.Step(); done {
			if err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	want := []string{
		"load A @test", "load Sink @test",
		"provide log { fn write(line) { } } @Sink",
		`emit log.write("A up") @A`,
		"unload A @test",
	}
	if !slices.Equal(got, want) {
		t.Errorf("stops:\n%s", strings.Join(got, "\n"))
	}
}

// TestFinishIsStepping: Finish runs an atom through to the same end as
// stepping it with Step until done: the same error, the same events in
// the same order, the same end state, over seeded schedules of every
// example and fixture program (the fixtures' failing atoms among them).
func TestFinishIsStepping(t *testing.T) {
	progs := corpusPrograms(t, "../examples/*.rvl", "../testdata/schedule/*.rvl", "../testdata/runtime/*.rvl")
	if len(progs) < 10 {
		t.Fatalf("found only %d programs", len(progs))
	}
	atoms, failed := 0, 0
	for _, c := range progs {
		for seed := uint64(1); seed <= 8; seed++ {
			rng := seam.NewSeeded(seed)
			stepped, finished := c.base.Clone(), c.base.Clone()
			var stepEvs, finishEvs []Event
			stepped.SetSink(func(e Event) { stepEvs = append(stepEvs, e) })
			finished.SetSink(func(e Event) { finishEvs = append(finishEvs, e) })
			for d := 0; d < 4*len(c.prog.Components)+4; d++ {
				ready := stepped.Ready()
				if len(ready) == 0 {
					break
				}
				a := ready[seam.Intn(rng, len(ready))]
				if err := stepped.Begin(a); err != nil {
					t.Fatalf("%s seed %d: %v", c.name, seed, err)
				}
				if err := finished.Begin(a); err != nil {
					t.Fatalf("%s seed %d: %v", c.name, seed, err)
				}
				var stepErr error
				for {
					done, err := stepped.Step()
					if done {
						stepErr = err
						break
					}
				}
				finishErr := finished.Finish()
				if fmt.Sprint(stepErr) != fmt.Sprint(finishErr) {
					t.Fatalf("%s seed %d %s: Step ended with %v, Finish with %v", c.name, seed, a, stepErr, finishErr)
				}
				if s, f := eventLines(stepEvs), eventLines(finishEvs); s != f {
					t.Fatalf("%s seed %d %s: events differ at %s", c.name, seed, a, firstDiff(s, f))
				}
				if s, f := fmt.Sprint(stepped.Snapshot()), fmt.Sprint(finished.Snapshot()); s != f {
					t.Fatalf("%s seed %d %s: end state %s after Step, %s after Finish", c.name, seed, a, s, f)
				}
				if _, err := finished.Step(); err != ErrNoAtom {
					t.Fatalf("%s seed %d %s: after Finish, Step says %v, want ErrNoAtom", c.name, seed, a, err)
				}
				atoms++
				if finishErr != nil {
					failed++
				}
			}
		}
	}
	if atoms < 100 || failed == 0 {
		t.Fatalf("compared %d atoms, %d of them failing: too few to say", atoms, failed)
	}
	m, _ := machine(t, stepSrc, Options{})
	if err := m.Finish(); err != ErrNoAtom {
		t.Errorf("Finish with no atom begun: %v, want ErrNoAtom", err)
	}
}
