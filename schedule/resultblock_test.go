package schedule

import (
	"fmt"
	"slices"
	"testing"
)

// TestResultsShareNothing runs schedules back to back on one world, as a
// sweep's worker does, and checks that no result's slices share an array
// with another's or with another slice of the same result: a short
// schedule's result starts its slices in one block (resultBlock), and the
// driver and collector that build it are reused.
func TestResultsShareNothing(t *testing.T) {
	for _, bp := range benchPrograms {
		t.Run(bp.name, func(t *testing.T) {
			x, err := NewWorld(bp.prog(t), Options{})
			if err != nil {
				t.Fatal(err)
			}
			const n = 6
			var rs []*Result
			var want []string
			for seed := uint64(1); seed <= n; seed++ {
				r := x.Run(NewSeeded(seed))
				rs = append(rs, r)
				want = append(want, fmt.Sprint(r.Choices, r.Atoms, r.Readies, r.Emissions, r.States, r.Findings))
			}
			// Growing and overwriting every slice of every result in place
			// must leave the others as they were.
			for i, r := range rs {
				if len(r.Choices) == 0 || len(r.States) == 0 {
					t.Fatalf("seed %d: an empty result", i+1)
				}
				r.Choices[0], r.Atoms[0], r.States[0] = -1, "scribbled", "scribbled"
				r.Readies[0] = append(r.Readies[0][:0], "scribbled")
				r.Choices = append(r.Choices, -1)
				r.Atoms = append(r.Atoms, "scribbled")
				r.States = append(r.States, "scribbled")
				r.Emissions = append(r.Emissions, Emission{Text: "scribbled"})
				for j, o := range rs {
					if j <= i {
						continue // itself, or scribbled already
					}
					if got := fmt.Sprint(o.Choices, o.Atoms, o.Readies, o.Emissions, o.States, o.Findings); got != want[j] {
						t.Fatalf("writing seed %d's result changed seed %d's:\n got %s\nwant %s", i+1, j+1, got, want[j])
					}
				}
			}
			// And a fresh run after all that is what the first run was.
			r := x.Run(NewSeeded(1))
			got := fmt.Sprint(r.Choices, r.Atoms, r.Readies, r.Emissions, r.States, r.Findings)
			if got != want[0] {
				t.Fatalf("seed 1 again:\n got %s\nwant %s", got, want[0])
			}
			if !slices.Equal(r.Choices, x.Replay(r.Choices).Choices) {
				t.Fatal("replaying seed 1's choices drew another schedule")
			}
		})
	}
}
