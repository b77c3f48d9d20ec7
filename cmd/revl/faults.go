package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
)

// The fault sweep of `revl test --sweep faults` (spec §9): a failure
// injected at every top-level step of every component, the five oracles
// checked at each, one line per step and a summary.

const sweepUsage = `	--sweep WHAT         schedules (default: the seeded schedule sweep) or
	                     faults: inject a failure at every top-level step of
	                     every component and check the five fault oracles at
	                     each (no emissions is reported, not required); one
	                     line per step and a summary, no schedule sweep
`

// sweepFlag is --sweep schedules|faults.
type sweepFlag struct{ v string }

func (f *sweepFlag) String() string { return f.v }

func (f *sweepFlag) Set(s string) error {
	switch s {
	case "schedules", "faults":
		f.v = s
		return nil
	}
	return fmt.Errorf("want schedules or faults")
}

// faultSweepRequest is what runFaultSweep needs from revl test.
type faultSweepRequest struct {
	name  string
	prog  *check.Program
	rt    runtime.Options
	json  bool
	head  schedule.DossierHead
	given []runtime.ConfigValue
}

// runFaultSweep runs the fault sweep, prints its lines (or the dossier
// with its fault_sweep section) and returns the exit status.
func runFaultSweep(r faultSweepRequest, stdout, stderr io.Writer) int {
	if why := unschedulable(r.prog, r.given); why != "" {
		if r.json {
			writeNoSchedules(stdout, stderr, r.head)
		}
		fmt.Fprintf(stderr, "revl test: %s\n", strings.Replace(why, "no schedule run: the sweep", "no fault sweep: the sweep", 1))
		return exitUsage
	}
	outs, err := runtime.SweepFaults(r.prog, r.rt)
	if err != nil {
		fmt.Fprintf(stderr, "revl test: %v\n", err)
		return exitUsage
	}
	fs := faultSweepOf(r.name, r.prog, outs)
	if r.json {
		r.head.FaultSweep = fs
		writeNoSchedules(stdout, stderr, r.head)
	} else {
		w := colorOutput(stdout, false)
		for _, s := range fs.Steps {
			if s.OK {
				fmt.Fprintf(w, "PASS %s%s\n", s.Injection, emissionsNote(s))
			} else {
				fmt.Fprintf(w, "FAIL %s: %s\n", s.Injection, s.Message)
			}
		}
		fmt.Fprintf(w, "swept %d step(s) across %d component(s): %d passed, %d failed\n",
			len(fs.Steps), fs.Components, fs.Passed, fs.Failed)
	}
	if fs.Failed > 0 {
		return exitFindings
	}
	return exitOK
}

// emissionsNote reports the oracle the sweep does not require.
func emissionsNote(s schedule.FaultStep) string {
	for _, c := range s.Checks {
		if c.Check == syntax.CheckNoEmissions.String() && !c.OK {
			n := "emissions"
			if len(s.Notes) == 1 {
				n = "emission"
			}
			return "; not required: no emissions (" + strconv.Itoa(len(s.Notes)) + " " + n + " before the failure)"
		}
	}
	return ""
}

// faultSweepOf is the dossier's fault_sweep section: a FAIL names the
// step's position and every required oracle that broke.
func faultSweepOf(file string, prog *check.Program, outs []runtime.FaultOutcome) *schedule.FaultSweep {
	fs := &schedule.FaultSweep{Steps: []schedule.FaultStep{}, Components: runtime.FaultSweepComponents(outs)}
	for _, o := range outs {
		s := schedule.FaultStep{Component: o.Point.Component, Step: o.Point.Step, Label: o.Point.Label,
			Injection: o.Point.String(), OK: o.SweepPassed(), Notes: o.Notes}
		var whys []string
		for _, v := range o.Verdicts {
			req := v.Check != syntax.CheckNoEmissions
			s.Checks = append(s.Checks, schedule.FaultCheckOK{Check: v.Check.String(), OK: v.OK, Required: req, Why: v.Why})
			if !v.OK && req {
				whys = append(whys, v.Check.String()+": "+v.Why)
			}
		}
		if !o.Injected {
			whys = []string{o.NotInjected}
		}
		if !s.OK {
			s.Message = stepPosition(file, prog, o.Point) + ": " + strings.Join(whys, "; ")
			fs.Failed++
		} else {
			fs.Passed++
		}
		fs.Steps = append(fs.Steps, s)
	}
	return fs
}

// stepPosition is file:line:col of the injection point's step.
func stepPosition(file string, prog *check.Program, p runtime.FaultPoint) string {
	c := prog.CompByName[p.Component]
	if c == nil || c.Decl.Body == nil || p.Step < 1 || p.Step > len(c.Decl.Body.Stmts) {
		return file
	}
	at := c.Decl.Body.Stmts[p.Step-1].Range().Start
	return file + ":" + strconv.Itoa(int(at.Line)) + ":" + strconv.Itoa(int(at.Col))
}
