package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/internal/flagcheck"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/schedule"
)

func testCommand() *command {
	return &command{
		name:  "test",
		short: "run a file's tests, then a seeded schedule sweep",
		usage: `usage: revl test [flags] FILE

Test runs the file's ` + "`test`" + `, ` + "`lifecycle test`" + ` and ` + "`fault test`" + ` blocks,
printing PASS name / FAIL name: file:line:col: why / SKIP name (why) and a
line "N passed, M failed[, K skipped]". A fault test's line names its
injection point, "PASS name [Store dies at step 3 (effect pool)]", with a
note under it per emission made before the failure (fault tests are
skipped in mock world). Then it runs a schedule sweep (or, with --sweep
faults, the fault sweep): the canonical schedule and seeds 1..N, each
checked for the properties (residue, deadlock, unstable,
use-after-withdrawal, teardown-order, unbounded, undo-failure). Every
failing schedule is
shrunk to a 1-minimal choice vector and printed with the command that
replays it.

Flags:
	--schedule-seeds N   seeds to sweep (default 200; 0 runs the tests only)
	--schedule-seed S    replay seed S only (and shrink it if it fails)
	--choices V          replay one choice vector, e.g. 0,1,0,0,0,0
	--shard I/N          run only the seeds whose (seed-1) mod N == I; with
	                     --exhaustive, only the tasks k (subtrees of the
	                     schedule tree, the same list on every shard) with
	                     k mod N == I
	--max-decisions N    atoms allowed per schedule before it is unbounded
	                     (default 4 per component, at least 64)
	--workers N          parallel workers (default GOMAXPROCS); the output
	                     is identical for any value
	--memory-budget SIZE the bytes of values a run may hold, e.g. 256MiB
	                     (default 64MiB); more is the unbounded finding
	--json               write the dossier as JSON to stdout (no test lines)
	--record DIR         write a trace (.rvt) of each distinct minimized
	                     failure to DIR (see revl trace --help)
	--faults             let each schedule inject faults: crash(F) of a live
	                     fiber (its frame unwinds, its provisions are
	                     withdrawn) or fail@F:N, F's activation failing after
	                     its step N; a fault is a choice in the vector, so
	                     it replays and shrinks like any other; --max-faults
	                     K allows K per schedule (default 1)
	--coverage           also report the equivalence classes the sweep's
	                     seeds hit and an estimate of how many there are
	                     (up to about 2x the sweep's time)
	--atoms MODE         the scheduler's alphabet: lifecycle (default:
	                     activate, teardown) or fine, which also schedules
	                     inside activations: an activation suspends at
	                     await, and complete(job N), resume(F) and fire(F)
	                     are decisions (docs/decisions.md, "Fine atoms")
	--max-fires N        with --atoms fine: times an every timer may fire
	                     per schedule (default 3)
` + scaleOutUsage + samplerUsage + exhaustiveUsage + sweepUsage + configUsage + formatUsage + mockUsage + scaleOutNote + `
Exit status: 0 when every test passed and no schedule failed, 1 on a
failed test, a failing schedule or a program with errors (its diagnostics
go to stderr), 2 on a usage or I/O error or when the sweep cannot schedule
a component for want of --config.
`,
		run: runTest,
		flagSets: func() []flagSet {
			fs, _, _, _, _ := testFlagSet(io.Discard)
			return []flagSet{{fs: fs, files: "rvl"}}
		},
	}
}

type testFlags struct {
	seeds        int
	seed         string
	choices      string
	shard        string
	shards       int    // --shards: the count under a Kubernetes Indexed Job
	junit        string // --junit FILE
	maxDecisions int
	workers      int
	json         bool
	record       string
	exhaustive   bool
	coverage     bool
	faults       bool
	maxFaults    int
	maxSchedules int
	// Which of the optional modes the command line set (an empty
	// --choices '' is set, and refused, not taken for "no vector").
	hasSeed, hasChoices bool
	memory              string // --memory-budget as given
	sweep               sweepFlag
	sampler             samplerFlags
	runtime             runtime.Options
	atoms               string // --atoms as given
	maxFires            int
}

// testFlagSet defines the flags of revl test; the completions read the
// same definitions, so they cannot drift from what the command takes.
func testFlagSet(stderr io.Writer) (*flag.FlagSet, *testFlags, *mockFlags, *configFlag, *formatFlag) {
	fs := newFlagSet("test", stderr)
	var f testFlags
	fs.IntVar(&f.seeds, "schedule-seeds", 200, "seeds to sweep")
	fs.StringVar(&f.seed, "schedule-seed", "", "replay one seed")
	fs.StringVar(&f.choices, "choices", "", "replay one choice vector")
	fs.StringVar(&f.shard, "shard", "", "run shard I of N (I/N)")
	fs.IntVar(&f.shards, "shards", 0, "the shard count under a Kubernetes Indexed Job")
	fs.StringVar(&f.junit, "junit", "", "also write a JUnit XML report to FILE")
	fs.IntVar(&f.maxDecisions, "max-decisions", 0, "atoms allowed per schedule")
	fs.IntVar(&f.workers, "workers", 0, "parallel workers")
	fs.BoolVar(&f.json, "json", false, "write the JSON dossier to stdout")
	fs.StringVar(&f.record, "record", "", "write a trace of each minimized failure to DIR")
	fs.BoolVar(&f.exhaustive, "exhaustive", false, "run one schedule of every equivalence class")
	fs.BoolVar(&f.coverage, "coverage", false, "report the equivalence classes a sweep hit and an estimate of their number")
	fs.BoolVar(&f.faults, "faults", false, "let each schedule inject faults: crash(F) of a live fiber, fail@F:N of an activation (at most --max-faults)")
	fs.IntVar(&f.maxFaults, "max-faults", 0, "faults injected per schedule at most (default 1 with --faults)")
	fs.IntVar(&f.maxSchedules, "max-schedules", 0, "bound the exhaustive search")
	fs.StringVar(&f.memory, "memory-budget", "", "bytes of values a run may hold (default 64MiB)")
	fs.StringVar(&f.atoms, "atoms", "lifecycle", "the scheduler's alphabet: lifecycle or fine")
	fs.IntVar(&f.maxFires, "max-fires", 0, "with --atoms fine: fires of an every timer per schedule (default 3)")
	f.sweep.v = "schedules"
	fs.Var(&f.sweep, "sweep", "what to sweep: schedules or faults")
	f.sampler.register(fs)
	mf := addMockFlags(fs)
	cfg := addConfigFlag(fs)
	format := addFormatFlag(fs)
	return fs, &f, mf, cfg, format
}

func runTest(args []string, stdout, stderr io.Writer) int {
	fs, fp, mf, cfg, format := testFlagSet(stderr)
	if code, ok := parseFlags(fs, args, stdout); !ok {
		return code
	}
	f := *fp
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "revl test: "+format+"\n", a...)
		return exitUsage
	}
	if fs.NArg() != 1 {
		return usageErr("want exactly one FILE, got %d arguments (see revl test --help)", fs.NArg())
	}
	set := setFlags(fs)
	if f.seeds < 0 {
		return usageErr("--schedule-seeds must be 0 or more, got %d", f.seeds)
	}
	if f.memory != "" {
		n, err := fileio.ParseSize(f.memory)
		if err != nil {
			return usageErr("--memory-budget %q: %v", f.memory, err)
		}
		f.runtime.MemoryBudget = n
	}
	if err := positiveFlag(set, "workers", f.workers); err != nil {
		return usageErr("%v", err)
	}
	if err := positiveFlag(set, "max-decisions", f.maxDecisions); err != nil {
		return usageErr("%v", err)
	}
	if err := positiveFlag(set, "max-faults", f.maxFaults); err != nil {
		return usageErr("%v", err)
	}
	if f.faults && f.maxFaults == 0 {
		f.maxFaults = 1
	}
	mode, err := flagcheck.Atoms(set, f.atoms, f.maxFires)
	if err != nil {
		return usageErr("%v", err)
	}
	if mode == runtime.AtomsFine && mf.on {
		return usageErr("--atoms fine runs schedules of the plain world only: drop the mock flags")
	}
	if mode == runtime.AtomsFine && f.sweep.v == "faults" {
		// The sweep activates each target once per injection point, in one
		// fixed order: there is no schedule for the alphabet to refine, an
		// await in the target completes its job at once, and its no residue
		// oracle already counts a job left in flight by the unwinding.
		return usageErr("--sweep faults runs no schedule, so --atoms fine has nothing to change there (its no residue oracle already counts a job the failure leaves running); for failures inside fine schedules use --faults --atoms fine")
	}
	if f.maxFaults > 0 {
		for _, other := range []string{"exhaustive", "coverage", "sampler"} {
			if set[other] {
				return usageErr("--faults and --%s cannot be combined yet", other)
			}
		}
	}
	if set["schedule-seed"] && set["choices"] {
		return usageErr("--schedule-seed and --choices cannot be combined")
	}
	f.hasSeed, f.hasChoices = set["schedule-seed"], set["choices"]
	if msg := f.exhaustiveConflict(f.hasSeed || f.hasChoices, mf.on); msg != "" {
		return usageErr("%s", msg)
	}
	if f.sweep.v == "faults" {
		for _, other := range []string{"schedule-seed", "choices", "shard", "record"} {
			if set[other] {
				return usageErr("--sweep faults and --%s cannot be combined: the fault sweep runs no schedule", other)
			}
		}
		if mf.on {
			return usageErr("--sweep faults runs in the plain world only; drop the mock flags")
		}
	}
	if err := f.sampler.parse(set, &f); err != nil {
		return usageErr("%v", err)
	}
	sweep := schedule.SweepOptions{Seeds: f.seeds, Workers: f.workers, Sampler: f.sampler.value}
	if f.shard != "" && set["shards"] {
		return usageErr("--shard I/N and --shards N cannot be combined (--shards is for JOB_COMPLETION_INDEX)")
	}
	if f.shard != "" {
		i, n, err := parseShard(f.shard)
		if err != nil {
			return usageErr("%v", err)
		}
		sweep.Shard, sweep.Shards = i, n
	} else {
		if err := positiveFlag(set, "shards", f.shards); err != nil {
			return usageErr("%v", err)
		}
		es, err := shardFromEnv(os.Getenv, f.shards)
		if err != nil {
			return usageErr("%v", err)
		}
		if es != nil {
			sweep.Shard, sweep.Shards = es.index, es.count
			if es.statusFile != "" {
				if err := touch(es.statusFile); err != nil {
					return usageErr("TEST_SHARD_STATUS_FILE: %v", err)
				}
			}
		}
	}
	if f.junit != "" && mf.on {
		return usageErr("--junit does not report mock worlds yet; drop --mock-requires")
	}
	if f.junit == "" && !mf.on {
		// Bazel's place for a test's XML report; without it (a mock world)
		// Bazel writes its own.
		f.junit = os.Getenv("XML_OUTPUT_FILE")
	}
	var seed uint64
	if f.hasSeed {
		s, err := strconv.ParseUint(f.seed, 10, 64)
		if err != nil {
			return usageErr("--schedule-seed %q: want a non-negative integer", f.seed)
		}
		seed = s
	}
	var choices []int
	if f.hasChoices {
		v, err := schedule.ParseChoices(f.choices)
		if err != nil {
			return usageErr("--choices: %v", err)
		}
		choices = v
	}

	name := fs.Arg(0)
	// On a terminal, every phase of a large composition shows on stderr
	// from its start: reading and checking, the tests, the canonical run,
	// then the sweep's bar.
	progress := newProgress(stderr)
	progress.phase("reading and checking " + name)
	prog, diags, err := loadProgram(name)
	progress.finish()
	if err != nil {
		return usageErr("%v", err)
	}
	if check.HasErrors(diags) {
		// The program is at fault, not the command line: a finding (exit 1),
		// as in revl check (docs/decisions.md, "Exit status").
		writeDiagnostics(stderr, diags, format)
		fmt.Fprintf(stderr, "revl test: %s has errors; fix them first (revl check %s)\n", name, shellQuote(name))
		return exitFindings
	}
	rt := f.runtime
	rt.Config = cfg.values
	if len(cfg.values) > 0 {
		if _, err := runtime.New(prog, rt); err != nil {
			return usageErr("%v", err) // a --config value that names no field or does not parse
		}
	}
	if mf.on {
		return runMockWorld(mockRun{name: name, prog: prog, f: f, fs: fs, sweep: sweep, seed: seed, choices: choices,
			rt: rt, format: format}, mf, stdout, stderr)
	}

	status := exitOK
	progress.phase(fmt.Sprintf("the tests of %d components", len(prog.Components)))
	lines := plainTestLines(name, prog, rt)
	progress.finish()
	if !f.json && !writeTestLines(stdout, name, lines, format) {
		status = exitFindings
	}
	for _, l := range lines {
		if !l.passed && !l.skipped {
			status = exitFindings
		}
	}
	head := schedule.DossierHead{Program: name, Tests: testEntries(lines), Atoms: f.atoms}
	var junit *junitRun
	if f.junit != "" {
		junit = &junitRun{program: name, tests: lines}
	}
	// finish writes the JUnit report, whichever way the run ends.
	finish := func(code int) int {
		if junit == nil {
			return code
		}
		if err := junit.write(f.junit); err != nil {
			fmt.Fprintf(stderr, "revl test: --junit: %v\n", err)
			return exitUsage
		}
		return code
	}
	if f.sweep.v == "faults" {
		progress.phase(fmt.Sprintf("the fault sweep of %d components", len(prog.Components)))
		code := runFaultSweep(faultSweepRequest{name: name, prog: prog, rt: rt, json: f.json, head: head, given: cfg.values}, stdout, stderr)
		progress.finish()
		return finish(max(status, code))
	}
	wantSchedules := f.hasChoices || f.hasSeed || f.seeds > 0
	if !wantSchedules {
		if f.json {
			writeNoSchedules(stdout, stderr, head)
		}
		return finish(status)
	}
	if why := unschedulable(prog, cfg.values); why != "" {
		if f.json {
			writeNoSchedules(stdout, stderr, head)
		}
		fmt.Fprintf(stderr, "revl test: %s\n", why)
		return finish(exitUsage)
	}
	progress.phase(fmt.Sprintf("the canonical schedule of %d components", len(prog.Components)))
	// The tests above run as the spec says; only the schedules take the
	// fine alphabet.
	srt := rt
	srt.Atoms, _ = runtime.ParseAtomMode(f.atoms)
	srt.MaxFires = f.maxFires
	x, err := schedule.NewWorld(prog, schedule.Options{MaxDecisions: f.maxDecisions, Runtime: srt}.WithFaults(f.maxFaults))
	if err == nil {
		x.Baseline() // runs the canonical schedule now, while the phase shows
	}
	progress.finish()
	if err != nil {
		return usageErr("%v", err)
	}
	replay := f.replayTarget(name)
	replay.Config = configArgs(cfg.values)
	s := &sweepPrinter{program: name, replay: replay, out: colorOutput(stdout, f.json), stderr: stderr, x: x, json: f.json, head: head, coverage: f.coverage, junit: junit, sampler: sweep.Sampler}
	var found bool
	switch {
	case f.exhaustive:
		found = s.exhaustive(f.maxSchedules, sweep.Shard, sweep.Shards)
		s.junit.ran("exhaustive", found)
	case f.hasChoices:
		found = s.replayChoices(choices)
		s.junit.ran("choices "+f.choices, found)
	case f.hasSeed:
		found = s.replaySeed(seed)
		s.junit.ran("seed "+f.seed, found)
	default:
		found = s.sweep(sweep)
		s.junit.ran("schedules", found)
	}
	if found {
		status = exitFindings
	}
	if f.record != "" {
		if len(cfg.values) > 0 {
			fmt.Fprintf(stderr, "revl test: note: traces do not record --config values yet: revl trace replay runs them without those values and reports where they diverge\n")
		}
		req := recordRequest{dir: f.record, program: name, x: x, choices: choices,
			hasChoices: f.hasChoices, seed: seed, hasSeed: f.hasSeed, sweep: sweep, json: f.json}
		if code := recordFailures(req, stdout, stderr); code != exitOK {
			return finish(code)
		}
	}
	return finish(status)
}

// replayTarget is what the printed replay commands repeat to reproduce a
// schedule: the file and the flags that change which schedule a vector
// replays.
func (f *testFlags) replayTarget(name string) schedule.ReplayTarget {
	return schedule.ReplayTarget{File: name, MaxDecisions: f.maxDecisions, MemoryBudget: f.memory, MaxFaults: f.maxFaults,
		Atoms: f.atoms, MaxFires: f.maxFires}
}

func parseShard(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("--shard %q: want I/N with 0 <= I < N, e.g. 0/4", s)
	}
	return i, n, nil
}

// isTerminal reports whether w is a terminal, for the progress bar.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
