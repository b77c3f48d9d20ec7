// Package travel is the time-travel engine of the debugger: it runs one
// schedule of a composition forward one op at a time (an op begins a
// decision's atom or steps one statement), and goes back by restoring a
// checkpoint (a cloned cursor) and running forward. Everything it shows is
// a function of the position, so going back and forth gives identical
// states and events.
package travel

import (
	"errors"
	"slices"
	"sort"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/schedule"
)

// Tape says which schedule to run: a seed, a choice vector, or neither
// (the canonical run).
type Tape struct {
	Seed    *uint64
	Choices []int
}

// Options configure an engine. The runtime options and the decision
// bound are the world's.
type Options struct {
	// CheckpointBytes is the memory budget of the checkpoints (estimated
	// from the composition's size). Default 48 MiB, at least 8 checkpoints.
	CheckpointBytes int64
	// Spacing is the number of ops between backbone checkpoints. Default:
	// 256, or n/8 for a composition of n components when that is larger,
	// since a checkpoint costs O(n) to take.
	Spacing int64
	// Lazy: New does not run the schedule to its end; the engine learns
	// it as the position moves forward (or when asked: Learn, LearnAll),
	// and its memory is the checkpoints' budget and the history run so
	// far. Until the end is known (Known), EndTick is -1 and Decisions,
	// AllEmissions, AllFindings and Choices hold what has run.
	Lazy bool
}

// Finding is a property violation of the schedule (schedule.Monitor's)
// and the position at which it became known.
type Finding struct {
	schedule.Finding
	Tick int64
}

// Engine runs one schedule with time travel. It is not safe for
// concurrent use.
type Engine struct {
	w    *schedule.World
	prog *check.Program
	opts Options

	// vec is the choice vector: the choices drawn so far while ch draws
	// them (each drawn once, in order, when a decision is first reached),
	// the full vector once the end is known or for a vector tape.
	vec []int
	ch  schedule.Chooser

	cur *cursor
	cps store

	// History: what the schedule does, learnt the first time the engine
	// runs through it (New runs it to the end) and valid until a fork.
	decisions []Decision
	emissions []Emission
	findings  []Finding
	frontier  int64
	nOrdered  int   // non-commutative emissions recorded
	divTick   int64 // the tick of the first divergent emission, -1 for none
	end       int64 // the tick of the end position

	counter func(*Op, map[int]int)
}

// Decision is one decision of the schedule.
type Decision struct {
	Index   int
	Tick    int64 // the boundary before it
	EndTick int64 // the boundary after it (-1 while unknown)
	Choice  int
	Ready   int // the size of the ready set
	Atom    runtime.Atom
	Err     error // the atom's error
	// Readies are the ready set's labels when it has at most readiesLimit
	// atoms (nil beyond: listing a wide set costs O(n) a decision).
	Readies []string
}

const readiesLimit = 64

// Emission is one emission of the schedule.
type Emission struct {
	Index       int   // among all emissions
	Ordered     int   // among non-commutative ones; -1 for a commutative one
	Tick        int64 // the position right after it
	Decision    int
	Fiber       string
	Text        string
	Commutative bool
	// Canonical is the canonical run's emission at the same ordered index
	// ("" when it has none); Diverges is set when the two differ.
	Canonical string
	Diverges  bool
}

// New runs the tape's schedule of w to its end (unless opts.Lazy),
// checked by the world's property monitor against the world's canonical
// baseline (run once per world, when the comparison first needs it), and
// leaves the engine at the start.
func New(w *schedule.World, tape Tape, opts Options) (*Engine, error) {
	p := w.Program()
	n := len(p.LoadOrder)
	e := &Engine{w: w, prog: p, opts: opts}
	budget := opts.CheckpointBytes
	if budget <= 0 {
		budget = 48 << 20
	}
	// A checkpoint costs about 96 bytes a component, measured on the
	// 50,000-component benchmark (docs/performance.md): the machine's fiber
	// and host tables, the fibers and host maps the live machine copies on
	// write afterwards, and the emission arrays it pins.
	e.cps.max = int(min(max(budget/int64(96*n+65536), 8), 4096))
	e.cps.recent = max(4, e.cps.max/4)
	e.cps.spacing = opts.Spacing
	if e.cps.spacing <= 0 {
		e.cps.spacing = max(256, int64(n/8))
	}
	// Every driver reads the choice vector; the engine's own chooser draws
	// its entries as the schedule first reaches each decision, in order,
	// with the same set sizes a driver's chooser would see, so replays
	// from any checkpoint read what the first run drew.
	e.ch = schedule.Canonical{}
	switch {
	case tape.Seed != nil:
		e.ch = schedule.NewSeeded(*tape.Seed)
	case tape.Choices != nil:
		e.ch = nil
		e.vec = slices.Clone(tape.Choices)
	}
	e.reset()
	if !opts.Lazy {
		e.runToEnd()
	}
	e.Goto(0)
	return e, nil
}

// reset forgets the history and checkpoints and starts the schedule.
func (e *Engine) reset() {
	d := schedule.NewDriver(e.w, nil, nil)
	d.SetVector(e.vec)
	d.CollectEvents(true)
	c := &cursor{e: e, d: d, hits: map[int]int{}}
	e.cur = c
	e.decisions, e.emissions, e.findings, e.nOrdered = nil, nil, nil, 0
	e.frontier, e.end, e.divTick = 0, -1, -1
	e.cps.list = nil
	e.cps.add(c)
	if c.atEnd() {
		// Nothing is ever ready: the schedule ends before its first op.
		for _, f := range d.Monitor.End(d.M, 0, false, nil) {
			e.findings = append(e.findings, Finding{f, 0})
		}
		e.end = 0
		e.fixVector()
	}
}

// runToEnd runs the schedule from the current position to its end,
// learning its history; the vector is then fixed (fixVector).
func (e *Engine) runToEnd() {
	for !e.cur.atEnd() {
		e.step()
	}
	e.fixVector()
}

// fixVector sets the choice vector to the choices the schedule took, once
// its end is known, and stops drawing: from now on every replay reads it.
func (e *Engine) fixVector() {
	e.ch = nil
	e.vec = make([]int, len(e.decisions))
	for i, d := range e.decisions {
		e.vec[i] = d.Choice
	}
	e.cur.d.SetVector(e.vec)
	for _, cp := range e.cps.list {
		cp.c.d.SetVector(e.vec)
	}
}

// draw makes sure the vector has the choice of c's decision, at a
// boundary: while the engine draws, the first cursor to reach a decision
// draws its entry. c's driver then reads the vector as it is now.
func (e *Engine) draw(c *cursor) {
	if c.d.InAtom || c.atEnd() {
		return
	}
	if e.ch != nil && c.d.Decision == len(e.vec) {
		e.vec = append(e.vec, e.ch.Choose(c.d.ReadyLen()))
	}
	c.d.SetVector(e.vec)
}

// Known reports whether the schedule's end is known.
func (e *Engine) Known() bool { return e.end >= 0 }

// Learn runs the schedule ahead of what is known, without moving the
// position, until decision d is known (d < len(Decisions())) or the end
// is.
func (e *Engine) Learn(d int) {
	if e.end >= 0 || d < len(e.decisions) {
		return
	}
	here := e.cur.tick
	e.Goto(e.frontier)
	for len(e.decisions) <= d && !e.cur.atEnd() {
		e.step()
	}
	if e.cur.atEnd() {
		e.fixVector()
	}
	e.Goto(here)
}

// LearnAll learns the schedule to its end, without moving the position.
func (e *Engine) LearnAll() {
	if e.end < 0 {
		e.Learn(int(^uint(0) >> 1))
	}
}

// step performs one op, records what is new, keeps the hit counters and
// takes a backbone checkpoint when one is due.
func (e *Engine) step() *Op {
	c := e.cur
	ready := -1
	var labels []string
	if !c.d.InAtom {
		// The driver's set: the runtime's ready atoms, then with the world's
		// MaxFaults the crash(F) choices, which a vector picks like atoms.
		ready = c.d.ReadyLen()
		if c.tick >= e.frontier && ready <= readiesLimit {
			for i := 0; i < ready; i++ {
				labels = append(labels, c.d.ReadyAt(i).String())
			}
		}
	}
	e.draw(c)
	o, choice := c.op()
	c.last = o
	if c.stoppable() {
		o.Carried, c.carry = c.carry, nil
	} else {
		// The op's events alias the driver's buffer, which the next op
		// overwrites.
		c.carry = append(c.carry, o.Events...)
	}
	if c.tick > e.frontier {
		e.record(o, choice, ready)
		if o.Began {
			e.decisions[len(e.decisions)-1].Readies = labels
		}
	}
	if c.stoppable() {
		if e.counter != nil {
			e.counter(o, c.hits)
		}
		if e.cps.due(c.tick) {
			e.cps.add(c)
		}
	}
	return o
}

func (e *Engine) record(o *Op, choice, ready int) {
	c := e.cur
	e.frontier = c.tick
	if o.Began {
		e.decisions = append(e.decisions, Decision{Index: c.d.Decision, Tick: c.tick - 1, EndTick: -1, Choice: choice, Ready: ready, Atom: c.d.Atom})
	}
	for _, ev := range o.Events {
		if ev.Kind != runtime.EvEmission {
			continue
		}
		em := Emission{Index: len(e.emissions), Ordered: -1, Tick: c.tick, Decision: ev.Atom, Fiber: ev.Fiber, Text: ev.Text,
			Commutative: ev.Commutative}
		if !em.Commutative {
			em.Ordered = e.nOrdered
			e.nOrdered++
			if base := e.w.CanonicalOrdered(); em.Ordered < len(base) {
				em.Canonical = base[em.Ordered].Text
			}
			em.Diverges = em.Canonical != em.Text
		}
		e.emissions = append(e.emissions, em)
		if em.Diverges && e.divTick < 0 {
			e.divTick = em.Tick
		}
	}
	if o.Ended {
		d := &e.decisions[len(e.decisions)-1]
		d.EndTick, d.Err = c.tick, o.Err
	}
	e.findings = append(e.findings, o.Findings...)
	if c.atEnd() {
		e.end = c.tick
		e.fixVector()
	}
}

// Goto moves to tick t (clamped to the schedule) and returns the op that
// led there (nil at tick 0 or when t is a checkpoint).
func (e *Engine) Goto(t int64) *Op {
	if e.end >= 0 {
		t = min(t, e.end)
	}
	t = max(t, 0)
	if t < e.cur.tick || e.cps.at(t) >= 0 && e.cps.tick(e.cps.at(t)) > e.cur.tick {
		i := e.cps.at(t)
		e.cps.use(i)
		e.cps.list[i].c.thaw(e.cur)
	}
	for e.cur.tick < t && !e.cur.atEnd() {
		e.step()
	}
	return e.cur.last
}

// Mark keeps a checkpoint at the current position: the debugger calls it
// where the user stops, so that stepping back to it replays nothing.
func (e *Engine) Mark() { e.cps.add(e.cur) }

// Forward runs until stop accepts a stoppable position or the schedule
// ends. stop sees every op (so that it can report what each one did) and
// is obeyed only where the user can stop (Stoppable). It returns the last
// op and whether the position is the end.
func (e *Engine) Forward(stop func(*Op) bool) (*Op, bool) {
	var o *Op
	for !e.cur.atEnd() {
		o = e.step()
		if stop(o) && e.cur.stoppable() {
			break
		}
	}
	return o, e.cur.atEnd()
}

// Stoppable reports whether the current position is one a user can stop
// at: a decision boundary or a statement.
func (e *Engine) Stoppable() bool { return e.cur.stoppable() }

// Back goes to the latest position before the current one that match
// accepts (match sees the op that led there, nil at tick 0), scanning one
// checkpoint interval at a time from the nearest. It goes to tick 0 when
// no position matches, and reports whether one did.
func (e *Engine) Back(match func(*Op) bool) (*Op, bool) {
	hi := e.cur.tick - 1 // the last tick that may match
	for hi >= 0 {
		// Scan the positions [lo, hi] from the checkpoint at lo. The
		// checkpoint's own position is tested with the op it keeps (the
		// op that led there), so a checkpoint right behind the user, as
		// Mark leaves one, costs no replay at all.
		i := e.cps.at(hi)
		lo := e.cps.tick(i)
		e.cps.list[i].c.thaw(e.cur)
		found := int64(-1)
		if (lo == 0 || e.cur.stoppable()) && match(e.cur.last) {
			found = lo
		}
		for e.cur.tick < hi {
			o := e.step()
			if e.cur.stoppable() && match(o) {
				found = e.cur.tick
			}
		}
		if found >= 0 {
			return e.Goto(found), true
		}
		if lo == 0 {
			break
		}
		hi = lo - 1
	}
	e.Goto(0)
	return nil, false
}

// SetCounter installs the hit counter, run at every stoppable position of
// every replay so that hit counts are a function of the position, and
// recounts from the start: every checkpoint gets the counts at its tick.
func (e *Engine) SetCounter(f func(*Op, map[int]int)) {
	e.counter = f
	if f == nil {
		return
	}
	here := e.cur.tick
	e.cps.list[0].c.thaw(e.cur)
	e.cur.hits = map[int]int{}
	e.cps.list[0].c.hits = map[int]int{}
	last := e.cps.tick(len(e.cps.list) - 1)
	next := 1
	for e.cur.tick < max(last, here) {
		e.step()
		for next < len(e.cps.list) && e.cps.tick(next) <= e.cur.tick {
			if e.cps.tick(next) == e.cur.tick {
				e.cps.list[next].c.hits = cloneHits(e.cur.hits)
			}
			next++
		}
	}
	e.Goto(here)
}

func cloneHits(h map[int]int) map[int]int {
	out := make(map[int]int, len(h))
	//seam:unordered copying a map
	for k, v := range h {
		out[k] = v
	}
	return out
}

// Fork changes the choice at the current decision boundary to index and
// learns the new schedule's history: the run forks here. Later decisions
// keep their old choices (clamped to the new ready sets).
func (e *Engine) Fork(index int) error {
	c := e.cur
	if c.d.InAtom {
		return errors.New("fork only at a decision boundary")
	}
	if c.atEnd() {
		return errors.New("the schedule is over: nothing is ready")
	}
	if index < 0 || index >= c.d.ReadyLen() {
		return errors.New("no such ready atom")
	}
	// Later decisions keep their old choices: learn them first.
	e.LearnAll()
	c = e.cur
	d, t := c.d.Decision, c.tick
	vec := slices.Clone(e.vec)
	for len(vec) <= d {
		vec = append(vec, 0)
	}
	vec[d] = index
	e.vec = vec
	c.d.SetVector(vec)
	e.decisions = e.decisions[:d]
	k := sort.Search(len(e.emissions), func(i int) bool { return e.emissions[i].Tick > t })
	e.emissions = e.emissions[:k]
	e.nOrdered = 0
	for _, em := range e.emissions {
		if !em.Commutative {
			e.nOrdered++
		}
	}
	k = sort.Search(len(e.findings), func(i int) bool { return e.findings[i].Tick > t })
	e.findings = e.findings[:k]
	e.frontier, e.end = t, -1
	e.divTick = e.firstDivergence()
	e.cps.truncate(t)
	saved := e.cur.clone()
	e.runToEnd()
	e.cur = saved
	return nil
}

// The program and the schedule.

func (e *Engine) Program() *check.Program { return e.prog }
func (e *Engine) Choices() []int          { return slices.Clone(e.vec) }

// ChoicesView is Choices without the copy, for a reader that only looks
// (the Decision scope at every stop would otherwise copy the whole vector,
// 100,000 entries at 50,000 components): the caller must not modify it,
// and it is valid until the engine next runs or forks.
func (e *Engine) ChoicesView() []int { return e.vec }

func (e *Engine) Decisions() []Decision    { return e.decisions }
func (e *Engine) AllEmissions() []Emission { return e.emissions }
func (e *Engine) AllFindings() []Finding   { return e.findings }
func (e *Engine) EndTick() int64           { return e.end }
func (e *Engine) Checkpoints() int         { return len(e.cps.list) }
func (e *Engine) MaxDecisions() int        { return e.w.MaxDecisions() }
func (e *Engine) World() *schedule.World   { return e.w }

// The current position.

func (e *Engine) Machine() *runtime.Machine { return e.cur.d.M }
func (e *Engine) Tick() int64               { return e.cur.tick }
func (e *Engine) Decision() int             { return e.cur.d.Decision }
func (e *Engine) InAtom() bool              { return e.cur.d.InAtom }
func (e *Engine) Atom() runtime.Atom        { return e.cur.d.Atom }
func (e *Engine) AtEnd() bool               { return e.cur.atEnd() }
func (e *Engine) Hits() map[int]int         { return e.cur.hits }

// ReadyLen and ReadyAt expose the set the choice vector picks from at the
// current position: the runtime's ready set, then, when the world allows
// faults (schedule.Options.MaxFaults) and the schedule has some left, one
// crash(F) per active fiber (schedule.Driver.ReadyLen).
func (e *Engine) ReadyLen() int              { return e.cur.d.ReadyLen() }
func (e *Engine) ReadyAt(i int) runtime.Atom { return e.cur.d.ReadyAt(i) }

// Faults are the faults injected up to the current position.
func (e *Engine) Faults() []schedule.Fault { return e.cur.d.FaultLog }

// Next returns the index the choice vector picks at the current boundary
// (-1 at the end or inside an atom).
func (e *Engine) Next() int {
	e.draw(e.cur)
	return e.cur.d.Peek()
}

// FiberState is the state of fiber i (load order) at the current position.
func (e *Engine) FiberState(i int) runtime.FiberState { return e.cur.d.M.FiberStateAt(i) }

// FiberIndex returns the load index of a component, -1 when unknown.
func (e *Engine) FiberIndex(name string) int { return e.w.FiberIndex(name) }

// EmissionsSoFar returns the emissions made up to the current position.
func (e *Engine) EmissionsSoFar() []Emission {
	k := sort.Search(len(e.emissions), func(i int) bool { return e.emissions[i].Tick > e.cur.tick })
	return e.emissions[:k]
}

// Diverged reports whether an emission made so far differs from the
// canonical run's at the same index.
func (e *Engine) Diverged() bool { return e.divTick >= 0 && e.divTick <= e.cur.tick }

// firstDivergence finds the tick of the first divergent emission (-1).
func (e *Engine) firstDivergence() int64 {
	for _, em := range e.emissions {
		if em.Diverges {
			return em.Tick
		}
	}
	return -1
}

// FindingsSoFar returns the findings known at the current position.
func (e *Engine) FindingsSoFar() []Finding {
	k := sort.Search(len(e.findings), func(i int) bool { return e.findings[i].Tick > e.cur.tick })
	return e.findings[:k]
}

// DecisionTick returns the tick of decision d's boundary (d may be the
// number of decisions: the end).
func (e *Engine) DecisionTick(d int) int64 {
	e.Learn(d)
	if d >= len(e.decisions) {
		return e.end
	}
	return e.decisions[max(d, 0)].Tick
}
