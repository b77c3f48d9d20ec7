package schedule

import (
	"fmt"
	"maps"
	goruntime "runtime"
	"slices"
	"testing"

	"revl.dev/debug/internal/gen"
)

// refTrace is the happens-before as the search first computed it, a bit
// set per decision over every earlier one: quadratic, and the reference
// the sparse trace is checked against.
type refTrace struct {
	n         int
	dep, pred []bitset
	enablers  [][]int
}

func (b bitset) or(c bitset) {
	for i := range b {
		b[i] |= c[i]
	}
}

func refTraceOf(fps []Footprint) *refTrace {
	n := len(fps)
	words := (n + 63) / 64
	t := &refTrace{n: n, dep: make([]bitset, n), pred: make([]bitset, n), enablers: make([][]int, n)}
	type acc struct {
		at   int
		mode accessMode
	}
	byObj := map[int32][]acc{}
	lastWrite := map[int32]int{}
	for j := range n {
		t.dep[j], t.pred[j] = make(bitset, words), make(bitset, words)
		for _, o := range fps[j].ready {
			if i, ok := lastWrite[o]; ok {
				t.enablers[j] = append(t.enablers[j], i)
			}
		}
		for _, a := range fps[j].acc {
			for _, p := range byObj[a.obj] {
				if conflicts(p.mode, a.mode) {
					t.dep[j].set(p.at)
				}
			}
			byObj[a.obj] = append(byObj[a.obj], acc{j, a.mode})
			if a.mode == write {
				lastWrite[a.obj] = j
			}
		}
		for i := range j {
			if t.dep[j].has(i) {
				t.pred[j].or(t.pred[i])
				t.pred[j].set(i)
			}
		}
	}
	return t
}

// races are the decisions j depends on directly and not through another.
func (t *refTrace) races(j int) []int32 {
	via := make(bitset, (t.n+63)/64)
	for i := range j {
		if t.dep[j].has(i) {
			via.or(t.pred[i])
		}
	}
	var out []int32
	for i := range j {
		if t.dep[j].has(i) && !via.has(i) {
			out = append(out, int32(i))
		}
	}
	return out
}

func (t *refTrace) notAfter(i int) []int32 {
	var out []int32
	for k := i + 1; k < t.n; k++ {
		if !t.pred[k].has(i) {
			out = append(out, int32(k))
		}
	}
	return out
}

func (t *refTrace) normalForm(ids []int32) []int32 {
	taken := make(bitset, (t.n+63)/64)
	out := make([]int32, 0, t.n)
	for len(out) < t.n {
		best := -1
		for j := range t.n {
			if taken.has(j) || best >= 0 && ids[j] >= ids[best] {
				continue
			}
			ok := true
			for w, p := range t.pred[j] {
				if p&^taken[w] != 0 {
					ok = false
					break
				}
			}
			if ok {
				best = j
			}
		}
		taken.set(best)
		out = append(out, ids[best])
	}
	return out
}

// randomFootprints is a run of n decisions over objs objects, each decision
// touching up to four of them in any mode and reading up to two for its
// readiness; ids repeat (as fine atoms' do).
func randomFootprints(g *lcg, n, objs int) ([]Footprint, []int32) {
	fps := make([]Footprint, n)
	ids := make([]int32, n)
	modes := []accessMode{read, tick, write}
	for j := range fps {
		for range g.intn(5) {
			o := int32(g.intn(objs))
			fps[j].add(o, modes[g.intn(3)])
		}
		for range g.intn(3) {
			fps[j].ready = append(fps[j].ready, int32(g.intn(objs)))
		}
		ids[j] = int32(g.intn(n/2 + 1))
	}
	return fps, ids
}

// checkTrace compares every answer of the sparse trace with the reference.
func checkTrace(t *testing.T, name string, fps []Footprint, ids []int32) {
	t.Helper()
	ref, got := refTraceOf(fps), traceOf(fps)
	for j := range ref.n {
		if r, g := ref.races(j), got.imm(j); !slices.Equal(r, g) {
			t.Fatalf("%s: decision %d is immediately after %v, want %v", name, j, g, r)
		}
		if !slices.Equal(ref.enablers[j], got.enablers[j]) {
			t.Fatalf("%s: decision %d enabled by %v, want %v", name, j, got.enablers[j], ref.enablers[j])
		}
		for i := range j {
			if r, g := ref.pred[j].has(i), got.reaches(i, j); r != g {
				t.Fatalf("%s: %d happens before %d: %v, want %v", name, i, j, g, r)
			}
		}
		if r, g := ref.notAfter(j), got.notAfter(j); !slices.Equal(r, g) {
			t.Fatalf("%s: after %d and not after it: %v, want %v", name, j, g, r)
		}
	}
	if r, g := ref.normalForm(ids), got.normalForm(ids); !slices.Equal(r, g) {
		t.Fatalf("%s: normal form %v, want %v", name, g, r)
	}
}

// TestTraceMatchesReference: the sparse happens-before gives the races,
// the order, the wakeup sequences' decisions, the enablers and the normal
// form of the bit-set one, on random runs (many chains, every mix of
// reads, ticks and writes) and on the recorded runs of real compositions.
func TestTraceMatchesReference(t *testing.T) {
	g := new(lcg)
	runs := 400
	if testing.Short() {
		runs = 100
	}
	for r := range runs {
		n, objs := 1+g.intn(90), 1+g.intn(12)
		fps, ids := randomFootprints(g, n, objs)
		checkTrace(t, fmt.Sprintf("random run %d (%d decisions, %d objects)", r, n, objs), fps, ids)
	}
	checkTrace(t, "empty run", nil, nil)
	worlds := map[string]*World{
		"wide":    sourceWorld(t, "wide.rvl", string(gen.Source(gen.Wide(40))), Options{}),
		"hubs":    sourceWorld(t, "hubs.rvl", string(gen.Source(gen.Hubs(40, 3))), Options{}),
		"layered": sourceWorld(t, "layered.rvl", layeredProgram(4, 6), Options{}),
		"mixed":   worldOf(t, "mixed", mixedProgram(8)),
	}
	for _, tc := range smallPrograms {
		worlds[tc.name] = worldOf(t, tc.name, tc.src)
	}
	for seed := range uint64(10) {
		worlds[fmt.Sprint("random ", seed)] = sourceWorld(t, "random.rvl", randomProgram(seed+1), Options{})
		worlds[fmt.Sprint("random fine ", seed)] = sourceWorld(t, "random.rvl", randomFineProgram(seed+1), fineOpts)
	}
	for _, name := range slices.Sorted(maps.Keys(worlds)) {
		w := worlds[name]
		x := &explorer{w: w}
		x.rec = newFootprints(w, &x.objs)
		for seed := range uint64(4) {
			x.rec.reset()
			w.RunObserved(NewSeeded(seed), x.rec, false)
			ids := make([]int32, len(x.rec.atoms))
			for i, a := range x.rec.atoms {
				ids[i] = x.atomID(a)
			}
			checkTrace(t, fmt.Sprintf("%s seed %d", name, seed), x.rec.fps, ids)
		}
	}
}

// TestTraceIsSparse: the trace of a run that is one total order (every
// consumer of gen.Wide emits on one ordered log) is one chain with no
// clock, and the trace of a run of independent components is a chain per
// component with no clock; either costs the same bytes per decision at
// 4,000 components as at 1,000, where the bit sets cost four times as
// many.
func TestTraceIsSparse(t *testing.T) {
	for _, tc := range []struct {
		name   string
		world  func(n int) *World
		chains func(decisions int) int
	}{
		{"wide", func(n int) *World { return sourceWorld(t, "wide.rvl", string(gen.Source(gen.Wide(n))), Options{}) }, func(int) int { return 1 }},
		{"independent", func(n int) *World { return worldOf(t, "independent", independentProgram(n)) }, func(d int) int { return d / 2 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var perDecision [2]float64
			for k, n := range []int{1000, 4000} {
				w := tc.world(n)
				x := &explorer{w: w}
				x.rec = newFootprints(w, &x.objs)
				w.RunObserved(NewSeeded(3), x.rec, false)
				var before, after goruntime.MemStats
				goruntime.ReadMemStats(&before)
				tr := traceOf(x.rec.fps)
				goruntime.ReadMemStats(&after)
				perDecision[k] = float64(after.TotalAlloc-before.TotalAlloc) / float64(tr.n)
				clocks := 0
				for _, e := range tr.ext {
					clocks += len(e)
				}
				if len(tr.chains) != tc.chains(tr.n) || clocks != 0 {
					t.Errorf("%d decisions: %d chains and %d clock entries; want %d chains, no clock", tr.n, len(tr.chains), clocks, tc.chains(tr.n))
				}
			}
			t.Logf("bytes per decision: %.0f at 1,000 components, %.0f at 4,000", perDecision[0], perDecision[1])
			if perDecision[1] > 2*perDecision[0] {
				t.Errorf("the trace's bytes per decision grew with the run: %.0f at 1,000 components, %.0f at 4,000", perDecision[0], perDecision[1])
			}
		})
	}
}
