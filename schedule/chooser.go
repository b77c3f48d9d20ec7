package schedule

import "revl.dev/debug/runtime/seam"

// A Chooser picks an index into the sorted ready set at every atom step,
// given the set's size: no chooser needs the atoms themselves, and a wide
// composition has thousands ready at once, so the scheduler and the
// debugger never list them just to choose. The ready set is
// runtime.Machine.Ready: sorted by (kind rank, load-order index), so index
// 0 names the same atom on every replay (spec §6).
// The scheduler calls it only with a non-empty ready set and records the
// result in the choice vector, also when one atom is ready.
type Chooser interface {
	Choose(n int) int
}

// Canonical always picks index 0: the sequential baseline.
type Canonical struct{}

func (Canonical) Choose(int) int { return 0 }

// Seeded draws from a seeded PRNG of the seam, whose output is pinned by
// golden tests and so never changes across Go versions or platforms. The
// PRNG is consulted only when more than one atom is ready, so a seed's
// tape is not spent on forced steps.
type Seeded struct {
	Seed uint64
	rng  *seam.SeededEntropy
	// tape is where rng points: the chooser and its stream are one
	// allocation, and a sweep makes one chooser per seed.
	tape seam.SeededEntropy
}

// NewSeeded returns the chooser for seed.
func NewSeeded(seed uint64) *Seeded {
	s := &Seeded{Seed: seed, tape: *seam.NewSeeded(seed).Sub("revl-schedule").(*seam.SeededEntropy)}
	s.rng = &s.tape
	return s
}

func (s *Seeded) Choose(n int) int {
	if n <= 1 {
		return 0
	}
	return seam.Intn(s.rng, n)
}

// Clone returns a chooser in the same state, so a cloned run draws the
// same remaining tape.
func (s *Seeded) Clone() *Seeded {
	c := &Seeded{Seed: s.Seed, tape: *s.rng}
	c.rng = &c.tape
	return c
}

// CloneChooser is Clone as a ChooserCloner, for Driver.Clone.
func (s *Seeded) CloneChooser() Chooser { return s.Clone() }

// Replay reads a saved choice vector: past its end it returns 0, and an
// index too large for the ready set is clamped to the last one.
type Replay struct {
	Choices []int
	next    int
}

// NewReplay returns a chooser that replays choices.
func NewReplay(choices []int) *Replay { return &Replay{Choices: choices} }

func (r *Replay) Choose(n int) int {
	i := 0
	if r.next < len(r.Choices) {
		i = r.Choices[r.next]
	}
	r.next++
	if i < 0 {
		i = 0
	}
	if i >= n {
		i = n - 1
	}
	return i
}
