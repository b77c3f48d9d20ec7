package mocks

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/syntax"
)

// endState renders what a machine ended with, value streams included
// through what the emissions and call results show.
func endState(m *runtime.Machine) string {
	var b strings.Builder
	for _, e := range m.Emissions() {
		fmt.Fprintf(&b, "emission %d %s %s %d mock=%s args=%q\n", e.Seq, e.Text, e.Fiber, e.Atom, e.Mock, e.Args)
	}
	for _, f := range m.Fibers() {
		fmt.Fprintf(&b, "fiber %s %s %q %v\n", f.Name, f.State, f.Frame, f.Err)
	}
	fmt.Fprintf(&b, "%s\nnow %d steps %d\n", m.Snapshot(), m.Now(), m.Steps())
	return b.String()
}

func lines(evs []runtime.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.String() + "\n")
	}
	return b.String()
}

// checkClones steps m through atoms one Step at a time, cloning it before
// every step; each clone, run to the end on its own goroutine, must emit
// exactly the events the original emitted after that point and end in the
// same state. A mock's value streams are part of the machine state, so a
// clone taken between two calls of an operation must draw what the
// original drew.
func checkClones(t *testing.T, m *runtime.Machine, atoms []runtime.Atom) {
	t.Helper()
	var evs []runtime.Event
	m.SetSink(func(e runtime.Event) { evs = append(evs, e) })
	type point struct {
		c      *runtime.Machine
		next   int
		prefix int
	}
	var points []point
	for i, a := range atoms {
		points = append(points, point{m.Clone(), i, len(evs)})
		if err := m.Begin(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		for {
			points = append(points, point{m.Clone(), i + 1, len(evs)})
			if done, _ := m.Step(); done {
				break
			}
		}
	}
	want, wantEnd := lines(evs), endState(m)
	errs := make([]string, len(points))
	var wg sync.WaitGroup
	for k, p := range points {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var got []runtime.Event
			p.c.SetSink(func(e runtime.Event) { got = append(got, e) })
			for p.c.InAtom() {
				p.c.Step()
			}
			for _, a := range atoms[p.next:] {
				_ = p.c.Run(a)
			}
			if g, w := lines(got), lines(evs[p.prefix:]); g != w {
				errs[k] = fmt.Sprintf("clone %d (after %d events) diverges:\n%s", k, p.prefix, firstDiff(w, g))
			} else if e := endState(p.c); e != wantEnd {
				errs[k] = fmt.Sprintf("clone %d ends differently:\n%s", k, firstDiff(wantEnd, e))
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != "" {
			t.Fatal(e)
		}
	}
	if lines(evs) != want || endState(m) != wantEnd {
		t.Error("running the clones changed the original")
	}
	if len(points) < 4 {
		t.Fatalf("only %d clone points", len(points))
	}
}

// canonicalAtoms lists the atoms of w's canonical schedule.
func canonicalAtoms(t *testing.T, w *World) []runtime.Atom {
	m, err := runtime.New(w.Program, Options{}.RuntimeOptions())
	if err != nil {
		t.Fatal(err)
	}
	var out []runtime.Atom
	for {
		ready := m.Ready()
		if len(ready) == 0 {
			return out
		}
		out = append(out, ready[0])
		_ = m.Run(ready[0])
	}
}

// TestCloneEquivalenceInMockWorld: schedules of schedule worlds (mocks are
// fibers whose activations and teardowns are atoms) and lifecycle tests of
// lifecycle worlds (mocks derived, shared, released and derived again
// inside one harness atom) clone at every step.
func TestCloneEquivalenceInMockWorld(t *testing.T) {
	for _, name := range []string{"app", "values", "interleave"} {
		t.Run("schedule/"+name, func(t *testing.T) {
			w, err := Derive(load(t, name+".rvl"), ScheduleWorld)
			if err != nil {
				t.Fatal(err)
			}
			m, err := runtime.New(w.Program, Options{}.RuntimeOptions())
			if err != nil {
				t.Fatal(err)
			}
			checkClones(t, m, canonicalAtoms(t, w))
		})
	}
	for _, name := range []string{"types", "sharing", "precedence", "residue", "app"} {
		p := load(t, name+".rvl")
		w, err := Derive(p, LifecycleWorld)
		if err != nil {
			t.Fatal(err)
		}
		for _, test := range w.Program.Tests {
			if test.Kind == syntax.PureTest {
				continue
			}
			t.Run("lifecycle/"+name+"/"+test.Name.Value, func(t *testing.T) {
				m, err := runtime.New(w.Program, Options{}.RuntimeOptions())
				if err != nil {
					t.Fatal(err)
				}
				checkClones(t, m, []runtime.Atom{{Kind: runtime.Harness, Test: test}})
			})
		}
	}
}

// TestConcurrentClonesOfAPausedMockWorld: clones of one machine paused
// between two calls of a mock operation draw the same next values.
func TestConcurrentClonesOfAPausedMockWorld(t *testing.T) {
	w, err := Derive(load(t, "values.rvl"), ScheduleWorld)
	if err != nil {
		t.Fatal(err)
	}
	atoms := canonicalAtoms(t, w)
	base, err := runtime.New(w.Program, Options{}.RuntimeOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range atoms[:3] { // both mocks and A are up; A drew once
		if err := base.Run(a); err != nil {
			t.Fatal(err)
		}
	}
	if err := base.Begin(atoms[3]); err != nil { // B, stopped at its first statement
		t.Fatal(err)
	}
	const n = 8
	ends := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := base.Clone()
			for c.InAtom() {
				c.Step()
			}
			for _, a := range atoms[4:] {
				_ = c.Run(a)
			}
			ends[i] = endState(c)
		}()
	}
	wg.Wait()
	for i := 1; i < n; i++ {
		if ends[i] != ends[0] {
			t.Fatalf("clone %d ended differently:\n%s", i, firstDiff(ends[0], ends[i]))
		}
	}
}
