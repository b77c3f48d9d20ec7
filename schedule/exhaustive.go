package schedule

import (
	"encoding/binary"
	"hash/fnv"
	"slices"

	"revl.dev/debug/runtime"
)

// Exhaustive search: every schedule of a world up to Mazurkiewicz
// equivalence, by optimal dynamic partial-order reduction (Abdulla,
// Aronis, Jonsson, Sagonas, "Optimal dynamic partial order reduction",
// POPL 2014): a stateless depth-first search over the atoms, with sleep
// sets and wakeup trees, that runs exactly one schedule per equivalence
// class. Two atoms are dependent when their footprints conflict
// (footprint.go); a class is a trace: the atoms of a schedule with the
// order of every dependent pair.
//
// Each schedule is run from the world's pristine machine by the one
// Driver loop, replaying the prefix it shares with the last one; the
// search keeps, per decision of the current schedule, a sleep set and a
// wakeup tree, so its memory is bounded by the depth of the schedules,
// not by the number of classes.
//
// The lifecycle atoms are persistent: once ready, an atom stays ready
// until it runs (an activation waits for providers that cannot go down
// while it is pending; a teardown waits for dependents that cannot come
// back). An atom is enabled by the atoms whose writes its readiness reads,
// and those are in the happens-before of the run, so a race is reversible
// exactly when the earlier atom is not one of those enablers.
//
// Fine atoms are not persistent: a fire is ready only while another atom
// is and its timer is due first, a complete only until something awaits
// or cancels its job, an activation only while its suspended provider has
// not failed. The search therefore also takes as enablers the atom after
// which each atom became ready (observedEnablers), schedules at each
// decision the atoms its atom disabled (disabled), and does not let an
// atom that may disable a race's earlier atom cover the race's reversal
// (mayDisable: for a fire, any atom it conflicts with). Every disabler is
// dependent with what it disables. The price is sleep-blocked runs where
// fires meet (no class runs twice); the naive enumeration of the tests
// checks the result (exhaustive_fine_test.go).

// ExhaustiveOptions bound an exhaustive search.
type ExhaustiveOptions struct {
	// MaxSchedules stops the search after that many schedules (0: no
	// bound); the report then says it was bounded out.
	MaxSchedules int
	// Distinct counts the classes by their hashes (8 bytes per class held
	// for the whole search) instead of trusting the algorithm's guarantee
	// that each schedule it runs is of a new class; the CLI sets it, so the
	// schedules-per-class figure it reports is measured.
	Distinct bool
	// Stop, when set, is asked before each schedule; once it says true the
	// search ends (a cancelled search: the report says Stopped).
	Stop func() bool
	// Shards > 0 splits the search into tasks, subtrees of the schedule
	// tree, and runs the tasks k with k mod Shards == Shard
	// (exhaustive_shard.go). The tasks of all the shards cover every class
	// once; MaxSchedules then bounds this shard's schedules.
	Shard, Shards int
}

// ExhaustiveRun is one schedule of the search, one per class.
type ExhaustiveRun struct {
	Result *Result
	// Class identifies the run's equivalence class: a hash of the
	// lexicographic normal form of its trace.
	Class uint64
	// Normal is that normal form, the atom ids in order; Canonical says the
	// run is it (World.ClassRun replays it otherwise). A report that must
	// not depend on how the search was split shows the normal-form run.
	Normal    []int32
	Canonical bool
}

// ExhaustiveReport is what an exhaustive search covered.
type ExhaustiveReport struct {
	// Schedules is how many schedules ran; Classes how many distinct
	// equivalence classes they covered (with Distinct, counted; otherwise
	// the schedules that were not sleep-blocked).
	Schedules int `json:"schedules"`
	Classes   int `json:"classes"`
	// Blocked counts runs that ended in a state whose every ready atom was
	// in the sleep set (redundant work; optimal DPOR has none).
	Blocked int `json:"sleep_blocked"`
	// BoundedOut: MaxSchedules stopped the search; Pending is then how many
	// branches of the wakeup trees were still to explore (a lower bound on
	// the classes left).
	BoundedOut bool `json:"bounded_out"`
	Pending    int  `json:"pending,omitempty"`
	// Stopped: ExhaustiveOptions.Stop ended the search early (cancelled);
	// what it covered is a part of the classes, as with BoundedOut.
	Stopped bool `json:"stopped,omitempty"`
	// Depth is the longest schedule; PeakTree the most wakeup-tree nodes
	// held at once (the search's memory besides the one machine).
	Depth    int `json:"depth"`
	PeakTree int `json:"peak_tree_nodes"`
	// Replayed is how many atoms were run to replay shared prefixes.
	Replayed int `json:"replayed_atoms"`
	// Tasks is, for a sharded search, how many tasks the split has in all,
	// ShardTasks how many of them this shard began, TasksLeft how many of
	// its own a bound or Stop kept from beginning.
	Tasks      int `json:"tasks,omitempty"`
	ShardTasks int `json:"shard_tasks,omitempty"`
	TasksLeft  int `json:"tasks_left,omitempty"`
	// Redundant counts, in a sharded search, runs of a class another task
	// owns (exhaustive_shard.go): the price of splitting.
	Redundant int `json:"redundant,omitempty"`
}

// SchedulesPerClass is the search's redundancy: 1.0 is optimal.
func (r ExhaustiveReport) SchedulesPerClass() float64 {
	if r.Classes == 0 {
		return 0
	}
	return float64(r.Schedules) / float64(r.Classes)
}

// wuNode is a node of a wakeup tree: the atom it runs and the footprint it
// had in the run whose race put it there.
type wuNode struct {
	atom int32
	fp   Footprint
	kids []*wuNode
}

type sleepEntry struct {
	atom int32
	fp   Footprint
}

// dnode is the search's state at one decision of the current schedule:
// the wakeup tree still to explore from there (kids[0] is the branch
// being explored) and the sleep set.
type dnode struct {
	kids  []*wuNode
	sleep []sleepEntry
	// avoid is, in a task of a sharded search, the entries of the task's
	// sleep set still independent of every atom run since the prefix: an
	// atom that, run here, makes the class another task's
	// (exhaustive_shard.go).
	avoid []sleepEntry
}

// explorer is one exhaustive search.
type explorer struct {
	w     *World
	objs  objects
	rec   *footprints
	stack []*dnode
	// base is how many decisions the task fixes (its prefix; 0 for the
	// whole search): the search never backtracks into them.
	base int
	// taskSleep is the task's sleep set: the classes whose initials after
	// the prefix include one of its atoms are other tasks' (owns).
	taskSleep []sleepEntry
	// fixed is how many decisions of the next run replay the stack.
	fixed int
	// blocked is the decision at which the run was sleep-set blocked (-1).
	blocked int
	// ids are the atom ids of the run so far.
	ids    []int32
	report ExhaustiveReport
	seen   map[uint64]struct{}
	tree   int // wakeup-tree nodes held
}

// atomID numbers the scheduler's atoms in ready-set order: kind rank, then
// load index (spec §6). With fine atoms the recorder numbers them
// (footprints.fineID), since a complete atom's identity is its job's,
// which the recorder has seen start.
func (x *explorer) atomID(a runtime.Atom) int32 {
	if x.rec != nil && x.rec.fine {
		return x.rec.fineID(a)
	}
	return int32(int(a.Kind)*len(x.w.prog.LoadOrder) + x.w.FiberIndex(a.Fiber))
}

// dporChooser picks the atoms the search asks for.
type dporChooser struct {
	x *explorer
	d *Driver
}

func (c *dporChooser) bindDriver(d *Driver) { c.d = d }

// indexOf finds atom id in the sorted ready set of n atoms (-1: not ready).
func (c *dporChooser) indexOf(id int32, n int) int {
	if c.x.rec != nil && c.x.rec.fine {
		// Complete atoms are in start order, not in id order: look at each
		// (a fine search is of small compositions).
		for i := range n {
			if c.x.atomID(c.d.ReadyAt(i)) == id {
				return i
			}
		}
		return -1
	}
	lo, hi := 0, n
	for lo < hi {
		mid := (lo + hi) / 2
		if c.x.atomID(c.d.M.ReadyAt(mid)) < id {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < n && c.x.atomID(c.d.M.ReadyAt(lo)) == id {
		return lo
	}
	return -1
}

func (c *dporChooser) Choose(n int) int {
	x, dec := c.x, c.d.Decision
	if x.blocked >= 0 {
		return 0 // the rest of a blocked run is not explored
	}
	if dec < x.fixed {
		x.report.Replayed++
	}
	if dec == len(x.stack) {
		// A new decision: its wakeup tree is the subtree of the branch taken
		// at the parent, its sleep set the parent's entries independent of
		// the atom the parent ran.
		nd := &dnode{}
		if dec > 0 {
			parent := x.stack[dec-1]
			nd.kids = parent.kids[0].kids
			parent.kids[0].kids = nil
			ran := &x.rec.fps[dec-1]
			for _, s := range parent.sleep {
				if !s.fp.Dependent(ran) {
					nd.sleep = append(nd.sleep, s)
				}
			}
			for _, s := range parent.avoid {
				if !s.fp.Dependent(ran) {
					nd.avoid = append(nd.avoid, s)
				}
			}

		}
		x.stack = append(x.stack, nd)
	}
	nd := x.stack[dec]
	if len(nd.kids) == 0 {
		// No wakeup sequence here: any ready atom not asleep (nor, in a
		// task, one that leads to other tasks' classes only).
		for i := range n {
			id := x.atomID(c.d.M.ReadyAt(i))
			if !asleep(nd.sleep, id) && !asleep(nd.avoid, id) {
				nd.kids = []*wuNode{{atom: id}}
				x.tree++
				return i
			}
		}
		x.blocked = dec
		return 0
	}
	i := c.indexOf(nd.kids[0].atom, n)
	if i < 0 && x.rec.fine {
		// With fine atoms the enablers are measured, not derived: should a
		// wakeup sequence name an atom that is not ready, the branch ends
		// as a blocked run, which the search's figures show (the tests
		// require none), rather than the search failing.
		x.blocked = dec
		return 0
	}
	if i < 0 {
		// A wakeup sequence is executable by construction; an atom it names
		// that is not ready means the footprints missed a dependency.
		panic("schedule: exhaustive search: " + x.w.Label(c.d.M.ReadyAt(0)) + " ready but the wakeup tree's atom is not")
	}
	return i
}

func asleep(sleep []sleepEntry, id int32) bool {
	for _, s := range sleep {
		if s.atom == id {
			return true
		}
	}
	return false
}

// Exhaustive runs one schedule of every equivalence class of w's
// schedules, in a deterministic order starting with the canonical run, and
// hands each to deliver (which may be nil).
func (w *World) Exhaustive(opts ExhaustiveOptions, deliver func(ExhaustiveRun)) ExhaustiveReport {
	x := &explorer{w: w}
	if opts.Distinct {
		x.seen = map[uint64]struct{}{}
	}
	x.rec = newFootprints(w, &x.objs)
	if opts.Shards > 0 {
		x.sharded(opts, deliver)
	} else {
		x.search(opts, deliver)
	}
	return x.report
}

// search runs the search from the current stack (empty, or a task's
// prefix) until its tree is explored or the bound or Stop ends it; it
// reports whether the search was ended early.
func (x *explorer) search(opts ExhaustiveOptions, deliver func(ExhaustiveRun)) bool {
	w := x.w
	for {
		stop := opts.Stop != nil && x.report.Schedules > 0 && opts.Stop()
		if stop || opts.MaxSchedules > 0 && x.report.Schedules >= opts.MaxSchedules {
			x.report.BoundedOut, x.report.Stopped = !stop, stop
			// Above the deepest node, kids[0] is the branch being explored;
			// at it, kids[0] is the next one to run.
			for i := x.base; i < len(x.stack); i++ {
				x.report.Pending += len(x.stack[i].kids)
				if i < len(x.stack)-1 {
					x.report.Pending--
				}
			}
			return true
		}
		x.blocked = -1
		x.rec.reset()
		r, _ := w.run(&dporChooser{x: x}, NewMonitor(w), x.rec)
		x.report.Schedules++
		n := len(x.rec.fps)
		x.report.Depth = max(x.report.Depth, n)
		if x.blocked >= 0 {
			x.report.Blocked++
			n = x.blocked
			if x.rec.fine {
				// A task's run ends blocked when only atoms it avoids are
				// left (exhaustive_shard.go); the fine atoms it disabled on
				// the way are still its to run.
				x.ids = x.ids[:0]
				for _, a := range x.rec.atoms[:n] {
					x.ids = append(x.ids, x.atomID(a))
				}
				x.disabled(n, x.ids)
			}
		} else {
			class, normal, canonical, owned := x.analyze(n)
			switch {
			case !owned:
				x.report.Redundant++
			case x.seen == nil:
				x.report.Classes++
			default:
				if _, dup := x.seen[class]; !dup {
					x.seen[class] = struct{}{}
					x.report.Classes++
				}
			}
			if owned && deliver != nil {
				deliver(ExhaustiveRun{Result: r, Class: class, Normal: normal, Canonical: canonical})
			}
		}
		x.report.PeakTree = max(x.report.PeakTree, x.tree)
		if !x.backtrack(n) {
			return false
		}
	}
}

// backtrack retires the branches the run explored, deepest first, and
// stops at the deepest decision with a branch left: the next run replays
// the decisions above it. It reports whether one is left.
func (x *explorer) backtrack(n int) bool {
	for d := len(x.stack) - 1; d >= x.base; d-- {
		nd := x.stack[d]
		if d < n && len(nd.kids) > 0 {
			nd.sleep = append(nd.sleep, sleepEntry{nd.kids[0].atom, x.rec.fps[d]})
			x.tree -= 1 + countTree(nd.kids[0].kids)
			nd.kids = nd.kids[1:]
		} else {
			x.tree -= countTree(nd.kids)
			nd.kids = nil
		}
		if len(nd.kids) > 0 {
			x.stack = x.stack[:d+1]
			x.fixed = d
			return true
		}
		x.stack = x.stack[:d]
	}
	return false
}

func countTree(kids []*wuNode) int {
	n := 0
	for _, k := range kids {
		n += 1 + countTree(k.kids)
	}
	return n
}

func hashIDs(ids []int32) uint64 {
	h := fnv.New64a()
	var b [4]byte
	for _, id := range ids {
		binary.LittleEndian.PutUint32(b[:], uint32(id))
		h.Write(b[:])
	}
	return h.Sum64()
}

// analyze computes the run's trace, records the footprints of the atoms it
// ran in the wakeup trees, inserts a wakeup sequence for every reversible
// race (Optimal-DPOR, Algorithm 2) and returns the run's class, its
// normal form and whether the run is that normal form. A race whose
// earlier atom is in a task's prefix is dropped: the prefix is not the
// search's to reverse, a sibling task covers the class it points at.
func (x *explorer) analyze(n int) (uint64, []int32, bool, bool) {
	fps := x.rec.fps[:n]
	ids := x.ids[:0]
	for _, a := range x.rec.atoms[:n] {
		ids = append(ids, x.atomID(a))
	}
	x.ids = ids
	for d := range n {
		x.stack[d].kids[0].fp = fps[d]
	}
	t := traceOf(fps)
	fine := x.rec.fine
	if fine {
		x.rec.observedEnablers(t, ids)
	}
	// The wakeup sequence of a race of i is the decisions after i that i
	// does not happen before, whatever the later atom: computed once per i.
	var after map[int][]int32
	var items []wuItem
	var v wuSeq
	for j := range n {
		for _, at := range t.imm(j) {
			i := int(at)
			if i < x.base || isEnabler(t.enablers[j], i) || ids[i] == ids[j] {
				// Not the search's race, or not a reversible one: the earlier
				// atom enabled the later, or they are one fiber's steps of one
				// kind (the k-th and a later resume(F) or fire(F)).
				continue
			}
			// i and j race (j is immediately after i) and j could have run
			// first: the wakeup sequence is what ran after i without
			// depending on it, then j.
			rest, ok := after[i]
			if !ok {
				if after == nil {
					after = map[int][]int32{}
				}
				rest = t.notAfter(i)
				after[i] = rest
			}
			items = items[:0]
			for _, k := range rest {
				items = append(items, wuItem{ids[k], &fps[k]})
			}
			items = append(items, wuItem{ids[j], &fps[j]})
			v.reset(items)
			nd := x.stack[i]
			var disables func(int32, *Footprint) bool
			if fine {
				// An atom asleep at the node (or a branch of its wakeup
				// tree) that is independent of the reversal's atoms but may
				// disable the earlier atom (a teardown disables its fiber's
				// fires) does not lead to the class where the later atom
				// comes first and the earlier one still runs after it: in
				// the persistent lifecycle alphabet it always would.
				a, fp := x.rec.atoms[i], &fps[i]
				disables = func(s int32, sfp *Footprint) bool { return x.rec.mayDisable(s, sfp, a, fp) }
			}
			if sleepCoversExcept(nd.sleep, &v, disables) || avoidCovers(nd.avoid, &v) {
				continue
			}
			x.tree += insertWakeupExcept(nd, &v, disables)
		}
	}
	if fine {
		x.disabled(n, ids)
	}
	nf := t.normalForm(ids)
	return hashIDs(nf), nf, slices.Equal(nf, ids), x.owns(t, ids)
}

// observedEnablers adds to the trace's enablers, with fine atoms, the atom
// after which each atom became ready (ready before decision j since
// decision d+1, not before decision d): footprints derive enablers from
// what readiness reads, but a fire's readiness depends on every timer and
// on the rest of the ready set, and a resume's on the job its fiber waits
// for, which no event names.
func (f *footprints) observedEnablers(t *trace, ids []int32) {
	for j := range t.n {
		d := j - 1
		for d >= 0 && slices.Contains(f.readyIDs[d], ids[j]) {
			d--
		}
		if d >= 0 && !isEnabler(t.enablers[j], d) {
			t.enablers[j] = append(t.enablers[j], d)
		}
	}
}

// disabled inserts, with fine atoms, a wakeup sequence of one atom at each
// decision whose atom disabled another: an atom ready before decision d
// and not after it, which did not run at d. Fine atoms are not persistent:
// a fire is ready only while another atom is and its timer is due first,
// a complete only until something awaits or cancels the job, an
// activation only while its provider, suspended mid-activation, has not
// failed. The run then never runs the disabled atom, so no race of it is
// seen; running it at d instead of the disabler is feasible (it was
// ready), and the races of that run place it everywhere else it can go.
// The atom's footprint is not known until it runs: it conflicts with
// everything meanwhile. The disabler and the disabled atom are dependent
// (the footprints make every disabling a conflict: the gate, the job, the
// provision), so the two orders are two classes.
func (x *explorer) disabled(n int, ids []int32) {
	r := x.rec
	for d := x.base; d < n; d++ {
		nd := x.stack[d]
		for _, e := range r.readyIDs[d] {
			if e == ids[d] || d+1 < len(r.readyIDs) && slices.Contains(r.readyIDs[d+1], e) {
				continue
			}
			var v wuSeq
			v.reset([]wuItem{{e, &Footprint{all: true}}})
			if sleepCovers(nd.sleep, &v) || avoidCovers(nd.avoid, &v) {
				continue
			}
			x.tree += insertWakeup(nd, &v)
		}
	}
}

func isEnabler(en []int, i int) bool {
	for _, e := range en {
		if e == i {
			return true
		}
	}
	return false
}

// sleepCovers reports whether an atom asleep at the node is a weak initial
// of v: the classes v leads to were then explored already.
func sleepCovers(sleep []sleepEntry, v *wuSeq) bool { return sleepCoversExcept(sleep, v, nil) }

// sleepCoversExcept is sleepCovers where an atom not in v for which
// disables says true does not cover it.
func sleepCoversExcept(sleep []sleepEntry, v *wuSeq, disables func(int32, *Footprint) bool) bool {
	for i := range sleep {
		if ok, at := v.weakInitial(sleep[i].atom, &sleep[i].fp); ok && (at >= 0 || disables == nil || !disables(sleep[i].atom, &sleep[i].fp)) {
			return true
		}
	}
	return false
}

// mayDisable reports, with fine atoms, whether the atom with id s may
// disable atom a (footprint fp) for good when it runs before it: a fire of
// F by any atom of F (its teardown, or a resume or fire that fails,
// cancels F's timers), a complete by an atom that runs its owner's code
// (which may cancel or await the job: the footprints conflict), an
// activation by a resume or fire of one of its providers (which may fail
// and withdraw the key).
func (f *footprints) mayDisable(s int32, sfp *Footprint, a runtime.Atom, fp *Footprint) bool {
	n := len(f.w.prog.LoadOrder)
	rank, within := int(s)/fineBlock, int(s)%fineBlock
	fiber := within
	if rank == 1 && n > 0 {
		fiber = within % n
	}
	switch a.Kind {
	case runtime.Fire:
		// Any atom of F may disable F's fire for good; any other atom that
		// conflicts with it (the gate: all of them) may put it off past an
		// order where the race's later atom could not come first.
		return fiber == f.w.FiberIndex(a.Fiber) || sfp.Dependent(fp)
	case runtime.Complete:
		return sfp.Dependent(fp)
	case runtime.Activate:
		if rank != 0 && rank != 4 {
			return false
		}
		c := f.w.prog.CompByName[a.Fiber]
		if c == nil || fiber < 0 || fiber >= n {
			return true
		}
		for _, k := range c.Requires {
			if k.Provider != nil && k.Provider.LoadIndex == fiber {
				return true
			}
		}
	}
	return false
}

// avoidCovers reports whether an atom the task avoids at the node is an
// initial of v: every class v leads to is then another task's.
func avoidCovers(avoid []sleepEntry, v *wuSeq) bool {
	for i := range avoid {
		if ok, at := v.weakInitial(avoid[i].atom, &avoid[i].fp); ok && at >= 0 {
			return true
		}
	}
	return false
}

// insertWakeup inserts v into the node's wakeup tree unless a branch of it
// already leads to v's class (Abdulla et al., insert[E](v, wut)), and
// returns how many tree nodes it added. It consumes v.
func insertWakeup(nd *dnode, v *wuSeq) int { return insertWakeupExcept(nd, v, nil) }

// insertWakeupExcept is insertWakeup where a branch whose atom is not in v
// and for which disables says true does not lead to v's class.
func insertWakeupExcept(nd *dnode, v *wuSeq, disables func(int32, *Footprint) bool) int {
	kids := &nd.kids
	for first := true; ; first = false {
		if !first && len(*kids) == 0 {
			return 0 // a leaf: its class covers v's
		}
		if v.left == 0 {
			return 0
		}
		var next *wuNode
		for _, k := range *kids {
			if ok, at := v.weakInitial(k.atom, &k.fp); ok && (at >= 0 || disables == nil || !disables(k.atom, &k.fp)) {
				if at >= 0 {
					v.remove(at)
				}
				next = k
				break
			}
		}
		if next == nil {
			// A new branch: what is left of v as a chain, last among the
			// children.
			var top, last *wuNode
			for k := v.head; k >= 0; k = v.next[k] {
				nw := &wuNode{atom: v.items[k].atom, fp: *v.items[k].fp}
				if last == nil {
					top = nw
				} else {
					last.kids = []*wuNode{nw}
				}
				last = nw
			}
			*kids = append(*kids, top)
			return v.left
		}
		kids = &next.kids
	}
}

// wuItem is an atom of a wakeup sequence and its footprint.
type wuItem struct {
	atom int32
	fp   *Footprint
}

// wuSeq is a wakeup sequence on its way into a wakeup tree: the items not
// yet matched by a branch, in order, as a linked list, so that matching
// one costs nothing whatever its place (a sequence can be as long as the
// run). Its buffers are reused from one sequence to the next.
type wuSeq struct {
	items      []wuItem
	next, prev []int32
	head       int32
	left       int
}

// reset makes the sequence items, in order.
func (v *wuSeq) reset(items []wuItem) {
	v.items, v.left, v.head = items, len(items), -1
	v.next, v.prev = v.next[:0], v.prev[:0]
	for k := range items {
		v.next = append(v.next, int32(k+1))
		v.prev = append(v.prev, int32(k-1))
	}
	if len(items) > 0 {
		v.head = 0
		v.next[len(items)-1] = -1
	}
}

// remove takes item k out of the sequence.
func (v *wuSeq) remove(k int32) {
	p, n := v.prev[k], v.next[k]
	if p >= 0 {
		v.next[p] = n
	} else {
		v.head = n
	}
	if n >= 0 {
		v.prev[n] = p
	}
	v.left--
}

// weakInitial reports whether atom id with footprint fp can start a
// schedule equivalent to one that begins with v: it is in v with nothing
// before it that it depends on, or not in v and independent of all of it.
// It returns the item of id in v (-1 when not in it).
func (v *wuSeq) weakInitial(id int32, fp *Footprint) (bool, int32) {
	for k := v.head; k >= 0; k = v.next[k] {
		if v.items[k].atom == id {
			for b := v.head; b != k; b = v.next[b] {
				if v.items[b].fp.Dependent(v.items[k].fp) {
					return false, -1
				}
			}
			return true, k
		}
	}
	for k := v.head; k >= 0; k = v.next[k] {
		if fp.Dependent(v.items[k].fp) {
			return false, -1
		}
	}
	return true, -1
}
