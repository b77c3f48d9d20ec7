package schedule

import (
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// SweepOptions configures an exploration of many seeds.
type SweepOptions struct {
	Seeds    int // run seeds 1..Seeds
	Shard    int // run only seeds whose (seed-1) mod Shards == Shard
	Shards   int // 0 or 1: no sharding
	Workers  int // 0: GOMAXPROCS
	NoShrink bool
	// Classes records each seed's equivalence class and its coverage
	// estimator term in Outcome.Class (coverage.go).
	Classes bool
	// Sampler draws each seed's schedule; the zero value is the uniform
	// walk (samplers.go). Classes assumes the uniform walk.
	Sampler Sampler
	// Stop, when set, is asked before each seed is started; once it says
	// true no further seed starts, and the sweep delivers the seeds it had
	// started (a prefix of the seed order) and ends.
	Stop func() bool
	// Reuse says deliver keeps nothing of a passing seed's Result (its
	// choices, atoms, emissions, states) once it returns: the sweep then
	// builds a later seed's result in that one's arrays, so a passing seed
	// allocates next to nothing and the collector runs that much less
	// often. The Outcome's other fields, and every failing seed's Result,
	// stay the deliverer's.
	Reuse bool
}

// Outcome is one explored seed, delivered in seed order.
type Outcome struct {
	Seed   uint64
	Result *Result // the seed's own run
	// Shrunk is the minimized failure; nil when the seed passed.
	Shrunk *Shrunk
	// FingerprintHash and ScheduleHash identify the run's fingerprint and
	// choice vector, so that shard reports can be merged into exact
	// distinct counts without the runs themselves.
	FingerprintHash string
	ScheduleHash    string
	// Class is the run's equivalence class, with SweepOptions.Classes.
	Class ClassSample
}

// Counter accumulates distinct fingerprints and schedules by their hashes.
// It keeps 16 hex digits per distinct value, not the runs, so memory grows
// with what was distinct, never with the results themselves.
type Counter struct {
	Counts
	fingerprints map[string]struct{}
	schedules    map[string]struct{}
}

// NewCounter returns an empty counter.
func NewCounter() *Counter {
	return &Counter{fingerprints: map[string]struct{}{}, schedules: map[string]struct{}{}}
}

// Add counts one schedule.
func (c *Counter) Add(ok bool, fingerprint, schedule string) {
	c.Schedules++
	if !ok {
		c.Failures++
	}
	if _, seen := c.fingerprints[fingerprint]; !seen {
		c.fingerprints[fingerprint] = struct{}{}
		c.DistinctFingerprints++
	}
	if _, seen := c.schedules[schedule]; !seen {
		c.schedules[schedule] = struct{}{}
		c.DistinctSchedules++
	}
}

// Hash is a short stable hash (FNV-1a 64, hex) used for the counts.
func Hash(s string) string {
	// hash/fnv's New64a, inline: no hasher on the heap and no copy of s.
	h := fnvHash(fnvOffset)
	h.str(s)
	return h.hex()
}

// fnvHash is FNV-1a 64 being fed: Hash of a string written in pieces.
type fnvHash uint64

const fnvOffset, fnvPrime = 14695981039346656037, 1099511628211

func (h *fnvHash) str(s string) { fnvFeed(h, s) }

// fnvFeed feeds s's bytes to h; generic so that a number's digits
// (strconv.AppendInt) need no string.
func fnvFeed[S string | []byte](h *fnvHash, s S) {
	x := uint64(*h)
	for i := 0; i < len(s); i++ {
		x ^= uint64(s[i])
		x *= fnvPrime
	}
	*h = fnvHash(x)
}

func (h fnvHash) hex() string { return strconv.FormatUint(uint64(h), 16) }

// fingerprintHash is Hash(FingerprintOf(r).Key()), computed without
// building the key: a sweep hashes every seed's fingerprint, and the key of
// a layered 50-component run is a few kilobytes built from a hundred
// pieces. TestStreamedHashes holds the two equal.
func fingerprintHash(r *Result) string {
	h := fnvHash(fnvOffset)
	h.str(r.Snapshot.String())
	h.str("\nstates=[")
	for i, s := range r.States {
		if i > 0 {
			h.str(" ")
		}
		h.str(s)
	}
	h.str("]\n")
	comm, sorted := r.sortedComm, r.sortedComm != nil
	for _, e := range r.Emissions {
		switch {
		case e.Timer:
		case e.Commutative:
			if !sorted {
				comm = append(comm, e.Text)
			}
		default:
			h.str("emit ")
			h.str(e.Text)
			h.str("\n")
		}
	}
	if !sorted {
		slices.Sort(comm)
	}
	for _, e := range comm {
		h.str("emit~ ")
		h.str(e)
		h.str("\n")
	}
	return h.hex()
}

// scheduleHash is Hash(ScheduleKey(choices)), without building the key.
func scheduleHash(choices []int) string {
	h := fnvHash(fnvOffset)
	var digits [20]byte
	for i, c := range choices {
		if i > 0 {
			h.str(",")
		}
		fnvFeed(&h, strconv.AppendInt(digits[:0], int64(c), 10))
	}
	return h.hex()
}

// ScheduleKey renders a choice vector for hashing. Trailing zeros are
// part of the schedule, as every decision records a choice.
func ScheduleKey(choices []int) string {
	var b strings.Builder
	b.Grow(2 * len(choices))
	var digits [20]byte
	for i, c := range choices {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(strconv.AppendInt(digits[:0], int64(c), 10))
	}
	return b.String()
}

// SeedsOf lists the seeds a sweep runs, in order.
func (o SweepOptions) SeedsOf() []uint64 {
	var seeds []uint64
	for s := 1; s <= o.Seeds; s++ {
		if o.Shards > 1 && (s-1)%o.Shards != o.Shard {
			continue
		}
		seeds = append(seeds, uint64(s))
	}
	return seeds
}

// Sweep runs every seed of opts against the explorer's program on
// opts.Workers goroutines and hands each Outcome to deliver in seed order,
// whatever the number of workers, so output is byte-identical at any
// GOMAXPROCS. Outcomes are streamed: only those not yet delivered are held.
// It reports whether every seed ran (false: opts.Stop ended it early).
func (x *World) Sweep(opts SweepOptions, deliver func(Outcome)) bool {
	seeds := opts.SeedsOf()
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if workers > len(seeds) {
		workers = len(seeds)
	}
	type done struct {
		i int
		o Outcome
	}
	// window bounds how far the started seeds may run ahead of delivery,
	// so a slow seed cannot make the reorder buffer grow with the sweep.
	// It is wide enough that a worker the OS deschedules for a while (the
	// machine is shared) does not stall the other workers at once: up to
	// 32 seeds per worker, fewer as schedules get long (the outcomes held
	// are about 2,000 decisions per worker), never fewer than 4.
	perWorker := 4
	if workers > 1 {
		x.Baseline()
		perWorker = min(max(2000/max(x.decisionHint(), 1), 4), 32)
	}
	size := max(perWorker*workers, 1)
	window := make(chan struct{}, size)
	// results holds a whole window, so a worker never waits for the
	// delivering goroutine to be scheduled; with two workers on two cores
	// it had to wait for one of them to be preempted, at every seed.
	results := make(chan done, size)
	// Workers take the next seed themselves (there is no feeder goroutine
	// to hand each one over): under mu, so that Stop is asked by one
	// goroutine at a time, before each seed, and the seeds started are
	// always a prefix of the seed order.
	var mu sync.Mutex
	taken, stopped, complete := 0, false, true
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if stopped || taken == len(seeds) {
			return 0, false
		}
		if opts.Stop != nil && opts.Stop() {
			stopped, complete = true, false
			return 0, false
		}
		taken++
		return taken - 1, true
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				window <- struct{}{}
				i, ok := take()
				if !ok {
					<-window
					return
				}
				if opts.Classes {
					results <- done{i, x.ExploreClassified(seeds[i], !opts.NoShrink)}
				} else if !opts.Sampler.Uniform() {
					results <- done{i, x.ExploreWith(seeds[i], opts.Sampler, !opts.NoShrink)}
				} else {
					results <- done{i, x.Explore(seeds[i], !opts.NoShrink)}
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	// The reorder buffer is a ring of the window's size: no seed i starts
	// before seed i-size is delivered, so slot i%size is free when seed i
	// arrives.
	pending := make([]Outcome, size)
	has := make([]bool, size)
	next := 0
	for d := range results {
		pending[d.i%size], has[d.i%size] = d.o, true
		for has[next%size] {
			o := pending[next%size]
			pending[next%size], has[next%size] = Outcome{}, false
			deliver(o)
			if opts.Reuse && o.Shrunk == nil && o.Result != nil && o.Result.OK() {
				x.recycle(o.Result)
			}
			<-window
			next++
		}
	}
	return complete
}
