package travel

import (
	"fmt"
	"slices"
	"testing"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/runtime/check"
)

// TestLazyMatchesEager: a lazy engine, which learns the schedule as the
// position moves, shows at every position what an engine that ran the
// schedule at New shows, for every fixture and a wide composition, under
// a seed, a vector and the canonical choices; learnt to the end it has
// the same history. Small checkpoint budgets make it drop and replay.
func TestLazyMatchesEager(t *testing.T) {
	progs := fixtures(t)
	wide, diags := check.Source("wide.rvl", gen.Source(gen.Wide(40)))
	if check.HasErrors(diags) {
		t.Fatal(diags)
	}
	progs["wide"] = wide
	seed := uint64(7)
	for _, name := range sorted(progs) {
		for _, tape := range []struct {
			name string
			tape Tape
		}{{"seed", Tape{Seed: &seed}}, {"vector", Tape{Choices: []int{1, 0, 2, 1}}}, {"canonical", Tape{}}} {
			t.Run(name+"/"+tape.name, func(t *testing.T) {
				w := worldOf(t, progs[name])
				opts := Options{CheckpointBytes: 1, Spacing: 5}
				eager, err := New(w, tape.tape, opts)
				if err != nil {
					t.Fatal(err)
				}
				opts.Lazy = true
				lazy, err := New(w, tape.tape, opts)
				if err != nil {
					t.Fatal(err)
				}
				if lazy.Known() && lazy.EndTick() != 0 {
					t.Fatalf("a lazy engine knows the end (%d) before moving", lazy.EndTick())
				}
				n := len(eager.Decisions())
				state := func(e *Engine) string {
					a := ""
					if !e.AtEnd() && !e.InAtom() {
						a = e.ReadyAt(e.Next()).String()
					}
					return fmt.Sprintf("tick %d decision %d inAtom %v end %v next %s ready %d emissions %d findings %d diverged %v",
						e.Tick(), e.Decision(), e.InAtom(), e.AtEnd(), a, e.ReadyLen(), len(e.EmissionsSoFar()), len(e.FindingsSoFar()), e.Diverged())
				}
				moves := []func(e *Engine){
					func(e *Engine) { e.Goto(e.DecisionTick(n / 2)) },
					func(e *Engine) { e.Forward(func(*Op) bool { return true }) },
					func(e *Engine) { e.Back(func(*Op) bool { return true }) },
					func(e *Engine) { e.Goto(e.DecisionTick(n)) },
					func(e *Engine) { e.Goto(e.DecisionTick(1)) },
					func(e *Engine) { e.Goto(e.Tick() + 3) },
				}
				for i, mv := range moves {
					mv(eager)
					mv(lazy)
					if g, w := state(lazy), state(eager); g != w {
						t.Fatalf("move %d: lazy at %s, eager at %s", i, g, w)
					}
				}
				lazy.LearnAll()
				if !lazy.Known() || lazy.EndTick() != eager.EndTick() || !slices.Equal(lazy.Choices(), eager.Choices()) ||
					len(lazy.Decisions()) != n || len(lazy.AllEmissions()) != len(eager.AllEmissions()) ||
					!slices.Equal(joined(lazy.AllFindings()), joined(eager.AllFindings())) {
					t.Errorf("learnt to the end: end %d choices %v findings %v; eager: end %d choices %v findings %v",
						lazy.EndTick(), lazy.Choices(), joined(lazy.AllFindings()), eager.EndTick(), eager.Choices(), joined(eager.AllFindings()))
				}
			})
		}
	}
}
