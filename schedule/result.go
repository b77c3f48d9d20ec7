package schedule

import (
	"fmt"
	"strconv"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/syntax"
)

// Emission is one observable crossing of a schedule, as the fingerprint
// and the reports see it.
type Emission struct {
	Text        string // `log.write("A up")`
	Fiber       string // the emitting fiber
	Decision    int    // index of the decision whose atom emitted it
	Commutative bool   // its service or method is commutative
	// Timer: a timer body made it in a fine fire(F) atom. How often a
	// timer fires is the schedule's choice, so it is not part of the
	// fingerprint (nor of `unstable`).
	Timer bool
	// Span is the emit (or compensate) that made it, so editors can put a
	// finding on the statement where it shows.
	Span syntax.Span
}

// Result is one completed schedule: the decisions taken, what was observed,
// and the properties that failed. The ready set of each decision is read
// with Ready (and Readies, ReadyLen). A result a sweep delivered with
// SweepOptions.Reuse is reused once delivered when its seed passed.
type Result struct {
	Choices   []int    // one index per decision
	Atoms     []string // the atom labels in order
	Emissions []Emission
	// Final states of the fibers, in load order, as `A=down`.
	States []string
	// Snapshot is the end state, with the unreleased host resources.
	Snapshot runtime.Snapshot
	// Truncated: the schedule reached Options.MaxDecisions while atoms
	// were still ready, so it never completed and its end state is not
	// checked (only `unbounded` and what the event stream showed).
	Truncated bool
	// Divergence is the index among the non-commutative emissions of the
	// first one that differs from the canonical run's (or that one of the
	// two runs lacks), as the Monitor found it; -1 when they agree. It is
	// kept also for a truncated schedule, whose findings leave unstable out.
	Divergence int
	// Faults are the faults injected (Options.MaxFaults), in order.
	Faults []Fault
	// Stranded are the fibers, in load order, that a schedule with a fault
	// left pending for good: a provider they require failed (or is
	// stranded). They blocked no teardown (runtime/faults.go).
	Stranded []string
	// Findings are the Monitor's, in report order (the tag order of spec
	// §6, then the order they became known).
	Findings []Finding
	// sortedComm, when set, is the sorted list of the run's commutative
	// emission texts (timer bodies' left out): the canonical run's, which
	// the monitor found them equal to. The sweep's fingerprint hash takes
	// it instead of sorting them again.
	sortedComm []string
	// ready is the ready set at each decision, kept as codes and rendered
	// as labels only when asked (Ready, Readies).
	ready readyLog
}

// readyLog is each decision's ready set as a Result keeps it: the codes
// of its first MaxReadyLabels atoms, all decisions' cut from one array,
// and the set's size. A label is rendered from the code when a reader
// asks: a string per label per decision (16 bytes each, up to nine per
// decision) was most of the bytes a sweep's schedule allocated, and a
// sweep reads the labels of the few schedules it reports.
type readyLog struct {
	// table is the world's label table (World.labels), never written.
	table [][2]string
	// codes are fiber<<1 | kind into table, or extraCode | i into extra.
	codes []uint32
	decs  []readyDec
	// extra holds the labels the table has none for (fault atoms, fine
	// atoms other than activate and teardown).
	extra []string
}

// readyDec is one decision of a readyLog: its codes end at end (and start
// where the previous decision's end), and the ready set had size atoms.
type readyDec struct{ end, size int32 }

const extraCode = 1 << 31

// The codes of the world's label table put an atom's kind in their low
// bit: Activate is 0 and Teardown 1 (a compile error otherwise).
const (
	_ = uint(0 - runtime.Activate)
	_ = uint(1 - runtime.Teardown)
)

// tableCode is the code of fiber's label of kind k (Activate or Teardown)
// in the table: the reverse of label's last line.
func tableCode(fiber int, k runtime.AtomKind) uint32 { return uint32(fiber)<<1 | uint32(k) }

func (l *readyLog) label(c uint32) string {
	if c&extraCode != 0 {
		return l.extra[c&^extraCode]
	}
	return l.table[c>>1][c&1]
}

// Ready is the ready set's labels at decision i, in ready-set order: at
// most MaxReadyLabels, then `+N more` when there were more; nil for a
// decision the schedule did not take. Each call builds the slice anew.
func (r *Result) Ready(i int) []string {
	l := &r.ready
	if i < 0 || i >= len(l.decs) {
		return nil
	}
	start := int32(0)
	if i > 0 {
		start = l.decs[i-1].end
	}
	d := l.decs[i]
	n := int(d.end - start)
	out := make([]string, n, n+1)
	for j, c := range l.codes[start:d.end] {
		out[j] = l.label(c)
	}
	if int(d.size) > n {
		out = append(out, moreLabel(int(d.size)-n))
	}
	return out
}

// Readies is Ready of every decision taken, in order.
func (r *Result) Readies() [][]string {
	out := make([][]string, len(r.ready.decs))
	for i := range out {
		out[i] = r.Ready(i)
	}
	return out
}

// ReadyLen is the size of the ready set at decision i (0 for a decision
// the schedule did not take), however many labels Ready keeps of it.
func (r *Result) ReadyLen(i int) int {
	if i < 0 || i >= len(r.ready.decs) {
		return 0
	}
	return int(r.ready.decs[i].size)
}

// OK reports whether every property held.
func (r *Result) OK() bool { return len(r.Findings) == 0 }

// Signature is what shrinking must preserve: the first finding's tag and,
// for unstable, the first divergent emission index.
func (r *Result) Signature() string {
	if len(r.Findings) == 0 {
		return ""
	}
	f := r.Findings[0]
	if f.Tag == TagUnstable {
		return f.Tag + "@" + strconv.Itoa(f.Divergence)
	}
	return f.Tag
}

// Failure names the bug a failing schedule shows, so that a sweep groups
// its failures by bug rather than by vector: the first finding's tag and
// what it is about — for `unstable` the first divergent emission, both
// sides; for `residue` the leaked resource's class and where it was
// acquired; for `deadlock` the blocked fiber and the key it waits for;
// otherwise the fiber and key involved. "" when the schedule passed.
func (r *Result) Failure() string {
	if len(r.Findings) == 0 {
		return ""
	}
	f := r.Findings[0]
	switch f.Tag {
	case TagUnstable:
		switch {
		case f.Emission != "" && f.Canonical != "":
			return fmt.Sprintf("unstable: %s where the canonical run emits %s", f.Emission, f.Canonical)
		case f.Emission != "":
			return fmt.Sprintf("unstable: %s, which the canonical run never emits there", f.Emission)
		case f.Canonical != "":
			return fmt.Sprintf("unstable: %s missing", f.Canonical)
		}
		return "unstable: " + f.Message
	case TagResidue:
		if f.Resource != "" {
			class, _, _ := strings.Cut(f.Resource, "#")
			class, _, _ = strings.Cut(class, " ")
			return fmt.Sprintf("residue: %s acquired at %d:%d", class, f.Span.Start.Line, f.Span.Start.Col)
		}
		return "residue: " + f.Message
	case TagDeadlock:
		if f.Key != "" {
			return fmt.Sprintf("deadlock: %s waits on %s", f.Fiber, f.Key)
		}
		return "deadlock: " + f.Fiber
	}
	s := f.Tag
	if f.Fiber != "" {
		s += ": " + f.Fiber
	}
	if f.Key != "" {
		s += " " + f.Key
		if f.Method != "" {
			s += "." + f.Method
		}
	}
	return s
}
