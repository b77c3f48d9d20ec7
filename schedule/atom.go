package schedule

import (
	"fmt"
	"sort"

	"revl.dev/debug/runtime/check"
)

// AtomKind is the kind of a lifecycle atom. Its value is the kind rank of
// the ready-set order: activations sort before teardowns.
type AtomKind int

const (
	Activate AtomKind = iota
	Teardown
)

func (k AtomKind) String() string {
	if k == Teardown {
		return "teardown"
	}
	return "activate"
}

// Atom is one schedulable lifecycle operation on one fiber.
type Atom struct {
	Kind      AtomKind
	Fiber     string
	LoadIndex int
}

// Label is the atom's name as the spec writes it: `activate(F)`.
func (a Atom) Label() string { return fmt.Sprintf("%s(%s)", a.Kind, a.Fiber) }

func (a Atom) String() string { return a.Label() }

// State is a fiber's lifecycle state as the scheduler sees it.
type State int

const (
	Pending State = iota
	Active
	Failed
	Down
)

func (s State) String() string {
	switch s {
	case Active:
		return "active"
	case Failed:
		return "failed"
	case Down:
		return "down"
	}
	return "pending"
}

// Ready returns the ready set for the given fiber states (indexed like
// p.Components, by DeclIndex), sorted by (kind rank, load-order index,
// label) so that index 0 names the same atom on every replay (spec §6).
//
//   - activate(F) is ready when F is pending and every key F requires is
//     provided by an active fiber;
//   - teardown(F) is ready when F is active and every component that
//     requires a key F provides is down or failed.
func Ready(p *check.Program, states []State) []Atom {
	var ready []Atom
	for _, c := range p.LoadOrder {
		switch states[c.DeclIndex] {
		case Pending:
			if requiresMet(c, states) {
				ready = append(ready, Atom{Kind: Activate, Fiber: c.Name, LoadIndex: c.LoadIndex})
			}
		case Active:
			if dependentsGone(p, c, states) {
				ready = append(ready, Atom{Kind: Teardown, Fiber: c.Name, LoadIndex: c.LoadIndex})
			}
		}
	}
	sort.SliceStable(ready, func(i, j int) bool {
		a, b := ready[i], ready[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.LoadIndex != b.LoadIndex {
			return a.LoadIndex < b.LoadIndex
		}
		return a.Label() < b.Label()
	})
	return ready
}

func requiresMet(c *check.Component, states []State) bool {
	for _, k := range c.Requires {
		if k.Provider == nil || states[k.Provider.DeclIndex] != Active {
			return false
		}
	}
	return true
}

func dependentsGone(p *check.Program, c *check.Component, states []State) bool {
	for _, d := range p.Dependents(c) {
		if s := states[d.DeclIndex]; s != Down && s != Failed {
			return false
		}
	}
	return true
}
