// Package seam is the determinism seam of the revl runtime (spec §8): the
// only package in revl.dev/debug that may read the wall clock or an
// operating-system entropy source.
//
// Every other package receives time through a [Clock] and randomness
// through an [Entropy], both passed in by whoever constructs it. Swapping
// the implementations is then the whole difference between a live run and
// a reproducible one:
//
//	live            SystemClock + SystemEntropy
//	deterministic   VirtualClock + SeededEntropy (a run seed)
//	replay          TraceClock (recorded timestamps) + SeededEntropy
//
// # Why a seam and not discipline
//
// A single stray time.Now or math/rand call makes a schedule exploration
// impossible to replay: the same seed stops producing the same event log,
// and the report can no longer name a reproducible failing vector. The
// analyzer in revl.dev/debug/runtime/seam/seamlint (run as cmd/revl-lint)
// turns such a call into a lint failure that names its file and line, so the
// property cannot erode silently.
//
// # Time
//
// The runtime works in virtual milliseconds since an epoch; [Clock] offers
// both that integer view (NowMillis) and a time.Time view (Now) for code that
// formats timestamps. For every clock in this package Now().UnixMilli() ==
// NowMillis() at the same reading. [VirtualClock] starts at 0 and moves only
// when the harness advances it. [TimerQueue] orders armed timers by due time
// with ties broken by arm order (spec §5); when every fiber is blocked the
// harness jumps the clock to the next due timer with [TimerQueue.Peek] (or
// [NextDue]) and [VirtualClock.AdvanceTo].
//
// # Entropy
//
// [SeededEntropy] is a hand-written xoshiro256** generator seeded through
// SplitMix64, so its output depends on nothing but the seed: not the Go
// version, not the platform, not math/rand's implementation. Named
// substreams ([Entropy.Sub]) depend only on the parent's seed and the name,
// never on how many values anyone has drawn, so the order in which fibers
// run cannot change what each fiber draws.
package seam
