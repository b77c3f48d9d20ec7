package eval

import (
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	rt "revl.dev/debug/runtime"
	"revl.dev/debug/runtime/seam"
	"revl.dev/debug/schedule"
)

// Config is one evaluation run.
type Config struct {
	// Seeds are the seed counts, increasing: a mutant is detected at s
	// when the canonical run or one of seeds 1..s shows its property.
	Seeds []int
	// Samplers are the sampler names (schedule.SamplerNames).
	Samplers []string
	// Workers run mutants in parallel (0: GOMAXPROCS); the report is the
	// same for any number.
	Workers int
	// MaxSchedules bounds each ground-truth search (DefaultMaxSchedules
	// when 0); a search that reaches it is reported bounded out.
	MaxSchedules int
	// MaxDepth bounds the search for a mutant's depth (DefaultMaxDepth
	// when 0).
	MaxDepth int
	// Timing measures the time per schedule (the one figure that differs
	// between runs, kept in Report.Timing).
	Timing bool
	// Progress, when set, is told how many of the total jobs are done.
	Progress func(done, total int)
}

// Defaults of Config.
const (
	DefaultMaxSchedules = 5000
	DefaultMaxDepth     = 6
	// depthAtoms bounds the atoms a depth search runs per mutant.
	depthAtoms = 2_000_000
)

// DefaultSeeds are revl eval's seed counts.
var DefaultSeeds = []int{1, 10, 100, 1000}

// Report is the evaluation's result. Everything but Timing is
// deterministic.
type Report struct {
	Corpus struct {
		Compositions int `json:"compositions"`
		Mutants      int `json:"mutants"`
	} `json:"corpus"`
	Seeds        []int    `json:"seeds"`
	Samplers     []string `json:"samplers"`
	MaxSchedules int      `json:"max_schedules"`
	MaxDepth     int      `json:"max_depth"`
	// Detection is, per sampler, the detection rate at each seed count,
	// overall and per class.
	Detection []SamplerDetection `json:"detection"`
	// FaultSweep is the mutants only the fault sweep can find: it has no
	// seeds, so they are detected or not.
	FaultSweep Tally `json:"fault_sweep"`
	// Coverage compares, over the coarse mutants whose search completed,
	// the classes each sampler's schedules hit at the largest seed count
	// with the classes the exhaustive search found.
	Coverage []SamplerCoverage `json:"coverage"`
	// Shrinks summarizes, per sampler, the shrink of each mutant's first
	// detecting seed.
	Shrinks []ShrinkSummary `json:"shrinks"`
	// Mutants is the ground truth and what each sampler did, per mutant.
	Mutants []MutantResult `json:"mutants"`
	// Fixed is the check of every fixed version.
	Fixed []FixedResult `json:"fixed"`
	// Labels counts the mutants whose label the search confirmed.
	LabelsOK int `json:"labels_ok"`
	// Timing is the time per schedule; nil without Config.Timing.
	Timing *Timing `json:"timing,omitempty"`
}

// Tally is k of n.
type Tally struct {
	Detected int `json:"detected"`
	Of       int `json:"of"`
}

// Rate is the tally as a fraction (0 when it covers nothing).
func (t Tally) Rate() float64 {
	if t.Of == 0 {
		return 0
	}
	return float64(t.Detected) / float64(t.Of)
}

// SamplerDetection is one sampler's detection rates.
type SamplerDetection struct {
	Sampler string       `json:"sampler"`
	Overall []Tally      `json:"overall"` // one per seed count
	Classes []ClassRates `json:"classes"`
	// Modes are the rates per mode of the mutants it runs (coarse,
	// faults, fine; a mode it runs none of is left out).
	Modes []ModeRates `json:"modes"`
}

// ModeRates is one mode's detection rate at each seed count.
type ModeRates struct {
	Mode  string  `json:"mode"`
	Rates []Tally `json:"rates"`
}

// ClassRates is one class's detection rate at each seed count.
type ClassRates struct {
	Class string  `json:"class"`
	Rates []Tally `json:"rates"`
}

// SamplerCoverage is the classes a sampler's schedules hit.
type SamplerCoverage struct {
	Sampler    string `json:"sampler"`
	Hit        int    `json:"hit"`
	Exhaustive int    `json:"exhaustive"`
	Mutants    int    `json:"mutants"`
}

// ShrinkSummary is one sampler's shrinks.
type ShrinkSummary struct {
	Sampler    string `json:"sampler"`
	Shrinks    int    `json:"shrinks"`
	Before     int    `json:"nonzero_before"` // summed over the shrinks
	After      int    `json:"nonzero_after"`
	Replays    int    `json:"replays"`
	OneMinimal int    `json:"one_minimal"`
}

// MutantResult is one mutant: its label, the ground truth, and each
// sampler's first detecting seed and shrink.
type MutantResult struct {
	ID       string `json:"id"`
	Class    string `json:"class"`
	Property string `json:"property"`
	Mode     string `json:"mode"`
	Depth    int    `json:"depth"`
	// Measured is the depth the search found (-1: none within MaxDepth).
	Measured int          `json:"measured_depth"`
	LabelOK  bool         `json:"label_ok"`
	Why      string       `json:"why,omitempty"` // why the label is wrong
	Truth    Truth        `json:"truth"`
	Samplers []SamplerRun `json:"samplers"`
}

// Truth is a mutant's ground truth.
type Truth struct {
	// Search says how it was found: "dpor" (one schedule per equivalence
	// class), "enumeration" (every schedule, for injected faults and fine
	// atoms, which the partial-order search does not take yet) or
	// "fault sweep" (every injection point).
	Search string `json:"search"`
	// Runs are the classes, schedules or injection points run; Violating
	// those that showed the property.
	Runs      int  `json:"runs"`
	Violating int  `json:"violating"`
	Detected  bool `json:"detected"`
	// BoundedOut: MaxSchedules stopped the search (Pending branches left,
	// for dpor).
	BoundedOut bool `json:"bounded_out"`
	Pending    int  `json:"pending,omitempty"`
	// first names the first failing injection point (fault sweep).
	first string
}

// SamplerRun is what one sampler did to one mutant.
type SamplerRun struct {
	Sampler string `json:"sampler"`
	// First is the first seed whose schedule showed the property (0: the
	// canonical run did; -1: none up to the largest seed count, or not
	// run).
	First int `json:"first"`
	// Skipped says why the sampler does not run the mutant's mode ("":
	// it does).
	Skipped string `json:"skipped,omitempty"`
	// Classes are the equivalence classes its schedules hit (coarse mode).
	Classes int     `json:"classes,omitempty"`
	Shrink  *Shrink `json:"shrink,omitempty"`
}

// Shrink is the minimization of a first detecting seed.
type Shrink struct {
	Before     int   `json:"nonzero_before"`
	After      int   `json:"nonzero_after"`
	Replays    int   `json:"replays"`
	OneMinimal bool  `json:"one_minimal"`
	Choices    []int `json:"choices"`
}

// FixedResult is the check of one fixed version in each of its modes.
type FixedResult struct {
	Composition string       `json:"composition"`
	Checks      []FixedCheck `json:"checks"`
}

// FixedCheck is one mode's check of a fixed version.
type FixedCheck struct {
	Mode string `json:"mode"`
	// Search is how: dpor, enumeration, a seeded sweep where the search
	// was bounded out, or the fault sweep.
	Search     string `json:"search"`
	Runs       int    `json:"runs"`
	Failing    int    `json:"failing"`
	BoundedOut bool   `json:"bounded_out"`
	First      string `json:"first_failure,omitempty"`
}

// OK reports whether the fixed version passed every check.
func (f FixedResult) OK() bool {
	for _, c := range f.Checks {
		if c.Failing > 0 {
			return false
		}
	}
	return true
}

// Timing is the measured time per schedule of the samplers' sweeps.
type Timing struct {
	Schedules         int     `json:"schedules"`
	MicrosPerSchedule float64 `json:"micros_per_schedule"`
	GOOS              string  `json:"goos"`
	GOARCH            string  `json:"goarch"`
	CPUs              int     `json:"cpus"`
	Workers           int     `json:"workers"`
}

// Check validates a configuration; errors name the element at fault.
func (c *Config) Check() error {
	if err := CheckSeeds(c.Seeds); err != nil {
		return err
	}
	if err := CheckSamplers(c.Samplers); err != nil {
		return err
	}
	if c.MaxSchedules < 0 || c.MaxDepth < 0 || c.Workers < 0 {
		return fmt.Errorf("bounds must not be negative")
	}
	return nil
}

// CheckSeeds validates seed counts: at least one, each at least 1,
// increasing. Errors name the element, counted from 1.
func CheckSeeds(seeds []int) error {
	if len(seeds) == 0 {
		return fmt.Errorf("no seed counts")
	}
	for i, s := range seeds {
		if s < 1 {
			return fmt.Errorf("seed count %d (element %d) must be at least 1", s, i+1)
		}
		if i > 0 && s <= seeds[i-1] {
			return fmt.Errorf("seed counts must increase: element %d (%d) is not above element %d (%d)", i+1, s, i, seeds[i-1])
		}
	}
	return nil
}

// CheckSamplers validates sampler names: known, each once. `pct:D` is PCT
// at bug depth D (plain `pct` is its default depth).
func CheckSamplers(samplers []string) error {
	if len(samplers) == 0 {
		return fmt.Errorf("no samplers")
	}
	for i, s := range samplers {
		if _, err := parseSampler(s); err != nil {
			return fmt.Errorf("%v (element %d)", err, i+1)
		}
		if j := slices.Index(samplers, s); j != i {
			return fmt.Errorf("sampler %q given twice (elements %d and %d)", s, j+1, i+1)
		}
	}
	return nil
}

// parseSampler reads a sampler name: one of schedule.SamplerNames, or
// `pct:D`.
func parseSampler(s string) (schedule.Sampler, error) {
	kind, depth, hasDepth := strings.Cut(s, ":")
	if !slices.Contains(schedule.SamplerNames, kind) {
		return schedule.Sampler{}, fmt.Errorf("unknown sampler %q (want %s, or pct:D)", s, strings.Join(schedule.SamplerNames, ", "))
	}
	d := 0
	if hasDepth {
		n, err := strconv.Atoi(depth)
		if kind != schedule.SamplerPCT || err != nil || n < 1 {
			return schedule.Sampler{}, fmt.Errorf("sampler %q: only pct takes a depth, pct:D with D at least 1", s)
		}
		d = n
	}
	return schedule.ParseSampler(kind, d)
}

// skipped says why sampler s does not run mutant m ("": it does): every
// sampler runs the coarse and the fine ones (revl test takes --sampler
// with --atoms fine); faults mode draws crashes only from the uniform walk
// (the other samplers pick among the runtime's atoms: revl test refuses
// --faults with --sampler); and the fault sweep has no seeds.
func (c *Config) skipped(m *Mutant, s string) string {
	switch {
	case m.Mode == ModeCoarse, m.Mode == ModeFine:
		return ""
	case m.Faulty():
		if s == schedule.SamplerUniform {
			return ""
		}
		return "only the uniform walk draws injected crashes"
	}
	return "the fault sweep has no seeds"
}

// world prepares a source for schedules in a mode: faults injects at
// most one crash per schedule; fine schedules fine atoms with revl test's
// defaults (--max-fires 3, the fine decision bound).
func world(name string, src []byte, mode string, faults bool) (*schedule.World, error) {
	p, err := Compile(name, src)
	if err != nil {
		return nil, err
	}
	opts := schedule.Options{}
	if faults {
		opts.MaxFaults = 1
	}
	if mode == ModeFine {
		opts.Runtime.Atoms = rt.AtomsFine
	}
	return schedule.NewWorld(p, opts)
}

// Run evaluates the corpus.
func Run(comps []*Composition, cfg Config) (*Report, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	if cfg.MaxSchedules == 0 {
		cfg.MaxSchedules = DefaultMaxSchedules
	}
	if cfg.MaxDepth == 0 {
		cfg.MaxDepth = DefaultMaxDepth
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	rep := &Report{Seeds: cfg.Seeds, Samplers: cfg.Samplers, MaxSchedules: cfg.MaxSchedules, MaxDepth: cfg.MaxDepth}
	var muts []*Mutant
	for _, c := range comps {
		muts = append(muts, c.Mutants...)
	}
	rep.Corpus.Compositions, rep.Corpus.Mutants = len(comps), len(muts)
	// Compile everything first, so a corpus error stops the run before
	// any work.
	worlds := make([]*schedule.World, len(muts))
	for i, m := range muts {
		w, err := world(m.ID()+".rvl", m.Source, m.Mode, m.Faulty())
		if err != nil {
			return nil, fmt.Errorf("mutant %s (%s:%d): %v", m.ID(), m.Comp.File, m.Line, err)
		}
		worlds[i] = w
	}
	for _, c := range comps {
		if _, err := Compile(c.File, c.Source); err != nil {
			return nil, err
		}
	}

	rep.Mutants = make([]MutantResult, len(muts))
	runs := make([][]SamplerRun, len(muts))
	rep.Fixed = make([]FixedResult, len(comps))
	type job func(clock *clockSum)
	var jobs []job
	for i, m := range muts {
		i, m := i, m
		runs[i] = make([]SamplerRun, len(cfg.Samplers))
		jobs = append(jobs, func(*clockSum) { rep.Mutants[i] = truthOf(m, worlds[i], cfg) })
		for j, s := range cfg.Samplers {
			j, s := j, s
			if why := cfg.skipped(m, s); why != "" {
				runs[i][j] = SamplerRun{Sampler: s, First: -1, Skipped: why}
				continue
			}
			jobs = append(jobs, func(cs *clockSum) { runs[i][j] = sample(m, worlds[i], s, cfg, cs) })
		}
	}
	for i, c := range comps {
		i, c := i, c
		jobs = append(jobs, func(*clockSum) { rep.Fixed[i] = checkFixed(c, cfg) })
	}

	var mu sync.Mutex
	done := 0
	total := len(jobs)
	clocks := make([]clockSum, workers)
	ch := make(chan int)
	var wg sync.WaitGroup
	for wk := 0; wk < workers; wk++ {
		wg.Add(1)
		go func(cs *clockSum) {
			defer wg.Done()
			for k := range ch {
				jobs[k](cs)
				if cfg.Progress != nil {
					mu.Lock()
					done++
					cfg.Progress(done, total)
					mu.Unlock()
				}
			}
		}(&clocks[wk])
	}
	for k := range jobs {
		ch <- k
	}
	close(ch)
	wg.Wait()

	for i := range muts {
		rep.Mutants[i].Samplers = runs[i]
		if rep.Mutants[i].LabelOK {
			rep.LabelsOK++
		}
	}
	rep.summarize(muts, &cfg)
	if cfg.Timing {
		t := &Timing{GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, CPUs: runtime.NumCPU(), Workers: workers}
		var ns int64
		for _, c := range clocks {
			t.Schedules += c.schedules
			ns += c.ns
		}
		if t.Schedules > 0 {
			t.MicrosPerSchedule = float64(ns) / 1000 / float64(t.Schedules)
		}
		rep.Timing = t
	}
	return rep, nil
}

// clockSum is one worker's measured sweep time.
type clockSum struct {
	schedules int
	ns        int64
}

// truthOf establishes a mutant's ground truth and checks its label.
func truthOf(m *Mutant, w *schedule.World, cfg Config) MutantResult {
	r := MutantResult{ID: m.ID(), Class: m.Class, Property: m.Property, Mode: m.Mode, Depth: m.Depth, Measured: -1}
	if m.Property == PropFaultTest {
		r.Truth = faultSweep(w)
		// No schedule choice reaches it (the canonical run and every
		// coarse schedule pass): one injected failure does.
		d, out := minDepth(w, anyTag, 0, depthAtoms)
		switch {
		case out:
			r.Why = "the depth search ran out of atoms"
		case d == 0:
			r.Measured = 0
		case r.Truth.Detected:
			r.Measured = 1
		}
	} else {
		if m.Faulty() || m.Mode == ModeFine {
			// The partial-order search injects no crash and takes no
			// fine atom yet: every schedule is run instead.
			leaves, hits, out := enumerate(w, m.Property, cfg.MaxSchedules)
			r.Truth = Truth{Search: "enumeration", Runs: leaves, Violating: hits, Detected: hits > 0, BoundedOut: out}
		} else {
			r.Truth = dpor(w, m.Property, cfg.MaxSchedules)
		}
		d, out := minDepth(w, m.Property, cfg.MaxDepth, depthAtoms)
		r.Measured = d
		if out {
			r.Why = "the depth search ran out of atoms"
		}
	}
	switch {
	case r.Why != "":
	case !r.Truth.Detected && !r.Truth.BoundedOut:
		r.Why = fmt.Sprintf("the %s finds no %s", r.Truth.Search, m.Property)
	case r.Measured < 0:
		r.Why = fmt.Sprintf("no schedule within %d non-canonical choices shows %s", cfg.MaxDepth, m.Property)
	case r.Measured != m.Depth:
		r.Why = fmt.Sprintf("labelled depth %d, measured %d", m.Depth, r.Measured)
	default:
		r.LabelOK = true
	}
	return r
}

// anyTag matches every finding (hasTag treats it specially).
const anyTag = "*"

// dpor is the exhaustive search's ground truth for a coarse mutant.
func dpor(w *schedule.World, tag string, max int) Truth {
	t := Truth{Search: "dpor"}
	rep := w.Exhaustive(schedule.ExhaustiveOptions{MaxSchedules: max, Distinct: true}, func(run schedule.ExhaustiveRun) {
		if hasTag(run.Result.Findings, tag) {
			t.Violating++
		}
	})
	t.Runs, t.BoundedOut, t.Pending = rep.Classes, rep.BoundedOut, rep.Pending
	t.Detected = t.Violating > 0
	return t
}

// faultSweep runs the fault sweep of spec §9 over w's program.
func faultSweep(w *schedule.World) Truth {
	t := Truth{Search: "fault sweep"}
	outs, err := rt.SweepFaults(w.Program(), rt.Options{})
	if err != nil {
		return t
	}
	for _, o := range outs {
		t.Runs++
		if !o.SweepPassed() {
			t.Violating++
			if t.first == "" {
				t.first = o.Point.String()
			}
		}
	}
	t.Detected = t.Violating > 0
	return t
}

// sample sweeps a mutant with one sampler up to the largest seed count.
func sample(m *Mutant, w *schedule.World, s string, cfg Config, cs *clockSum) SamplerRun {
	r := SamplerRun{Sampler: s, First: -1}
	smp, _ := parseSampler(s) // checked by Config.Check
	var classes map[uint64]bool
	seen := map[string]bool{}
	coarse := m.Mode == ModeCoarse
	if coarse {
		classes = map[uint64]bool{w.Classify(w.Baseline().Choices).Hash: true}
	}
	var first *schedule.Result
	if hasTag(w.Baseline().Findings, m.Property) {
		r.First = 0
	}
	clock := seam.SystemClock{}
	last := cfg.Seeds[len(cfg.Seeds)-1]
	for seed := 1; seed <= last; seed++ {
		var start time.Time
		if cfg.Timing {
			start = clock.Now()
		}
		o := w.ExploreWith(uint64(seed), smp, false)
		if cfg.Timing {
			cs.ns += clock.Now().Sub(start).Nanoseconds()
			cs.schedules++
		}
		if r.First < 0 && hasTag(o.Result.Findings, m.Property) {
			r.First = seed
			first = o.Result
		}
		if coarse {
			// Seeds often draw the same vector; each is classified once.
			key := schedule.ScheduleKey(o.Result.Choices)
			if !seen[key] {
				seen[key] = true
				classes[w.Classify(o.Result.Choices).Hash] = true
			}
		}
	}
	r.Classes = len(classes)
	if first != nil {
		r.Shrink = shrink(w, first)
	}
	return r
}

// shrink minimizes a failing run and checks the result is 1-minimal: no
// single choice lowered still fails the same way.
func shrink(w *schedule.World, r *schedule.Result) *Shrink {
	sh := schedule.Shrink(r, w.Replay)
	v := sh.Result.Choices
	out := &Shrink{Before: nonzero(sh.From), After: nonzero(v), Replays: sh.Replays, OneMinimal: true, Choices: slices.Clone(v)}
	sig := sh.Result.Signature()
	for i, c := range v {
		for lower := 0; lower < c && out.OneMinimal; lower++ {
			u := slices.Clone(v)
			u[i] = lower
			if rr := w.Replay(u); !rr.OK() && rr.Signature() == sig {
				out.OneMinimal = false
			}
		}
	}
	return out
}

func nonzero(v []int) int {
	n := 0
	for _, c := range v {
		if c != 0 {
			n++
		}
	}
	return n
}

// checkFixed runs a fixed version in each of its modes: the exhaustive
// search for coarse (a seeded sweep of the largest seed count besides,
// when it was bounded out), the enumeration of every schedule with one
// injected crash and the fault sweep for faults, the enumeration of
// every fine schedule for fine (a seeded sweep besides when bounded out).
func checkFixed(c *Composition, cfg Config) FixedResult {
	fr := FixedResult{Composition: c.Name}
	for _, mode := range c.Modes {
		w, err := world(c.File, c.Source, mode, mode == ModeFaults)
		if err != nil {
			fr.Checks = append(fr.Checks, FixedCheck{Mode: mode, Search: "compile", Failing: 1, First: err.Error()})
			continue
		}
		if mode == ModeCoarse {
			fc := FixedCheck{Mode: mode, Search: "dpor"}
			rep := w.Exhaustive(schedule.ExhaustiveOptions{MaxSchedules: cfg.MaxSchedules, Distinct: true}, func(run schedule.ExhaustiveRun) {
				if !run.Result.OK() {
					fc.Failing++
					if fc.First == "" {
						fc.First = schedule.FlagChoices(run.Result.Choices) + ": " + run.Result.Failure()
					}
				}
			})
			fc.Runs, fc.BoundedOut = rep.Classes, rep.BoundedOut
			fr.Checks = append(fr.Checks, fc)
			if rep.BoundedOut {
				fr.Checks = append(fr.Checks, sweepFixed(w, mode, cfg))
			}
			continue
		}
		fc := FixedCheck{Mode: mode, Search: "enumeration"}
		t := enumerateTree(w, anyTag, cfg.MaxSchedules)
		fc.Runs, fc.Failing, fc.BoundedOut = t.leaves, t.hits, t.out
		if t.hits > 0 {
			r := w.Replay(t.firstHit)
			fc.First = schedule.FlagChoices(r.Choices) + ": " + r.Failure()
		}
		fr.Checks = append(fr.Checks, fc)
		if t.out {
			fr.Checks = append(fr.Checks, sweepFixed(w, mode, cfg))
		}
		if mode == ModeFine {
			continue
		}
		fs := faultSweep(w)
		fr.Checks = append(fr.Checks, FixedCheck{Mode: mode, Search: "fault sweep", Runs: fs.Runs, Failing: fs.Violating, First: fs.first})
	}
	return fr
}

// sweepFixed is the seeded sweep of a fixed version where the search was
// bounded out.
func sweepFixed(w *schedule.World, mode string, cfg Config) FixedCheck {
	fc := FixedCheck{Mode: mode, Search: "seeded sweep"}
	w.Sweep(schedule.SweepOptions{Seeds: cfg.Seeds[len(cfg.Seeds)-1], Workers: 1, NoShrink: true, Reuse: true}, func(o schedule.Outcome) {
		fc.Runs++
		if !o.Result.OK() {
			fc.Failing++
			if fc.First == "" {
				fc.First = fmt.Sprintf("seed %d: %s", o.Seed, o.Result.Failure())
			}
		}
	})
	return fc
}

// summarize fills the tables from the per-mutant results.
func (rep *Report) summarize(muts []*Mutant, cfg *Config) {
	var classes []string
	for _, m := range muts {
		if !slices.Contains(classes, m.Class) {
			classes = append(classes, m.Class)
		}
	}
	sort.Strings(classes)
	for j, s := range rep.Samplers {
		sd := SamplerDetection{Sampler: s, Overall: make([]Tally, len(rep.Seeds))}
		for _, cl := range classes {
			rates := make([]Tally, len(rep.Seeds))
			any := false
			for i, m := range muts {
				if m.Class != cl || cfg.skipped(m, s) != "" {
					continue
				}
				any = true
				first := rep.Mutants[i].Samplers[j].First
				for k, seeds := range rep.Seeds {
					rates[k].Of++
					sd.Overall[k].Of++
					if first >= 0 && first <= seeds {
						rates[k].Detected++
						sd.Overall[k].Detected++
					}
				}
			}
			if any {
				sd.Classes = append(sd.Classes, ClassRates{Class: cl, Rates: rates})
			}
		}
		for _, mode := range []string{ModeCoarse, ModeFaults, ModeFine} {
			rates := make([]Tally, len(rep.Seeds))
			any := false
			for i, m := range muts {
				if m.Mode != mode || m.Property == PropFaultTest || cfg.skipped(m, s) != "" {
					continue
				}
				any = true
				first := rep.Mutants[i].Samplers[j].First
				for k, seeds := range rep.Seeds {
					rates[k].Of++
					if first >= 0 && first <= seeds {
						rates[k].Detected++
					}
				}
			}
			if any {
				sd.Modes = append(sd.Modes, ModeRates{Mode: mode, Rates: rates})
			}
		}
		rep.Detection = append(rep.Detection, sd)

		cov := SamplerCoverage{Sampler: s}
		sh := ShrinkSummary{Sampler: s}
		for i, m := range muts {
			mr := rep.Mutants[i]
			run := mr.Samplers[j]
			if m.Mode == ModeCoarse && !mr.Truth.BoundedOut {
				cov.Mutants++
				cov.Hit += run.Classes
				cov.Exhaustive += mr.Truth.Runs
			}
			if run.Shrink != nil {
				sh.Shrinks++
				sh.Before += run.Shrink.Before
				sh.After += run.Shrink.After
				sh.Replays += run.Shrink.Replays
				if run.Shrink.OneMinimal {
					sh.OneMinimal++
				}
			}
		}
		rep.Coverage = append(rep.Coverage, cov)
		rep.Shrinks = append(rep.Shrinks, sh)
	}
	for i, m := range muts {
		if m.Property == PropFaultTest {
			rep.FaultSweep.Of++
			if rep.Mutants[i].Truth.Detected {
				rep.FaultSweep.Detected++
			}
		}
	}
}
