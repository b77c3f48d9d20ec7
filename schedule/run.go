package schedule

import (
	"fmt"
	"slices"
	"sort"

	"revl.dev/debug/runtime"
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
	// chooser picks at each decision; nil reads vector.
	chooser Chooser
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
	d := &Driver{W: w, M: w.Machine(), chooser: ch, obs: obs, evObs: obs, Monitor: mon}
	d.M.SetSink(d.sink)
	// The exhaustive search picks atoms, not indices: its chooser reads the
	// ready set of the driver it chooses for (exhaustive.go).
	if b, ok := ch.(interface{ bindDriver(*Driver) }); ok {
		b.bindDriver(d)
	}
	return d
}

// SetVector makes the driver read its choices from v from now on (the
// chooser is dropped): past its end it reads 0, an index too large is
// clamped to the last one.
func (d *Driver) SetVector(v []int) { d.chooser, d.vector = nil, v }

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
	c := *d
	c.M = d.M.Clone()
	c.M.SetSink(c.sink)
	c.obs, c.evObs = nil, nil
	c.found, c.events = nil, nil
	c.FaultLog = slices.Clone(d.FaultLog)
	if s, ok := d.chooser.(*Seeded); ok {
		c.chooser = s.Clone()
	} else if s, ok := d.chooser.(ChooserCloner); ok {
		c.chooser = s.CloneChooser()
	}
	return &c
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
// left, one crash(F) per active fiber after it (in load order), so that a
// fault is a choice like any other: it replays from the vector, and
// shrinking lowers it toward the runtime's atoms, which drops it.
func (d *Driver) ReadyLen() int {
	n := d.M.ReadyLen()
	if n > 0 && d.Faults < d.W.opts.MaxFaults {
		for i := range d.W.prog.LoadOrder {
			if d.M.FiberStateAt(i) == runtime.Active {
				n++
			}
		}
	}
	return n
}

// ReadyAt is the i-th atom of that set.
func (d *Driver) ReadyAt(i int) runtime.Atom {
	n := d.M.ReadyLen()
	if i < n {
		return d.M.ReadyAt(i)
	}
	for f, c := range d.W.prog.LoadOrder {
		if d.M.FiberStateAt(f) == runtime.Active {
			if i == n {
				return runtime.Atom{Kind: runtime.Crash, Fiber: c.Name}
			}
			n++
		}
	}
	panic("schedule: no ready atom at that index")
}

// next returns the index the driver picks at the current boundary; with a
// chooser it draws, so it is called only to begin.
func (d *Driver) next() int {
	n := d.ReadyLen()
	if d.chooser != nil {
		// A sampler that looks at the ready atoms (samplers.go) gets the
		// machine; every other chooser only the set's size.
		if ra, ok := d.chooser.(ReadyAware); ok {
			return ra.ChooseAmong(d.M, n)
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

// Fault is an injected fault: crash(Fiber) at decision Decision.
type Fault struct {
	Decision int    `json:"decision"`
	Fiber    string `json:"fiber"`
}

func (f Fault) String() string { return fmt.Sprintf("crash(%s) at decision %d", f.Fiber, f.Decision) }

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
}

// Op performs one op: at a decision boundary it begins the atom the
// chooser picks, inside an atom it runs one step. It must not be called
// at the end.
func (d *Driver) Op() Step {
	d.found, d.events = d.found[:0], d.events[:0]
	var s Step
	if !d.InAtom {
		s.Ready = d.ReadyLen()
		s.Choice = d.next()
		d.Atom = d.ReadyAt(s.Choice)
		if d.Atom.Kind == runtime.Crash {
			// An injected fault: the schedule's end state is no longer the
			// canonical run's to compare with (the monitor stops comparing).
			d.Faults++
			d.Monitor.faulted = true
			d.FaultLog = append(d.FaultLog, Fault{Decision: d.Decision, Fiber: d.Atom.Fiber})
		}
		// A timer's emissions are not compared in order (monitor.go).
		d.Monitor.inFire = d.Atom.Kind == runtime.Fire
		if d.obs != nil {
			d.obs.Decide(d, s.Ready, s.Choice)
		}
		if err := d.M.Begin(d.Atom); err != nil {
			// The ready set is the runtime's precondition; a refusal means the
			// two disagree, which the runtime's tests rule out.
			panic("schedule: ready set disagrees with the runtime: " + err.Error())
		}
		d.InAtom, s.Began = true, true
	} else if done, err := d.M.Step(); done {
		d.endAtom(&s, err)
	}
	s.Events, s.Findings = d.events, d.found
	return s
}

func (d *Driver) endAtom(s *Step, err error) {
	d.InAtom, s.Ended, s.Err = false, true, err
	d.found = d.Monitor.AtomEnd(d.M, d.Decision, d.Atom, err, d.found)
	d.Decision++
	if d.AtEnd() {
		d.End = d.M.Snapshot()
		d.found = d.Monitor.EndWith(d.M, d.End, d.Decision, d.Truncated(), d.found)
	}
}

// RunAtom begins the next decision's atom and runs it to its end in one
// call; the step it returns covers the whole atom.
func (d *Driver) RunAtom() Step {
	s := d.Op()
	for d.InAtom {
		if done, err := d.M.Step(); done {
			d.endAtom(&s, err)
		}
	}
	s.Events, s.Findings = d.events, d.found
	return s
}

// run drives one schedule chosen by ch to its end, checked by mon, and
// returns its result and the driver at the end.
func (w *World) run(ch Chooser, mon Monitor, obs Observer) (*Result, *Driver) {
	rc := &resultCollector{w: w, obs: obs, r: &Result{Divergence: -1}}
	d := newDriver(w, ch, rc, mon)
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
	for !d.AtEnd() {
		s := d.RunAtom()
		rc.r.Findings = append(rc.r.Findings, s.Findings...)
	}
	rc.finish(d)
	if obs != nil {
		obs.End(d)
	}
	return rc.r, d
}

// resultCollector is the observer that builds a sweep's Result.
type resultCollector struct {
	w   *World
	obs Observer
	r   *Result
	// fires marks the decisions whose atom was a fine fire(F).
	fires []bool
	// slab is where readyLabels takes each decision's labels from.
	slab []string
}

func (rc *resultCollector) Decide(d *Driver, ready, chosen int) {
	r := rc.r
	if r.Choices == nil {
		// Sized for the canonical run's decisions, which most schedules
		// of a world about match, rather than grown by doubling.
		n := rc.w.decisionHint()
		r.Choices, r.Atoms, r.Readies, rc.fires = make([]int, 0, n), make([]string, 0, n), make([][]string, 0, n), make([]bool, 0, n)
	}
	r.Choices = append(r.Choices, chosen)
	r.Atoms = append(r.Atoms, rc.w.Label(d.Atom))
	rc.fires = append(rc.fires, d.Atom.Kind == runtime.Fire)
	r.Readies = append(r.Readies, rc.readyLabels(d, ready))
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
	r.Emissions = make([]Emission, 0, m.EmissionCount())
	for i := range m.EmissionCount() {
		e := m.EmissionAt(i)
		r.Emissions = append(r.Emissions, Emission{Text: e.Text, Fiber: e.Fiber, Decision: e.Atom, Commutative: e.Commutative, Span: e.Span,
			Timer: e.Atom >= 0 && e.Atom < len(rc.fires) && rc.fires[e.Atom]})
	}
	if n := len(rc.w.prog.LoadOrder); n > 0 {
		r.States = make([]string, 0, n)
	}
	for i := range rc.w.prog.LoadOrder {
		r.States = append(r.States, rc.w.stateLabel(i, m.FiberStateAt(i)))
	}
	r.Snapshot = d.End
	r.Faults = d.FaultLog
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
	sort.SliceStable(fs, func(i, j int) bool { return slices.Index(Tags, fs[i].Tag) < slices.Index(Tags, fs[j].Tag) })
}

// Run runs one schedule chosen by ch and checks it against the baseline.
func (w *World) Run(ch Chooser) *Result {
	r, d := w.run(ch, NewMonitor(w), nil)
	w.release(d.M) // nothing of the result refers to the machine
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
		FingerprintHash: Hash(FingerprintOf(r).Key()), ScheduleHash: Hash(ScheduleKey(r.Choices))}
	if !r.OK() && shrink {
		s := Shrink(r, w.Replay)
		o.Shrunk = &s
	}
	return o
}

// MaxReadyLabels caps the ready-set labels a Result keeps per decision: a
// wide composition has thousands of atoms ready at once, and a report
// needs the first few alternatives and how many there were, not all of
// them at every decision.
const MaxReadyLabels = 8

// readyLabels renders at most MaxReadyLabels labels of m's ready set (of
// size ready), then `+N more` when there were more.
func (rc *resultCollector) readyLabels(d *Driver, ready int) []string {
	n := min(ready, MaxReadyLabels)
	// The labels of every decision are cut from one slab, n+1 each (room
	// for `+N more`), instead of one allocation per decision.
	if cap(rc.slab)-len(rc.slab) < n+1 {
		rc.slab = make([]string, 0, min(rc.w.decisionHint(), 16)*(n+1))
	}
	k := len(rc.slab)
	rc.slab = rc.slab[:k+n+1]
	labels := rc.slab[k : k+n : k+n+1]
	for j := range n {
		labels[j] = rc.w.Label(d.ReadyAt(j))
	}
	if ready > n {
		labels = append(labels, moreLabel(ready-n))
	}
	return labels
}
