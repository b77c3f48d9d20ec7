package travel

import (
	"maps"
	"slices"

	"revl.dev/debug/runtime"
	"revl.dev/debug/schedule"
)

// A cursor is one position of a schedule: the schedule's driver (a
// machine plus everything that decides what happens next and what the
// property monitor has seen) and the debugger's hit counters. Cursors are
// cloned into checkpoints and copied back out of them into the live
// cursor (thaw); a copy advanced with op produces exactly what the
// original would have.
//
// Positions are numbered by tick, the number of ops performed since the
// start of the schedule. An op is one driver op: beginning the atom the
// choice vector picks (at a decision boundary), or one step inside an
// atom. Tick t therefore names the same moment on every replay, which is
// what lets the engine go back by restoring an earlier cursor and running
// forward to t.
type cursor struct {
	e    *Engine
	d    *schedule.Driver
	tick int64
	// Counters of the debugger's breakpoints (hit counts), a function of the
	// position like everything else here; see Engine.SetCounter.
	hits map[int]int
	// last is the op that led to this position (nil at tick 0). A
	// checkpoint keeps it, so that stepping back can test the checkpoint's
	// own position without replaying from the checkpoint before it.
	last *Op
	// carry holds the events of the ops since the last stoppable position
	// (ops that lead where no user can stop, such as an atom that ends
	// inside Begin), for the next stoppable op's Carried. It is empty at
	// every stoppable position, so checkpoints never hold any.
	carry []runtime.Event
}

// Op is what the op leading to a position did.
type Op struct {
	Began    bool // it began the decision's atom
	Ended    bool // the atom ended: the position is the next decision's boundary
	Err      error
	Events   []runtime.Event
	Findings []Finding // property violations that became known at this op
	// Carried are the events of the ops right before this one that led to
	// positions no user can stop at: a stop that looks at what happened
	// (a data breakpoint) sees them here, at the first position it can
	// stop at after them.
	Carried []runtime.Event
}

// clone copies the cursor; the copy has its own machine.
func (c *cursor) clone() *cursor { return c.copyInto(new(cursor), c.d.Clone()) }

// copyInto makes dst a copy of c with driver d (c's, copied) and returns
// it.
func (c *cursor) copyInto(dst *cursor, d *schedule.Driver) *cursor {
	*dst = *c
	dst.d = d
	dst.hits = maps.Clone(c.hits)
	dst.carry = slices.Clone(c.carry)
	return dst
}

// frozen returns a copy to keep in a checkpoint.
func (c *cursor) frozen() *cursor {
	d := c.clone()
	if c.last != nil {
		// The op's events alias the live cursor's event buffer, which its
		// next op overwrites: keep a copy.
		last := *c.last
		last.Events = slices.Clone(last.Events)
		d.last = &last
	}
	return d
}

// thaw makes live, the engine's live cursor, a live copy of the frozen
// cursor c: live's machine is reset from c's (schedule.Driver.ReuseFrom),
// so that a step back at 50,000 components does not leave a machine's
// tables of garbage (megabytes) behind. It reads the engine's current
// choice vector, which a fork may have changed since the freeze.
func (c *cursor) thaw(live *cursor) {
	d := live.d
	d.ReuseFrom(c.d)
	c.copyInto(live, d)
	if !d.Choosing() {
		d.SetVector(c.e.vec)
	}
}

func (c *cursor) m() *runtime.Machine { return c.d.M }

// atEnd reports whether the schedule is over: a boundary with nothing
// ready, or the decision bound reached.
func (c *cursor) atEnd() bool { return c.d.AtEnd() }

// stoppable reports whether a user can stop here: every decision boundary
// and every stop point inside an atom. An atom can end inside Begin (a
// teardown with an empty frame): that position has no statement and the
// next op only observes the end.
func (c *cursor) stoppable() bool {
	if !c.d.InAtom {
		return true
	}
	_, ok := c.d.M.CurrentSpan()
	return ok
}

// op performs one op and reports what it did and the index chosen (-1
// inside an atom). It must not be called at the end.
func (c *cursor) op() (*Op, int) {
	s := c.d.Op()
	c.tick++
	o := &Op{Began: s.Began, Ended: s.Ended, Err: s.Err, Events: s.Events}
	for _, f := range s.Findings {
		o.Findings = append(o.Findings, Finding{f, c.tick})
	}
	choice := -1
	if s.Began {
		choice = s.Choice
	}
	return o, choice
}
