package schedule

import (
	"fmt"
	goruntime "runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"revl.dev/debug/internal/cpuclock"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

// layeredProgram generates a composition of layers*width components: each
// component of layer l > 0 requires two keys of layer l-1 (its own column
// and the next one), emits through both when it comes up, holds a Map, and
// provides its own key to layer l+1; layer 0 has no requires and the last
// layer provides nothing. The service is commutative, so every order
// passes: a sweep of it measures the scheduler, not the shrinker.
func layeredProgram(layers, width int) string {
	if width < 2 {
		panic("layeredProgram: width must be at least 2")
	}
	var b strings.Builder
	b.WriteString("commutative service Layer {\n  emission fn note(line: Str)\n  fn get(k: Str) -> Opt[Str]\n}\n")
	for l := 0; l < layers; l++ {
		for i := 0; i < width; i++ {
			fmt.Fprintf(&b, "\ncomponent C%d_%d", l, i)
			var below []string
			if l > 0 {
				below = []string{fmt.Sprintf("k%d_%d", l-1, i), fmt.Sprintf("k%d_%d", l-1, (i+1)%width)}
				fmt.Fprintf(&b, " requires %s: Layer, %s: Layer", below[0], below[1])
			}
			if l < layers-1 {
				fmt.Fprintf(&b, " provides k%d_%d: Layer", l, i)
			}
			b.WriteString(" {\n  let m = effect Map.new() undo m.drop()\n")
			for _, k := range below {
				fmt.Fprintf(&b, "  emit %s.note(\"C%d_%d up\")\n", k, l, i)
			}
			if l < layers-1 {
				fmt.Fprintf(&b, "  provide k%d_%d {\n    fn note(line) { m.insert(line, line) }\n    fn get(k) = m.get(k)\n  }\n", l, i)
			}
			b.WriteString("}\n")
		}
	}
	return b.String()
}

// layered50 is the 50-component benchmark composition: 5 layers of 10.
func layered50(tb testing.TB) *check.Program {
	tb.Helper()
	return sourceProgram(tb, "layered50.rvl", []byte(layeredProgram(5, 10)))
}

func TestLayeredProgramPasses(t *testing.T) {
	x := mustWorld(t, layered50(t), Options{})
	if !x.Baseline().OK() || len(x.Baseline().Choices) != 100 || len(x.Baseline().Emissions) != 80 {
		t.Fatalf("baseline: %d decisions, %d emissions, findings %v", len(x.Baseline().Choices), len(x.Baseline().Emissions), x.Baseline().Findings)
	}
	seeds := 10
	if testing.Short() || raceEnabled {
		seeds = 3
	}
	x.Sweep(SweepOptions{Seeds: seeds, NoShrink: true}, func(o Outcome) {
		if !o.Result.OK() {
			t.Errorf("seed %d: %v", o.Seed, o.Result.Findings)
		}
		if b := newBareGraph(x.Program()); fmt.Sprint(b.run(NewSeeded(o.Seed), nil)) != fmt.Sprint(o.Result.Choices) {
			t.Errorf("seed %d: the bare loop drew another schedule than the explorer", o.Seed)
		}
	})
}

// bareGraph is the dependency graph of a program and nothing else: the
// baseline the scheduler's per-schedule cost is measured against.
type bareGraph struct {
	activate, teardown []runtime.Atom // by load-order index
	providers          [][]int        // load indices of the providers of each one's required keys
	dependents         [][]int
	unprovided         []bool // requires a key nobody provides: never ready
	state              []runtime.FiberState
	ready              []runtime.Atom
	readyIdx           []int
}

func newBareGraph(p *check.Program) *bareGraph {
	n := len(p.LoadOrder)
	g := &bareGraph{
		activate: make([]runtime.Atom, n), teardown: make([]runtime.Atom, n),
		providers: make([][]int, n), dependents: make([][]int, n), unprovided: make([]bool, n),
		state: make([]runtime.FiberState, n),
	}
	index := map[string]int{}
	for i, c := range p.LoadOrder {
		index[c.Name] = i
	}
	for i, c := range p.LoadOrder {
		g.activate[i] = runtime.Atom{Kind: runtime.Activate, Fiber: c.Name}
		g.teardown[i] = runtime.Atom{Kind: runtime.Teardown, Fiber: c.Name}
		for _, k := range c.Requires {
			if k.Provider == nil {
				g.unprovided[i] = true
				continue
			}
			g.providers[i] = append(g.providers[i], index[k.Provider.Name])
		}
		for _, d := range p.Dependents(c) {
			g.dependents[i] = append(g.dependents[i], index[d.Name])
		}
	}
	return g
}

// run draws one schedule with ch over the spec §6 ready-set rule, every
// activation succeeding, and returns the choice vector appended to buf.
func (g *bareGraph) run(ch Chooser, buf []int) []int {
	for i := range g.state {
		g.state[i] = runtime.Pending
	}
	for {
		g.ready, g.readyIdx = g.ready[:0], g.readyIdx[:0]
	activates:
		for i, s := range g.state {
			if s != runtime.Pending || g.unprovided[i] {
				continue
			}
			for _, p := range g.providers[i] {
				if g.state[p] != runtime.Active {
					continue activates
				}
			}
			g.ready, g.readyIdx = append(g.ready, g.activate[i]), append(g.readyIdx, i)
		}
	teardowns:
		for i, s := range g.state {
			if s != runtime.Active {
				continue
			}
			for _, d := range g.dependents[i] {
				if g.state[d] != runtime.Down && g.state[d] != runtime.Failed {
					continue teardowns
				}
			}
			g.ready, g.readyIdx = append(g.ready, g.teardown[i]), append(g.readyIdx, i)
		}
		if len(g.ready) == 0 {
			return buf
		}
		c := ch.Choose(len(g.ready))
		buf = append(buf, c)
		if i := g.readyIdx[c]; g.state[i] == runtime.Pending {
			g.state[i] = runtime.Active
		} else {
			g.state[i] = runtime.Down
		}
	}
}

type benchProgram struct {
	name string
	prog func(testing.TB) *check.Program
}

var benchPrograms = []benchProgram{
	{"two-consumers", func(tb testing.TB) *check.Program { return loadProgram(tb, workedExample) }},
	{"layered50", layered50},
}

// BenchmarkSchedule measures schedules per second: one op is one seeded
// schedule run and checked against the baseline (no shrinking).
func BenchmarkSchedule(b *testing.B) {
	for _, bp := range benchPrograms {
		b.Run(bp.name, func(b *testing.B) {
			x := mustWorld(b, bp.prog(b), Options{})
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				x.Run(NewSeeded(uint64(i + 1)))
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "schedules/s")
		})
	}
}

// BenchmarkScheduleVsBareLoop measures, in one process and one run, b.N
// bare schedules (a seeded random topological order of the same graph,
// same chooser, same ready-set rule, no interpreter) and b.N real ones,
// and reports the ratio of their per-schedule costs as x-bare. The two
// kinds run in alternating chunks of the same seeds, so that a change in
// machine load affects both alike.
func BenchmarkScheduleVsBareLoop(b *testing.B) { benchVsBare(b, false) }

// BenchmarkScheduleVsBareLoopReused is BenchmarkScheduleVsBareLoop with
// each result handed back to its world once the loop is done with it
// (World.recycle), as revl test's sweep hands back its passing seeds'
// results, and as the bare loop reuses its order's buffer: the schedule
// builds its result in the last one's arrays instead of fresh memory.
func BenchmarkScheduleVsBareLoopReused(b *testing.B) { benchVsBare(b, true) }

func benchVsBare(b *testing.B, reuse bool) {
	for _, bp := range benchPrograms {
		b.Run(bp.name, func(b *testing.B) {
			x := mustWorld(b, bp.prog(b), Options{})
			againstBare(b, x, "sched-ns/sched", func(from, to int) {
				for i := from; i < to; i++ {
					r := x.Run(NewSeeded(uint64(i + 1)))
					if reuse {
						x.recycle(r)
					}
				}
			})
		})
	}
}

// BenchmarkFreshResultVsBareLoop measures what a fresh result costs
// World.Run before the schedule writes any of it: the short schedule's
// result block (runIn) allocated and two of its fields set, in chunks
// alternating with the bare loop's as benchVsBare runs them, and
// reported as x-bare beside the bare loop. The difference between
// BenchmarkScheduleVsBareLoop and its Reused variant is about this and
// the collections it brings.
func BenchmarkFreshResultVsBareLoop(b *testing.B) {
	x := mustWorld(b, loadProgram(b, workedExample), Options{})
	againstBare(b, x, "result-ns/sched", func(from, to int) {
		for range to - from {
			freshBlock = &resultBlock{r: Result{Divergence: -1, ready: readyLog{table: x.labels}}}
		}
	})
}

// againstBare runs b.N bare schedules of x's program and b.N calls of
// work in alternating chunks of the same seeds (work(from, to) does
// those of seeds from+1 to to), so that a change in machine load affects
// both alike, and reports each one's cost per schedule (the work's under
// the unit name) and their ratio as x-bare.
func againstBare(b *testing.B, x *World, unit string, work func(from, to int)) {
	const chunk = 512
	g := newBareGraph(x.Program())
	var buf []int
	var bare, real int64
	b.ResetTimer()
	for done := 0; done < b.N; done += chunk {
		n := min(chunk, b.N-done)
		t0 := b.Elapsed()
		for i := done; i < done+n; i++ {
			buf = g.run(NewSeeded(uint64(i+1)), buf[:0])
		}
		t1 := b.Elapsed()
		work(done, done+n)
		t2 := b.Elapsed()
		bare += int64(t1 - t0)
		real += int64(t2 - t1)
	}
	n := float64(b.N)
	b.ReportMetric(float64(bare)/n, "bare-ns/sched")
	b.ReportMetric(float64(real)/n, unit)
	b.ReportMetric(float64(real)/float64(bare), "x-bare")
}

// freshBlock keeps BenchmarkFreshResultVsBareLoop's blocks from being
// optimised away, as a caller of World.Run keeps its results.
var freshBlock *resultBlock

// BenchmarkSweepSeed measures what one seed of a one-worker sweep costs
// as revl test runs it (results of passing seeds reused, outcomes not
// kept): one op is one seed, so -benchmem gives its allocations, the
// garbage a sweep makes per seed.
func BenchmarkSweepSeed(b *testing.B) {
	for _, bp := range benchPrograms {
		b.Run(bp.name, func(b *testing.B) {
			x := mustWorld(b, bp.prog(b), Options{})
			x.Sweep(SweepOptions{Seeds: 50, Workers: 1, Reuse: true}, func(Outcome) {}) // warm up
			b.ReportAllocs()
			b.ResetTimer()
			x.Sweep(SweepOptions{Seeds: b.N, Workers: 1, Reuse: true}, func(Outcome) {})
		})
	}
}

// BenchmarkSweepScaling sweeps the same 2,000 seeds with one worker and
// with GOMAXPROCS workers in every op (which goes first alternates), as
// revl test sweeps (results of passing seeds reused), and
// reports the wall-clock speedup of the second, and what does not depend
// on how loaded the machine is: the process CPU time of the many-worker
// sweep over the one-worker sweep's (cpu-ratio: 1.0 means the workers
// add no work, so on idle cores the speedup is the worker count) and the
// garbage collections per 1,000 seeds.
func BenchmarkSweepScaling(b *testing.B) {
	const seeds = 2000
	for _, bp := range benchPrograms {
		b.Run(bp.name, func(b *testing.B) {
			x := mustWorld(b, bp.prog(b), Options{})
			procs := goruntime.GOMAXPROCS(0)
			discard := func(Outcome) {}
			var wall, cpu, gcs [2]int64
			var ms goruntime.MemStats
			sweep := func(k, workers int) {
				goruntime.ReadMemStats(&ms)
				g0, c0, t0 := ms.NumGC, int64(cpuclock.Process()), b.Elapsed()
				x.Sweep(SweepOptions{Seeds: seeds, Workers: workers, Reuse: true}, discard)
				t1, c1 := b.Elapsed(), int64(cpuclock.Process())
				goruntime.ReadMemStats(&ms)
				wall[k] += int64(t1 - t0)
				cpu[k] += c1 - c0
				gcs[k] += int64(ms.NumGC - g0)
			}
			x.Sweep(SweepOptions{Seeds: 50, Workers: procs}, discard) // warm up: idle machines, baseline
			var ideal [2]time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i%2 == 0 {
					sweep(0, 1)
					sweep(1, procs)
				} else {
					sweep(1, procs)
					sweep(0, 1)
				}
				// What the machine gives a second thread right now: the
				// same work on one thread and split over procs.
				ideal[0] += parallelLoop(b, 1)
				ideal[1] += parallelLoop(b, procs)
			}
			n := float64(b.N) * seeds
			b.ReportMetric(n/(float64(wall[0])/1e9), "seeds/s-1w")
			b.ReportMetric(n/(float64(wall[1])/1e9), fmt.Sprintf("seeds/s-%dw", procs))
			b.ReportMetric(float64(wall[0])/float64(wall[1]), "speedup")
			b.ReportMetric(float64(ideal[0])/float64(ideal[1]), "ideal-speedup")
			b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "cpu-ratio")
			b.ReportMetric(float64(gcs[0])*1000/n, "gc/1k-seeds-1w")
			b.ReportMetric(float64(gcs[1])*1000/n, fmt.Sprintf("gc/1k-seeds-%dw", procs))
		})
	}
}

// parallelLoop times a fixed amount of integer work split over n
// goroutines: perfectly parallel, no memory, no sharing. Its speedup from
// 1 to n is the most a sweep could get from n workers at that moment, on
// a machine shared with other work.
func parallelLoop(b *testing.B, n int) time.Duration {
	const total = 300_000_000
	var wg sync.WaitGroup
	sums := make([]uint64, n)
	t0 := b.Elapsed() // the benchmark's clock: this package reads no other
	for w := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := uint64(w + 1)
			for range total / n {
				x = x*6364136223846793005 + 1442695040888963407
			}
			sums[w] = x
		}()
	}
	wg.Wait()
	return b.Elapsed() - t0
}

// BenchmarkShrink measures one shrink of a failing seed (cycling through
// the failing seeds of 1..60) and reports the replays it ran.
func BenchmarkShrink(b *testing.B) {
	for _, path := range []string{workedExample, fixtureDir + "/residue_order.rvl"} {
		name := strings.TrimSuffix(path[strings.LastIndex(path, "/")+1:], ".rvl")
		b.Run(name, func(b *testing.B) {
			x := explorerOf(b, path, Options{})
			var failing []*Result
			for s := uint64(1); s <= 60; s++ {
				if r := x.Run(NewSeeded(s)); !r.OK() {
					failing = append(failing, r)
				}
			}
			if len(failing) == 0 {
				b.Fatal("no failing seed")
			}
			replays := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				replays += Shrink(failing[i%len(failing)], x.Replay).Replays
			}
			b.ReportMetric(float64(replays)/float64(b.N), "replays/shrink")
		})
	}
}

// BenchmarkMachineOnly splits the per-schedule cost: the canonical
// schedule driven on a clone of the explorer's pristine machine with no
// event sink, with a sink that drops every event (what execute pays for
// building an Event per statement), and the full Explorer.Run (ready-set
// labels, choice recording, properties and fingerprint on top).
func BenchmarkMachineOnly(b *testing.B) {
	for _, bp := range benchPrograms {
		x := mustWorld(b, bp.prog(b), Options{})
		drive := func(sink bool) {
			m := x.pristine.Clone()
			if sink {
				m.SetSink(func(runtime.Event) {})
			}
			for {
				ready := m.Ready()
				if len(ready) == 0 {
					return
				}
				_ = m.Run(ready[0])
			}
		}
		b.Run(bp.name+"/no-sink", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				drive(false)
			}
		})
		b.Run(bp.name+"/sink", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				drive(true)
			}
		})
		b.Run(bp.name+"/explorer", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				x.Run(Canonical{})
			}
		})
	}
}

// layeredAsync is layeredProgram with every component also arming a
// ticker and awaiting a warm-up job before it publishes: the composition
// on which fine atoms have work of their own (a complete, a resume and up
// to MaxFires fires per component).
func layeredAsync(layers, width int) string {
	var b strings.Builder
	name := ""
	for _, line := range strings.SplitAfter(layeredProgram(layers, width), "\n") {
		if rest, ok := strings.CutPrefix(line, "component "); ok {
			name, _, _ = strings.Cut(rest, " ")
		}
		b.WriteString(line)
		if strings.HasPrefix(line, "  let m = effect Map.new()") {
			fmt.Fprintf(&b, "  every 30s { m.insert(\"tick\", \"tick\") }\n  await Job.run(\"warm %s\")\n", name)
		}
	}
	return b.String()
}

// BenchmarkFineVsLifecycle measures schedules per second with each
// alphabet on the layered 50-component composition (where fine atoms add
// none of their own: the cost of the finer ready set) and on its async
// variant (a job and a ticker per component).
func BenchmarkFineVsLifecycle(b *testing.B) {
	for _, prog := range []struct{ name, src string }{
		{"layered50", layeredProgram(5, 10)},
		{"layered50-async", layeredAsync(5, 10)},
	} {
		for _, mode := range []runtime.AtomMode{runtime.AtomsLifecycle, runtime.AtomsFine} {
			b.Run(prog.name+"/"+mode.String(), func(b *testing.B) {
				x := mustWorld(b, sourceProgram(b, prog.name+".rvl", []byte(prog.src)), Options{Runtime: runtime.Options{Atoms: mode}})
				if r := x.Baseline(); !r.OK() {
					b.Fatalf("the canonical run fails: %v", r.Findings)
				}
				b.ReportAllocs()
				b.ResetTimer()
				decisions := 0
				for i := 0; i < b.N; i++ {
					decisions += len(x.Run(NewSeeded(uint64(i + 1))).Choices)
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "schedules/s")
				b.ReportMetric(float64(decisions)/float64(b.N), "decisions/schedule")
			})
		}
	}
}

// TestLayeredAsyncPasses: the async benchmark composition passes a fine
// sweep, so the benchmark measures clean schedules.
func TestLayeredAsyncPasses(t *testing.T) {
	x := mustWorld(t, sourceProgram(t, "async.rvl", []byte(layeredAsync(5, 10))), fineOpts)
	x.Sweep(SweepOptions{Seeds: 5, NoShrink: true}, func(o Outcome) {
		if !o.Result.OK() {
			t.Errorf("seed %d: %v", o.Seed, o.Result.Findings)
		}
	})
}
