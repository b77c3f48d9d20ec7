//go:build race

package schedule

// raceEnabled lets the heavier tests shrink their seed counts under -race,
// which slows the interpreter down several times over.
const raceEnabled = true
