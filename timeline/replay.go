package timeline

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/schedule"
	"revl.dev/debug/timeline/rvt"
)

// ReplayOptions change what a replay runs.
type ReplayOptions struct {
	// Source, when set, replaces the recorded program (revl trace replay
	// --program). A changed program is compared by behaviour, not by
	// position: events are aligned by what they are (their statement's
	// text, their fiber, values, errors), and an event whose statement
	// only moved (a comment added above it) matches, counted in
	// ReplayResult.Moved.
	Source []byte
	// File is Source's file name, used in its diagnostics and positions;
	// "" means the recorded name.
	File string
}

// Divergence is the first place where a replay and its recording part.
type Divergence struct {
	// Event is the index of the event in the stream (from 0) and Seq its
	// sequence number; both are -1 when the decision itself diverged
	// (the ready set, or the run's end).
	Event    int64  `json:"event"`
	Seq      int64  `json:"seq"`
	Decision int    `json:"decision"`
	Atom     string `json:"atom,omitempty"`
	// Pos is the source position, file:line:col, of the recorded event
	// (or of the replayed one when the recording has none there).
	Pos string `json:"pos,omitempty"`
	// Recorded and Replayed are the two sides, as rendered lines; a side
	// is "(none)" when its stream has no event there.
	Recorded string `json:"recorded"`
	Replayed string `json:"replayed"`
	// Field names what differs when the rendered lines agree (a span's
	// end, an error's kind, ...).
	Field  string `json:"field,omitempty"`
	Reason string `json:"reason"`
}

func (d *Divergence) Error() string {
	var b strings.Builder
	b.WriteString("replay diverged")
	if d.Event >= 0 {
		fmt.Fprintf(&b, " at event #%d (seq %d)", d.Event, d.Seq)
	}
	fmt.Fprintf(&b, " in decision %d", d.Decision)
	if d.Atom != "" {
		b.WriteString(" (" + d.Atom + ")")
	}
	if d.Pos != "" {
		b.WriteString(" at " + d.Pos)
	}
	b.WriteString(": " + d.Reason + "\n  recorded: " + d.Recorded + "\n  replayed: " + d.Replayed)
	if d.Field != "" {
		b.WriteString("\n  (the lines agree; " + d.Field + " differs)")
	}
	return b.String()
}

// ReplayResult is what a replay verified.
type ReplayResult struct {
	Decisions  int         `json:"decisions"` // decisions replayed and verified
	Events     int64       `json:"events"`    // events verified
	Divergence *Divergence `json:"divergence,omitempty"`
	// Complete is false for an incomplete trace: only its prefix could be
	// verified.
	Complete bool `json:"complete"`
	// ProgramChanged says the program replayed is not the recorded one.
	ProgramChanged bool `json:"program_changed"`
	// Moved counts the matching events whose source position differs
	// (a replay against a changed program); FirstMove is the first.
	Moved     int64 `json:"moved,omitempty"`
	FirstMove *Move `json:"first_move,omitempty"`
}

// Move is an event that matched at another source position.
type Move struct {
	Event    int64  `json:"event"`
	Decision int    `json:"decision"`
	Recorded string `json:"recorded"` // file:line:col in the recorded program
	Replayed string `json:"replayed"` // file:line:col in the replayed one
	Line     string `json:"line"`     // the replayed event
}

// RuntimeVersionError refuses a trace recorded by a runtime whose
// behaviour differs from this one's (another major or minor version): its
// events would differ for reasons that are not the program's.
type RuntimeVersionError struct {
	Recorded, Current string
}

func (e *RuntimeVersionError) Error() string {
	rec := e.Recorded
	if rec == "" {
		rec = "an unknown version"
	}
	return fmt.Sprintf("the trace was recorded by revl runtime %s and this revl runs runtime %s, whose events may differ: "+
		"replay it with the revl that recorded it, or record it again with this one (revl trace record)", rec, e.Current)
}

// checkRuntime accepts a trace of runtime version recorded when it has
// current's major and minor version.
func checkRuntime(recorded, current string) error {
	majorMinor := func(v string) (string, bool) {
		parts := strings.Split(v, ".")
		if len(parts) != 3 {
			return "", false
		}
		for _, p := range parts {
			if _, err := strconv.ParseUint(p, 10, 32); err != nil {
				return "", false
			}
		}
		return parts[0] + "." + parts[1], true
	}
	a, ok1 := majorMinor(recorded)
	b, ok2 := majorMinor(current)
	if !ok1 || !ok2 || a != b {
		return &RuntimeVersionError{Recorded: recorded, Current: current}
	}
	return nil
}

// OK reports whether every event matched and the run ended where the
// recording did.
func (r *ReplayResult) OK() bool { return r.Divergence == nil && r.Complete }

// Replay re-executes the recorded schedule and verifies it event by event
// against the trace, stopping at the first divergence. The error is for a
// trace or a program that cannot be replayed at all (damage, a program
// that does not compile); a divergence is a result.
func Replay(t *Timeline, opts ReplayOptions) (*ReplayResult, error) {
	hdr := t.Header()
	if err := checkRuntime(hdr.Runtime, runtime.Version); err != nil {
		return nil, err
	}
	recorded, err := t.Source()
	if err != nil && opts.Source == nil {
		return nil, err
	}
	src, file := recorded, hdr.Program
	res := &ReplayResult{Complete: t.Complete()}
	behaviour := opts.Source != nil
	if behaviour {
		src = opts.Source
		res.ProgramChanged = rvt.Hash(src) != hdr.SourceHash
		if opts.File != "" {
			file = opts.File
		}
	}
	prog, err := Compile(file, src)
	if err != nil {
		return nil, err
	}
	m, err := runtime.New(prog, hdr.Options.Runtime())
	if err != nil {
		return nil, err
	}
	// A trace recorded with faults chose from the scheduler's set, the
	// runtime's ready atoms and then the fault choices: the replay takes
	// the same set from a driver of a world with the trace's faults, and
	// runs each decision's choice through it.
	var drv *schedule.Driver
	var vec []int
	if hdr.Options.MaxFaults > 0 {
		w, err := schedule.NewWorld(prog, WorldOptions(hdr))
		if err != nil {
			return nil, err
		}
		drv = schedule.NewUncheckedDriver(w, nil, nil)
		m = drv.M
	}
	var live []runtime.Event
	m.SetSink(func(ev runtime.Event) {
		if hdr.Redacted {
			ev = RedactEvent(ev)
		}
		live = append(live, ev)
	})
	var fibers []string
	for _, c := range prog.LoadOrder {
		fibers = append(fibers, c.Name)
	}
	if !slices.Equal(fibers, hdr.Fibers) {
		res.Divergence = &Divergence{Event: -1, Seq: -1, Reason: "the program's components (in load order) are not the recorded ones",
			Recorded: "[" + strings.Join(hdr.Fibers, ", ") + "]", Replayed: "[" + strings.Join(fibers, ", ") + "]"}
		return res, nil
	}
	posIn := func(name string, sp runtimeSpan) string {
		if !sp.Start.IsValid() {
			return ""
		}
		return name + ":" + strconv.Itoa(int(sp.Start.Line)) + ":" + strconv.Itoa(int(sp.Start.Col))
	}
	recPos := func(sp runtimeSpan) string { return posIn(hdr.Program, sp) }
	livePos := func(sp runtimeSpan) string { return posIn(file, sp) }
	var index int64
	err = t.Range(0, t.Len(), func(d Decision, rec []Event) error {
		ready := m.Ready()
		if drv != nil {
			ready = make([]runtime.Atom, drv.ReadyLen())
			for i := range ready {
				ready[i] = drv.ReadyAt(i)
			}
		}
		labels := make([]string, len(ready))
		for i, a := range ready {
			labels[i] = a.String()
		}
		want := make([]string, len(d.Ready))
		for i, a := range d.Ready {
			want[i] = a.Label
		}
		if !slices.Equal(labels, want) {
			res.Divergence = &Divergence{Event: -1, Seq: -1, Decision: d.Index, Atom: d.Atom,
				Reason: "the ready set differs", Recorded: bracketed(want), Replayed: bracketed(labels)}
			return errStop
		}
		live = live[:0]
		if drv != nil {
			vec = append(vec, d.Chosen)
			drv.SetVector(vec)
			drv.RunAtom()
		} else {
			m.Run(ready[d.Chosen])
		}
		n := max(len(live), len(rec))
		for i := 0; i < n; i++ {
			var r, l *runtime.Event
			if i < len(rec) {
				r = &rec[i].Event
			}
			if i < len(live) {
				l = &live[i]
			}
			field := ""
			if r != nil && l != nil {
				if behaviour {
					field = eventDiff(unplaced(*r), unplaced(*l))
					if rs, ls := placeOf(*r), placeOf(*l); field == "" && (rs.Start.Line != ls.Start.Line || rs.Start.Col != ls.Start.Col) {
						res.Moved++
						if res.FirstMove == nil {
							res.FirstMove = &Move{Event: index, Decision: d.Index, Recorded: recPos(placeOf(*r)),
								Replayed: livePos(placeOf(*l)), Line: l.String()}
						}
					}
				} else {
					field = eventDiff(*r, *l)
				}
				if field == "" {
					index++
					continue
				}
			}
			dv := &Divergence{Event: index, Decision: d.Index, Atom: d.Atom, Recorded: "(none)", Replayed: "(none)"}
			switch {
			case r == nil:
				dv.Seq, dv.Replayed, dv.Pos = l.Seq, l.String(), livePos(l.Span)
				dv.Reason = "the replay has an event the recording does not"
			case l == nil:
				dv.Seq, dv.Recorded, dv.Pos = r.Seq, r.String(), recPos(r.Span)
				dv.Reason = "the recording has an event the replay does not"
			case behaviour && l.Span.Start.IsValid():
				// The position in the program being replayed, and where
				// the recording had it when that moved.
				dv.Seq, dv.Recorded, dv.Replayed = r.Seq, r.String(), l.String()
				dv.Pos = livePos(l.Span)
				if rp := recPos(r.Span); rp != "" && (r.Span.Start.Line != l.Span.Start.Line || r.Span.Start.Col != l.Span.Start.Col) {
					dv.Pos += " (recorded at " + rp + ")"
				}
				dv.Reason = "the events differ"
				if unplaced(*r).String() == unplaced(*l).String() {
					dv.Field = field
				}
			default:
				dv.Seq, dv.Recorded, dv.Replayed = r.Seq, r.String(), l.String()
				if dv.Pos = recPos(r.Span); dv.Pos == "" {
					dv.Pos = livePos(l.Span)
				}
				dv.Reason = "the events differ"
				if dv.Recorded == dv.Replayed {
					dv.Field = field
				}
			}
			res.Divergence = dv
			return errStop
		}
		res.Decisions++
		return nil
	})
	res.Events = index
	if err != nil && err != errStop {
		return nil, err
	}
	if res.Divergence != nil || !t.Complete() {
		return res, nil
	}
	sum, err := t.Summary()
	if err != nil {
		return nil, err
	}
	if ready := m.Ready(); len(ready) > 0 && len(sum.Choices) < hdr.Options.MaxDecisions {
		labels := make([]string, len(ready))
		for i, a := range ready {
			labels[i] = a.String()
		}
		res.Divergence = &Divergence{Event: -1, Seq: -1, Decision: t.Len(), Reason: "the recording ended here (" + sum.Stop + "), the replay goes on",
			Recorded: "(end)", Replayed: "ready " + bracketed(labels)}
		return res, nil
	}
	final := rvt.FromRuntime(m.Snapshot())
	if !snapshotEqual(final, sum.Final) {
		res.Divergence = &Divergence{Event: -1, Seq: -1, Decision: t.Len(), Reason: "the end state differs",
			Recorded: sum.Final.Runtime().String(), Replayed: final.Runtime().String()}
	}
	return res, nil
}

// unplaced is e without its source positions, for comparing behaviour:
// the event's span, and its error's span and file.
func unplaced(e runtime.Event) runtime.Event {
	e.Span = runtimeSpan{}
	if e.Err != nil {
		c := *e.Err
		c.Span, c.File = runtimeSpan{}, ""
		e.Err = &c
	}
	return e
}

// placeOf is where e happened: its span, or its error's.
func placeOf(e runtime.Event) runtimeSpan {
	if e.Span.Start.IsValid() || e.Err == nil {
		return e.Span
	}
	return e.Err.Span
}

type stopError struct{}

func (stopError) Error() string { return "stop" }

var errStop error = stopError{}

func bracketed(xs []string) string { return "[" + strings.Join(xs, ", ") + "]" }

// eventDiff names the first field in which a and b differ, "" when none.
func eventDiff(a, b runtime.Event) string {
	switch {
	case a.String() != b.String():
		return "line"
	case a.Seq != b.Seq:
		return "seq"
	case a.Kind != b.Kind:
		return "kind"
	case a.Fiber != b.Fiber:
		return "fiber"
	case a.Span != b.Span:
		return "span"
	case a.Time != b.Time:
		return "time"
	case a.Atom != b.Atom:
		return "atom"
	case a.Depth != b.Depth:
		return "depth"
	case a.Text != b.Text:
		return "text"
	case a.Key != b.Key:
		return "key"
	case a.Method != b.Method:
		return "method"
	case a.Caller != b.Caller:
		return "caller"
	case a.Provider != b.Provider:
		return "provider"
	case a.Live != b.Live:
		return "live"
	case a.Acquire != b.Acquire:
		return "acquire"
	case a.Release != b.Release:
		return "release"
	case a.From != b.From || a.To != b.To:
		return "fiber states"
	case a.TimeFrom != b.TimeFrom:
		return "time from"
	case a.Value != b.Value:
		return "value"
	case a.Passed != b.Passed:
		return "passed"
	case (a.Err == nil) != (b.Err == nil):
		return "error"
	case (a.Snapshot == nil) != (b.Snapshot == nil):
		return "snapshot"
	}
	if a.Err != nil {
		x, y := a.Err, b.Err
		switch {
		case x.Kind != y.Kind:
			return "error kind"
		case x.Msg != y.Msg:
			return "error message"
		case x.File != y.File:
			return "error file"
		case x.Span != y.Span:
			return "error span"
		case x.Fiber != y.Fiber:
			return "error fiber"
		}
	}
	if a.Snapshot != nil && a.Snapshot.String() != b.Snapshot.String() {
		return "snapshot"
	}
	return ""
}

// WorldOptions are the world options a trace's schedule ran under, as
// its header keeps them: the decision bound, the runtime's options and
// alphabet, and the faults, crash(F) and fail@F:N (Options.Failures) or,
// in a version 4 trace, crashes only. The replay and the debuggers that
// open a trace (revl-dap, revl-tui) build their worlds from them, so the
// trace's choices keep their meaning.
func WorldOptions(h *Header) schedule.Options {
	o := h.Options
	return schedule.Options{MaxDecisions: o.MaxDecisions, Runtime: o.Runtime(), MaxFaults: o.MaxFaults,
		Failures: o.Failures && o.MaxFaults > 0}
}
