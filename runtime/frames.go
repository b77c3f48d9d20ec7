package runtime

import "revl.dev/debug/runtime/syntax"

// The execution stack holds two sorts of frame. Code frames run compiled
// code. Driver frames are small state machines that sequence work which is
// not a single piece of code: the end of an atom, draining a frame of
// inverses, firing due timers, activating loaded fibers in a lifecycle test,
// mapping a closure over a list. A driver never calls into code
// itself: it pushes a code frame and is resumed when that frame returns.
// That keeps the Go stack flat, so the machine can stop at any statement at
// any depth and its state stays plain, copyable data.

type frameKind uint8

const (
	fCode    frameKind = iota
	fAtom              // bottom of an atom: finishes it when what it started returns
	fDrain             // pops a fiber's frame one inverse at a time, then sets its final state
	fAdvance           // fires due timers up to target, then moves time to target
	fSettle            // lifecycle tests: activates loaded fibers whose requires are met
	fIter              // List.map / List.filter: calls a closure per element
	fRelease           // lifecycle tests: releases an unloaded consumer's mocks (mockworld.go)
)

// budgetKind says which budget a frame's deadline comes from, for the
// message of a budget error.
type budgetKind uint8

const (
	budgetRun budgetKind = iota
	budgetAtom
	budgetCall
	budgetUnit // a timer body or an inverse
)

// frame is one entry of the execution stack; which fields matter depends
// on kind. Frames are values so that cloning the stack is one copy.
type frame struct {
	// The one-byte fields first, in one word.
	kind     frameKind
	budget   budgetKind
	final    FiberState // drain frames
	released bool       // release frames (below)
	mockDown bool
	filter   bool // iter frames (below)
	waiting  bool

	base int // the value stack above base belongs to this frame

	// Code frames.
	code     *Code
	pc       int
	stmt     int // pc of the last stop point executed here, -1 before the first
	up       []value
	ctx      int       // the fiber whose context the code runs in; -1 for a test body
	deadline int64     // machine step count beyond which this frame's budget is exceeded
	budgetAt int       // the frame whose budget set deadline (budget above says which budget)
	call     *callSite // a provision method frame: the call that made it
	caller   int       // ... and the calling context
	inv      *inverse  // an inverse's frame: the inverse it runs
	timer    int       // a timer body's frame: timer index + 1

	// Atom frames (fib is shared with drains, whose final is above).
	atom     Atom
	atomIdx  int
	fib      int
	err      *Error    // atom: its first error; drain: the first inverse failure
	baseline *Snapshot // harness atoms: the state no_residue compares against

	// Advance frames.
	target int64

	// Release frames: the mocks still to tear down (never changed in
	// place); released and mockDown above say whether the references were
	// released and whether a mock went.
	mocks []int

	// Iter frames (and filter, waiting above).
	list *vList
	fn   *vClosure
	i    int
	acc  []value
}

func (m *Machine) top() *frame { return &m.frames[len(m.frames)-1] }

// span is the source span of instruction pc of a code frame. An inverse's
// stop point has the inverse's span: withdrawals and cancellations share
// one synthetic body, which has none of its own.
func (f *frame) span(pc int) syntax.Span {
	if f.inv != nil && f.code.Ops[pc].op == opInverse {
		return f.inv.span
	}
	return f.code.Spans[pc]
}

// popFrame removes the top frame and its values.
func (m *Machine) popFrame() {
	f := m.top()
	m.vals = m.vals[:f.base]
	m.frames = m.frames[:len(m.frames)-1]
}

// parentDeadline is the deadline that frames pushed now inherit: that of
// the innermost frame that has one (settle and iter frames do not), or the
// run budget's when there is none.
func (m *Machine) parentDeadline() (int64, budgetKind, int) {
	for i := len(m.frames) - 1; i >= 0; i-- {
		if f := &m.frames[i]; f.kind != fIter && f.kind != fSettle {
			return f.deadline, f.budget, f.budgetAt
		}
	}
	return int64(m.opts.RunBudget), budgetRun, -1
}

// deadlineFor returns the deadline of a new frame with its own budget n:
// the sooner of its own and the inherited one (unless fresh, for units
// whose budget must not be charged to whatever is below them).
func (m *Machine) deadlineFor(n int, kind budgetKind, fresh bool) (int64, budgetKind, int) {
	own := m.steps + int64(n)
	var d int64
	var k budgetKind
	var at int
	if fresh {
		d, k, at = int64(m.opts.RunBudget), budgetRun, -1
	} else {
		d, k, at = m.parentDeadline()
	}
	if own < d {
		return own, kind, len(m.frames)
	}
	return d, k, at
}

// pushCode pushes a code frame for code whose nargs arguments are already on
// the value stack.
func (m *Machine) pushCode(code *Code, up []value, nargs, ctx int, deadline int64, bk budgetKind, bat int) *Error {
	if len(m.frames) >= m.opts.MaxDepth {
		return rtErr(KindBudget, "unbounded: call depth exceeds %d", m.opts.MaxDepth)
	}
	if nargs != code.NParams {
		return rtErr(KindEval, "%s takes %d argument(s), got %d", code.Name, code.NParams, nargs)
	}
	base := len(m.vals) - nargs
	for i := nargs; i < code.NLocals; i++ {
		m.vals = append(m.vals, nil)
	}
	f := m.pushFrame()
	f.kind, f.base, f.code, f.stmt, f.up, f.ctx = fCode, base, code, -1, up, ctx
	f.deadline, f.budget, f.budgetAt = deadline, bk, bat
	return nil
}

// pushFrame pushes a zero frame and returns it, to be filled in place. A
// frame is a few hundred bytes: appending a literal built it in a
// temporary and copied it in, which while the collector marks is a write
// barrier on every pointer word of both copies, at every call and atom.
func (m *Machine) pushFrame() *frame {
	n := len(m.frames)
	if n < cap(m.frames) {
		m.frames = m.frames[:n+1]
		if n < m.framesHW {
			m.frames[n] = frame{} // what the last frame here left
		}
	} else {
		m.frames = append(m.frames, frame{})
	}
	m.framesHW = max(m.framesHW, n+1)
	return &m.frames[n]
}

// ctxOf returns the context fiber of the innermost code frame.
func (m *Machine) ctxOf() int {
	for i := len(m.frames) - 1; i >= 0; i-- {
		if m.frames[i].kind == fCode {
			return m.frames[i].ctx
		}
	}
	return noCtx
}

// budgetError builds the error for frame f's exceeded deadline, naming
// the budget and the unit that owns it.
func (m *Machine) budgetError(f *frame) *Error {
	if f.budget == budgetRun {
		return rtErr(KindBudget, "unbounded: run budget of %d steps exceeded", m.opts.RunBudget)
	}
	n := m.opts.StepBudget
	if f.budget == budgetCall {
		n = m.opts.CallBudget
	}
	var what string
	switch o := &m.frames[f.budgetAt]; o.kind {
	case fAtom:
		what = o.atom.String()
	case fDrain:
		what = "the unwinding of " + m.fiberName(o.fib)
	default:
		what = o.code.Name
	}
	kind := "step"
	if f.budget == budgetCall {
		kind = "call"
	}
	return rtErr(KindBudget, "unbounded: %s budget of %d steps exceeded in %s", kind, n, what)
}

// raise unwinds the stack to the frame that handles err:
//   - an inverse's frame: the failure is recorded and the drain goes on
//     (an inverse that fails is still consumed, so draining always ends);
//   - a timer body's frame: the owning fiber fails and its frame unwinds;
//   - an activation atom: the activation fails and its frame unwinds;
//   - any other atom: it ends with the error.
//
// Provision method frames on the way report their exit as failed.
func (m *Machine) raise(err *Error) {
	if !err.Span.Start.IsValid() {
		// Raised by a driver (an iter frame's predicate, a depth limit):
		// point at what the innermost code frame was doing.
		for i := len(m.frames) - 1; i >= 0; i-- {
			if f := &m.frames[i]; f.kind == fCode {
				err.Span, err.File = f.span(max(f.pc-1, 0)), m.prog.file
				if err.Fiber == "" {
					err.Fiber = m.fiberName(f.ctx)
				}
				break
			}
		}
	}
	for len(m.frames) > 0 {
		f := m.top()
		switch f.kind {
		case fCode:
			if f.call != nil && m.wants(EvCallExit) {
				m.emit(Event{Kind: EvCallExit, Fiber: m.fiberName(f.ctx), Key: f.call.key, Method: f.call.method, Err: err})
			}
			if inv := f.inv; inv != nil {
				m.popFrame()
				m.failure(err, inv.fiber)
				for i := len(m.frames) - 1; i >= 0; i-- {
					if d := &m.frames[i]; d.kind == fDrain {
						if d.err == nil {
							d.err = err
						}
						break
					}
				}
				return
			}
			if f.timer > 0 {
				owner := f.ctx
				m.popFrame()
				m.failure(err, owner)
				m.pushDrain(owner, Failed, err, true)
				return
			}
			m.popFrame()
		case fAtom:
			if f.err == nil {
				f.err = err
			}
			fi, kind := f.fib, f.atom.Kind
			m.failure(err, fi)
			if kind == Activate || kind == Resume {
				m.pushDrain(fi, Failed, err, true)
			}
			return
		default:
			m.popFrame()
		}
	}
}

// failure records a caught error.
func (m *Machine) failure(err *Error, fi int) {
	if err.Fiber == "" {
		err.Fiber = m.fiberName(fi)
	}
	if m.want() {
		m.emit(Event{Kind: EvFailure, Fiber: m.fiberName(fi), Span: err.Span, Err: err})
	}
}

// pushInverse pushes inv on fiber fi's frame.
func (m *Machine) pushInverse(fi int, inv *inverse) {
	f := m.wfiber(fi)
	f.frame = append(f.frame, inv)
	if m.wants(EvPush) {
		m.emit(Event{Kind: EvPush, Fiber: f.comp.Name, Span: inv.span, Text: inv.text})
	}
}
