// Package flagcheck checks the command-line flags that choose the
// scheduler's alphabet (--atoms, --max-fires) and bound its injected
// faults (--faults, --max-faults), for every command that takes them:
// revl test, revl trace record and revl-tui. One checker, so that a
// combination one command refuses is refused by the others in the same
// words.
package flagcheck

import (
	"errors"
	"fmt"

	"revl.dev/debug/runtime"
)

// ErrFineFaultsReplay refuses fine atoms with injected faults where a
// schedule is recorded or stepped (revl trace record, revl-tui): the
// traces and the debuggers inject crash(F) into lifecycle schedules only,
// while revl test runs both together.
var ErrFineFaultsReplay = errors.New("--atoms fine and injected faults (--faults, --max-faults) cannot be combined in a trace or a debugger yet (revl test takes both)")

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

// Replay is Atoms for a command that records or steps one schedule (revl
// trace record, revl-tui), where fine atoms and injected faults
// (maxFaults > 0) do not go together yet: ErrFineFaultsReplay.
func Replay(set map[string]bool, atoms string, maxFires, maxFaults int) (runtime.AtomMode, error) {
	mode, err := Atoms(set, atoms, maxFires)
	if err == nil && mode == runtime.AtomsFine && maxFaults > 0 {
		err = ErrFineFaultsReplay
	}
	return mode, err
}
