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
	Skipped bool   // fault tests are parsed but not run yet
	Message string // why it failed, without position: `assert n == 2 failed: 3 != 2`
	Err     *Error // the failure, with its span (nil when it passed)
	Events  []Event
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
		r.Skipped, r.Passed = true, true
		return r
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
	return r
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
	if fb.loaded || fb.state != Pending {
		return rtErr(KindEval, "load %s: %s is already loaded (%s)", fb.comp.Name, fb.comp.Name, fb.state)
	}
	w := m.wfiber(fi)
	w.loaded, w.override = true, with
	m.deriveMocks(fi)
	m.frames = append(m.frames, frame{kind: fSettle, base: len(m.vals)})
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
