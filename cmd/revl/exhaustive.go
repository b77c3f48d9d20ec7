package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"revl.dev/debug/schedule"
)

// exhaustiveUsage documents the exhaustive mode's flags in `revl test --help`.
const exhaustiveUsage = `	--exhaustive         run one schedule of every equivalence class instead of
	                     seeds (dynamic partial-order reduction: schedules
	                     that differ only in the order of independent atoms
	                     are one class; see docs/decisions.md)
	--max-schedules M    stop the exhaustive search after M schedules and
	                     report it bounded-out with what it covered (with
	                     --shard, M schedules per shard)
`

// exhaustive runs the exhaustive search, or with shards > 1 shard shard of
// it, and reports it as text or as the JSON dossier; it returns whether a
// class failed a property.
//
// The report does not depend on the order the search ran the classes in
// (schedule/exhaustive_shard_report.go): each class is shown by the run of
// its normal form, the classes are numbered canonical first and then by
// hash, and each failure signature is shrunk from its first class in that
// order once the search is over. So the shards of a sharded search, merged
// by revl report merge, give the one-machine report's verdict and failures.
func (s *sweepPrinter) exhaustive(maxSchedules, shard, shards int) bool {
	if shards <= 1 {
		shard, shards = 0, 0
	}
	base := s.x.Baseline()
	var entries []schedule.Entry
	search := s.x.ExhaustiveFailures(schedule.SearchOptions{
		ExhaustiveOptions: schedule.ExhaustiveOptions{MaxSchedules: maxSchedules, Distinct: true, Shard: shard, Shards: shards},
		All:               s.json,
		Each: func(run schedule.ExhaustiveRun, r *schedule.Result) {
			if s.json {
				e := schedule.EntryOf(schedule.SeedLabel{Name: "exhaustive"}, r, nil)
				e.SetClass(schedule.ClassSample{Hash: run.Class})
				entries = append(entries, e)
			}
		},
	})
	rep, order, fails, failures := search.Report, search.Order, search.Failing, search.Failures
	var shrunkEntries []schedule.Entry
	for _, f := range fails {
		if f.Shrunk != nil {
			e := schedule.EntryOf(schedule.SeedLabel{Name: "exhaustive"}, f.Result, f.Shrunk)
			e.Class = f.Class
			e.SetClass(schedule.ClassSample{Hash: f.Hash})
			shrunkEntries = append(shrunkEntries, e)
		}
	}
	verdict := schedule.VerdictOf(rep, len(fails), maxSchedules)
	verdict.Failures, verdict.Shrunk = failures, shrunkEntries
	cost := schedule.CostOf(rep, shards)
	var shardInfo *schedule.ShardInfo
	if shards > 1 {
		shardInfo = &schedule.ShardInfo{Index: shard, Count: shards}
	}
	// writeFailure writes failure k as the text report shows it.
	writeFailure := func(w io.Writer, k int) {
		f := fails[search.First[k]]
		label := schedule.SeedLabel{Name: fmt.Sprintf("class %d", f.Class)}
		if f.Canonical {
			label = schedule.SeedLabel{Name: "canonical"}
		}
		schedule.WriteFailure(w, s.replay, label, f.Shown(), f.Shrunk, base)
	}
	if s.junit != nil {
		s.junit.shard = shardInfo
		for k, g := range failures {
			var body strings.Builder
			writeFailure(&body, k)
			fmt.Fprintf(&body, "failing: %s\n", classList(g.Classes))
			s.junit.failures = append(s.junit.failures, junitFailure{name: g.Failure, message: g.Failure, body: body.String()})
		}
	}
	if s.json {
		slices.SortFunc(entries, func(a, b schedule.Entry) int { return order.Rank(classHash(a)) - order.Rank(classHash(b)) })
		dw := s.dossier(0, shardInfo)
		c := schedule.NewCounter()
		for i := range entries {
			e := &entries[i]
			e.Class = i + 1
			e.Seed = order.Label(classHash(*e))
			c.Add(e.OK, e.Fingerprint, e.Schedule)
			dw.Add(*e)
		}
		dw.SetSearch(cost)
		if err := dw.CloseWith(c.Counts, verdict, nil); err != nil {
			fmt.Fprintf(s.stderr, "revl test: writing the report: %v\n", err)
		}
		return len(fails) > 0
	}
	fmt.Fprintln(s.out)
	for k, g := range failures {
		writeFailure(s.out, k)
		if len(g.Classes) > 1 {
			fmt.Fprintf(s.out, "  also failing the same way: %s\n", classList(g.Classes[1:]))
		}
	}
	fmt.Fprintln(s.out, exhaustiveLine(verdict, cost, shardInfo))
	return len(fails) > 0
}

// classHash is an exhaustive entry's class.
func classHash(e schedule.Entry) uint64 {
	h, _ := strconv.ParseUint(e.ClassHash, 16, 64)
	return h
}

// exhaustiveLine is the verdict: `exhaustive: 2 equivalence classes, 1
// violates (2 schedules run, 1.00 per class)`; a shard's says so and what
// its part cost, `exhaustive (shard 1/2, 8 of 16 tasks): 1 equivalence
// class, none violates (3 schedules run, 2 redundant)`.
func exhaustiveLine(v *schedule.ExhaustiveVerdict, c *schedule.SearchCost, shard *schedule.ShardInfo) string {
	var b strings.Builder
	b.WriteString("exhaustive")
	if shard != nil {
		fmt.Fprintf(&b, " (shard %d/%d, %d of %s)", shard.Index, shard.Count, c.ShardTasks+c.TasksLeft, plural(c.Tasks, "task", "tasks"))
	}
	b.WriteString(": ")
	if v.BoundedOut {
		fmt.Fprintf(&b, "bounded-out after %s: ", plural(v.MaxSchedules, "schedule", "schedules"))
	}
	b.WriteString(plural(v.Classes, "equivalence class", "equivalence classes"))
	if v.BoundedOut {
		fmt.Fprintf(&b, " covered, %s", plural(v.Pending, "branch", "branches"))
		if c.TasksLeft > 0 {
			fmt.Fprintf(&b, " and %s", plural(c.TasksLeft, "task", "tasks"))
		}
		b.WriteString(" left")
	}
	switch {
	case v.Violating == 0:
		b.WriteString(", none violates")
	case v.Violating == 1:
		b.WriteString(", 1 violates")
	default:
		fmt.Fprintf(&b, ", %d violate", v.Violating)
	}
	if shard != nil {
		fmt.Fprintf(&b, " (%s run, %d redundant, %d sleep-blocked)", plural(c.Schedules, "schedule", "schedules"), c.Redundant, c.SleepBlocked)
	} else {
		fmt.Fprintf(&b, " (%s run, %.2f per class)", plural(c.Schedules, "schedule", "schedules"), c.SchedulesPerClass)
	}
	return b.String()
}

func classList(cs []int) string {
	ns := make([]uint64, len(cs))
	for i, c := range cs {
		ns[i] = uint64(c)
	}
	return "classes " + firstOf(ns)
}

// exhaustiveConflict says why the exhaustive flags cannot be used as given
// ("" when they can).
func (f *testFlags) exhaustiveConflict(replay, mocks bool) string {
	switch {
	case f.maxSchedules < 0:
		return fmt.Sprintf("--max-schedules must be 0 or more, got %d", f.maxSchedules)
	case f.maxSchedules > 0 && !f.exhaustive:
		return "--max-schedules bounds --exhaustive; add --exhaustive"
	case !f.exhaustive:
		return ""
	case replay:
		return "--exhaustive runs every class; it cannot be combined with --schedule-seed or --choices"
	case mocks:
		return "--exhaustive does not run mock worlds yet; drop --mock-requires"
	case f.record != "":
		return "--exhaustive cannot --record yet; replay a failing class with --choices and --record"
	case f.coverage:
		return "--coverage estimates what a seeded sweep covered; --exhaustive covers every class, drop --coverage"
	}
	return ""
}

// coverageLine is the coverage of a seeded sweep: `coverage: 41 of ~120
// classes (±15)`.
func coverageLine(c *schedule.Coverage) string {
	if c.Estimate == nil {
		return fmt.Sprintf("coverage: %s hit (no estimate of the total: a weight overflowed)", plural(c.Classes, "equivalence class", "equivalence classes"))
	}
	if *c.Estimate < float64(c.Classes) {
		// Unbiased, but below what was seen: the samples missed the rare
		// schedules that carry the weight of a wide composition.
		return fmt.Sprintf("coverage: %s hit (too few seeds to estimate the total: ~%s (±%s) from %d)",
			plural(c.Classes, "equivalence class", "equivalence classes"), approx(*c.Estimate), approx(*c.Spread), c.Samples)
	}
	return fmt.Sprintf("coverage: %d of ~%s equivalence classes (±%s)", c.Classes, approx(*c.Estimate), approx(*c.Spread))
}

// approx renders an estimate: whole numbers from 10 on, one decimal below.
func approx(v float64) string {
	if v >= 10 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}
