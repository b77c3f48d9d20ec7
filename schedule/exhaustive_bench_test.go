package schedule

import (
	"fmt"
	goruntime "runtime"
	"strings"
	"testing"

	"revl.dev/debug/internal/gen"
)

// Growing compositions for the exhaustive search (docs/performance.md).

// independentProgram: n components that share nothing (each provides its
// own key): one class, however many schedules.
func independentProgram(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "service S%d { fn f() -> Int }\ncomponent C%d provides k%d: S%d { provide k%d { fn f() = %d } }\n", i, i, i, i, i, i)
	}
	return b.String()
}

// emittersProgram: the worked example with n consumers, each emitting once
// on one ordered log: n! classes, one per emission order.
func emittersProgram(n int) string {
	var b strings.Builder
	b.WriteString("service Log { emission fn write(line: Str) }\ncomponent Sink provides log: Log { provide log { fn write(line) { } } }\n")
	for i := range n {
		fmt.Fprintf(&b, "component A%d requires log: Log { emit log.write(\"A%d up\") }\n", i, i)
	}
	return b.String()
}

// mixedProgram: n consumers of a commutative metrics service and a cache
// provider; half of them also emit on an ordered log, and each reads the
// cache: the classes are the orders of the ordered emitters.
func mixedProgram(n int) string {
	var b strings.Builder
	b.WriteString(`service Log { emission fn write(line: Str) }
commutative service Metrics { emission fn count(name: Str) }
service Kv { fn get(k: Str) -> Opt[Str] }
component Sink provides log: Log, m: Metrics { provide log { fn write(line) { } }
  provide m { fn count(name) { } } }
component Cache provides kv: Kv { let t = effect Map.new() undo t.drop()
  provide kv { fn get(k) = t.get(k) } }
`)
	for i := range n {
		fmt.Fprintf(&b, "component U%d requires log: Log, m: Metrics, kv: Kv {\n  emit m.count(\"u%d\")\n  effect kv.get(\"u%d\") undo 0\n", i, i, i)
		if i%2 == 0 {
			fmt.Fprintf(&b, "  emit log.write(\"U%d up\")\n", i)
		}
		b.WriteString("}\n")
	}
	return b.String()
}

type growing struct {
	name  string
	gen   func(int) string
	sizes []int
	naive int // the largest size the naive enumeration is run at
}

var growingCompositions = []growing{
	{"independent", independentProgram, []int{2, 4, 8, 16, 64}, 4},
	{"emitters", emittersProgram, []int{2, 3, 4, 5, 6, 7}, 4},
	{"mixed", mixedProgram, []int{2, 4, 6, 8, 10}, 3},
}

// BenchmarkExhaustive runs the exhaustive search on growing compositions
// and reports schedules, classes, schedules per class, time per class and
// the peak wakeup-tree size; the naive/ runs enumerate every choice vector.
func BenchmarkExhaustive(b *testing.B) {
	for _, g := range growingCompositions {
		for _, n := range g.sizes {
			w := worldOf(b, g.name, g.gen(n))
			b.Run(fmt.Sprintf("%s/n=%d", g.name, n), func(b *testing.B) {
				var rep ExhaustiveReport
				for b.Loop() {
					rep = w.Exhaustive(ExhaustiveOptions{}, nil)
				}
				b.ReportMetric(float64(rep.Schedules), "schedules")
				b.ReportMetric(float64(rep.Classes), "classes")
				b.ReportMetric(rep.SchedulesPerClass(), "schedules/class")
				b.ReportMetric(float64(rep.PeakTree), "peak-tree-nodes")
				b.ReportMetric(float64(rep.Replayed)/float64(rep.Schedules), "replayed-atoms/schedule")
				b.ReportMetric(float64(rep.Depth), "depth")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(max(rep.Classes, 1)), "ns/class")
			})
			if n > g.naive {
				continue
			}
			b.Run(fmt.Sprintf("%s/naive/n=%d", g.name, n), func(b *testing.B) {
				var runs int
				classes := map[uint64]bool{}
				for b.Loop() {
					runs, _ = naiveEnumerate(w, 1<<22, func(_ *Result, c uint64) { classes[c] = true })
				}
				b.ReportMetric(float64(runs), "schedules")
				b.ReportMetric(float64(len(classes)), "classes")
				b.ReportMetric(float64(runs)/float64(len(classes)), "schedules/class")
			})
		}
	}
}

// TestExhaustiveGrowing checks the figures the benchmark reports: optimal
// (one schedule per class, none sleep-blocked) at every size, the class
// counts the compositions imply, and agreement with the naive enumeration
// where it is run.
func TestExhaustiveGrowing(t *testing.T) {
	factorial := func(n int) int {
		f := 1
		for i := 2; i <= n; i++ {
			f *= i
		}
		return f
	}
	want := map[string]func(n int) int{
		"independent": func(int) int { return 1 },
		"emitters":    factorial,
		"mixed":       func(n int) int { return factorial((n + 1) / 2) },
	}
	for _, g := range growingCompositions {
		for _, n := range g.sizes {
			if testing.Short() && n > 6 {
				continue
			}
			w := worldOf(t, g.name, g.gen(n))
			rep := w.Exhaustive(ExhaustiveOptions{Distinct: true}, nil)
			if rep.Classes != want[g.name](n) || rep.Schedules != rep.Classes || rep.Blocked != 0 {
				t.Errorf("%s n=%d: %d schedules, %d classes, %d blocked; want %d classes, one schedule each", g.name, n, rep.Schedules, rep.Classes, rep.Blocked, want[g.name](n))
			}
			if n <= g.naive && n <= 3 {
				classes := map[uint64]bool{}
				naiveEnumerate(w, 1<<20, func(_ *Result, c uint64) { classes[c] = true })
				if len(classes) != rep.Classes {
					t.Errorf("%s n=%d: naive %d classes, exhaustive %d", g.name, n, len(classes), rep.Classes)
				}
			}
		}
	}
}

// exhaustivePeakHeap runs the search and samples HeapInuse every `every`
// schedules.
func exhaustivePeakHeap(w *World, every int) (uint64, ExhaustiveReport) {
	goruntime.GC()
	var ms goruntime.MemStats
	var peak uint64
	n := 0
	rep := w.Exhaustive(ExhaustiveOptions{}, func(ExhaustiveRun) {
		if n++; n%every == 0 {
			goruntime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
		}
	})
	goruntime.ReadMemStats(&ms)
	return max(peak, ms.HeapInuse), rep
}

// TestExhaustiveMemoryBoundedByDepth: the search holds a sleep set and a
// wakeup tree per decision of the current schedule, not the classes it has
// run, so 5,040 classes peak no higher than 120 do, give or take GC pacing.
func TestExhaustiveMemoryBoundedByDepth(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("runs 5,160 schedules; skipped under -short and -race")
	}
	exhaustivePeakHeap(worldOf(t, "emitters", emittersProgram(4)), 10) // warm up
	small, rs := exhaustivePeakHeap(worldOf(t, "emitters", emittersProgram(5)), 10)
	large, rl := exhaustivePeakHeap(worldOf(t, "emitters", emittersProgram(7)), 10)
	t.Logf("peak HeapInuse: %d classes %d KiB (tree %d nodes), %d classes %d KiB (tree %d nodes)",
		rs.Classes, small>>10, rs.PeakTree, rl.Classes, large>>10, rl.PeakTree)
	const slack = 2 << 20
	if limit := small + small/2 + slack; large > limit {
		t.Fatalf("peak heap grew with the classes: %d KiB for %d classes, %d KiB for %d (limit %d KiB)", large>>10, rl.Classes, small>>10, rs.Classes, limit>>10)
	}
}

// BenchmarkBranchPoint compares the two ways the search can reach a branch
// point halfway down a schedule of emittersProgram(7): replaying the
// prefix from the pristine machine (what it does) or cloning a driver kept
// at the branch point (what it would do with a clone per decision).
func BenchmarkBranchPoint(b *testing.B) {
	w := worldOf(b, "emitters", emittersProgram(7))
	half := 8
	b.Run("replay", func(b *testing.B) {
		for b.Loop() {
			d := NewDriver(w, nil, nil)
			for range half {
				d.RunAtom()
			}
		}
	})
	b.Run("clone", func(b *testing.B) {
		d := NewDriver(w, nil, nil)
		for range half {
			d.RunAtom()
		}
		for b.Loop() {
			_ = d.Clone()
		}
	})
}

// BenchmarkSweepClasses is the cost of coverage in a seeded sweep: the
// same 100 seeds with and without recording each schedule's class and
// estimator term.
func BenchmarkSweepClasses(b *testing.B) {
	for _, c := range []struct {
		name string
		w    *World
	}{
		{"worked", explorerOf(b, workedExample, Options{})},
		{"layered50", func() *World {
			w := mustWorld(b, layered50(b), Options{})
			return w
		}()},
	} {
		for _, classes := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/classes=%v", c.name, classes), func(b *testing.B) {
				for b.Loop() {
					c.w.Sweep(SweepOptions{Seeds: 100, Workers: 1, NoShrink: true, Classes: classes}, func(Outcome) {})
				}
			})
		}
	}
}

// BenchmarkExhaustiveScale is the cost of one schedule of the exhaustive
// search on large compositions (docs/performance.md, "Exhaustive search"):
// internal/gen.Wide (one Sink and n-1 consumers, every schedule a total
// order of 2n decisions) and a layered composition of width 100 (each
// component requires two of the layer below and creates a Map; the
// teardowns form ~100 chains), at 300, 5,000 and 50,000 components. One
// op is a search bounded at `schedules` schedules; it reports the time
// and the bytes allocated per schedule, per decision, and the peak live
// heap above the world's. seeded/ runs as many seeded schedules without
// the search, for its share.
//
//	go test ./schedule -run XXX -bench ExhaustiveScale -benchtime 1x
func BenchmarkExhaustiveScale(b *testing.B) {
	const schedules = 4
	shapes := []struct {
		name string
		src  func(n int) string
	}{
		{"wide", func(n int) string { return string(gen.Source(gen.Wide(n))) }},
		{"layered", func(n int) string { return layeredProgram(max(n/100, 1), 100) }},
	}
	for _, sh := range shapes {
		for _, n := range []int{300, 5_000, 50_000} {
			var w *World
			world := func(b *testing.B) *World {
				if w == nil {
					w = sourceWorld(b, sh.name+".rvl", sh.src(n), Options{})
				}
				return w
			}
			b.Run(fmt.Sprintf("%s=%d/search", sh.name, n), func(b *testing.B) {
				w := world(b)
				var rep ExhaustiveReport
				var peak uint64
				var ms goruntime.MemStats
				goruntime.GC()
				goruntime.ReadMemStats(&ms)
				base, allocs := ms.HeapInuse, ms.TotalAlloc
				b.ResetTimer()
				for b.Loop() {
					rep = w.Exhaustive(ExhaustiveOptions{MaxSchedules: schedules}, func(ExhaustiveRun) {
						goruntime.ReadMemStats(&ms)
						peak = max(peak, ms.HeapInuse)
					})
				}
				b.StopTimer()
				goruntime.ReadMemStats(&ms)
				runs := float64(b.N * rep.Schedules)
				b.ReportMetric(float64(rep.Depth), "decisions")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/runs, "ns/schedule")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/runs/float64(rep.Depth), "ns/decision")
				b.ReportMetric(float64(ms.TotalAlloc-allocs)/runs, "B/schedule")
				b.ReportMetric(float64(peak-min(peak, base))/(1<<20), "peak-heap-MB")
				b.ReportMetric(float64(rep.PeakTree), "peak-tree-nodes")
			})
			b.Run(fmt.Sprintf("%s=%d/seeded", sh.name, n), func(b *testing.B) {
				w := world(b)
				b.ResetTimer()
				for b.Loop() {
					for seed := range uint64(schedules) {
						w.Explore(seed, false)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*schedules), "ns/schedule")
			})
		}
	}
}
