package flagcheck

import (
	"testing"

	"revl.dev/debug/runtime"
)

func TestAtoms(t *testing.T) {
	for _, c := range []struct {
		name     string
		set      []string
		atoms    string
		maxFires int
		want     runtime.AtomMode
		err      string
	}{
		{"default", nil, "lifecycle", 0, runtime.AtomsLifecycle, ""},
		{"fine", []string{"atoms"}, "fine", 0, runtime.AtomsFine, ""},
		{"fine with fires", []string{"atoms", "max-fires"}, "fine", 2, runtime.AtomsFine, ""},
		{"unknown alphabet", []string{"atoms"}, "coarse", 0, 0, `--atoms "coarse": want lifecycle or fine`},
		{"fires zero", []string{"atoms", "max-fires"}, "fine", 0, 0, "--max-fires must be 1 or more, got 0"},
		{"fires negative", []string{"atoms", "max-fires"}, "fine", -2, 0, "--max-fires must be 1 or more, got -2"},
		{"fires without fine", []string{"max-fires"}, "lifecycle", 2, 0, "--max-fires needs --atoms fine (lifecycle schedules fire no timer)"},
		// Fine atoms take faults everywhere (revl test, traces, debuggers).
		{"fine and faults", []string{"atoms", "max-faults"}, "fine", 0, runtime.AtomsFine, ""},
		{"lifecycle and faults", []string{"max-faults"}, "lifecycle", 0, runtime.AtomsLifecycle, ""},
		{"fine with three fires", []string{"atoms", "max-fires"}, "fine", 3, runtime.AtomsFine, ""},
		{"the alphabet first", []string{"atoms", "max-faults"}, "bogus", 0, 0, `--atoms "bogus": want lifecycle or fine`},
	} {
		set := map[string]bool{}
		for _, s := range c.set {
			set[s] = true
		}
		var mode runtime.AtomMode
		var err error
		mode, err = Atoms(set, c.atoms, c.maxFires)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.err == "" && mode != c.want:
			t.Errorf("%s: mode %v, want %v", c.name, mode, c.want)
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("%s: error %v, want %q", c.name, err, c.err)
		}
	}
}
