package main

import (
	"fmt"
	"strings"

	"revl.dev/debug/schedule"
)

// exhaustiveUsage documents the exhaustive mode's flags in `revl test --help`.
const exhaustiveUsage = `	--exhaustive         run one schedule of every equivalence class instead of
	                     seeds (dynamic partial-order reduction: schedules
	                     that differ only in the order of independent atoms
	                     are one class; see docs/decisions.md)
	--max-schedules M    stop the exhaustive search after M schedules and
	                     report it bounded-out with what it covered
`

// exhaustive runs the exhaustive search and reports it as text or as the
// JSON dossier; it returns whether a class failed a property.
func (s *sweepPrinter) exhaustive(maxSchedules int) bool {
	var dw *schedule.DossierWriter
	if s.json {
		dw = s.dossier(0, nil)
	}
	counter := schedule.NewCounter()
	var groups []*failureGroup
	byKey := map[string]*failureGroup{}
	bySig := map[string]*failureGroup{} // the group of the class each signature was shrunk in
	violating := 0
	class := 0
	// Shrinking replays a schedule many times; a class is shrunk only when
	// it is the first with its failure signature, so a search that finds
	// one bug in a thousand classes shrinks it once.
	shrunkSig := map[string]bool{}
	rep := s.x.Exhaustive(schedule.ExhaustiveOptions{MaxSchedules: maxSchedules, Distinct: true}, func(run schedule.ExhaustiveRun) {
		class++
		r := run.Result
		var shrunk *schedule.Shrunk
		if !r.OK() {
			violating++
			sig := r.Signature()
			if class > 1 && !shrunkSig[sig] { // the canonical run is already minimal
				sh := schedule.Shrink(r, s.x.Replay)
				shrunk = &sh
			}
			shrunkSig[sig] = true
		}
		label := schedule.SeedLabel{Name: "exhaustive"}
		if class == 1 {
			label = schedule.SeedLabel{Name: "canonical"}
		}
		e := schedule.EntryOf(label, r, shrunk)
		e.Class = class
		e.SetClass(schedule.ClassSample{Hash: run.Class})
		counter.Add(e.OK, e.Fingerprint, e.Schedule)
		if dw != nil {
			dw.Add(e)
			if s.junit == nil {
				return
			}
		}
		if r.OK() {
			return
		}
		shown := r
		if shrunk != nil {
			shown = shrunk.Result
		}
		sig := r.Signature()
		if shrunk == nil && class > 1 {
			// Its signature was shrunk already: list it under that class.
			if g := bySig[sig]; g != nil {
				g.seeds = append(g.seeds, uint64(class))
				return
			}
		}
		key := shown.Failure()
		if g := byKey[key]; g != nil {
			g.seeds = append(g.seeds, uint64(class))
			return
		}
		g := &failureGroup{key: key, canonical: class == 1, seeds: []uint64{uint64(class)},
			first: schedule.Outcome{Result: r, Shrunk: shrunk}, result: shown}
		byKey[key] = g
		if bySig[sig] == nil {
			bySig[sig] = g
		}
		groups = append(groups, g)
	})
	verdict := schedule.VerdictOf(rep, violating, maxSchedules)
	if s.junit != nil {
		for _, g := range groups {
			var body strings.Builder
			schedule.WriteFailure(&body, s.replay, exhaustiveLabel(g), g.result, g.first.Shrunk, s.x.Baseline())
			fmt.Fprintf(&body, "failing: %s\n", classList(g.seeds))
			s.junit.failures = append(s.junit.failures, junitFailure{name: g.key, message: g.key, body: body.String()})
		}
	}
	if dw != nil {
		if err := dw.CloseWith(counter.Counts, verdict, nil); err != nil {
			fmt.Fprintf(s.stderr, "revl test: writing the report: %v\n", err)
		}
		return violating > 0
	}
	fmt.Fprintln(s.out)
	for _, g := range groups {
		schedule.WriteFailure(s.out, s.replay, exhaustiveLabel(g), g.result, g.first.Shrunk, s.x.Baseline())
		if len(g.seeds) > 1 {
			fmt.Fprintf(s.out, "  also failing the same way: %s\n", classList(g.seeds[1:]))
		}
	}
	fmt.Fprintln(s.out, exhaustiveLine(verdict))
	return violating > 0
}

// exhaustiveLabel names a group's first failing class.
func exhaustiveLabel(g *failureGroup) schedule.SeedLabel {
	if g.canonical {
		return schedule.SeedLabel{Name: "canonical"}
	}
	return schedule.SeedLabel{Name: fmt.Sprintf("class %d", g.seeds[0])}
}

// exhaustiveLine is the verdict: `exhaustive: 2 equivalence classes, 1
// violates (2 schedules, 1.00 per class)`.
func exhaustiveLine(v *schedule.ExhaustiveVerdict) string {
	var b strings.Builder
	b.WriteString("exhaustive: ")
	if v.BoundedOut {
		fmt.Fprintf(&b, "bounded-out after %s: ", plural(v.MaxSchedules, "schedule", "schedules"))
	}
	b.WriteString(plural(v.Classes, "equivalence class", "equivalence classes"))
	if v.BoundedOut {
		fmt.Fprintf(&b, " covered, %s left", plural(v.Pending, "branch", "branches"))
	}
	switch {
	case v.Violating == 0:
		b.WriteString(", none violates")
	case v.Violating == 1:
		b.WriteString(", 1 violates")
	default:
		fmt.Fprintf(&b, ", %d violate", v.Violating)
	}
	fmt.Fprintf(&b, " (%s run, %.2f per class)", plural(v.Schedules, "schedule", "schedules"), v.SchedulesPerClass)
	return b.String()
}

func classList(cs []uint64) string { return "classes " + firstOf(cs) }

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
	case f.shard != "":
		return "--exhaustive cannot be sharded (--shard splits a seeded sweep)"
	case mocks:
		return "--exhaustive does not run mock worlds yet; drop --mock-requires"
	case f.record != "":
		return "--exhaustive cannot --record yet; replay a failing class with --choices and --record"
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
