package timeline

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/timeline/rvt"
)

// ReplayOptions change what a replay runs.
type ReplayOptions struct {
	// Source, when set, replaces the recorded program (revl trace replay
	// --program). It is compiled under the recorded file name, so that
	// positions compare equal where the program did not change.
	Source []byte
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
	recorded, err := t.Source()
	if err != nil && opts.Source == nil {
		return nil, err
	}
	src := recorded
	res := &ReplayResult{Complete: t.Complete()}
	if opts.Source != nil {
		src = opts.Source
		res.ProgramChanged = rvt.Hash(src) != hdr.SourceHash
	}
	prog, err := Compile(hdr.Program, src)
	if err != nil {
		return nil, err
	}
	m, err := runtime.New(prog, hdr.Options.Runtime())
	if err != nil {
		return nil, err
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
	pos := func(sp runtimeSpan) string {
		if !sp.Start.IsValid() {
			return ""
		}
		return hdr.Program + ":" + strconv.Itoa(sp.Start.Line) + ":" + strconv.Itoa(sp.Start.Col)
	}
	var index int64
	err = t.Range(0, t.Len(), func(d Decision, rec []Event) error {
		ready := m.Ready()
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
		m.Run(ready[d.Chosen])
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
				if field = eventDiff(*r, *l); field == "" {
					index++
					continue
				}
			}
			dv := &Divergence{Event: index, Decision: d.Index, Atom: d.Atom, Recorded: "(none)", Replayed: "(none)"}
			switch {
			case r == nil:
				dv.Seq, dv.Replayed, dv.Pos = l.Seq, l.String(), pos(l.Span)
				dv.Reason = "the replay has an event the recording does not"
			case l == nil:
				dv.Seq, dv.Recorded, dv.Pos = r.Seq, r.String(), pos(r.Span)
				dv.Reason = "the recording has an event the replay does not"
			default:
				dv.Seq, dv.Recorded, dv.Replayed = r.Seq, r.String(), l.String()
				if dv.Pos = pos(r.Span); dv.Pos == "" {
					dv.Pos = pos(l.Span)
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
