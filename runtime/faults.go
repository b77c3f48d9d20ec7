package runtime

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// Fault injection (spec §9). A failure armed with InjectFault strikes a
// fiber's activation at the boundary after its top-level step N: steps
// 1..N ran (step N's acquisition committed, its inverse pushed), and
// instead of step N+1 (or the end of the body) the activation raises a
// KindFault error. From there the unwinding is the runtime's own (raise,
// then the drain of the fiber's frame, newest first), so what a fault test
// observes is exactly what a real failure at that point would do.
// Schedules with faults arm the same failure through the atom fail@F:N
// (Atom.FailAt on an Activate), and crash live fibers with crash(F).

// faultArm is a failure armed in one fiber's next activation.
type faultArm struct {
	armed bool
	hit   bool // it struck
	fiber int
	step  int // 1-based: the failure strikes after this step
}

// InjectFault arms a failure in the next activation of fiber: it strikes
// at the boundary after top-level step step (counted from 1). One failure
// is armed at a time; arming another replaces it.
func (m *Machine) InjectFault(fiber string, step int) error {
	fi := m.fiberIndex(fiber)
	if fi < 0 {
		return fmt.Errorf("runtime: no component %q", fiber)
	}
	body, err := m.prog.body(fi)
	if err != nil {
		return err
	}
	if n := len(body.Steps) - 1; step < 1 || step > n {
		return fmt.Errorf("runtime: component %s has %d step(s), so there is no step %d", fiber, n, step)
	}
	m.fault = faultArm{armed: true, fiber: fi, step: step}
	return nil
}

// FaultInjected reports whether the failure armed by InjectFault struck.
func (m *Machine) FaultInjected() bool { return m.fault.hit }

// faultDue reports whether the armed failure strikes before the
// instruction at pc of code frame f.
func (m *Machine) faultDue(f *frame, pc int) bool {
	a := &m.fault
	body := m.prog.peek(a.fiber)
	if body == nil { // not compiled, so not running
		return false
	}
	return f.ctx == a.fiber && f.code == body && pc == body.Steps[a.step]
}

// injectedFault disarms the failure and returns it, positioned at the
// step it strikes after.
func (m *Machine) injectedFault() *Error {
	a := &m.fault
	a.armed, a.hit = false, true
	m.noteFault()
	comp := m.fibers[a.fiber].comp
	p := FaultPoint{Component: comp.Name, Step: a.step, Label: StepLabel(comp, a.step, m.prog.src)}
	var span syntax.Span
	if comp.Decl.Body != nil && a.step <= len(comp.Decl.Body.Stmts) {
		span = comp.Decl.Body.Stmts[a.step-1].Range()
	}
	return &Error{Kind: KindFault, Msg: "injected failure after step " + strconv.Itoa(a.step) + " (" + p.Label + ")",
		File: m.prog.file, Span: span, Fiber: comp.Name}
}

// FaultPoint names where an injected failure strikes.
type FaultPoint struct {
	Component string
	Step      int    // 1-based top-level step
	Label     string // what the step is: `effect pool`, `emit log.write`, `provide kv`
}

// String is `Store dies at step 3 (effect pool)`.
func (p FaultPoint) String() string {
	return p.Component + " dies at step " + strconv.Itoa(p.Step) + " (" + p.Label + ")"
}

// StepLabel says what top-level step n (1-based) of comp is, for the
// injection point: `config`, `effect pool` (a `let pool = effect`),
// `effect` (unbound), `emit log.write`, `fail`, `guard`, `every 30s`,
// `after 5m`, `provide kv`, `await`, `call reg.add`, or `step` for
// anything else. src is the program's source, for the callee of an emit
// or a call.
func StepLabel(comp *check.Component, n int, src []byte) string {
	if comp == nil || comp.Decl.Body == nil || n < 1 || n > len(comp.Decl.Body.Stmts) {
		return "step"
	}
	switch s := comp.Decl.Body.Stmts[n-1].(type) {
	case *syntax.ConfigStmt:
		return "config"
	case *syntax.EffectStmt:
		if s.Name != nil {
			return "effect " + s.Name.Name
		}
		return "effect"
	case *syntax.EmitStmt:
		if s.Call != nil {
			return "emit " + callee(s.Call, src)
		}
		return "emit"
	case *syntax.FailStmt:
		return "fail"
	case *syntax.IfStmt:
		return "guard"
	case *syntax.TimerStmt:
		if s.Interval != nil {
			return s.Kind.String() + " " + s.Interval.Raw
		}
		return s.Kind.String()
	case *syntax.ProvideStmt:
		if s.Key != nil {
			return "provide " + s.Key.Name
		}
		return "provide"
	case *syntax.ExprStmt:
		if _, ok := s.X.(*syntax.AwaitExpr); ok {
			return "await"
		}
		if c, ok := s.X.(*syntax.CallExpr); ok {
			return "call " + callee(c, src)
		}
	}
	return "step"
}

// callee is the source of a call up to its argument list: `log.write`.
func callee(c *syntax.CallExpr, src []byte) string {
	r := c.Range()
	if r.Start.Offset < 0 || int(r.End.Offset) > len(src) || r.Start.Offset > r.End.Offset {
		return "?"
	}
	t := string(src[r.Start.Offset:r.End.Offset])
	if i := strings.IndexByte(t, '('); i >= 0 {
		t = t[:i]
	}
	return strings.TrimSpace(t)
}

// FaultVerdict is one oracle's verdict on a fault run.
type FaultVerdict struct {
	Check syntax.FaultCheck
	OK    bool
	Why   string // what broke, when not OK
}

// FaultOutcome is one fault run: every other component activated in load
// order, the baseline, then the target's activation with the failure
// spliced in, and the five oracles of spec §9 checked on what happened.
type FaultOutcome struct {
	Point FaultPoint
	// Injected is false when the failure never struck; NotInjected says
	// why (the target never activated, or its activation failed on its
	// own before the injection point), and the verdicts are empty.
	Injected    bool
	NotInjected string
	// Verdicts holds all five oracles, in syntax.FaultCheck order.
	Verdicts []FaultVerdict
	// Notes say, per emission made before the failure, that it was not
	// reverted and whether its compensate ran.
	Notes     []string
	Events    []Event
	Emissions []Emission
}

// Verdict returns the verdict of check c.
func (o FaultOutcome) Verdict(c syntax.FaultCheck) FaultVerdict {
	for _, v := range o.Verdicts {
		if v.Check == c {
			return v
		}
	}
	return FaultVerdict{Check: c}
}

// SweepPassed reports whether a sweep counts the run as passed: the
// failure struck and every oracle held except `no emissions`, which the
// sweep reports but does not require (spec §9).
func (o FaultOutcome) SweepPassed() bool {
	if !o.Injected {
		return false
	}
	for _, v := range o.Verdicts {
		if !v.OK && v.Check != syntax.CheckNoEmissions {
			return false
		}
	}
	return true
}

// SweepFaults injects the failure at every top-level step of every
// component, in load order, each on a fresh machine, and checks the five
// oracles at each (spec §9, the fault sweep). Mock components are not
// swept. Config values come from opts.Config and the defaults. The
// outcomes carry no Events (RunTests' fault tests do).
func SweepFaults(prog *check.Program, opts Options) ([]FaultOutcome, error) {
	base, err := New(prog, opts)
	if err != nil {
		return nil, err
	}
	var out []FaultOutcome
	for i, c := range prog.LoadOrder {
		if c.IsMock() {
			continue
		}
		// The siblings activate once per target, without a log (a
		// machine numbers its events the same with or without a sink),
		// and each step runs on a clone of that state.
		pre := base.Clone()
		pre.activateSiblings(i)
		body, err := base.prog.body(i)
		if err != nil {
			return nil, err
		}
		for step := 1; step < len(body.Steps); step++ {
			o := pre.Clone().faultRun(i, step, nil, true)
			o.Events = nil // analysed; a sweep of a wide composition should not hold every run's log
			out = append(out, o)
		}
	}
	return out, nil
}

// FaultSweepComponents counts the components a fault sweep covers: those
// with at least one step, mocks excluded.
func FaultSweepComponents(outs []FaultOutcome) int {
	n, last := 0, ""
	for _, o := range outs {
		if o.Point.Component != last {
			n, last = n+1, o.Point.Component
		}
	}
	return n
}

// FaultTestsNotInMockWorld is why a fault test is skipped in mock world.
const FaultTestsNotInMockWorld = "fault tests run in the plain world only: run revl test without --mock-requires"

// runFaultTest runs a fault test: the run, then the oracles it asserts.
func (m *Machine) runFaultTest(t *syntax.TestDecl) TestResult {
	r := TestResult{Name: testName(t), Kind: t.Kind, Span: t.Span}
	if m.prog.mockOf != nil {
		r.Skipped, r.Message = true, FaultTestsNotInMockWorld
		return r
	}
	fi := -1
	if t.For != nil {
		fi = m.fiberIndex(t.For.Name)
	}
	var fail *syntax.FaultFailStmt
	var asserts []*syntax.FaultAssertStmt
	if t.Body != nil {
		for _, s := range t.Body.Stmts {
			switch s := s.(type) {
			case *syntax.FaultFailStmt:
				fail = s
			case *syntax.FaultAssertStmt:
				asserts = append(asserts, s)
			}
		}
	}
	step := -1
	if fi >= 0 && fail != nil {
		step = faultStep(m.fibers[fi].comp, fail)
	}
	if step < 1 {
		// The checker refuses such a test; a program built without it
		// still gets an answer instead of a crash.
		r.Message = "the fault test names no step of a component"
		return r
	}
	var with *vRecord
	if t.With != nil {
		v, err := m.Clone().EvalExpr("", -1, t.With)
		rec, ok := v.val().(*vRecord)
		if err != nil || !ok {
			msg := "the with record does not evaluate to a record"
			if err != nil {
				msg = "with: " + err.Error()
			}
			r.Message, r.Err = msg, &Error{Kind: KindEval, Msg: msg, File: m.prog.file, Span: t.With.Span}
			return r
		}
		with = rec
	}
	o := m.faultRun(fi, step, with, false)
	r.Injection, r.Notes, r.Events, r.Emissions = o.Point.String(), o.Notes, o.Events, o.Emissions
	if !o.Injected {
		r.Message = o.NotInjected
		r.Err = &Error{Kind: KindFault, Msg: o.NotInjected, File: m.prog.file, Span: fail.Span}
		return r
	}
	var whys []string
	for _, a := range asserts {
		v := o.Verdict(a.Check)
		if v.OK {
			continue
		}
		why := "assert " + a.Check.String() + " failed: " + v.Why
		whys = append(whys, why)
		if r.Err == nil {
			r.Err = &Error{Kind: KindAssert, Msg: why, File: m.prog.file, Span: a.Span}
		}
	}
	r.Passed = len(whys) == 0
	if !r.Passed {
		r.Message = strings.Join(whys, "; ")
		r.Err.Msg = r.Message
	}
	return r
}

// faultStep resolves a `fail at` clause to a 1-based step of comp (0 when
// it names none).
func faultStep(comp *check.Component, s *syntax.FaultFailStmt) int {
	if comp.Decl.Body == nil {
		return 0
	}
	steps := comp.Decl.Body.Stmts
	if s.Step != nil {
		if n := s.Step.Value; n >= 1 && n <= int64(len(steps)) {
			return int(n)
		}
		return 0
	}
	for i, st := range steps {
		if e, ok := st.(*syntax.EffectStmt); ok && e.Name != nil && s.Effect != nil && e.Name.Name == s.Effect.Name {
			return i + 1
		}
	}
	return 0
}

// faultRun runs the fault of spec §9 on m, a fresh machine: every other
// component activates in load order (those whose requires are met: the
// target's dependents cannot and stay pending), the baseline is taken,
// then the target activates with with as its `load ... with` record and
// the failure armed after step step.
//
// With siblingsDone the others were activated already (activateSiblings,
// once per target in a sweep), and the events start at the baseline.
func (m *Machine) faultRun(fi, step int, with *vRecord, siblingsDone bool) FaultOutcome {
	comp := m.fibers[fi].comp
	o := FaultOutcome{Point: FaultPoint{Component: comp.Name, Step: step, Label: StepLabel(comp, step, m.prog.src)}}
	var evs []Event
	m.SetSink(func(e Event) { evs = append(evs, e) })
	defer m.SetSink(nil)
	if !siblingsDone {
		m.activateSiblings(fi)
	}
	baseline := m.snapshotWithUnreleased()
	states := make([]FiberState, len(m.fibers))
	frames := make([][]*inverse, len(m.fibers))
	for j, f := range m.fibers {
		states[j], frames[j] = f.state, f.frame
	}
	start := len(evs)
	if why := m.notReady(fi); why != "" {
		o.NotInjected = "the failure never struck: " + comp.Name + " never activated: " + why
		o.Events, o.Emissions = evs, m.Emissions()
		return o
	}
	m.wfiber(fi).override = with
	if err := m.InjectFault(comp.Name, step); err != nil {
		o.NotInjected = err.Error()
		return o
	}
	aerr := m.Run(Atom{Kind: Activate, Fiber: comp.Name})
	o.Events, o.Emissions = evs, m.Emissions()
	if !m.fault.hit {
		m.fault = faultArm{}
		o.NotInjected = "the failure never struck: " + comp.Name + "'s activation "
		if aerr != nil {
			o.NotInjected += "failed on its own before the end of step " + strconv.Itoa(step) + ": " + aerr.Error()
		} else {
			o.NotInjected += "completed without reaching the end of step " + strconv.Itoa(step)
		}
		return o
	}
	o.Injected = true
	a := m.analyse(comp, evs[start:])
	o.Notes = a.notes()
	end := m.snapshotWithUnreleased()
	o.Verdicts = []FaultVerdict{
		{Check: syntax.CheckFailed},
		m.noResidue(a, baseline, end),
		a.noEmissions(),
		a.inversesLIFO(),
		m.siblingsUnaffected(fi, states, frames),
	}
	o.Verdicts[0].OK = m.fibers[fi].state == Failed
	if !o.Verdicts[0].OK {
		o.Verdicts[0].Why = comp.Name + " is " + m.fibers[fi].state.String() + ", not failed"
	}
	return o
}

// activateSiblings activates, in load order, every component but fi whose
// requires are met: the run's state before its baseline.
func (m *Machine) activateSiblings(fi int) {
	for j, f := range m.fibers {
		if j == fi || f.state != Pending || !m.canActivate(j) {
			continue
		}
		_ = m.Run(Atom{Kind: Activate, Fiber: f.comp.Name}) // a sibling that fails stays failed, as at any baseline
	}
}

// faultTrace is what the target's activation did, read from its events:
// the inverses pushed before the failure, those that ran after it, the
// emissions before it, and the inverses that failed in the unwinding.
type faultTrace struct {
	m         *Machine
	comp      *check.Component
	pushed    []traced
	ran       []traced
	emitted   []traced
	invFailed []traced // Text is the inverse, Why the error
}

// traced is one event with the top-level step it happened in.
type traced struct {
	text string
	span syntax.Span
	step int
	why  string
}

func (m *Machine) analyse(comp *check.Component, evs []Event) *faultTrace {
	a := &faultTrace{m: m, comp: comp}
	step, struck := 0, false
	running := -1 // index in a.ran of the inverse being run, while the unwinding goes on
	for _, e := range evs {
		switch e.Kind {
		case EvStmt:
			if e.Fiber == comp.Name && e.Depth == 0 && !struck {
				if k := stepOf(comp, e.Span); k > 0 {
					step = k
				}
			}
		case EvPush:
			if e.Fiber == comp.Name && !struck {
				a.pushed = append(a.pushed, traced{text: e.Text, span: e.Span, step: step})
			}
		case EvEmission:
			if !struck {
				a.emitted = append(a.emitted, traced{text: e.Text, span: e.Span, step: step})
			}
		case EvFailure:
			if !struck && e.Err != nil && e.Err.Kind == KindFault {
				struck = true
			} else if struck && running >= 0 && e.Fiber == comp.Name && e.Err != nil {
				f := a.ran[running]
				f.why = e.Err.Msg
				a.invFailed = append(a.invFailed, f)
			}
		case EvInverse:
			if e.Fiber == comp.Name && struck {
				t := traced{text: e.Text, span: e.Span, step: a.stepOfPushed(e.Text, e.Span)}
				a.ran = append(a.ran, t)
				running = len(a.ran) - 1
			}
		}
	}
	return a
}

// stepOf is the 1-based top-level step of comp whose span holds sp, or 0.
func stepOf(comp *check.Component, sp syntax.Span) int {
	if comp.Decl.Body == nil {
		return 0
	}
	for i, s := range comp.Decl.Body.Stmts {
		r := s.Range()
		if r.Start.Offset <= sp.Start.Offset && sp.Start.Offset < r.End.Offset {
			return i + 1
		}
	}
	return 0
}

// stepOfPushed is the step at which the inverse was pushed (0 if it was
// not pushed before the failure).
func (a *faultTrace) stepOfPushed(text string, span syntax.Span) int {
	for _, p := range a.pushed {
		if p.text == text && p.span == span {
			return p.step
		}
	}
	return 0
}

// where renders a traced item's step and position: `step 3, app.rvl:5:3`.
func (a *faultTrace) where(t traced) string {
	s := a.m.prog.file + ":" + strconv.Itoa(int(t.span.Start.Line)) + ":" + strconv.Itoa(int(t.span.Start.Col))
	if t.step > 0 {
		return "step " + strconv.Itoa(t.step) + ", " + s
	}
	return s
}

// notes says, per emission before the failure, that it stands and what
// became of its compensate (pushed at the same step, right after it).
func (a *faultTrace) notes() []string {
	var out []string
	for _, e := range a.emitted {
		n := "emission " + e.text + " (" + a.where(e) + ") was made before the failure and is not reverted"
		comp := ""
		for _, p := range a.pushed {
			if p.step == e.step && strings.HasPrefix(p.text, "compensate ") {
				comp = p.text
				if a.didRun(p) {
					n += "; its " + comp + " ran"
				} else {
					n += "; its " + comp + " never ran"
				}
				break
			}
		}
		if comp == "" {
			n += "; it has no compensate"
		}
		out = append(out, n)
	}
	return out
}

func (a *faultTrace) noEmissions() FaultVerdict {
	v := FaultVerdict{Check: syntax.CheckNoEmissions, OK: len(a.emitted) == 0}
	if !v.OK {
		var parts []string
		for _, e := range a.emitted {
			parts = append(parts, e.text+" ("+a.where(e)+")")
		}
		v.Why = "emitted before the failure: " + strings.Join(parts, ", ")
	}
	return v
}

// inversesLIFO compares the inverses that ran with the reverse of those
// pushed before the failure, position by position.
func (a *faultTrace) inversesLIFO() FaultVerdict {
	v := FaultVerdict{Check: syntax.CheckInversesLIFO, OK: true}
	want := slices.Clone(a.pushed)
	slices.Reverse(want)
	for i := 0; i < max(len(want), len(a.ran)); i++ {
		switch {
		case i >= len(a.ran):
			v.Why = "inverse " + want[i].text + " (" + a.where(want[i]) + ") never ran"
		case i >= len(want):
			v.Why = "the unwind order first differs at position " + strconv.Itoa(i+1) + ": " + a.ran[i].text +
				" ran, which was not pushed before the failure"
		case want[i].text != a.ran[i].text || want[i].span != a.ran[i].span:
			v.Why = "the unwind order first differs at position " + strconv.Itoa(i+1) + ": expected " + want[i].text +
				" (" + a.where(want[i]) + "), ran " + a.ran[i].text
		default:
			continue
		}
		v.OK = false
		return v
	}
	return v
}

// noResidue is `assert no_residue`'s accounting against the baseline,
// with what broke named: provisions that survived, inverses that never
// ran or failed, resources never released.
func (m *Machine) noResidue(a *faultTrace, base, end *Snapshot) FaultVerdict {
	v := FaultVerdict{Check: syntax.CheckNoResidue}
	diff := Diff(*base, *end)
	// An inverse that failed did not do what it stands for, even when the
	// end state is clean (a double release): residue too.
	if len(diff) == 0 && len(a.invFailed) == 0 {
		v.OK = true
		return v
	}
	var parts []string
	for _, k := range end.Provisions {
		if !slices.Contains(base.Provisions, k) {
			parts = append(parts, "provision "+k+" survived")
		}
	}
	for _, p := range a.pushed {
		if !a.didRun(p) {
			parts = append(parts, "inverse "+p.text+" ("+a.where(p)+") never ran")
		}
	}
	for _, f := range a.invFailed {
		parts = append(parts, "inverse "+f.text+" ("+a.where(f)+") failed: "+f.why)
	}
	for _, r := range m.UnreleasedResources() {
		if slices.Contains(base.Unreleased, r.Text) {
			continue
		}
		where := m.prog.file + ":" + strconv.Itoa(int(r.Span.Start.Line)) + ":" + strconv.Itoa(int(r.Span.Start.Col))
		msg := ""
		if k := stepOf(a.comp, r.Span); k > 0 && r.Fiber == a.comp.Name {
			where = "step " + strconv.Itoa(k) + ", " + where
			// The inverse pushed at that step ran and did not release it.
			for _, p := range a.pushed {
				if p.step == k && a.didRun(p) {
					msg = " (its step's " + p.text + " ran)"
					break
				}
			}
		}
		parts = append(parts, r.Text+" acquired by "+r.Fiber+" ("+where+") was never released"+msg)
	}
	for _, e := range extra(end.Effects, base.Effects) {
		parts = append(parts, "inverse "+e+" is still pending")
	}
	for _, d := range diff {
		if strings.HasPrefix(d, "provisions:") || strings.HasPrefix(d, "unreleased:") || strings.HasPrefix(d, "effects:") {
			continue // named above
		}
		if strings.HasPrefix(d, "registry:") && len(parts) > 0 {
			continue
		}
		parts = append(parts, d)
	}
	v.Why = strings.Join(parts, "; ")
	return v
}

// didRun reports whether the pushed inverse p ran in the unwinding.
func (a *faultTrace) didRun(p traced) bool {
	for _, r := range a.ran {
		if r.text == p.text && r.span == p.span {
			return true
		}
	}
	return false
}

// extra lists the entries of cur beyond those of base, as multisets, in
// cur's order.
func extra(cur, base []string) []string {
	left := slices.Clone(base)
	var out []string
	for _, c := range cur {
		if i := slices.Index(left, c); i >= 0 {
			left = slices.Delete(left, i, i+1)
			continue
		}
		out = append(out, c)
	}
	return out
}

// siblingsUnaffected: every other component is in the state it was in at
// the baseline (those active then are still active) and holds the
// inverses it held then: a provider that adopted an effect from the
// failed target's calls and kept it is affected.
func (m *Machine) siblingsUnaffected(fi int, states []FiberState, frames [][]*inverse) FaultVerdict {
	v := FaultVerdict{Check: syntax.CheckSiblingsUnaffected, OK: true}
	var parts []string
	for j, f := range m.fibers {
		if j == fi {
			continue
		}
		if f.state != states[j] {
			parts = append(parts, f.comp.Name+" is "+f.state.String()+" (it was "+states[j].String()+")")
			continue
		}
		if !slices.Equal(f.frame, frames[j]) {
			var extra []string
			for _, inv := range f.frame {
				if !slices.Contains(frames[j], inv) {
					extra = append(extra, inv.text)
				}
			}
			msg := f.comp.Name + "'s frame changed"
			if len(extra) > 0 {
				msg = f.comp.Name + " kept " + strings.Join(extra, ", ") + " from the failed activation"
			}
			parts = append(parts, msg)
		}
	}
	if len(parts) > 0 {
		v.OK, v.Why = false, strings.Join(parts, "; ")
	}
	return v
}

// crashError is the failure of a crash(F) atom: an active fiber fails
// mid-life, as if its host died. Its frame unwinds newest first (the
// runtime's own drain: provisions are withdrawn, timers cancelled, undos
// and compensations run), it ends failed, and its consumers see a provider
// that failed: their later uses of its keys are not live. The scheduler
// never offers crash(F) by itself; it is the building block of schedules
// with injected faults.
//
// A fiber suspended at `await` (fine atoms) crashes too: its suspended
// activation unwinds (dropSuspension): the rest of its body never runs,
// its locals go, and the frame it built so far drains like any other; the
// failure is positioned at the await it was suspended at.
func (m *Machine) crashError(fi int) *Error {
	comp := m.fibers[fi].comp
	var span syntax.Span
	if comp.Decl != nil && comp.Decl.Name != nil {
		span = comp.Decl.Name.Span
	}
	if sp, ok := m.SuspendedAt(fi); ok {
		span = sp
	}
	return &Error{Kind: KindFault, Msg: "injected crash of " + comp.Name, File: m.prog.file, Span: span, Fiber: comp.Name}
}

// Stranded fibers. A run with an injected fault can leave a consumer
// pending for good: a provider it requires crashed, or failed, and a
// fiber activates at most once. Spec §6 makes a dependent that never
// activated block its provider's teardown, which without faults is right
// (a provider failing on its own strands its consumer: the `deadlock`
// finding). With a fault, the consumer's fate is the fault's doing, and
// letting it block would keep its other providers up to the end: every
// correct diamond-shaped composition would fail `residue`. So once a
// fault struck, a pending fiber with a required provider that is failed,
// or stranded itself, is stranded: it counts as gone for the teardown
// gate of each of its providers. It never ran, so it holds nothing the
// snapshot shows; it ends `pending`.

// noteFault records that an injected fault struck: from now on fibers
// strand.
func (m *Machine) noteFault() {
	if !m.faulted {
		m.faulted = true
		m.restrand()
	}
}

// Faulted reports whether an injected fault struck in this run.
func (m *Machine) Faulted() bool { return m.faulted }

// FiberStrandedAt reports whether fiber i (load order) is stranded.
func (m *Machine) FiberStrandedAt(i int) bool { return m.fibers[i].stranded }

// FaultArmed reports whether a failure armed by InjectFault has not
// struck yet.
func (m *Machine) FaultArmed() bool { return m.fault.armed }

// restrand brings every fiber's stranded mark up to date, and the
// teardown counters of its providers with it. Load order puts providers
// first, so one pass settles static providers; a mock serving a key may
// come later, hence the fixpoint.
func (m *Machine) restrand() {
	for changed := true; changed; {
		changed = false
		for i, f := range m.fibers {
			want := m.faulted && f.state == Pending && m.providerDead(i)
			if want == f.stranded {
				continue
			}
			changed = true
			m.wfiber(i).stranded = want
			if m.ready.valid && !gone(f.state) {
				m.countLive(i, !want)
			}
			m.noteChange(i)
		}
	}
}

// providerDead reports whether a key fiber i requires is served by a
// fiber that failed or is stranded.
func (m *Machine) providerDead(i int) bool {
	f := m.fibers[i]
	for j, k := range f.comp.Requires {
		p := -1
		if k.Provider != nil {
			p = k.Provider.LoadIndex
		}
		if j < len(f.via) && f.via[j] >= 0 {
			p = f.via[j]
		}
		if p >= 0 && (m.fibers[p].state == Failed || m.fibers[p].stranded) {
			return true
		}
	}
	return false
}

// dropSuspension discards fiber fi's suspended activation, if it has one:
// a crash unwinds it. The job it awaited stays in flight (its own undo, if
// any, cancels it in the drain).
func (m *Machine) dropSuspension(fi int) {
	f := m.fibers[fi]
	if f.susp == nil {
		return
	}
	m.wfiber(fi).susp = nil
	m.suspended--
}

// DisarmFault drops a failure armed by InjectFault that has not struck
// (the activation it was armed for ended, or failed, first).
func (m *Machine) DisarmFault() { m.fault.armed = false }
