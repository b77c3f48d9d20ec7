package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/internal/flagcheck"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/schedule"
	"revl.dev/debug/timeline"
)

func traceCommand() *command {
	return &command{
		name:  "trace",
		short: "record, replay, show and export schedule traces (.rvt)",
		usage: `usage: revl trace record FILE (--seed S | --choices V) -o OUT.rvt [--redact] [--max-decisions N] [--memory-budget SIZE] [--atoms fine [--max-fires N]] [--faults] [--max-faults K]
       revl trace replay TRACE.rvt [--program FILE]
       revl trace show TRACE.rvt [--at K] [--window N] [--json]
       revl trace export TRACE.rvt --format chrome|jsonl [-o OUT]

A trace is one schedule of a program, recorded to a file that replays it
anywhere: the program, the options, the seed or choice vector, every
event, and checkpoints to open at any decision at once. Blocks are hashed
with BLAKE3; a damaged file is an error that names the block, and a file
whose writer was killed opens up to its last complete block.

record   runs one schedule of FILE (--seed S: the seeded chooser; --choices
         V: a vector, e.g. 0,1,0 — 0 alone is the canonical run), checks it
         against the canonical run, and writes the trace to -o.
         --redact stores hashes of emission and call arguments, call
         results, host operation arguments and fail messages instead of
         their values; a redacted trace still replays and verifies.
         --memory-budget SIZE bounds the bytes of values the run holds
         (default 64MiB), and is kept in the trace for its replay.
         --atoms fine records a schedule of fine atoms (see revl test
         --help), --max-fires N its fire bound; the trace keeps both
         (format version 3; a lifecycle trace stays version 2).
         --faults lets the schedule inject faults as revl test --faults
         does (at most --max-faults K, default 1), with lifecycle or fine
         atoms: crash(F) of a live fiber, fail@F:N of an activation after
         its step N. A fault is a choice after the ready atoms, so the
         --choices of a revl test --faults failure record it; the trace
         keeps the bound (format version 5) and show names the decision
         crash(F) or fail@F:N.
         Exit 1 when the schedule fails a property.
replay   re-executes the trace against the program it stores (or --program
         FILE, a changed version of it) and verifies every event; on the
         first divergence it prints both sides, the decision and the
         source position. Against FILE it compares behaviour, not
         positions: events whose statement only moved (a comment added
         above it) match, and are counted and shown. A trace recorded by
         another runtime version is refused. Exit 1 on a divergence or an
         incomplete trace.
show     verifies every block, then prints the timeline: a row per decision, a column per fiber
         (lane), the residue counts after each decision and marks for
         emissions, resources and provisions. --at K shows the --window
         decisions around K (default 10) and K in detail: ready set,
         events, snapshot. --json prints the timeline's read model instead
         (the body of the debugger's revl/timeline, without the position):
         the trace at a glance with each lane's states, the decisions (with
         --at, the --window around K), the emissions beside the canonical
         run's, the first divergence and the decisions where findings show.
export   verifies every block, then writes Chrome Trace Event JSON (open it in Perfetto or
         chrome://tracing) or JSON lines, one event per line, to -o or
         stdout.

Exit status: 0 ok, 1 findings, a divergence or a program with errors, 2
usage, I/O or damaged-trace errors.
`,
		run: runTrace,
		flagSets: func() []flagSet {
			var out []flagSet
			for _, s := range traceSubcommands {
				files := "rvt"
				if s.name == "record" {
					files = "rvl"
				}
				out = append(out, flagSet{sub: s.name, fs: s.flagSet("", io.Discard), files: files})
			}
			return out
		},
	}
}

func runTrace(args []string, stdout, stderr io.Writer) int {
	usage := traceCommand().usage
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case "record":
		return traceRecord(args[1:], stdout, stderr, usage)
	case "replay":
		return traceReplay(args[1:], stdout, stderr, usage)
	case "show":
		return traceShow(args[1:], stdout, stderr, usage)
	case "export":
		return traceExport(args[1:], stdout, stderr, usage)
	}
	fmt.Fprintf(stderr, "revl trace: unknown subcommand %q (want record, replay, show or export)\n", args[0])
	return exitUsage
}

func traceFlags(sub, usage string, stderr io.Writer) *flag.FlagSet {
	fs := newFlagSet("trace "+sub, stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), usage) }
	return fs
}

// traceSubcommands are the subcommands of revl trace with their flag
// definitions, which the completions read too.
var traceSubcommands = []struct {
	name    string
	flagSet func(usage string, stderr io.Writer) *flag.FlagSet
}{
	{"record", func(u string, w io.Writer) *flag.FlagSet { fs, _ := recordFlagSet(u, w); return fs }},
	{"replay", func(u string, w io.Writer) *flag.FlagSet { fs, _ := replayFlagSet(u, w); return fs }},
	{"show", func(u string, w io.Writer) *flag.FlagSet { fs, _, _, _ := showFlagSet(u, w); return fs }},
	{"export", func(u string, w io.Writer) *flag.FlagSet { fs, _, _ := exportFlagSet(u, w); return fs }},
}

type recordFlags struct {
	seed, choices, out, memory string
	redact                     bool
	maxDec                     int
	atoms                      string
	maxFires                   int
	faults                     bool
	maxFaults                  int
}

func recordFlagSet(usage string, stderr io.Writer) (*flag.FlagSet, *recordFlags) {
	fs := traceFlags("record", usage, stderr)
	var f recordFlags
	fs.StringVar(&f.seed, "seed", "", "record seed S")
	fs.StringVar(&f.choices, "choices", "", "record choice vector V")
	fs.StringVar(&f.out, "o", "", "write the trace to this file")
	fs.BoolVar(&f.redact, "redact", false, "store hashes instead of the run's data")
	fs.IntVar(&f.maxDec, "max-decisions", 0, "atoms allowed per schedule")
	fs.StringVar(&f.memory, "memory-budget", "", "bytes of values the run may hold (default 64MiB)")
	fs.StringVar(&f.atoms, "atoms", "lifecycle", "the scheduler's alphabet: lifecycle or fine")
	fs.IntVar(&f.maxFires, "max-fires", 0, "with --atoms fine: fires of an every timer per schedule (default 3)")
	fs.BoolVar(&f.faults, "faults", false, "let the schedule inject faults: crash(F) of a live fiber, fail@F:N of an activation (at most --max-faults)")
	fs.IntVar(&f.maxFaults, "max-faults", 0, "faults injected at most (default 1 with --faults)")
	return fs, &f
}

func traceRecord(args []string, stdout, stderr io.Writer, usage string) int {
	fs, f := recordFlagSet(usage, stderr)
	seed, choices, out, redact, maxDec, memory := &f.seed, &f.choices, &f.out, &f.redact, &f.maxDec, &f.memory
	if code, ok := parseFlags(fs, args, stdout); !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "revl trace record: "+format+"\n", a...)
		return exitUsage
	}
	if fs.NArg() != 1 {
		return fail("want exactly one FILE, got %d arguments (see revl trace --help)", fs.NArg())
	}
	set := setFlags(fs)
	if set["seed"] == set["choices"] {
		return fail("give exactly one of --seed S and --choices V")
	}
	if *out == "" {
		return fail("-o OUT.rvt is required")
	}
	if err := positiveFlag(set, "max-decisions", *maxDec); err != nil {
		return fail("%v", err)
	}
	// As revl test: --max-faults K implies --faults, --faults alone is 1.
	if err := positiveFlag(set, "max-faults", f.maxFaults); err != nil {
		return fail("%v", err)
	}
	if f.faults && f.maxFaults == 0 {
		f.maxFaults = 1
	}
	if _, err := flagcheck.Atoms(set, f.atoms, f.maxFires); err != nil {
		return fail("%v", err)
	}
	cfg := timeline.Config{Program: fs.Arg(0), Redact: *redact, MaxDecisions: *maxDec, MaxFaults: f.maxFaults, Recorder: "revl trace record"}
	cfg.Options.Atoms, _ = runtime.ParseAtomMode(f.atoms)
	cfg.Options.MaxFires = f.maxFires
	if *memory != "" {
		n, err := fileio.ParseSize(*memory)
		if err != nil {
			return fail("--memory-budget %q: %v", *memory, err)
		}
		cfg.Options.MemoryBudget = n
	}
	if set["seed"] {
		s, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			return fail("--seed %q: want a non-negative integer", *seed)
		}
		cfg.Seeded, cfg.Seed = true, s
	} else {
		v, err := schedule.ParseChoices(*choices)
		if err != nil {
			return fail("--choices: %v", err)
		}
		cfg.Choices = v
	}
	src, err := fileio.Read(cfg.Program)
	if err != nil {
		return fail("%v", err)
	}
	if _, diags := check.Source(cfg.Program, src); check.HasErrors(diags) {
		printDiagnostics(stderr, diags)
		fail("%s has errors; fix them first (revl check %s)", cfg.Program, shellQuote(cfg.Program))
		return exitFindings // the program is at fault (docs/decisions.md, "Exit status")
	}
	cfg.Source = src
	sum, err := recordFile(*out, cfg)
	if err != nil {
		return fail("%v", err)
	}
	return reportRecorded(colorOutput(stdout, false), *out, sum)
}

// recordFile records cfg to name whole or not at all (fileio.Create), so
// name is never a half-written trace of a run that failed to record.
func recordFile(name string, cfg timeline.Config) (*timeline.Summary, error) {
	f, err := fileio.Create(name)
	if err != nil {
		return nil, err
	}
	sum, err := timeline.Record(f, cfg)
	if err != nil {
		f.Abort()
		return nil, err
	}
	if err := f.Commit(); err != nil {
		return nil, err
	}
	return sum, nil
}

func reportRecorded(w io.Writer, name string, sum *timeline.Summary) int {
	size := int64(0)
	if st, err := os.Stat(name); err == nil {
		size = st.Size()
	}
	fmt.Fprintf(w, "recorded %s: %d decisions, %d events, %d bytes\n", name, sum.Decisions, sum.Events, size)
	fmt.Fprintf(w, "  choices: %s\n", schedule.FormatChoices(sum.Choices))
	if len(sum.Findings) == 0 {
		fmt.Fprintf(w, "  findings: none\n")
		return exitOK
	}
	for _, f := range sum.Findings {
		fmt.Fprintf(w, "  %s: %s\n", f.Tag, f.Message)
	}
	return exitFindings
}

// openTrace opens a trace for a subcommand. With verify, every block is
// read and checked first (show and export read the timeline but not the
// program, whose damage would otherwise pass unnoticed; replay checks the
// program itself when it compiles it).
func openTrace(name string, stderr io.Writer, cmd string, verify bool) (*timeline.Timeline, bool) {
	t, err := timeline.OpenFile(name)
	if err == nil && verify {
		if err = t.Verify(); err != nil {
			t.Close()
			err = fmt.Errorf("%s: %w", name, err)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "revl trace %s: %v\n", cmd, err)
		return nil, false
	}
	if !t.Complete() {
		fmt.Fprintf(stderr, "revl trace %s: warning: %s: %v\n", cmd, name, t.Damage())
	}
	return t, true
}

func replayFlagSet(usage string, stderr io.Writer) (*flag.FlagSet, *string) {
	fs := traceFlags("replay", usage, stderr)
	return fs, fs.String("program", "", "replay against this program instead of the recorded one")
}

func traceReplay(args []string, stdout, stderr io.Writer, usage string) int {
	stdout = colorOutput(stdout, false)
	fs, program := replayFlagSet(usage, stderr)
	if code, ok := parseFlags(fs, args, stdout); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "revl trace replay: want exactly one TRACE.rvt, got %d arguments\n", fs.NArg())
		return exitUsage
	}
	name := fs.Arg(0)
	t, ok := openTrace(name, stderr, "replay", false)
	if !ok {
		return exitUsage
	}
	defer t.Close()
	var opts timeline.ReplayOptions
	if *program != "" {
		src, err := fileio.Read(*program)
		if err != nil {
			fmt.Fprintf(stderr, "revl trace replay: %v\n", err)
			return exitUsage
		}
		opts.Source, opts.File = src, *program
	}
	res, err := timeline.Replay(t, opts)
	if err != nil {
		fmt.Fprintf(stderr, "revl trace replay: %s: %v\n", name, err)
		return exitUsage
	}
	against := "the recorded program"
	if *program != "" {
		against = *program
		if !res.ProgramChanged {
			against += " (identical to the recorded program)"
		}
	}
	moved := func() {
		if mv := res.FirstMove; mv != nil {
			fmt.Fprintf(stdout, "  %d matching events moved in the source (not a divergence); the first, event #%d in decision %d, from %s to %s: %s\n",
				res.Moved, mv.Event, mv.Decision, mv.Recorded, mv.Replayed, mv.Line)
		}
	}
	if d := res.Divergence; d != nil {
		fmt.Fprintf(stdout, "DIVERGED %s against %s after %d matching decisions and %d matching events\n", name, against, res.Decisions, res.Events)
		fmt.Fprintf(stdout, "%s\n", d.Error())
		moved()
		return exitFindings
	}
	if !res.Complete {
		fmt.Fprintf(stdout, "INCOMPLETE %s: the %d recorded decisions (%d events) replay identically against %s, but the trace ends early, so its end was not verified\n", name, res.Decisions, res.Events, against)
		moved()
		return exitFindings
	}
	fmt.Fprintf(stdout, "ok %s: %d decisions, %d events replayed identically against %s\n", name, res.Decisions, res.Events, against)
	moved()
	return exitOK
}

func showFlagSet(usage string, stderr io.Writer) (*flag.FlagSet, *int, *int, *bool) {
	fs := traceFlags("show", usage, stderr)
	at := fs.Int("at", -1, "show decision K in detail")
	window := fs.Int("window", 10, "decisions shown on each side of --at")
	asJSON := fs.Bool("json", false, "print the timeline's read model as JSON")
	return fs, at, window, asJSON
}

func traceShow(args []string, stdout, stderr io.Writer, usage string) int {
	fs, at, window, asJSON := showFlagSet(usage, stderr)
	if code, ok := parseFlags(fs, args, stdout); !ok {
		return code
	}
	set := setFlags(fs)
	if set["at"] && *at < 0 {
		fmt.Fprintf(stderr, "revl trace show: --at must be a decision, 0 or more, got %d\n", *at)
		return exitUsage
	}
	if *window < 0 {
		fmt.Fprintf(stderr, "revl trace show: --window must be 0 or more, got %d\n", *window)
		return exitUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "revl trace show: want exactly one TRACE.rvt, got %d arguments\n", fs.NArg())
		return exitUsage
	}
	t, ok := openTrace(fs.Arg(0), stderr, "show", true)
	if !ok {
		return exitUsage
	}
	defer t.Close()
	if *asJSON {
		return traceShowJSON(t, *at, *window, stdout, stderr)
	}
	var buf bytes.Buffer
	if err := timeline.Show(&buf, t, timeline.ShowOptions{At: *at, Window: *window}); err != nil {
		stdout.Write(buf.Bytes())
		fmt.Fprintf(stderr, "revl trace show: %v\n", err)
		return exitUsage
	}
	stdout.Write(buf.Bytes())
	return exitOK
}

// showCompareLimit bounds the compositions whose canonical run `trace
// show --json` computes, as the debugger's limits: 50,000 components (the
// canonical run is one more run of the program, as the debugger's baseline).
const showCompareLimit = 50_000

// traceShowJSON prints the read model of t (timeline.NewView), the same
// body as the debugger's revl/timeline for the same run without its
// position: with at >= 0, the window decisions on each side of at.
func traceShowJSON(t *timeline.Timeline, at, window int, stdout, stderr io.Writer) int {
	opts := timeline.TraceCanonical(t, showCompareLimit)
	if len(t.Header().Fibers) > timeline.WholeLimit {
		// revl/timeline's page when no range is asked for (timeline.Page).
		opts.To, opts.LanesTo, opts.RowsTo, opts.ReadyMost = timeline.Page, timeline.Page, timeline.Page, timeline.PageReadyMost
	}
	if at >= 0 {
		if _, err := t.Decision(at); err != nil {
			fmt.Fprintf(stderr, "revl trace show: %v\n", err)
			return exitUsage
		}
		if window <= 0 {
			window = 10
		}
		opts.From, opts.To = max(0, at-window), at+window+1
	}
	v, err := timeline.NewView(t, opts)
	if err == nil {
		var b []byte
		if b, err = json.MarshalIndent(v, "", "  "); err == nil {
			_, err = stdout.Write(append(b, '\n'))
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "revl trace show: %v\n", err)
		return exitUsage
	}
	return exitOK
}

func exportFlagSet(usage string, stderr io.Writer) (*flag.FlagSet, *string, *string) {
	fs := traceFlags("export", usage, stderr)
	format := fs.String("format", "", "chrome or jsonl")
	out := fs.String("o", "", "write to this file instead of stdout")
	return fs, format, out
}

func traceExport(args []string, stdout, stderr io.Writer, usage string) int {
	fs, format, out := exportFlagSet(usage, stderr)
	if code, ok := parseFlags(fs, args, stdout); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "revl trace export: want exactly one TRACE.rvt, got %d arguments\n", fs.NArg())
		return exitUsage
	}
	if *format != "chrome" && *format != "jsonl" {
		fmt.Fprintf(stderr, "revl trace export: --format must be chrome or jsonl, got %q\n", *format)
		return exitUsage
	}
	t, ok := openTrace(fs.Arg(0), stderr, "export", true)
	if !ok {
		return exitUsage
	}
	defer t.Close()
	w := stdout
	var f *fileio.File
	if *out != "" {
		var err error
		if f, err = fileio.Create(*out); err != nil {
			fmt.Fprintf(stderr, "revl trace export: %v\n", err)
			return exitUsage
		}
		defer f.Abort()
		w = f
	}
	err := timeline.Export(w, t, *format)
	if err == nil && f != nil {
		err = f.Commit()
	}
	if err != nil {
		fmt.Fprintf(stderr, "revl trace export: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// recordRequest is what `revl test --record DIR` needs to record the
// failures it reported.
type recordRequest struct {
	dir        string
	program    string
	x          *schedule.World
	choices    []int // --choices, when hasChoices
	hasChoices bool
	seed       uint64 // --schedule-seed, when hasSeed
	hasSeed    bool
	sweep      schedule.SweepOptions // otherwise, when sweep.Seeds > 0
	json       bool
}

// recordFailures writes one trace per distinct minimized failure of the
// run revl test just reported, named after the program and the seed.
// Sweeps are deterministic, so the sweep is run again to collect them.
func recordFailures(r recordRequest, stdout, stderr io.Writer) int {
	src, err := fileio.Read(r.program)
	if err != nil {
		fmt.Fprintf(stderr, "revl test --record: %v\n", err)
		return exitUsage
	}
	type failure struct {
		label   string
		origin  string
		choices []int
	}
	var fails []failure
	seen := map[string]bool{}
	add := func(label, origin string, res *schedule.Result) {
		key := res.Signature() + " " + schedule.ScheduleKey(res.Choices)
		if res.OK() || seen[key] {
			return
		}
		seen[key] = true
		fails = append(fails, failure{label, origin, res.Choices})
	}
	add("canonical", "the canonical run", r.x.Baseline())
	shown := func(o schedule.Outcome) *schedule.Result {
		if o.Shrunk != nil {
			return o.Shrunk.Result
		}
		return o.Result
	}
	switch {
	case r.hasChoices:
		add("choices", "--choices "+schedule.FlagChoices(r.choices), r.x.Replay(r.choices))
	case r.hasSeed:
		o := r.x.ExploreWith(r.seed, r.sweep.Sampler, true)
		add("seed"+strconv.FormatUint(r.seed, 10), fmt.Sprintf("seed %d, minimized", r.seed), shown(o))
	case r.sweep.Seeds > 0:
		opts := r.sweep
		opts.Reuse = true // only failing seeds are kept
		r.x.Sweep(opts, func(o schedule.Outcome) {
			if !o.Result.OK() {
				add("seed"+strconv.FormatUint(o.Seed, 10), fmt.Sprintf("seed %d, minimized", o.Seed), shown(o))
			}
		})
	}
	w := stdout
	if r.json {
		w = stderr
	}
	if len(fails) == 0 {
		fmt.Fprintf(w, "record: no failing schedule to record\n")
		return exitOK
	}
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		fmt.Fprintf(stderr, "revl test --record: %v\n", err)
		return exitUsage
	}
	base := strings.TrimSuffix(filepath.Base(r.program), filepath.Ext(r.program))
	for _, f := range fails {
		name := filepath.Join(r.dir, base+"-"+f.label+".rvt")
		cfg := timeline.Config{World: r.x, Program: r.program, Source: src, Choices: f.choices,
			Recorder: "revl test --record (" + f.origin + ")"}
		if _, err := recordFile(name, cfg); err != nil {
			fmt.Fprintf(stderr, "revl test --record: %s: %v\n", name, err)
			return exitUsage
		}
		fmt.Fprintf(w, "recorded %s (replay: revl trace replay %s)\n", name, shellQuote(name))
	}
	return exitOK
}
