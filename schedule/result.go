package schedule

import (
	"strconv"

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
	// Span is the emit (or compensate) that made it, so editors can put a
	// finding on the statement where it shows.
	Span syntax.Span
}

// Result is one completed schedule: the decisions taken, what was observed,
// and the properties that failed.
type Result struct {
	Choices   []int      // one index per decision
	Atoms     []string   // the atom labels in order
	Readies   [][]string // the ready set's labels at each decision, at most MaxReadyLabels and `+N more`
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
	// Findings are the Monitor's, in report order (the tag order of spec
	// §6, then the order they became known).
	Findings []Finding
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
