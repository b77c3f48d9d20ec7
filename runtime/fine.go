package runtime

import (
	"slices"
	"strconv"

	"revl.dev/debug/runtime/syntax"
)

// Fine atoms (Options.Atoms == AtomsFine): the scheduler's alphabet with
// the decisions that happen inside an activation and between lifecycle
// steps. docs/decisions.md ("Fine atoms") gives the rules; in short:
//
//   - An activation that reaches `await j` on a running job j, in its own
//     body (not inside a method, a helper or a timer body), suspends: the
//     atom ends with the fiber `activating`, its body's frame saved.
//   - complete(job NAME) is ready for every job in flight; it finishes the
//     job. Jobs no longer finish by counting turns.
//   - resume(F) is ready when the job F awaits is no longer running; it
//     continues F's body after the `await` with the budget the
//     activation had left, and ends with F `active` (or suspended again,
//     or failed).
//   - fire(F) fires F's next-due timer, moving virtual time to its
//     deadline. Only timers due at the earliest deadline of all eligible
//     timers are ready (time never moves backwards), one per fiber (the
//     first armed); an `every` timer is eligible at most MaxFires times;
//     and a fire is ready only while another atom is: a schedule ends when
//     its lifecycle work ends.
//   - While F is activating, the keys it has published serve consumers'
//     activations; F's teardown is not ready until its activation ends.
//
// The ready set is sorted by kind rank resume 0, complete 1, activate 2,
// teardown 3, fire 4, then load order (complete: start order), so that
// index 0 always runs a suspended activation to its end before anything
// else: the canonical fine run is the canonical lifecycle run.

// AtomMode is the scheduler's alphabet.
type AtomMode uint8

const (
	AtomsLifecycle AtomMode = iota // activate(F), teardown(F)
	AtomsFine                      // and complete(job N), resume(F), fire(F)
)

// DefaultMaxFires is how many times an `every` timer may fire in one fine
// schedule when Options.MaxFires is 0.
const DefaultMaxFires = 3

func (a AtomMode) String() string {
	if a == AtomsFine {
		return "fine"
	}
	return "lifecycle"
}

// ParseAtomMode reads `lifecycle` or `fine`.
func ParseAtomMode(s string) (AtomMode, bool) {
	switch s {
	case "lifecycle", "":
		return AtomsLifecycle, true
	case "fine":
		return AtomsFine, true
	}
	return 0, false
}

// Atoms is the machine's alphabet.
func (m *Machine) Atoms() AtomMode { return m.opts.Atoms }

// suspension is an activation stopped at `await`: its body's code frame
// (base 0 into vals), the values above that base, the job it waits for and
// the steps its budget had left. Immutable once made.
type suspension struct {
	frame frame
	vals  []value
	job   int
	left  int64
}

// suspendable reports whether the code frame fi is the activation body of
// the atom at the bottom of the stack, the only place an await suspends.
func (m *Machine) suspendable(fi int) bool {
	if m.opts.Atoms != AtomsFine || fi != 1 || len(m.frames) != 2 {
		return false
	}
	a := &m.frames[0]
	f := &m.frames[1]
	return a.kind == fAtom && (a.atom.Kind == Activate || a.atom.Kind == Resume) &&
		f.ctx == a.fib && f.ctx >= 0 && f.code == m.prog.peek(f.ctx) && f.call == nil
}

// runningJob returns the job index of v when it is a running job.
func (m *Machine) runningJob(v value) (int, bool) {
	h, ok := v.(vHandle)
	if !ok || h.class != hJob {
		return 0, false
	}
	return h.id - 1, m.host.jobs[h.id-1].state == jobRunning
}

// suspend saves the activation body frame fi (the await's operand already
// popped) in its fiber and removes it from the stack: the atom then ends
// with the fiber activating.
func (m *Machine) suspend(fi, job int) {
	f := m.frames[fi]
	s := &suspension{frame: f, vals: slices.Clone(m.vals[f.base:]), job: job}
	s.frame.base = 0
	if f.budget != budgetRun {
		s.left = f.deadline - m.steps
	}
	m.popFrame()
	m.wfiber(f.ctx).susp = s
	m.suspended++
}

// pushResume restores fiber fi's suspended body above the resume atom's
// frame af and gives it the await's result.
func (m *Machine) pushResume(fi int) {
	fb := m.wfiber(fi)
	s := fb.susp
	fb.susp = nil
	m.suspended--
	af := m.top()
	if s.frame.budget != budgetRun {
		af.deadline = min(m.steps+s.left, int64(m.opts.RunBudget))
		af.budget, af.budgetAt = budgetAtom, len(m.frames)-1
	}
	cf := s.frame
	cf.base = len(m.vals)
	cf.deadline, cf.budget, cf.budgetAt = af.deadline, af.budget, af.budgetAt
	m.vals = append(m.vals, s.vals...)
	*m.pushFrame() = cf
	if j := &m.host.jobs[s.job]; j.state == jobCancelled {
		m.raise(rtErr(KindHost, "await: job %s was cancelled", j.name))
		return
	}
	m.push(unit)
}

// pushFire starts the body of the timer a fires, in its owner's context.
func (m *Machine) pushFire(a Atom) {
	t := &m.host.timers[a.Timer]
	af := m.top()
	if err := m.pushCode(t.body.code, t.body.up, 0, t.fiber, af.deadline, af.budget, af.budgetAt); err != nil {
		m.raise(err)
		return
	}
	m.top().timer = a.Timer + 1
}

// fineSet is the fine ready set at a boundary, in segments: the resumes
// and completes before the lifecycle atoms (which the incremental ready
// set keeps, or a scan in mock worlds), the fires after them. Only the
// small segments are listed, so asking for the set's size or one atom
// costs what the fine atoms cost, not the composition's width.
type fineSet struct {
	head  []Atom // resume, then complete
	life  []Atom // mock worlds only: the scanned lifecycle atoms
	fires []Atom
	mock  bool
	nLife int
}

// fineParts brings the fine set up to date. It is cached only at a
// boundary: inside an atom every step may change it, so it is listed
// afresh there (a debugger asks there; a scheduler does not).
func (m *Machine) fineParts() *fineSet {
	if m.fineOK {
		return &m.fine
	}
	fs := &m.fine
	if m.inAtom {
		fs = &fineSet{}
	}
	fs.head, fs.fires, fs.life = fs.head[:0], fs.fires[:0], fs.life[:0]
	if m.suspended > 0 {
		for _, f := range m.fibers {
			if f.state == Activating && f.susp != nil && m.host.jobs[f.susp.job].state != jobRunning {
				fs.head = append(fs.head, Atom{Kind: Resume, Fiber: f.comp.Name})
			}
		}
	}
	if m.running > 0 {
		for i := range m.host.jobs {
			if j := &m.host.jobs[i]; j.state == jobRunning {
				fs.head = append(fs.head, Atom{Kind: Complete, Fiber: m.fiberName(j.fiber), Job: i, JobName: j.name})
			}
		}
	}
	fs.mock = m.prog.mockOf != nil
	if fs.mock {
		fs.life = m.readyScan(fs.life)
		fs.nLife = len(fs.life)
	} else {
		m.refreshReady()
		fs.nLife = len(m.ready.acts) + len(m.ready.tears)
	}
	if m.armed > 0 && len(fs.head)+fs.nLife > 0 {
		fs.fires = m.readyFires(fs.fires)
	}
	if !m.inAtom {
		m.fineOK = true
	}
	return fs
}

func (fs *fineSet) len() int { return len(fs.head) + fs.nLife + len(fs.fires) }

// fineAt is the i-th atom of the fine ready set.
func (m *Machine) fineAt(i int) Atom {
	fs := m.fineParts()
	if i < len(fs.head) {
		return fs.head[i]
	}
	i -= len(fs.head)
	if i < fs.nLife {
		if fs.mock {
			return fs.life[i]
		}
		r := &m.ready
		if i < len(r.acts) {
			return Atom{Kind: Activate, Fiber: m.fibers[r.acts[i]].comp.Name}
		}
		return Atom{Kind: Teardown, Fiber: m.fibers[r.tears[i-len(r.acts)]].comp.Name}
	}
	return fs.fires[i-fs.nLife]
}

// fineReady appends the fine ready set, sorted (see the top of the file),
// to buf.
func (m *Machine) fineReady(buf []Atom) []Atom {
	fs := m.fineParts()
	buf = append(buf, fs.head...)
	if fs.mock {
		buf = append(buf, fs.life...)
	} else {
		buf = m.readyIncremental(buf)
	}
	return append(buf, fs.fires...)
}

// readyFires appends the fire atoms: of the eligible timers (armed, owner
// active or activating, an `every` below MaxFires), those due at the
// earliest deadline, the first armed of each owner, in load order.
func (m *Machine) readyFires(buf []Atom) []Atom {
	best := int64(-1)
	eligible := func(t *timerRes) bool {
		if !t.armed || t.fiber < 0 {
			return false
		}
		if s := m.fibers[t.fiber].state; s != Active && s != Activating {
			return false
		}
		return t.kind != syntax.Every || t.fires < m.opts.MaxFires
	}
	for i := range m.host.timers {
		if t := &m.host.timers[i]; eligible(t) && (best < 0 || t.due < best) {
			best = t.due
		}
	}
	if best < 0 {
		return buf
	}
	first := len(buf)
	for i := range m.host.timers {
		t := &m.host.timers[i]
		if !eligible(t) || t.due != best {
			continue
		}
		name := m.fibers[t.fiber].comp.Name
		dup := false
		for _, a := range buf[first:] {
			if a.Fiber == name {
				dup = true
				break
			}
		}
		if !dup {
			buf = append(buf, Atom{Kind: Fire, Fiber: name, Timer: i})
		}
	}
	fires := buf[first:]
	slices.SortStableFunc(fires, func(a, b Atom) int {
		return m.fiberIndex(a.Fiber) - m.fiberIndex(b.Fiber)
	})
	return buf
}

// fineAtom returns the ready atom that a names (Complete by job, Resume and
// Fire by fiber), or why there is none.
func (m *Machine) fineAtom(a Atom) (Atom, string) {
	if m.opts.Atoms != AtomsFine {
		return a, a.String() + " needs fine atoms"
	}
	fs := m.fineParts()
	for _, part := range [2][]Atom{fs.head, fs.fires} {
		for _, r := range part {
			if r.Kind == a.Kind && (a.Kind == Complete && r.Job == a.Job || a.Kind != Complete && r.Fiber == a.Fiber) {
				return r, ""
			}
		}
	}
	switch a.Kind {
	case Complete:
		return a, "job " + strconv.Itoa(a.Job+1) + " is not in flight"
	case Resume:
		return a, a.Fiber + " is not suspended on a finished job"
	}
	return a, a.Fiber + " has no timer due first"
}

// SuspendedAt is the `await` at which fiber i (load order) is suspended
// mid-activation; ok is false when it is not.
func (m *Machine) SuspendedAt(i int) (span syntax.Span, ok bool) {
	s := m.fibers[i].susp
	if s == nil {
		return span, false
	}
	return s.frame.code.Spans[s.frame.pc-1], true
}

// JobsInFlightOf lists the jobs still in flight that fiber i's code
// started, in start order, as UnreleasedResources renders them. With fine
// atoms a job has no duration, so one its owner leaves running when the
// owner's frame has drained (teardown, the unwinding of a failure, a
// crash) outlives the owner in some schedule: the scheduler's monitor
// reports it as the owner's residue at that point (docs/decisions.md,
// "Fine atoms").
func (m *Machine) JobsInFlightOf(i int) []Resource {
	if m.running == 0 {
		return nil
	}
	var out []Resource
	for _, j := range m.host.jobs {
		if j.state == jobRunning && j.fiber == i {
			a := j.acq
			out = append(out, Resource{Text: "job " + j.name + " (start with no done)", Tag: "job " + j.name,
				Fiber: m.fiberName(a.ctx), Atom: a.atom, During: a.label.String(), Span: a.span})
		}
	}
	return out
}
