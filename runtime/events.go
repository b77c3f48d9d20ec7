package runtime

import (
	"strconv"
	"strings"

	"revl.dev/debug/runtime/syntax"
)

// EventKind says what an Event records. The timeline, the scheduler and the
// debugger all read the one event stream, so every observable action has
// exactly one kind.
type EventKind uint8

const (
	EvAtomBegin   EventKind = iota // an atom starts: Text is its label, `activate(A)`
	EvAtomEnd                      // an atom ends: Err is set when it failed
	EvStmt                         // a statement is about to run: Span, Depth, Text is its first source line
	EvCallEnter                    // a provision method starts in the provider's context: Text is the call
	EvCallExit                     // a provision method returned (Value) or failed (Err)
	EvEmission                     // an emission was recorded: Text is `log.write("A up")`
	EvUse                          // a call or emit went through a key: Key, Method, Caller, Provider, Live
	EvPublish                      // provision Key was published
	EvWithdraw                     // provision Key was withdrawn
	EvHost                         // a host resource operation: Text is its trace line; Acquire/Release
	EvPush                         // an inverse was pushed on Fiber's frame: Text is the inverse
	EvInverse                      // an inverse was popped from Fiber's frame and is about to run
	EvFiber                        // Fiber changed state From -> To
	EvFailure                      // an error was caught: Err; the fiber's step failed
	EvTimerFire                    // a timer fired: Text is `timer#1.fire #1 at 30000ms`; Release on a final fire
	EvTimeAdvance                  // virtual time moved from TimeFrom to Time
	EvAssert                       // a test assertion ran: Text is its source, Passed, Err when it failed
)

var eventKindNames = [...]string{
	"atom-begin", "atom-end", "stmt", "call-enter", "call-exit", "emission", "use",
	"publish", "withdraw", "host", "push", "inverse", "fiber", "failure", "timer-fire",
	"advance", "assert",
}

func (k EventKind) String() string {
	if int(k) < len(eventKindNames) {
		return eventKindNames[k]
	}
	return "event(" + strconv.Itoa(int(k)) + ")"
}

// Event is one observable action of a machine. Fields beyond the common
// header are set only for the kinds that document them.
//
// Seq numbers every event of a machine from 1 without gaps, also while no
// sink is set, so a clone numbers its events exactly as the original would
// have: comparing two streams is comparing their rendered lines.
type Event struct {
	Seq   int64
	Kind  EventKind
	Fiber string      // whose context it happened in: a component, "test" for a test body, "" for none
	Span  syntax.Span // the statement, expression or inverse it comes from, when there is one
	Time  int64       // virtual ms
	Atom  int         // index of the innermost atom running (atoms are numbered from 0 in Begin order)
	Depth int         // EvStmt: code frames below this one on the stack

	Text     string // the main payload; see the kinds
	Key      string // EvUse, EvCallEnter/Exit, EvEmission, EvPublish, EvWithdraw
	Method   string // EvUse, EvCallEnter/Exit, EvEmission
	Caller   string // EvUse, EvCallEnter: the fiber that called through the key
	Provider string // EvUse, EvCallEnter: the fiber whose provision serves it ("" when none)
	Live     bool   // EvUse: the provision was live
	// Commutative (EvEmission): the method or its service is commutative,
	// so the emission's order is not observable.
	Commutative bool
	Acquire     bool // EvHost: the operation acquired a resource
	Release     bool // EvHost, EvTimerFire: the operation released one
	From, To    FiberState
	TimeFrom    int64     // EvTimeAdvance
	Value       string    // EvCallExit: the rendered result
	Passed      bool      // EvAssert
	Err         *Error    // EvFailure; EvAtomEnd, EvCallExit, EvAssert and EvFiber (to failed) when something failed
	Snapshot    *Snapshot // EvAssert of no_residue; EvAtomEnd when Options.AtomSnapshots
}

// String renders the event as one stable line, used by golden files and
// logs: `<seq> t=<ms> <kind> <fiber> <detail>`. A missing fiber renders as
// `-`. Positions appear as `line:col`.
func (e Event) String() string {
	var b strings.Builder
	b.WriteString(strconv.FormatInt(e.Seq, 10))
	b.WriteString(" t=")
	b.WriteString(strconv.FormatInt(e.Time, 10))
	b.WriteByte(' ')
	b.WriteString(e.Kind.String())
	b.WriteByte(' ')
	if e.Fiber == "" {
		b.WriteByte('-')
	} else {
		b.WriteString(e.Fiber)
	}
	b.WriteByte(' ')
	switch e.Kind {
	case EvAtomBegin:
		b.WriteString(e.Text)
	case EvAtomEnd:
		b.WriteString(e.Text)
		writeOutcome(&b, e.Err)
	case EvStmt:
		b.WriteString("d=")
		b.WriteString(strconv.Itoa(e.Depth))
		b.WriteByte(' ')
		writePos(&b, e.Span)
		b.WriteByte(' ')
		b.WriteString(e.Text)
	case EvCallEnter:
		b.WriteString(e.Text)
		b.WriteString(" from ")
		b.WriteString(e.Caller)
	case EvCallExit:
		b.WriteString(e.Key + "." + e.Method)
		if e.Err != nil {
			b.WriteString(" failed")
		} else {
			b.WriteString(" = ")
			b.WriteString(e.Value)
		}
	case EvUse:
		b.WriteString(e.Key + "." + e.Method + " -> ")
		if e.Provider == "" {
			b.WriteString("none")
		} else {
			b.WriteString(e.Provider)
		}
		if e.Live {
			b.WriteString(" live")
		} else {
			b.WriteString(" not-live")
		}
	case EvPublish, EvWithdraw:
		b.WriteString(e.Key)
	case EvHost, EvTimerFire:
		b.WriteString(e.Text)
		if e.Acquire {
			b.WriteString(" [acquire]")
		}
		if e.Release {
			b.WriteString(" [release]")
		}
	case EvFiber:
		b.WriteString(e.From.String() + " -> " + e.To.String())
	case EvFailure:
		b.WriteString(e.Err.Error())
	case EvTimeAdvance:
		b.WriteString(strconv.FormatInt(e.TimeFrom, 10) + "ms -> " + strconv.FormatInt(e.Time, 10) + "ms")
	case EvAssert:
		writePos(&b, e.Span)
		b.WriteByte(' ')
		if e.Passed || e.Err == nil {
			b.WriteString(e.Text)
			b.WriteString(" ok")
		} else {
			// The message already reads `assert <text> failed: <why>`.
			b.WriteString(strings.TrimPrefix(e.Err.Msg, "assert "))
		}
	default: // EvEmission, EvPush, EvInverse
		b.WriteString(e.Text)
	}
	return b.String()
}

func writeOutcome(b *strings.Builder, err *Error) {
	if err == nil {
		b.WriteString(" ok")
		return
	}
	b.WriteString(" failed: ")
	b.WriteString(err.Error())
}

func writePos(b *strings.Builder, s syntax.Span) {
	b.WriteString(strconv.Itoa(int(s.Start.Line)))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(int(s.Start.Col)))
}

// want reports whether an event should be built. It always consumes a
// sequence number, so a machine without a sink numbers its events exactly
// as one with a sink; callers skip rendering payloads nobody will read.
func (m *Machine) want() bool {
	if m.sink == nil {
		m.seq++
		return false
	}
	return true
}

// wants is want for an event of kind k: false (the sequence number
// consumed) also when the sink said it has no use for k (SetSinkKinds).
// The hot sites use it, so that a sweep, whose monitor reads four kinds,
// does not render a statement's source line, an atom's label or a call's
// arguments at every step.
func (m *Machine) wants(k EventKind) bool {
	if m.sink == nil || m.kinds&(1<<k) == 0 {
		m.seq++
		return false
	}
	return true
}

// wantsUse is want for the EvUse of a call through a key whose provision
// is live or not: false (the sequence number consumed) also for a live
// use when the sink asked for dead uses only (DeadUsesOnly).
func (m *Machine) wantsUse(live bool) bool {
	if m.sink == nil || (live && m.kinds&DeadUsesOnly != 0) {
		m.seq++
		return false
	}
	return true
}

// watching reports, without consuming a sequence number, whether an event
// of kind k would be built now.
func (m *Machine) watching(k EventKind) bool { return m.sink != nil && m.kinds&(1<<k) != 0 }

// EventMask is a set of event kinds (bit k for kind k).
type EventMask uint32

// AllEvents is the mask of every kind.
const AllEvents EventMask = 1<<len(eventKindNames) - 1

// DeadUsesOnly is not a kind but a narrowing of EvUse: with it in a
// sink's mask, a use of a live provision builds no event (its sequence
// number is still consumed) and only a use after withdrawal is reported.
// The property monitor reads EvUse for nothing else, and a sweep's
// schedule would otherwise build an event for every call it makes.
const DeadUsesOnly EventMask = 1 << 31

// MaskOf returns the mask of the given kinds.
func MaskOf(kinds ...EventKind) EventMask {
	var m EventMask
	for _, k := range kinds {
		m |= 1 << k
	}
	return m
}

// Has reports whether k is in the mask.
func (e EventMask) Has(k EventKind) bool { return e&(1<<k) != 0 }

// emit stamps ev with the next sequence number, the virtual time and the
// current atom, and hands it to the sink. Callers check want() first.
func (m *Machine) emit(ev Event) {
	m.seq++
	ev.Seq = m.seq
	ev.Time = m.now
	ev.Atom = m.atomIdx
	m.sink(ev)
}

// Emission is one irreversible crossing, recorded in the machine state (and
// so cloned with it) in the order the crossings happened.
type Emission struct {
	Seq         int64  // the sequence number of its EvEmission event
	Text        string // `log.write("A up")`
	Key         string
	Service     string
	Method      string
	Commutative bool // the method or its service is commutative: order is not observable
	Fiber       string
	Atom        int // the atom (decision) index it happened in
	Time        int64
	Span        syntax.Span
	// Mock names the mock component that received the emission, which
	// therefore crossed nothing: it is recorded, not made. Args are then
	// the rendered arguments. Both are empty for a real provider.
	Mock string
	Args []string
}
