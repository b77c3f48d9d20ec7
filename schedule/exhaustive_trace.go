package schedule

import (
	"slices"
	"sort"
)

// The happens-before of a run, in space and time about linear in its
// decisions.
//
// It used to be a bit set per decision over the decisions before it: 25 MB
// a schedule at 5,000 components and 2.5 GB at 50,000, and as much work
// again in the race analysis. What the search asks of it is less: the
// decisions immediately before each decision (its races, and the edges
// of the normal form), whether one decision happens before another, and
// the decisions after one that do not. So the trace keeps
//
//   - per state object, the last write and the reads and ticks since it,
//     which are the only earlier accesses a new access can be immediately
//     after (an older one happens before one of those), so a decision's
//     candidates cost its accesses, not the run so far;
//   - a chain decomposition of the happens-before: a decision extends the
//     chain of one of its immediate predecessors whose last decision that
//     is, or starts a chain; within a chain the order is the positions;
//   - per decision, a sparse vector clock over the other chains: for each
//     chain with a decision before it, the position of the last such one.
//     A decision whose one immediate predecessor is the previous of its
//     chain shares that one's clock, so a run that is one total order (an
//     ordered log every component emits on: gen.Wide) has one chain and
//     no clock at all.
//
// A decision i happens before k when k's clock reaches i's position on
// i's chain. Those that do are a suffix of each chain, so the decisions
// after i that i does not happen before are, per chain, the run up to the
// first one it does: a binary search each (notAfter).

// bitset is a set of decisions of one run (the coverage estimator's
// downsets).
type bitset []uint64

func (b bitset) has(i int) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }
func (b bitset) set(i int)      { b[i>>6] |= 1 << (uint(i) & 63) }

// clockEntry is one chain of a sparse vector clock: the position on it of
// the last decision that happens before the clock's.
type clockEntry struct{ chain, pos int32 }

// trace is the happens-before of a run: for each decision j the decisions
// immediately before it (the maximal ones it depends on: imm), the
// decisions whose writes its readiness read last (enablers), and the
// chains and clocks that answer whether one decision happens before
// another.
type trace struct {
	n int
	// immAt[j]:immAt[j+1] is j's span of immFlat, ascending.
	immAt    []int32
	immFlat  []int32
	enablers [][]int
	chainOf  []int32
	posOf    []int32
	// chains lists each chain's decisions in order.
	chains [][]int32
	// ext is each decision's clock without its own chain, by chain.
	ext [][]clockEntry
	// byLast orders the chains by their last decision, latest first
	// (built on the first notAfter).
	byLast []int32
}

// objAccesses is what the trace keeps of one object's accesses so far: the
// last write, and the reads and the ticks since it.
type objAccesses struct {
	lastW        int32
	reads, ticks []int32
}

// traceOf computes the happens-before of the run whose footprints are fps.
func traceOf(fps []Footprint) *trace {
	n := len(fps)
	t := &trace{n: n, immAt: make([]int32, n+1), enablers: make([][]int, n),
		chainOf: make([]int32, n), posOf: make([]int32, n), ext: make([][]clockEntry, n)}
	var objs []objAccesses
	obj := func(o int32) *objAccesses {
		for int(o) >= len(objs) {
			objs = append(objs, objAccesses{lastW: -1})
		}
		return &objs[o]
	}
	b := builder{t: t, mark: make([]int32, n)}
	var enablers []int // every decision's enablers, one after the other
	for j := range n {
		from := len(enablers)
		for _, o := range fps[j].ready {
			if int(o) < len(objs) && objs[o].lastW >= 0 {
				enablers = append(enablers, int(objs[o].lastW))
			}
		}
		if len(enablers) > from {
			// Capped, so that observedEnablers appends to a copy.
			t.enablers[j] = enablers[from:len(enablers):len(enablers)]
		}
		// The accesses j is immediately after, per object: a write is after
		// the reads and ticks since the last write (or that write), a read
		// after the ticks since it (or it), a tick after the reads since it
		// (or it). Every other conflicting access happens before one of
		// those.
		b.cands = b.cands[:0]
		for _, a := range fps[j].acc {
			s := obj(a.obj)
			switch a.mode {
			case write:
				b.add(j, s.reads)
				b.add(j, s.ticks)
				if len(s.reads)+len(s.ticks) == 0 {
					b.addOne(j, s.lastW)
				}
				s.lastW, s.reads, s.ticks = int32(j), s.reads[:0], s.ticks[:0]
			case read:
				b.add(j, s.ticks)
				if len(s.ticks) == 0 {
					b.addOne(j, s.lastW)
				}
				s.reads = append(s.reads, int32(j))
			case tick:
				b.add(j, s.reads)
				if len(s.reads) == 0 {
					b.addOne(j, s.lastW)
				}
				s.ticks = append(s.ticks, int32(j))
			}
		}
		b.link(j)
	}
	return t
}

// builder is traceOf's scratch space.
type builder struct {
	t     *trace
	mark  []int32 // mark[i] == j+1: i is already a candidate of j
	cands []int32
	max   []int32 // the maximal candidates, latest first
	// join is the clock of the maximal candidates but the latest, dense
	// by chain, reset through touched.
	join    []int32
	touched []int32
	merged  []clockEntry
}

func (b *builder) addOne(j int, i int32) {
	if i >= 0 && b.mark[i] != int32(j)+1 {
		b.mark[i] = int32(j) + 1
		b.cands = append(b.cands, i)
	}
}

func (b *builder) add(j int, is []int32) {
	for _, i := range is {
		b.addOne(j, i)
	}
}

// link finds j's immediate predecessors among its candidates, puts j on a
// chain and computes its clock.
func (b *builder) link(j int) {
	t := b.t
	slices.Sort(b.cands)
	slices.Reverse(b.cands)
	b.max = b.max[:0]
	if len(b.cands) > 0 {
		top := b.cands[0]
		b.max = append(b.max, top)
		// Latest first: a candidate that happens before a later maximal one
		// is not maximal (every candidate it happens before is before a
		// maximal one). The latest is asked through its own clock, the
		// others through their join.
		for _, c := range b.cands[1:] {
			if t.reaches(int(c), int(top)) || b.joined(c) {
				continue
			}
			b.max = append(b.max, c)
			b.joinClock(c)
		}
	}
	for i := len(b.max) - 1; i >= 0; i-- {
		t.immFlat = append(t.immFlat, b.max[i])
	}
	t.immAt[j+1] = int32(len(t.immFlat))
	// j extends the chain of its earliest immediate predecessor that ends
	// one, or else of any chain whose last decision happens before j (a
	// chain is only ever a total order), or starts a chain: the fewer the
	// chains, the smaller the clocks.
	chain := int32(-1)
	for k := len(b.max) - 1; k >= 0; k-- {
		if t.endsChain(b.max[k]) {
			chain = t.chainOf[b.max[k]]
			break
		}
	}
	if len(b.max) == 1 && chain >= 0 {
		t.ext[j] = t.ext[b.max[0]] // shared: nothing new before j
	} else if len(b.max) > 0 {
		clock := b.mergeClock(b.max[0])
		for _, e := range clock {
			if chain >= 0 {
				break
			}
			if int(e.pos) == len(t.chains[e.chain])-1 {
				chain = e.chain
			}
		}
		if i := slices.IndexFunc(clock, func(e clockEntry) bool { return e.chain == chain }); i >= 0 {
			clock = slices.Delete(clock, i, i+1)
		}
		t.ext[j] = slices.Clone(clock)
	}
	if chain < 0 {
		chain = int32(len(t.chains))
		t.chains = append(t.chains, nil)
	}
	t.chainOf[j], t.posOf[j] = chain, int32(len(t.chains[chain]))
	t.chains[chain] = append(t.chains[chain], int32(j))
	for _, c := range b.touched {
		b.join[c] = -1
	}
	b.touched = b.touched[:0]
}

// endsChain reports whether decision d is the last of its chain so far.
func (t *trace) endsChain(d int32) bool {
	c := t.chains[t.chainOf[d]]
	return c[len(c)-1] == d
}

// joined reports whether candidate c happens before one of the maximal
// candidates in the join (or is one).
func (b *builder) joined(c int32) bool {
	ch := b.t.chainOf[c]
	return int(ch) < len(b.join) && b.join[ch] >= b.t.posOf[c]
}

// joinClock adds the clock of decision c to the join.
func (b *builder) joinClock(c int32) {
	b.raise(b.t.chainOf[c], b.t.posOf[c])
	for _, e := range b.t.ext[c] {
		b.raise(e.chain, e.pos)
	}
}

func (b *builder) raise(chain, pos int32) {
	for int(chain) >= len(b.join) {
		b.join = append(b.join, -1)
	}
	if b.join[chain] < 0 {
		b.touched = append(b.touched, chain)
	}
	b.join[chain] = max(b.join[chain], pos)
}

// mergeClock is the clock of the join and of decision top, by chain, in
// the builder's buffer.
func (b *builder) mergeClock(top int32) []clockEntry {
	t := b.t
	b.raise(t.chainOf[top], t.posOf[top])
	slices.Sort(b.touched)
	out := b.merged[:0]
	ext := t.ext[top]
	k := 0
	for _, c := range b.touched {
		for k < len(ext) && ext[k].chain < c {
			out = append(out, ext[k])
			k++
		}
		p := b.join[c]
		if k < len(ext) && ext[k].chain == c {
			p = max(p, ext[k].pos)
			k++
		}
		out = append(out, clockEntry{c, p})
	}
	out = append(out, ext[k:]...)
	b.merged = out
	return out
}

// imm returns the decisions immediately before j, ascending.
func (t *trace) imm(j int) []int32 { return t.immFlat[t.immAt[j]:t.immAt[j+1]] }

// reaches reports whether decision i happens before decision k (i < k).
func (t *trace) reaches(i, k int) bool {
	ci := t.chainOf[i]
	if ci == t.chainOf[k] {
		return t.posOf[i] < t.posOf[k]
	}
	ext := t.ext[k]
	at, found := slices.BinarySearchFunc(ext, ci, func(e clockEntry, c int32) int { return int(e.chain) - int(c) })
	return found && ext[at].pos >= t.posOf[i]
}

// notAfter returns the decisions after i that i does not happen before,
// ascending: on each chain with decisions after i, those before the
// first that i happens before.
func (t *trace) notAfter(i int) []int32 {
	if t.byLast == nil {
		t.byLast = make([]int32, len(t.chains))
		for c := range t.byLast {
			t.byLast[c] = int32(c)
		}
		last := func(c int32) int32 { return t.chains[c][len(t.chains[c])-1] }
		slices.SortFunc(t.byLast, func(a, b int32) int { return int(last(b)) - int(last(a)) })
	}
	var out []int32
	own := t.chainOf[i]
	for _, c := range t.byLast {
		evs := t.chains[c]
		if int(evs[len(evs)-1]) <= i {
			break
		}
		if c == own {
			continue // i happens before the rest of its chain
		}
		from := sort.Search(len(evs), func(q int) bool { return int(evs[q]) > i })
		to := from + sort.Search(len(evs)-from, func(q int) bool { return t.reaches(i, int(evs[from+q])) })
		out = append(out, evs[from:to]...)
	}
	slices.Sort(out)
	return out
}

// normalForm returns the lexicographic normal form of the trace: at each
// step the smallest atom id whose predecessors have all been taken (of
// equal ids, the earlier decision). The decisions taken are a downset, so
// an atom's immediate predecessors stand for all of them.
func (t *trace) normalForm(ids []int32) []int32 {
	n := t.n
	wait := make([]int32, n)
	succAt := make([]int32, n+1)
	for j := range n {
		wait[j] = int32(len(t.imm(j)))
		for _, i := range t.imm(j) {
			succAt[i+1]++
		}
	}
	for j := range n {
		succAt[j+1] += succAt[j]
	}
	succ := make([]int32, len(t.immFlat))
	fill := slices.Clone(succAt[:n])
	for j := range n {
		for _, i := range t.imm(j) {
			succ[fill[i]] = int32(j)
			fill[i]++
		}
	}
	less := func(a, b int32) bool { return ids[a] < ids[b] || ids[a] == ids[b] && a < b }
	var h []int32 // a binary min-heap of the decisions ready to take
	push := func(j int32) {
		h = append(h, j)
		for k := len(h) - 1; k > 0; {
			p := (k - 1) / 2
			if !less(h[k], h[p]) {
				break
			}
			h[k], h[p] = h[p], h[k]
			k = p
		}
	}
	pop := func() int32 {
		top := h[0]
		last := len(h) - 1
		h[0] = h[last]
		h = h[:last]
		for k := 0; ; {
			l, m := 2*k+1, k
			if l < len(h) && less(h[l], h[m]) {
				m = l
			}
			if l+1 < len(h) && less(h[l+1], h[m]) {
				m = l + 1
			}
			if m == k {
				break
			}
			h[k], h[m] = h[m], h[k]
			k = m
		}
		return top
	}
	for j := range n {
		if wait[j] == 0 {
			push(int32(j))
		}
	}
	out := make([]int32, 0, n)
	for len(h) > 0 {
		j := pop()
		out = append(out, ids[j])
		for _, s := range succ[succAt[j]:succAt[j+1]] {
			if wait[s]--; wait[s] == 0 {
				push(s)
			}
		}
	}
	return out
}

// immIn reports whether the decisions immediately before a are all in the
// downset set (then all its predecessors are).
func (t *trace) immIn(a int, set bitset) bool {
	for _, i := range t.imm(a) {
		if !set.has(int(i)) {
			return false
		}
	}
	return true
}
