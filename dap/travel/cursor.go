package travel

import (
	"maps"
	"slices"

	"revl.dev/debug/runtime"
	"revl.dev/debug/schedule"
)

// A cursor is one position of a schedule: a machine plus everything that
// decides what happens next (the decision index, the ready set) and what
// the monitors have seen. Cursors are cloned into checkpoints and cloned
// back out of them; a clone advanced with op produces exactly what the
// original would have.
//
// Positions are numbered by tick, the number of ops performed since the
// start of the schedule. An op is one machine call: Begin of the atom the
// choice vector picks (at a decision boundary), or one Step inside an atom.
// Tick t therefore names the same moment on every replay, which is what
// lets the engine go back by restoring an earlier cursor and running
// forward to t.
type cursor struct {
	e      *Engine
	m      *runtime.Machine
	tick   int64
	dec    int          // the current decision: the one about to begin, or running
	inAtom bool         // an atom has begun and not ended
	atom   runtime.Atom // the running atom, when inAtom
	mon    monitor
	// Counters of the debugger's breakpoints (hit counts), a function of the
	// position like everything else here; see Engine.SetCounter.
	hits map[int]int
	// chooser replaces the choice vector while the engine first runs a
	// seeded schedule; nil afterwards.
	chooser schedule.Chooser
	// evs collects the events of the op in progress.
	evs []runtime.Event
	// last is the op that led to this position (nil at tick 0). A
	// checkpoint keeps it, so that stepping back can test the checkpoint's
	// own position without replaying from the checkpoint before it.
	last *Op
}

// Op is what the op leading to a position did.
type Op struct {
	Began    bool // it began the decision's atom
	Ended    bool // the atom ended: the position is the next decision's boundary
	Err      error
	Events   []runtime.Event
	Findings []Finding // property violations that became known at this op
}

func (c *cursor) sink(ev runtime.Event) {
	c.evs = append(c.evs, ev)
}

// clone copies the cursor; the copy has its own machine and ready set.
func (c *cursor) clone() *cursor {
	d := *c
	d.m = c.m.Clone()
	d.m.SetSink(d.sink)
	d.hits = maps.Clone(c.hits)
	d.evs = nil
	if s, ok := c.chooser.(*schedule.Seeded); ok {
		d.chooser = s.Clone()
	}
	return &d
}

// frozen returns a copy to keep in a checkpoint. It keeps only the fiber
// states of the ready set (n bytes instead of about 9n): thaw derives the
// rest, which costs O(n) once per restore.
func (c *cursor) frozen() *cursor {
	d := *c
	d.m = c.m.Clone()
	d.hits = maps.Clone(c.hits)
	d.evs = nil
	if c.last != nil {
		// The op's events alias the live cursor's event buffer, which its
		// next op overwrites: keep a copy.
		last := *c.last
		last.Events = slices.Clone(last.Events)
		d.last = &last
	}
	if s, ok := c.chooser.(*schedule.Seeded); ok {
		d.chooser = s.Clone()
	}
	return &d
}

// thaw returns a live copy of a frozen cursor.
func (c *cursor) thaw() *cursor {
	d := *c
	d.m = c.m.Clone()
	d.m.SetSink(d.sink)
	d.hits = maps.Clone(c.hits)
	if s, ok := c.chooser.(*schedule.Seeded); ok {
		d.chooser = s.Clone()
	}
	return &d
}

// atEnd reports whether the schedule is over: a boundary with nothing
// ready, or the decision bound reached.
func (c *cursor) atEnd() bool {
	return !c.inAtom && (c.m.ReadyLen() == 0 || c.dec >= c.e.maxDec)
}

// stoppable reports whether a user can stop here: every decision boundary
// and every stop point inside an atom. An atom can end inside Begin (a
// teardown with an empty frame): that position has no statement and the
// next op only observes the end.
func (c *cursor) stoppable() bool {
	if !c.inAtom {
		return true
	}
	_, ok := c.m.CurrentSpan()
	return ok
}

// choose picks the index of the atom to begin at the current boundary.
func (c *cursor) choose() int {
	n := c.m.ReadyLen()
	if c.chooser != nil {
		return c.chooser.Choose(n)
	}
	i := 0
	if c.dec < len(c.e.vec) {
		i = c.e.vec[c.dec]
	}
	return min(max(i, 0), n-1)
}

// op performs one op and reports what it did. It must not be called at the
// end.
func (c *cursor) op() (*Op, int) {
	c.evs = c.evs[:0]
	o := &Op{}
	choice := -1
	if !c.inAtom {
		choice = c.choose()
		c.atom = c.m.ReadyAt(choice)
		if err := c.m.Begin(c.atom); err != nil {
			// The ready set is the runtime's precondition; a refusal means the
			// two disagree, which tests rule out.
			panic("travel: ready set disagrees with the runtime: " + err.Error())
		}
		c.inAtom, o.Began = true, true
	} else {
		done, err := c.m.Step()
		if done {
			c.inAtom, o.Ended, o.Err = false, true, err
		}
	}
	c.tick++
	o.Events = c.evs
	c.mon.observe(c, o)
	if o.Ended {
		c.dec++
		if c.atEnd() {
			c.mon.atEnd(c, o)
		}
	}
	return o, choice
}

// states returns every fiber's state, in load order.
func (c *cursor) states() []runtime.FiberState {
	out := make([]runtime.FiberState, len(c.e.prog.LoadOrder))
	for i := range out {
		out[i] = c.m.FiberStateAt(i)
	}
	return out
}
