package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"strconv"
	"strings"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/schedule"
	"revl.dev/debug/schedule/eval"
)

// revl eval: the evaluation of the schedule tester against the mutant
// corpus (schedule/eval, docs/evaluation.md).

func evalCommand() *command {
	return &command{
		name:  "eval",
		short: "measure bug detection on a mutant corpus, by sampler and seed count",
		usage: `usage: revl eval [flags] [DIR]

Eval runs every mutant of the corpus in DIR (default testdata/eval; each
.rvl file is a correct program with ` + "`// eval:`" + ` lines that label its
mutants) under each sampler for seeds 1..N, and reports per bug class and
overall the detection rate at each seed count; the ground truth by
exhaustive search (bounded, and said so; in faults and fine mode by
enumerating every schedule); the equivalence classes sampling
covers against the exhaustive count; how failures shrink (non-zero choices
before and after, replays, 1-minimality of every shrink); and the check of
every fixed version in every mode it claims. A fine-mode mutant
(revl test --atoms fine) runs under the samplers revl test takes with
--atoms fine, and is n/a under the others. It also verifies each label:
the property is found and the depth is the fewest non-canonical choices
that show it.

Flags:
	--seeds LIST         increasing seed counts (default 1,10,100,1000)
	--samplers LIST      samplers to compare (default uniform,pct,pos,urw;
	                     pct:D is pct at bug depth D, plain pct is depth 2)
	--workers N          parallel workers (default GOMAXPROCS); the report
	                     is identical for any value
	--format md|json     the report's form (default md)
	--out FILE           write the report to FILE instead of stdout; a
	                     Markdown FILE that holds the report's markers keeps
	                     everything outside them (docs/evaluation.md)
	--svg FILE           also draw the detection rate against seeds per
	                     sampler as an SVG plot
	--max-schedules N    bound of each exhaustive search (default 5000)
	--max-depth N        bound of each depth search (default 6)
	--no-timing          leave out the time per schedule, the only figure
	                     that differs between runs

Exit status: 0 when every label holds and every fixed version passes, 1
when a label is wrong or a fixed version fails, 2 on a usage, corpus or
I/O error.
`,
		run: runEval,
		flagSets: func() []flagSet {
			fs, _ := evalFlagSet(io.Discard)
			return []flagSet{{fs: fs}}
		},
	}
}

type evalFlags struct {
	seeds, samplers, format, out, svg string
	workers, maxSchedules, maxDepth   int
	noTiming                          bool
}

func evalFlagSet(stderr io.Writer) (*flag.FlagSet, *evalFlags) {
	fs := newFlagSet("eval", stderr)
	var f evalFlags
	fs.StringVar(&f.seeds, "seeds", "1,10,100,1000", "increasing seed counts")
	fs.StringVar(&f.samplers, "samplers", strings.Join(schedule.SamplerNames, ","), "samplers to compare")
	fs.IntVar(&f.workers, "workers", 0, "parallel workers")
	fs.StringVar(&f.format, "format", "md", "md or json")
	fs.StringVar(&f.out, "out", "", "write the report to FILE")
	fs.StringVar(&f.svg, "svg", "", "also write an SVG plot to FILE")
	fs.IntVar(&f.maxSchedules, "max-schedules", eval.DefaultMaxSchedules, "bound of each exhaustive search")
	fs.IntVar(&f.maxDepth, "max-depth", eval.DefaultMaxDepth, "bound of each depth search")
	fs.BoolVar(&f.noTiming, "no-timing", false, "leave out the time per schedule")
	return fs, &f
}

// parseSeedList reads `1,10,100`; errors name the element, from 1.
func parseSeedList(s string) ([]int, error) {
	var out []int
	for i, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, fmt.Errorf("element %d is empty", i+1)
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("element %d (%q) is not a number", i+1, p)
		}
		out = append(out, n)
	}
	return out, nil
}

// parseNameList reads `uniform,pct`; errors name the element.
func parseNameList(s string) ([]string, error) {
	var out []string
	for i, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, fmt.Errorf("element %d is empty", i+1)
		}
		out = append(out, p)
	}
	return out, nil
}

func runEval(args []string, stdout, stderr io.Writer) int {
	fs, f := evalFlagSet(stderr)
	if code, ok := parseFlags(fs, args, stdout); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "revl eval: "+format+"\n", a...)
		return exitUsage
	}
	if fs.NArg() > 1 {
		return usageErr("want at most one DIR, got %d arguments (see revl eval --help)", fs.NArg())
	}
	set := setFlags(fs)
	dir := "testdata/eval"
	if fs.NArg() == 1 {
		dir = fs.Arg(0)
	}
	seeds, err := parseSeedList(f.seeds)
	if err != nil {
		return usageErr("--seeds: %v", err)
	}
	samplers, err := parseNameList(f.samplers)
	if err != nil {
		return usageErr("--samplers: %v", err)
	}
	if f.format != "md" && f.format != "json" {
		return usageErr("--format %q: want md or json", f.format)
	}
	for _, name := range []string{"workers", "max-schedules", "max-depth"} {
		v := map[string]int{"workers": f.workers, "max-schedules": f.maxSchedules, "max-depth": f.maxDepth}[name]
		if err := positiveFlag(set, name, v); err != nil {
			return usageErr("%v", err)
		}
	}
	if err := eval.CheckSeeds(seeds); err != nil {
		return usageErr("--seeds: %v", err)
	}
	if err := eval.CheckSamplers(samplers); err != nil {
		return usageErr("--samplers: %v", err)
	}
	cfg := eval.Config{Seeds: seeds, Samplers: samplers, Workers: f.workers, MaxSchedules: f.maxSchedules,
		MaxDepth: f.maxDepth, Timing: !f.noTiming}
	comps, err := eval.LoadDir(dir)
	if err != nil {
		return usageErr("%v", err)
	}
	// On a terminal, stderr shows how many jobs (a mutant's ground truth,
	// one sampler's sweep of it, a fixed version's check) are done.
	progress := newProgress(stderr)
	if progress.on {
		progress.mu.Lock()
		progress.start = progress.clock.NowMillis()
		progress.mu.Unlock()
		relabel(progress, "revl eval: starting")
		progress.startTicker()
		cfg.Progress = func(done, total int) {
			relabel(progress, fmt.Sprintf("revl eval: %d of %d jobs", done, total))
		}
	}
	rep, err := eval.Run(comps, cfg)
	progress.finish()
	if err != nil {
		return usageErr("%v", err)
	}
	var out []byte
	if f.format == "json" {
		if out, err = eval.JSON(rep); err != nil {
			return usageErr("%v", err)
		}
	} else {
		cmd := append([]string{"revl", "eval"}, args...)
		for i, a := range cmd {
			cmd[i] = shellQuote(a)
		}
		h := eval.Header{Command: strings.Join(cmd, " "), GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, CPUs: runtime.NumCPU()}
		md := eval.Markdown(rep, h)
		if f.out != "" {
			if md, err = spliceInto(f.out, md); err != nil {
				return usageErr("--out: %v", err)
			}
		}
		out = []byte(md)
	}
	if f.out != "" {
		if err := fileio.WriteFile(f.out, out); err != nil {
			return usageErr("--out: %v", err)
		}
	} else if _, err := stdout.Write(out); err != nil {
		return usageErr("%v", err)
	}
	if f.svg != "" {
		if err := fileio.WriteFile(f.svg, []byte(eval.SVG(rep))); err != nil {
			return usageErr("--svg: %v", err)
		}
	}
	status := exitOK
	if rep.LabelsOK != len(rep.Mutants) {
		fmt.Fprintf(stderr, "revl eval: %d of %d labels are wrong (see the report's corpus section)\n", len(rep.Mutants)-rep.LabelsOK, len(rep.Mutants))
		status = exitFindings
	}
	for _, fx := range rep.Fixed {
		if !fx.OK() {
			fmt.Fprintf(stderr, "revl eval: the fixed version of %s fails (see the report's fixed versions)\n", fx.Composition)
			status = exitFindings
		}
	}
	return status
}

// relabel redraws the progress line with another label, keeping its
// clock (progress.phase would restart it, and its labels say revl test).
func relabel(p *progress, label string) {
	p.mu.Lock()
	p.label = label
	p.drawLocked(p.clock.NowMillis())
	p.mu.Unlock()
}

// spliceInto puts the generated block md in place of the one an existing
// file holds between eval.MarkBegin and eval.MarkEnd, keeping the rest; a
// file that does not exist or holds no block gets md alone.
func spliceInto(name, md string) (string, error) {
	old, err := fileio.Read(name)
	if errors.Is(err, fs.ErrNotExist) {
		return md, nil
	}
	if err != nil {
		return "", err
	}
	s := string(old)
	i := strings.Index(s, eval.MarkBegin)
	j := strings.Index(s, eval.MarkEnd)
	if i < 0 || j < i {
		return md, nil
	}
	rest := strings.TrimPrefix(s[j+len(eval.MarkEnd):], "\n")
	return s[:i] + md + rest, nil
}
