package eval

import (
	"slices"

	"revl.dev/debug/schedule"
)

// tree walks the schedule tree of a world choice by choice, cloning the
// driver at each decision, so every prefix is run once. It is the naive
// enumeration the exhaustive search is tested against, with two uses
// here: the fewest non-canonical choices (non-zero indices) that reach
// a property, and, where the partial-order search does not go (injected
// faults), every schedule.
type tree struct {
	w   *schedule.World
	tag string
	// limit bounds the atoms run; spent counts them, and out says the
	// limit was reached.
	limit, spent int
	out          bool
	// leaves and hits count completed schedules and those that showed
	// the tag (enumerate).
	leaves, hits int
	maxLeaves    int
	// firstHit is the vector of the first schedule that showed the tag.
	firstHit []int
}

// hasTag reports whether fs holds a finding of tag (of any tag for
// anyTag).
func hasTag(fs []schedule.Finding, tag string) bool {
	if tag == anyTag {
		return len(fs) > 0
	}
	return slices.ContainsFunc(fs, func(f schedule.Finding) bool { return f.Tag == tag })
}

// minDepth is the fewest non-zero choices of a schedule of w that shows
// a finding of tag, searched up to max (-1: none found within max, or
// the atom limit ran out first: out says which).
func minDepth(w *schedule.World, tag string, max, limit int) (depth int, out bool) {
	t := &tree{w: w, tag: tag, limit: limit}
	for d := 0; d <= max; d++ {
		if t.reach(schedule.NewDriver(w, nil, nil), nil, d) {
			return d, false
		}
		if t.out {
			return -1, true
		}
	}
	return -1, false
}

// reach reports whether a schedule continuing d from the prefix vec, with
// at most budget further non-zero choices, shows the tag.
func (t *tree) reach(d *schedule.Driver, vec []int, budget int) bool {
	for !d.AtEnd() {
		n := d.ReadyLen()
		if budget > 0 && n > 1 {
			for c := 1; c < n; c++ {
				cl := d.Clone()
				v := append(slices.Clone(vec), c)
				cl.SetVector(v)
				if t.step(cl) {
					return true
				}
				if t.out {
					return false
				}
				if t.reach(cl, v, budget-1) {
					return true
				}
				if t.out {
					return false
				}
			}
		}
		// The canonical choice continues on d itself.
		vec = append(vec, 0)
		d.SetVector(vec)
		if t.step(d) {
			return true
		}
		if t.out {
			return false
		}
	}
	return false
}

// step runs one atom and reports whether it showed the tag.
func (t *tree) step(d *schedule.Driver) bool {
	if t.spent >= t.limit {
		t.out = true
		return false
	}
	t.spent++
	s := d.RunAtom()
	return hasTag(s.Findings, t.tag)
}

// enumerate runs every schedule of w (up to maxLeaves of them) and counts
// those that show the tag.
func enumerate(w *schedule.World, tag string, maxLeaves int) (leaves, hits int, boundedOut bool) {
	t := enumerateTree(w, tag, maxLeaves)
	return t.leaves, t.hits, t.out
}

// enumerateTree is enumerate with the tree, for its first hit.
func enumerateTree(w *schedule.World, tag string, maxLeaves int) *tree {
	t := &tree{w: w, tag: tag, limit: 1 << 62, maxLeaves: maxLeaves}
	t.all(schedule.NewDriver(w, nil, nil), nil, false)
	return t
}

func (t *tree) all(d *schedule.Driver, vec []int, seen bool) {
	for !d.AtEnd() {
		n := d.ReadyLen()
		for c := 1; c < n; c++ {
			if t.out {
				return
			}
			cl := d.Clone()
			v := append(slices.Clone(vec), c)
			cl.SetVector(v)
			hit := t.step(cl)
			t.all(cl, v, seen || hit)
		}
		if t.out {
			return
		}
		vec = append(vec, 0)
		d.SetVector(vec)
		seen = t.step(d) || seen
	}
	if t.leaves >= t.maxLeaves {
		t.out = true
		return
	}
	t.leaves++
	if seen {
		if t.hits == 0 {
			t.firstHit = slices.Clone(vec)
		}
		t.hits++
	}
}
