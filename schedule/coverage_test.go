package schedule

import (
	"math"
	goruntime "runtime"
	"testing"

	"revl.dev/debug/internal/gen"
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

// TestWeighingIsLinear: finding a wide composition's trace too wide to
// weigh (the search over its downsets gives up) costs memory linear in
// the run's decisions, and Classify, which gives no weight, does not
// weigh: it costs about the replay it makes. Each atom's enablers were a
// bit set over all the run's decisions, n²/64 words (1.25 GB at 50,000
// components) before the search could give up, and Classify weighed the
// run before dropping the weight: minutes at 50,000 components.
func TestWeighingIsLinear(t *testing.T) {
	allocated := func(f func()) uint64 {
		var ms goruntime.MemStats
		goruntime.ReadMemStats(&ms)
		before := ms.TotalAlloc
		f()
		goruntime.ReadMemStats(&ms)
		return ms.TotalAlloc - before
	}
	sizes := []int{1000, 8000}
	var weigh [2]uint64
	for i, n := range sizes {
		w := sourceWorld(t, "wide.rvl", string(gen.Source(gen.Wide(n))), Options{})
		choices := w.Baseline().Choices
		var tr *trace
		replay := allocated(func() {
			x := &explorer{w: w}
			rec := newFootprints(w, &x.objs)
			w.RunObserved(NewReplay(choices), rec, false)
			tr = traceOf(rec.fps)
		})
		weigh[i] = allocated(func() {
			if p := tr.probability(); p != 0 {
				t.Fatalf("wide %d: probability %v, want 0 (too wide to weigh)", n, p)
			}
		})
		classify := allocated(func() {
			if c := w.Classify(choices); c.Weighted || c.Weight != 0 {
				t.Errorf("wide %d: Classify gave a weight (%v)", n, c.Weight)
			}
		})
		// The replay and its trace, the normal form and its hash; weighing
		// would replay again.
		if float64(classify) > 1.5*float64(replay) {
			t.Errorf("wide %d: Classify allocated %d bytes, its replay and trace %d", n, classify, replay)
		}
	}
	// Eight times the components, eight times the memory (room left for
	// the allocator's rounding); n²/64 words would be 64 times.
	if r := float64(weigh[1]) / float64(weigh[0]); r > 12 {
		t.Errorf("weighing allocated %d bytes at %d components, %d at %d: %.1fx", weigh[0], sizes[0], weigh[1], sizes[1], r)
	}
}
