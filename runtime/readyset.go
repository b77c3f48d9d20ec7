package runtime

import "slices"

// readySet keeps the scheduler's ready set (spec §6) up to date as fibers
// change state, instead of scanning every fiber at every decision: a
// schedule of a 50,000-component composition asks 100,000 times, and a
// scan made that quadratic.
//
// Readiness of a fiber depends only on its own state, on the states and
// provisions of its providers (activation), and on the states of its
// dependents (teardown). So when fiber d changes state or publishes or
// withdraws a provision, only d, d's dependents and d's providers need a
// second look; those are recorded in dirty and re-evaluated by the next
// Ready. The teardown gate is a counter per fiber (live: dependents not yet
// down or failed), kept exact on every state change, so re-evaluating a
// provider with thousands of consumers costs O(1).
//
// The set is part of the machine state, cloned with it. Mock worlds, whose
// readiness also depends on which mock holds a key, are not tracked: Ready
// scans there (they are small).
type readySet struct {
	valid bool // false until the first Ready builds it
	// plain: the set is the machine's ready set (lifecycle atoms, no mock
	// world); fresh: plain, valid, and nothing changed since it was
	// brought up to date, so ReadyLen can answer from it as it stands.
	plain, fresh bool
	acts         []int32 // load indices of fibers whose activation is ready, ascending
	tears        []int32 // load indices of fibers whose teardown is ready, ascending
	live         []int32 // per fiber: dependents neither down, failed nor stranded
	// member says, per fiber, which halves hold it (inActs, inTears): most
	// re-evaluations change nothing, and the flag answers that without a
	// binary search of the halves. inDirty says it is in dirty.
	member []uint8
	// dirty lists the fibers whose state or provisions changed since the
	// last Ready, each once (an atom changes its fiber's state and
	// provisions several times: listed each time, a three-fiber schedule
	// overflowed the list and rebuilt the set at most decisions).
	dirty []int32
	// log lists the atoms that entered or left the set since the last
	// ReadyChanges, in order; logOK is false when it cannot say (never
	// read, rebuilt, or too long to be worth replaying).
	log   []ReadyChange
	spare []ReadyChange // the buffer ReadyChanges last handed out
	logOK bool
}

// ReadyChange is an atom that entered (In) or left the ready set. Fiber is
// the load index of the atom's fiber (check.Program.LoadOrder).
type ReadyChange struct {
	Kind  AtomKind
	Fiber int
	In    bool
}

const (
	inActs  uint8 = 1 << iota // the fiber's activation is ready
	inTears                   // its teardown is ready
	inDirty                   // it is listed in dirty
)

func (r *readySet) clone() readySet {
	var c readySet
	c.resetFrom(r)
	return c
}

// resetFrom makes r a copy of src sharing no array with it, reusing r's
// arrays (Machine.ResetFrom): a schedule then builds its ready set in what
// the previous one left. The change log is its reader's, and a copy has a
// new reader: it starts unknown, so the copy's first ReadyChanges says to
// list.
func (r *readySet) resetFrom(src *readySet) {
	*r = readySet{valid: src.valid, plain: src.plain, fresh: src.fresh,
		acts:   append(r.acts[:0], src.acts...),
		tears:  append(r.tears[:0], src.tears...),
		live:   append(r.live[:0], src.live...),
		member: append(r.member[:0], src.member...),
		dirty:  append(r.dirty[:0], src.dirty...),
		log:    r.log[:0], spare: r.spare[:0]}
}

func gone(s FiberState) bool { return s == Down || s == Failed }

// noteState records that fiber i went from one state to another.
func (m *Machine) noteState(i int, from, to FiberState) {
	// A stranded fiber already counts as gone (restrand keeps that).
	if m.ready.valid && !m.fibers[i].stranded && gone(from) != gone(to) {
		m.countLive(i, !gone(to))
	}
	m.noteChange(i)
	if m.faulted && (from == Failed || to == Failed) {
		m.restrand()
	}
}

// countLive adds fiber i to its providers' live dependents (live) or
// takes it away.
func (m *Machine) countLive(i int, live bool) {
	delta := int32(-1)
	if live {
		delta = 1
	}
	for _, p := range m.prog.providers[i] {
		m.ready.live[p] += delta
	}
}

// noteChange records that fiber i's readiness, or its dependents' or
// providers', may have changed. A fiber is listed once however often it
// changes before the next Ready, so the list never outgrows the fibers
// and replaying it costs no more than a rebuild.
func (m *Machine) noteChange(i int) {
	r := &m.ready
	if !r.valid || r.member[i]&inDirty != 0 {
		return
	}
	r.member[i] |= inDirty
	r.dirty = append(r.dirty, int32(i))
	r.fresh = false
}

// readyIncremental brings the set up to date and lists it.
func (m *Machine) readyIncremental(buf []Atom) []Atom {
	m.refreshReady()
	r := &m.ready
	for _, i := range r.acts {
		buf = append(buf, Atom{Kind: Activate, Fiber: m.fibers[i].comp.Name})
	}
	for _, i := range r.tears {
		buf = append(buf, Atom{Kind: Teardown, Fiber: m.fibers[i].comp.Name})
	}
	return buf
}

// refreshReady re-evaluates what changed since the last look.
func (m *Machine) refreshReady() {
	r := &m.ready
	if !r.valid {
		m.rebuildReady()
		return
	}
	for _, d := range r.dirty {
		r.member[d] &^= inDirty
		m.reevaluate(int(d))
		for _, c := range m.prog.dependents[d] {
			m.reevaluate(int(c))
		}
		for _, p := range m.prog.providers[d] {
			m.reevaluate(int(p))
		}
	}
	r.dirty = r.dirty[:0]
	r.fresh = r.plain
}

// ReadyLen returns len(Ready()) without listing the set: with ReadyAt it
// lets a scheduler or a debugger pick from a ready set thousands of atoms
// wide in O(1) a decision.
func (m *Machine) ReadyLen() int {
	// A scheduler asks several times a decision (the driver, the chooser,
	// the result's labels): when nothing changed since the last look the
	// answer is two lengths, and small enough to inline.
	if r := &m.ready; r.fresh {
		return len(r.acts) + len(r.tears)
	}
	return m.readyLen()
}

func (m *Machine) readyLen() int {
	if m.opts.Atoms == AtomsFine {
		return m.fineParts().len()
	}
	if m.prog.mockOf != nil {
		return len(m.readyScan(nil))
	}
	m.refreshReady()
	return len(m.ready.acts) + len(m.ready.tears)
}

// ReadyAt returns Ready()[i]; i must be below ReadyLen().
func (m *Machine) ReadyAt(i int) Atom {
	if m.opts.Atoms == AtomsFine {
		return m.fineAt(i)
	}
	if m.prog.mockOf != nil {
		return m.readyScan(nil)[i]
	}
	m.refreshReady()
	r := &m.ready
	if i < len(r.acts) {
		return Atom{Kind: Activate, Fiber: m.fibers[r.acts[i]].comp.Name}
	}
	return Atom{Kind: Teardown, Fiber: m.fibers[r.tears[i-len(r.acts)]].comp.Name}
}

// ReadyFiberAt is ReadyAt(i) as the atom's kind and its fiber's load
// index, for a scheduler that names atoms from tables of its own instead
// of by the fiber's name; ok is false where the ready set is not the
// lifecycle one the machine keeps (fine atoms, mock worlds): ask ReadyAt.
func (m *Machine) ReadyFiberAt(i int) (kind AtomKind, fiber int, ok bool) {
	r := &m.ready
	if !r.fresh {
		if !r.plain {
			return 0, -1, false
		}
		m.refreshReady()
	}
	if i < len(r.acts) {
		return Activate, int(r.acts[i]), true
	}
	return Teardown, int(r.tears[i-len(r.acts)]), true
}

// ReadyAtomAt sets *a to ReadyAt(i) and returns ReadyFiberAt's fiber
// index, in one look at the set (-1 where ReadyFiberAt's ok is false): a
// scheduler beginning the chosen atom wants both, and the atom is then
// written where the scheduler keeps it, not built, returned and copied.
func (m *Machine) ReadyAtomAt(i int, a *Atom) int {
	k, fi, ok := m.ReadyFiberAt(i)
	if !ok {
		*a = m.ReadyAt(i)
		return -1
	}
	*a = Atom{Kind: k, Fiber: m.fibers[fi].comp.Name}
	return fi
}

// ReadyFibers is ReadyFiberAt for every index at once: the load indices
// of the fibers whose activation is ready, then of those whose teardown
// is, in ReadyAt's order. ok is false where ReadyFiberAt's is. The slices
// are the set's own: read them before the machine changes, never write.
func (m *Machine) ReadyFibers() (acts, tears []int32, ok bool) {
	r := &m.ready
	if !r.fresh {
		if !r.plain {
			return nil, nil, false
		}
		m.refreshReady()
	}
	return r.acts, r.tears, true
}

// FiberStateAt returns the state of the fiber with load index i.
func (m *Machine) FiberStateAt(i int) FiberState { return m.fibers[i].state }

// FiberErrAt is the error fiber i (load order) failed with, nil when none.
func (m *Machine) FiberErrAt(i int) error {
	if e := m.fibers[i].err; e != nil {
		return e
	}
	return nil
}

// rebuildReady computes the set and the teardown counters from scratch.
func (m *Machine) rebuildReady() {
	r := &m.ready
	r.acts, r.tears, r.dirty = r.acts[:0], r.tears[:0], r.dirty[:0]
	r.live = slices.Grow(r.live[:0], len(m.fibers))[:len(m.fibers)]
	clear(r.live)
	r.member = slices.Grow(r.member[:0], len(m.fibers))[:len(m.fibers)]
	clear(r.member)
	for i, f := range m.fibers {
		if !gone(f.state) && !f.stranded {
			for _, p := range m.prog.providers[i] {
				r.live[p]++
			}
		}
	}
	for i := range m.fibers {
		m.reevaluate(i)
	}
	r.valid, r.fresh = true, r.plain
	r.log, r.logOK = r.log[:0], false
}

// reevaluate puts fiber i in or out of the two halves of the set.
func (m *Machine) reevaluate(i int) {
	r := &m.ready
	f := m.fibers[i]
	was := r.member[i]
	in := f.state == Pending && m.canActivate(i)
	if in != (was&inActs != 0) {
		r.acts, _ = setMember(r.acts, int32(i), in)
		r.member[i] ^= inActs
		r.logChange(ReadyChange{Kind: Activate, Fiber: i, In: in})
	}
	in = f.state == Active && r.live[i] == 0
	if in != (was&inTears != 0) {
		r.tears, _ = setMember(r.tears, int32(i), in)
		r.member[i] ^= inTears
		r.logChange(ReadyChange{Kind: Teardown, Fiber: i, In: in})
	}
}

// logChange appends to the change log while someone reads it. A log
// longer than the set could ever need (nobody read it for long) is
// dropped: listing the set once is then cheaper than replaying it.
func (r *readySet) logChange(c ReadyChange) {
	if !r.logOK {
		return
	}
	if len(r.log) >= 2*len(r.live)+64 {
		r.log, r.logOK = r.log[:0], false
		return
	}
	r.log = append(r.log, c)
}

// ReadyChanges brings the ready set up to date and returns the atoms that
// entered or left it since the previous call, in the order they did (an
// atom may enter and leave again; the last change is its state). ok is
// false when the machine cannot say: at the first call, after the set was
// rebuilt, in a mock world, or when nothing read the changes for longer
// than listing the set would take. Then the caller lists the set
// (ReadyLen, ReadyAt) and the next call reports changes from there.
//
// It lets a reader that keeps its own copy of the set (the trace recorder)
// follow it in time proportional to what changed, not to its size. The
// changes have one reader: a second one would see only what the first
// left. The slice is valid until the next call.
func (m *Machine) ReadyChanges() (changes []ReadyChange, ok bool) {
	if m.prog.mockOf != nil || m.opts.Atoms == AtomsFine {
		return nil, false
	}
	m.refreshReady()
	r := &m.ready
	changes, ok = r.log, r.logOK
	// Two buffers: the one handed out stays intact until the next call.
	r.log, r.spare, r.logOK = r.spare[:0], changes, true
	return changes, ok
}

// setMember adds or removes x in the ascending slice s and says whether it
// changed. Written out rather than slices.BinarySearch and Insert: it runs
// at every change of the set, and the generic calls were most of its cost
// on the few-element halves of a small composition.
func setMember(s []int32, x int32, in bool) ([]int32, bool) {
	// A shift of a few elements is moved by hand: a call to the runtime's
	// memmove cost more than the move on a small composition's halves.
	const shortShift = 8
	lo, hi := 0, len(s)
	for lo < hi {
		if h := int(uint(lo+hi) >> 1); s[h] < x {
			lo = h + 1
		} else {
			hi = h
		}
	}
	found := lo < len(s) && s[lo] == x
	switch {
	case in && !found:
		s = append(s, 0)
		if len(s)-lo > shortShift {
			copy(s[lo+1:], s[lo:])
		} else {
			for k := len(s) - 1; k > lo; k-- {
				s[k] = s[k-1]
			}
		}
		s[lo] = x
		return s, true
	case !in && found:
		if len(s)-lo > shortShift {
			copy(s[lo:], s[lo+1:])
		} else {
			for k := lo + 1; k < len(s); k++ {
				s[k-1] = s[k]
			}
		}
		return s[:len(s)-1], true
	}
	return s, false
}
