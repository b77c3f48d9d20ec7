package runtime

import (
	"errors"
	"fmt"
	"maps"
	"strconv"

	"revl.dev/debug/runtime/check"
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
	// AtomSnapshots attaches a Snapshot to every EvAtomEnd event, for
	// timelines that show the state after each atom. Off by default: it
	// costs a sort and some rendering per atom.
	AtomSnapshots bool
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
	return o
}

// FiberState is the lifecycle state of a fiber (spec §5).
type FiberState uint8

const (
	Pending FiberState = iota
	Active
	Failed
	Down
)

func (s FiberState) String() string {
	switch s {
	case Active:
		return "active"
	case Failed:
		return "failed"
	case Down:
		return "down"
	}
	return "pending"
}

// AtomKind tells the atoms apart.
type AtomKind uint8

const (
	Activate AtomKind = iota // activate(F)
	Teardown                 // teardown(F)
	Advance                  // advance(Nms): fire the timers due within Millis
	Harness                  // run a test body (pure or lifecycle) as one atom
)

// Atom is one unit of work driven from outside. Activate and Teardown are
// the scheduler's alphabet (spec §6); Advance and Harness let the test
// runner and the debugger step through timers and tests with the same
// Begin/Step loop.
type Atom struct {
	Kind   AtomKind
	Fiber  string           // Activate, Teardown
	Millis int64            // Advance
	Test   *syntax.TestDecl // Harness
}

// String is the atom's label: `activate(A)`, `teardown(A)`,
// `advance(5000ms)`, `test "name"`.
func (a Atom) String() string {
	switch a.Kind {
	case Activate:
		return "activate(" + a.Fiber + ")"
	case Teardown:
		return "teardown(" + a.Fiber + ")"
	case Advance:
		return "advance(" + strconv.FormatInt(a.Millis, 10) + "ms)"
	}
	if a.Test != nil && a.Test.Name != nil {
		return a.Test.Kind.String() + " " + strconv.Quote(a.Test.Name.Value)
	}
	return "test"
}

// owner is a copy-on-write token. Mutable state that clones share (fibers,
// maps) remembers the token of the machine that may change it in place;
// Clone gives both machines fresh tokens, so the first write on either side
// copies. It has a field because distinct zero-size allocations may share
// an address.
type owner struct{ _ int }

// Machine runs one composition deterministically. Its whole state is plain
// data: Clone copies it, and a clone run forward produces exactly the events
// the original would. A Machine is not safe for concurrent use; clones are
// independent and may run on different goroutines.
type Machine struct {
	prog *compiled
	opts Options
	sink func(Event)
	own  *owner

	now     int64 // virtual ms
	seq     int64 // last event sequence number
	steps   int64 // steps taken over the machine's life (RunBudget)
	turns   int   // completed turns (see doc.go)
	atoms   int   // atoms begun; the next atom's index
	atomIdx int   // index of the innermost running atom

	fibers    []*fiber // load order
	provs     map[string]*provision
	host      hostTable
	emissions []Emission

	// The execution stack of the current top-level atom: code frames and
	// driver frames, innermost last, over one value stack.
	frames []frame
	vals   []value

	inAtom   bool  // Begin succeeded and Step has not reported done
	finished bool  // the top-level atom has ended (possibly inside Begin)
	result   error // its error
}

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
// one program, make one machine and Clone it per schedule.
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
	m := &Machine{
		prog:  cp,
		opts:  opts.withDefaults(),
		own:   new(owner),
		provs: map[string]*provision{},
	}
	for i, c := range p.LoadOrder {
		m.fibers = append(m.fibers, &fiber{own: m.own, idx: i, comp: c, config: emptyRecord})
	}
	return m, nil
}

// SetSink sets the consumer of events; nil drops them. The sink is not part
// of the state: a clone starts without one.
func (m *Machine) SetSink(sink func(Event)) { m.sink = sink }

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
	return append([]Emission(nil), m.emissions...)
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
	if f.own != m.own {
		c := *f
		c.own = m.own
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
	if m.want() {
		m.emit(Event{Kind: EvFiber, Fiber: f.comp.Name, From: from, To: to, Err: err})
	}
}

// Ready returns the atoms the scheduler may issue now (spec §6), sorted by
// kind rank (activate before teardown), then load order.
func (m *Machine) Ready() []Atom {
	var acts, tears []Atom
	for i, f := range m.fibers {
		switch f.state {
		case Pending:
			if m.notReady(i) == "" {
				acts = append(acts, Atom{Kind: Activate, Fiber: f.comp.Name})
			}
		case Active:
			ok := true
			for _, d := range m.prog.prog.Dependents(f.comp) {
				if s := m.fibers[d.LoadIndex].state; s != Down && s != Failed {
					ok = false
					break
				}
			}
			if ok {
				tears = append(tears, Atom{Kind: Teardown, Fiber: f.comp.Name})
			}
		}
	}
	return append(acts, tears...)
}

// notReady says why fiber i cannot activate now ("" when it can): every key
// it requires must be provided by an active fiber whose provision is live.
func (m *Machine) notReady(i int) string {
	f := m.fibers[i]
	if f.state != Pending {
		return f.comp.Name + " is " + f.state.String()
	}
	for _, k := range f.comp.Requires {
		if k.Provider == nil {
			return "key " + k.Name + " has no provider"
		}
		if p := m.fibers[k.Provider.LoadIndex]; p.state != Active {
			return "key " + k.Name + ": provider " + p.comp.Name + " is " + p.state.String()
		}
		if pv := m.provs[k.Name]; pv == nil || pv.fiber != k.Provider.LoadIndex {
			return "key " + k.Name + " has no live provision"
		}
	}
	return ""
}

// Begin starts atom a and runs it up to its first stop point, so that
// CurrentSpan names the first statement. It returns an error, and changes
// nothing, when an atom is already in progress or a is not ready.
func (m *Machine) Begin(a Atom) error {
	if m.inAtom {
		return ErrAtomInProgress
	}
	fi := noCtx
	switch a.Kind {
	case Activate, Teardown:
		fi = m.fiberIndex(a.Fiber)
		if fi < 0 {
			return &NotReadyError{Atom: a, Reason: "no component " + strconv.Quote(a.Fiber)}
		}
		if a.Kind == Activate {
			if why := m.notReady(fi); why != "" {
				return &NotReadyError{Atom: a, Reason: why}
			}
		} else if s := m.fibers[fi].state; s != Active {
			return &NotReadyError{Atom: a, Reason: a.Fiber + " is " + s.String()}
		}
	case Advance:
		if a.Millis < 0 {
			return &NotReadyError{Atom: a, Reason: "negative duration"}
		}
	case Harness:
		if a.Test == nil {
			return &NotReadyError{Atom: a, Reason: "no test"}
		}
		if m.prog.tests[a.Test] == nil {
			return &NotReadyError{Atom: a, Reason: "test is not part of the program"}
		}
		fi = testCtx
	default:
		return &NotReadyError{Atom: a, Reason: "unknown atom kind"}
	}
	m.inAtom, m.finished, m.result = true, false, nil
	m.pushAtom(a, fi)
	m.run(true)
	return nil
}

// Step runs exactly one step of the current atom: one statement (up to the
// next statement, which may be inside a provider method the statement
// calls), one inverse, or one timer firing. It reports done when the atom
// has ended; err is then the atom's error (a failed activation, a budget
// overrun, a failed assertion), which the machine has already handled.
func (m *Machine) Step() (done bool, err error) {
	if !m.inAtom {
		return true, ErrNoAtom
	}
	if !m.finished {
		m.run(false)
	}
	if m.finished {
		m.inAtom = false
		return true, m.result
	}
	return false, nil
}

// Run begins a and steps it to the end.
func (m *Machine) Run(a Atom) error {
	if err := m.Begin(a); err != nil {
		return err
	}
	for {
		if done, err := m.Step(); done {
			return err
		}
	}
}

// Advance moves virtual time forward by ms, firing due timers earliest
// first (ties in arm order). It is Run(Atom{Kind: Advance, Millis: ms}).
func (m *Machine) Advance(ms int64) error {
	return m.Run(Atom{Kind: Advance, Millis: ms})
}

// CurrentSpan returns the span of the statement (or inverse, or timer) that
// the next Step will run.
func (m *Machine) CurrentSpan() (syntax.Span, bool) {
	if !m.inAtom || m.finished || len(m.frames) == 0 {
		return syntax.Span{}, false
	}
	f := &m.frames[len(m.frames)-1]
	if f.kind != fCode {
		return syntax.Span{}, false
	}
	return f.span(f.pc), true
}

// Clone returns an independent copy of the machine's state, without a sink.
// Compiled code, values and inverses are immutable and shared; fibers and
// host maps are copied on their first write by either machine.
func (m *Machine) Clone() *Machine {
	c := *m
	c.sink = nil
	m.own, c.own = new(owner), new(owner)
	c.fibers = append([]*fiber(nil), m.fibers...)
	c.provs = maps.Clone(m.provs)
	c.host = m.host.clone()
	c.emissions = m.emissions[:len(m.emissions):len(m.emissions)]
	c.frames = append([]frame(nil), m.frames...)
	for i := range c.frames {
		if acc := c.frames[i].acc; acc != nil {
			c.frames[i].acc = append([]value(nil), acc...)
		}
	}
	c.vals = append([]value(nil), m.vals...)
	return &c
}
