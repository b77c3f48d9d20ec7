package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"revl.dev/debug/mocks"
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
}

// runMockWorld runs `revl test` in mock world and returns the exit status.
func runMockWorld(r mockRun, mf *mockFlags, stdout, stderr io.Writer) int {
	opts := mocks.Options{Seed: mf.seed, Runtime: r.f.runtime}
	if fl := r.fs.Lookup("record"); fl != nil && fl.Value.String() != "" {
		fmt.Fprintf(stderr, "revl test: --record is not supported with --mock-requires yet; no trace is written\n")
	}
	status := exitOK
	if !r.f.json {
		ok, err := runMockTests(r.name, r.prog, opts, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "revl test: %v\n", err)
			return exitUsage
		}
		if !ok {
			status = exitFindings
		}
	}
	asked := r.f.json || r.f.seed != "" || r.f.choices != ""
	r.fs.Visit(func(fl *flag.Flag) {
		if fl.Name == "schedule-seeds" {
			asked = true
		}
	})
	if !asked {
		return status
	}
	x, w, err := mocks.NewExplorer(r.prog, opts, schedule.Options{MaxDecisions: r.f.maxDecisions})
	if err != nil {
		fmt.Fprintf(stderr, "revl test: %v\n", err)
		return exitUsage
	}
	program := r.name
	if !r.f.json {
		// The replay commands the report prints must run in mock world too.
		program += " --mock-requires"
		if mf.seed != 0 {
			program += " --mock-seed " + strconv.FormatUint(mf.seed, 10)
		}
		fmt.Fprintln(stdout)
		if sum := w.Summary(); sum != "" {
			fmt.Fprintf(stdout, "schedule world: mocks %s\n", sum)
		} else {
			fmt.Fprintf(stdout, "schedule world: every required key is provided; nothing to mock\n")
		}
	}
	s := &sweepPrinter{program: program, replayFlags: r.f.replayFlags(), out: stdout, stderr: stderr, x: x, json: r.f.json}
	var found bool
	switch {
	case r.f.choices != "":
		found = s.replayChoices(r.choices)
	case r.f.seed != "":
		found = s.replaySeed(r.seed)
	case r.sweep.Seeds > 0:
		found = s.sweep(r.sweep)
	default:
		if r.f.json {
			found = s.baselineOnly()
		}
	}
	if found {
		status = exitFindings
	}
	if !r.f.json {
		ops, err := mocks.CanonicalCrossings(w, opts, r.f.maxDecisions)
		if err != nil {
			fmt.Fprintf(stderr, "revl test: %v\n", err)
			return exitUsage
		}
		if len(ops) > 0 {
			fmt.Fprintf(stdout, "\ncrossings recorded by mocks in the canonical schedule:\n")
			mocks.WriteCrossings(stdout, "  ", ops)
		}
	}
	return status
}

// runMockTests runs the lifecycle tests of prog in mock world and prints a
// line per test, ending in `[mock world]`, each followed by the mocks it
// derived and the crossings they recorded, then the totals. It reports
// whether every test passed; a file without a lifecycle test says so and
// passes.
func runMockTests(name string, prog *check.Program, opts mocks.Options, w io.Writer) (bool, error) {
	pure := 0
	for _, t := range prog.Tests {
		if t.Kind == syntax.PureTest {
			pure++
		}
	}
	results, _, err := mocks.RunTests(prog, opts)
	if err != nil {
		return false, err
	}
	if len(results) == 0 {
		fmt.Fprintf(w, "no lifecycle test in %s: nothing to run in mock world\n", name)
		return true, nil
	}
	if pure > 0 {
		fmt.Fprintf(w, "note: %s not part of mock world (run without --mock-requires)\n", countNoun(pure, "pure test is", "pure tests are"))
	}
	passed, failed, skipped := 0, 0, 0
	for _, r := range results {
		switch {
		case r.Skipped:
			skipped++
			fmt.Fprintf(w, "SKIP %s (fault tests are not run yet) [mock world]\n", r.Name)
			continue
		case r.Passed:
			passed++
			fmt.Fprintf(w, "PASS %s [mock world]\n", r.Name)
		default:
			failed++
			fmt.Fprintf(w, "FAIL %s: %s [mock world]\n", r.Name, r.Message)
		}
		if len(r.Mocks) > 0 {
			fmt.Fprintf(w, "  mocks: %s\n", strings.Join(r.Mocks, ", "))
		}
		mocks.WriteCrossings(w, "  ", r.Crossings)
	}
	if skipped > 0 {
		fmt.Fprintf(w, "%d passed, %d failed, %d skipped\n", passed, failed, skipped)
	} else {
		fmt.Fprintf(w, "%d passed, %d failed\n", passed, failed)
	}
	return failed == 0, nil
}

func countNoun(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
