package timeline

import (
	"encoding/json"
	"strconv"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/timeline/rvt"
)

// The records that the trace file stores as they are; see package rvt.
type (
	// Header describes a recorded run: the program, the options, the seed
	// or the vector asked for, and whether the trace is redacted.
	Header = rvt.Header
	// Options are the run options a replay uses.
	Options = rvt.Options
	// Summary is how the run ended: the vector taken, the final snapshot,
	// each lane's span and, when the run was compared with the canonical
	// run, the findings and the comparison.
	Summary = rvt.Summary
	// Comparison is the run against the canonical run: the first divergent
	// emission with both sides, and the final states and end state that
	// differ.
	Comparison = rvt.Comparison
	// Finding is a failed property (spec §6).
	Finding = rvt.Finding
	// LaneSpan is where a fiber's atoms ran, and its final state, in a
	// Summary.
	LaneSpan = rvt.LaneSpan
	// Snapshot is the state of spec §5: registry, provisions, effects,
	// listeners and unreleased host resources.
	Snapshot = rvt.Snapshot
)

// ReadyAtom is one atom of a decision's ready set.
type ReadyAtom struct {
	Label string `json:"label"` // `activate(A)`
	Kind  string `json:"kind"`  // "activate" or "teardown"
	Fiber string `json:"fiber"`
	Lane  int    `json:"lane"` // the fiber's load-order index
	// FailAt is set on a fail@F:N (an activate with an injected failure
	// after step FailAt, Label `fail@F:N`); 0 otherwise.
	FailAt int `json:"fail_at,omitempty"`
}

// Mark is a notable event of a decision, for the marks column of a
// timeline: an emission, a resource acquired or released, a provision
// published or withdrawn, a failure, a timer firing, a use of a provision
// that was not live.
type Mark struct {
	Seq   int64    `json:"seq"`
	Kind  MarkKind `json:"kind"`
	Fiber string   `json:"fiber"`
	Text  string   `json:"text"`
	Line  int      `json:"line,omitempty"` // source position, when the event has one
	Col   int      `json:"col,omitempty"`
}

// MarkKind says what a Mark is; its JSON form is the constant's value.
type MarkKind string

// The kinds of marks, with the text a Mark carries for each.
const (
	MarkEmission MarkKind = "emission" // the emission's text: `log.write("A up")`
	MarkAcquire  MarkKind = "acquire"  // the host trace line of an acquisition
	MarkRelease  MarkKind = "release"  // the host trace line of a release
	MarkPublish  MarkKind = "publish"  // the key published
	MarkWithdraw MarkKind = "withdraw" // the key withdrawn
	MarkFailure  MarkKind = "failure"  // the error, file:line:col: message
	MarkTimer    MarkKind = "timer"    // the timer's firing
	MarkNotLive  MarkKind = "not-live" // key.method of a use of a provision that was not live
)

// MarkKinds lists every mark kind, most important first: the order the
// viewers show a decision's kinds of marks in.
var MarkKinds = []MarkKind{MarkFailure, MarkNotLive, MarkEmission, MarkWithdraw, MarkPublish, MarkAcquire, MarkRelease, MarkTimer}

// Decision is one scheduling decision: the ready set the chooser saw,
// its choice, the atom that ran, and what the atom did.
type Decision struct {
	Index int         `json:"index"`
	Ready []ReadyAtom `json:"ready"`
	// ReadyLen is the size of the ready set when a paged View keeps only
	// its first atoms (ViewOptions.ReadyMost); 0 when Ready is whole.
	ReadyLen int `json:"ready_len,omitempty"`
	// Chosen indexes Ready. Canonical is Chosen == 0: the canonical run
	// would have taken the same atom here.
	Chosen    int    `json:"chosen"`
	Canonical bool   `json:"canonical"`
	Atom      string `json:"atom"`
	Kind      string `json:"kind"` // "activate" or "teardown"
	Fiber     string `json:"fiber"`
	Lane      int    `json:"lane"`
	// Error is set when the atom failed.
	Error string `json:"error,omitempty"`
	// The decision's events are those with sequence numbers FirstSeq to
	// LastSeq; Events counts them.
	FirstSeq  int64  `json:"first_seq"`
	LastSeq   int64  `json:"last_seq"`
	Events    int    `json:"events"`
	TimeStart int64  `json:"time_start_ms"`
	TimeEnd   int64  `json:"time_end_ms"`
	Marks     []Mark `json:"marks,omitempty"`
	// Residue counts the snapshot after the decision.
	Residue Residue `json:"residue"`
}

// Lane is one fiber of the composition, in load order.
type Lane struct {
	Index int    `json:"index"`
	Fiber string `json:"fiber"`
	// Activated and TornDown are the decisions that ran its atoms, -1 for
	// none. State is its final state ("" when the trace is incomplete and
	// the lane's state was never seen to change), Error why it failed.
	Activated int    `json:"activated"`
	TornDown  int    `json:"torn_down"`
	State     string `json:"state"`
	Error     string `json:"error,omitempty"`
	// Resumed is the decision of the lane's last resume atom (fine atoms:
	// the one that ended its activation suspended at an await), 0 for none.
	// Between Activated and Resumed the fiber is `activating`, suspended.
	Resumed int `json:"resumed,omitempty"`
	// States is the lane's state at every decision, as spans: set in a
	// View (NewView), empty from Lanes and Info.
	States []StateSpan `json:"states,omitempty"`
}

// Event is one event of the runtime's stream (runtime.Event), with a
// stable JSON form for the debugger and the jsonl export.
type Event struct {
	runtime.Event
}

// Line is the event's one-line rendering (runtime.Event.String).
func (e Event) Line() string { return e.Event.String() }

// Pos is a source position.
type Pos struct {
	Line   int `json:"line"`
	Col    int `json:"col"`
	Offset int `json:"offset"`
}

// Span is a source range.
type Span struct {
	Start Pos `json:"start"`
	End   Pos `json:"end"`
}

// ErrorInfo is a runtime error in JSON form.
type ErrorInfo struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	File    string `json:"file,omitempty"`
	Span    *Span  `json:"span,omitempty"`
	Fiber   string `json:"fiber,omitempty"`
	Text    string `json:"text"` // Error(): file:line:col: message
}

// EventJSON is the JSON form of an Event.
type EventJSON struct {
	Seq      int64      `json:"seq"`
	Kind     string     `json:"kind"`
	Fiber    string     `json:"fiber,omitempty"`
	Time     int64      `json:"time_ms"`
	Atom     int        `json:"atom"`
	Span     *Span      `json:"span,omitempty"`
	Depth    int        `json:"depth,omitempty"`
	Text     string     `json:"text,omitempty"`
	Key      string     `json:"key,omitempty"`
	Method   string     `json:"method,omitempty"`
	Caller   string     `json:"caller,omitempty"`
	Provider string     `json:"provider,omitempty"`
	Live     bool       `json:"live,omitempty"`
	Acquire  bool       `json:"acquire,omitempty"`
	Release  bool       `json:"release,omitempty"`
	From     string     `json:"from,omitempty"`
	To       string     `json:"to,omitempty"`
	TimeFrom *int64     `json:"time_from_ms,omitempty"`
	Value    string     `json:"value,omitempty"`
	Passed   bool       `json:"passed,omitempty"`
	Error    *ErrorInfo `json:"error,omitempty"`
	Snapshot *Snapshot  `json:"snapshot,omitempty"`
	Line     string     `json:"line"`
}

func spanOf(s runtimeSpan) *Span {
	if !s.Start.IsValid() {
		return nil
	}
	return &Span{Start: Pos{int(s.Start.Line), int(s.Start.Col), int(s.Start.Offset)}, End: Pos{int(s.End.Line), int(s.End.Col), int(s.End.Offset)}}
}

// JSON returns the event's JSON form.
func (e Event) JSON() EventJSON {
	j := EventJSON{Seq: e.Seq, Kind: e.Kind.String(), Fiber: e.Fiber, Time: e.Time, Atom: e.Atom, Span: spanOf(e.Span),
		Depth: e.Depth, Text: e.Text, Key: e.Key, Method: e.Method, Caller: e.Caller, Provider: e.Provider,
		Live: e.Live, Acquire: e.Acquire, Release: e.Release, Value: e.Value, Passed: e.Passed, Line: e.Line()}
	if e.Kind == runtime.EvFiber {
		j.From, j.To = e.From.String(), e.To.String()
	}
	if e.Kind == runtime.EvTimeAdvance {
		t := e.TimeFrom
		j.TimeFrom = &t
	}
	if e.Err != nil {
		j.Error = &ErrorInfo{Kind: e.Err.Kind.String(), Message: e.Err.Msg, File: e.Err.File, Span: spanOf(e.Err.Span),
			Fiber: e.Err.Fiber, Text: e.Err.Error()}
	}
	if e.Snapshot != nil {
		s := rvt.FromRuntime(*e.Snapshot)
		j.Snapshot = &s
	}
	return j
}

// MarshalJSON encodes the event as its EventJSON.
func (e Event) MarshalJSON() ([]byte, error) { return json.Marshal(e.JSON()) }

// readyAtom names an atom of a ready set; jobs are the jobs running
// before the decision (a complete atom's Fiber is its job's index).
func readyAtom(r rvt.Ready, fibers []string, jobs []rvt.Job) ReadyAtom {
	var kind string
	switch r.Kind {
	case runtime.Teardown:
		kind = "teardown"
	case runtime.Resume:
		kind = "resume"
	case runtime.Fire:
		kind = "fire"
	case runtime.Crash:
		// An injected fault (a trace recorded with --max-faults).
		kind = "crash"
	case runtime.Complete:
		name := "#" + strconv.Itoa(r.Fiber+1)
		for _, j := range jobs {
			if j.Serial == r.Fiber+1 {
				name = j.Name
			}
		}
		a := runtime.Atom{Kind: runtime.Complete, Job: r.Fiber, JobName: name}
		return ReadyAtom{Label: a.String(), Kind: "complete", Lane: -1}
	default:
		kind = "activate"
		if r.FailAt > 0 {
			// An injected failure (a trace recorded with faults, version 5):
			// the fiber activates and fails after step FailAt. Labelled as
			// the scheduler names it; its kind stays activate (its lane
			// starts there).
			name := fibers[r.Fiber]
			a := runtime.Atom{Kind: runtime.Activate, Fiber: name, FailAt: int32(r.FailAt)}
			return ReadyAtom{Label: a.String(), Kind: kind, Fiber: name, Lane: r.Fiber, FailAt: r.FailAt}
		}
	}
	name := fibers[r.Fiber]
	return ReadyAtom{Label: kind + "(" + name + ")", Kind: kind, Fiber: name, Lane: r.Fiber}
}

// markOf returns the mark of an event, if it is one.
func markOf(ev *runtime.Event) (Mark, bool) {
	m := Mark{Seq: ev.Seq, Fiber: ev.Fiber, Text: ev.Text}
	switch ev.Kind {
	case runtime.EvEmission:
		m.Kind = MarkEmission
	case runtime.EvHost:
		switch {
		case ev.Acquire:
			m.Kind = MarkAcquire
		case ev.Release:
			m.Kind = MarkRelease
		default:
			return m, false
		}
	case runtime.EvPublish:
		m.Kind, m.Text = MarkPublish, ev.Key
	case runtime.EvWithdraw:
		m.Kind, m.Text = MarkWithdraw, ev.Key
	case runtime.EvFailure:
		m.Kind, m.Text = MarkFailure, ev.Err.Error()
	case runtime.EvTimerFire:
		m.Kind = MarkTimer
	case runtime.EvUse:
		if ev.Live {
			return m, false
		}
		m.Kind, m.Text = MarkNotLive, ev.Key+"."+ev.Method
	default:
		return m, false
	}
	if ev.Span.Start.IsValid() {
		m.Line, m.Col = int(ev.Span.Start.Line), int(ev.Span.Start.Col)
	}
	return m, true
}

// label renders a decision's atom for messages: `decision 3 (teardown(A))`.
func label(k int, atom string) string {
	return "decision " + strconv.Itoa(k) + " (" + atom + ")"
}

type runtimeSpan = syntax.Span
