package schedule

import (
	"slices"
	"strconv"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/syntax"
)

// The footprint of an atom is what it did to the state that other atoms
// read or write, derived from its events as it ran (docs/decisions.md,
// "Dependency between atoms"). Two atoms are dependent when their
// footprints conflict; the exhaustive search treats every order of two
// independent atoms as one schedule, so the relation must tell apart
// every pair of orders the properties of spec §6 tell apart.

// accessMode is how an atom touched a state object.
type accessMode uint8

const (
	// read: looked at the object without changing it. Reads commute.
	read accessMode = 1 << iota
	// tick: changed the object by an update that commutes with every other
	// tick of it (a turn counting down a running job, a step counted
	// against the run budget), but not with a read or a write.
	tick
	// write: changed the object. A write conflicts with every access.
	write
)

// access is one state object an atom touched, and how.
type access struct {
	obj  int32
	mode accessMode
}

// Footprint is the set of state objects an atom touched and how, sorted by
// object; ready lists the objects its readiness reads (spec §6: the states
// of its providers and their provisions for an activation, the states of
// its dependents for a teardown), whose last writer enabled it.
type Footprint struct {
	acc   []access
	ready []int32
	// all: the footprint of an atom that has not run yet, known only to be
	// ready (a fine atom another atom disabled, exhaustive.go): it conflicts
	// with everything until the run that explores it measures it.
	all bool
}

// conflicts reports whether two modes on one object do not commute.
func conflicts(a, b accessMode) bool {
	if a == read && b == read || a == tick && b == tick {
		return false
	}
	return true
}

// Dependent reports whether atoms with footprints a and b do not commute:
// they touch a common object and not both only read it or only tick it.
func (a *Footprint) Dependent(b *Footprint) bool {
	if a.all || b.all {
		return true
	}
	i, j := 0, 0
	for i < len(a.acc) && j < len(b.acc) {
		switch x, y := a.acc[i], b.acc[j]; {
		case x.obj < y.obj:
			i++
		case x.obj > y.obj:
			j++
		default:
			if conflicts(x.mode, y.mode) {
				return true
			}
			i++
			j++
		}
	}
	return false
}

// add records an access, merging with an earlier one of the same object:
// two different modes on one object make a write (a read and a tick
// conflict with a tick and with a read, as a write does).
func (f *Footprint) add(obj int32, mode accessMode) {
	i, found := slices.BinarySearchFunc(f.acc, obj, func(a access, o int32) int { return int(a.obj) - int(o) })
	if found {
		if f.acc[i].mode != mode {
			f.acc[i].mode = write
		}
		return
	}
	f.acc = slices.Insert(f.acc, i, access{obj, mode})
}

// objects interns the state objects, each a kind and a name: `state A`,
// `prov log`, `emit`, `res map#1`, `serial map`, `frame A`, `jobs`,
// `time`, `steps`. They are only compared, so the numbering (first use)
// is invisible; the two-part key spares a string concatenation per event.
type objects struct {
	ids map[objKey]int32
}

type objKey struct{ kind, name string }

func (o *objects) id(kind, name string) int32 {
	if o.ids == nil {
		o.ids = map[objKey]int32{}
	}
	k := objKey{kind, name}
	if i, ok := o.ids[k]; ok {
		return i
	}
	i := int32(len(o.ids))
	o.ids[k] = i
	return i
}

// footprints is the observer that derives each atom's footprint from its
// events. It keeps one footprint per decision of the run, so its memory is
// bounded by the schedule's length.
type footprints struct {
	w     *World
	objs  *objects
	fps   []Footprint
	atoms []runtime.Atom
	cur   *Footprint
	// sizes are the ready set's sizes at each decision (the coverage
	// estimator's branching factors).
	sizes []int
	// jobOwners are the fibers that started a job in this run.
	jobOwners map[string]bool
	// exhausted: an atom of this run ran out of the run budget.
	exhausted bool

	// With fine atoms (fine.go in package runtime): the jobs started in
	// this run, in start order (a complete atom names its job by that
	// index, which is not stable across schedules; its atom id uses the
	// owner and the owner's own count instead), each owner's count, the
	// ids of the ready set before each decision and after the last
	// (readyIDs[i] for decision i), and whether the current atom is a fire.
	fine     bool
	jobs     []jobIdent
	jobCount map[string]int32
	readyIDs [][]int32
	inFire   bool
	// jobsShared: job handles may cross contexts (jobsCross).
	jobsShared bool
}

// jobIdent is a job of a fine run: its owner (the context whose code
// started it), its place among the owner's jobs, its name, and whether it
// is still running.
type jobIdent struct {
	owner   string
	seq     int32
	name    string
	running bool
}

func newFootprints(w *World, objs *objects) *footprints {
	f := &footprints{w: w, objs: objs, fine: w.opts.Runtime.Atoms == runtime.AtomsFine}
	if f.fine {
		f.jobsShared = jobsCross(w.prog.File)
	}
	return f
}

// jobsCross reports whether a job handle may pass from one context to
// another: a service or a declared type names Job, so a method can take
// or return one. A context that holds another's job may await it after it
// ended, which no event shows, so the jobs are then one object for every
// context (less reduction, still sound).
func jobsCross(file *syntax.File) bool {
	if file == nil {
		return true
	}
	names := false
	for _, d := range file.Decls {
		switch d.(type) {
		case *syntax.ServiceDecl, *syntax.TypeDecl:
			syntax.Inspect(d, func(n syntax.Node) bool {
				if t, ok := n.(*syntax.NamedType); ok && t.Name != nil && t.Name.Name == "Job" {
					names = true
				}
				return !names
			})
		}
		if names {
			return true
		}
	}
	return false
}

// jobsOf is the object of a context's jobs.
func (f *footprints) jobsOf(ctx string) int32 {
	if f.jobsShared {
		ctx = "*"
	}
	return f.objs.id("jobs", ctx)
}

func (f *footprints) Decide(d *Driver, ready, _ int) {
	f.atoms = append(f.atoms, d.Atom)
	f.sizes = append(f.sizes, ready)
	f.fps = append(f.fps, Footprint{})
	f.cur = &f.fps[len(f.fps)-1]
	if f.fine {
		f.readyIDs = append(f.readyIDs, f.readyNow(d, ready))
		f.inFire = d.Atom.Kind == runtime.Fire
		f.fineReadiness(d.Atom)
		return
	}
	f.readiness(d.Atom)
}

// readyNow lists the ids of the n atoms ready at the driver's boundary.
func (f *footprints) readyNow(d *Driver, n int) []int32 {
	ids := make([]int32, n)
	for i := range ids {
		ids[i] = f.fineID(d.ReadyAt(i))
	}
	return ids
}

// fineBlock is the span of atom ids one kind takes with fine atoms.
const fineBlock = 1 << 28

// fineID is the atom id of a with fine atoms: the kind's rank in the ready
// set (resume 0, complete 1, activate 2, teardown 3, fire 4) times
// fineBlock, plus the fiber's load index, or for complete(job) the job's
// owner and its place among the owner's jobs. An owner's k-th job is the
// same job in every schedule that starts it, whatever the other fibers
// started before; its start-order index is not. Resume and fire name a
// fiber: the k-th resume(F) or fire(F) of a schedule is F's k-th step of
// that kind, as activate(F) is its only activation. (A fiber with more
// jobs than fineBlock/fibers would share ids; no schedule the decision
// bound allows comes near.)
func (f *footprints) fineID(a runtime.Atom) int32 {
	n := len(f.w.prog.LoadOrder)
	rank, within := 0, 0
	switch a.Kind {
	case runtime.Resume:
		rank, within = 0, f.w.FiberIndex(a.Fiber)
	case runtime.Complete:
		rank, within = 1, a.Job
		if a.Job >= 0 && a.Job < len(f.jobs) {
			j := f.jobs[a.Job]
			within = int(j.seq)*n + max(f.w.FiberIndex(j.owner), 0)
		}
	case runtime.Activate:
		rank, within = 2, f.w.FiberIndex(a.Fiber)
	case runtime.Teardown:
		rank, within = 3, f.w.FiberIndex(a.Fiber)
	case runtime.Fire:
		rank, within = 4, f.w.FiberIndex(a.Fiber)
	}
	return int32(rank*fineBlock + min(max(within, 0), fineBlock-1))
}

// fineReadiness records, with fine atoms, the reads of the atom's
// readiness and the accesses every atom of its kind makes
// (docs/decisions.md, "Exhaustive search: the dependency relation").
func (f *footprints) fineReadiness(a runtime.Atom) {
	prog := f.w.prog
	r := func(kind, name string) {
		id := f.objs.id(kind, name)
		f.cur.add(id, read)
		f.cur.ready = append(f.cur.ready, id)
	}
	// The gate: a fire is ready only while another atom is, so the atom
	// after which nothing else is ready disables every fire. Which atom
	// that is depends on the order, so every fire conflicts with every
	// other atom: a fire writes the gate, the others read it.
	if a.Kind == runtime.Fire {
		f.cur.add(f.objs.id("gate", ""), write)
	} else {
		f.cur.add(f.objs.id("gate", ""), read)
	}
	if a.Kind != runtime.Complete {
		// The atom runs the fiber's code, which may await or cancel any of
		// its jobs, also one that has ended (no event then).
		f.cur.add(f.jobsOf(a.Fiber), read)
	}
	c := prog.CompByName[a.Fiber]
	switch a.Kind {
	case runtime.Activate:
		if c == nil {
			return
		}
		r("state", c.Name)
		// A provider serves its keys from its first publication, active or
		// suspended mid-activation: the live provision is the condition,
		// not the provider's state (which its resume changes while the
		// consumer may already be up).
		for _, k := range c.Requires {
			r("prov", k.Name)
		}
		for _, k := range c.Provides {
			r("prov", k.Name)
		}
		f.cur.add(f.objs.id("susp", c.Name), write)
	case runtime.Resume:
		// The suspension is the fiber's: each activate or resume of it
		// follows the one before. The job it waits for enabled it too
		// (the atom that made it ready, exhaustive.go).
		r("susp", a.Fiber)
		f.cur.add(f.objs.id("susp", a.Fiber), write)
	case runtime.Teardown:
		if c == nil {
			return
		}
		r("state", c.Name)
		for _, d := range prog.Dependents(c) {
			r("state", d.Name)
		}
	case runtime.Fire:
		// The timer it fires was armed, or fired last, by the atom that
		// last wrote it. Which timer is due first is the clock's (fires
		// write it) and the gate's business.
		r("res", "timer#"+strconv.Itoa(a.Timer+1))
	case runtime.Complete:
		// Ready from its start on, until it runs or something awaits or
		// cancels the job: the atom that made it ready is its enabler.
	}
}

// readiness records the reads of the atom's readiness condition, read from
// the program as the runtime's ready set evaluates it (runtime.Machine
// notReady and dependentsGone).
func (f *footprints) readiness(a runtime.Atom) {
	prog := f.w.prog
	c := prog.CompByName[a.Fiber]
	if c == nil {
		return
	}
	r := func(kind, name string) {
		id := f.objs.id(kind, name)
		f.cur.add(id, read)
		f.cur.ready = append(f.cur.ready, id)
	}
	r("state", c.Name)
	switch a.Kind {
	case runtime.Activate:
		for _, k := range c.Requires {
			if k.Provider != nil {
				r("state", k.Provider.Name)
			}
			r("prov", k.Name)
		}
		for _, k := range c.Provides {
			// A key still held by another fiber (a mock a lifecycle test
			// derived) blocks the activation too.
			r("prov", k.Name)
		}
	case runtime.Teardown:
		for _, d := range prog.Dependents(c) {
			r("state", d.Name)
		}
	}
}

func (f *footprints) Event(e runtime.Event) {
	ev := &e
	if f.cur == nil {
		return
	}
	w := func(kind, name string) { f.cur.add(f.objs.id(kind, name), write) }
	switch ev.Kind {
	case runtime.EvFiber:
		w("state", ev.Fiber)
	case runtime.EvPublish, runtime.EvWithdraw:
		w("prov", ev.Key)
	case runtime.EvUse:
		if f.fine {
			// The provider's method runs its code (its jobs, as above).
			f.cur.add(f.jobsOf(ev.Provider), read)
		}
		if p := f.w.prog.CompByName[ev.Provider]; p.IsMock() {
			// A mock answers from a value stream per operation: the order of
			// two calls decides who gets which value.
			w("mock", ev.Key+"."+ev.Method)
		} else {
			f.cur.add(f.objs.id("prov", ev.Key), read)
		}
	case runtime.EvEmission:
		if ev.Commutative || f.inFire {
			// compared as a multiset: any order gives the same one; a timer
			// body's emissions (fine atoms) are not compared at all
			break
		}
		w("emit", "") // `unstable` compares one global ordered list
	case runtime.EvPush, runtime.EvInverse:
		w("frame", ev.Fiber)
		if f.fine && ev.Kind == runtime.EvInverse {
			f.cur.add(f.jobsOf(ev.Fiber), read) // an undo runs the fiber's code
		}
	case runtime.EvHost:
		f.host(ev)
	case runtime.EvTimerFire:
		tag, _, _ := strings.Cut(ev.Text, ".")
		w("res", tag)
		f.cur.add(f.objs.id("time", ""), read)
	case runtime.EvTimeAdvance:
		w("time", "")
	case runtime.EvAtomEnd:
		if f.fine {
			f.budgets(ev) // jobs do not count turns with fine atoms
			break
		}
		// The turn ends: every running job has one turn fewer to go. Every
		// atom counts, also while no job runs: whether one does depends on
		// the order against the starts, which therefore conflict with every
		// turn.
		f.cur.add(f.objs.id("jobs", ""), tick)
		if f.jobOwners[ev.Fiber] {
			// A fiber that started a job may cancel or await it in any of
			// its atoms, and a cancel or await of a job that already ended
			// leaves no event: its atoms read the jobs' state.
			w("jobs", "")
		}
		f.budgets(ev)
	}
}

// budgets records the atom's steps against the run budget.
func (f *footprints) budgets(ev *runtime.Event) {
	// Every atom's steps count against the run budget. While the
	// schedule stays within it, the counts commute (any order of the
	// same atoms sums to the same); once an atom runs out of it, which
	// atom that is depends on the order, and every later atom fails
	// too: in such a run every atom writes the counter. The memory
	// budget is treated the same way (docs/decisions.md says where that
	// falls short: memory is also freed).
	steps := f.objs.id("steps", "")
	if ev.Err != nil && runtime.IsBudget(ev.Err) && (strings.HasPrefix(ev.Err.Msg, "unbounded: run budget") ||
		strings.HasPrefix(ev.Err.Msg, "unbounded: memory budget")) {
		f.exhausted = true
		for i := range f.fps {
			f.fps[i].add(steps, write)
		}
	}
	if f.exhausted {
		f.cur.add(steps, write)
	} else {
		f.cur.add(steps, tick)
	}
}

// host records a host resource operation from its trace line:
// `map#1.insert k`, `pool#2.open url`, `timer#1.schedule every 30000ms`,
// `job.run warmup start`.
func (f *footprints) host(ev *runtime.Event) {
	w := func(kind, name string) { f.cur.add(f.objs.id(kind, name), write) }
	if rest, ok := strings.CutPrefix(ev.Text, "job.run "); ok && f.fine {
		f.fineJob(ev, rest)
		return
	} else if ok {
		// Jobs are one object: their serials and their order in the
		// snapshot's listeners follow start order, and a job's turns are
		// counted by every atom (the tick above).
		switch {
		case strings.HasSuffix(rest, " start"):
			w("jobs", "")
			if f.jobOwners == nil {
				f.jobOwners = map[string]bool{}
			}
			f.jobOwners[ev.Fiber] = true
		case strings.HasSuffix(rest, " done"):
			// Completing is the last turn counted down (or an await taking
			// the rest at once): it commutes with the other turns, and
			// conflicts with a start or a cancellation as a tick does.
			f.cur.add(f.objs.id("jobs", ""), tick)
		default: // cancelled
			w("jobs", "")
		}
		return
	}
	tag, op, _ := strings.Cut(ev.Text, ".")
	op, _, _ = strings.Cut(op, " ")
	if ev.Acquire {
		// Serials are per class in creation order (`map#1`, `map#2`), and
		// they are observable (unreleased resources, a timer's
		// cancellation in the pending effects): two acquisitions of one
		// class do not commute.
		class, _, _ := strings.Cut(tag, "#")
		w("serial", class)
	}
	switch op {
	case "get", "len", "query", "execute":
		// These change nothing a property reads (a pool is a stand-in with
		// no rows); they only need the resource alive.
		f.cur.add(f.objs.id("res", tag), read)
	case "schedule":
		w("res", tag)
		f.cur.add(f.objs.id("time", ""), read) // the first due time is now + interval
		if f.fine {
			w("timers", "")
		}
	default:
		w("res", tag)
		if f.fine && op == "cancel" && strings.HasPrefix(tag, "timer#") {
			// Which timer is due first, and so which fires are ready, is
			// the timer queue's: arming and cancelling change it (a
			// teardown that cancels the earliest timer enables another
			// fiber's fire, one that cancels the other's disables it).
			w("timers", "")
		}
	}
}

// fineJob records a job's start, completion or cancellation with fine
// atoms. A job is an object of its own (named by owner and name: two jobs
// of one owner with one name share it), which its start, its completion
// and its cancellation write; the owner's jobs are one object more, which
// every atom running the owner's code reads (it may await or cancel any of
// them, leaving no event when the job has ended), which a start writes and
// a completion or a cancellation ticks (two completions commute). The
// start also writes the jobs' serial, as acquisitions of other classes do.
func (f *footprints) fineJob(ev *runtime.Event, rest string) {
	w := func(kind, name string) { f.cur.add(f.objs.id(kind, name), write) }
	cut := strings.LastIndexByte(rest, ' ')
	if cut < 0 {
		return
	}
	name, what := rest[:cut], rest[cut+1:]
	if what == "start" {
		if f.jobCount == nil {
			f.jobCount = map[string]int32{}
		}
		f.jobs = append(f.jobs, jobIdent{owner: ev.Fiber, seq: f.jobCount[ev.Fiber], name: name, running: true})
		f.jobCount[ev.Fiber]++
		w("serial", "job")
		f.cur.add(f.jobsOf(ev.Fiber), write)
		w("job", ev.Fiber+"/"+name)
		return
	}
	// done or cancelled: which job, by the complete atom's index or by the
	// running job of that name, the context's own first.
	at := -1
	if n := len(f.atoms); n > 0 && f.atoms[n-1].Kind == runtime.Complete && what == "done" {
		at = f.atoms[n-1].Job
	}
	for pass := 0; at < 0 && pass < 2; pass++ {
		for i, j := range f.jobs {
			if j.running && j.name == name && (pass == 1 || j.owner == ev.Fiber) {
				at = i
				break
			}
		}
	}
	owner := ev.Fiber
	if at >= 0 && at < len(f.jobs) {
		f.jobs[at].running = false
		owner = f.jobs[at].owner
	}
	f.cur.add(f.jobsOf(owner), tick)
	w("job", owner+"/"+name)
}

func (f *footprints) End(d *Driver) {
	if f.fine {
		f.readyIDs = append(f.readyIDs, f.readyNow(d, d.ReadyLen()))
	}
}

// reset empties the recorder for the next run, keeping its buffers.
func (f *footprints) reset() {
	f.fps, f.atoms, f.sizes, f.cur = f.fps[:0], f.atoms[:0], f.sizes[:0], nil
	clear(f.jobOwners)
	f.exhausted = false
	f.jobs, f.readyIDs, f.inFire = f.jobs[:0], f.readyIDs[:0], false
	clear(f.jobCount)
}
