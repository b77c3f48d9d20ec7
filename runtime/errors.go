package runtime

import (
	"errors"
	"fmt"

	"revl.dev/debug/runtime/syntax"
)

// ErrorKind classifies a run-time error so that callers can react without
// parsing messages: the scheduler maps KindBudget to its `unbounded` finding,
// the test runner tells a failed assert from a crashed test.
type ErrorKind int

const (
	KindEval         ErrorKind = iota // evaluation error: wrong type, division by zero, bad index, no match arm
	KindFail                          // a deliberate `fail E`
	KindHost                          // a host resource refused an operation (Pool.open of boom://, size < 1)
	KindUseAfterFree                  // an operation on a dropped map or a closed pool
	KindNotLive                       // a call or emit through a key whose provision is not live
	KindBudget                        // a step, call, depth, run or memory budget was exceeded (`unbounded`)
	KindAssert                        // a test assertion did not hold
	KindFault                         // a failure injected by a fault test or the fault sweep (faults.go)
)

var kindNames = [...]string{"eval", "fail", "host", "use-after-free", "not-live", "unbounded", "assert", "injected"}

func (k ErrorKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("ErrorKind(%d)", int(k))
}

// Error is a run-time error of a revl program, located at the expression or
// statement that raised it. Msg reads on its own (`fail: bad url`,
// `use-after-free: map#1.insert after drop()`, `assert n == 2 failed: 3 != 2`);
// Error() prefixes the position.
type Error struct {
	Kind  ErrorKind
	Msg   string
	File  string
	Span  syntax.Span
	Fiber string // the fiber whose code raised it; "test" for a test body
}

func (e *Error) Error() string {
	if !e.Span.Start.IsValid() {
		return e.Msg
	}
	if e.File == "" { // an expression given to Machine.Eval
		return fmt.Sprintf("%d:%d: %s", e.Span.Start.Line, e.Span.Start.Col, e.Msg)
	}
	return e.Span.Start.In(e.File) + ": " + e.Msg
}

// IsBudget reports whether err is (or wraps) a budget error, the scheduler's
// `unbounded` finding.
func IsBudget(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Kind == KindBudget
}

// Misuse errors: the caller drove the machine wrongly. They are plain
// errors, not *Error, and never change the machine's state.
var (
	ErrAtomInProgress = errors.New("runtime: an atom is in progress; Step it to completion first")
	ErrNoAtom         = errors.New("runtime: no atom in progress; call Begin first")
)

// NotReadyError is returned by Begin for an atom whose preconditions do not
// hold (spec §6): activating a fiber that is not pending or whose required
// keys have no live provision, tearing down a fiber that is not active.
type NotReadyError struct {
	Atom   Atom
	Reason string
}

func (e *NotReadyError) Error() string {
	return fmt.Sprintf("runtime: %s is not ready: %s", e.Atom, e.Reason)
}

// rtErr is shorthand for an Error without a position; the VM fills in the
// position of the instruction that raised it.
func rtErr(kind ErrorKind, format string, args ...any) *Error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}
