package schedule

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

// The teardown gate makes `teardown-order` impossible to trigger with a
// valid program, so the monitor's check is tested directly: a hand-built
// atom sequence is fed to Monitor.AtomEnd on a real Program and a real
// machine (the machine runs the atoms that are legal; the illegal teardown
// is only reported to the monitor, never run).
func TestOrderCheck(t *testing.T) {
	prog := loadProgram(t, workedExample) // Sink provides log to A and B
	act := func(f string) runtime.Atom { return runtime.Atom{Kind: runtime.Activate, Fiber: f} }
	down := func(f string) runtime.Atom { return runtime.Atom{Kind: runtime.Teardown, Fiber: f} }
	for _, tc := range []struct {
		name  string
		atoms []runtime.Atom
		run   int // how many of atoms the machine really runs
		want  []string
	}{
		{
			name:  "canonical",
			atoms: []runtime.Atom{act("Sink"), act("A"), act("B"), down("A"), down("B"), down("Sink")},
			run:   6,
		},
		{
			name:  "provider first, one consumer up",
			atoms: []runtime.Atom{act("Sink"), act("A"), down("Sink")},
			run:   2,
			want:  []string{"provider Sink went down at decision 2 before its consumer A"},
		},
		{
			name:  "provider first, both consumers up",
			atoms: []runtime.Atom{act("Sink"), act("B"), act("A"), down("Sink")},
			run:   3,
			want: []string{
				"provider Sink went down at decision 3 before its consumer A",
				"provider Sink went down at decision 3 before its consumer B",
			},
		},
		{
			name:  "consumer already down",
			atoms: []runtime.Atom{act("Sink"), act("A"), act("B"), down("A"), down("Sink")},
			run:   4,
			want:  []string{"provider Sink went down at decision 4 before its consumer B"},
		},
		{
			name:  "consumer never came up",
			atoms: []runtime.Atom{act("Sink"), down("Sink")},
			run:   2,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, mon := orderMachine(t, prog)
			var found []Finding
			for d, a := range tc.atoms {
				if d < tc.run {
					if err := m.Run(a); err != nil {
						t.Fatalf("running %s: %v", a, err)
					}
				}
				found = mon.AtomEnd(m, d, a, nil, found)
			}
			var got []string
			for _, f := range found {
				if f.Tag != TagTeardownOrder || f.Fiber != "Sink" || !f.Span.Start.IsValid() || len(f.Related) != 1 {
					t.Fatalf("finding %+v: want a teardown-order finding on Sink with its consumer related", f)
				}
				got = append(got, f.Message)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			// The violations are the teardown-order finding, on one line.
			r := &Result{Findings: found}
			if got := r.Signature(); (got == TagTeardownOrder) != (tc.want != nil) {
				t.Fatalf("signature %q for violations %v", got, tc.want)
			}
			if lines := FindingLines(found); tc.want != nil && lines[0] != TagTeardownOrder+": "+strings.Join(tc.want, "; ") {
				t.Fatalf("line %q", lines[0])
			}
		})
	}
}

// TestOrderCheckIgnoresFailedActivation: a consumer whose activation
// failed never came up, so its provider may go down first.
func TestOrderCheckIgnoresFailedActivation(t *testing.T) {
	src := `
service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component A requires log: Log { fail "no" }
`
	prog := sourceProgram(t, "failing.rvl", []byte(src))
	m, mon := orderMachine(t, prog)
	var found []Finding
	for d, a := range []runtime.Atom{{Kind: runtime.Activate, Fiber: "Sink"}, {Kind: runtime.Activate, Fiber: "A"}, {Kind: runtime.Teardown, Fiber: "Sink"}} {
		_ = m.Run(a) // A's activation fails by design
		found = mon.AtomEnd(m, d, a, nil, found)
	}
	if len(found) != 0 {
		t.Fatalf("violations %v", found)
	}
}

// orderMachine is a fresh machine of prog and a monitor of its world.
func orderMachine(t *testing.T, prog *check.Program) (*runtime.Machine, Monitor) {
	t.Helper()
	w := mustWorld(t, prog, Options{})
	return w.Machine(), NewMonitor(w)
}

// TestTeardownGateHolds: on every fixture and seed the real scheduler
// never records a teardown-order violation (the gate holds).
func TestTeardownGateHolds(t *testing.T) {
	for _, c := range fixtureCases {
		x := explorerOf(t, fixtureDir+"/"+c.file, Options{})
		for seed := uint64(1); seed <= 30; seed++ {
			for _, f := range x.Run(NewSeeded(seed)).Findings {
				if f.Tag == TagTeardownOrder {
					t.Errorf("%s seed %d: %v", c.file, seed, f.Message)
				}
			}
		}
	}
}

// TestMaxDecisionsBudget: a tiny --max-decisions gives `unbounded` on the
// canonical run and on every seed, and the run stops at the bound.
func TestMaxDecisionsBudget(t *testing.T) {
	for _, n := range []int{1, 2, 5} {
		x := explorerOf(t, workedExample, Options{MaxDecisions: n})
		check := func(label string, r *Result) {
			t.Helper()
			if len(r.Choices) != n {
				t.Errorf("max %d, %s: %d decisions", n, label, len(r.Choices))
			}
			// A cut schedule never reached its end state: residue,
			// deadlock and unstable say nothing about it, and the
			// finding (and so the signature shrinking keeps) is
			// unbounded alone.
			if got := tagsOf(r); !slices.Equal(got, []string{TagUnbounded}) {
				t.Errorf("max %d, %s: tags %v, want [unbounded]; findings %v", n, label, got, r.Findings)
			}
			if !r.Truncated || slices.ContainsFunc(r.Findings, func(f Finding) bool { return f.Tag == TagDeadlock }) {
				t.Errorf("max %d, %s: Truncated=%v, findings %v", n, label, r.Truncated, r.Findings)
			}
			if !strings.Contains(strings.Join(FindingLines(r.Findings), "\n"), "--max-decisions="+strconv.Itoa(n)) {
				t.Errorf("max %d, %s: findings %v do not name the bound", n, label, r.Findings)
			}
		}
		check("canonical", x.Baseline())
		x.Sweep(SweepOptions{Seeds: 20}, func(o Outcome) {
			check("seed "+strconv.FormatUint(o.Seed, 10), o.Result)
			if o.Shrunk == nil {
				t.Errorf("max %d: seed %d not shrunk", n, o.Seed)
			}
		})
	}
	// A budget that fits the schedule exactly does not cut it.
	if r := explorerOf(t, workedExample, Options{MaxDecisions: 6}).Replay([]int{0, 1}); r.Truncated || r.Signature() != "unstable@0" {
		t.Errorf("max 6: truncated=%v, signature %q", r.Truncated, r.Signature())
	}
	// The default leaves room for any finite schedule.
	x := explorerOf(t, workedExample, Options{})
	if !x.Baseline().OK() {
		t.Fatalf("default budget: %v", x.Baseline().Findings)
	}
}
