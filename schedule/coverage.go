package schedule

import (
	"math"
	"slices"
	"strconv"
)

// Coverage of a seeded sweep: which equivalence classes (traces under the
// dependency relation of footprint.go) its schedules hit, and an unbiased
// estimate of how many classes there are.
//
// A seeded schedule is a uniform random walk down the schedule tree: at
// every decision the seeded chooser picks each ready atom with equal
// probability. Its class C is hit with probability P(C), the sum over the
// linearizations of C's happens-before of the product of 1/|ready| along
// them. So 1/P(C) of the class of a random walk is an unbiased estimator of
// the number of classes (E[1/P(C)] = Σ_C P(C)/P(C)), a tree-size estimator
// in the manner of Knuth's, over the tree of schedules folded into classes.
// The estimate is the mean over the seeds and the spread its standard
// error. P(C) is a sum over the downsets of C's happens-before, computed
// level by level.
//
// A class too wide for that (more than maxDownsets downsets) uses a second
// unbiased term, Knuth's own: the product of the ready-set sizes along the
// walk when the walk is the class's lexicographic normal form, and 0
// otherwise. Exactly one linearization of a class is its normal form, and
// the walk runs it with probability 1/(that product), so each class again
// contributes exactly 1 to the expectation. Which term a class uses depends
// only on the class, so mixing them keeps the mean unbiased; the second
// has a far larger spread, which the reported spread shows. A truncated
// schedule always uses the second (its class is a prefix, and atoms outside
// it may be ready along it, so P(C) is not the sum above).

// Coverage is how much of the space of equivalence classes a seeded sweep
// covered: the distinct classes its schedules hit, and an estimate of how
// many there are in all, with its spread (the standard error).
type Coverage struct {
	Classes int `json:"classes"`
	// Samples is the number of seeded schedules the estimate averages;
	// Estimate and Spread are absent only when a weight overflowed.
	Samples  int      `json:"samples"`
	Estimate *float64 `json:"estimate,omitempty"`
	Spread   *float64 `json:"spread,omitempty"`
}

// maxDownsets bounds the downsets the weight computation of one schedule
// visits, so coverage costs a sweep a bounded multiple of its schedules
// (BenchmarkSweepClasses); a class with more uses the normal-form term. A
// variable so that tests can force that term.
var maxDownsets = 1024

// ClassSample is the class of one schedule and, for a seeded one, its
// estimator term (Weighted false: none, for a vector that is not a random
// walk, or a term too large for a float64).
type ClassSample struct {
	Hash     uint64
	Weight   float64
	Weighted bool
}

// HashString renders the class hash as the dossier writes it.
func (c ClassSample) HashString() string { return strconv.FormatUint(c.Hash, 16) }

// classify computes the class of the run rec recorded and, when weigh
// is set, its weight.
func (w *World) classify(x *explorer, rec *footprints, truncated, weigh bool) ClassSample {
	x.rec = rec
	ids := make([]int32, len(rec.atoms))
	for i, a := range rec.atoms {
		ids[i] = x.atomID(a)
	}
	t := traceOf(rec.fps)
	nf := t.normalForm(ids)
	c := ClassSample{Hash: hashIDs(nf)}
	if !weigh {
		return c
	}
	// With fine atoms an atom can be ready along the walk and never run (a
	// fire when the lifecycle work ends, a complete whose job an await
	// finishes): the sum over downsets, which assumes persistent atoms,
	// does not hold, and the normal-form term, which needs only the sizes
	// the walk saw, is used.
	if !truncated && !rec.fine && !w.tooWideToWeigh() {
		if p := t.probability(); p > 0 {
			c.Weight, c.Weighted = 1/p, true
			return c
		}
	}
	c.Weighted = true
	if slices.Equal(nf, ids) {
		c.Weight = 1
		for _, n := range rec.sizes {
			c.Weight *= float64(n)
		}
		if math.IsInf(c.Weight, 0) {
			c.Weight, c.Weighted = 0, false
		}
	}
	return c
}

// tooWideToWeigh reports whether the canonical schedule's trace has too
// many downsets for the exact class probability. The schedules of a world
// are of one shape, so then the others are skipped too: the search was
// most of a wide sweep's time. It is decided once per world, from the
// canonical run, so that every seed's term is the same at any number of
// workers.
func (w *World) tooWideToWeigh() bool {
	w.wideOnce.Do(func() {
		x := &explorer{w: w}
		rec := newFootprints(w, &x.objs)
		if r := w.RunObserved(NewReplay(w.Baseline().Choices), rec, false); !r.Truncated {
			w.tooWide = traceOf(rec.fps).probability() == 0
		}
	})
	return w.tooWide
}

// Classify replays a choice vector and returns its class (without a
// weight: a vector is not a random walk).
func (w *World) Classify(choices []int) ClassSample {
	x := &explorer{w: w}
	rec := newFootprints(w, &x.objs)
	r := w.RunObserved(NewReplay(choices), rec, false)
	// Not weighed: the weight, of no use here, is a search over the
	// trace's downsets.
	return w.classify(x, rec, r.Truncated, false)
}

// ExploreClassified is Explore that also records the class of the seed's
// schedule and its estimator term in Outcome.Class.
func (w *World) ExploreClassified(seed uint64, shrink bool) Outcome {
	x := &explorer{w: w}
	rec := newFootprints(w, &x.objs)
	r := w.RunObserved(NewSeeded(seed), rec, true)
	o := w.outcomeOf(seed, r, shrink)
	o.Class = w.classify(x, rec, r.Truncated, true)
	return o
}

// probability is the chance that a uniform random walk of the schedule
// tree runs a linearization of the trace (0 when the trace is too wide to
// compute it). The atoms ready at a downset D of a maximal trace are the
// atoms outside D whose enablers are all in D (atoms are persistent, so
// every atom ready along the way runs in the trace); the walk extends D by
// one of the minimal atoms outside it to stay in the class.
func (t *trace) probability() float64 {
	words := (t.n + 63) / 64
	level := map[string]float64{string(make([]byte, 8*words)): 1}
	set := make(bitset, words)
	key := make([]byte, 8*words)
	var keys []string
	var mins []int
	visited := 1
	for range t.n {
		next := make(map[string]float64, len(level))
		// In key order: the sums are of floats, so their order must not
		// depend on the map's.
		keys = keys[:0]
		//seam:unordered the keys are sorted below
		for k := range level {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			p := level[k]
			decode(set, k)
			ready := 0
			mins = mins[:0]
			for a := range t.n {
				if set.has(a) {
					continue
				}
				if t.enabledIn(a, set) {
					ready++
				}
				if t.immIn(a, set) {
					mins = append(mins, a)
				}
			}
			for _, a := range mins {
				set.set(a)
				encode(key, set)
				q, seen := next[string(key)]
				if !seen {
					if visited++; visited > maxDownsets {
						return 0
					}
				}
				next[string(key)] = q + p/float64(ready)
				set[a>>6] &^= 1 << (uint(a) & 63)
			}
		}
		level = next
	}
	for i := range t.n {
		set.set(i)
	}
	encode(key, set)
	return level[string(key)]
}

// enabledIn reports whether every enabler of atom a is in set. The
// enablers are a short list per atom, tested as they are: a bit set per
// atom was n²/64 words, 1.25 GB for a run of 100,000 decisions, built
// before the search could find the trace too wide to weigh.
func (t *trace) enabledIn(a int, set bitset) bool {
	for _, i := range t.enablers[a] {
		if !set.has(i) {
			return false
		}
	}
	return true
}

func encode(key []byte, set bitset) {
	for i, w := range set {
		for j := range 8 {
			key[8*i+j] = byte(w >> (8 * j))
		}
	}
}

func decode(set bitset, key string) {
	for i := range set {
		var w uint64
		for j := range 8 {
			w |= uint64(key[8*i+j]) << (8 * j)
		}
		set[i] = w
	}
}

// CoverageCounter accumulates the classes of a sweep's schedules.
type CoverageCounter struct {
	seen    map[string]struct{}
	samples int
	unknown int
	sum     float64
	sumSq   float64
}

// NewCoverageCounter returns an empty counter.
func NewCoverageCounter() *CoverageCounter {
	return &CoverageCounter{seen: map[string]struct{}{}}
}

// Add counts the class of one schedule; sample says it was a seeded
// (random) one, whose weight (nil: none) enters the estimate.
func (c *CoverageCounter) Add(hash string, weight *float64, sample bool) {
	if hash != "" {
		c.seen[hash] = struct{}{}
	}
	if !sample {
		return
	}
	c.samples++
	if weight == nil {
		c.unknown++
		return
	}
	c.sum += *weight
	c.sumSq += *weight * *weight
}

// WeightOf is a sample's weight as CoverageCounter.Add takes it.
func (c ClassSample) WeightOf() *float64 {
	if !c.Weighted {
		return nil
	}
	w := c.Weight
	return &w
}

// Coverage is what the counter has seen.
func (c *CoverageCounter) Coverage() *Coverage {
	cov := &Coverage{Classes: len(c.seen), Samples: c.samples}
	if c.samples == 0 || c.unknown > 0 {
		return cov
	}
	n := float64(c.samples)
	mean := c.sum / n
	spread := 0.0
	if c.samples > 1 {
		v := (c.sumSq - n*mean*mean) / (n - 1)
		spread = math.Sqrt(max(v, 0) / n)
	}
	cov.Estimate, cov.Spread = &mean, &spread
	return cov
}

// CoverageOf recomputes the coverage of a dossier from its entries, the
// way a sweep computes it, so merged shard reports carry the one-machine
// figures.
func CoverageOf(entries []Entry) *Coverage {
	c := NewCoverageCounter()
	any := false
	for _, e := range entries {
		if e.ClassHash != "" {
			any = true
		}
		c.Add(e.ClassHash, e.ClassWeight, e.Seed.Name == "")
	}
	if !any {
		return nil
	}
	return c.Coverage()
}
