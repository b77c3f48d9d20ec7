package schedule

import (
	goruntime "runtime"
	"testing"
)

// sweepPeakHeap sweeps seeds 1..seeds of x with a deliver callback that
// keeps nothing and returns the peak HeapInuse sampled every `every`
// outcomes (and once at the end).
func sweepPeakHeap(x *World, seeds, every int) uint64 {
	goruntime.GC()
	var ms goruntime.MemStats
	var peak uint64
	sample := func() {
		goruntime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapInuse)
	}
	n := 0
	x.Sweep(SweepOptions{Seeds: seeds}, func(o Outcome) {
		if n++; n%every == 0 {
			sample()
		}
	})
	sample()
	return peak
}

// TestSweepMemoryFlat: the peak heap of a sweep does not grow with the
// number of seeds. Outcomes stream in seed order through a bounded window,
// so 20,000 seeds must peak no higher than 2,000 do, give or take GC
// pacing. It asserts memory only, never time.
func TestSweepMemoryFlat(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("sweeps 22,000 seeds; skipped under -short and -race")
	}
	x := explorerOf(t, workedExample, Options{})
	const every = 100
	sweepPeakHeap(x, 500, every) // warm up: pools, caches, worker stacks
	small := sweepPeakHeap(x, 2000, every)
	large := sweepPeakHeap(x, 20000, every)
	t.Logf("peak HeapInuse: 2,000 seeds %d KiB, 20,000 seeds %d KiB", small>>10, large>>10)
	const slack = 2 << 20
	if limit := small + small/2 + slack; large > limit {
		t.Fatalf("peak heap grew with the seeds: %d KiB for 20,000 seeds, %d KiB for 2,000 (limit %d KiB)", large>>10, small>>10, limit>>10)
	}
}
