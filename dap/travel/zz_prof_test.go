package travel

import (
	"testing"
)

func BenchmarkZZStepBack(b *testing.B) {
	p := wide(b, 50_000)
	seed := uint64(7)
	e, _ := New(p, Tape{Seed: &seed}, Options{})
	e.Goto(e.DecisionTick(99_990))
	e.Mark()
	b.ResetTimer()
	for range b.N {
		e.Forward(func(*Op) bool { return !e.InAtom() })
		e.Mark()
		e.Goto(e.DecisionTick(e.Decision() - 1))
		e.Mark()
	}
}
