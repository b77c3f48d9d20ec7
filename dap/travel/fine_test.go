package travel

import (
	"os"
	"path/filepath"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/schedule"
)

// TestRoundTripFine: over schedules of fine atoms (suspended activations,
// completes, resumes, fires), forward, back and forward again give the
// same state at every position and the same events, with and without
// checkpoint thinning.
func TestRoundTripFine(t *testing.T) {
	t.Parallel()
	names, _ := filepath.Glob("../../testdata/fine/*.rvl")
	if len(names) < 4 {
		t.Fatalf("only %d fine fixtures", len(names))
	}
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		p, diags := check.Source(filepath.Base(name), src)
		if check.HasErrors(diags) {
			t.Fatalf("%s does not check", name)
		}
		w, err := schedule.NewWorld(p, schedule.Options{Runtime: runtime.Options{Atoms: runtime.AtomsFine}})
		if err != nil {
			t.Fatal(err)
		}
		fine := false
		for _, opts := range []Options{{}, {CheckpointBytes: 1, Spacing: 3}} {
			for seed := uint64(1); seed <= 4; seed++ {
				e, err := New(w, Tape{Seed: &seed}, opts)
				if err != nil {
					t.Fatal(err)
				}
				any := func(*Op) bool { return true }
				fwd, evs := []string{state(e)}, []string(nil)
				for !e.AtEnd() {
					o, _ := e.Forward(any)
					fwd = append(fwd, state(e))
					evs = append(evs, events(o))
					if k := e.Atom().Kind; k == runtime.Resume || k == runtime.Complete || k == runtime.Fire {
						fine = true
					}
				}
				n := len(fwd) - 1
				for i := n - 1; i >= 0; i-- {
					e.Back(any)
					if got := state(e); got != fwd[i] {
						t.Fatalf("%s seed %d: position %d backward:\n%s\nforward:\n%s", name, seed, i, got, fwd[i])
					}
				}
				for i := 1; i <= n; i++ {
					o, _ := e.Forward(any)
					if got := state(e); got != fwd[i] {
						t.Fatalf("%s seed %d: position %d second pass:\n%s\nfirst:\n%s", name, seed, i, got, fwd[i])
					}
					if got := events(o); got != evs[i-1] {
						t.Fatalf("%s seed %d: events to %d differ", name, seed, i)
					}
				}
			}
		}
		if !fine {
			t.Errorf("%s: no seed ran a fine atom", name)
		}
	}
}
