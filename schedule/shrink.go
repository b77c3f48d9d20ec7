package schedule

import "slices"

// Replayer runs the schedule that a choice vector describes.
type Replayer func(choices []int) *Result

// Shrunk is a minimized failure.
type Shrunk struct {
	Result  *Result // the minimized run; Result.Choices is its full vector
	From    []int   // the vector shrinking started from
	Replays int     // how many schedules shrinking ran
}

// Shrink minimizes the failing run orig toward the canonical run while
// keeping its failure signature (spec §6): first the shortest prefix that
// still fails the same way (the rest reads as 0), then each non-zero choice
// lowered toward 0, passes repeated to a fixpoint, each pass after trying
// to drop every injected fault. The result is 1-minimal: no single choice
// can be lowered, and no fault dropped, and still fail the same way.
func Shrink(orig *Result, replay Replayer) Shrunk {
	sig := orig.Signature()
	out := Shrunk{Result: orig, From: append([]int(nil), orig.Choices...)}
	try := func(v []int) (*Result, bool) {
		out.Replays++
		r := replay(v)
		return r, r.Signature() == sig
	}
	best := orig
	// Shortest failing prefix. The full vector fails by assumption, so the
	// loop always ends with a candidate. Only the empty prefix and those
	// that end with a non-zero choice are tried: a prefix that ends with
	// a 0 replays what the one without that 0 does (replay reads 0 past
	// the end), so it cannot be the first to fail. Trying every length
	// replayed a schedule per leading zero: at 5,000 components a
	// failing class whose one non-canonical choice came at decision
	// 9,996 took 10,000 replays.
	for n := 0; n < len(orig.Choices); n++ {
		if n > 0 && orig.Choices[n-1] == 0 {
			continue
		}
		if allZero(orig.Choices[n:]) {
			break // the prefix of length n is the vector itself
		}
		if r, ok := try(orig.Choices[:n]); ok {
			best = r
			break
		}
	}
	// Lower each non-zero choice, smallest value first, until no single
	// choice can be lowered; before each pass, try dropping each injected
	// fault (its decision removed, so the choices after it move up one
	// decision, as if the fault had never been chosen): a failure that
	// does not need a fault is reported without it.
	for changed := true; changed; {
		changed = false
		for j := len(best.Faults) - 1; j >= 0; j-- {
			at := best.Faults[j].Decision
			if at >= len(best.Choices) {
				continue
			}
			cand := slices.Delete(slices.Clone(best.Choices), at, at+1)
			if r, ok := try(cand); ok {
				best = r
				changed = true
				j = len(best.Faults) // the faults moved: start over
			}
		}
		for i := 0; i < len(best.Choices); i++ {
			for v := 0; v < best.Choices[i]; v++ {
				cand := append([]int(nil), best.Choices...)
				cand[i] = v
				if r, ok := try(cand); ok {
					best = r
					changed = true
					break
				}
			}
		}
	}
	out.Result = best
	return out
}

func allZero(v []int) bool {
	for _, c := range v {
		if c != 0 {
			return false
		}
	}
	return true
}
