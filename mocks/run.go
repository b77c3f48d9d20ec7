package mocks

import (
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
)

// Options configure runs against mocks.
type Options struct {
	// Seed is the run seed of the mock value streams; 0 means
	// runtime.DefaultMockSeed (1).
	Seed uint64
	// Runtime bounds the machines (budgets); its Native and MockSeed are
	// set from the fields above.
	Runtime runtime.Options
}

// RuntimeOptions returns the machine options that run a world: the
// generator as the native hook and the mock seed.
func (o Options) RuntimeOptions() runtime.Options {
	r := o.Runtime
	r.Native = Generator{}
	r.MockSeed = o.Seed
	return r
}

// SeedOrDefault is the seed the runs use.
func (o Options) SeedOrDefault() uint64 {
	if o.Seed == 0 {
		return runtime.DefaultMockSeed
	}
	return o.Seed
}

// TestResult is one lifecycle test run in mock world.
type TestResult struct {
	runtime.TestResult
	// Mocks are the mocks the test derived, in the order they first
	// activated.
	Mocks []string
	// Crossings are the emissions the mocks recorded, per operation.
	Crossings []Operation
}

// RunTests runs every lifecycle test of p in mock world, in file order,
// each on a fresh machine of the lifecycle world. Pure tests are not part
// of mock world and are not run; fault tests are reported as skipped,
// with the reason (they run in the plain world only).
func RunTests(p *check.Program, opts Options) ([]TestResult, *World, error) {
	w, err := Derive(p, LifecycleWorld)
	if err != nil {
		return nil, nil, err
	}
	var out []TestResult
	for _, r := range runtime.RunTests(w.Program, opts.RuntimeOptions()) {
		if r.Kind == syntax.PureTest {
			continue
		}
		out = append(out, TestResult{TestResult: r, Mocks: derived(w, r.Events), Crossings: Crossings(w.Program, r.Emissions)})
	}
	return out, w, nil
}

// derived lists the mocks that activated in a test's events.
func derived(w *World, evs []runtime.Event) []string {
	var out []string
	for _, e := range evs {
		if e.Kind != runtime.EvFiber || e.To != runtime.Active || !strings.HasPrefix(e.Fiber, "_RevlMock_") {
			continue
		}
		if w.Program.CompByName[e.Fiber].IsMock() && !contains(out, e.Fiber) {
			out = append(out, e.Fiber)
		}
	}
	return out
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// NewWorld derives the schedule world of p and prepares it for
// schedules: the mocks are components of the composition, so their
// activations and teardowns are atoms of every schedule, and a finding is
// shrunk and replayed like any other.
func NewWorld(p *check.Program, opts Options, sopts schedule.Options) (*schedule.World, *World, error) {
	w, err := Derive(p, ScheduleWorld)
	if err != nil {
		return nil, nil, err
	}
	sopts.Runtime = Options{Seed: opts.Seed, Runtime: sopts.Runtime}.RuntimeOptions()
	x, err := schedule.NewWorld(w.Program, sopts)
	if err != nil {
		return nil, nil, err
	}
	return x, w, nil
}

// CanonicalCrossings returns the crossings the mocks of w recorded in the
// canonical schedule of its prepared world x (the baseline, run once).
func CanonicalCrossings(x *schedule.World, w *World) []Operation {
	return Crossings(w.Program, x.CanonicalEmissions())
}
