package schedule

import (
	"fmt"
	goruntime "runtime"
	"slices"
	"testing"
	"unsafe"

	"revl.dev/debug/runtime"
)

// TestResultsShareNothing runs schedules back to back on one world, as a
// sweep's worker does, and checks that no result's slices share an array
// with another's or with another slice of the same result: a short
// schedule's result starts its slices in one block (resultBlock), and the
// driver and collector that build it are reused.
func TestResultsShareNothing(t *testing.T) {
	for _, bp := range benchPrograms {
		t.Run(bp.name, func(t *testing.T) {
			x := mustWorld(t, bp.prog(t), Options{})
			const n = 6
			var rs []*Result
			var want []string
			for seed := uint64(1); seed <= n; seed++ {
				r := x.Run(NewSeeded(seed))
				rs = append(rs, r)
				want = append(want, fmt.Sprint(r.Choices, r.Atoms, r.Readies(), r.Emissions, r.States, r.Findings))
			}
			// Growing and overwriting every slice of every result in place
			// must leave the others as they were.
			for i, r := range rs {
				if len(r.Choices) == 0 || len(r.States) == 0 {
					t.Fatalf("seed %d: an empty result", i+1)
				}
				r.Choices[0], r.Atoms[0], r.States[0] = -1, "scribbled", "scribbled"
				r.ready.codes[0], r.ready.decs[0].size = 0, 99
				r.ready.codes = append(r.ready.codes, 0)
				r.ready.decs = append(r.ready.decs, readyDec{end: int32(len(r.ready.codes)), size: 1})
				r.Choices = append(r.Choices, -1)
				r.Atoms = append(r.Atoms, "scribbled")
				r.States = append(r.States, "scribbled")
				r.Emissions = append(r.Emissions, Emission{Text: "scribbled"})
				for j, o := range rs {
					if j <= i {
						continue // itself, or scribbled already
					}
					if got := fmt.Sprint(o.Choices, o.Atoms, o.Readies(), o.Emissions, o.States, o.Findings); got != want[j] {
						t.Fatalf("writing seed %d's result changed seed %d's:\n got %s\nwant %s", i+1, j+1, got, want[j])
					}
				}
			}
			// And a fresh run after all that is what the first run was.
			r := x.Run(NewSeeded(1))
			got := fmt.Sprint(r.Choices, r.Atoms, r.Readies(), r.Emissions, r.States, r.Findings)
			if got != want[0] {
				t.Fatalf("seed 1 again:\n got %s\nwant %s", got, want[0])
			}
			if !slices.Equal(r.Choices, x.Replay(r.Choices).Choices) {
				t.Fatal("replaying seed 1's choices drew another schedule")
			}
		})
	}
}

// TestResultBlockSize: a short schedule's block stays within the
// allocator's 1 KiB size class, or it costs more than the allocations it
// replaces.
func TestResultBlockSize(t *testing.T) {
	if n := unsafe.Sizeof(resultBlock{}); n > 1024 {
		t.Fatalf("resultBlock is %d bytes, over 1024", n)
	}
}

// resultCases are worlds whose results take every path of the result
// collector: short schedules (a block), long ones with ready sets wider
// than MaxReadyLabels, failing seeds, faults (crash and fail labels the
// label table has not), fine atoms (labels of other kinds).
var resultCases = []struct {
	name string
	path string
	opts Options
}{
	{"worked", workedExample, Options{}},
	{"layered50", "", Options{}},
	{"residue order", fixtureDir + "/residue_order.rvl", Options{}},
	{"faults", "../testdata/faults/correct.rvl", Options{}.WithFaults(1)},
	{"faults, failing", fixtureDir + "/undo_through_crashed.rvl", Options{}.WithFaults(1)},
	{"fine", "../testdata/fine/complete_order_fixed.rvl", fineOpts},
	{"fine, failing", "../testdata/fine/fire_eviction.rvl", fineOpts},
}

func resultCaseWorld(t *testing.T, path string, opts Options) *World {
	t.Helper()
	if path == "" {
		x := mustWorld(t, layered50(t), opts)
		return x
	}
	return explorerOf(t, path, opts)
}

// readyRecorder records, at every decision, the labels of the ready set
// as the driver offers it: what Result.Ready must render.
type readyRecorder struct {
	w       *World
	labels  [][]string
	lengths []int
}

func (rr *readyRecorder) Decide(d *Driver, ready, _ int) {
	var ls []string
	for j := range min(ready, MaxReadyLabels) {
		ls = append(ls, rr.w.Label(d.ReadyAt(j)))
	}
	if ready > MaxReadyLabels {
		ls = append(ls, fmt.Sprintf("+%d more", ready-MaxReadyLabels))
	}
	rr.labels = append(rr.labels, ls)
	rr.lengths = append(rr.lengths, ready)
}
func (rr *readyRecorder) Event(runtime.Event) {}
func (rr *readyRecorder) End(*Driver)         {}

// TestReadyLabelsAsOffered: the labels a result renders from its codes are
// those of the atoms the driver offered at each decision.
func TestReadyLabelsAsOffered(t *testing.T) {
	for _, tc := range resultCases {
		t.Run(tc.name, func(t *testing.T) {
			x := resultCaseWorld(t, tc.path, tc.opts)
			wide := false
			for seed := uint64(1); seed <= 20; seed++ {
				rr := &readyRecorder{w: x}
				r := x.RunObserved(NewSeeded(seed), rr, true)
				if got, want := fmt.Sprint(r.Readies()), fmt.Sprint(rr.labels); got != want {
					t.Fatalf("seed %d: ready labels\n got %s\nwant %s", seed, got, want)
				}
				for i, n := range rr.lengths {
					if r.ReadyLen(i) != n {
						t.Fatalf("seed %d decision %d: ReadyLen %d, want %d", seed, i, r.ReadyLen(i), n)
					}
					wide = wide || n > MaxReadyLabels
				}
				if n := len(r.Choices); r.Ready(n) != nil || r.Ready(-1) != nil || r.ReadyLen(n) != 0 {
					t.Fatalf("seed %d: a decision past the end has labels", seed)
				}
			}
			if tc.name == "layered50" && !wide {
				t.Fatal("no ready set wider than MaxReadyLabels: the `+N more` path is not tested")
			}
		})
	}
}

// outcomeDigest is everything of an outcome a reader can see, nil-ness
// included.
func outcomeDigest(o Outcome) string {
	r := o.Result
	s := fmt.Sprintf("%d %v %q %q %v %q %v %v %v %v %d %s %s %s %v/%v/%v/%v", o.Seed, r.Choices, r.Atoms, r.Readies(), r.Emissions, r.States,
		r.Findings, r.Faults, r.Stranded, r.Truncated, r.Divergence, r.Snapshot.String(), o.FingerprintHash, o.ScheduleHash,
		r.Choices == nil, r.Findings == nil, r.Stranded == nil, r.Faults == nil)
	if o.Shrunk != nil {
		s += fmt.Sprintf(" shrunk %v %q %v", o.Shrunk.Result.Choices, o.Shrunk.Result.Atoms, o.Shrunk.Result.Findings)
	}
	return s
}

// TestReuseKeepsOutcomes: a sweep that reuses its passing seeds' results
// (SweepOptions.Reuse) delivers, digit for digit, what one that does not
// delivers, at one and two workers; and the failing results it delivered
// are not reused (they read as delivered after the sweep).
func TestReuseKeepsOutcomes(t *testing.T) {
	seeds := 150
	if raceEnabled {
		seeds = 30
	}
	for _, tc := range resultCases {
		t.Run(tc.name, func(t *testing.T) {
			x := resultCaseWorld(t, tc.path, tc.opts)
			n := seeds
			if tc.path == "" {
				n = seeds / 5 // 0.3 ms a schedule
			}
			var want []string
			x.Sweep(SweepOptions{Seeds: n, Workers: 1}, func(o Outcome) { want = append(want, outcomeDigest(o)) })
			passing := 0
			for _, workers := range []int{1, 2} {
				var got []string
				type keptOutcome struct {
					i int
					o Outcome
				}
				var kept []keptOutcome
				x.Sweep(SweepOptions{Seeds: n, Workers: workers, Reuse: true}, func(o Outcome) {
					got = append(got, outcomeDigest(o))
					if !o.Result.OK() {
						kept = append(kept, keptOutcome{len(got) - 1, o})
					}
				})
				if !slices.Equal(got, want) {
					for i := range min(len(got), len(want)) {
						if got[i] != want[i] {
							t.Fatalf("%d workers, seed %d:\n got %s\nwant %s", workers, i+1, got[i], want[i])
						}
					}
					t.Fatalf("%d workers: %d outcomes, want %d", workers, len(got), len(want))
				}
				for _, k := range kept {
					if d := outcomeDigest(k.o); d != want[k.i] {
						t.Fatalf("%d workers: failing seed %d's result changed after delivery:\n got %s\nwant %s", workers, k.i+1, d, want[k.i])
					}
				}
				passing = n - len(kept)
			}
			if passing == 0 {
				t.Fatal("no seed passed: nothing was reused")
			}
		})
	}
}

// TestReusedSeedAllocates: a passing seed of a sweep that reuses results
// allocates no result: on layered 50, where a fresh result is about 20
// KB, a seed allocates under 2 KB in all (what is left: the chooser, the
// hashes, the monitor's and the interpreter's few).
func TestReusedSeedAllocates(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under -race")
	}
	x := mustWorld(t, layered50(t), Options{})
	// Enough seeds that a one-off allocation during the measured sweep (a
	// collection emptying the world's pools, so that a machine is cloned
	// again) does not move the average across the bound.
	const seeds = 1500
	perSeed := func(reuse bool) float64 {
		opts := SweepOptions{Seeds: seeds, Workers: 1, Reuse: reuse}
		x.Sweep(opts, func(Outcome) {}) // warm up: machines, buffers, caches
		var a, b goruntime.MemStats
		goruntime.ReadMemStats(&a)
		x.Sweep(opts, func(Outcome) {})
		goruntime.ReadMemStats(&b)
		return float64(b.TotalAlloc-a.TotalAlloc) / seeds
	}
	fresh, reused := perSeed(false), perSeed(true)
	t.Logf("bytes per seed: %.0f fresh, %.0f reused", fresh, reused)
	if reused > 2048 || reused > fresh/8 {
		t.Fatalf("a reused seed allocates %.0f bytes (fresh: %.0f), want under 2 KiB and an eighth of fresh", reused, fresh)
	}
}
