package runtime

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/seam"
	"revl.dev/debug/runtime/syntax"
)

// Options bound a machine's work. Zero fields take the defaults below.
type Options struct {
	// StepBudget bounds the steps of one atom (an activation, a teardown,
	// an advance), of one timer body, and of one inverse. Default 10000.
	StepBudget int
	// CallBudget bounds the steps of one provision method or helper fn
	// call, including what it calls. Default 10000.
	CallBudget int
	// RunBudget bounds the steps of the machine's whole life. Default 1e6.
	RunBudget int
	// MaxDepth bounds the call stack. Default 256.
	MaxDepth int
	// MemoryBudget bounds the bytes of strings, lists, records, maps and
	// emissions the machine holds (memory.go). Default
	// DefaultMemoryBudget, 64 MiB.
	MemoryBudget int64
	// AtomSnapshots attaches a Snapshot to every EvAtomEnd event, for
	// timelines that show the state after each atom. Off by default: it
	// costs a sort and some rendering per atom.
	AtomSnapshots bool
	// Native implements the provision methods of mock components (see
	// Native); required when the program has any, ignored otherwise.
	Native Native
	// MockSeed seeds the value streams of mock operations; 0 means
	// DefaultMockSeed.
	MockSeed uint64
	// Config gives config fields from outside the program (see
	// ConfigValue); New refuses a value that names no field or does not
	// parse as the field's type.
	Config []ConfigValue
	// Atoms is the scheduler's alphabet: AtomsLifecycle (the default,
	// activate and teardown) or AtomsFine, which adds complete, resume and
	// fire (fine.go).
	Atoms AtomMode
	// MaxFires bounds how many times one `every` timer fires in a fine
	// schedule; 0 means DefaultMaxFires.
	MaxFires int
}

func (o Options) withDefaults() Options {
	if o.StepBudget <= 0 {
		o.StepBudget = 10000
	}
	if o.CallBudget <= 0 {
		o.CallBudget = 10000
	}
	if o.RunBudget <= 0 {
		o.RunBudget = 1000000
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = 256
	}
	if o.MemoryBudget <= 0 {
		o.MemoryBudget = DefaultMemoryBudget
	}
	if o.MaxFires <= 0 {
		o.MaxFires = DefaultMaxFires
	}
	return o
}

// FiberState is the lifecycle state of a fiber (spec §5).
type FiberState uint8

const (
	Pending FiberState = iota
	Active
	Failed
	Down
	// Activating: suspended at `await` in the middle of its activation
	// (fine atoms only, fine.go).
	Activating
)

func (s FiberState) String() string {
	switch s {
	case Active:
		return "active"
	case Failed:
		return "failed"
	case Down:
		return "down"
	case Activating:
		return "activating"
	}
	return "pending"
}

// owner is a copy-on-write token. Mutable state that clones share (fibers,
// maps) remembers the token of the machine that may change it in place;
// Clone gives both machines fresh tokens, so the first write on either side
// copies. It has a field because distinct zero-size allocations may share
// an address.
type owner struct{ _ int }

// Machine runs one composition deterministically. Its whole state is plain
// data: Clone copies it, and a clone run forward produces exactly the events
// the original would. A Machine is not safe for concurrent use, except that
// an idle machine (one not being stepped) may be cloned from several
// goroutines at once; clones are independent of each other.
type Machine struct {
	state
	sink func(Event)
	// kinds are the event kinds the sink reads (SetSinkKinds); the
	// machine may skip building the others. Like the sink, not state.
	kinds EventMask
	// resetOwn is the token the machine had when ResetFrom last made it a
	// copy: while it is still the token, nothing cloned the machine since
	// and everything the machine owns is its own alone, to reuse. spareMaps
	// are host maps of the previous schedule, for Map.new to take again.
	resetOwn  *owner
	spareMaps []*mapRes
	// texts caches rendered texts across the schedules the machine runs
	// (textcache.go); only a machine ResetFrom made has one.
	texts *textCache
	// arena is where the activations of this machine's schedules make
	// their immutable objects (arena.go); only a machine ResetFrom made
	// has one.
	arena *arena
	// framesHW bounds the frame slots used: the slots of frames from
	// framesHW to its capacity are zero, and pushFrame clears a slot below
	// it (what an earlier frame left there) when it reuses it. A reset
	// keeps it, so the slots the last schedule used are cleared once, as
	// they are reused, not by the reset and again by pushFrame.
	framesHW int
	// own is the copy-on-write token (see owner). It is atomic so that
	// concurrent Clones of one idle machine, which all replace it, do not
	// race.
	own atomic.Pointer[owner]
}

// state is everything a clone copies by value; Clone then gives the
// clone its own copies of the slices and maps that either side changes in
// place.
type state struct {
	prog *compiled
	opts Options
	// given is Options.Config as one record per fiber (nil: none given);
	// immutable, shared by clones.
	given []*vRecord

	now     int64 // virtual ms
	seq     int64 // last event sequence number
	steps   int64 // steps taken over the machine's life (RunBudget)
	turns   int   // completed turns (see doc.go)
	atoms   int   // atoms begun; the next atom's index
	atomIdx int   // index of the innermost running atom

	mem         int64 // bytes held, an upper bound (memory.go)
	memMeasured int64 // mem as of the last measurement

	fibers    []*fiber     // load order; copied on write (wfiber)
	provs     []*provision // the live provision of each key, by slot (compiled.keySlot); nil: none
	nprovs    int          // the non-nil provs
	host      hostTable
	emissions emissionLog

	// The execution stack of the current top-level atom: code frames and
	// driver frames, innermost last, over one value stack.
	frames []frame
	vals   []value

	// The value stream of every mock operation (native.go): mockRNG is
	// this machine's own (Clone copies it), mockFresh the streams at their
	// start, shared and never changed.
	mockRNG   []seam.SeededEntropy
	mockFresh []seam.SeededEntropy

	ready readySet // the scheduler's ready set, kept incrementally (readyset.go)

	// fault is the failure armed by InjectFault (faults.go); a value, so
	// that a clone carries its own copy.
	fault faultArm
	// faulted: an injected fault (a crash, or an armed failure) struck in
	// this run; only then are fibers stranded (faults.go).
	faulted bool

	// fine caches the fine atoms of the ready set (fine.go); fineOK says
	// it is current. running, armed and suspended count the jobs in
	// flight, the armed timers and the suspended activations, so that a
	// composition with none pays nothing for looking.
	fine                      fineSet
	fineOK                    bool
	running, armed, suspended int

	inAtom   bool  // Begin succeeded and Step has not reported done
	finished bool  // the top-level atom has ended (possibly inside Begin)
	result   error // its error
}

// token returns the machine's copy-on-write token.
func (m *Machine) token() *owner { return m.own.Load() }

// fiber is the run-time state of one component.
type fiber struct {
	own      *owner
	idx      int
	comp     *check.Component
	state    FiberState
	err      *Error
	frame    []*inverse // LIFO: the last is the newest
	config   *vRecord
	override *vRecord // `load C with {...}`
	loaded   bool     // a lifecycle test loaded it
	// everLoaded: a lifecycle test loaded it at some point, for the notes
	// on loads that never activated (TestResult.Notes).
	everLoaded bool
	// stranded: a run with an injected fault left this fiber pending with
	// a provider that failed (or is stranded itself), so it can never
	// activate; it does not block its providers' teardown (faults.go).
	stranded bool
	// Mock world (mockworld.go). via[j] is the mock fiber serving the
	// j-th required key when a lifecycle test derived one for it, else -1
	// (nil: none). refs counts, on a mock, the loaded consumers it serves.
	// via is replaced, never changed in place, so clones may share it.
	via  []int
	refs int
	// susp is the activation suspended at `await` (fine atoms; fine.go):
	// nil unless the fiber is Activating. Never changed in place.
	susp *suspension
}

// invKind tells the inverses apart.
type invKind uint8

const (
	invUndo invKind = iota
	invCompensate
	invWithdraw
	invCancel
)

// inverse is one entry of a frame. It is immutable, so clones share it.
type inverse struct {
	kind  invKind
	slot  int32  // invWithdraw: key's slot (compiled.keySlot)
	text  string // `undo m.drop()`, `compensate log.write("A down")`, `withdraw kv`, `cancel timer#1`
	span  syntax.Span
	fn    *vClosure
	key   string // invWithdraw
	timer int    // invCancel: index into the timer table
	fiber int
}

// provision is a published `provide k { ... }`; immutable.
type provision struct {
	key     string
	fiber   int
	methods []namedFn
	mock    bool // published by a mock component
}

type namedFn struct {
	name string
	fn   *vClosure
}

func (p *provision) method(name string) *vClosure {
	for _, m := range p.methods {
		if m.name == name {
			return m.fn
		}
	}
	return nil
}

// New compiles p and returns a machine with every fiber pending at virtual
// time 0. It refuses a program with error diagnostics or with code it
// cannot compile. Compiling is the expensive part: to run many schedules of
// one program, make one machine and Clone it per schedule. Activation
// bodies are compiled on their first use and shared, once compiled, by the
// machine and all its clones, so New costs little however many components
// the program has. A body the compiler refuses (a backstop behind the
// checker) fails its activation with that error.
func New(p *check.Program, opts Options) (*Machine, error) {
	if p == nil {
		return nil, errors.New("runtime: nil program")
	}
	if check.HasErrors(p.Diagnostics) {
		for _, d := range p.Diagnostics {
			if d.Severity == syntax.SeverityError {
				return nil, fmt.Errorf("runtime: program has errors: %s", d.Error())
			}
		}
	}
	cp, err := compile(p)
	if err != nil {
		return nil, err
	}
	m := &Machine{state: state{
		prog:  cp,
		opts:  opts.withDefaults(),
		provs: make([]*provision, len(cp.keyNames)),
	}}
	m.ready.plain = m.opts.Atoms != AtomsFine && cp.mockOf == nil
	m.own.Store(new(owner))
	if m.given, err = configRecords(p, opts.Config); err != nil {
		return nil, err
	}
	m.fibers = make([]*fiber, 0, len(p.LoadOrder))
	for i, c := range p.LoadOrder {
		m.fibers = append(m.fibers, &fiber{own: m.token(), idx: i, comp: c, config: emptyRecord})
	}
	if err := m.initMocks(); err != nil {
		return nil, err
	}
	if m.ready.plain {
		// Built once here rather than by every clone's first Ready: a
		// sweep's schedules all start from this machine's copy.
		m.rebuildReady()
	}
	return m, nil
}

// SetSink sets the consumer of events; nil drops them. The sink is not part
// of the state: a clone starts without one. It gets every kind until
// SetSinkKinds narrows them.
func (m *Machine) SetSink(sink func(Event)) { m.sink, m.kinds = sink, AllEvents }

// SetSinkKinds says which event kinds the sink reads. The machine may then
// skip building events of other kinds (it may also still deliver some):
// what the machine does, its state and the sequence numbers of the events
// it delivers are the same whatever the mask. SetSink resets it to
// AllEvents.
func (m *Machine) SetSinkKinds(kinds EventMask) { m.kinds = kinds }

// Now returns the virtual time in milliseconds.
func (m *Machine) Now() int64 { return m.now }

// InAtom reports whether an atom has begun and not yet been stepped to its
// end.
func (m *Machine) InAtom() bool { return m.inAtom }

// Steps returns the number of steps taken so far (what RunBudget bounds).
func (m *Machine) Steps() int64 { return m.steps }

// FiberInfo describes a fiber for the debugger and the scheduler.
type FiberInfo struct {
	Name  string
	State FiberState
	Err   *Error   // why it failed, when State is Failed
	Frame []string // pending inverses, newest first: the order they will run
}

// Fibers returns every fiber in load order.
func (m *Machine) Fibers() []FiberInfo {
	out := make([]FiberInfo, len(m.fibers))
	for i, f := range m.fibers {
		fr := make([]string, len(f.frame))
		for j, inv := range f.frame {
			fr[len(f.frame)-1-j] = inv.text
		}
		out[i] = FiberInfo{Name: f.comp.Name, State: f.state, Err: f.err, Frame: fr}
	}
	return out
}

// FiberState returns the state of the named fiber.
func (m *Machine) FiberState(name string) (FiberState, bool) {
	i := m.fiberIndex(name)
	if i < 0 {
		return 0, false
	}
	return m.fibers[i].state, true
}

// Emissions returns the emissions so far, in the order they happened.
func (m *Machine) Emissions() []Emission {
	return m.emissions.all()
}

func (m *Machine) fiberIndex(name string) int {
	c := m.prog.prog.CompByName[name]
	if c == nil {
		return -1
	}
	return c.LoadIndex
}

func (m *Machine) fiberName(i int) string {
	switch i {
	case testCtx:
		return "test"
	case noCtx:
		return ""
	}
	return m.fibers[i].comp.Name
}

// wfiber returns fiber i ready to be changed, copying it first when a clone
// shares it.
func (m *Machine) wfiber(i int) *fiber {
	f := m.fibers[i]
	if tok := m.token(); f.own != tok {
		c := *f
		c.own = tok
		c.frame = append([]*inverse(nil), f.frame...)
		f = &c
		m.fibers[i] = f
	}
	return f
}

func (m *Machine) setState(i int, to FiberState, err *Error) {
	f := m.wfiber(i)
	from := f.state
	f.state = to
	if err != nil {
		f.err = err
	}
	m.noteState(i, from, to)
	if m.wants(EvFiber) {
		m.emit(Event{Kind: EvFiber, Fiber: f.comp.Name, From: from, To: to, Err: err})
	}
}

// Clone returns an independent copy of the machine's state, without a sink.
// Compiled code, values and inverses are immutable and shared; fibers and
// host maps are copied on their first write by either machine.
func (m *Machine) Clone() *Machine {
	// From now on the original must copy what it shares with the clone
	// before changing it, and so must the clone.
	m.own.Store(new(owner))
	c := &Machine{state: m.state}
	c.own.Store(new(owner))
	c.fibers = slices.Clone(m.fibers)
	c.provs = slices.Clone(m.provs)
	c.host = m.host.clone()
	c.emissions = m.emissions.clone()
	c.frames = slices.Clone(m.frames)
	c.framesHW = len(c.frames) // the clone pops them and pushes others
	for i := range c.frames {
		if acc := c.frames[i].acc; acc != nil {
			c.frames[i].acc = slices.Clone(acc)
		}
	}
	c.vals = slices.Clone(m.vals)
	c.ready = m.ready.clone()
	c.fine, c.fineOK = fineSet{}, false
	c.mockRNG = slices.Clone(m.mockRNG)
	return c
}

// ResetFrom makes m what src.Clone() would return, reusing what m
// allocated for its last schedule: the fibers it copied, their frames,
// the stack, the provisions, the host tables and maps, the emission
// log. A worker that runs schedule after schedule from one compiled
// machine calls it instead of Clone, so the schedule's garbage is what it
// computes and not its machine.
//
// src must be idle and is not changed (unlike Clone, which gives it a new
// copy-on-write token): so src must never run afterwards, as the never-run
// machine a world clones from never does, nor a debugger's checkpoint. m
// must not be running, and nothing may read it afterwards but through m.
// What m shares with a clone made of it since its last reset is not
// reused: the clone made the machine give up its token, so its fibers and
// maps, and the objects of its arena, are the clone's too; only m's own
// arrays are (Clone copies every one of them).
//
// Keep it in step with Clone: every slice and map Clone copies is copied
// or reused here.
func (m *Machine) ResetFrom(src *Machine) {
	own := m.own.Load()
	cloned := own == nil || own != m.resetOwn
	if cloned {
		// Cloned since (or never reset): no object of the last schedule
		// is reused (a new token: the fibers' and maps' tests below fail
		// for each), only the arrays.
		own = new(owner)
		m.own.Store(own)
		m.spareMaps = nil
		m.arena = new(arena)
	} else {
		// Nothing points at what the last schedule made any more (see
		// arena): make the next one's objects there.
		m.arena.rewind()
	}
	// What is reused of the last schedule's state, not all of it: the
	// state is most of a kilobyte, copied twice per schedule before.
	old := struct {
		fibers    []*fiber
		provs     []*provision
		host      hostTable
		emissions emissionLog
		frames    []frame
		vals      []value
		ready     readySet
		mockRNG   []seam.SeededEntropy
	}{m.fibers, m.provs, m.host, m.emissions, m.frames, m.vals, m.ready, m.mockRNG}
	m.state = src.state
	m.resetOwn = own
	if m.texts == nil {
		m.texts = new(textCache)
	}

	m.fibers = old.fibers[:0]
	if cloned {
		// No fiber of m's is its own: a copy of the pointers, without a
		// look at each fiber (50,000 cache misses at 50,000 components).
		m.fibers = append(m.fibers, src.fibers...)
	} else {
		for i, sf := range src.fibers {
			if i < len(old.fibers) && old.fibers[i] != nil && old.fibers[i].own == own {
				// The fiber m copied on its first write last time:
				// overwrite it in place, keeping its frame's array.
				f := old.fibers[i]
				buf := f.frame
				clear(buf)
				*f = *sf
				f.own = own
				f.frame = append(buf[:0], sf.frame...)
				m.fibers = append(m.fibers, f)
				continue
			}
			m.fibers = append(m.fibers, sf)
		}
	}
	if len(old.fibers) > len(m.fibers) {
		clear(old.fibers[len(m.fibers):])
	}

	m.provs = append(old.provs[:0], src.provs...)

	if !cloned { // (else no map of m's is its own: no look at each)
		for _, r := range old.host.maps {
			if r.own == own {
				m.spareMaps = append(m.spareMaps, r)
			}
		}
	}
	clear(old.host.maps)
	clear(old.host.timers)
	m.host = hostTable{
		maps:   append(old.host.maps[:0], src.host.maps...),
		pools:  append(old.host.pools[:0], src.host.pools...),
		jobs:   append(old.host.jobs[:0], src.host.jobs...),
		timers: append(old.host.timers[:0], src.host.timers...),
	}

	m.emissions = old.emissions.resetFrom(&src.emissions)

	// The slots the last schedule used past src's frames are not cleared
	// here: pushFrame clears a slot below framesHW when it reuses it, so
	// each is cleared once, not here and again there.
	hw := min(m.framesHW, cap(old.frames))
	m.frames = append(old.frames[:0], src.frames...)
	if cap(m.frames) != cap(old.frames) {
		hw = 0 // a new array: zero past its frames
	}
	m.framesHW = max(hw, len(m.frames))
	for i := range m.frames {
		if acc := m.frames[i].acc; acc != nil {
			m.frames[i].acc = slices.Clone(acc)
		}
	}
	clear(old.vals[:cap(old.vals)])
	m.vals = append(old.vals[:0], src.vals...)
	m.ready = old.ready
	m.ready.resetFrom(&src.ready)
	m.fine, m.fineOK = fineSet{}, false
	m.mockRNG = append(old.mockRNG[:0], src.mockRNG...)
}

// ReuseFrom is ResetFrom for a machine whose values a reader may still
// hold (a debugger's variables at a stop, which a later request expands):
// it reuses m's arrays (the fiber, provision, host, frame, value and
// ready-set tables: O(components) each) and never an object of m's last
// run (a fiber, a map, an arena value), as if m had been cloned since.
func (m *Machine) ReuseFrom(src *Machine) {
	m.own.Store(nil)
	m.ResetFrom(src)
}

// takeMap returns a host map for Map.new: one of the previous schedule's
// (see ResetFrom), emptied, or a new one.
func (m *Machine) takeMap(acq acquisition) *mapRes {
	n := len(m.spareMaps)
	if n == 0 {
		return &mapRes{own: m.token(), entries: map[string]mapEntry{}, acq: acq}
	}
	r := m.spareMaps[n-1]
	m.spareMaps[n-1] = nil
	m.spareMaps = m.spareMaps[:n-1]
	entries := r.entries
	if entries == nil {
		entries = r.spare
	}
	if entries == nil {
		entries = map[string]mapEntry{}
	}
	clear(entries)
	*r = mapRes{own: m.token(), entries: entries, acq: acq}
	return r
}

// compileError is the run-time error of an activation whose body the
// compiler refused on its first use (see compiled.body).
func (m *Machine) compileError(fi int, err error) *Error {
	comp := m.fibers[fi].comp
	return &Error{Kind: KindEval, Msg: "cannot compile activate " + comp.Name + ": " + err.Error(),
		File: m.prog.file, Span: comp.Decl.Span, Fiber: comp.Name}
}
