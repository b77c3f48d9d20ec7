package schedule

import (
	"fmt"
	"slices"
	"strconv"
)

// The report of an exhaustive search, built so that it does not depend on
// the order the search ran the classes in, nor on which schedule of a
// class it ran: a sharded search (exhaustive_shard.go), merged, reports
// exactly what the one-machine search does.
//
//   - A class is shown by the run of its lexicographic normal form
//     (World.ClassRun), whichever schedule of it the search ran.
//   - The classes are numbered canonical first, then by class hash
//     (ClassOrder), not in search order.
//   - Each failure signature is shrunk from its first class in that order,
//     and the failures are listed in the order of their first classes
//     (GroupExhaustive).
//
// What the search cost (schedules, sleep-blocked and redundant runs,
// replayed atoms, the wakeup tree's peak) is the dossier's SearchCost, apart
// from the verdict.

// SearchCost is what an exhaustive search cost. A merged report sums the
// shards' figures (the peak wakeup tree too: the shards' memory together).
type SearchCost struct {
	// Schedules is how many schedules ran; SchedulesPerClass their ratio to
	// the classes (1.0 is optimal, as the unsharded search is).
	Schedules         int     `json:"schedules"`
	SchedulesPerClass float64 `json:"schedules_per_class"`
	// SleepBlocked counts runs that ended with every ready atom asleep;
	// Redundant, in a sharded search, runs of classes another task owns.
	SleepBlocked int `json:"sleep_blocked"`
	Redundant    int `json:"redundant,omitempty"`
	// ReplayedAtoms is how many atoms were run again to replay prefixes;
	// PeakTreeNodes the most wakeup-tree nodes held at once.
	ReplayedAtoms int `json:"replayed_atoms"`
	PeakTreeNodes int `json:"peak_tree_nodes"`
	// Shards and Tasks describe a sharded search: the shard count and the
	// tasks of the split; ShardTasks how many of them the shard (or, merged,
	// all the shards) began, TasksLeft how many --max-schedules kept from
	// beginning.
	Shards     int `json:"shards,omitempty"`
	Tasks      int `json:"tasks,omitempty"`
	ShardTasks int `json:"shard_tasks,omitempty"`
	TasksLeft  int `json:"tasks_left,omitempty"`
}

// CostOf is the cost part of a search's report; shards is the shard count
// (0: unsharded).
func CostOf(r ExhaustiveReport, shards int) *SearchCost {
	c := &SearchCost{Schedules: r.Schedules, SleepBlocked: r.Blocked, Redundant: r.Redundant,
		ReplayedAtoms: r.Replayed, PeakTreeNodes: r.PeakTree, Tasks: r.Tasks, ShardTasks: r.ShardTasks, TasksLeft: r.TasksLeft}
	if shards > 0 {
		c.Shards = shards
	}
	c.setRatio(r.Classes)
	return c
}

func (c *SearchCost) setRatio(classes int) {
	c.SchedulesPerClass = 0
	if classes > 0 {
		c.SchedulesPerClass = float64(c.Schedules) / float64(classes)
	}
}

// ExhaustiveFailure is one distinct failure of an exhaustive search: what
// fails (Result.Failure of the shrunk run) and the classes that fail that
// way, the one shown first.
type ExhaustiveFailure struct {
	Failure string `json:"failure"`
	Classes []int  `json:"classes"`
}

// ClassOrder numbers the classes of a report: the canonical run's class is
// 1 (when the report has it), the others follow by increasing hash.
type ClassOrder struct {
	canonical uint64
	hasCanon  bool
	sorted    []uint64
}

// NewClassOrder orders the classes hashes (which it sorts in place);
// canonical is the canonical run's class.
func NewClassOrder(canonical uint64, hashes []uint64) *ClassOrder {
	o := &ClassOrder{canonical: canonical}
	slices.Sort(hashes)
	for _, h := range hashes {
		if h == canonical {
			o.hasCanon = true
		} else {
			o.sorted = append(o.sorted, h)
		}
	}
	return o
}

// Rank is the class's number, from 1 (0: not a class of the report).
func (o *ClassOrder) Rank(h uint64) int {
	if h == o.canonical {
		if o.hasCanon {
			return 1
		}
		return 0
	}
	i, ok := slices.BinarySearch(o.sorted, h)
	if !ok {
		return 0
	}
	if o.hasCanon {
		return i + 2
	}
	return i + 1
}

// IsCanonical reports whether the class is the canonical run's.
func (o *ClassOrder) IsCanonical(h uint64) bool { return o.hasCanon && h == o.canonical }

// Label is how the report names a class's entry.
func (o *ClassOrder) Label(h uint64) SeedLabel {
	if o.IsCanonical(h) {
		return SeedLabel{Name: "canonical"}
	}
	return SeedLabel{Name: "exhaustive"}
}

// GroupExhaustive groups the failing classes of a report, given in class
// order with their findings: the first class of each failure signature is
// where the signature is shrunk (shrink(i) returns the findings of the
// shrunk run of failing[i], or its own when it is the canonical class), and
// every class goes to the failure its signature shrank to. The failures
// are in the order of their first classes. first[k] is the index in
// failing of failure k's first class.
func GroupExhaustive(ranks []int, findings [][]Finding, shrink func(i int) []Finding) (out []ExhaustiveFailure, first []int) {
	bySig := map[string]int{} // signature -> failure
	byKey := map[string]int{}
	for i := range ranks {
		sig := (&Result{Findings: findings[i]}).Signature()
		k, ok := bySig[sig]
		if !ok {
			key := (&Result{Findings: shrink(i)}).Failure()
			if k, ok = byKey[key]; !ok {
				k = len(out)
				byKey[key] = k
				out = append(out, ExhaustiveFailure{Failure: key})
				first = append(first, i)
			}
			bySig[sig] = k
		}
		out[k].Classes = append(out[k].Classes, ranks[i])
	}
	return out, first
}

// SetSearch makes the dossier end with the search's cost.
func (dw *DossierWriter) SetSearch(c *SearchCost) { dw.search = c }

// exhaustiveSet reports whether any of the reports is of an exhaustive
// search: then they merge as shards of one (mergeExhaustive).
func exhaustiveSet(ds []*Dossier) bool {
	for _, d := range ds {
		if d.Exhaustive != nil {
			return true
		}
	}
	return false
}

// mergeExhaustive joins the reports of the shards of one exhaustive search
// into the report the one-machine search writes: the same classes in the
// same order, the same failures with the same shrunk runs, and the verdict;
// only the cost differs, and it is the sum of the shards'. It refuses a
// set that mixes seeded sweeps in, that misses a shard or has one twice,
// reports of other programs, and shards of other splits.
func mergeExhaustive(ds []*Dossier) (*Dossier, error) {
	first := ds[0]
	for i, d := range ds {
		if d.Exhaustive == nil {
			return nil, fmt.Errorf("report %d is a seeded sweep and report %d an exhaustive search: only shards of one run merge", i+1, exhaustiveIndex(ds)+1)
		}
	}
	if len(ds) == 1 && first.Shard == nil {
		return first, nil // a whole search: nothing to merge
	}
	count := 0
	seen := map[int]int{}
	for i, d := range ds {
		if d.Shard == nil {
			return nil, fmt.Errorf("report %d is a whole exhaustive search, not a shard (revl test --exhaustive --shard I/N): it does not merge with shards", i+1)
		}
		if i == 0 {
			count = d.Shard.Count
		}
		if d.Shard.Count != count {
			return nil, fmt.Errorf("report %d is shard %d/%d and report 1 of %d shards: only shards of one search merge", i+1, d.Shard.Index, d.Shard.Count, count)
		}
		if j, dup := seen[d.Shard.Index]; dup {
			return nil, fmt.Errorf("reports %d and %d are both shard %d/%d", j+1, i+1, d.Shard.Index, count)
		}
		seen[d.Shard.Index] = i
		if d.Program != first.Program {
			return nil, fmt.Errorf("report %d is of program %q, report 1 of %q", i+1, d.Program, first.Program)
		}
		if d.Mocks != first.Mocks {
			return nil, fmt.Errorf("report %d ran in mock world and report 1 did not, or the other way round", i+1)
		}
		if d.Atoms != first.Atoms {
			return nil, fmt.Errorf("report %d searched schedules of %s atoms, report 1 of %s atoms: only shards of one search merge",
				i+1, atomsName(d.Atoms), atomsName(first.Atoms))
		}
		if mustJSON(d.Baseline) != mustJSON(first.Baseline) {
			return nil, fmt.Errorf("report %d has another canonical run than report 1: %s changed between the shard runs", i+1, first.Program)
		}
		if mustJSON(d.Tests) != mustJSON(first.Tests) {
			return nil, fmt.Errorf("report %d has other test results than report 1: %s changed between the shard runs", i+1, first.Program)
		}
		if d.Search == nil || first.Search == nil || d.Search.Tasks != first.Search.Tasks {
			return nil, fmt.Errorf("report %d splits the search into other tasks than report 1: %s changed between the shard runs", i+1, first.Program)
		}
		if d.Exhaustive.MaxSchedules != first.Exhaustive.MaxSchedules && d.Exhaustive.BoundedOut && first.Exhaustive.BoundedOut {
			return nil, fmt.Errorf("report %d was bounded at %d schedules, report 1 at %d", i+1, d.Exhaustive.MaxSchedules, first.Exhaustive.MaxSchedules)
		}
	}
	for k := range count {
		if _, ok := seen[k]; !ok {
			return nil, fmt.Errorf("shard %d/%d is in no report: the shard set is incomplete", k, count)
		}
	}

	out := &Dossier{Program: first.Program, Atoms: first.Atoms, Mocks: first.Mocks, Tests: first.Tests, Baseline: first.Baseline,
		Exhaustive: &ExhaustiveVerdict{}, Search: &SearchCost{Shards: count, Tasks: first.Search.Tasks}}
	v, cost := out.Exhaustive, out.Search
	var entries []Entry
	byHash := map[uint64]int{} // class -> report
	shrunk := map[uint64]Entry{}
	var canonical uint64
	hasCanon := false
	for i, d := range ds {
		for _, e := range d.PerSchedule {
			h, err := strconv.ParseUint(e.ClassHash, 16, 64)
			if err != nil || e.Seed.Name != "canonical" && e.Seed.Name != "exhaustive" {
				return nil, fmt.Errorf("report %d: entry %s is not a class of an exhaustive search", i+1, e.Seed)
			}
			if j, dup := byHash[h]; dup {
				return nil, fmt.Errorf("class %s is in reports %d and %d (overlapping shards)", e.ClassHash, j+1, i+1)
			}
			byHash[h] = i
			if e.Seed.Name == "canonical" {
				canonical, hasCanon = h, true
			}
			entries = append(entries, e)
		}
		for _, e := range d.Exhaustive.Shrunk {
			if h, err := strconv.ParseUint(e.ClassHash, 16, 64); err == nil {
				shrunk[h] = e
			}
		}
		x := d.Exhaustive
		v.BoundedOut = v.BoundedOut || x.BoundedOut
		if x.BoundedOut {
			v.MaxSchedules = x.MaxSchedules
		}
		v.Pending += x.Pending
		v.Depth = max(v.Depth, x.Depth)
		c := d.Search
		cost.Schedules += c.Schedules
		cost.SleepBlocked += c.SleepBlocked
		cost.Redundant += c.Redundant
		cost.ReplayedAtoms += c.ReplayedAtoms
		cost.PeakTreeNodes += c.PeakTreeNodes
		cost.ShardTasks += c.ShardTasks
		cost.TasksLeft += c.TasksLeft
	}
	if !hasCanon && len(entries) > 0 && !v.BoundedOut {
		return nil, fmt.Errorf("no report holds the canonical run's class: the shard set is not of one search")
	}
	hashes := make([]uint64, 0, len(entries))
	for _, e := range entries {
		h, _ := strconv.ParseUint(e.ClassHash, 16, 64)
		hashes = append(hashes, h)
	}
	order := NewClassOrder(canonical, hashes)
	if !hasCanon {
		order = NewClassOrder(^uint64(0), hashes) // no canonical class: all by hash
	}
	rank := func(e *Entry) int {
		h, _ := strconv.ParseUint(e.ClassHash, 16, 64)
		return order.Rank(h)
	}
	slices.SortFunc(entries, func(a, b Entry) int { return rank(&a) - rank(&b) })
	c := NewCounter()
	var ranks []int
	var findings [][]Finding
	var failing []int
	for i := range entries {
		e := &entries[i]
		e.Class = i + 1
		c.Add(e.OK, e.Fingerprint, e.Schedule)
		if !e.OK {
			ranks = append(ranks, e.Class)
			findings = append(findings, e.Findings)
			failing = append(failing, i)
		}
	}
	var missing error
	v.Failures, _ = GroupExhaustive(ranks, findings, func(i int) []Finding {
		e := entries[failing[i]]
		if e.Seed.Name == "canonical" {
			return e.Findings
		}
		h, _ := strconv.ParseUint(e.ClassHash, 16, 64)
		s, ok := shrunk[h]
		if !ok {
			if missing == nil {
				missing = fmt.Errorf("class %s fails first with its signature, but its report holds no shrunk run of it: the reports are of different searches", e.ClassHash)
			}
			return e.Findings
		}
		s.Class = e.Class
		v.Shrunk = append(v.Shrunk, s)
		return s.Findings
	})
	if missing != nil {
		return nil, missing
	}
	out.PerSchedule = entries
	if out.PerSchedule == nil {
		out.PerSchedule = []Entry{}
	}
	out.Counts = c.Counts
	v.Classes, v.Violating = len(entries), len(ranks)
	cost.setRatio(v.Classes)
	return out, nil
}

func exhaustiveIndex(ds []*Dossier) int {
	for i, d := range ds {
		if d.Exhaustive != nil {
			return i
		}
	}
	return 0
}
