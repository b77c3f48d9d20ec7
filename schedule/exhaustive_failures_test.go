package schedule

import (
	"slices"
	"testing"
)

// twoRaces has two independent races (A and B on the log, C and D on the
// audit): 24 classes, 23 failing in three distinct ways (one race, the
// other, both).
const twoRaces = `service Log { emission fn write(line: Str) }
service Audit { emission fn note(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component Trail provides audit: Audit { provide audit { fn note(line) { } } }
component A requires log: Log { emit log.write("A up") }
component B requires log: Log { emit log.write("B up") }
component C requires audit: Audit { emit audit.note("C up") }
component D requires audit: Audit { emit audit.note("D up") }
`

// TestExhaustiveFailures: the failing classes come in class order, each
// the run of its normal form, every failing class is in exactly one
// failure, each failure's first class is shrunk (and only those, once per
// signature), and the shown vector keeps the failure; with NoShrink, or a
// stopped search, nothing is shrunk.
func TestExhaustiveFailures(t *testing.T) {
	asked := 0
	stopAfter6 := func() bool { asked++; return asked > 6 }
	cases := []struct {
		name     string
		opts     SearchOptions
		failures int // distinct failures; -1: some
		shrunk   bool
	}{
		{"shrunk", SearchOptions{}, 3, true},
		{"no shrink", SearchOptions{NoShrink: true}, 3, false},
		{"stopped", SearchOptions{ExhaustiveOptions: ExhaustiveOptions{Stop: stopAfter6}}, -1, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := sourceWorld(t, "two_races.rvl", twoRaces, Options{})
			var each []uint64
			tc.opts.Each = func(run ExhaustiveRun, shown *Result) {
				each = append(each, run.Class)
				if (shown != nil) != !run.Result.OK() {
					t.Errorf("class %x: shown %v for a run that passes %v", run.Class, shown != nil, run.Result.OK())
				}
			}
			s := w.ExhaustiveFailures(tc.opts)
			if len(each) != s.Report.Classes {
				t.Errorf("Each saw %d classes, the report %d", len(each), s.Report.Classes)
			}
			if tc.failures < 0 && (!s.Report.Stopped || len(s.Failures) == 0) {
				t.Fatalf("stopped %v with %d failures: want a stopped search that found some", s.Report.Stopped, len(s.Failures))
			}
			if tc.failures >= 0 && len(s.Failures) != tc.failures || len(s.First) != len(s.Failures) {
				t.Fatalf("%d failures (first %v), want %d: %+v", len(s.Failures), s.First, tc.failures, s.Failures)
			}
			ranks := make([]int, len(s.Failing))
			for i, f := range s.Failing {
				ranks[i] = f.Class
				if f.Class != s.Order.Rank(f.Hash) || f.Result.OK() {
					t.Errorf("failing class %d: rank %d, ok %v", f.Class, s.Order.Rank(f.Hash), f.Result.OK())
				}
				if f.Shrunk != nil && !tc.shrunk {
					t.Errorf("class %d shrunk", f.Class)
				}
			}
			if !slices.IsSorted(ranks) {
				t.Errorf("failing classes out of class order: %v", ranks)
			}
			var all []int
			for k, g := range s.Failures {
				first := s.Failing[s.First[k]]
				if g.Classes[0] != first.Class {
					t.Errorf("failure %d starts at class %d, its first is %d", k, g.Classes[0], first.Class)
				}
				if tc.shrunk && !first.Canonical && first.Shrunk == nil {
					t.Errorf("failure %d: its first class %d is not shrunk", k, first.Class)
				}
				if got := first.Shown().Failure(); got != g.Failure {
					t.Errorf("failure %d is %q, its shown run %q", k, g.Failure, got)
				}
				all = append(all, g.Classes...)
			}
			slices.Sort(all)
			if !slices.Equal(all, ranks) {
				t.Errorf("the failures' classes %v, the failing classes %v", all, ranks)
			}
		})
	}
}
