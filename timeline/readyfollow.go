package timeline

import (
	"errors"

	"revl.dev/debug/timeline/rvt"
)

// readyFollow is a reader's ready set, followed from the trace's changes
// (rvt.ReadyChange) in a readyCopy's Fenwick tree, so that decoding a
// decision costs its change and the atom it chose (O(log n)), not the
// set's width: a wide composition's sets are tens of thousands of atoms,
// and listing each one made a pass over the trace quadratic. A set the
// trace stored out of ready-set order (rvt writes those whole) is kept
// as a list instead, as the positions of a change then index the list.
type readyFollow struct {
	set    *readyCopy
	list   []rvt.Ready // the set, when listed
	listed bool
}

var errReadyChange = errors.New("the ready-set change does not apply to the set before it")

func newReadyFollow(fibers int, init []rvt.Ready) *readyFollow {
	f := &readyFollow{set: newReadyCopy(fibers)}
	f.whole(init)
	return f
}

func (f *readyFollow) len() int {
	if f.listed {
		return len(f.list)
	}
	return f.set.size
}

// at is the atom at position k < len().
func (f *readyFollow) at(k int) rvt.Ready {
	if f.listed {
		return f.list[k]
	}
	return f.set.atom(f.set.at(k))
}

// all appends the set in order to buf.
func (f *readyFollow) all(buf []rvt.Ready) []rvt.Ready {
	switch {
	case f.listed:
		return append(buf, f.list...)
	case f.set.size*bitsLen(len(f.set.tree)) < len(f.set.in):
		for k := range f.set.size {
			buf = append(buf, f.at(k))
		}
		return buf
	}
	return f.set.list(buf)
}

// whole makes the set rs; any set is one (it is listed when the tree
// cannot hold it), so it cannot fail.
func (f *readyFollow) whole(rs []rvt.Ready) {
	c := f.set
	c.reset()
	if !rvt.Sorted(rs) || !allInCopy(c, rs) {
		f.list, f.listed = append(f.list[:0], rs...), true
		return
	}
	f.listed = false
	for _, a := range rs {
		c.set(c.slot(a), true)
	}
}

// allInCopy reports whether the tree can hold every atom of rs: it holds
// the lifecycle alphabet (activate and teardown of a fiber); the fine
// atoms (resume, complete, fire) are followed as a list.
func allInCopy(c *readyCopy, rs []rvt.Ready) bool {
	for _, a := range rs {
		if !c.valid(a) {
			return false
		}
	}
	return true
}

// apply applies a decision's change.
func (f *readyFollow) apply(ch rvt.ReadyChange) error {
	if ch.Whole {
		f.whole(ch.Added)
		return nil
	}
	if !f.listed && !allInCopy(f.set, ch.Added) {
		// A fine atom enters: follow the set as a list from here.
		f.list, f.listed = f.set.list(f.list[:0]), true
	}
	if f.listed {
		return f.applyListed(ch)
	}
	c := f.set
	slots := make([]int, 0, len(ch.Removed))
	for _, r := range ch.Removed {
		if r >= c.size {
			return errReadyChange
		}
		slots = append(slots, c.at(r))
	}
	for _, s := range slots {
		c.set(s, false)
	}
	for _, a := range ch.Added {
		if c.in[c.slot(a)] {
			return errReadyChange
		}
		c.set(c.slot(a), true)
	}
	return nil
}

// applyListed applies a change to a listed set as rvt's own decoding
// does: the survivors in their order, the added atoms merged in.
func (f *readyFollow) applyListed(ch rvt.ReadyChange) error {
	out, _, ok := rvt.ApplyReadyChange(nil, nil, f.list, ch.Removed, ch.Added)
	if !ok {
		return errReadyChange
	}
	f.list = out
	if rvt.Sorted(f.list) {
		// Back in order: follow it in the tree again (whole reads f.list
		// before it writes it, so it needs no copy).
		f.whole(f.list)
	}
	return nil
}
