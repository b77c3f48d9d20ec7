package runtime

import (
	"strconv"

	"revl.dev/debug/runtime/syntax"
)

// Driving a machine from outside: atoms, Begin/Step/Run, and what is
// ready to run.

// AtomKind tells the atoms apart.
type AtomKind uint8

const (
	Activate AtomKind = iota // activate(F)
	Teardown                 // teardown(F)
	Advance                  // advance(Nms): fire the timers due within Millis
	Harness                  // run a test body (pure or lifecycle) as one atom
	Crash                    // crash(F): an active (or suspended) fiber fails mid-life (faults.go); never in the ready set
	// The fine alphabet (Options.Atoms == AtomsFine, fine.go).
	Complete // complete(job NAME): a job in flight finishes
	Resume   // resume(F): a fiber suspended at `await` continues
	Fire     // fire(F): F's next-due timer fires
)

// Atom is one unit of work driven from outside. Activate and Teardown are
// the scheduler's alphabet (spec §6); Advance and Harness let the test
// runner and the debugger step through timers and tests with the same
// Begin/Step loop.
type Atom struct {
	Kind AtomKind
	// FailAt, on an Activate, arms an injected failure that strikes at the
	// boundary after top-level step FailAt (InjectFault): the atom
	// `fail@F:N` of schedules with faults. 0: a plain activation. (An
	// int32 beside Kind keeps an Atom the size it was.)
	FailAt int32
	Fiber  string           // Activate, Teardown, Resume, Fire; Complete: the job's owner
	Millis int64            // Advance
	Test   *syntax.TestDecl // Harness
	// Complete: the job (its serial - 1) and its name; Fire: the timer
	// (its serial - 1).
	Job     int
	JobName string
	Timer   int
}

// String is the atom's label: `activate(A)`, `teardown(A)`,
// `advance(5000ms)`, `test "name"`.
func (a Atom) String() string {
	switch a.Kind {
	case Activate:
		if a.FailAt > 0 {
			return "fail@" + a.Fiber + ":" + strconv.Itoa(int(a.FailAt))
		}
		return "activate(" + a.Fiber + ")"
	case Teardown:
		return "teardown(" + a.Fiber + ")"
	case Crash:
		return "crash(" + a.Fiber + ")"
	case Complete:
		return "complete(job " + a.JobName + ")"
	case Resume:
		return "resume(" + a.Fiber + ")"
	case Fire:
		return "fire(" + a.Fiber + ")"
	case Advance:
		return "advance(" + strconv.FormatInt(a.Millis, 10) + "ms)"
	}
	if a.Test != nil && a.Test.Name != nil {
		return a.Test.Kind.String() + " " + strconv.Quote(a.Test.Name.Value)
	}
	return "test"
}

// Ready returns the atoms the scheduler may issue now (spec §6), sorted by
// kind rank (activate before teardown), then load order.
func (m *Machine) Ready() []Atom { return m.ReadyInto(nil) }

// ReadyInto is Ready appending to buf[:0], so a scheduler that asks at
// every decision reuses one buffer instead of allocating a ready set each
// time (wide compositions have thousands of atoms ready at once).
func (m *Machine) ReadyInto(buf []Atom) []Atom {
	buf = buf[:0]
	if m.opts.Atoms == AtomsFine {
		return m.fineReady(buf)
	}
	if m.prog.mockOf == nil {
		return m.readyIncremental(buf)
	}
	return m.readyScan(buf)
}

// readyScan computes the ready set by looking at every fiber: the
// definition that readyIncremental keeps up to date (and what mock worlds
// use, whose readiness also depends on which mock holds a key).
func (m *Machine) readyScan(buf []Atom) []Atom {
	// Activations first, then teardowns: two passes over the fibers keep
	// the canonical order without a second buffer.
	for i, f := range m.fibers {
		if f.state == Pending && m.canActivate(i) {
			buf = append(buf, Atom{Kind: Activate, Fiber: f.comp.Name})
		}
	}
	for _, f := range m.fibers {
		if f.state == Active && m.dependentsGone(f) {
			buf = append(buf, Atom{Kind: Teardown, Fiber: f.comp.Name})
		}
	}
	return buf
}

// dependentsGone reports whether every component that requires a key f
// provides is down or failed: the teardown gate of spec §6. A stranded
// dependent (faults.go) counts as gone: it can never activate.
func (m *Machine) dependentsGone(f *fiber) bool {
	for _, d := range m.prog.prog.Dependents(f.comp) {
		if d := m.fibers[d.LoadIndex]; !gone(d.state) && !d.stranded {
			return false
		}
	}
	return true
}

// notReady says why fiber i cannot activate now ("" when it can): every key
// it requires must be provided by an active fiber whose provision is live.
func (m *Machine) notReady(i int) string {
	if b := m.activationBlock(i); b.kind != unblocked {
		return b.message()
	}
	if m.prog.mockOf != nil {
		return m.keyHeld(i)
	}
	return ""
}

// canActivate reports whether notReady(i) is "": readiness checks on the
// scheduler's hot path (readyset.go) only need the answer, not the message.
func (m *Machine) canActivate(i int) bool {
	if m.activationBlock(i).kind != unblocked {
		return false
	}
	return m.prog.mockOf == nil || m.keyHeld(i) == "" // mock worlds only
}

// blockKind names the first thing that keeps a fiber from activating.
type blockKind uint8

const (
	unblocked    blockKind = iota
	notPending             // the fiber itself is not pending
	noProvider             // a required key has no provider
	providerDown           // a required key's provider is not active
	noProvision            // a required key's provision is not live
)

// activationBlock is what keeps a fiber from activating, held as
// references so that finding it allocates nothing; message renders it.
type activationBlock struct {
	kind  blockKind
	key   string
	fiber *fiber // the fiber (notPending) or the provider (providerDown)
}

func (m *Machine) activationBlock(i int) activationBlock {
	f := m.fibers[i]
	if f.state != Pending {
		return activationBlock{kind: notPending, fiber: f}
	}
	slots := m.prog.reqSlots[i]
	for j, k := range f.comp.Requires {
		prov := k.Provider
		if j < len(f.via) && f.via[j] >= 0 {
			prov = m.fibers[f.via[j]].comp // a mock a lifecycle test derived
		}
		if prov == nil {
			return activationBlock{kind: noProvider, key: k.Name}
		}
		if p := m.fibers[prov.LoadIndex]; p.state != Active && (p.state != Activating || m.opts.Atoms != AtomsFine) {
			// In fine mode a provider suspended mid-activation serves the
			// keys it has already published (docs/decisions.md).
			return activationBlock{kind: providerDown, key: k.Name, fiber: p}
		}
		if pv := m.provs[slots[j]]; pv == nil || pv.fiber != prov.LoadIndex {
			return activationBlock{kind: noProvision, key: k.Name}
		}
	}
	return activationBlock{}
}

func (b activationBlock) message() string {
	switch b.kind {
	case notPending:
		return b.fiber.comp.Name + " is " + b.fiber.state.String()
	case noProvider:
		return "key " + b.key + " has no provider"
	case providerDown:
		return "key " + b.key + ": provider " + b.fiber.comp.Name + " is " + b.fiber.state.String()
	case noProvision:
		return "key " + b.key + " has no live provision"
	}
	return ""
}

// Begin starts atom a and runs it up to its first stop point, so that
// CurrentSpan names the first statement. It returns an error, and changes
// nothing, when an atom is already in progress or a is not ready.
func (m *Machine) Begin(a Atom) error { return m.BeginAt(a, -1) }

// BeginAt is Begin for a caller that knows the load index fi of a's fiber
// (ReadyFiberAt says it): the fiber is then not looked up by name, which
// was a map lookup of every decision. fi is checked against a.Fiber, and
// a wrong or negative fi is looked up as Begin does.
func (m *Machine) BeginAt(a Atom, hint int) error {
	if m.inAtom {
		return ErrAtomInProgress
	}
	fi := noCtx
	switch a.Kind {
	case Activate, Teardown, Crash:
		if hint >= 0 && hint < len(m.fibers) && m.fibers[hint].comp.Name == a.Fiber {
			fi = hint
		} else {
			fi = m.fiberIndex(a.Fiber)
		}
		if fi < 0 {
			return &NotReadyError{Atom: a, Reason: "no component " + strconv.Quote(a.Fiber)}
		}
		if a.Kind == Activate {
			// The ready set, when nothing changed since it was brought up
			// to date, already says (a scheduler begins what it just read
			// there); else ask.
			if r := &m.ready; !r.fresh || r.member[fi]&inActs == 0 {
				if why := m.notReady(fi); why != "" {
					return &NotReadyError{Atom: a, Reason: why}
				}
			}
			if a.FailAt > 0 {
				if err := m.InjectFault(a.Fiber, int(a.FailAt)); err != nil {
					return &NotReadyError{Atom: a, Reason: err.Error()}
				}
			}
		} else if s := m.fibers[fi].state; s != Active && (a.Kind != Crash || s != Activating) {
			// A crash also strikes an activation suspended at await (fine
			// atoms): it unwinds (faults.go).
			return &NotReadyError{Atom: a, Reason: a.Fiber + " is " + s.String()}
		}
	case Complete, Resume, Fire:
		r, why := m.fineAtom(a)
		if why != "" {
			return &NotReadyError{Atom: a, Reason: why}
		}
		a = r
		if a.Kind != Complete {
			fi = m.fiberIndex(a.Fiber)
		}
	case Advance:
		if a.Millis < 0 {
			return &NotReadyError{Atom: a, Reason: "negative duration"}
		}
	case Harness:
		if a.Test == nil {
			return &NotReadyError{Atom: a, Reason: "no test"}
		}
		if m.prog.tests[a.Test] == nil {
			return &NotReadyError{Atom: a, Reason: "test is not part of the program"}
		}
		fi = testCtx
	default:
		return &NotReadyError{Atom: a, Reason: "unknown atom kind"}
	}
	m.inAtom, m.finished, m.result = true, false, nil
	m.pushAtom(a, fi)
	m.run(true)
	return nil
}

// Step runs exactly one step of the current atom: one statement (up to the
// next statement, which may be inside a provider method the statement
// calls), one inverse, or one timer firing. It reports done when the atom
// has ended; err is then the atom's error (a failed activation, a budget
// overrun, a failed assertion), which the machine has already handled.
func (m *Machine) Step() (done bool, err error) {
	if !m.inAtom {
		return true, ErrNoAtom
	}
	if !m.finished {
		m.run(false)
	}
	if m.finished {
		m.inAtom = false
		return true, m.result
	}
	return false, nil
}

// Finish runs the atom in progress to its end, as Step until done would,
// without stopping at each statement, and returns its error.
func (m *Machine) Finish() error {
	if !m.inAtom {
		return ErrNoAtom
	}
	for !m.finished {
		m.run(false)
	}
	m.inAtom = false
	return m.result
}

// Run begins a and steps it to the end.
func (m *Machine) Run(a Atom) error {
	if err := m.Begin(a); err != nil {
		return err
	}
	for {
		if done, err := m.Step(); done {
			return err
		}
	}
}

// Advance moves virtual time forward by ms, firing due timers earliest
// first (ties in arm order). It is Run(Atom{Kind: Advance, Millis: ms}).
func (m *Machine) Advance(ms int64) error {
	return m.Run(Atom{Kind: Advance, Millis: ms})
}

// CurrentSpan returns the span of the statement (or inverse, or timer) that
// the next Step will run.
func (m *Machine) CurrentSpan() (syntax.Span, bool) {
	if !m.inAtom || m.finished || len(m.frames) == 0 {
		return syntax.Span{}, false
	}
	f := &m.frames[len(m.frames)-1]
	if f.kind != fCode {
		return syntax.Span{}, false
	}
	return f.span(f.pc), true
}
