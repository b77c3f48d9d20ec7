package travel

import (
	"math/bits"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

// The ready set of spec §6, kept incrementally.
//
// runtime.Machine.Ready recomputes the set from scratch and, for every
// active fiber, scans the whole load order for its dependents
// (check.Program.Dependents), so one call costs O(n²) on a composition of n
// components: 2.5e9 steps per decision at 50,000 components, where a
// 100,000-decision schedule would never finish. Stepping back replays
// decisions, so the debugger needs a decision to cost O(what changed).
// readySet follows the fibers' state changes (EvFiber events) and keeps the
// two halves of the set (activations, teardowns) as bitsets in load order,
// which is exactly the runtime's order: activations first, then teardowns,
// each by load index. A test compares it with Machine.Ready at every
// decision of every fixture program.

// graph is the composition's dependency structure, built once per program
// and shared by every cursor.
type graph struct {
	n     int
	names []string
	// consumers[p] lists, once per required-key edge, the fibers that
	// require a key p provides (a fiber needing two of p's keys appears
	// twice, matching unmet's per-edge count).
	consumers [][]int32
	// providers[f] lists the distinct providers of f's required keys: the
	// fibers whose teardown f's state gates.
	providers [][]int32
	// dependents[p] lists the distinct fibers that require a key of p, in
	// load order (check.Program.Dependents, which costs O(n) a call).
	dependents [][]int32
	// orphan[f] is set when f requires a key nobody provides: it can never
	// activate in a schedule.
	orphan []bool
	edges  []int32 // per fiber: its number of required-key edges with a provider
}

func newGraph(p *check.Program) *graph {
	n := len(p.LoadOrder)
	g := &graph{n: n, names: make([]string, n), consumers: make([][]int32, n),
		providers: make([][]int32, n), dependents: make([][]int32, n), orphan: make([]bool, n), edges: make([]int32, n)}
	for _, c := range p.LoadOrder {
		f := c.LoadIndex
		g.names[f] = c.Name
		seen := map[int32]bool{}
		for _, k := range c.Requires {
			if k.Provider == nil {
				g.orphan[f] = true
				continue
			}
			pi := int32(k.Provider.LoadIndex)
			g.consumers[pi] = append(g.consumers[pi], int32(f))
			g.edges[f]++
			if !seen[pi] {
				seen[pi] = true
				g.providers[f] = append(g.providers[f], pi)
				g.dependents[pi] = append(g.dependents[pi], int32(f))
			}
		}
	}
	return g
}

// readySet is the ready set of one cursor. Only states is copied into a
// checkpoint; the counts and bitsets are derived from it on restore.
type readySet struct {
	g      *graph
	states []runtime.FiberState
	unmet  []int32 // per fiber: required-key edges whose provider is not active
	upDeps []int32 // per fiber: distinct dependents that are neither down nor failed
	act    []uint64
	tear   []uint64
	nAct   int
	nTear  int
	buf    []runtime.Atom // reused by atoms
}

func newReadySet(g *graph, states []runtime.FiberState) *readySet {
	words := (g.n + 63) / 64
	r := &readySet{g: g, states: states, unmet: make([]int32, g.n), upDeps: make([]int32, g.n),
		act: make([]uint64, words), tear: make([]uint64, words)}
	if r.states == nil {
		r.states = make([]runtime.FiberState, g.n) // all pending
	}
	for f := 0; f < g.n; f++ {
		for _, d := range g.consumers[f] {
			if r.states[f] != runtime.Active {
				r.unmet[d]++
			}
		}
		if !gone(r.states[f]) {
			for _, p := range g.providers[f] {
				r.upDeps[p]++
			}
		}
	}
	for f := 0; f < g.n; f++ {
		r.refresh(f)
	}
	return r
}

func gone(s runtime.FiberState) bool { return s == runtime.Down || s == runtime.Failed }

// change applies fiber f's state change.
func (r *readySet) change(f int, to runtime.FiberState) {
	from := r.states[f]
	if from == to {
		return
	}
	r.states[f] = to
	if (from == runtime.Active) != (to == runtime.Active) {
		d := int32(1)
		if to == runtime.Active {
			d = -1
		}
		for _, c := range r.g.consumers[f] {
			r.unmet[c] += d
			r.refresh(int(c))
		}
	}
	if gone(from) != gone(to) {
		d := int32(1)
		if gone(to) {
			d = -1
		}
		for _, p := range r.g.providers[f] {
			r.upDeps[p] += d
			r.refresh(int(p))
		}
	}
	r.refresh(f)
}

func (r *readySet) refresh(f int) {
	s := r.states[f]
	r.nAct += setBit(r.act, f, s == runtime.Pending && r.unmet[f] == 0 && !r.g.orphan[f])
	r.nTear += setBit(r.tear, f, s == runtime.Active && r.upDeps[f] == 0)
}

// setBit sets or clears bit i and returns how the population changed.
func setBit(bs []uint64, i int, on bool) int {
	w, m := i/64, uint64(1)<<(i%64)
	was := bs[w]&m != 0
	switch {
	case on && !was:
		bs[w] |= m
		return 1
	case !on && was:
		bs[w] &^= m
		return -1
	}
	return 0
}

// Len is the size of the ready set.
func (r *readySet) Len() int { return r.nAct + r.nTear }

// At returns the i-th atom of the ready set in the runtime's order.
func (r *readySet) At(i int) runtime.Atom {
	if i < r.nAct {
		return runtime.Atom{Kind: runtime.Activate, Fiber: r.g.names[kth(r.act, i)]}
	}
	return runtime.Atom{Kind: runtime.Teardown, Fiber: r.g.names[kth(r.tear, i-r.nAct)]}
}

// kth returns the index of the k-th set bit (from 0).
func kth(bs []uint64, k int) int {
	for w, x := range bs {
		c := bits.OnesCount64(x)
		if k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			x &= x - 1
		}
		return w*64 + bits.TrailingZeros64(x)
	}
	return -1
}

// atoms returns a slice of Len() atoms for a schedule.Chooser. The shipped
// choosers read only its length; the atoms are filled in when the set is
// small, and left zero beyond that so that a decision does not cost O(n)
// (see the request for a length-based Chooser in docs/dap.md).
func (r *readySet) atoms() []runtime.Atom {
	n := r.Len()
	if cap(r.buf) < n {
		r.buf = make([]runtime.Atom, n)
	}
	out := r.buf[:n]
	if n <= fillLimit {
		for i := range out {
			out[i] = r.At(i)
		}
	}
	return out
}

// fillLimit bounds the ready sets whose atoms are materialized for a chooser.
const fillLimit = 256

// List returns the first max atoms of the set (all when max <= 0).
func (r *readySet) List(max int) []runtime.Atom {
	n := r.Len()
	if max > 0 && n > max {
		n = max
	}
	out := make([]runtime.Atom, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, r.At(i))
	}
	return out
}
