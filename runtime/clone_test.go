package runtime

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

// run drives m to the end of a script: it finishes the atom in progress,
// if any, then runs atoms[next:]. It returns what the end state looks like.
func finish(t *testing.T, m *Machine, atoms []Atom, next int) string {
	for m.InAtom() {
		m.Step()
	}
	for _, a := range atoms[next:] {
		if err := m.Run(a); err != nil {
			if _, ok := err.(*Error); !ok {
				t.Errorf("%s: %v", a, err)
			}
		}
	}
	return endState(m)
}

func endState(m *Machine) string {
	var b strings.Builder
	for _, e := range m.Emissions() {
		fmt.Fprintf(&b, "emission %d %s %s %d %d\n", e.Seq, e.Text, e.Fiber, e.Atom, e.Time)
	}
	for _, f := range m.Fibers() {
		fmt.Fprintf(&b, "fiber %s %s %q %v\n", f.Name, f.State, f.Frame, f.Err)
	}
	fmt.Fprintf(&b, "%s\nnow %d steps %d\n", m.Snapshot(), m.Now(), m.Steps())
	return b.String()
}

// checkClones runs the script on m one Step at a time, cloning the machine
// before every step (and between atoms). Each clone is then run to the end
// on its own goroutine and must produce exactly the events the original
// produced after that point, and the same end state.
func checkClones(t *testing.T, m *Machine, evs *[]Event, atoms []Atom) {
	type point struct {
		c      *Machine
		next   int // the next atom to begin
		prefix int // events before the clone
	}
	var points []point
	snap := func(next int) {
		points = append(points, point{m.Clone(), next, len(*evs)})
	}
	for i, a := range atoms {
		snap(i)
		if err := m.Begin(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		for {
			snap(i + 1)
			if done, _ := m.Step(); done {
				break
			}
		}
	}
	want := eventLines(*evs)
	wantEnd := endState(m)
	if len(points) < 2 {
		t.Fatalf("only %d clone points", len(points))
	}
	var wg sync.WaitGroup
	errs := make([]string, len(points))
	for k, p := range points {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var got []Event
			p.c.SetSink(func(e Event) { got = append(got, e) })
			end := finish(t, p.c, atoms, p.next)
			tail := eventLines((*evs)[p.prefix:])
			if g := eventLines(got); g != tail {
				errs[k] = fmt.Sprintf("clone at point %d (after %d events) diverges:\n%s", k, p.prefix, firstDiff(tail, g))
			} else if end != wantEnd {
				errs[k] = fmt.Sprintf("clone at point %d ends in another state:\n%s", k, firstDiff(wantEnd, end))
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != "" {
			t.Error(e)
			return
		}
	}
	// The original is untouched by its clones having run.
	if eventLines(*evs) != want || endState(m) != wantEnd {
		t.Error("running the clones changed the original")
	}
}

func TestCloneEquivalenceAtEveryStep(t *testing.T) {
	for _, name := range []string{"worked", "cache", "failure", "timers", "jobs", "uaf", "budget"} {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(goldenDir + "/" + name + ".rvl")
			if err != nil {
				t.Fatal(err)
			}
			m, evs := machineNamed(t, name+".rvl", string(src), parseOptions(t, header(string(src), "options")))
			checkClones(t, m, evs, parseAtoms(t, header(string(src), "atoms")))
		})
	}
	// Lifecycle tests run as one harness atom, stepped through nested
	// activations, teardowns and advances.
	for _, name := range []string{"cache", "lifecycle"} {
		src, err := os.ReadFile(goldenDir + "/" + name + ".rvl")
		if err != nil {
			t.Fatal(err)
		}
		prog := program(t, name+".rvl", string(src))
		for _, test := range prog.Tests {
			t.Run(name+"/"+test.Name.Value, func(t *testing.T) {
				m, err := New(prog, Options{})
				if err != nil {
					t.Fatal(err)
				}
				var evs []Event
				m.SetSink(func(e Event) { evs = append(evs, e) })
				checkClones(t, m, &evs, []Atom{{Kind: Harness, Test: test}})
			})
		}
	}
}

// TestConcurrentClonesOfOneMachine: the scheduler clones one pristine (or
// paused) machine from many goroutines; the clones must not race with each
// other or with the original, and all must run identically.
func TestConcurrentClonesOfOneMachine(t *testing.T) {
	src, err := os.ReadFile(goldenDir + "/cache.rvl")
	if err != nil {
		t.Fatal(err)
	}
	atoms := parseAtoms(t, header(string(src), "atoms"))
	base, _ := machineNamed(t, "cache.rvl", string(src), Options{})
	base.SetSink(nil)
	// Pause the base in the middle of an activation, with maps and
	// frames that the clones share.
	runAtoms(t, base, atoms[:2])
	if err := base.Begin(atoms[2]); err != nil {
		t.Fatal(err)
	}
	base.Step()
	const n = 8
	ends := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ends[i] = finish(t, base.Clone(), atoms, 3)
		}()
	}
	wg.Wait()
	for i := 1; i < n; i++ {
		if ends[i] != ends[0] {
			t.Fatalf("clone %d ended differently:\n%s", i, firstDiff(ends[0], ends[i]))
		}
	}
	if got := finish(t, base, atoms, 3); got != ends[0] {
		t.Errorf("the original ended differently:\n%s", firstDiff(ends[0], got))
	}
}
