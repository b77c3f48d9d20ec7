package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"

	"revl.dev/debug/mocks"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
)

// `revl test FILE --mock-requires`: lifecycle tests and, on request, the
// schedule sweep in mock world (package mocks), where every required key
// that nothing provides gets an in-memory provider derived from its
// service declaration.

const mockUsage = `	--mock-requires      run in mock world: lifecycle tests only (pure tests
	                     are not part of it), every key no loaded component
	                     provides served by a mock derived from its service;
	                     the schedule sweep runs against mocks only when
	                     --schedule-seeds, --schedule-seed or --choices is given
	--mock-seed S        seed of the mock value streams (default 1)
`

// mockFlags are the flags of mock world.
type mockFlags struct {
	on   bool
	seed uint64
}

func addMockFlags(fs *flag.FlagSet) *mockFlags {
	mf := &mockFlags{}
	fs.BoolVar(&mf.on, "mock-requires", false, "run lifecycle tests (and a requested sweep) against mocks")
	fs.Uint64Var(&mf.seed, "mock-seed", 0, "seed of the mock value streams")
	return mf
}

// mockRun is what runTest parsed, for runMockWorld.
type mockRun struct {
	name    string
	prog    *check.Program
	f       testFlags
	fs      *flag.FlagSet
	sweep   schedule.SweepOptions
	seed    uint64
	choices []int
	rt      runtime.Options // budgets and --config values
	format  *formatFlag
}

// runMockWorld runs `revl test` in mock world and returns the exit status.
func runMockWorld(r mockRun, mf *mockFlags, stdout, stderr io.Writer) int {
	opts := mocks.Options{Seed: mf.seed, Runtime: r.rt}
	if fl := r.fs.Lookup("record"); fl != nil && fl.Value.String() != "" {
		fmt.Fprintf(stderr, "revl test: --record is not supported with --mock-requires yet; no trace is written\n")
	}
	status := exitOK
	lines, err := mockTestLines(r.name, r.prog, opts)
	if err != nil {
		fmt.Fprintf(stderr, "revl test: %v\n", err)
		return exitUsage
	}
	if !r.f.json {
		if !writeMockTests(r.name, r.prog, lines, r.format, stdout) {
			status = exitFindings
		}
	}
	for _, l := range lines {
		if !l.passed && !l.skipped {
			status = exitFindings
		}
	}
	head := schedule.DossierHead{Program: r.name, Mocks: true, Tests: testEntries(lines)}
	asked := r.f.hasSeed || r.f.hasChoices
	r.fs.Visit(func(fl *flag.Flag) {
		if fl.Name == "schedule-seeds" && r.f.seeds > 0 {
			asked = true
		}
	})
	if !asked {
		if r.f.json {
			writeNoSchedules(stdout, stderr, head)
		}
		return status
	}
	if why := unschedulable(r.prog, r.rt.Config); why != "" {
		if r.f.json {
			writeNoSchedules(stdout, stderr, head)
		}
		fmt.Fprintf(stderr, "revl test: %s\n", why)
		return exitUsage
	}
	x, w, err := mocks.NewWorld(r.prog, opts, schedule.Options{MaxDecisions: r.f.maxDecisions, Runtime: r.rt}.WithFaults(r.f.maxFaults))
	if err != nil {
		fmt.Fprintf(stderr, "revl test: %v\n", err)
		return exitUsage
	}
	replay := r.f.replayTarget(r.name)
	// The replay commands the report prints must run in mock world too.
	replay.Mocks, replay.MockSeed = true, mf.seed
	if !r.f.json {
		fmt.Fprintln(stdout)
		if sum := w.Summary(); sum != "" {
			fmt.Fprintf(stdout, "schedule world: mocks %s\n", sum)
		} else {
			fmt.Fprintf(stdout, "schedule world: every required key is provided; nothing to mock\n")
		}
	}
	replay.Config = configArgs(r.rt.Config)
	s := &sweepPrinter{program: r.name, replay: replay, out: colorOutput(stdout, r.f.json), stderr: stderr, x: x, json: r.f.json, head: head, coverage: r.f.coverage, sampler: r.sweep.Sampler}
	var found bool
	switch {
	case r.f.hasChoices:
		found = s.replayChoices(r.choices)
	case r.f.hasSeed:
		found = s.replaySeed(r.seed)
	default:
		found = s.sweep(r.sweep)
	}
	if found {
		status = exitFindings
	}
	if !r.f.json {
		if ops := mocks.CanonicalCrossings(x, w); len(ops) > 0 {
			fmt.Fprintf(stdout, "\ncrossings recorded by mocks in the canonical schedule:\n")
			mocks.WriteCrossings(stdout, "  ", ops)
		}
	}
	return status
}

// writeMockTests prints the lifecycle tests of prog run in mock world: a
// line per test, ending in `[mock world]`, each followed by the mocks it
// derived and the crossings they recorded, then the totals. It reports
// whether no test failed; a file without a lifecycle test says so and
// passes.
func writeMockTests(name string, prog *check.Program, lines []testLine, format *formatFlag, w io.Writer) bool {
	pure := 0
	for _, t := range prog.Tests {
		if t.Kind == syntax.PureTest {
			pure++
		}
	}
	if len(lines) == 0 {
		fmt.Fprintf(w, "no lifecycle test in %s: nothing to run in mock world\n", name)
		return true
	}
	if pure > 0 {
		fmt.Fprintf(w, "note: %s not part of mock world (run without --mock-requires)\n", countNoun(pure, "pure test is", "pure tests are"))
	}
	return writeTestLines(w, name, lines, format)
}

func countNoun(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
