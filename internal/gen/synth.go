package gen

import (
	"fmt"
	"strconv"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

// Synth is a synthetic run of the Wide shape at sizes the runtime cannot
// run yet (see the report in docs/performance.md): its events are the
// runtime's own events for Wide(3), captured once and renamed per
// component, so kinds, texts, spans and counts are what a real run of
// Wide(n) emits; its schedule keeps a sliding window of active consumers,
// so ready sets stay small and every component activates and tears down
// once: 2n decisions.
//
// Each decision is: the ready set, the chosen index, and the events.
type Synth struct {
	n, window int
	fibers    []string
	hubUp     []runtime.Event
	up, down  []runtime.Event
	hubDown   []runtime.Event
	plan      []runtime.Atom
	k         int
	next      int // the first component that may be pending
	seq       int64
	state     []runtime.FiberState
}

// NewSynth prepares a run of n >= 3 components with window active
// consumers at a time.
func NewSynth(n, window int) (*Synth, error) {
	if n < 3 || window < 1 {
		return nil, fmt.Errorf("gen: NewSynth(%d, %d): want n >= 3 and window >= 1", n, window)
	}
	prog, diags := check.Source("wide.rvl", Source(Wide(3)))
	if check.HasErrors(diags) {
		return nil, fmt.Errorf("gen: %v", diags[0].Error())
	}
	m, err := runtime.New(prog, runtime.Options{})
	if err != nil {
		return nil, err
	}
	var cur []runtime.Event
	m.SetSink(func(e runtime.Event) { cur = append(cur, e) })
	run := func(a runtime.Atom) []runtime.Event {
		cur = nil
		m.Run(a)
		return cur
	}
	s := &Synth{n: n, window: window}
	s.hubUp = run(runtime.Atom{Kind: runtime.Activate, Fiber: "H0"})
	s.up = run(runtime.Atom{Kind: runtime.Activate, Fiber: "C0_0"})
	run(runtime.Atom{Kind: runtime.Activate, Fiber: "C0_1"})
	s.down = run(runtime.Atom{Kind: runtime.Teardown, Fiber: "C0_0"})
	run(runtime.Atom{Kind: runtime.Teardown, Fiber: "C0_1"})
	s.hubDown = run(runtime.Atom{Kind: runtime.Teardown, Fiber: "H0"})
	s.fibers = append(s.fibers, "H0")
	for i := 0; i < n-1; i++ {
		s.fibers = append(s.fibers, "C0_"+strconv.Itoa(i))
	}
	// The plan: H0 up; each consumer up, and the one window places back
	// down; the rest down in order; H0 down.
	act := func(i int) runtime.Atom { return runtime.Atom{Kind: runtime.Activate, Fiber: s.fibers[i]} }
	tear := func(i int) runtime.Atom { return runtime.Atom{Kind: runtime.Teardown, Fiber: s.fibers[i]} }
	s.plan = append(s.plan, act(0))
	for i := 1; i < n; i++ {
		s.plan = append(s.plan, act(i))
		if i-window >= 1 {
			s.plan = append(s.plan, tear(i-window))
		}
	}
	for i := max(1, n-window); i < n; i++ {
		s.plan = append(s.plan, tear(i))
	}
	s.plan = append(s.plan, tear(0))
	s.state = make([]runtime.FiberState, n)
	return s, nil
}

// Fibers are the components in load order.
func (s *Synth) Fibers() []string { return s.fibers }

// Decisions is the number of decisions of the run (2n).
func (s *Synth) Decisions() int { return len(s.plan) }

// Source is the program the run stands for.
func (s *Synth) Source() []byte { return Source(Wide(s.n)) }

// Next returns the next decision: the ready set, the index chosen and
// the events of the atom; ok is false at the end. The slices are fresh.
func (s *Synth) Next() (ready []runtime.Atom, chosen int, events []runtime.Event, ok bool) {
	if s.k >= len(s.plan) {
		return nil, 0, nil, false
	}
	a := s.plan[s.k]
	// The ready set: the next two pending consumers (or H0), then the
	// active consumers that may tear down (or H0 once they are all down).
	pend := 0
	for s.next < s.n && s.state[s.next] != runtime.Pending {
		s.next++
	}
	for i := s.next; i < s.n && pend < 2; i++ {
		if s.state[i] == runtime.Pending && (i == 0 || s.state[0] == runtime.Active) {
			ready = append(ready, runtime.Atom{Kind: runtime.Activate, Fiber: s.fibers[i]})
			pend++
		}
	}
	lo := max(1, s.activeFrom())
	activeConsumers := 0
	for i := lo; i < s.n && i < lo+s.window+1; i++ {
		if s.state[i] == runtime.Active {
			ready = append(ready, runtime.Atom{Kind: runtime.Teardown, Fiber: s.fibers[i]})
			activeConsumers++
		}
	}
	if activeConsumers == 0 && s.state[0] == runtime.Active && s.allStarted() {
		ready = append(ready, runtime.Atom{Kind: runtime.Teardown, Fiber: "H0"})
	}
	chosen = -1
	for i, r := range ready {
		if r == a {
			chosen = i
		}
	}
	if chosen < 0 {
		ready = append(ready, a) // cannot happen with the plan above; keep the run going
		chosen = len(ready) - 1
	}
	idx := s.index(a.Fiber)
	var tmpl []runtime.Event
	switch {
	case idx == 0 && a.Kind == runtime.Activate:
		tmpl = s.hubUp
	case idx == 0:
		tmpl = s.hubDown
	case a.Kind == runtime.Activate:
		tmpl = s.up
	default:
		tmpl = s.down
	}
	mapTag := "map#" + strconv.Itoa(idx)
	r := replacer(func(x string) string {
		if x == "" {
			return x
		}
		return strings.ReplaceAll(strings.ReplaceAll(x, "C0_0", a.Fiber), "map#1", mapTag)
	})
	for _, e := range tmpl {
		e.Seq = s.seq + 1
		s.seq++
		e.Atom = s.k
		e.Fiber = r.Replace(e.Fiber)
		e.Text = r.Replace(e.Text)
		e.Caller = r.Replace(e.Caller)
		e.Provider = r.Replace(e.Provider)
		if e.Err != nil {
			c := *e.Err
			c.Msg = r.Replace(c.Msg)
			e.Err = &c
		}
		e.Snapshot = nil
		events = append(events, e)
	}
	if a.Kind == runtime.Activate {
		s.state[idx] = runtime.Active
	} else {
		s.state[idx] = runtime.Down
	}
	s.k++
	return ready, chosen, events, true
}

type replacer func(string) string

func (r replacer) Replace(s string) string { return r(s) }

func (s *Synth) index(f string) int {
	if f == "H0" {
		return 0
	}
	i, _ := strconv.Atoi(strings.TrimPrefix(f, "C0_"))
	return i + 1
}

// activeFrom is the first consumer that may still be active.
func (s *Synth) activeFrom() int {
	// Consumers go down in order, so the active ones are within the
	// window behind the next one to activate.
	return max(1, s.next-s.window-1)
}

func (s *Synth) allStarted() bool { return s.state[s.n-1] != runtime.Pending }
