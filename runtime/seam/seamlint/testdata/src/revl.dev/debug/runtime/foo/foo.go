// Package foo is a deterministic package (below revl.dev/debug/runtime).
package foo

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"
)

func emit(string) {}

// --- reported ---

func leaks(m map[string]int) {
	for k, v := range m { // want `range over map m in deterministic package: sort the keys first \(spec §8\)`
		emit(fmt.Sprint(k, v))
	}
	for k := range m { // want `range over map m in deterministic package`
		emit(k)
	}
	_ = time.Now() // want `time.Now called outside the seam`
}

type Set map[string]bool

type registry struct{ fibers Set }

// A named map type, a field, and a map-valued expression are all maps.
func named(r *registry, mm map[int]map[string]bool) {
	for k := range r.fibers { // want `range over map r.fibers in deterministic package`
		emit(k)
	}
	for k := range mm[0] { // want `range over map mm\[0\] in deterministic package`
		emit(k)
	}
}

func generic[M ~map[K]V, K comparable, V any](m M) {
	for k := range m { // want `range over map m in deterministic package`
		_ = k
	}
}

// The collect loop must be followed by a sort of the same slice, in this
// function, after the loop.
func badCollects(m map[string]int) []string {
	var unsorted []string
	for k := range m { // want `range over map m`
		unsorted = append(unsorted, k)
	}

	var early []string
	sort.Strings(early)
	for k := range m { // want `range over map m`
		early = append(early, k)
	}

	var a, b []string
	for k := range m { // want `range over map m`
		a = append(a, k)
	}
	sort.Strings(b)

	var inClosure []string
	for k := range m { // want `range over map m`
		inClosure = append(inClosure, k)
	}
	defer func() { sort.Strings(inClosure) }()

	var more []string
	for k := range m { // want `range over map m`
		more = append(more, k)
		emit(k) // a second statement observes the order
	}
	sort.Strings(more)

	var pairs []string
	for k, v := range m { // want `range over map m`
		pairs = append(pairs, k+fmt.Sprint(v))
	}
	sort.Strings(pairs)

	var upper []string
	for k := range m { // want `range over map m`
		upper = append(upper, strings.ToUpper(k)) // not a plain append of the key
	}
	sort.Strings(upper)

	return slices.Concat(unsorted, early, a, b, more, pairs, upper)
}

func iterators(m map[string]int) []string {
	for k := range maps.Keys(m) { // want `maps.Keys\(m\) yields in map order in deterministic package: use slices.Sorted\(maps.Keys\(m\)\) \(spec §8\)`
		emit(k)
	}
	for k, v := range maps.All(m) { // want `maps.All\(m\) yields in map order`
		emit(fmt.Sprint(k, v))
	}
	vals := slices.Collect(maps.Values(m)) // want `maps.Values\(m\) yields in map order`
	keys := slices.Collect(maps.Keys(m))   // want `maps.Keys\(m\) yields in map order`
	slices.Sort(keys[:1])                  // only sorting the variable itself counts
	return append(keys, fmt.Sprint(vals))
}

// --- accepted ---

func sortedKeys(m map[string]int) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)

	var ids []int
	for _, v := range m {
		ids = append(ids, v)
	}
	if len(ids) > 1 {
		slices.Sort(ids) // nested in a block is still later in the function
	}

	var byLen []string
	for k := range m {
		byLen = append(byLen, k)
	}
	sort.Slice(byLen, func(i, j int) bool { return byLen[i] < byLen[j] })

	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, strings.Compare)

	var ss []string
	for k := range m {
		ss = append(ss, k)
	}
	sort.Sort(sort.StringSlice(ss))

	var assigned []string
	var k string
	for k = range m {
		assigned = append(assigned, k)
	}
	slices.Sort(assigned)

	var fromIter []string
	for k := range maps.Keys(m) {
		fromIter = append(fromIter, k)
	}
	slices.SortStableFunc(fromIter, strings.Compare)

	// Inside a closure the closure is the function.
	_ = func() []string {
		var inner []string
		for k := range m {
			inner = append(inner, k)
		}
		sort.Strings(inner)
		return inner
	}
}

func sortedIterators(m map[string]int) ([]string, []int, map[string]int) {
	keys := slices.Sorted(maps.Keys(m))
	_ = slices.SortedFunc(maps.Keys(m), strings.Compare)
	vals := slices.Collect(maps.Values(m))
	slices.Sort(vals)
	var more []string
	more = slices.AppendSeq(more, maps.Keys(m))
	sort.Strings(more)
	clone := maps.Collect(maps.All(m))
	maps.Insert(clone, maps.All(m))
	return slices.Concat(keys, more), vals, clone
}

func counts(m map[string]int) (n int) {
	for range m {
		n++
	}
	return n
}

func annotated(m map[string]int) (sum int, max_ int) {
	//seam:unordered sums values; addition commutes
	for _, v := range m {
		sum += v
	}
	// Finding the maximum does not depend on the visiting order.
	//seam:unordered max is order-insensitive
	for _, v := range m {
		max_ = max(max_, v)
	}
	//seam:unordered counting keys is order-insensitive
	for k := range maps.Keys(m) {
		_ = k
		sum++
	}
	// The directive covers only the statement right below it, not code
	// nested deeper inside that statement.
	//seam:unordered copying into another map
	other := maps.Collect(func(yield func(string, int) bool) {
		for k, v := range maps.All(m) { // want `maps.All\(m\) yields in map order`
			if !yield(k, v) {
				return
			}
		}
	})
	_ = other
	return sum, max_
}

func badAnnotations(m map[string]int) (sum int) {
	//seam:unordered
	for _, v := range m { // want `range over map m in deterministic package: sort the keys first \(spec §8\) \(//seam:unordered needs a reason\)`
		sum += v
	}

	//seam:unordered blank line in between does not count

	for _, v := range m { // want `range over map m`
		sum += v
	}

	// seam:unordered not a directive (space after //)
	for _, v := range m { // want `range over map m`
		sum += v
	}

	//seam:unorderedly sum
	for _, v := range m { // want `range over map m`
		sum += v
	}
	return sum
}

func notMaps(s []string, a [3]int, ch chan int, str string) {
	for k := range s {
		_ = k
	}
	for i := range a {
		_ = i
	}
	for v := range ch {
		_ = v
	}
	for i := range 10 {
		_ = i
	}
	for _, r := range str {
		_ = r
	}
}
