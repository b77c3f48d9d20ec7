package timeline

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"revl.dev/debug/runtime"
)

// Chrome Trace Event export (the JSON object format that Perfetto and
// chrome://tracing open). The time axis is the event sequence: an event
// with sequence number s is at s microseconds, so the run reads in the
// order it happened and every event has its own instant; virtual time is
// in each event's args. Tracks:
//
//   - tid 0, "schedule": one complete (X) event per decision, with its
//     ready set size and choice, and the residue counters (C events named
//     "residue" with one series per snapshot field);
//   - tid i+1, one per fiber in load order: its atoms as complete events,
//     the provision calls it serves as B/E pairs, and its emissions,
//     acquisitions, releases, publications, withdrawals and failures as
//     instant (i) events.
//
// The writer streams: it holds one decision at a time.

type chromeEvent struct {
	Name string `json:"name"`
	Cat  string `json:"cat,omitempty"`
	Ph   string `json:"ph"`
	Ts   int64  `json:"ts"`
	Dur  *int64 `json:"dur,omitempty"`
	Pid  int    `json:"pid"`
	Tid  int    `json:"tid"`
	S    string `json:"s,omitempty"`
	Args any    `json:"args,omitempty"`
}

type nameArgs struct {
	Name string `json:"name"`
}

type sortArgs struct {
	SortIndex int `json:"sort_index"`
}

type decisionArgs struct {
	Decision  int    `json:"decision"`
	Ready     int    `json:"ready"`
	Chosen    int    `json:"chosen"`
	Canonical bool   `json:"canonical"`
	Error     string `json:"error,omitempty"`
}

type eventArgs struct {
	Seq      int64  `json:"seq"`
	Decision int    `json:"decision"`
	TimeMs   int64  `json:"time_ms"`
	Pos      string `json:"pos,omitempty"`
	Line     string `json:"line"`
}

// ExportChrome writes the timeline as Chrome Trace Event JSON.
func ExportChrome(w io.Writer, t *Timeline) error {
	bw := bufio.NewWriter(w)
	first := true
	var werr error
	put := func(e chromeEvent) {
		if werr != nil {
			return
		}
		b, err := json.Marshal(e)
		if err != nil {
			werr = err
			return
		}
		if !first {
			bw.WriteString(",\n")
		}
		first = false
		bw.Write(b)
	}
	bw.WriteString("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n")
	put(chromeEvent{Name: "process_name", Ph: "M", Pid: 1, Args: nameArgs{"revl " + t.hdr.Program}})
	put(chromeEvent{Name: "thread_name", Ph: "M", Pid: 1, Tid: 0, Args: nameArgs{"schedule"}})
	put(chromeEvent{Name: "thread_sort_index", Ph: "M", Pid: 1, Tid: 0, Args: sortArgs{0}})
	for i, f := range t.hdr.Fibers {
		put(chromeEvent{Name: "thread_name", Ph: "M", Pid: 1, Tid: i + 1, Args: nameArgs{f}})
		put(chromeEvent{Name: "thread_sort_index", Ph: "M", Pid: 1, Tid: i + 1, Args: sortArgs{i + 1}})
	}
	lane := func(fiber string) int {
		if i, ok := t.cur.m.index[fiber]; ok {
			return i + 1
		}
		return 0
	}
	pos := func(sp runtimeSpan) string {
		if !sp.Start.IsValid() {
			return ""
		}
		return t.hdr.Program + ":" + strconv.Itoa(int(sp.Start.Line)) + ":" + strconv.Itoa(int(sp.Start.Col))
	}
	// Open call slices per track, closed at the end if the trace is cut.
	open := map[int]int{}
	var last int64
	t.mu.Lock()
	err := t.rangeLocked(0, t.n, true, func(d Decision, evs []Event, m *model) error {
		begin := d.FirstSeq
		dur := max(d.LastSeq-d.FirstSeq, 0) + 1
		put(chromeEvent{Name: d.Atom, Cat: "decision", Ph: "X", Ts: begin, Dur: &dur, Pid: 1, Tid: 0,
			Args: decisionArgs{Decision: d.Index, Ready: len(d.Ready), Chosen: d.Chosen, Canonical: d.Canonical, Error: d.Error}})
		for _, e := range evs {
			ev := &e.Event
			args := eventArgs{Seq: ev.Seq, Decision: d.Index, TimeMs: ev.Time, Pos: pos(ev.Span), Line: ev.String()}
			switch ev.Kind {
			case runtime.EvAtomBegin:
				// the atom's X event is written at its end, with the duration
			case runtime.EvAtomEnd:
				name := ev.Text
				if ev.Err != nil {
					name += " (failed)"
				}
				start := begin
				if ev.Atom != d.Index {
					start = ev.Seq
				}
				du := ev.Seq - start + 1
				put(chromeEvent{Name: name, Cat: "atom", Ph: "X", Ts: start, Dur: &du, Pid: 1, Tid: lane(ev.Fiber), Args: args})
			case runtime.EvCallEnter:
				tid := lane(ev.Fiber)
				open[tid]++
				put(chromeEvent{Name: ev.Key + "." + ev.Method, Cat: "call", Ph: "B", Ts: ev.Seq, Pid: 1, Tid: tid, Args: args})
			case runtime.EvCallExit:
				tid := lane(ev.Fiber)
				if open[tid] > 0 {
					open[tid]--
					put(chromeEvent{Name: ev.Key + "." + ev.Method, Cat: "call", Ph: "E", Ts: ev.Seq, Pid: 1, Tid: tid, Args: args})
				}
			default:
				if mk, ok := markOf(ev); ok {
					put(chromeEvent{Name: markText(mk), Cat: string(mk.Kind), Ph: "i", S: "t", Ts: ev.Seq, Pid: 1, Tid: lane(ev.Fiber), Args: args})
				}
			}
		}
		put(chromeEvent{Name: "residue", Ph: "C", Ts: d.LastSeq, Pid: 1, Tid: 0, Args: d.Residue})
		last = d.LastSeq
		return werr
	})
	t.mu.Unlock()
	if err != nil {
		return err
	}
	// Close what a cut trace left open, innermost first per track.
	for tid := 0; tid <= len(t.hdr.Fibers); tid++ {
		for ; open[tid] > 0; open[tid]-- {
			put(chromeEvent{Name: "(trace ends)", Cat: "call", Ph: "E", Ts: last + 1, Pid: 1, Tid: tid})
		}
	}
	bw.WriteString("\n]}\n")
	if werr != nil {
		return werr
	}
	return bw.Flush()
}

// jsonlEvent is one line of the jsonl export.
type jsonlEvent struct {
	Decision int `json:"decision"`
	EventJSON
}

// ExportJSONL writes one JSON object per event, one per line, in order;
// each has the decision it belongs to and the rendered line.
func ExportJSONL(w io.Writer, t *Timeline) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	err := t.Range(0, t.Len(), func(d Decision, evs []Event) error {
		for _, e := range evs {
			if err := enc.Encode(jsonlEvent{Decision: d.Index, EventJSON: e.JSON()}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// Export writes the timeline in format "chrome" or "jsonl".
func Export(w io.Writer, t *Timeline, format string) error {
	switch format {
	case "chrome":
		return ExportChrome(w, t)
	case "jsonl":
		return ExportJSONL(w, t)
	}
	return fmt.Errorf("unknown export format %q (want chrome or jsonl)", format)
}
