package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/schedule"
)

func testCommand() *command {
	return &command{
		name:  "test",
		short: "run a file's tests, then a seeded schedule sweep",
		usage: `usage: revl test [flags] FILE

Test runs the file's ` + "`test`" + ` and ` + "`lifecycle test`" + ` blocks, printing
PASS name / FAIL name: why and a line "N passed, M failed"; then it runs a
schedule sweep: the canonical schedule and seeds 1..N, each checked for the
six properties (residue, deadlock, unstable, use-after-withdrawal,
teardown-order, unbounded). Every failing schedule is shrunk to a 1-minimal
choice vector and printed with the command that replays it.

Flags:
	--schedule-seeds N   seeds to sweep (default 200; 0 runs the tests only)
	--schedule-seed S    replay seed S only (and shrink it if it fails)
	--choices V          replay one choice vector, e.g. 0,1,0,0,0,0
	--shard I/N          run only the seeds whose (seed-1) mod N == I
	--max-decisions N    atoms allowed per schedule before it is unbounded
	                     (default 4 per component, at least 64)
	--workers N          parallel workers (default GOMAXPROCS); the output
	                     is identical for any value
	--json               write the dossier as JSON to stdout (no test lines)
	--record DIR         write a trace (.rvt) of each distinct minimized
	                     failure to DIR (see revl trace --help)
` + exhaustiveUsage + mockUsage + `
Exit status: 0 when every test passed and no schedule failed, 1 on a
failed test or a failing schedule, 2 on a usage, I/O, parse or check error.
`,
		run: runTest,
	}
}

type testFlags struct {
	seeds        int
	seed         string
	choices      string
	shard        string
	maxDecisions int
	workers      int
	json         bool
	record       string
	exhaustive   bool
	maxSchedules int
}

func runTest(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("test", stderr)
	var f testFlags
	fs.IntVar(&f.seeds, "schedule-seeds", 200, "seeds to sweep")
	fs.StringVar(&f.seed, "schedule-seed", "", "replay one seed")
	fs.StringVar(&f.choices, "choices", "", "replay one choice vector")
	fs.StringVar(&f.shard, "shard", "", "run shard I of N (I/N)")
	fs.IntVar(&f.maxDecisions, "max-decisions", 0, "atoms allowed per schedule")
	fs.IntVar(&f.workers, "workers", 0, "parallel workers")
	fs.BoolVar(&f.json, "json", false, "write the JSON dossier to stdout")
	fs.StringVar(&f.record, "record", "", "write a trace of each minimized failure to DIR")
	fs.BoolVar(&f.exhaustive, "exhaustive", false, "run one schedule of every equivalence class")
	fs.IntVar(&f.maxSchedules, "max-schedules", 0, "bound the exhaustive search")
	mf := addMockFlags(fs)
	if code, ok := parseFlags(fs, args, stdout); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "revl test: "+format+"\n", a...)
		return exitUsage
	}
	if fs.NArg() != 1 {
		return usageErr("want exactly one FILE, got %d arguments (see revl test --help)", fs.NArg())
	}
	if f.seeds < 0 {
		return usageErr("--schedule-seeds must be 0 or more, got %d", f.seeds)
	}
	modes := 0
	for _, set := range []bool{f.seed != "", f.choices != ""} {
		if set {
			modes++
		}
	}
	if modes > 1 {
		return usageErr("--schedule-seed and --choices cannot be combined")
	}
	if msg := f.exhaustiveConflict(modes > 0, mf.on); msg != "" {
		return usageErr("%s", msg)
	}
	sweep := schedule.SweepOptions{Seeds: f.seeds, Workers: f.workers}
	if f.shard != "" {
		i, n, err := parseShard(f.shard)
		if err != nil {
			return usageErr("%v", err)
		}
		sweep.Shard, sweep.Shards = i, n
	}
	var seed uint64
	if f.seed != "" {
		s, err := strconv.ParseUint(f.seed, 10, 64)
		if err != nil {
			return usageErr("--schedule-seed %q: want a non-negative integer", f.seed)
		}
		seed = s
	}
	var choices []int
	if f.choices != "" {
		v, err := parseChoices(f.choices)
		if err != nil {
			return usageErr("%v", err)
		}
		choices = v
	}

	name := fs.Arg(0)
	prog, diags, err := loadProgram(name)
	if err != nil {
		return usageErr("%v", err)
	}
	if check.HasErrors(diags) {
		printDiagnostics(stderr, diags)
		fmt.Fprintf(stderr, "revl test: %s has errors; fix them first (revl check %s)\n", name, name)
		return exitUsage
	}
	if mf.on {
		return runMockWorld(mockRun{name: name, prog: prog, f: f, fs: fs, sweep: sweep, seed: seed, choices: choices}, mf, stdout, stderr)
	}

	status := exitOK
	if !f.json {
		if !runFileTests(prog, stdout) {
			status = exitFindings
		}
	}
	x, err := schedule.NewWorld(prog, schedule.Options{MaxDecisions: f.maxDecisions})
	if err != nil {
		return usageErr("%v", err)
	}
	s := &sweepPrinter{program: name, replayFlags: f.replayFlags(), out: stdout, stderr: stderr, x: x, json: f.json}
	var found bool
	switch {
	case f.exhaustive:
		found = s.exhaustive(f.maxSchedules)
	case f.choices != "":
		found = s.replayChoices(choices)
	case f.seed != "":
		found = s.replaySeed(seed)
	case f.seeds > 0:
		found = s.sweep(sweep)
	default:
		if f.json {
			found = s.baselineOnly()
		}
	}
	if found {
		status = exitFindings
	}
	if f.record != "" {
		req := recordRequest{dir: f.record, program: name, x: x, choices: choices,
			hasChoices: f.choices != "", seed: seed, hasSeed: f.seed != "", sweep: sweep, json: f.json}
		if code := recordFailures(req, stdout, stderr); code != exitOK {
			return code
		}
	}
	return status
}

// runFileTests runs the tests and lifecycle tests of prog and prints a
// line per test and the "N passed, M failed" total. It reports whether
// all passed.
func runFileTests(prog *check.Program, w io.Writer) bool {
	results := runtime.RunTests(prog, runtime.Options{})
	passed, failed := 0, 0
	for _, r := range results {
		if r.Passed {
			passed++
			fmt.Fprintf(w, "PASS %s\n", r.Name)
			continue
		}
		failed++
		fmt.Fprintf(w, "FAIL %s: %s\n", r.Name, r.Message)
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", passed, failed)
	return failed == 0
}

// replayFlags are the flags that change which schedule a vector replays,
// for the replay commands the report prints.
func (f *testFlags) replayFlags() string {
	if f.maxDecisions > 0 {
		return " --max-decisions " + strconv.Itoa(f.maxDecisions)
	}
	return ""
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

// parseChoices reads `0,1,0`, `[0, 1, 0]` or `0 1 0`.
func parseChoices(s string) ([]int, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimPrefix(t, "[")
	t = strings.TrimSuffix(t, "]")
	fields := strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(fields) == 0 {
		return nil, fmt.Errorf("--choices %q: want a comma-separated list of indices, e.g. 0,1,0", s)
	}
	v := make([]int, len(fields))
	for i, fld := range fields {
		n, err := strconv.Atoi(fld)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("--choices %q: element %d is %q, want a non-negative integer", s, i+1, fld)
		}
		v[i] = n
	}
	return v, nil
}

// isTerminal reports whether w is a terminal, for the progress bar.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
