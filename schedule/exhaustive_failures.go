package schedule

import "slices"

// ExhaustiveFailures runs the exhaustive search and answers its failing
// classes as every tool reports them: `revl test --exhaustive` (text and
// dossier), the debugger's `revl/explore {exhaustive: true}` and the
// language server's `revl.proveSchedules` all call it, so they show the
// same classes, numbered the same way, grouped into the same failures and
// shrunk to the same vectors (exhaustive_shard_report.go says why the
// report does not depend on the search order).

// SearchOptions configure World.ExhaustiveFailures.
type SearchOptions struct {
	ExhaustiveOptions
	// NoShrink shows each failure by the run of its first class as it is,
	// unminimized (the debugger's `shrink: false`). A stopped search
	// (ExhaustiveOptions.Stop) shrinks nothing either: it was cancelled.
	NoShrink bool
	// Each, when set, is called for every class as the search runs it (for
	// progress, or a report that lists every class), with the run of the
	// class's normal form (World.ClassRun) when the class fails or All is
	// set, else nil.
	Each func(run ExhaustiveRun, shown *Result)
	// All makes Each get the normal-form run of the passing classes too
	// (a replay each); without it they are not replayed.
	All bool
}

// FailingClass is one failing class of an exhaustive search.
type FailingClass struct {
	// Class is the class's number in the report (ClassOrder.Rank), Hash
	// its identity, Canonical whether it is the canonical run's class.
	Class     int
	Hash      uint64
	Canonical bool
	// Result is the run of the class's normal form.
	Result *Result
	// Shrunk is the minimized run for the first class of each failure
	// signature (the one the failure is shrunk from), nil for the others,
	// for the canonical class (already minimal) and with NoShrink.
	Shrunk *Shrunk
}

// Shown is the run a report shows for the class: the minimized one when
// the class was shrunk, else its own.
func (f *FailingClass) Shown() *Result {
	if f.Shrunk != nil {
		return f.Shrunk.Result
	}
	return f.Result
}

// SearchFailures is what ExhaustiveFailures found.
type SearchFailures struct {
	Report ExhaustiveReport
	// Order numbers the classes the search ran (canonical first, then by
	// class hash).
	Order *ClassOrder
	// Failing are the failing classes in class order.
	Failing []FailingClass
	// Failures are the distinct failures (GroupExhaustive), in the order of
	// their first classes; Failing[First[k]] is failure k's first class,
	// the one it is shown by.
	Failures []ExhaustiveFailure
	First    []int
}

// ExhaustiveFailures runs the exhaustive search of opts and groups its
// failing classes: each class is shown by the run of its normal form, the
// classes are numbered by ClassOrder, and each failure signature is shrunk
// once, from its first class in that order, after the search.
func (w *World) ExhaustiveFailures(opts SearchOptions) *SearchFailures {
	canonical := w.Classify(w.Baseline().Choices).Hash
	var hashes []uint64
	type failing struct {
		hash uint64
		r    *Result
	}
	var fails []failing
	rep := w.Exhaustive(opts.ExhaustiveOptions, func(run ExhaustiveRun) {
		hashes = append(hashes, run.Class)
		var shown *Result
		if opts.All || !run.Result.OK() {
			shown = w.ClassRun(run)
			if !shown.OK() {
				fails = append(fails, failing{run.Class, shown})
			}
		}
		if opts.Each != nil {
			opts.Each(run, shown)
		}
	})
	out := &SearchFailures{Report: rep, Order: NewClassOrder(canonical, slices.Clone(hashes))}
	slices.SortFunc(fails, func(a, b failing) int { return out.Order.Rank(a.hash) - out.Order.Rank(b.hash) })
	ranks := make([]int, len(fails))
	findings := make([][]Finding, len(fails))
	out.Failing = make([]FailingClass, len(fails))
	for i, f := range fails {
		ranks[i], findings[i] = out.Order.Rank(f.hash), f.r.Findings
		out.Failing[i] = FailingClass{Class: ranks[i], Hash: f.hash, Canonical: out.Order.IsCanonical(f.hash), Result: f.r}
	}
	// Shrinking replays a schedule many times; a failure signature is
	// shrunk once, from its first class, so a search that finds one bug in
	// a thousand classes shrinks it once.
	out.Failures, out.First = GroupExhaustive(ranks, findings, func(i int) []Finding {
		f := &out.Failing[i]
		if f.Canonical || opts.NoShrink || rep.Stopped {
			return f.Result.Findings
		}
		sh := Shrink(f.Result, w.Replay)
		f.Shrunk = &sh
		return sh.Result.Findings
	})
	return out
}
