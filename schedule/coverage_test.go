package schedule

import (
	"math"
	"testing"
)

// probabilityOf replays a vector and returns the chance that a uniform
// random walk runs a schedule of its class.
func probabilityOf(w *World, choices []int) float64 {
	x := &explorer{w: w}
	rec := newFootprints(w, &x.objs)
	w.RunObserved(NewReplay(choices), rec, false)
	return traceOf(rec.fps).probability()
}

// The estimator is unbiased exactly when the class probabilities it
// inverts are right: over every class the exhaustive search finds, they
// must sum to 1.
func TestClassProbabilitiesSumToOne(t *testing.T) {
	for _, tc := range smallPrograms {
		t.Run(tc.name, func(t *testing.T) {
			w := worldOf(t, tc.name, tc.src)
			sum := 0.0
			w.Exhaustive(ExhaustiveOptions{}, func(r ExhaustiveRun) {
				p := probabilityOf(w, r.Result.Choices)
				if p <= 0 || p > 1 {
					t.Errorf("class of %v: probability %v", r.Result.Choices, p)
				}
				sum += p
			})
			if math.Abs(sum-1) > 1e-9 {
				t.Errorf("class probabilities sum to %v, want 1", sum)
			}
		})
	}
}

func TestCoverageEstimate(t *testing.T) {
	cases := []struct {
		prog  string
		seeds int
		exact bool // every class equally likely: the estimate has no spread
	}{
		{"worked example", 40, true},
		{"residue order", 300, false},
		{"shared map through a provider", 300, false},
		{"jobs and timers", 300, false},
	}
	srcs := map[string]string{}
	for _, p := range smallPrograms {
		srcs[p.name] = p.src
	}
	for _, tc := range cases {
		t.Run(tc.prog, func(t *testing.T) {
			w := worldOf(t, tc.prog, srcs[tc.prog])
			truth := w.Exhaustive(ExhaustiveOptions{}, nil).Classes
			c := NewCoverageCounter()
			c.Add(w.Classify(nil).HashString(), nil, false)
			w.Sweep(SweepOptions{Seeds: tc.seeds, Workers: 2, NoShrink: true, Classes: true}, func(o Outcome) {
				c.Add(o.Class.HashString(), o.Class.WeightOf(), true)
			})
			cov := c.Coverage()
			if cov.Estimate == nil {
				t.Fatalf("no estimate: %+v", cov)
			}
			est, spread := *cov.Estimate, *cov.Spread
			if cov.Classes > truth || cov.Classes < 1 {
				t.Errorf("hit %d classes of %d", cov.Classes, truth)
			}
			if tc.exact {
				if est != float64(truth) || spread != 0 {
					t.Errorf("estimate %v ± %v, want exactly %d", est, spread, truth)
				}
				return
			}
			if math.Abs(est-float64(truth)) > 4*spread+1e-9 {
				t.Errorf("estimate %v ± %v is more than 4 spreads from the %d classes", est, spread, truth)
			}
			t.Logf("%s: %d hit, ~%.1f (±%.1f), truth %d", tc.prog, cov.Classes, est, spread, truth)
		})
	}
}

// With every class too wide for P(C), the estimate falls back to the
// normal-form term, which is unbiased too (with a larger spread).
func TestCoverageNormalFormTerm(t *testing.T) {
	saved := maxDownsets
	maxDownsets = 0
	defer func() { maxDownsets = saved }()
	srcs := map[string]string{}
	for _, p := range smallPrograms {
		srcs[p.name] = p.src
	}
	for _, prog := range []string{"residue order", "shared map through a provider", "layered"} {
		t.Run(prog, func(t *testing.T) {
			w := worldOf(t, prog, srcs[prog])
			truth := w.Exhaustive(ExhaustiveOptions{}, nil).Classes
			c := NewCoverageCounter()
			w.Sweep(SweepOptions{Seeds: 3000, Workers: 2, NoShrink: true, Classes: true}, func(o Outcome) {
				if !o.Class.Weighted {
					t.Fatalf("seed %d has no weight", o.Seed)
				}
				c.Add(o.Class.HashString(), o.Class.WeightOf(), true)
			})
			cov := c.Coverage()
			est, spread := *cov.Estimate, *cov.Spread
			if math.Abs(est-float64(truth)) > 4*spread+1e-9 || spread == 0 {
				t.Errorf("estimate %v ± %v, truth %d", est, spread, truth)
			}
			t.Logf("%s: ~%.1f (±%.1f), truth %d", prog, est, spread, truth)
		})
	}
}
