package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"revl.dev/debug/fileio"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/schedule"
	"revl.dev/debug/timeline"
)

func traceCommand() *command {
	return &command{
		name:  "trace",
		short: "record, replay, show and export schedule traces (.rvt)",
		usage: `usage: revl trace record FILE (--seed S | --choices V) -o OUT.rvt [--redact] [--max-decisions N] [--memory-budget SIZE]
       revl trace replay TRACE.rvt [--program FILE]
       revl trace show TRACE.rvt [--at K] [--window N]
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
         events, snapshot.
export   verifies every block, then writes Chrome Trace Event JSON (open it in Perfetto or
         chrome://tracing) or JSON lines, one event per line, to -o or
         stdout.

Exit status: 0 ok, 1 findings or divergence, 2 usage, I/O, program or
damaged-trace errors.
`,
		run: runTrace,
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

func traceRecord(args []string, stdout, stderr io.Writer, usage string) int {
	fs := traceFlags("record", usage, stderr)
	seed := fs.String("seed", "", "record seed S")
	choices := fs.String("choices", "", "record choice vector V")
	out := fs.String("o", "", "write the trace to this file")
	redact := fs.Bool("redact", false, "store hashes instead of the run's data")
	maxDec := fs.Int("max-decisions", 0, "atoms allowed per schedule")
	memory := fs.String("memory-budget", "", "bytes of values the run may hold (default 64MiB)")
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
	if (*seed == "") == (*choices == "") {
		return fail("give exactly one of --seed S and --choices V")
	}
	if *out == "" {
		return fail("-o OUT.rvt is required")
	}
	cfg := timeline.Config{Program: fs.Arg(0), Redact: *redact, MaxDecisions: *maxDec, Recorder: "revl trace record"}
	if *memory != "" {
		n, err := fileio.ParseSize(*memory)
		if err != nil {
			return fail("--memory-budget %q: %v", *memory, err)
		}
		cfg.Options.MemoryBudget = n
	}
	if *seed != "" {
		s, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			return fail("--seed %q: want a non-negative integer", *seed)
		}
		cfg.Seeded, cfg.Seed = true, s
	} else {
		v, err := parseChoices(*choices)
		if err != nil {
			return fail("%v", err)
		}
		cfg.Choices = v
	}
	src, err := fileio.Read(cfg.Program)
	if err != nil {
		return fail("%v", err)
	}
	if _, diags := check.Source(cfg.Program, src); check.HasErrors(diags) {
		printDiagnostics(stderr, diags)
		return fail("%s has errors; fix them first (revl check %s)", cfg.Program, cfg.Program)
	}
	cfg.Source = src
	sum, err := recordFile(*out, cfg)
	if err != nil {
		return fail("%v", err)
	}
	return reportRecorded(stdout, *out, sum)
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

func traceReplay(args []string, stdout, stderr io.Writer, usage string) int {
	fs := traceFlags("replay", usage, stderr)
	program := fs.String("program", "", "replay against this program instead of the recorded one")
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

func traceShow(args []string, stdout, stderr io.Writer, usage string) int {
	fs := traceFlags("show", usage, stderr)
	at := fs.Int("at", -1, "show decision K in detail")
	window := fs.Int("window", 10, "decisions shown on each side of --at")
	if code, ok := parseFlags(fs, args, stdout); !ok {
		return code
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
	var buf bytes.Buffer
	if err := timeline.Show(&buf, t, timeline.ShowOptions{At: *at, Window: *window}); err != nil {
		stdout.Write(buf.Bytes())
		fmt.Fprintf(stderr, "revl trace show: %v\n", err)
		return exitUsage
	}
	stdout.Write(buf.Bytes())
	return exitOK
}

func traceExport(args []string, stdout, stderr io.Writer, usage string) int {
	fs := traceFlags("export", usage, stderr)
	format := fs.String("format", "", "chrome or jsonl")
	out := fs.String("o", "", "write to this file instead of stdout")
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
	dir          string
	program      string
	x            *schedule.Explorer
	maxDecisions int
	runtime      runtime.Options
	choices      []int // --choices, when hasChoices
	hasChoices   bool
	seed         uint64 // --schedule-seed, when hasSeed
	hasSeed      bool
	sweep        schedule.SweepOptions // otherwise, when sweep.Seeds > 0
	json         bool
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
	add("canonical", "the canonical run", r.x.Baseline)
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
		o := r.x.Explore(r.seed, true)
		add("seed"+strconv.FormatUint(r.seed, 10), fmt.Sprintf("seed %d, minimized", r.seed), shown(o))
	case r.sweep.Seeds > 0:
		r.x.Sweep(r.sweep, func(o schedule.Outcome) {
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
		cfg := timeline.Config{Program: r.program, Source: src, Choices: f.choices, MaxDecisions: r.maxDecisions, Options: r.runtime,
			Recorder: "revl test --record (" + f.origin + ")"}
		if _, err := recordFile(name, cfg); err != nil {
			fmt.Fprintf(stderr, "revl test --record: %s: %v\n", name, err)
			return exitUsage
		}
		fmt.Fprintf(w, "recorded %s (replay: revl trace replay %s)\n", name, name)
	}
	return exitOK
}
