package schedule

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"

	"revl.dev/debug/internal/fileio"
)

// SeedLabel names a schedule in a report: a seed number, "canonical" for
// the baseline, "choices" for a vector given by the user, or "exhaustive"
// for a class of an exhaustive search (Entry.Class numbers it).
type SeedLabel struct {
	N    uint64
	Name string // "canonical", "choices" or "exhaustive"; empty for a seed
}

func (l SeedLabel) MarshalJSON() ([]byte, error) {
	if l.Name != "" {
		return json.Marshal(l.Name)
	}
	return []byte(strconv.FormatUint(l.N, 10)), nil
}

func (l *SeedLabel) UnmarshalJSON(b []byte) error {
	var name string
	if err := json.Unmarshal(b, &name); err == nil {
		if name != "canonical" && name != "choices" && name != "exhaustive" {
			return fmt.Errorf("seed %q: want a number, \"canonical\", \"choices\" or \"exhaustive\"", name)
		}
		*l = SeedLabel{Name: name}
		return nil
	}
	n, err := strconv.ParseUint(string(b), 10, 64)
	if err != nil {
		return fmt.Errorf("seed %s: want a number, \"canonical\" or \"choices\"", b)
	}
	*l = SeedLabel{N: n}
	return nil
}

func (l SeedLabel) String() string {
	if l.Name != "" {
		return l.Name
	}
	return "seed " + strconv.FormatUint(l.N, 10)
}

// ShrinkInfo says where a minimized schedule came from.
type ShrinkInfo struct {
	From    []int `json:"from"`
	Replays int   `json:"replays"`
}

// Entry is one schedule of the JSON dossier. For a failing seed, Choices,
// Atoms and Emissions are those of the minimized schedule and Shrink.From
// is the seed's own vector; Fingerprint and Schedule hash the seed's own
// run, so that shard reports merge into exact distinct counts.
type Entry struct {
	Seed      SeedLabel   `json:"seed"`
	OK        bool        `json:"ok"`
	Findings  []Finding   `json:"findings"`
	Choices   []int       `json:"choices"`
	Atoms     []string    `json:"atoms"`
	Emissions []string    `json:"emissions"`
	Shrink    *ShrinkInfo `json:"shrink,omitempty"`
	// Faults are the faults the shown schedule injected (revl test
	// --faults), each with its injection point.
	Faults []Fault `json:"faults,omitempty"`
	// Stranded are the fibers the shown schedule's faults left pending
	// for good (Result.Stranded).
	Stranded    []string `json:"stranded,omitempty"`
	Fingerprint string   `json:"fingerprint"`
	Schedule    string   `json:"schedule"`
	// Class numbers the equivalence class of an exhaustive search's entry,
	// from 1 in search order (the canonical run is class 1).
	Class int `json:"class,omitempty"`
	// ClassHash identifies the schedule's equivalence class; ClassWeight
	// is, for a seed, its coverage estimator term 1/P(class) (coverage.go).
	// Both are recorded so that merged shard reports recompute coverage.
	ClassHash   string   `json:"class_hash,omitempty"`
	ClassWeight *float64 `json:"class_weight,omitempty"`
}

// SetClass records the schedule's class in the entry.
func (e *Entry) SetClass(c ClassSample) {
	e.ClassHash, e.ClassWeight = c.HashString(), c.WeightOf()
}

// Baseline is the canonical run in the dossier.
type Baseline struct {
	Choices   []int    `json:"choices"`
	Atoms     []string `json:"atoms"`
	Emissions []string `json:"emissions"`
}

// Counts are the dossier's totals.
type Counts struct {
	Schedules            int `json:"schedules"`
	Failures             int `json:"failures"`
	DistinctFingerprints int `json:"distinct_fingerprints"`
	DistinctSchedules    int `json:"distinct_schedules"`
}

// ShardInfo records which part of a sweep a report covers.
type ShardInfo struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Dossier is the whole JSON report; ReadDossier loads one and Merge joins
// shard dossiers. Writing goes through DossierWriter, which streams.
type Dossier struct {
	Program string     `json:"program"`
	Seeds   int        `json:"seeds"`
	Shard   *ShardInfo `json:"shard,omitempty"`
	// Sampler names the sampler that drew the seeds' schedules (samplers.go,
	// Sampler.String); "" is the uniform walk, which older reports imply.
	Sampler string `json:"sampler,omitempty"`
	// Atoms is the scheduler's alphabet when it is not the default: "fine"
	// (revl test --atoms fine), or "" for lifecycle atoms.
	Atoms string `json:"atoms,omitempty"`
	// Mocks says the schedules (and tests) ran in mock world.
	Mocks bool `json:"mocks"`
	// Tests are the file's test results, in file order.
	Tests []TestEntry `json:"tests"`
	// FaultSweep is the fault sweep (`revl test --sweep faults`), when
	// one ran.
	FaultSweep *FaultSweep `json:"fault_sweep,omitempty"`
	// Baseline is the canonical run; nil when the report holds no
	// schedule (`--schedule-seeds 0`).
	Baseline    *Baseline `json:"baseline,omitempty"`
	PerSchedule []Entry   `json:"per_schedule"`
	Counts      Counts    `json:"counts"`
	// Exhaustive is the verdict of an exhaustive search (`revl test
	// --exhaustive`); Coverage the equivalence classes a seeded sweep hit.
	Exhaustive *ExhaustiveVerdict `json:"exhaustive,omitempty"`
	Coverage   *Coverage          `json:"coverage,omitempty"`
	// Search is what the exhaustive search cost (summed over the shards in
	// a merged report).
	Search *SearchCost `json:"search,omitempty"`
}

// TestEntry is one test's result in the dossier.
type TestEntry struct {
	Name     string   `json:"name"`
	Kind     string   `json:"kind"` // test, lifecycle test, fault test
	OK       bool     `json:"ok"`
	Skipped  bool     `json:"skipped,omitempty"`
	Message  string   `json:"message,omitempty"` // why it failed or was skipped
	Position string   `json:"position"`          // file:line:col of the failure, else of the test
	Notes    []string `json:"notes,omitempty"`   // loads that never activated, activations that failed; a fault test's emissions before its failure
	// Injection is, for a fault test, where its failure strikes:
	// `Store dies at step 3 (effect pool)`.
	Injection string `json:"injection,omitempty"`
}

// FaultSweep is the fault sweep's part of a dossier (`revl test --sweep
// faults`): one entry per injection point, and the counts.
type FaultSweep struct {
	Steps      []FaultStep `json:"steps"`
	Components int         `json:"components"`
	Passed     int         `json:"passed"`
	Failed     int         `json:"failed"`
}

// FaultStep is one injection point of a fault sweep and the verdict of
// each oracle there.
type FaultStep struct {
	Component string         `json:"component"`
	Step      int            `json:"step"`
	Label     string         `json:"label"`     // `effect pool`, `emit log.write`
	Injection string         `json:"injection"` // `Store dies at step 3 (effect pool)`
	OK        bool           `json:"ok"`
	Message   string         `json:"message,omitempty"` // what broke, or why the failure never struck
	Checks    []FaultCheckOK `json:"checks,omitempty"`
	Notes     []string       `json:"notes,omitempty"` // emissions before the failure
}

// FaultCheckOK is one oracle's verdict at a sweep step; `no emissions` is
// reported with Required false.
type FaultCheckOK struct {
	Check    string `json:"check"`
	OK       bool   `json:"ok"`
	Required bool   `json:"required"`
	Why      string `json:"why,omitempty"`
}

// DossierHead is what a dossier says before its schedules.
type DossierHead struct {
	Program  string
	Seeds    int
	Shard    *ShardInfo
	Sampler  string // "" or "uniform": the uniform walk, not written
	Atoms    string // "" or "lifecycle": the default, not written
	Mocks    bool
	Tests    []TestEntry
	Baseline *Baseline // nil: the report holds no schedule
	// FaultSweep is the fault sweep, when one ran (nil: none).
	FaultSweep *FaultSweep
}

// ExhaustiveVerdict is the dossier's summary of an exhaustive search: what
// it found, in terms that do not depend on how the search ran (sharded or
// not); what it cost is the dossier's SearchCost.
type ExhaustiveVerdict struct {
	// Classes is the number of equivalence classes run, Violating how many
	// of them failed a property.
	Classes   int `json:"classes"`
	Violating int `json:"violating"`
	// BoundedOut: --max-schedules stopped the search after MaxSchedules;
	// Pending branches of the search were then left unexplored.
	BoundedOut   bool `json:"bounded_out"`
	MaxSchedules int  `json:"max_schedules,omitempty"`
	Pending      int  `json:"pending,omitempty"`
	// Depth is the longest schedule.
	Depth int `json:"depth"`
	// Failures are the distinct failures, Shrunk the minimized run of the
	// first class of each failure signature (exhaustive_shard_report.go).
	Failures []ExhaustiveFailure `json:"failures,omitempty"`
	Shrunk   []Entry             `json:"shrunk,omitempty"`
}

// VerdictOf summarizes a search's report for the dossier.
func VerdictOf(r ExhaustiveReport, violating, maxSchedules int) *ExhaustiveVerdict {
	v := &ExhaustiveVerdict{Classes: r.Classes, Violating: violating, BoundedOut: r.BoundedOut, Pending: r.Pending, Depth: r.Depth}
	if r.BoundedOut {
		v.MaxSchedules = maxSchedules
	}
	return v
}

// EntryOf builds the dossier entry of a run; shrunk may be nil.
func EntryOf(label SeedLabel, raw *Result, shrunk *Shrunk) Entry {
	shown := raw
	e := Entry{Seed: label, OK: raw.OK(), Findings: nonNil(raw.Findings),
		Fingerprint: Hash(FingerprintOf(raw).Key()), Schedule: Hash(ScheduleKey(raw.Choices))}
	if shrunk != nil {
		shown = shrunk.Result
		e.Findings = nonNil(shown.Findings)
		e.Shrink = &ShrinkInfo{From: shrunk.From, Replays: shrunk.Replays}
	}
	e.Choices = nonNilInts(shown.Choices)
	e.Atoms = nonNilStrings(shown.Atoms)
	e.Emissions = emissionTexts(shown)
	e.Faults, e.Stranded = shown.Faults, shown.Stranded
	return e
}

func emissionTexts(r *Result) []string {
	out := make([]string, 0, len(r.Emissions))
	for _, e := range r.Emissions {
		out = append(out, e.Text)
	}
	return out
}

func nonNil(f []Finding) []Finding {
	if f == nil {
		return []Finding{}
	}
	return f
}

func nonNilInts(v []int) []int {
	if v == nil {
		return []int{}
	}
	return v
}

func nonNilStrings(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}

// DossierWriter streams a dossier: the header, then one entry at a time,
// then the counts, so a sweep of any size writes its report in constant
// memory. The bytes depend only on the entries, so a merged set of shard
// reports is written exactly as one machine would have written it.
type DossierWriter struct {
	w     *bufio.Writer
	n     int
	err   error
	count Counts
	// search, when set (SetSearch), is written after the verdict.
	search *SearchCost
}

// NewDossierWriter writes the header of a dossier without tests.
func NewDossierWriter(w io.Writer, program string, seeds int, shard *ShardInfo, base Baseline) *DossierWriter {
	return NewDossierWriterHead(w, DossierHead{Program: program, Seeds: seeds, Shard: shard, Baseline: &base})
}

// NewDossierWriterHead writes the header of a dossier: one test result a
// line, then the baseline when there is one.
func NewDossierWriterHead(w io.Writer, h DossierHead) *DossierWriter {
	dw := &DossierWriter{w: bufio.NewWriter(w)}
	dw.printf("{\n  \"program\": %s,\n  \"seeds\": %d,\n", mustJSON(h.Program), h.Seeds)
	if h.Shard != nil {
		dw.printf("  \"shard\": %s,\n", mustJSON(h.Shard))
	}
	if h.Sampler != "" && h.Sampler != SamplerUniform {
		dw.printf("  \"sampler\": %s,\n", mustJSON(h.Sampler))
	}
	if h.Atoms != "" && h.Atoms != "lifecycle" {
		dw.printf("  \"atoms\": %s,\n", mustJSON(h.Atoms))
	}
	dw.printf("  \"mocks\": %t,\n  \"tests\": [", h.Mocks)
	for i, t := range h.Tests {
		sep := "\n    "
		if i > 0 {
			sep = ",\n    "
		}
		dw.printf("%s%s", sep, mustJSON(t))
	}
	if len(h.Tests) > 0 {
		dw.printf("\n  ")
	}
	dw.printf("],\n")
	if h.FaultSweep != nil {
		dw.printf("  \"fault_sweep\": %s,\n", mustJSON(*h.FaultSweep))
	}
	if h.Baseline != nil {
		dw.printf("  \"baseline\": %s,\n", mustJSON(*h.Baseline))
	}
	dw.printf("  \"per_schedule\": [")
	return dw
}

// Add writes one entry.
func (dw *DossierWriter) Add(e Entry) {
	sep := "\n    "
	if dw.n > 0 {
		sep = ",\n    "
	}
	dw.printf("%s%s", sep, mustJSON(e))
	dw.n++
}

// Close writes the counts and flushes.
func (dw *DossierWriter) Close(c Counts) error { return dw.CloseWith(c, nil, nil) }

// CloseWith writes the counts, then the exhaustive verdict and the
// coverage when they are not nil, and flushes.
func (dw *DossierWriter) CloseWith(c Counts, x *ExhaustiveVerdict, cov *Coverage) error {
	if dw.n > 0 {
		dw.printf("\n  ")
	}
	dw.printf("],\n  \"counts\": %s", mustJSON(c))
	if x != nil {
		dw.printf(",\n  \"exhaustive\": %s", mustJSON(x))
	}
	if dw.search != nil {
		dw.printf(",\n  \"search\": %s", mustJSON(dw.search))
	}
	if cov != nil {
		dw.printf(",\n  \"coverage\": %s", mustJSON(cov))
	}
	dw.printf("\n}\n")
	if dw.err != nil {
		return dw.err
	}
	return dw.w.Flush()
}

func (dw *DossierWriter) printf(format string, args ...any) {
	if dw.err == nil {
		_, dw.err = fmt.Fprintf(dw.w, format, args...)
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // every value written here is plain data
	}
	return string(b)
}

// ReadDossier loads a dossier written by DossierWriter.
func ReadDossier(name string) (*Dossier, error) {
	b, err := fileio.Read(name)
	if err != nil {
		return nil, err
	}
	var d Dossier
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("%s: not a revl report: %v", name, err)
	}
	if d.Program == "" || d.PerSchedule == nil {
		return nil, fmt.Errorf("%s: not a revl report: no program or per_schedule", name)
	}
	return &d, nil
}

// Merge joins the dossiers of the shards of one sweep into the dossier one
// machine would have written: the canonical entry once, then every seed in
// order, with counts recomputed from the entries' hashes. It refuses
// reports of different programs or sweeps, overlapping shards, and an
// incomplete set.
func Merge(ds []*Dossier) (*Dossier, error) {
	if len(ds) == 0 {
		return nil, fmt.Errorf("no reports to merge")
	}
	if exhaustiveSet(ds) {
		return mergeExhaustive(ds)
	}
	first := ds[0]
	out := &Dossier{Program: first.Program, Seeds: first.Seeds, Sampler: first.Sampler, Atoms: first.Atoms, Mocks: first.Mocks, Tests: first.Tests, Baseline: first.Baseline}
	var canonical *Entry
	bySeed := map[uint64]Entry{}
	for i, d := range ds {
		if d.Program != first.Program {
			return nil, fmt.Errorf("report %d is of program %q, report 1 of %q", i+1, d.Program, first.Program)
		}
		if d.Seeds != first.Seeds {
			return nil, fmt.Errorf("report %d swept %d seeds, report 1 swept %d", i+1, d.Seeds, first.Seeds)
		}
		if d.Sampler != first.Sampler {
			return nil, fmt.Errorf("report %d drew its schedules with sampler %s, report 1 with %s: only shards of one sweep merge",
				i+1, samplerName(d.Sampler), samplerName(first.Sampler))
		}
		if d.Atoms != first.Atoms {
			return nil, fmt.Errorf("report %d ran schedules of %s atoms, report 1 of %s atoms: only shards of one sweep merge",
				i+1, atomsName(d.Atoms), atomsName(first.Atoms))
		}
		// The path alone does not name a program: a file edited between
		// shard runs keeps its path. Its canonical run is what the seeds
		// were checked against, so it must agree too.
		if d.Mocks != first.Mocks {
			return nil, fmt.Errorf("report %d ran in mock world and report 1 did not, or the other way round", i+1)
		}
		if mustJSON(d.Baseline) != mustJSON(first.Baseline) {
			return nil, fmt.Errorf("report %d has another canonical run than report 1: %s changed between the shard runs", i+1, first.Program)
		}
		if mustJSON(d.Tests) != mustJSON(first.Tests) {
			return nil, fmt.Errorf("report %d has other test results than report 1: %s changed between the shard runs", i+1, first.Program)
		}
		for _, e := range d.PerSchedule {
			switch e.Seed.Name {
			case "canonical":
				if canonical == nil {
					e := e
					canonical = &e
				} else if mustJSON(e) != mustJSON(*canonical) {
					return nil, fmt.Errorf("report %d has another canonical run than report 1: %s changed between the shard runs", i+1, first.Program)
				}
				continue
			case "choices":
				return nil, fmt.Errorf("report %d replays a choice vector; only sweeps merge", i+1)
			case "exhaustive":
				return nil, fmt.Errorf("report %d is an exhaustive search and report 1 a seeded sweep: only shards of one run merge", i+1)
			}
			if e.Seed.N < 1 || e.Seed.N > uint64(first.Seeds) {
				return nil, fmt.Errorf("seed %d is outside the sweep of report 1 (seeds 1..%d): report %d is not a sweep report", e.Seed.N, first.Seeds, i+1)
			}
			if _, dup := bySeed[e.Seed.N]; dup {
				return nil, fmt.Errorf("seed %d appears in more than one report (overlapping shards)", e.Seed.N)
			}
			bySeed[e.Seed.N] = e
		}
	}
	for s := 1; s <= first.Seeds; s++ {
		if _, ok := bySeed[uint64(s)]; !ok {
			return nil, fmt.Errorf("seed %d is in no report: the shard set is incomplete", s)
		}
	}
	seeds := make([]uint64, 0, len(bySeed))
	for s := range bySeed {
		seeds = append(seeds, s)
	}
	sort.Slice(seeds, func(i, j int) bool { return seeds[i] < seeds[j] })
	c := NewCounter()
	if canonical != nil {
		out.PerSchedule = append(out.PerSchedule, *canonical)
		c.Add(canonical.OK, canonical.Fingerprint, canonical.Schedule)
	}
	for _, s := range seeds {
		e := bySeed[s]
		out.PerSchedule = append(out.PerSchedule, e)
		c.Add(e.OK, e.Fingerprint, e.Schedule)
	}
	out.Counts = c.Counts
	out.Coverage = CoverageOf(out.PerSchedule)
	return out, nil
}

// Write writes d in exactly the bytes DossierWriter produces.
func (d *Dossier) Write(w io.Writer) error {
	dw := NewDossierWriterHead(w, DossierHead{Program: d.Program, Seeds: d.Seeds, Shard: d.Shard, Sampler: d.Sampler, Atoms: d.Atoms, Mocks: d.Mocks, Tests: d.Tests, Baseline: d.Baseline,
		FaultSweep: d.FaultSweep})
	for _, e := range d.PerSchedule {
		dw.Add(e)
	}
	dw.search = d.Search
	return dw.CloseWith(d.Counts, d.Exhaustive, d.Coverage)
}

// samplerName is a dossier's sampler as a merge error names it.
func samplerName(s string) string {
	if s == "" {
		return SamplerUniform
	}
	return s
}

// atomsName names a dossier's alphabet for messages.
func atomsName(a string) string {
	if a == "" {
		return "lifecycle"
	}
	return a
}
