//go:build race

package eval

// raceEnabled makes the evaluation tests run a smaller configuration
// under -race, which slows the interpreter down several times over; the
// documented configuration runs in CI's own step without it (.ci/run).
const raceEnabled = true
