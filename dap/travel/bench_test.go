package travel

import (
	"runtime"
	"runtime/debug"
	"testing"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/runtime/check"
)

// The 100,000-decision schedule of docs/performance.md: a wide and shallow
// composition of 50,000 components (internal/gen.Wide), every component
// activating and tearing down once.
func wide(b *testing.B, n int) *check.Program {
	b.Helper()
	p, diags := check.Source("wide.rvl", gen.Source(gen.Wide(n)))
	if check.HasErrors(diags) {
		b.Fatal(diags[0].Error())
	}
	return p
}

func heap() uint64 {
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkEngine100k builds the engine of a seeded 100,000-decision
// schedule (the canonical run and the seeded run, to their ends) and
// reports the memory its checkpoints hold, the memory of the whole engine,
// and the cost of a jump to decision 99,990 and of one back to decision 10.
// Run it with -benchtime=1x: one build takes seconds.
func BenchmarkEngine100k(b *testing.B) {
	p := wide(b, 50_000)
	base := heap()
	seed := uint64(7)
	for range b.N {
		e, err := New(worldOf(b, p), Tape{Seed: &seed}, Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		all := heap()
		n := len(e.cps.list)
		kept := e.cps.list[0]
		clear(e.cps.list)
		e.cps.list = append(e.cps.list[:0], kept)
		rest := heap()
		b.ReportMetric(float64(len(e.Decisions())), "decisions")
		b.ReportMetric(float64(n), "checkpoints")
		b.ReportMetric(float64(all-rest)/(1<<20), "checkpoint-MB")
		b.ReportMetric(float64(all-base)/(1<<20), "engine-MB")
		runtime.KeepAlive(e)
		b.StartTimer()
	}
}
