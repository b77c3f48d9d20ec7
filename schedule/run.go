package schedule

import (
	"fmt"
	"slices"
	"strconv"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// Observer watches a schedule as a Driver runs it. The property monitor
// is built into the driver; observers are what else a run feeds: the
// result of a sweep, the trace recorder.
type Observer interface {
	// Decide is called when decision d.Decision begins: the machine's ready
	// set (of size ready) is the one the chooser picked index chosen from,
	// and the atom has not begun yet.
	Decide(d *Driver, ready, chosen int)
	// Event is called for every event of the machine, in order. (By value:
	// a pointer passed through an interface would move every event of
	// every schedule to the heap.)
	Event(ev runtime.Event)
	// End is called once the schedule is over, with the driver at its end.
	End(d *Driver)
}

// Driver runs one schedule of a world: the one loop over the runtime's
// ready set that the sweep, the trace recorder and the debugger share. It
// can go one op at a time (Op: begin the chosen atom, or step it by one
// statement), as the debugger does, or one atom at a time (RunAtom).
//
// A Driver's position is its machine, its decision, its chooser and its
// monitor: Clone copies all of them, so a clone run forward does exactly
// what the original would have.
type Driver struct {
	W *World
	M *runtime.Machine
	// Decision is the current decision: the one about to begin, or running.
	Decision int
	// InAtom says an atom has begun and not ended; Atom is that atom.
	InAtom bool
	Atom   runtime.Atom
	// Monitor checks the properties as the schedule runs.
	Monitor Monitor
	// End is the end snapshot, once the schedule is over.
	End runtime.Snapshot
	// Faults counts the faults injected so far (Options.MaxFaults);
	// FaultLog says where.
	Faults   int
	FaultLog []Fault
	// failing is the index in FaultLog of a fail@F:N whose failure is
	// armed and has not struck yet (-1: none); fset caches the fault
	// choices of decision fsetAt-1 (0: none cached). A clone shares fset,
	// which is replaced, never changed in place.
	failing int
	// atomFi is Atom's fiber (load index) when the ready set said it, else -1.
	atomFi int
	fset   []runtime.Atom
	fsetAt int
	named  int // findings of the op in progress already related to the faults
	// chooser picks at each decision; nil reads vector. aware is chooser
	// as a ReadyAware when it is one, asserted once rather than at every
	// decision.
	chooser Chooser
	aware   ReadyAware
	vector  []int
	obs     Observer
	// evObs gets the events: obs, or nil when nothing wants them (a
	// sweep), so the hot path makes no call per event.
	evObs Observer
	// found collects the findings of the op in progress; events collects
	// its events when Collect is set.
	found   []Finding
	events  []runtime.Event
	collect bool
}

// NewDriver starts a schedule of w at its first decision, choosing with
// ch (nil: the canonical run) and checked against w's baseline. obs may be
// nil.
func NewDriver(w *World, ch Chooser, obs Observer) *Driver {
	if ch == nil {
		ch = Canonical{}
	}
	return newDriver(w, ch, obs, NewMonitor(w))
}

// NewUncheckedDriver is NewDriver without the property monitor (and so
// without running the canonical baseline), for runs that are recorded or
// stepped but not judged.
func NewUncheckedDriver(w *World, ch Chooser, obs Observer) *Driver {
	if ch == nil {
		ch = Canonical{}
	}
	return newDriver(w, ch, obs, Monitor{})
}

func newDriver(w *World, ch Chooser, obs Observer, mon Monitor) *Driver {
	d := new(Driver)
	d.start(w, ch, obs, mon, d.sink)
	return d
}

// start makes d a driver at the first decision of a schedule of w on a
// fresh machine, keeping only the op buffers (found, events) of what d
// was. sink is d.sink, passed in so that a driver reused schedule after
// schedule binds it once.
func (d *Driver) start(w *World, ch Chooser, obs Observer, mon Monitor, sink func(runtime.Event)) {
	// Cleared and filled in place: a literal that reads d's buffers is
	// built in a temporary and copied in, 544 bytes twice a schedule.
	found, events := d.found[:0], d.events[:0]
	*d = Driver{}
	d.W, d.M, d.chooser, d.obs, d.evObs, d.Monitor, d.failing = w, w.Machine(), ch, obs, obs, mon, -1
	d.found, d.events = found, events
	d.M.SetSink(sink)
	if _, seeded := ch.(*Seeded); seeded {
		return // a sweep's chooser, neither aware nor bound: no interface lookups
	}
	d.aware, _ = ch.(ReadyAware)
	// The exhaustive search picks atoms, not indices: its chooser reads the
	// ready set of the driver it chooses for (exhaustive.go).
	if b, ok := ch.(interface{ bindDriver(*Driver) }); ok {
		b.bindDriver(d)
	}
}

// SetVector makes the driver read its choices from v from now on (the
// chooser is dropped): past its end it reads 0, an index too large is
// clamped to the last one.
func (d *Driver) SetVector(v []int) { d.chooser, d.aware, d.vector = nil, nil, v }

// Choosing reports whether the driver draws from a chooser rather than
// reading a vector.
func (d *Driver) Choosing() bool { return d.chooser != nil }

// CollectEvents makes each op keep its events for Op to return.
func (d *Driver) CollectEvents(on bool) {
	d.collect = on
	if on {
		d.M.SetSinkKinds(runtime.AllEvents)
	}
}

func (d *Driver) sink(ev runtime.Event) {
	d.found = d.Monitor.Event(&ev, d.found)
	if d.evObs != nil {
		d.evObs.Event(ev)
	}
	if d.collect {
		d.events = append(d.events, ev)
	}
}

// Clone copies the driver at its position; the copy has its own machine
// and chooser and no observer.
func (d *Driver) Clone() *Driver {
	c := new(Driver)
	c.copyOf(d, d.M.Clone())
	return c
}

// ReuseFrom makes d what src.Clone() would return, in place: d's machine
// is reset from src's (runtime.Machine.ReuseFrom) instead of a new one
// cloned. src is not changed and must never run afterwards (a debugger's
// checkpoint); d's old position is gone.
func (d *Driver) ReuseFrom(src *Driver) {
	m := d.M
	m.ReuseFrom(src.M)
	d.copyOf(src, m)
}

// copyOf makes d a copy of src at its position, with machine m (src's,
// copied) and its own chooser, and no observer.
func (d *Driver) copyOf(src *Driver, m *runtime.Machine) {
	*d = *src
	d.M = m
	d.M.SetSink(d.sink)
	d.obs, d.evObs = nil, nil
	d.found, d.events = nil, nil
	d.FaultLog = slices.Clone(src.FaultLog)
	if s, ok := src.chooser.(ChooserCloner); ok {
		d.chooser = s.CloneChooser()
		d.aware, _ = d.chooser.(ReadyAware)
	}
}

// Truncated reports whether the schedule reached the decision bound with
// atoms still ready.
func (d *Driver) Truncated() bool {
	return !d.InAtom && d.Decision >= d.W.opts.MaxDecisions && d.M.ReadyLen() > 0
}

// AtEnd reports whether the schedule is over: a boundary with nothing
// ready, or the decision bound reached.
func (d *Driver) AtEnd() bool {
	return !d.InAtom && (d.M.ReadyLen() == 0 || d.Decision >= d.W.opts.MaxDecisions)
}

// ReadyLen is the size of the set the chooser picks from: the runtime's
// ready set and, with Options.MaxFaults while the schedule has faults
// left, the fault choices after it (faultChoices), so that a fault is a
// choice like any other: it replays from the vector, and shrinking lowers
// it toward the runtime's atoms, which drops it.
func (d *Driver) ReadyLen() int {
	n := d.M.ReadyLen()
	if d.W.opts.MaxFaults <= 0 {
		return n // no fault choices: skip the call, asked several times a decision
	}
	return n + len(d.faultChoices(n))
}

// ReadyAt is the i-th atom of that set.
func (d *Driver) ReadyAt(i int) runtime.Atom {
	n := d.M.ReadyLen()
	if i < n {
		return d.M.ReadyAt(i)
	}
	if fs := d.faultChoices(n); i-n < len(fs) {
		return fs[i-n]
	}
	panic("schedule: no ready atom at that index")
}

// faultChoices are the fault choices after a runtime ready set of n atoms
// (none when it is empty: a fault never prolongs a schedule that is over):
// crash(F) for every active fiber F (and, with fine atoms, every fiber
// suspended mid-activation), in load order; then, with Options.Failures
// and no failure already armed, fail@F:N for every activate(F) of the
// ready set, in its order, and every top-level step N of F ascending:
// activate(F) with a failure that strikes at the boundary after step N.
// At a boundary the list is cached for the decision.
func (d *Driver) faultChoices(n int) []runtime.Atom {
	if !d.InAtom && d.fsetAt == d.Decision+1 {
		// Also while the decision begins, after it counted its own fault.
		return d.fset
	}
	if n == 0 || d.Faults >= d.W.opts.MaxFaults {
		return nil
	}
	var out []runtime.Atom
	for f, c := range d.W.prog.LoadOrder {
		if s := d.M.FiberStateAt(f); s == runtime.Active || s == runtime.Activating {
			out = append(out, runtime.Atom{Kind: runtime.Crash, Fiber: c.Name})
		}
	}
	if d.W.opts.Failures && !d.M.FaultArmed() {
		for i := range n {
			a := d.M.ReadyAt(i)
			if a.Kind != runtime.Activate {
				continue
			}
			for step := 1; step <= stepCount(d.W.prog.CompByName[a.Fiber]); step++ {
				out = append(out, runtime.Atom{Kind: runtime.Activate, Fiber: a.Fiber, FailAt: int32(step)})
			}
		}
	}
	if !d.InAtom {
		d.fset, d.fsetAt = out, d.Decision+1
	}
	return out
}

// stepCount is the number of top-level steps of c's body.
func stepCount(c *check.Component) int {
	if c == nil || c.Decl == nil || c.Decl.Body == nil {
		return 0
	}
	return len(c.Decl.Body.Stmts)
}

// next returns the index the driver picks at the current boundary; with a
// chooser it draws, so it is called only to begin.
func (d *Driver) next() int {
	n := d.ReadyLen()
	if d.chooser != nil {
		// A sampler that looks at the ready atoms (samplers.go) gets the
		// machine; every other chooser only the set's size.
		if d.aware != nil {
			return d.aware.ChooseAmong(d.M, n)
		}
		return d.chooser.Choose(n)
	}
	i := 0
	if d.Decision < len(d.vector) {
		i = d.vector[d.Decision]
	}
	return min(max(i, 0), n-1)
}

// Peek returns the index the vector picks at the current boundary without
// drawing (-1 at the end, inside an atom, or with a chooser).
func (d *Driver) Peek() int {
	if d.InAtom || d.AtEnd() || d.chooser != nil {
		return -1
	}
	return d.next()
}

// Fault is an injected fault and where it struck: crash(F), an active
// (or suspended) fiber failing mid-life, or fail@F:N, F's activation
// failing at the boundary after its step N.
type Fault struct {
	Decision int    `json:"decision"`
	Fiber    string `json:"fiber"`
	// Kind is "crash" or "fail".
	Kind string `json:"kind"`
	// Step and Label are, for a fail, the step after which it strikes and
	// what that step is (`effect pool`).
	Step  int    `json:"step,omitempty"`
	Label string `json:"label,omitempty"`
	// Span is the injection point: a fail's step; a crash's component name,
	// or the await a suspended activation was crashed at. Position is its
	// file:line:col.
	Span     syntax.Span `json:"span"`
	Position string      `json:"position"`
	// Suspended: the crash found the fiber suspended at await (fine atoms).
	Suspended bool `json:"suspended,omitempty"`
	// Struck is false for a fail whose activation ended before the end of
	// step Step (it failed on its own first): the failure never struck.
	Struck bool `json:"struck"`
}

// Atom is the fault's label: `crash(Db)`, `fail@Store:3`.
func (f Fault) Atom() string {
	if f.Kind == "fail" {
		return "fail@" + f.Fiber + ":" + strconv.Itoa(f.Step)
	}
	return "crash(" + f.Fiber + ")"
}

// String is `crash(Db) at decision 2: Db fails mid-life (app.rvl:8:11)`
// or `fail@Store:3 at decision 4: Store dies at step 3 (effect pool)
// (app.rvl:7:3)`.
func (f Fault) String() string {
	what := f.Fiber + " fails mid-life"
	switch {
	case f.Kind == "fail":
		what = runtime.FaultPoint{Component: f.Fiber, Step: f.Step, Label: f.Label}.String()
	case f.Suspended:
		what = f.Fiber + " fails suspended at await"
	}
	s := fmt.Sprintf("%s at decision %d: %s", f.Atom(), f.Decision, what)
	if f.Position != "" {
		s += " (" + f.Position + ")"
	}
	if f.Kind == "fail" && !f.Struck {
		s += ", which never struck: the activation ended first"
	}
	return s
}

// faultOf describes the fault atom a about to run at the current decision.
func (d *Driver) faultOf(a runtime.Atom) Fault {
	f := Fault{Decision: d.Decision, Fiber: a.Fiber, Kind: "crash", Struck: true}
	c := d.W.prog.CompByName[a.Fiber]
	if a.Kind == runtime.Activate {
		f.Kind, f.Step, f.Struck = "fail", int(a.FailAt), false
		var src []byte
		if d.W.prog.File != nil {
			src = d.W.prog.File.Src
		}
		f.Label = runtime.StepLabel(c, f.Step, src)
		if c != nil && c.Decl.Body != nil && f.Step <= len(c.Decl.Body.Stmts) {
			f.Span = c.Decl.Body.Stmts[f.Step-1].Range()
		}
	} else if sp, ok := d.M.SuspendedAt(d.W.FiberIndex(a.Fiber)); ok {
		f.Span, f.Suspended = sp, true
	} else if c != nil && c.Decl != nil && c.Decl.Name != nil {
		f.Span = c.Decl.Name.Span
	}
	if f.Span.Start.IsValid() && d.W.prog.File != nil {
		f.Position = f.Span.Start.In(d.W.prog.File.Name)
	}
	return f
}

// settleFail records, at the end of an atom, whether an armed fail@F:N
// struck; one whose activation ended without it (F failed on its own
// first) is disarmed, so it cannot strike later. A fine activation
// suspended at await keeps it armed for its resume.
func (d *Driver) settleFail() {
	if d.failing < 0 {
		return
	}
	f := &d.FaultLog[d.failing]
	switch {
	case !d.M.FaultArmed():
		f.Struck = true
	case d.M.FiberStateAt(d.W.FiberIndex(f.Fiber)) == runtime.Activating:
		return
	default:
		d.M.DisarmFault()
	}
	d.failing = -1
}

// nameInjections relates each finding of the op to the faults injected so
// far, so that a finding names its injection point.
func (d *Driver) nameInjections() {
	if len(d.FaultLog) == 0 {
		return
	}
	for i := d.named; i < len(d.found); i++ {
		f := &d.found[i]
		for _, x := range d.FaultLog {
			if x.Decision > f.Decision {
				continue
			}
			// The related place carries the span: its message needs no
			// file:line:col (an editor shows the place itself).
			at := x
			at.Position = ""
			f.Related = append(slices.Clip(f.Related), Related{x.Span, "after the injected " + at.String()})
		}
	}
	d.named = len(d.found)
}

// Step is what one op of a Driver did.
type Step struct {
	Began  bool // it began the decision's atom; Choice is the index picked
	Choice int
	Ready  int  // the ready set's size when it began
	Ended  bool // the atom ended: the position is the next decision's boundary
	Err    error
	// Events are the op's events (only with CollectEvents; they alias a
	// buffer the next op reuses), Findings the violations that became
	// known at this op (they alias too).
	Events   []runtime.Event
	Findings []Finding
	// atEnd: the atom ended and the schedule is over (AtEnd, as the end
	// of the atom found it).
	atEnd bool
}

// Op performs one op: at a decision boundary it begins the atom the
// chooser picks, inside an atom it runs one step. It must not be called
// at the end.
func (d *Driver) Op() Step {
	var s Step
	d.op(&s)
	d.nameInjections()
	s.Events, s.Findings = d.events, d.found
	return s
}

// op is Op filling s, which must be zero, without naming the injections
// or setting the step's events and findings: RunAtom does both once for
// the whole atom. (A Step is a dozen words: the sweep's loop passes one
// down instead of copying it out of each call.)
func (d *Driver) op(s *Step) {
	d.found, d.events, d.named = d.found[:0], d.events[:0], 0
	if !d.InAtom {
		s.Ready = d.ReadyLen()
		s.Choice = d.next()
		// The atom's fiber by load index where the runtime can say it, so
		// that neither the machine nor the monitor looks it up by name.
		if s.Choice < d.M.ReadyLen() {
			d.atomFi = d.M.ReadyAtomAt(s.Choice, &d.Atom)
		} else {
			d.Atom, d.atomFi = d.ReadyAt(s.Choice), -1 // a fault choice
		}
		if d.Atom.Kind == runtime.Crash || d.Atom.FailAt > 0 {
			// An injected fault: the schedule's end state is no longer the
			// canonical run's to compare with (the monitor stops comparing).
			d.Faults++
			d.Monitor.faulted = true
			if d.Atom.FailAt > 0 {
				d.failing = len(d.FaultLog)
			}
			d.FaultLog = append(slices.Clip(d.FaultLog), d.faultOf(d.Atom))
		}
		// A timer's emissions are not compared in order (monitor.go).
		d.Monitor.inFire = d.Atom.Kind == runtime.Fire
		if d.obs != nil {
			d.obs.Decide(d, s.Ready, s.Choice)
		}
		if err := d.M.BeginAt(d.Atom, d.atomFi); err != nil {
			// The ready set is the runtime's precondition; a refusal means the
			// two disagree, which the runtime's tests rule out.
			panic("schedule: ready set disagrees with the runtime: " + err.Error())
		}
		d.InAtom, s.Began = true, true
	} else if done, err := d.M.Step(); done {
		d.endAtom(s, err)
	}
}

func (d *Driver) endAtom(s *Step, err error) {
	d.InAtom, s.Ended, s.Err = false, true, err
	d.settleFail()
	d.found = d.Monitor.atomEnd(d.M, d.Decision, &d.Atom, d.atomFi, err, d.found)
	d.Decision++
	if s.atEnd = d.AtEnd(); s.atEnd {
		d.End = d.M.Snapshot()
		d.found = d.Monitor.EndWith(d.M, d.End, d.Decision, d.Truncated(), d.found)
	}
}

// RunAtom begins the next decision's atom and runs it to its end in one
// call; the step it returns covers the whole atom.
func (d *Driver) RunAtom() Step {
	var s Step
	d.runAtom(&s)
	return s
}

// runAtom is RunAtom filling s, which must be zero.
func (d *Driver) runAtom(s *Step) {
	d.op(s)
	if d.InAtom {
		// No stop between its steps: the machine runs the atom through
		// (the same ops as a Step at a time).
		d.endAtom(s, d.M.Finish())
	}
	d.nameInjections()
	s.Events, s.Findings = d.events, d.found
}

// run drives one schedule chosen by ch to its end, checked by mon, and
// returns its result and the driver at the end.
func (w *World) run(ch Chooser, mon Monitor, obs Observer) (*Result, *Driver) {
	return w.runIn(newRunBufs(), ch, mon, obs)
}

// runBufs are what running a schedule needs besides its machine and its
// result: the driver and the result collector. Run takes them from the
// world's pool and gives them back, so a sweep's worker allocates neither
// per schedule; nothing of a Result refers to them.
type runBufs struct {
	d    Driver
	rc   resultCollector
	sink func(runtime.Event) // d.sink, bound once
}

func newRunBufs() *runBufs {
	b := new(runBufs)
	b.sink = b.d.sink
	return b
}

// runIn is run with the driver and collector of b.
func (w *World) runIn(b *runBufs, ch Chooser, mon Monitor, obs Observer) (*Result, *Driver) {
	w.tables() // the collector reads w.labels and w.index
	rc := &b.rc
	fires := rc.fires[:0]
	*rc = resultCollector{} // not a literal that reads rc: built apart and copied in
	rc.w, rc.obs, rc.fires = w, obs, fires
	switch {
	case w.reusedResult(rc):
	case w.decisionHint() <= blockDecisions && len(w.prog.LoadOrder) <= blockStates:
		rc.blk = &resultBlock{r: Result{Divergence: -1, ready: readyLog{table: w.labels}}}
		rc.r = &rc.blk.r
	default:
		rc.r = &Result{Divergence: -1, ready: readyLog{table: w.labels}}
	}
	d := &b.d
	d.start(w, ch, rc, mon, b.sink)
	if obs == nil {
		d.evObs = nil
		// Only the monitor reads the events: the machine need not build
		// the others (a statement's source line, an atom's label, a host
		// trace line, a call's rendered arguments at every step).
		d.M.SetSinkKinds(monitorKinds)
	}
	if d.AtEnd() {
		// Nothing was ever ready: no op ends the schedule.
		d.End = d.M.Snapshot()
		rc.r.Findings = d.Monitor.EndWith(d.M, d.End, 0, false, rc.r.Findings)
	}
	for end := d.AtEnd(); !end; {
		var s Step
		d.runAtom(&s)
		if len(s.Findings) > 0 {
			if rc.r.Findings == nil {
				rc.r.Findings = rc.findings // a reused result's array, or nil
			}
			rc.r.Findings = append(rc.r.Findings, s.Findings...)
		}
		end = s.atEnd
	}
	rc.finish(d)
	if obs != nil {
		obs.End(d)
	}
	return rc.r, d
}

// resultBlock is a short schedule's Result together with the arrays its
// slices start in: one allocation instead of six for a schedule of a few
// decisions, emissions and fibers (the worked example's), whose cost per
// schedule is mostly such fixed work. A longer slice outgrows its array
// as any slice does; each array backs one slice only.
type resultBlock struct {
	r          Result
	choices    [blockDecisions]int
	atoms      [blockDecisions]string
	readyDecs  [blockDecisions]readyDec
	readyCodes [blockCodes]uint32
	states     [blockStates]string
	emissions  [blockEmissions]Emission
}

// The sizes keep a block within the allocator's 1 KiB size class
// (TestResultBlockSize), no more than the allocations it replaces.
const blockDecisions, blockCodes, blockStates, blockEmissions = 8, 16, 4, 2

// readyCodesPer is what a result's ready-set codes are first sized for,
// per decision: a layered composition's ready sets are a few atoms wide
// on average; a wider one grows the array as any slice grows.
const readyCodesPer = 4

// reusedResult makes rc build its result in one that a sweep gave back
// (World.recycle), when there is one: its arrays are reused, emptied,
// so a passing seed of a sweep allocates no result. It reports whether
// there was one.
func (w *World) reusedResult(rc *resultCollector) bool {
	if !w.recycled.Load() {
		return false
	}
	r, ok := w.spare.Get().(*Result)
	if !ok {
		return false
	}
	// Findings and Stranded start nil, as in a fresh result: nil says
	// "none" in every report. A failing result's findings array (one
	// the benchmark or a shrink gave back) is kept aside for the first
	// finding.
	rc.findings = r.Findings[:0]
	// Cleared and refilled in place: a literal that reads r's arrays is
	// built in a temporary and copied in (424 bytes).
	ch, at, em, st := r.Choices[:0], r.Atoms[:0], r.Emissions[:0], r.States[:0]
	codes, decs, extra := r.ready.codes[:0], r.ready.decs[:0], r.ready.extra[:0]
	*r = Result{}
	r.Choices, r.Atoms, r.Emissions, r.States, r.Divergence = ch, at, em, st, -1
	r.ready.table, r.ready.codes, r.ready.decs, r.ready.extra = w.labels, codes, decs, extra
	rc.r = r
	return true
}

// recycle gives w a result that nothing refers to any more, for a later
// schedule of w to build its result in (reusedResult). Only a sweep with
// SweepOptions.Reuse gives results back: those of passing seeds, once
// delivered.
func (w *World) recycle(r *Result) {
	// Drop what the result points at that is not its own arrays (the
	// end snapshot's resources, the baseline's sorted texts, the faults):
	// the pool must not keep them alive.
	r.Snapshot, r.sortedComm, r.Faults, r.Stranded = runtime.Snapshot{}, nil, nil, nil
	clear(r.Findings[:cap(r.Findings)])
	r.Findings = r.Findings[:0] // its array, emptied, for reusedResult
	clear(r.ready.extra)
	w.spare.Put(r)
	w.recycled.Store(true)
}

// resultCollector is the observer that builds a sweep's Result.
type resultCollector struct {
	w   *World
	obs Observer
	r   *Result
	blk *resultBlock // r's block, when the world's schedules are short
	// findings is the emptied findings array of the result r reuses, for
	// r's first finding (nil when there is none to reuse).
	findings []Finding
	// fires marks the decisions whose atom was a fine fire(F).
	fires []bool
}

func (rc *resultCollector) Decide(d *Driver, ready, chosen int) {
	r := rc.r
	if r.Choices == nil {
		// Sized for the canonical run's decisions, which most schedules
		// of a world about match, rather than grown by doubling.
		n := rc.w.decisionHint()
		if b := rc.blk; b != nil && n <= blockDecisions {
			r.Choices, r.Atoms = b.choices[:0], b.atoms[:0]
			r.ready.decs, r.ready.codes = b.readyDecs[:0], b.readyCodes[:0]
		} else {
			r.Choices, r.Atoms = make([]int, 0, n), make([]string, 0, n)
			r.ready.decs, r.ready.codes = make([]readyDec, 0, n), make([]uint32, 0, n*readyCodesPer)
		}
		rc.fires = slices.Grow(rc.fires[:0], n)
	}
	r.Choices = append(r.Choices, chosen)
	if f := d.atomFi; f >= 0 && f < len(rc.w.labels) && !d.InAtom {
		// The driver has just found the chosen atom's fiber (Op): its
		// label is readyLabel's, without asking the machine again.
		r.Atoms = append(r.Atoms, rc.w.labels[f][d.Atom.Kind])
	} else {
		r.Atoms = append(r.Atoms, rc.readyLabel(d, chosen))
	}
	rc.fires = append(rc.fires, d.Atom.Kind == runtime.Fire)
	rc.recordReady(d, ready)
	if rc.obs != nil {
		rc.obs.Decide(d, ready, chosen)
	}
}

func (rc *resultCollector) Event(ev runtime.Event) {
	if rc.obs != nil {
		rc.obs.Event(ev)
	}
}

func (rc *resultCollector) End(*Driver) {}

func (rc *resultCollector) finish(d *Driver) {
	r, m := rc.r, d.M
	r.Truncated = d.Truncated()
	if len(r.Choices) == 0 {
		// No decision: nil, as a fresh result's (a reused one's may not be).
		r.Choices, r.Atoms = nil, nil
	}
	switch ne := m.EmissionCount(); {
	case r.Emissions != nil && cap(r.Emissions) >= ne:
		// A reused result's array (emptied).
	case rc.blk != nil && ne <= blockEmissions:
		r.Emissions = rc.blk.emissions[:0]
	default:
		r.Emissions = make([]Emission, 0, ne)
	}
	for i := range m.EmissionCount() {
		e := m.EmissionAt(i)
		r.Emissions = append(r.Emissions, Emission{Text: e.Text, Fiber: e.Fiber, Decision: e.Atom, Commutative: e.Commutative, Span: e.Span,
			Timer: e.Atom >= 0 && e.Atom < len(rc.fires) && rc.fires[e.Atom]})
	}
	switch n := len(rc.w.prog.LoadOrder); {
	case n == 0 || cap(r.States) >= n:
		// None, or a reused result's array (emptied).
	case rc.blk != nil && n <= blockStates:
		r.States = rc.blk.states[:0]
	default:
		r.States = make([]string, 0, n)
	}
	for i := range rc.w.prog.LoadOrder {
		r.States = append(r.States, rc.w.stateLabel(i, m.FiberStateAt(i)))
	}
	r.Snapshot = d.End
	r.Faults = d.FaultLog
	if d.Monitor.commAsBase {
		r.sortedComm = rc.w.base.Commutative
	}
	if m.Faulted() {
		for i, c := range rc.w.prog.LoadOrder {
			if m.FiberStrandedAt(i) {
				r.Stranded = append(r.Stranded, c.Name)
			}
		}
	}
	for _, f := range r.Findings {
		if f.Tag == TagUnstable && f.Divergence >= 0 {
			r.Divergence = f.Divergence
		}
	}
	if r.Truncated {
		// The end-state properties hold only for a completed schedule: a
		// truncated one fails `unbounded`, and an emission order it began
		// to diverge in is not its finding (spec §6). The debugger, which
		// stops at a divergent emission as it happens, still shows it.
		r.Findings = slices.DeleteFunc(r.Findings, func(f Finding) bool { return f.Tag == TagUnstable })
	}
	sortFindings(r.Findings)
}

// sortFindings puts findings in report order: the tag order of spec §6,
// and within a tag the order they became known.
func sortFindings(fs []Finding) {
	if len(fs) < 2 {
		return
	}
	// slices, not sort.SliceStable: no swapper allocated per schedule.
	slices.SortStableFunc(fs, func(a, b Finding) int { return slices.Index(Tags, a.Tag) - slices.Index(Tags, b.Tag) })
}

// Run runs one schedule chosen by ch and checks it against the baseline.
func (w *World) Run(ch Chooser) *Result {
	b, ok := w.bufs.Get().(*runBufs)
	if !ok {
		b = newRunBufs()
	}
	r, d := w.runIn(b, ch, NewMonitor(w), nil)
	w.release(d.M) // nothing of the result refers to the machine
	// Nor to the driver: drop what it points at of this schedule's, and
	// keep its buffers; the next start clears the rest (not cleared here
	// as well: 544 bytes, with a barrier on every pointer word while the
	// collector marks).
	clear(d.found[:cap(d.found)])
	clear(d.events[:cap(d.events)])
	d.M, d.chooser, d.aware, d.vector, d.Monitor = nil, nil, nil, nil, Monitor{}
	d.End, d.FaultLog, d.fset = runtime.Snapshot{}, nil, nil
	b.rc.r, b.rc.blk, b.rc.findings = nil, nil, nil // the result's: runIn clears the rest
	w.bufs.Put(b)
	return r
}

// RunObserved is Run with an observer that sees every decision and event
// and the end. Unless checked, the properties are not checked (the result
// has no findings) and the baseline is not run.
func (w *World) RunObserved(ch Chooser, obs Observer, checked bool) *Result {
	mon := Monitor{}
	if checked {
		mon = NewMonitor(w)
	}
	r, _ := w.run(ch, mon, obs)
	return r
}

// Replay runs the schedule a choice vector describes.
func (w *World) Replay(choices []int) *Result { return w.Run(NewReplay(choices)) }

// Explore runs seed and, when it fails and shrink is set, minimizes it.
func (w *World) Explore(seed uint64, shrink bool) Outcome {
	return w.outcomeOf(seed, w.Run(NewSeeded(seed)), shrink)
}

// outcomeOf is the outcome of seed's run r, shrunk when it fails and
// shrink is set.
func (w *World) outcomeOf(seed uint64, r *Result, shrink bool) Outcome {
	o := Outcome{Seed: seed, Result: r,
		FingerprintHash: fingerprintHash(r), ScheduleHash: scheduleHash(r.Choices)}
	if !r.OK() && shrink {
		var tried []*Result
		s := Shrink(r, func(v []int) *Result {
			c := w.Replay(v)
			tried = append(tried, c)
			return c
		})
		// The replays shrinking did not keep are nobody's: later schedules
		// build their results in them.
		for _, c := range tried {
			if c != s.Result {
				w.recycle(c)
			}
		}
		o.Shrunk = &s
	}
	return o
}

// MaxReadyLabels caps the ready-set labels a Result keeps per decision: a
// wide composition has thousands of atoms ready at once, and a report
// needs the first few alternatives and how many there were, not all of
// them at every decision.
const MaxReadyLabels = 8

// readyLabel is the label of d.ReadyAt(i): from the world's table by the
// atom's fiber index where the runtime can say it, without building the
// atom or looking its fiber's name up.
func (rc *resultCollector) readyLabel(d *Driver, i int) string {
	if k, f, ok := rc.readyFiber(d, i); ok {
		return rc.w.labels[f][k]
	}
	return rc.w.Label(d.ReadyAt(i))
}

// readyFiber is the kind and fiber index of d.ReadyAt(i) when the
// runtime can say them and the world's table has the label.
func (rc *resultCollector) readyFiber(d *Driver, i int) (runtime.AtomKind, int, bool) {
	if i < d.M.ReadyLen() {
		if k, f, ok := d.M.ReadyFiberAt(i); ok && f < len(rc.w.labels) {
			return k, f, true
		}
	}
	return 0, -1, false
}

// recordReady records in the result the codes of the first
// MaxReadyLabels atoms of d's ready set (of size ready) and its size.
func (rc *resultCollector) recordReady(d *Driver, ready int) {
	l := &rc.r.ready
	n, j := min(ready, MaxReadyLabels), 0
	if acts, tears, ok := d.M.ReadyFibers(); ok {
		// readyCode's first case for the machine's whole set, read in
		// one go rather than asked for atom by atom (the driver's fault
		// choices, if any, come after it).
		for m := min(n, len(acts)+len(tears)); j < m; j++ {
			k, f := runtime.Activate, 0
			if j < len(acts) {
				f = int(acts[j])
			} else {
				k, f = runtime.Teardown, int(tears[j-len(acts)])
			}
			if f >= len(rc.w.labels) {
				break
			}
			l.codes = append(l.codes, tableCode(f, k))
		}
	}
	for ; j < n; j++ {
		l.codes = append(l.codes, rc.readyCode(d, j))
	}
	l.decs = append(l.decs, readyDec{end: int32(len(l.codes)), size: int32(ready)})
}

// readyCode is the code of d.ReadyAt(i)'s label (readyLog): its place in
// the world's table, taken by fiber index where the runtime can say it;
// else the atom's own label, kept in the result's extra labels.
func (rc *resultCollector) readyCode(d *Driver, i int) uint32 {
	if k, f, ok := rc.readyFiber(d, i); ok {
		return tableCode(f, k)
	}
	a := d.ReadyAt(i)
	if f, ok := rc.w.tabled(a); ok {
		return tableCode(f, a.Kind)
	}
	l := &rc.r.ready
	l.extra = append(l.extra, a.String())
	return extraCode | uint32(len(l.extra)-1)
}
