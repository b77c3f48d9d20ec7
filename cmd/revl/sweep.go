package main

import (
	"fmt"
	"io"
	"strings"

	"revl.dev/debug/runtime/seam"
	"revl.dev/debug/schedule"
)

// sweepPrinter runs the schedule part of `revl test` and writes it as text
// or as the JSON dossier.
type sweepPrinter struct {
	program string // the path as the user gave it, for replay commands
	// replayFlags are the flags a replay command must repeat to reproduce
	// a schedule (` --max-decisions 5`), appended after the program.
	replayFlags string
	out         io.Writer
	stderr      io.Writer
	x           *schedule.World
	json        bool
}

// failureGroup is the seeds whose failures shrank to one schedule: they
// are one bug, so the text report shows it once.
type failureGroup struct {
	key       string
	canonical bool // the canonical run fails this way
	seeds     []uint64
	first     schedule.Outcome
	result    *schedule.Result
}

func (s *sweepPrinter) baseline() schedule.Baseline {
	b := s.x.Baseline()
	e := schedule.EntryOf(schedule.SeedLabel{Name: "canonical"}, b, nil)
	return schedule.Baseline{Choices: e.Choices, Atoms: e.Atoms, Emissions: e.Emissions}
}

func (s *sweepPrinter) canonicalEntry() schedule.Entry {
	e := schedule.EntryOf(schedule.SeedLabel{Name: "canonical"}, s.x.Baseline(), nil)
	e.SetClass(s.x.Classify(e.Choices))
	return e
}

// sweep runs the seeds and reports; it returns whether anything failed.
func (s *sweepPrinter) sweep(opts schedule.SweepOptions) bool {
	var shard *schedule.ShardInfo
	if opts.Shards > 1 {
		shard = &schedule.ShardInfo{Index: opts.Shard, Count: opts.Shards}
	}
	counter := schedule.NewCounter()
	base := s.canonicalEntry()
	counter.Add(base.OK, base.Fingerprint, base.Schedule)
	// Coverage: the equivalence classes the seeds hit, and an estimate of
	// how many there are (schedule/coverage.go).
	opts.Classes = true
	coverage := schedule.NewCoverageCounter()
	coverage.Add(base.ClassHash, 0, false)

	var dw *schedule.DossierWriter
	if s.json {
		dw = schedule.NewDossierWriter(s.out, s.program, opts.Seeds, shard, s.baseline())
		dw.Add(base)
	}
	var groups []*failureGroup
	byKey := map[string]*failureGroup{}
	if b := s.x.Baseline(); !b.OK() {
		// Seeds that fail the way the canonical run does are that one bug.
		g := &failureGroup{key: b.Signature() + " " + schedule.ScheduleKey(b.Choices), canonical: true, result: b}
		byKey[g.key] = g
		groups = append(groups, g)
	}
	total := len(opts.SeedsOf())
	progress := newProgress(s.stderr, total)
	done := 0
	s.x.Sweep(opts, func(o schedule.Outcome) {
		done++
		counter.Add(o.Result.OK(), o.FingerprintHash, o.ScheduleHash)
		coverage.Add(o.Class.HashString(), o.Class.Weight, true)
		progress.update(done, counter.Failures)
		if dw != nil {
			e := schedule.EntryOf(schedule.SeedLabel{N: o.Seed}, o.Result, o.Shrunk)
			e.SetClass(o.Class)
			dw.Add(e)
			return
		}
		if o.Result.OK() {
			return
		}
		shown := o.Result
		if o.Shrunk != nil {
			shown = o.Shrunk.Result
		}
		key := shown.Signature() + " " + schedule.ScheduleKey(shown.Choices)
		g := byKey[key]
		if g == nil {
			g = &failureGroup{key: key, first: o, result: shown}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.seeds = append(g.seeds, o.Seed)
	})
	progress.finish()
	if dw != nil {
		if err := dw.CloseWith(counter.Counts, nil, coverage.Coverage()); err != nil {
			fmt.Fprintf(s.stderr, "revl test: writing the report: %v\n", err)
		}
		return counter.Failures > 0
	}
	fmt.Fprintln(s.out)
	for _, g := range groups {
		others := g.seeds
		if g.canonical {
			schedule.WriteFailure(s.out, s.program+s.replayFlags, schedule.SeedLabel{Name: "canonical"}, g.result, nil, nil)
		} else {
			schedule.WriteFailure(s.out, s.program+s.replayFlags, schedule.SeedLabel{N: g.first.Seed}, g.result, g.first.Shrunk, s.x.Baseline())
			others = others[1:]
		}
		if len(others) > 0 {
			fmt.Fprintf(s.out, "  also failing the same way: %s\n", seedList(others))
		}
	}
	c := counter.Counts
	shardNote := ""
	if shard != nil {
		shardNote = fmt.Sprintf(" (shard %d/%d)", shard.Index, shard.Count)
	}
	fmt.Fprintf(s.out, "schedules: %d run (canonical + %d seeds%s), %d failed, %d distinct failures; %d distinct fingerprints, %d distinct schedules\n",
		c.Schedules, c.Schedules-1, shardNote, c.Failures, len(groups), c.DistinctFingerprints, c.DistinctSchedules)
	fmt.Fprintln(s.out, coverageLine(coverage.Coverage()))
	return c.Failures > 0
}

// replaySeed runs one seed, shrinking it when it fails.
func (s *sweepPrinter) replaySeed(seed uint64) bool {
	o := s.x.ExploreClassified(seed, true)
	return s.single(schedule.SeedLabel{N: seed}, o.Result, o.Shrunk, &o.Class)
}

// replayChoices runs exactly the vector given, without shrinking: the user
// asked for that schedule.
func (s *sweepPrinter) replayChoices(v []int) bool {
	r := s.x.Replay(v)
	return s.single(schedule.SeedLabel{Name: "choices"}, r, nil, nil)
}

func (s *sweepPrinter) baselineOnly() bool {
	dw := schedule.NewDossierWriter(s.out, s.program, 0, nil, s.baseline())
	base := s.canonicalEntry()
	dw.Add(base)
	c := schedule.NewCounter()
	c.Add(base.OK, base.Fingerprint, base.Schedule)
	if err := dw.Close(c.Counts); err != nil {
		fmt.Fprintf(s.stderr, "revl test: writing the report: %v\n", err)
	}
	return !base.OK
}

// single reports one replayed schedule beside the canonical baseline.
func (s *sweepPrinter) single(label schedule.SeedLabel, r *schedule.Result, shrunk *schedule.Shrunk, class *schedule.ClassSample) bool {
	base := s.canonicalEntry()
	entry := schedule.EntryOf(label, r, shrunk)
	if class != nil {
		entry.SetClass(*class)
	}
	if s.json {
		c := schedule.NewCounter()
		c.Add(base.OK, base.Fingerprint, base.Schedule)
		c.Add(entry.OK, entry.Fingerprint, entry.Schedule)
		dw := schedule.NewDossierWriter(s.out, s.program, 0, nil, s.baseline())
		dw.Add(base)
		dw.Add(entry)
		if err := dw.Close(c.Counts); err != nil {
			fmt.Fprintf(s.stderr, "revl test: writing the report: %v\n", err)
		}
		return !base.OK || !entry.OK
	}
	fmt.Fprintln(s.out)
	shown := r
	if shrunk != nil {
		shown = shrunk.Result
	}
	if shown.OK() {
		fmt.Fprintf(s.out, "ok %s: choices %s\n", label, schedule.FormatChoices(shown.Choices))
		fmt.Fprintf(s.out, "  atoms: %s\n", strings.Join(shown.Atoms, ", "))
		for i, e := range shown.Emissions {
			fmt.Fprintf(s.out, "  emission %d: %s\n", i, e.Text)
		}
	} else {
		schedule.WriteFailure(s.out, s.program+s.replayFlags, label, shown, shrunk, s.x.Baseline())
	}
	return !shown.OK() || !s.x.Baseline().OK()
}

func seedList(seeds []uint64) string {
	const most = 12
	parts := make([]string, 0, most)
	for i, sd := range seeds {
		if i == most {
			parts = append(parts, fmt.Sprintf("and %d more", len(seeds)-most))
			break
		}
		parts = append(parts, fmt.Sprint(sd))
	}
	return "seeds " + strings.Join(parts, ", ")
}

// progress draws a one-line progress bar on a terminal and nothing
// otherwise, so logs and pipes stay clean. Wall-clock time comes through
// the seam, like all time.
type progress struct {
	w      io.Writer
	on     bool
	total  int
	clock  seam.Clock
	start  int64
	lastMs int64
}

func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, on: isTerminal(w) && total > 0, total: total, clock: seam.SystemClock{}}
	if p.on {
		p.start = p.clock.NowMillis()
	}
	return p
}

func (p *progress) update(done, failures int) {
	if !p.on {
		return
	}
	now := p.clock.NowMillis()
	if now-p.lastMs < 100 && done != p.total {
		return // redraw at most ten times a second
	}
	p.lastMs = now
	const width = 30
	filled := width * done / p.total
	rate := 0.0
	if el := now - p.start; el > 0 {
		rate = float64(done) * 1000 / float64(el)
	}
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d seeds  %.0f seeds/s  %d failing ", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), done, p.total, rate, failures)
}

func (p *progress) finish() {
	if p.on {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
