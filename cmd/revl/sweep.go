package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"revl.dev/debug/runtime/seam"
	"revl.dev/debug/schedule"
)

// sweepPrinter runs the schedule part of `revl test` and writes it as text
// or as the JSON dossier.
type sweepPrinter struct {
	program string // the path as the user gave it, for the JSON dossier
	// replay is what the printed replay and debug commands repeat.
	replay schedule.ReplayTarget
	out    io.Writer
	stderr io.Writer
	x      *schedule.World
	json   bool
	// coverage: a sweep also reports the equivalence classes its seeds hit
	// and an estimate of their number (--coverage; it costs up to 2x the
	// sweep's time, docs/performance.md).
	coverage bool
	// sampler draws each seed's schedule (--sampler; samplers.go).
	sampler schedule.Sampler
	// head carries the dossier's tests and world; program, seeds, shard
	// and baseline are filled in per report.
	head schedule.DossierHead
	// junit, when --junit asks for a report, collects the sweep's distinct
	// failures for it.
	junit *junitRun
}

// dossier starts the JSON dossier of seeds seeds with the canonical
// baseline.
func (s *sweepPrinter) dossier(seeds int, shard *schedule.ShardInfo) *schedule.DossierWriter {
	h := s.head
	b := s.baseline()
	h.Program, h.Seeds, h.Shard, h.Baseline = s.program, seeds, shard, &b
	h.Sampler = s.sampler.String()
	return schedule.NewDossierWriterHead(s.out, h)
}

// writeNoSchedules writes a dossier of tests that holds no schedule:
// `--schedule-seeds 0`, or a composition the sweep cannot schedule.
func writeNoSchedules(w, stderr io.Writer, h schedule.DossierHead) {
	dw := schedule.NewDossierWriterHead(w, h)
	if err := dw.Close(schedule.Counts{}); err != nil {
		fmt.Fprintf(stderr, "revl test: writing the report: %v\n", err)
	}
}

// failureGroup is the seeds that fail the same way (schedule.Result.Failure:
// the same property about the same thing): one bug, so the text report
// shows it once, with every seed that finds it.
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
	if s.coverage {
		e.SetClass(s.x.Classify(e.Choices))
	}
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
	// how many there are (schedule/coverage.go), when asked.
	opts.Classes = s.coverage
	// The deliver below keeps a result only when its seed fails (a
	// dossier entry is written at once), so passing seeds' results are
	// reused.
	opts.Reuse = true
	coverage := schedule.NewCoverageCounter()
	coverage.Add(base.ClassHash, nil, false)
	report := func() *schedule.Coverage {
		if !s.coverage {
			return nil
		}
		return coverage.Coverage()
	}

	var dw *schedule.DossierWriter
	if s.json {
		dw = s.dossier(opts.Seeds, shard)
		dw.Add(base)
	}
	var groups []*failureGroup
	byKey := map[string]*failureGroup{}
	if b := s.x.Baseline(); !b.OK() {
		// Seeds that fail the way the canonical run does are that one bug.
		g := &failureGroup{key: b.Failure(), canonical: true, result: b}
		byKey[g.key] = g
		groups = append(groups, g)
	}
	total := len(opts.SeedsOf())
	progress := newProgress(s.stderr)
	progress.sweep(total)
	done := 0
	s.x.Sweep(opts, func(o schedule.Outcome) {
		done++
		counter.Add(o.Result.OK(), o.FingerprintHash, o.ScheduleHash)
		coverage.Add(o.Class.HashString(), o.Class.WeightOf(), true)
		progress.update(done, counter.Failures)
		if dw != nil {
			e := schedule.EntryOf(schedule.SeedLabel{N: o.Seed}, o.Result, o.Shrunk)
			if s.coverage {
				e.SetClass(o.Class)
			}
			dw.Add(e)
			if s.junit == nil {
				return
			}
		}
		if o.Result.OK() {
			return
		}
		shown := o.Result
		if o.Shrunk != nil {
			shown = o.Shrunk.Result
		}
		key := shown.Failure()
		g := byKey[key]
		if g == nil {
			g = &failureGroup{key: key, first: o, result: shown}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.seeds = append(g.seeds, o.Seed)
	})
	progress.finish()
	if s.junit != nil {
		s.junit.shard = shard
		for _, g := range groups {
			var body strings.Builder
			if g.canonical {
				schedule.WriteFailure(&body, s.replay, schedule.SeedLabel{Name: "canonical"}, g.result, nil, nil)
			} else {
				schedule.WriteFailure(&body, s.replay, schedule.SeedLabel{N: g.first.Seed}, g.result, g.first.Shrunk, s.x.Baseline())
			}
			if len(g.seeds) > 0 {
				fmt.Fprintf(&body, "failing: %s\n", seedList(g.seeds))
			}
			s.junit.failures = append(s.junit.failures, junitFailure{name: g.key, message: g.key, body: body.String()})
		}
	}
	if dw != nil {
		if err := dw.CloseWith(counter.Counts, nil, report()); err != nil {
			fmt.Fprintf(s.stderr, "revl test: writing the report: %v\n", err)
		}
		return counter.Failures > 0
	}
	fmt.Fprintln(s.out)
	for i, g := range groups {
		if len(groups) > 1 {
			fmt.Fprintf(s.out, "failure %d of %d: %s\n", i+1, len(groups), g.key)
		}
		others := g.seeds
		if g.canonical {
			schedule.WriteFailure(s.out, s.replay, schedule.SeedLabel{Name: "canonical"}, g.result, nil, nil)
		} else {
			schedule.WriteFailure(s.out, s.replay, schedule.SeedLabel{N: g.first.Seed}, g.result, g.first.Shrunk, s.x.Baseline())
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
	fmt.Fprintf(s.out, "schedules: %d run (canonical + %d seeds%s), %d failed, %s; %d distinct fingerprints, %d distinct schedules\n",
		c.Schedules, c.Schedules-1, shardNote, c.Failures, plural(len(groups), "distinct failure", "distinct failures"),
		c.DistinctFingerprints, c.DistinctSchedules)
	if cov := report(); cov != nil {
		fmt.Fprintln(s.out, coverageLine(cov))
	}
	s.writeSamplerLine(s.out)
	return c.Failures > 0
}

// replaySeed runs one seed, shrinking it when it fails.
func (s *sweepPrinter) replaySeed(seed uint64) bool {
	if !s.sampler.Uniform() {
		o := s.x.ExploreWith(seed, s.sampler, true) // --coverage is refused with it
		found := s.single(schedule.SeedLabel{N: seed}, o.Result, o.Shrunk, nil)
		if !s.json {
			s.writeSamplerLine(s.out)
		}
		return found
	}
	if !s.coverage {
		o := s.x.Explore(seed, true)
		return s.single(schedule.SeedLabel{N: seed}, o.Result, o.Shrunk, nil)
	}
	o := s.x.ExploreClassified(seed, true)
	return s.single(schedule.SeedLabel{N: seed}, o.Result, o.Shrunk, &o.Class)
}

// replayChoices runs exactly the vector given, without shrinking: the user
// asked for that schedule.
func (s *sweepPrinter) replayChoices(v []int) bool {
	r := s.x.Replay(v)
	return s.single(schedule.SeedLabel{Name: "choices"}, r, nil, nil)
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
		dw := s.dossier(0, nil)
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
		fmt.Fprintf(s.out, "ok %s: choices %s\n", label, schedule.VectorText(shown.Choices))
		fmt.Fprintf(s.out, "  atoms: %s\n", strings.Join(shown.Atoms, ", "))
		for i, e := range shown.Emissions {
			fmt.Fprintf(s.out, "  emission %d: %s\n", i, e.Text)
		}
	} else {
		schedule.WriteFailure(s.out, s.replay, label, shown, shrunk, s.x.Baseline())
	}
	return !shown.OK() || !s.x.Baseline().OK()
}

// plural says n and the noun in the number n takes.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func seedList(seeds []uint64) string { return "seeds " + firstOf(seeds) }

// firstOf lists at most the first twelve numbers, then how many more.
func firstOf(ns []uint64) string {
	const most = 12
	parts := make([]string, 0, most)
	for i, n := range ns {
		if i == most {
			parts = append(parts, fmt.Sprintf("and %d more", len(ns)-most))
			break
		}
		parts = append(parts, fmt.Sprint(n))
	}
	return strings.Join(parts, ", ")
}

// progress draws a one-line status on a terminal (stderr) and nothing
// otherwise, so logs and pipes stay clean: the phase running ("the
// canonical schedule of 100000 components") and then the sweep's bar, from
// before the first seed ends. While a long schedule runs, a ticker redraws
// the line with the time elapsed, so a large composition never looks hung.
// Wall-clock time comes through the seam, like all time.
type progress struct {
	w     io.Writer
	on    bool
	clock seam.Clock
	tick  time.Duration // 0: no ticker (tests)

	mu       sync.Mutex
	label    string // the phase, when no sweep is running
	total    int    // seeds of the sweep, once it started
	done     int
	failures int
	start    int64 // when the current phase or sweep started
	lastMs   int64
	stop     chan struct{}
	stopped  sync.WaitGroup
}

func newProgress(w io.Writer) *progress {
	return &progress{w: w, on: isTerminal(w), clock: seam.SystemClock{}, tick: 500 * time.Millisecond}
}

// phase shows what runs before the sweep.
func (p *progress) phase(what string) {
	if !p.on {
		return
	}
	p.mu.Lock()
	p.label = "revl test: " + what
	p.total, p.done, p.failures = 0, 0, 0
	p.start = p.clock.NowMillis()
	p.drawLocked(p.start)
	p.mu.Unlock()
	p.startTicker()
}

// sweep shows the bar at 0 of total seeds, before the first seed ends.
func (p *progress) sweep(total int) {
	if !p.on || total == 0 {
		return
	}
	p.mu.Lock()
	p.label, p.total, p.done, p.failures = "", total, 0, 0
	p.start = p.clock.NowMillis()
	p.drawLocked(p.start)
	p.mu.Unlock()
	p.startTicker()
}

func (p *progress) update(done, failures int) {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done, p.failures = done, failures
	now := p.clock.NowMillis()
	if now-p.lastMs < 100 && done != p.total {
		return // redraw at most ten times a second
	}
	p.drawLocked(now)
}

func (p *progress) drawLocked(now int64) {
	p.lastMs = now
	el := now - p.start
	if p.total == 0 {
		fmt.Fprintf(p.w, "\r%s  %ds ", p.label, el/1000)
		return
	}
	const width = 30
	filled := width * p.done / p.total
	rate := 0.0
	if el > 0 {
		rate = float64(p.done) * 1000 / float64(el)
	}
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d seeds  %.0f seeds/s  %d failing  %ds ", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), p.done, p.total, rate, p.failures, el/1000)
}

func (p *progress) startTicker() {
	if p.tick <= 0 || p.stop != nil {
		return
	}
	p.stop = make(chan struct{})
	p.stopped.Add(1)
	go func(stop chan struct{}) {
		defer p.stopped.Done()
		for {
			p.clock.Sleep(p.tick)
			select {
			case <-stop:
				return
			default:
			}
			p.mu.Lock()
			if now := p.clock.NowMillis(); now-p.lastMs >= p.tick.Milliseconds() {
				p.drawLocked(now)
			}
			p.mu.Unlock()
		}
	}(p.stop)
}

// clear erases the line, for output to the same terminal; the next
// redraw puts it back.
func (p *progress) clear() {
	if !p.on {
		return
	}
	p.mu.Lock()
	fmt.Fprint(p.w, "\r\033[K")
	p.mu.Unlock()
}

// progressAware is a writer that clears the progress line before each
// write, so results printed while a phase runs do not land on its line.
type progressAware struct {
	w io.Writer
	p *progress
}

func (a progressAware) Write(b []byte) (int, error) {
	a.p.clear()
	return a.w.Write(b)
}

// finish stops the ticker and clears the line.
func (p *progress) finish() {
	if !p.on {
		return
	}
	if p.stop != nil {
		close(p.stop)
		p.stopped.Wait()
		p.stop = nil
	}
	p.mu.Lock()
	fmt.Fprint(p.w, "\r\033[K")
	p.mu.Unlock()
}
