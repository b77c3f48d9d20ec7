package schedule

import (
	"strconv"
	"sync"
	"sync/atomic"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

// Options configure every schedule a World runs.
type Options struct {
	// MaxDecisions bounds the atoms of one schedule; reaching it is the
	// finding `unbounded`. 0 means DecisionBound of the program.
	MaxDecisions int
	// Runtime bounds each schedule's steps (spec §5 budgets).
	Runtime runtime.Options
	// MaxFaults lets each schedule inject up to that many faults: at any
	// decision the chooser may crash an active fiber mid-life (its frame
	// unwinds, its provisions are withdrawn) instead of running a ready
	// atom (revl test --faults). 0: no faults.
	MaxFaults int
	// Failures adds, within MaxFaults, the failure injected into an
	// activation: fail@F:N for every ready activate(F) and every top-level
	// step N of F, after the crashes (run.go). revl test --faults sets it;
	// without it faults are crashes only.
	Failures bool
}

// WithFaults is o for a faulted run as revl test --faults makes it: up to
// k faults per schedule (MaxFaults), each a crash(F) or a fail@F:N
// (Failures), in whichever alphabet o's runtime options choose; k = 0 is
// a run without faults. Every tool that takes a fault bound (revl test,
// revl-dap's 'maxFaults', revl-tui --max-faults, revl trace record
// --faults) builds its world's options here, so a vector one prints
// offers the same choices, and replays the same schedule, in the others.
func (o Options) WithFaults(k int) Options {
	o.MaxFaults, o.Failures = k, k > 0
	return o
}

// DecisionBound is the default bound on the atoms of one schedule of p:
// 4 per component (each activates and tears down once, so a finite
// schedule needs at most 2 per component), at least 64. It is the one
// place the default is written: the sweep, the debugger, the trace
// recorder, the viewer and the mocks all take it from their World.
func DecisionBound(p *check.Program) int { return max(64, 4*len(p.Components)) }

// FineDecisionBound is the default bound with fine atoms: DecisionBound,
// plus room per component for its jobs' complete and resume atoms and its
// timers' fires (each `every` at most maxFires times): 4*(maxFires+2)
// more per component.
func FineDecisionBound(p *check.Program, maxFires int) int {
	if maxFires <= 0 {
		maxFires = runtime.DefaultMaxFires
	}
	return DecisionBound(p) + 4*(maxFires+2)*len(p.Components)
}

// World is a checked program prepared for running schedules: the
// program, the runtime options, the decision bound, the compiled machine
// every schedule starts from, and the canonical baseline, run once, the
// first time something asks for it. The sweep, the debugger's travel
// engine, the trace recorder, the language server and the viewer all take
// a World, so none of them checks the source again or reruns the
// canonical schedule.
//
// A World is safe for concurrent use: every schedule runs on its own
// clone of the compiled machine.
type World struct {
	prog *check.Program
	opts Options
	// pristine is the compiled, never-run machine every schedule starts
	// from as a clone: compiling once instead of per schedule.
	pristine *runtime.Machine
	// labels caches the atom labels of every fiber, by load index then
	// kind: a schedule names its atoms at every decision, and building
	// `activate(F)` anew each time was a tenth of a sweep's time.
	// Both are built on first use (tables): a launch's first stop runs no
	// schedule, and at 50,000 components they are 5 MB of its peak.
	labels     [][2]string
	index      map[string]int // load index by component name
	tablesOnce sync.Once
	// states caches `A=down` for every fiber and state, for the States of
	// each result (nil above stateLabelsMax fibers: built per use).
	states [][5]string
	// decisions is the canonical run's decision count once it ran (0
	// before): what a result's per-decision slices are sized for.
	decisions atomic.Int32
	// unstable holds the texts of the last divergent emission reported
	// (Monitor.divergedTexts), for the next schedule that diverges the
	// same way to reuse instead of building them again.
	unstable atomic.Pointer[unstableTexts]

	// idle holds machines of schedules that are over (Run gives them
	// back), for Machine to reset and hand out instead of cloning: a sweep
	// worker then runs schedule after schedule on one machine, and a
	// schedule allocates what it computes, not a machine. sync.Pool keeps
	// them per P, so two workers do not contend for one.
	idle sync.Pool
	// bufs holds the drivers and result collectors of schedules that are
	// over (runBufs), for Run to reuse.
	bufs sync.Pool
	// spare holds the results of a sweep's passing seeds once delivered
	// (SweepOptions.Reuse), for later schedules to build theirs in.
	spare sync.Pool
	// recycled says spare was ever given a result: until then a schedule
	// does not ask it (a miss looks in every processor's share).
	recycled atomic.Bool

	baseOnce sync.Once
	baseline *Result
	base     Fingerprint
	// baseOrdered are the canonical run's non-commutative emissions, the
	// ones `unstable` compares in order.
	baseOrdered []Emission
	// baseEmissions are the canonical run's emissions as the runtime
	// recorded them (with the mocks' arguments).
	baseEmissions []runtime.Emission
	// baseStates are the canonical run's final fiber states, load order.
	baseStates []runtime.FiberState
	// baseCommIdx numbers the distinct texts of base.Commutative and
	// baseCommN counts each, so that a run's commutative emissions are
	// compared with them as a multiset without sorting (compareEnd).
	baseCommIdx map[string]int32
	baseCommN   []int32
	// tooWide: the canonical schedule's trace has too many downsets for
	// the coverage estimator's exact class probability (coverage.go).
	wideOnce sync.Once
	tooWide  bool
}

// NewWorld prepares p, which must have no error diagnostics (a checked
// program, or the program of a mock world), for schedules under opts.
// The canonical baseline is not run until Baseline is first called.
func NewWorld(p *check.Program, opts Options) (*World, error) {
	if opts.MaxDecisions <= 0 {
		opts.MaxDecisions = DecisionBound(p)
		if opts.Runtime.Atoms == runtime.AtomsFine {
			opts.MaxDecisions = FineDecisionBound(p, opts.Runtime.MaxFires)
		}
	}
	m, err := runtime.New(p, opts.Runtime)
	if err != nil {
		return nil, err
	}
	w := &World{prog: p, pristine: m, opts: opts}
	if len(p.LoadOrder) <= stateLabelsMax {
		w.states = make([][5]string, len(p.LoadOrder))
		for i, c := range p.LoadOrder {
			for st := range w.states[i] {
				w.states[i][st] = c.Name + "=" + runtime.FiberState(st).String()
			}
		}
	}
	return w, nil
}

// tables builds the label table and the index by name once; every reader
// of w.labels or w.index calls it first.
func (w *World) tables() {
	w.tablesOnce.Do(func() {
		p := w.prog
		w.index = make(map[string]int, len(p.LoadOrder))
		w.labels = make([][2]string, len(p.LoadOrder))
		for i, c := range p.LoadOrder {
			w.index[c.Name] = i
			w.labels[i] = [2]string{
				runtime.Atom{Kind: runtime.Activate, Fiber: c.Name}.String(),
				runtime.Atom{Kind: runtime.Teardown, Fiber: c.Name}.String(),
			}
		}
	})
}

// stateLabelsMax bounds the compositions whose state labels are cached.
const stateLabelsMax = 4096

// stateLabel is `Name=state` of fiber i.
func (w *World) stateLabel(i int, st runtime.FiberState) string {
	if i < len(w.states) && int(st) < len(w.states[i]) {
		return w.states[i][st]
	}
	return w.prog.LoadOrder[i].Name + "=" + st.String()
}

// decisionHint is what to size a result's per-decision slices for.
func (w *World) decisionHint() int {
	if n := int(w.decisions.Load()); n > 0 {
		return min(n+n/8+1, w.opts.MaxDecisions)
	}
	return 8
}

// moreLabels are the `+N more` labels of small N, built once.
var moreLabels = func() (t [64]string) {
	for n := range t {
		t[n] = "+" + strconv.Itoa(n) + " more"
	}
	return t
}()

// moreLabel is `+N more`: how many ready atoms a decision's labels leave out.
func moreLabel(n int) string {
	if n < len(moreLabels) {
		return moreLabels[n]
	}
	return "+" + strconv.Itoa(n) + " more"
}

// Program returns the program the world runs.
func (w *World) Program() *check.Program { return w.prog }

// Options returns the world's options, MaxDecisions resolved.
func (w *World) Options() Options { return w.opts }

// MaxDecisions is the bound on the atoms of one schedule.
func (w *World) MaxDecisions() int { return w.opts.MaxDecisions }

// Machine returns a fresh machine at the start of a schedule: an idle
// one reset to the compiled machine, or a clone of it. Either is the
// same state; the pristine machine itself never runs.
func (w *World) Machine() *runtime.Machine {
	if m, ok := w.idle.Get().(*runtime.Machine); ok {
		m.ResetFrom(w.pristine)
		return m
	}
	return w.pristine.Clone()
}

// release gives back the machine of a schedule that is over and that
// nothing holds any more (its driver is dropped), for Machine to reuse.
func (w *World) release(m *runtime.Machine) {
	m.SetSink(nil) // the sink holds the driver, and so the result
	w.idle.Put(m)
}

// FiberIndex returns the load index of a component, -1 when unknown.
func (w *World) FiberIndex(name string) int {
	w.tables()
	if i, ok := w.index[name]; ok {
		return i
	}
	return -1
}

// Baseline is the canonical schedule (every choice 0) with its findings:
// the sequential baseline that `unstable` compares every schedule with.
// It runs once per world, on first use.
func (w *World) Baseline() *Result {
	w.baseOnce.Do(func() {
		var d *Driver
		// The canonical run is checked by every property but `unstable`,
		// which compares a run with it.
		w.baseline, d = w.run(Canonical{}, Monitor{w: w}, nil)
		w.baseEmissions = d.M.Emissions()
		for i := range w.prog.LoadOrder {
			w.baseStates = append(w.baseStates, d.M.FiberStateAt(i))
		}
		w.base = FingerprintOf(w.baseline)
		w.baseCommIdx = make(map[string]int32)
		for _, t := range w.base.Commutative {
			j, ok := w.baseCommIdx[t]
			if !ok {
				j = int32(len(w.baseCommN))
				w.baseCommIdx[t] = j
				w.baseCommN = append(w.baseCommN, 0)
			}
			w.baseCommN[j]++
		}
		w.decisions.Store(int32(min(len(w.baseline.Choices), 1<<30)))
		for _, e := range w.baseline.Emissions {
			if !e.Commutative {
				w.baseOrdered = append(w.baseOrdered, e)
			}
		}
	})
	return w.baseline
}

// CanonicalEmissions are the canonical run's emissions as the runtime
// recorded them.
func (w *World) CanonicalEmissions() []runtime.Emission {
	w.Baseline()
	return w.baseEmissions
}

// CanonicalOrdered are the canonical run's non-commutative emissions, the
// ones `unstable` compares in order.
func (w *World) CanonicalOrdered() []Emission {
	w.Baseline()
	return w.baseOrdered
}

// baseFingerprint is the canonical run's fingerprint.
func (w *World) baseFingerprint() *Fingerprint {
	w.Baseline()
	return &w.base
}

// Label is a.String(), from the cache for the scheduler's two kinds.
func (w *World) Label(a runtime.Atom) string {
	if i, ok := w.tabled(a); ok {
		return w.labels[i][a.Kind]
	}
	return a.String()
}

// tabled returns the load index under which w.labels holds a's label,
// reporting whether it does (the scheduler's two kinds, no fault).
func (w *World) tabled(a runtime.Atom) (int, bool) {
	w.tables()
	i, ok := w.index[a.Fiber]
	return i, ok && (a.Kind == runtime.Activate || a.Kind == runtime.Teardown) && a.FailAt == 0
}
