package travel

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/schedule"
)

// The monitors find the property violations of spec §6 as the schedule
// runs, at the first moment each is known, so that an exception breakpoint
// can stop there: an `unstable` emission at the emission that first differs
// from the canonical run, a use after withdrawal at the use, a provider
// going down before its consumer at the end of its teardown, a budget
// overrun at the end of its atom; residue, deadlock and the end-state part
// of `unstable` at the end of the schedule.
//
// The messages are the schedule package's, word for word (a test compares
// the monitors with schedule.Explorer on every fixture): the debugger and
// `revl test` must describe one failure the same way. schedule checks
// properties only on a completed run and does not export its checks, so
// they are restated here (see the request in docs/dap.md).

// Finding is one property violation and where it became known.
type Finding struct {
	Tag      string
	Message  string
	Decision int   // the decision during or after which it became known
	Tick     int64 // the position at which it became known
	// Divergence is, for unstable, the index of the first emission that
	// differs (-1 when only the end state differs).
	Divergence int
}

// monitor is the per-position state of the online checks: plain values,
// copied with the cursor.
type monitor struct {
	ordered  int  // non-commutative emissions so far
	diverged bool // an unstable emission was reported
}

// baseline is what the canonical run observed, for `unstable`.
type baseline struct {
	ordered     []string // non-commutative emissions in order
	commutative []string // sorted
	states      []string // `A=down`, load order
	snapshot    runtime.Snapshot
}

func (mo *monitor) observe(c *cursor, o *Op) {
	e := c.e
	add := func(tag, msg string, div int) {
		o.Findings = append(o.Findings, Finding{Tag: tag, Message: msg, Decision: c.dec, Tick: c.tick, Divergence: div})
	}
	for _, ev := range o.Events {
		switch ev.Kind {
		case runtime.EvUse:
			if !ev.Live {
				add(schedule.TagUseAfterWithdrawal, fmt.Sprintf(
					"%s called %s.%s at decision %d after provision %s was withdrawn", ev.Caller, ev.Key, ev.Method, ev.Atom, ev.Key), 0)
			}
		case runtime.EvEmission:
			if e.commutative(ev.Key, ev.Method) {
				continue
			}
			i := mo.ordered
			mo.ordered++
			if mo.diverged || e.base == nil {
				continue
			}
			switch {
			case i >= len(e.base.ordered):
				mo.diverged = true
				add(schedule.TagUnstable, fmt.Sprintf("emission #%d has no counterpart in the canonical run: got %s after %d matching emissions", i, ev.Text, i), i)
			case e.base.ordered[i] != ev.Text:
				mo.diverged = true
				add(schedule.TagUnstable, fmt.Sprintf("emission #%d differs from the canonical run: got %s, canonical %s", i, ev.Text, e.base.ordered[i]), i)
			}
		}
	}
	if !o.Ended {
		return
	}
	if o.Err != nil && runtime.IsBudget(o.Err) {
		add(schedule.TagUnbounded, fmt.Sprintf("%s at decision %d: %v", c.atom, c.dec, o.Err), 0)
	}
	if c.atom.Kind == runtime.Teardown {
		// A consumer still active when its provider's teardown ended came up
		// and never went down: the teardown gate should make this impossible.
		for _, d := range e.prog.Dependents(e.prog.LoadOrder[e.fiberIndex(c.atom.Fiber)]) {
			if c.m.FiberStateAt(d.LoadIndex) == runtime.Active {
				add(schedule.TagTeardownOrder, fmt.Sprintf("provider %s went down at decision %d before its consumer %s", c.atom.Fiber, c.dec, d.Name), 0)
			}
		}
	}
}

// atEnd adds the findings known once the schedule is over, in the
// schedule package's report order.
func (mo *monitor) atEnd(c *cursor, o *Op) {
	e := c.e
	add := func(tag, msg string, div int) {
		o.Findings = append(o.Findings, Finding{Tag: tag, Message: msg, Decision: c.dec, Tick: c.tick, Divergence: div})
	}
	snap := c.m.Snapshot()
	if d := runtime.Diff(runtime.Snapshot{}, snap); len(d) > 0 {
		add(schedule.TagResidue, strings.Join(d, "; "), 0)
	}
	if c.m.ReadyLen() == 0 {
		if lines := e.deadlocked(c.states()); len(lines) > 0 {
			add(schedule.TagDeadlock, "the ready set emptied with fibers left: "+strings.Join(lines, "; "), 0)
		}
	}
	if e.base != nil && !mo.diverged {
		if msg, div := e.base.compareEnd(c, snap); msg != "" {
			mo.diverged = true
			add(schedule.TagUnstable, msg, div)
		}
	}
	if c.m.ReadyLen() > 0 && c.dec >= e.maxDec {
		add(schedule.TagUnbounded, fmt.Sprintf("the schedule reached --max-decisions=%d with %s still ready", e.maxDec, c.m.ReadyAt(0)), 0)
	}
	// Report order is the tag order of spec §6.
	sort.SliceStable(o.Findings, func(i, j int) bool {
		return slices.Index(schedule.Tags, o.Findings[i].Tag) < slices.Index(schedule.Tags, o.Findings[j].Tag)
	})
}

// compareEnd is the end-state half of `unstable`: the emission counts,
// the commutative multiset, the final states and the snapshot.
func (b *baseline) compareEnd(c *cursor, snap runtime.Snapshot) (string, int) {
	n := c.mon.ordered
	if n < len(b.ordered) {
		return fmt.Sprintf("emission #%d is missing: the canonical run emits %s there", n, b.ordered[n]), n
	}
	comm := c.e.commutativeSoFar(c)
	if !slices.Equal(b.commutative, comm) {
		return fmt.Sprintf("commutative emissions differ as a multiset: got [%s], canonical [%s]", strings.Join(comm, ", "), strings.Join(b.commutative, ", ")), -1
	}
	states := c.e.stateLines(c.states())
	if !slices.Equal(b.states, states) {
		for i := range b.states {
			if i < len(states) && b.states[i] != states[i] {
				return fmt.Sprintf("final state differs from the canonical run: %s, canonical %s", states[i], b.states[i]), -1
			}
		}
	}
	if d := runtime.Diff(b.snapshot, snap); len(d) > 0 {
		return "end state differs from the canonical run: " + strings.Join(d, "; "), -1
	}
	return "", 0
}

// deadlocked explains each fiber left pending or active, as
// schedule.Explorer does.
func (e *Engine) deadlocked(states []runtime.FiberState) []string {
	var out []string
	for i, c := range e.prog.LoadOrder {
		switch states[i] {
		case runtime.Pending:
			var why []string
			for _, k := range c.Requires {
				switch {
				case k.Provider == nil:
					svc := ""
					if k.Service != nil {
						svc = k.Service.Name
					} else if k.Binding != nil && k.Binding.Service != nil {
						svc = k.Binding.Service.Name
					}
					why = append(why, fmt.Sprintf("key %s (%s) has no provider in the composition", k.Name, svc))
				case states[k.Provider.LoadIndex] == runtime.Failed:
					why = append(why, fmt.Sprintf("key %s: provider %s failed to activate", k.Name, k.Provider.Name))
				case states[k.Provider.LoadIndex] != runtime.Active:
					why = append(why, fmt.Sprintf("key %s: provider %s is %s", k.Name, k.Provider.Name, states[k.Provider.LoadIndex]))
				}
			}
			out = append(out, fmt.Sprintf("%s never activated: %s", c.Name, strings.Join(why, ", ")))
		case runtime.Active:
			var blockers []string
			for _, d := range e.prog.Dependents(c) {
				if s := states[d.LoadIndex]; s != runtime.Down && s != runtime.Failed {
					blockers = append(blockers, fmt.Sprintf("%s (%s)", d.Name, s))
				}
			}
			out = append(out, fmt.Sprintf("%s cannot tear down: consumers that never went down: %s", c.Name, strings.Join(blockers, ", ")))
		}
	}
	return out
}

func (e *Engine) stateLines(states []runtime.FiberState) []string {
	out := make([]string, len(states))
	for i, s := range states {
		out[i] = e.prog.LoadOrder[i].Name + "=" + s.String()
	}
	return out
}
