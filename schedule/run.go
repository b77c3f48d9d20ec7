package schedule

import (
	"fmt"
	"strconv"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

// Options configure every schedule an Explorer runs.
type Options struct {
	// MaxDecisions bounds the atoms of one schedule; reaching it is the
	// finding `unbounded`. 0 means 4 per component (each activates and
	// tears down once, so a finite schedule needs at most 2 per
	// component), at least 64.
	MaxDecisions int
	// Runtime bounds each schedule's steps (spec §5 budgets).
	Runtime runtime.Options
}

// Explorer runs schedules of one checked program against its canonical
// baseline. It is safe for concurrent use: every run builds its own
// machine.
type Explorer struct {
	prog *check.Program
	// pristine is the compiled, never-run machine every schedule starts
	// from as a clone: compiling once instead of per schedule.
	pristine *runtime.Machine
	// labels caches the atom labels of every fiber, indexed by name then
	// kind: a schedule names its atoms at every decision, and building
	// `activate(F)` anew each time was a tenth of a sweep's time.
	labels   map[string][2]string
	opts     Options
	Baseline *Result
	base     Fingerprint
}

// NewExplorer runs and checks the canonical baseline of p. p must have no
// error diagnostics.
func NewExplorer(p *check.Program, opts Options) (*Explorer, error) {
	if opts.MaxDecisions <= 0 {
		opts.MaxDecisions = max(64, 4*len(p.Components))
	}
	m, err := runtime.New(p, opts.Runtime)
	if err != nil {
		return nil, err
	}
	x := &Explorer{prog: p, pristine: m, opts: opts, labels: map[string][2]string{}}
	for _, c := range p.LoadOrder {
		x.labels[c.Name] = [2]string{
			runtime.Atom{Kind: runtime.Activate, Fiber: c.Name}.String(),
			runtime.Atom{Kind: runtime.Teardown, Fiber: c.Name}.String(),
		}
	}
	x.Baseline = x.execute(Canonical{})
	checkProperties(x.Baseline, nil)
	x.base = FingerprintOf(x.Baseline)
	return x, nil
}

// Program returns the program the explorer runs.
func (x *Explorer) Program() *check.Program { return x.prog }

// Run runs one schedule chosen by ch and checks it against the baseline.
func (x *Explorer) Run(ch Chooser) *Result {
	r := x.execute(ch)
	checkProperties(r, &x.base)
	return r
}

// Replay runs the schedule a choice vector describes.
func (x *Explorer) Replay(choices []int) *Result { return x.Run(NewReplay(choices)) }

// Explore runs seed and, when it fails and shrink is set, minimizes it.
func (x *Explorer) Explore(seed uint64, shrink bool) Outcome {
	r := x.Run(NewSeeded(seed))
	o := Outcome{Seed: seed, Result: r,
		FingerprintHash: Hash(FingerprintOf(r).Key()), ScheduleHash: Hash(ScheduleKey(r.Choices))}
	if !r.OK() && shrink {
		s := Shrink(r, x.Replay)
		o.Shrunk = &s
	}
	return o
}

// execute drives a fresh machine through one schedule: at every decision
// it asks ch for an index into the ready set, runs that atom to its end,
// and records what the properties need from the event stream.
func (x *Explorer) execute(ch Chooser) *Result {
	m := x.pristine.Clone()
	r := &Result{}
	order := newOrderCheck(x.prog)
	m.SetSink(func(ev runtime.Event) {
		switch ev.Kind {
		case runtime.EvUse:
			if !ev.Live {
				r.UsesAfterWithdrawal = append(r.UsesAfterWithdrawal, fmt.Sprintf(
					"%s called %s.%s at decision %d after provision %s was withdrawn", ev.Caller, ev.Key, ev.Method, ev.Atom, ev.Key))
			}
		case runtime.EvWithdraw:
			// Withdrawals come from teardown drains; nothing to keep.
		}
	})
	for {
		// The ready set is read by index: listing it would cost its width
		// (thousands of atoms in a wide composition) at every decision.
		n := m.ReadyLen()
		if n == 0 {
			break
		}
		if len(r.Choices) >= x.opts.MaxDecisions {
			r.Overruns = append(r.Overruns, fmt.Sprintf("the schedule reached --max-decisions=%d with %s still ready", x.opts.MaxDecisions, m.ReadyAt(0)))
			r.Truncated = true
			break
		}
		i := ch.Choose(n)
		atom := m.ReadyAt(i)
		r.Choices = append(r.Choices, i)
		r.Atoms = append(r.Atoms, x.label(atom))
		r.Readies = append(r.Readies, x.readyLabels(m, n))
		err := m.Run(atom)
		if err != nil && runtime.IsBudget(err) {
			r.Overruns = append(r.Overruns, fmt.Sprintf("%s at decision %d: %v", atom, len(r.Choices)-1, err))
		}
		order.record(atom, m, len(r.Choices)-1)
	}
	r.Emissions = make([]Emission, 0, m.EmissionCount())
	for i := range m.EmissionCount() {
		e := m.EmissionAt(i)
		r.Emissions = append(r.Emissions, Emission{Text: e.Text, Fiber: e.Fiber, Decision: e.Atom, Commutative: e.Commutative, Span: e.Span})
	}
	fibers := m.Fibers()
	for _, f := range fibers {
		r.States = append(r.States, f.Name+"="+f.State.String())
	}
	r.Snapshot = m.Snapshot()
	if !r.Truncated {
		// A cut schedule stopped with atoms ready: that is no deadlock.
		r.Deadlock = x.deadlocked(fibers)
	}
	r.OrderViolations = order.violations
	return r
}

// deadlocked names each fiber left pending or active when the ready set
// emptied, with the key it waits for and why.
func (x *Explorer) deadlocked(fibers []runtime.FiberInfo) []string {
	state := map[string]runtime.FiberState{}
	for _, f := range fibers {
		state[f.Name] = f.State
	}
	var out []string
	for _, f := range fibers {
		c := x.prog.CompByName[f.Name]
		switch f.State {
		case runtime.Pending:
			var why []string
			for _, k := range c.Requires {
				switch {
				case k.Provider == nil:
					why = append(why, fmt.Sprintf("key %s (%s) has no provider in the composition", k.Name, serviceName(k)))
				case state[k.Provider.Name] == runtime.Failed:
					why = append(why, fmt.Sprintf("key %s: provider %s failed to activate", k.Name, k.Provider.Name))
				case state[k.Provider.Name] != runtime.Active:
					why = append(why, fmt.Sprintf("key %s: provider %s is %s", k.Name, k.Provider.Name, state[k.Provider.Name]))
				}
			}
			out = append(out, fmt.Sprintf("%s never activated: %s", f.Name, strings.Join(why, ", ")))
		case runtime.Active:
			var blockers []string
			for _, d := range x.prog.Dependents(c) {
				if s := state[d.Name]; s != runtime.Down && s != runtime.Failed {
					blockers = append(blockers, fmt.Sprintf("%s (%s)", d.Name, s))
				}
			}
			out = append(out, fmt.Sprintf("%s cannot tear down: consumers that never went down: %s", f.Name, strings.Join(blockers, ", ")))
		}
	}
	return out
}

func serviceName(k *check.Key) string {
	if k.Service != nil {
		return k.Service.Name
	}
	return k.Binding.Service.Name
}

// orderCheck checks, atom by atom, that no provider went down while one
// of its consumers that had come up was still up. The teardown gate should
// make this impossible; the property is the runtime's contract checked on
// every run, so a regression shows up as a finding, not a silent residue.
type orderCheck struct {
	prog       *check.Program
	up         map[string]bool // fibers that activated successfully and are not down
	violations []string
}

func newOrderCheck(p *check.Program) *orderCheck {
	return &orderCheck{prog: p, up: map[string]bool{}}
}

// record notes atom a, just run on m at decision d.
func (o *orderCheck) record(a runtime.Atom, m *runtime.Machine, d int) {
	switch a.Kind {
	case runtime.Activate:
		if s, _ := m.FiberState(a.Fiber); s == runtime.Active {
			o.up[a.Fiber] = true
		}
	case runtime.Teardown:
		for _, c := range o.prog.Dependents(o.prog.CompByName[a.Fiber]) {
			if o.up[c.Name] {
				o.violations = append(o.violations, fmt.Sprintf("provider %s went down at decision %d before its consumer %s", a.Fiber, d, c.Name))
			}
		}
		delete(o.up, a.Fiber)
	}
}

// MaxReadyLabels caps the ready-set labels a Result keeps per decision: a
// wide composition has thousands of atoms ready at once, and a report
// needs the first few alternatives and how many there were, not all of
// them at every decision.
const MaxReadyLabels = 8

// readyLabels renders at most MaxReadyLabels labels of m's ready set (of
// size ready), then `+N more` when there were more.
func (x *Explorer) readyLabels(m *runtime.Machine, ready int) []string {
	n := min(ready, MaxReadyLabels)
	labels := make([]string, n, n+1)
	for j := range n {
		labels[j] = x.label(m.ReadyAt(j))
	}
	if ready > n {
		labels = append(labels, "+"+strconv.Itoa(ready-n)+" more")
	}
	return labels
}

// label is a.String(), from the cache for the scheduler's two kinds.
func (x *Explorer) label(a runtime.Atom) string {
	if l, ok := x.labels[a.Fiber]; ok && (a.Kind == runtime.Activate || a.Kind == runtime.Teardown) {
		return l[a.Kind]
	}
	return a.String()
}
