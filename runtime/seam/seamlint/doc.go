// Package seamlint defines an analyzer that keeps nondeterminism behind the
// determinism seam (spec §8).
//
// The revl runtime promises a byte-identical event log for the same program,
// seed and options (spec §7). That promise is only as strong as its weakest
// call site: one time.Now, one math/rand draw, or one range over a map whose
// order reaches an emission, and a failing schedule can no longer be
// replayed. Review does not reliably catch such a line; this analyzer does,
// and names its file and line. It is run by cmd/revl-lint, standalone or as
// a go vet tool.
//
// # Checks
//
// Seam leaks, in every package except revl.dev/debug/runtime/seam itself
// (and its external test package): any use, called or taken as a function
// value, of time.Now, time.Since, time.Until, time.Sleep, time.After,
// time.AfterFunc, time.NewTimer, time.NewTicker or time.Tick, and of anything
// declared in math/rand, math/rand/v2 or crypto/rand. References are resolved
// through the type checker, not by name, so a renamed import
// (import t "time"; t.Now()), a dot import, a function value (f := time.Now)
// or a type alias of rand.Rand are all caught, and a local variable that
// happens to be called time is not. Use seam.Clock and seam.Entropy instead.
//
// Map order, in the deterministic packages: revl.dev/debug/runtime and
// every package below it except the runtime/seam subtree, and
// revl.dev/debug/schedule, revl.dev/debug/timeline, revl.dev/debug/mocks
// and everything below those (test packages included). There, every
// for-range over a value whose type is a map is reported, as is every use
// of maps.Keys, maps.Values or maps.All, since those iterators yield in map
// order too. The next section lists what is accepted.
//
// # Accepted map iteration
//
// The sorted-keys idiom: a loop whose body is exactly one append of the key
// (or of the value) variable to a local slice, followed later in the same
// function by a sort of that slice with sort.Strings, sort.Ints,
// sort.Float64s, sort.Slice, sort.SliceStable, sort.Sort, sort.Stable,
// slices.Sort, slices.SortFunc or slices.SortStableFunc:
//
//	keys := make([]string, 0, len(m))
//	for k := range m {
//		keys = append(keys, k)
//	}
//	sort.Strings(keys)
//
// Sorted iterators: slices.Sorted, slices.SortedFunc or
// slices.SortedStableFunc applied directly to maps.Keys/Values/All;
// slices.Collect or slices.AppendSeq of them assigned to a local variable
// that is sorted later in the same function; and maps.Collect or
// maps.Insert of them, which only build another map:
//
//	keys := slices.Sorted(maps.Keys(m))
//
// Counting: a loop with neither key nor value variable (for range m), whose
// iterations are indistinguishable.
//
// The escape hatch, for loops that are order-insensitive for a reason the
// analyzer cannot see (sums, counts, min/max, filling another map): a line
// comment in the comment block directly above the statement, with no blank
// line in between and no space after the slashes, followed by a reason:
//
//	//seam:unordered sums sizes; addition commutes
//	for _, f := range files {
//		total += f.size
//	}
//
// The reason is mandatory: a directive without one does not count, and the
// report says so. A directive covers only the statement directly below it,
// not statements nested inside it. Never use it for a loop that emits, appends to an ordered result, or
// returns or breaks early: those are exactly the leaks the check exists for.
//
// # Limits
//
// The sort must be of a local variable, in the same function (not inside a
// closure) and after the loop; the analyzer does not try to prove that the
// slice is not read before it is sorted. An iterator that wraps a map
// (other than maps.Keys/Values/All) is not recognized.
package seamlint
