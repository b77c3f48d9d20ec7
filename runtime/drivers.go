package runtime

// Driver frames: the state machines that sequence atoms, unwindings and
// teardowns, advances, lifecycle loads and List.map/filter. Each pushes code
// frames and is resumed when they return (see frames.go).

// Context indices that are not fibers: the body of a test, and nothing at
// all (an advance atom, which runs timer bodies in their owners' contexts).
const (
	testCtx = -1
	noCtx   = -2
)

// pushAtom begins atom a (fiber index fi for activations and teardowns):
// it emits the atom's begin event and pushes the atom frame with the work
// it starts. Preconditions were checked by the caller.
func (m *Machine) pushAtom(a Atom, fi int) {
	idx := m.atoms
	m.atoms++
	m.fineOK = false
	m.atomIdx = idx
	if m.wants(EvAtomBegin) {
		m.emit(Event{Kind: EvAtomBegin, Fiber: atomFiber(a), Text: a.String()})
	}
	// Activations and teardowns are bounded as a whole. A test body or an
	// advance only sequences other units, each bounded on its own, so they
	// are bounded by the run budget alone: nested activations and timer
	// bodies are not charged to them.
	d, bk, bat := int64(m.opts.RunBudget), budgetRun, -1
	if a.Kind == Activate || a.Kind == Teardown || a.Kind == Crash || a.Kind == Resume || a.Kind == Fire {
		d, bk, bat = m.deadlineFor(m.opts.StepBudget, budgetAtom, true)
	}
	var baseline *Snapshot
	if a.Kind == Harness {
		baseline = m.snapshotWithUnreleased()
	}
	af := m.pushFrame()
	af.kind, af.base, af.atom, af.atomIdx, af.fib = fAtom, len(m.vals), a, idx, fi
	af.deadline, af.budget, af.budgetAt, af.baseline = d, bk, bat, baseline
	switch a.Kind {
	case Activate:
		f := m.wfiber(fi)
		f.config = emptyRecord
		if fi < len(m.given) && m.given[fi] != nil {
			f.config = m.given[fi]
		}
		if f.override != nil {
			// `load C with {...}` wins over the values given from outside.
			for i, n := range f.override.names {
				f.config = f.config.with(n, f.override.vals[i])
			}
		}
		code, err := m.prog.body(fi)
		if err != nil {
			m.raise(m.compileError(fi, err))
			break
		}
		m.mustPush(m.pushCode(code, nil, 0, fi, d, bk, bat))
	case Teardown:
		m.pushDrain(fi, Down, nil, false)
	case Crash:
		m.noteFault()
		err := m.crashError(fi)
		m.dropSuspension(fi)
		m.failure(err, fi)
		m.pushDrain(fi, Failed, err, true)
	case Resume:
		m.pushResume(fi)
	case Fire:
		m.pushFire(a)
	case Complete:
		m.finishJob(a.Job)
	case Advance:
		*m.pushFrame() = frame{kind: fAdvance, base: len(m.vals), target: m.now + a.Millis,
			deadline: d, budget: bk, budgetAt: bat}
	case Harness:
		m.mustPush(m.pushCode(m.prog.tests[a.Test], nil, 0, testCtx, d, bk, bat))
	}
}

// mustPush raises the error of a push that starts an atom's work; only the
// depth limit can refuse it (a lifecycle test nests atoms).
func (m *Machine) mustPush(err *Error) {
	if err != nil {
		m.raise(err)
	}
}

func atomFiber(a Atom) string {
	if a.Kind == Harness {
		return "test"
	}
	return a.Fiber
}

// pushDrain starts draining fiber fi's frame. A teardown's drain is
// charged to the teardown atom; an unwinding after a failure gets a fresh
// budget, since the failure may have been the exhausted budget itself.
func (m *Machine) pushDrain(fi int, final FiberState, err *Error, fresh bool) {
	d, bk, bat := m.parentDeadline()
	if fresh {
		d, bk, bat = m.deadlineFor(m.opts.StepBudget, budgetAtom, true)
	}
	f := m.pushFrame()
	f.kind, f.base, f.fib, f.final, f.err = fDrain, len(m.vals), fi, final, err
	f.deadline, f.budget, f.budgetAt = d, bk, bat
}

// resume advances the driver frame on top of the stack.
func (m *Machine) resume() {
	f := m.top()
	switch f.kind {
	case fAtom:
		m.finishAtom()
	case fDrain:
		m.resumeDrain()
	case fAdvance:
		m.resumeAdvance()
	case fSettle:
		m.resumeSettle()
	case fIter:
		m.resumeIter()
	case fRelease:
		m.resumeRelease()
	}
}

// finishAtom ends the atom on top of the stack: the work it started has
// returned (or was unwound).
func (m *Machine) finishAtom() {
	f := m.top()
	a, err, fi := f.atom, f.err, f.fib
	m.fineOK = false
	if (a.Kind == Activate || a.Kind == Resume) && err == nil {
		switch fb := m.fibers[fi]; {
		case fb.susp != nil && fb.state == Activating:
			// Suspended again at a later await: the ready set still changes
			// (the job it waits for is another).
			m.noteChange(fi)
		case fb.susp != nil:
			m.setState(fi, Activating, nil)
		default:
			m.setState(fi, Active, nil)
		}
	}
	if a.Kind != Harness {
		m.endTurn()
	}
	if m.wants(EvAtomEnd) {
		ev := Event{Kind: EvAtomEnd, Fiber: atomFiber(a), Text: a.String(), Err: err}
		if m.opts.AtomSnapshots {
			s := m.snapshotWithUnreleased()
			ev.Snapshot = s
		}
		m.emit(ev)
	}
	m.popFrame()
	// The enclosing atom, if any, is current again.
	for i := len(m.frames) - 1; i >= 0; i-- {
		if m.frames[i].kind == fAtom {
			m.atomIdx = m.frames[i].atomIdx
			break
		}
	}
	if len(m.frames) == 0 {
		m.finished = true
		if err != nil {
			m.result = err
		}
	}
}

// resumeDrain runs the next inverse of the fiber's frame, or, when the
// frame is empty, sets the fiber's final state: down after a clean
// teardown, failed after an unwinding or a teardown in which an inverse
// failed.
func (m *Machine) resumeDrain() {
	f := m.top()
	fi := f.fib
	fb := m.fibers[fi]
	if n := len(fb.frame); n > 0 {
		inv := fb.frame[n-1]
		d, bk, bat := f.deadline, f.budget, f.budgetAt
		if err := m.pushCode(inv.fn.code, inv.fn.up, 0, fi, d, bk, bat); err != nil {
			// Only the depth limit can refuse; the inverse is consumed
			// like one that failed, so the drain still ends.
			w := m.wfiber(fi)
			w.frame = w.frame[:n-1]
			m.failure(err, fi)
			if f.err == nil {
				f.err = err
			}
			return
		}
		m.top().inv = inv
		return
	}
	final, err := f.final, f.err
	m.popFrame()
	if final == Down && err != nil {
		final = Failed
	}
	m.setState(fi, final, err)
	// Report an inverse's failure as the failure of the atom that drained.
	if err != nil {
		for i := len(m.frames) - 1; i >= 0; i-- {
			if a := &m.frames[i]; a.kind == fAtom {
				if a.err == nil {
					a.err = err
				}
				break
			}
		}
	}
}

// resumeAdvance fires the next due timer, or moves time to the target and
// ends.
func (m *Machine) resumeAdvance() {
	f := m.top()
	if m.steps >= f.deadline {
		m.raise(m.budgetError(f))
		return
	}
	target := f.target
	if i := m.nextDue(target); i >= 0 {
		t := &m.host.timers[i]
		d, bk, bat := m.deadlineFor(m.opts.StepBudget, budgetUnit, true)
		if err := m.pushCode(t.body.code, t.body.up, 0, t.fiber, d, bk, bat); err != nil {
			m.raise(err)
			return
		}
		m.top().timer = i + 1
		return
	}
	m.popFrame()
	m.moveTime(target)
}

// resumeSettle activates, in load order, the first loaded fiber that can
// activate; it ends when none can.
func (m *Machine) resumeSettle() {
	for i, f := range m.fibers {
		if f.loaded && f.state == Pending && m.canActivate(i) {
			m.pushAtom(Atom{Kind: Activate, Fiber: f.comp.Name}, i)
			return
		}
	}
	m.popFrame()
}

// resumeIter feeds the next element of the list to the closure, collecting
// results; at the end it returns the new list to the caller.
func (m *Machine) resumeIter() {
	f := m.top()
	if f.waiting {
		r := m.vals[len(m.vals)-1]
		m.vals = m.vals[:len(m.vals)-1]
		f.waiting = false
		if !f.filter {
			f.acc = append(f.acc, r)
		} else if b, ok := r.(vBool); !ok {
			m.raise(rtErr(KindEval, "filter: the predicate returned %s, not Bool", kindName(r)))
			return
		} else if b {
			f.acc = append(f.acc, f.list.elems[f.i-1])
		}
	}
	if f.i < len(f.list.elems) {
		el, fn, ctx := f.list.elems[f.i], f.fn, m.ctxOf()
		f.i++
		f.waiting = true
		m.vals = append(m.vals, el)
		d, bk, bat := m.parentDeadline()
		if err := m.pushCode(fn.code, fn.up, 1, ctx, d, bk, bat); err != nil {
			m.vals = m.vals[:len(m.vals)-1]
			m.raise(err)
		}
		return
	}
	out := &vList{elems: f.acc}
	m.popFrame()
	m.vals = append(m.vals, out)
}
