// Package flagcheck checks the command-line flags that choose the
// scheduler's alphabet (--atoms, --max-fires) for every command that
// takes them: revl test, revl trace record and revl-tui. One checker, so that a
// combination one command refuses is refused by the others in the same
// words.
package flagcheck

import (
	"errors"
	"fmt"

	"revl.dev/debug/runtime"
)

// Atoms reads --atoms and checks --max-fires against it. set holds the
// flags given explicitly: a --max-fires given is checked even when its
// value is the default.
func Atoms(set map[string]bool, atoms string, maxFires int) (runtime.AtomMode, error) {
	mode, ok := runtime.ParseAtomMode(atoms)
	if !ok {
		return mode, fmt.Errorf("--atoms %q: want lifecycle or fine", atoms)
	}
	if set["max-fires"] && maxFires < 1 {
		return mode, fmt.Errorf("--max-fires must be 1 or more, got %d", maxFires)
	}
	if set["max-fires"] && mode != runtime.AtomsFine {
		return mode, errors.New("--max-fires needs --atoms fine (lifecycle schedules fire no timer)")
	}
	return mode, nil
}
