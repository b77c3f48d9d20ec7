package runtime

import (
	"slices"
	"strconv"
	"strings"
)

// Snapshot is the observable end state of spec §5, the residue baseline.
type Snapshot struct {
	Registry   []string // live (active) fibers, in load order
	Provisions []string // live provision keys, sorted
	Effects    []string // pending inverses over all frames: `A: undo m.drop()`, fibers in load order, oldest first
	Listeners  []string // armed timers (`timer#1`) then running jobs (`job warmup`), in creation order
	Unreleased []string // host resources never released (Machine.Unreleased)
}

// Snapshot returns the current state.
func (m *Machine) Snapshot() Snapshot {
	// Filled in place, not boxed and copied: a schedule takes one at its
	// end, and the box was one allocation of every schedule.
	var s Snapshot
	m.fillSnapshot(&s)
	return s
}

func (m *Machine) snapshotWithUnreleased() *Snapshot {
	s := new(Snapshot)
	m.fillSnapshot(s)
	return s
}

// fillSnapshot sets s, which must be zero, to the current state.
func (m *Machine) fillSnapshot(s *Snapshot) {
	for _, f := range m.fibers {
		if f.state == Active || f.state == Activating {
			s.Registry = append(s.Registry, f.comp.Name)
		}
		for _, inv := range f.frame {
			s.Effects = append(s.Effects, f.comp.Name+": "+inv.text)
		}
	}
	s.Provisions = m.ProvisionKeys()
	for i, t := range m.host.timers {
		if t.armed {
			s.Listeners = append(s.Listeners, hTimer.tag(i+1))
		}
	}
	for _, j := range m.host.jobs {
		if j.state == jobRunning {
			s.Listeners = append(s.Listeners, "job "+j.name)
		}
	}
	s.Unreleased = m.Unreleased()
}

// Equal reports whether two snapshots are the same state.
func (s Snapshot) Equal(t Snapshot) bool { return len(Diff(s, t)) == 0 }

// Diff lists what differs from base to cur, one line per aspect, in the
// form `registry: [] -> [A]`, `provisions: [] -> [api, kv]`,
// `effects: 0 -> 2`, `listeners: [] -> [timer#1]` and, for resources left
// unreleased that base did not already have, `unreleased: map#1 (new()
// with no drop())`. It is empty when there is no residue.
func Diff(base, cur Snapshot) []string {
	var out []string
	list := func(name string, a, b []string) {
		if !slices.Equal(a, b) {
			out = append(out, name+": "+bracket(a)+" -> "+bracket(b))
		}
	}
	list("registry", base.Registry, cur.Registry)
	list("provisions", base.Provisions, cur.Provisions)
	if len(base.Effects) != len(cur.Effects) || !slices.Equal(base.Effects, cur.Effects) {
		out = append(out, "effects: "+strconv.Itoa(len(base.Effects))+" -> "+strconv.Itoa(len(cur.Effects)))
	}
	list("listeners", base.Listeners, cur.Listeners)
	var extra []string
	for _, u := range cur.Unreleased {
		if !slices.Contains(base.Unreleased, u) {
			extra = append(extra, u)
		}
	}
	if len(extra) > 0 {
		out = append(out, "unreleased: "+strings.Join(extra, ", "))
	}
	return out
}

func bracket(xs []string) string { return "[" + strings.Join(xs, ", ") + "]" }

// String renders the snapshot on one line, for logs and goldens.
func (s Snapshot) String() string {
	return "registry " + bracket(s.Registry) + " provisions " + bracket(s.Provisions) +
		" effects " + bracket(s.Effects) + " listeners " + bracket(s.Listeners) +
		" unreleased " + bracket(s.Unreleased)
}
