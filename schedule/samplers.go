package schedule

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/seam"
)

// Samplers beside the uniform walk (issue 15, item 4). Each one is a
// Chooser built from a seed, drawing from the seam's PRNG on its own
// substream, and each records plain indices into the sorted ready set, so
// any run replays and shrinks as a choice vector, whatever drew it.
//
// Here a "thread" is a fiber (one component) and an "event" is an atom:
// each fiber has at most two, activate and teardown, so a complete
// schedule of n fibers has at most k = 2n atoms.

// The sampler names.
const (
	SamplerUniform = "uniform" // Seeded: a uniform pick among the ready atoms
	SamplerPCT     = "pct"     // probabilistic concurrency testing (PCT)
	SamplerPOS     = "pos"     // partial order sampling (POS)
	SamplerURW     = "urw"     // uniform over interleavings (URW)
)

// SamplerNames lists the samplers, the default first.
var SamplerNames = []string{SamplerUniform, SamplerPCT, SamplerPOS, SamplerURW}

// Sampler says how a sweep draws the schedule of each seed. The zero value
// is the uniform walk.
type Sampler struct {
	Kind  string // one of SamplerNames; "" is SamplerUniform
	Depth int    // PCT's bug depth d (>= 1); 0 for the other samplers
}

// DefaultPCTDepth is PCT's depth when none is given: an ordering of two
// atoms, what the `unstable` property finds.
const DefaultPCTDepth = 2

// ParseSampler checks a sampler name and depth (0: not given).
func ParseSampler(kind string, depth int) (Sampler, error) {
	switch kind {
	case "", SamplerUniform, SamplerPOS, SamplerURW:
		if depth != 0 {
			return Sampler{}, fmt.Errorf("--depth applies only to --sampler pct")
		}
		if kind == SamplerUniform {
			kind = ""
		}
		return Sampler{Kind: kind}, nil
	case SamplerPCT:
		if depth == 0 {
			depth = DefaultPCTDepth
		}
		if depth < 1 {
			return Sampler{}, fmt.Errorf("--depth must be 1 or more, got %d", depth)
		}
		return Sampler{Kind: kind, Depth: depth}, nil
	}
	return Sampler{}, fmt.Errorf("--sampler %q: want one of %s", kind, strings.Join(SamplerNames, ", "))
}

// Uniform reports whether s is the default uniform walk.
func (s Sampler) Uniform() bool { return s.Kind == "" || s.Kind == SamplerUniform }

// String names the sampler as the dossier and merge record it: "uniform",
// "pct:2", "pos", "urw".
func (s Sampler) String() string {
	switch {
	case s.Uniform():
		return SamplerUniform
	case s.Kind == SamplerPCT:
		return SamplerPCT + ":" + strconv.Itoa(s.Depth)
	}
	return s.Kind
}

// Chooser returns the chooser that draws seed's schedule of w.
func (s Sampler) Chooser(w *World, seed uint64) Chooser {
	switch s.Kind {
	case SamplerPCT:
		return NewPCT(w, seed, s.Depth)
	case SamplerPOS:
		return NewPOS(w, seed)
	case SamplerURW:
		return NewURW(w, seed)
	}
	return NewSeeded(seed)
}

// ReadyAware is a Chooser that looks at the ready atoms themselves (which
// fiber each belongs to, how far along it is). The Driver calls
// ChooseAmong instead of Choose when its chooser implements it; n is
// m.ReadyLen() and the result indexes m.ReadyAt.
type ReadyAware interface {
	Chooser
	ChooseAmong(m *runtime.Machine, n int) int
}

// ChooserCloner is a chooser with state that Driver.Clone copies, so a
// cloned driver draws the same remaining choices as the original.
type ChooserCloner interface {
	CloneChooser() Chooser
}

// readyFiber is the load index of the fiber of ready atom i of m.
func readyFiber(w *World, m *runtime.Machine, i int) (int, runtime.AtomKind) {
	a := m.ReadyAt(i)
	return w.FiberIndex(a.Fiber), a.Kind
}

// PCTBound is the probability PCT guarantees to find a bug of depth d in
// one run over n threads and k steps (Burckhardt et al., ASPLOS 2010):
// 1/(n·k^(d-1)).
func PCTBound(n, k, d int) float64 {
	if n < 1 || k < 1 || d < 1 {
		return 0
	}
	return 1 / (float64(n) * math.Pow(float64(k), float64(d-1)))
}

// PCTParams are the n and k PCT runs w with: n fibers, and k = 2n steps,
// the most atoms a complete schedule has (each fiber activates and tears
// down at most once), never more than the decision bound.
func PCTParams(w *World) (n, k int) {
	n = len(w.prog.LoadOrder)
	if w.opts.Runtime.Atoms == runtime.AtomsFine {
		// Fine atoms have no such count (a fiber resumes after each await,
		// its jobs complete, its timers fire): k is the canonical run's
		// length, which has every activation, teardown, completion and
		// resume, plus --max-fires per fiber for the fires it has not.
		fires := w.opts.Runtime.MaxFires
		if fires <= 0 {
			fires = runtime.DefaultMaxFires
		}
		return n, min(len(w.Baseline().Choices)+fires*n, w.opts.MaxDecisions)
	}
	return n, min(2*n, w.opts.MaxDecisions)
}

// PCTBoundLine is the line the summary prints for a PCT sweep, e.g.
// `pct: a bug of depth 2 is found by each run with probability ≥ 1/(3·6) = 0.0556`.
func PCTBoundLine(w *World, d int) string {
	n, k := PCTParams(w)
	den := strconv.Itoa(n)
	switch {
	case d == 2:
		den = "(" + den + "·" + strconv.Itoa(k) + ")"
	case d > 2:
		den = "(" + den + "·" + strconv.Itoa(k) + "^" + strconv.Itoa(d-1) + ")"
	}
	return fmt.Sprintf("pct: a bug of depth %d is found by each run with probability ≥ 1/%s = %.4g (n=%d fibers, k=%d steps)",
		d, den, PCTBound(n, k, d), n, k)
}

// PCT is the PCT scheduler: the fibers get distinct random priorities
// d..d+n-1; at each decision the ready atom of the highest-priority fiber
// runs; d-1 change points are drawn among the steps 1..k, and when step
// k_i runs, its fiber's priority drops to i (below every initial one).
type PCT struct {
	w     *World
	prio  []int
	steps map[int]int // step (1-based) -> the priority its fiber drops to
	step  int
}

// NewPCT returns the PCT chooser of seed for w and depth d.
func NewPCT(w *World, seed uint64, d int) *PCT {
	rng := seam.NewSeeded(seed).Sub("revl-pct")
	n, k := PCTParams(w)
	p := &PCT{w: w, prio: make([]int, n), steps: map[int]int{}}
	// A uniform random permutation of d..d+n-1 (Fisher-Yates).
	for i := range p.prio {
		p.prio[i] = d + i
	}
	for i := n - 1; i > 0; i-- {
		j := seam.Intn(rng, i+1)
		p.prio[i], p.prio[j] = p.prio[j], p.prio[i]
	}
	// d-1 distinct change points among 1..k (as many as there are steps).
	for i := 1; i < d && len(p.steps) < k; {
		s := 1 + seam.Intn(rng, k)
		if _, dup := p.steps[s]; dup {
			continue
		}
		p.steps[s] = i
		i++
	}
	return p
}

// Choose is never called by a Driver (it calls ChooseAmong); without the
// machine the canonical pick is the only one possible.
func (p *PCT) Choose(int) int { return 0 }

func (p *PCT) ChooseAmong(m *runtime.Machine, n int) int {
	p.step++
	best, bestFiber := 0, -1
	for i := range n {
		f, _ := readyFiber(p.w, m, i)
		if bestFiber < 0 || p.prio[f] > p.prio[bestFiber] {
			best, bestFiber = i, f
		}
	}
	if drop, ok := p.steps[p.step]; ok {
		p.prio[bestFiber] = drop
	}
	return best
}

func (p *PCT) CloneChooser() Chooser {
	c := *p
	c.prio = append([]int(nil), p.prio...)
	return &c // steps is never written after NewPCT
}

// URW samples interleavings uniformly, as in "Selectively Uniform
// Concurrency Testing" (ASPLOS 2025): each ready atom is weighted by the
// atoms its fiber has left (2 pending, 1 active, 0 down or failed), so of
// independent fibers every interleaving of their atoms is equally likely.
type URW struct {
	w   *World
	rng *seam.SeededEntropy
}

// NewURW returns the URW chooser of seed for w.
func NewURW(w *World, seed uint64) *URW {
	return &URW{w: w, rng: seam.NewSeeded(seed).Sub("revl-urw").(*seam.SeededEntropy)}
}

// remaining is the number of atoms fiber i has left to run.
func remaining(m *runtime.Machine, i int) int {
	switch m.FiberStateAt(i) {
	case runtime.Pending:
		return 2
	case runtime.Activating:
		// Fine atoms: suspended mid-activation, a resume and a teardown to go
		// (its jobs and timers are weighted by their fiber's too).
		return 2
	case runtime.Active:
		return 1
	}
	return 0
}

func (u *URW) Choose(int) int { return 0 }

func (u *URW) ChooseAmong(m *runtime.Machine, n int) int {
	if n <= 1 {
		return 0 // like Seeded: a forced step spends no tape
	}
	total := 0
	for i := range n {
		f, _ := readyFiber(u.w, m, i)
		total += max(remaining(m, f), 1)
	}
	r := seam.Intn(u.rng, total)
	for i := range n {
		f, _ := readyFiber(u.w, m, i)
		if r -= max(remaining(m, f), 1); r < 0 {
			return i
		}
	}
	return n - 1
}

func (u *URW) CloneChooser() Chooser {
	rng := *u.rng
	return &URW{w: u.w, rng: &rng}
}

// POS is partial order sampling (Yuan, Yang, Gu, CAV 2018): every atom
// gets a random priority when it first becomes ready, the ready atom of
// highest priority runs, and then the priorities of the ready atoms that
// race with it are drawn afresh. Two atoms race here when their fibers
// are connected by a key: one provides a key the other requires, or both
// require keys of the same provider (they share its state, e.g. one log).
// That is the static over-approximation of the footprints' dependence
// (footprint.go), which is known only after an atom ran; it costs a look
// at the fibers' keys, not a recording of the run.
type POS struct {
	w   *World
	rng *seam.SeededEntropy
	// prio is by atom: kind*fibers + fiber, and for complete(job N) by
	// job; 0 = not drawn yet. An atom that runs gives its priority up, so
	// the next resume(F) or fire(F) of a fine schedule, another event,
	// draws its own when it becomes ready.
	prio []uint64
	jobs []uint64
	// providers lists, per fiber, the load indices of the fibers it
	// requires keys from.
	providers [][]int
}

// NewPOS returns the POS chooser of seed for w.
func NewPOS(w *World, seed uint64) *POS {
	n := len(w.prog.LoadOrder)
	p := &POS{w: w, rng: seam.NewSeeded(seed).Sub("revl-pos").(*seam.SeededEntropy),
		prio: make([]uint64, (int(runtime.Fire)+1)*n), providers: make([][]int, n)}
	for i, c := range w.prog.LoadOrder {
		for _, k := range c.Requires {
			if k.Provider != nil {
				p.providers[i] = append(p.providers[i], k.Provider.LoadIndex)
			}
		}
	}
	return p
}

// races reports whether atoms of fibers f and g race (see POS).
func (p *POS) races(f, g int) bool {
	if f == g {
		return true
	}
	for _, a := range p.providers[f] {
		if a == g {
			return true
		}
		for _, b := range p.providers[g] {
			if a == b {
				return true
			}
		}
	}
	for _, b := range p.providers[g] {
		if b == f {
			return true
		}
	}
	return false
}

// draw is a fresh non-zero priority.
func (p *POS) draw() uint64 { return p.rng.Uint64() | 1 }

func (p *POS) Choose(int) int { return 0 }

// slot is the priority of ready atom i of m, and its fiber (a job's
// owner for complete).
func (p *POS) slot(m *runtime.Machine, i int) (*uint64, int) {
	a := m.ReadyAt(i)
	f := p.w.FiberIndex(a.Fiber)
	if a.Kind == runtime.Complete {
		for len(p.jobs) <= a.Job {
			p.jobs = append(p.jobs, 0)
		}
		return &p.jobs[a.Job], f
	}
	return &p.prio[int(a.Kind)*len(p.providers)+f], f
}

func (p *POS) ChooseAmong(m *runtime.Machine, n int) int {
	best, ran := 0, -1
	var bestPrio *uint64
	for i := range n {
		pr, f := p.slot(m, i)
		if *pr == 0 {
			*pr = p.draw()
		}
		if bestPrio == nil || *pr > *bestPrio {
			best, bestPrio, ran = i, pr, f
		}
	}
	if n > 1 {
		for i := range n {
			if pr, f := p.slot(m, i); pr != bestPrio && p.races(ran, f) {
				*pr = p.draw()
			}
		}
	}
	if bestPrio != nil {
		*bestPrio = 0
	}
	return best
}

func (p *POS) CloneChooser() Chooser {
	c := *p
	rng := *p.rng
	c.rng = &rng
	c.prio = append([]uint64(nil), p.prio...)
	c.jobs = append([]uint64(nil), p.jobs...)
	return &c // providers is never written after NewPOS
}

// ExploreWith is Explore drawing seed's schedule with sampler s.
func (w *World) ExploreWith(seed uint64, s Sampler, shrink bool) Outcome {
	return w.outcomeOf(seed, w.Run(s.Chooser(w, seed)), shrink)
}
