package timeline

import (
	"fmt"
	"slices"

	"revl.dev/debug/runtime"
	"revl.dev/debug/timeline/rvt"
)

// readyCopy is the recorder's copy of the runtime's ready set, kept so a
// decision's ready set is written as the trace stores it (the positions,
// in the previous set, of the atoms that left it, and the atoms that
// entered: rvt's ready-set change) from what changed, without listing
// either set. An atom is a slot, kind × fibers + fiber, which sorts the
// slots in ready-set order (activations, then teardowns, each by load
// index); a Fenwick tree over the slots gives an atom's position and the
// atom at a position in O(log n), so a decision costs its changes, not
// the set's width.
type readyCopy struct {
	n    int
	in   []bool  // per slot: in the set
	tree []int32 // Fenwick tree over in, 1-based
	size int
	// sorted: the last set written was in ready-set order, so the next can
	// be written as a change (the format writes a set whole after one that
	// was not).
	sorted bool
	// prev lists the set when listed is set: the full path (Decide) merges
	// against it; a change (DecideChanges) leaves it stale.
	prev   []rvt.Ready
	listed bool
	// scratch
	stamp   []uint32
	epoch   uint32
	final   []bool
	touched []int
	removed []int
	gone    []int
	added   []rvt.Ready
}

func newReadyCopy(fibers int) *readyCopy {
	return &readyCopy{n: fibers, in: make([]bool, 2*fibers), tree: make([]int32, 2*fibers+1),
		sorted: true, listed: true, stamp: make([]uint32, 2*fibers), final: make([]bool, 2*fibers)}
}

func (c *readyCopy) slot(a rvt.Ready) int { return int(a.Kind)*c.n + a.Fiber }

func (c *readyCopy) atom(slot int) rvt.Ready {
	return rvt.Ready{Kind: runtime.AtomKind(slot / c.n), Fiber: slot % c.n}
}

func (c *readyCopy) valid(a rvt.Ready) bool {
	// A fail@F:N (FailAt) is no slot of the copy: it shares activate(F)'s.
	return (a.Kind == runtime.Activate || a.Kind == runtime.Teardown) && a.FailAt == 0 && a.Fiber >= 0 && a.Fiber < c.n
}

func (c *readyCopy) add(slot int, d int32) {
	for i := slot + 1; i < len(c.tree); i += i & -i {
		c.tree[i] += d
	}
}

// rank is the number of atoms of the set before slot: its position.
func (c *readyCopy) rank(slot int) int {
	n := int32(0)
	for i := slot; i > 0; i -= i & -i {
		n += c.tree[i]
	}
	return int(n)
}

// at is the slot of the atom at position k < size.
func (c *readyCopy) at(k int) int {
	pos, rest := 0, int32(k)
	for step := 1 << (bitsLen(len(c.tree)) - 1); step > 0; step >>= 1 {
		if next := pos + step; next < len(c.tree) && c.tree[next] <= rest {
			pos, rest = next, rest-c.tree[next]
		}
	}
	return pos
}

func bitsLen(x int) int {
	n := 0
	for ; x > 0; x >>= 1 {
		n++
	}
	return n
}

func (c *readyCopy) set(slot int, in bool) {
	if c.in[slot] == in {
		return
	}
	c.in[slot] = in
	if in {
		c.add(slot, 1)
		c.size++
	} else {
		c.add(slot, -1)
		c.size--
	}
}

// reset empties the set.
func (c *readyCopy) reset() {
	clear(c.in)
	clear(c.tree)
	c.size = 0
}

// list appends the set in ready-set order.
func (c *readyCopy) list(buf []rvt.Ready) []rvt.Ready {
	for s, in := range c.in {
		if in {
			buf = append(buf, c.atom(s))
		}
	}
	return buf
}

// current is the set as the trace's model state holds it (valid until
// the next change).
func (c *readyCopy) current() []rvt.Ready {
	if !c.listed {
		c.prev, c.listed = c.list(c.prev[:0]), true
	}
	return c.prev
}

// change applies the runtime's changes since the previous decision and
// returns the decision's ready-set change: removed positions ascending,
// added atoms in order (both valid until the next call).
func (c *readyCopy) change(changes []runtime.ReadyChange) ([]int, []rvt.Ready, error) {
	c.epoch++
	c.touched = c.touched[:0]
	for _, ch := range changes {
		a := rvt.Ready{Kind: ch.Kind, Fiber: ch.Fiber}
		if !c.valid(a) {
			return nil, nil, fmt.Errorf("atom kind %d of fiber %d is not a schedulable atom of this program", ch.Kind, ch.Fiber)
		}
		s := c.slot(a)
		if c.stamp[s] != c.epoch {
			c.stamp[s] = c.epoch
			c.touched = append(c.touched, s)
		}
		c.final[s] = ch.In
	}
	slices.Sort(c.touched)
	c.removed, c.gone, c.added = c.removed[:0], c.gone[:0], c.added[:0]
	for _, s := range c.touched {
		switch {
		case c.in[s] && !c.final[s]:
			c.removed = append(c.removed, c.rank(s)) // positions before any update
			c.gone = append(c.gone, s)
		case !c.in[s] && c.final[s]:
			c.added = append(c.added, c.atom(s))
		}
	}
	for _, s := range c.gone {
		c.set(s, false)
	}
	for _, a := range c.added {
		c.set(c.slot(a), true)
	}
	c.listed = false
	return c.removed, c.added, nil
}

// full takes the decision's whole set and returns its change from the
// previous one, or whole when the trace must store it whole (it or the
// previous set is not in ready-set order), exactly as rvt's
// SegmentWriter.Decision would.
func (c *readyCopy) full(cur []rvt.Ready) (removed []int, added []rvt.Ready, whole bool) {
	prev := c.current()
	ordered := rvt.Sorted(cur)
	if !ordered || !c.sorted {
		c.reset()
		for _, a := range cur {
			c.set(c.slot(a), true)
		}
		c.sorted = ordered
		c.prev = append(c.prev[:0], cur...)
		return nil, nil, true
	}
	c.removed, c.added = c.removed[:0], c.added[:0]
	i, j := 0, 0
	for i < len(prev) || j < len(cur) {
		switch {
		case j == len(cur) || (i < len(prev) && prev[i].Less(cur[j])):
			c.removed = append(c.removed, i)
			c.set(c.slot(prev[i]), false)
			i++
		case i == len(prev) || cur[j].Less(prev[i]):
			c.added = append(c.added, cur[j])
			c.set(c.slot(cur[j]), true)
			j++
		default:
			i++
			j++
		}
	}
	c.prev = append(c.prev[:0], cur...)
	return c.removed, c.added, false
}
