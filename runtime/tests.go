package runtime

import (
	"strings"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// TestResult is the outcome of one `test` or `lifecycle test`.
type TestResult struct {
	Name    string
	Kind    syntax.TestKind
	Span    syntax.Span // the test declaration
	Passed  bool
	Skipped bool   // not run (fault tests in mock world); Passed is false and Message says why
	Message string // why it failed, without position: `assert n == 2 failed: 3 != 2`
	Err     *Error // the failure, with its span (nil when it passed)
	// Notes are what the test's output must say even when it passed: each
	// `load C` whose C never activated (its requires were not provided) or
	// whose activation failed, in load order.
	Notes []string
	// Injection is, for a fault test, where its failure strikes:
	// `Store dies at step 3 (effect pool)`; its Notes then are the
	// emissions made before the failure (FaultOutcome.Notes).
	Injection string
	Events    []Event
	// Emissions are the test's emissions in order; those received by a
	// mock (Emission.Mock) are the crossings it recorded and did not make.
	Emissions []Emission
}

// RunTests runs every test of prog in file order, each on a fresh machine.
func RunTests(prog *check.Program, opts Options) []TestResult {
	base, err := New(prog, opts)
	var out []TestResult
	for _, t := range prog.Tests {
		if err != nil {
			out = append(out, failedToStart(t, err))
			continue
		}
		out = append(out, base.Clone().runTest(t))
	}
	return out
}

// RunTest runs one test of prog on a fresh machine.
func RunTest(prog *check.Program, t *syntax.TestDecl, opts Options) TestResult {
	m, err := New(prog, opts)
	if err != nil {
		return failedToStart(t, err)
	}
	return m.runTest(t)
}

func testName(t *syntax.TestDecl) string {
	if t.Name == nil {
		return ""
	}
	return t.Name.Value
}

func failedToStart(t *syntax.TestDecl, err error) TestResult {
	return TestResult{Name: testName(t), Kind: t.Kind, Span: t.Span, Message: err.Error()}
}

func (m *Machine) runTest(t *syntax.TestDecl) TestResult {
	r := TestResult{Name: testName(t), Kind: t.Kind, Span: t.Span}
	if t.Kind == syntax.FaultTest {
		return m.runFaultTest(t)
	}
	m.SetSink(func(e Event) { r.Events = append(r.Events, e) })
	err := m.Run(Atom{Kind: Harness, Test: t})
	r.Emissions = m.Emissions()
	r.Passed = err == nil
	if err != nil {
		r.Message = err.Error()
		if e, ok := err.(*Error); ok {
			r.Err, r.Message = e, e.Msg
		}
	}
	r.Notes = m.loadNotes(r.Events)
	return r
}

// Position is where the result points: the failure's position when it has
// one, else the test declaration's, as `file:line:col`.
func (r TestResult) Position(file string) string {
	sp := r.Span
	if r.Err != nil && r.Err.Span.Start.IsValid() {
		sp, file = r.Err.Span, r.Err.File
	}
	return sp.Start.In(file)
}

// loadNotes lists the components a lifecycle test loaded that never
// activated or whose activation failed (from the test's events), so that
// a test whose assertions pass without its subject running says so.
func (m *Machine) loadNotes(evs []Event) []string {
	failed := map[string]*Error{}
	for _, e := range evs {
		if e.Kind == EvFiber && e.From == Pending && e.To == Failed {
			if _, seen := failed[e.Fiber]; !seen {
				failed[e.Fiber] = e.Err
			}
		}
	}
	var notes []string
	for i, f := range m.fibers {
		if !f.everLoaded {
			continue
		}
		name := f.comp.Name
		if e, ok := failed[name]; ok {
			msg := "load " + name + ": its activation failed"
			if e != nil {
				msg += ": " + e.Msg
			}
			notes = append(notes, msg)
		}
		if f.state == Pending {
			msg := "load " + name + " never activated"
			if why := m.notReady(i); why != "" {
				msg += ": " + why
			}
			notes = append(notes, msg)
		}
	}
	return notes
}

// assert runs the three forms of assert. A comparison that fails reports
// both values and the operator that held instead; no_residue reports the
// snapshot diff against the test's baseline (the state when the test began).
func (m *Machine) assert(f *frame, in instr, aux any, span syntax.Span) *Error {
	site := aux.(*assertSite)
	passed, detail := false, ""
	var snap *Snapshot
	switch in.op {
	case opAssert:
		v := m.pop()
		b, ok := v.(vBool)
		passed = ok && bool(b)
		if !ok {
			detail = "got " + render(v) + ", not a Bool"
		}
	case opAssertCmp:
		y := m.pop()
		x := m.pop()
		r, err := binary(site.op, x, y)
		if err != nil {
			return err
		}
		passed = r == trueV
		detail = render(x) + " " + site.op.negated() + " " + render(y)
	case opAssertNoResidue:
		base := &Snapshot{}
		for i := len(m.frames) - 1; i >= 0; i-- {
			if b := m.frames[i].baseline; b != nil {
				base = b
				break
			}
		}
		snap = m.snapshotWithUnreleased()
		diff := Diff(*base, *snap)
		passed = len(diff) == 0
		detail = strings.Join(diff, "; ")
	}
	var err *Error
	if !passed {
		msg := "assert " + site.text + " failed"
		if detail != "" {
			msg += ": " + detail
		}
		err = &Error{Kind: KindAssert, Msg: msg}
	}
	if m.want() {
		m.emit(Event{Kind: EvAssert, Fiber: m.fiberName(f.ctx), Span: span, Text: site.text, Passed: passed, Err: err, Snapshot: snap})
	}
	return err
}

// load marks a component loaded (with its config overrides) and settles:
// every loaded fiber whose requires are met activates, in load order, now
// or as soon as the fibers it waits for are active.
func (m *Machine) load(f *frame, in instr) *Error {
	fi := int(in.a)
	var with *vRecord
	if in.b == 1 {
		r, ok := m.pop().(*vRecord)
		if !ok {
			return rtErr(KindEval, "load ... with needs a record")
		}
		with = r
	}
	fb := m.fibers[fi]
	if fb.loaded || fb.state == Active {
		return rtErr(KindEval, "load %s: %s is already loaded (%s)", fb.comp.Name, fb.comp.Name, fb.state)
	}
	w := m.wfiber(fi)
	if fb.state == Down || fb.state == Failed {
		// A reload (spec §5): a new activation of the same component with
		// a fresh frame and config; the fiber goes back to pending, which
		// the event log shows as its own transition.
		w.frame, w.config, w.err = nil, emptyRecord, nil
		m.setState(fi, Pending, nil)
	}
	w.loaded, w.override, w.everLoaded = true, with, true
	m.deriveMocks(fi)
	*m.pushFrame() = frame{kind: fSettle, base: len(m.vals)}
	return nil
}

// unload tears an active component down. A loaded component still waiting
// for its requires is simply no longer loaded; a failed or down one has
// nothing left to undo.
func (m *Machine) unload(fi int) {
	fb := m.fibers[fi]
	if fb.loaded {
		m.wfiber(fi).loaded = false
	}
	m.releaseMocks(fi) // runs after the teardown pushed below
	if fb.state == Active {
		m.pushAtom(Atom{Kind: Teardown, Fiber: fb.comp.Name}, fi)
	}
}
