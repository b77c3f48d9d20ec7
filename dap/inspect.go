package dap

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	godap "github.com/google/go-dap"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/syntax"
)

// The thread and frame model (docs/dap.md):
//   - thread 1 is the scheduler; its one frame is the decision, named
//     `decision 3/6: activate(B)`, at the atom's component;
//   - thread 2+i is the fiber of load index i, named after its component
//     and state; while it runs, its frames are its real call stack
//     (innermost first: provider methods, then the activation or inverse);
//     otherwise one frame for the fiber itself at its declaration.
//
// Frame ids and variable references are valid until the next stop.

// maxThreads bounds the threads listed for very large compositions: the
// scheduler, the running fiber, then active and failed fibers.
const maxThreads = 512

type frameRef struct {
	fiber int // -1: the scheduler
	index int // into Stack(fiber); -1: the fiber's own frame
}

type handles struct {
	frames []frameRef
	vars   []varsRef
}

// varsRef lists variables: all at once, or, for a large structured value,
// the page [start, end) of its n parts, so that paging a long list costs
// the page.
type varsRef struct {
	all  func() []godap.Variable
	n    int
	page func(start, end int) []godap.Variable
	// data names the data breakpoint a variable of this container stands
	// for (databreakpoints.go); nil: none.
	data func(v godap.Variable) (dataTarget, bool)
	// set, when not nil, is setVariable on this container (setvariable.go).
	set func(name, value string) (godap.SetVariableResponseBody, error)
}

func (h *handles) reset() { h.frames, h.vars = nil, nil }

func (h *handles) frame(f frameRef) int {
	h.frames = append(h.frames, f)
	return len(h.frames)
}

func (h *handles) ref(f func() []godap.Variable) int {
	h.vars = append(h.vars, varsRef{all: f})
	return len(h.vars)
}

// at returns the container of reference ref (from ref or refPaged).
func (h *handles) at(ref int) *varsRef { return &h.vars[ref-1] }

func (h *handles) refPaged(n int, page func(start, end int) []godap.Variable) int {
	h.vars = append(h.vars, varsRef{n: n, page: page})
	return len(h.vars)
}

// Line and column conversion between the client's base and revl's 1-based
// positions.
func (s *session) lineIn(l int) int {
	if s.lines1 {
		return l
	}
	return l + 1
}
func (s *session) lineOut(l int) int {
	if s.lines1 {
		return l
	}
	return l - 1
}
func (s *session) colIn(c int) int {
	if s.cols1 {
		return c
	}
	return c + 1
}
func (s *session) colOut(c int) int {
	if s.cols1 {
		return c
	}
	return c - 1
}

func (s *session) source() *godap.Source {
	return &godap.Source{Name: filepath.Base(s.path), Path: s.path}
}

func (s *session) onThreads(req godap.RequestMessage) error {
	threads := []godap.Thread{{Id: schedulerThread, Name: "scheduler"}}
	if s.eng != nil {
		e := s.eng
		n := len(s.prog.LoadOrder)
		running := -1
		if e.InAtom() {
			running = e.FiberIndex(e.Atom().Fiber)
		}
		for i, c := range s.prog.LoadOrder {
			st := e.FiberState(i)
			if n > maxThreads && i != running && st != runtime.Active && st != runtime.Failed {
				continue
			}
			if len(threads) >= maxThreads {
				break
			}
			threads = append(threads, godap.Thread{Id: fiberThread(i), Name: c.Name + " [" + st.String() + "]"})
		}
	}
	s.reply(req, godap.ThreadsResponseBody{Threads: threads})
	return nil
}

func (s *session) onStackTrace(req godap.RequestMessage) error {
	if err := s.needLaunch(); err != nil {
		return err
	}
	r := req.(*godap.StackTraceRequest)
	var frames []godap.StackFrame
	if t := r.Arguments.ThreadId; t == schedulerThread {
		frames = append(frames, s.schedulerFrame())
	} else {
		i := t - 2
		if i < 0 || i >= len(s.prog.LoadOrder) {
			return fmt.Errorf("no thread %d", t)
		}
		name := s.prog.LoadOrder[i].Name
		for j, sf := range s.eng.Machine().Stack(name) {
			frames = append(frames, godap.StackFrame{
				Id: s.handles.frame(frameRef{fiber: i, index: j}), Name: sf.Function, Source: s.source(),
				Line: s.lineOut(sf.Span.Start.Line), Column: s.colOut(sf.Span.Start.Col),
				EndLine: s.lineOut(sf.Span.End.Line), EndColumn: s.colOut(sf.Span.End.Col),
			})
		}
		if len(frames) == 0 {
			d := s.prog.LoadOrder[i].Decl
			f := godap.StackFrame{
				Id: s.handles.frame(frameRef{fiber: i, index: -1}), Name: name + " [" + s.eng.FiberState(i).String() + "]",
				PresentationHint: "label",
			}
			if d.Name.Start.IsValid() {
				f.Source, f.Line, f.Column = s.source(), s.lineOut(d.Name.Start.Line), s.colOut(d.Name.Start.Col)
			}
			frames = append(frames, f)
		}
	}
	total := len(frames)
	start, levels := r.Arguments.StartFrame, r.Arguments.Levels
	if start > len(frames) {
		start = len(frames)
	}
	frames = frames[start:]
	if levels > 0 && levels < len(frames) {
		frames = frames[:levels]
	}
	s.reply(req, godap.StackTraceResponseBody{StackFrames: frames, TotalFrames: total})
	return nil
}

// schedulerFrame is the decision as a frame.
func (s *session) schedulerFrame() godap.StackFrame {
	e := s.eng
	f := godap.StackFrame{Id: s.handles.frame(frameRef{fiber: -1}), Name: s.decisionLabel()}
	if a, ok := s.currentAtom(); ok {
		// A mock has no declaration in the source (its name has no position).
		if c := s.prog.CompByName[a.Fiber]; c != nil && c.Decl.Name.Start.IsValid() {
			f.Source = s.source()
			f.Line, f.Column = s.lineOut(c.Decl.Name.Start.Line), s.colOut(c.Decl.Name.Start.Col)
		}
	}
	if e.AtEnd() {
		f.PresentationHint = "label"
	}
	return f
}

// currentAtom is the atom running, or the one the choice vector picks at
// this boundary.
func (s *session) currentAtom() (runtime.Atom, bool) {
	e := s.eng
	if e.InAtom() {
		return e.Atom(), true
	}
	if e.AtEnd() {
		return runtime.Atom{}, false
	}
	return e.ReadyAt(e.Next()), true
}

// decisionLabel is `decision 3/6: activate(B)`: 1-based for people; the
// index in requests and the choice vector is 0-based.
func (s *session) decisionLabel() string {
	e := s.eng
	n := len(e.Decisions())
	if e.AtEnd() {
		return fmt.Sprintf("end of schedule (%d decisions)", n)
	}
	a, _ := s.currentAtom()
	return fmt.Sprintf("decision %d/%d: %s", e.Decision()+1, n, a)
}

func (s *session) onScopes(req godap.RequestMessage) error {
	if err := s.needLaunch(); err != nil {
		return err
	}
	r := req.(*godap.ScopesRequest)
	id := r.Arguments.FrameId
	if id < 1 || id > len(s.handles.frames) {
		return fmt.Errorf("no frame %d (frames are valid until the next stop)", id)
	}
	fr := s.handles.frames[id-1]
	var scopes []godap.Scope
	add := func(name, hint string, vars func() []godap.Variable) *varsRef {
		ref := s.handles.ref(vars)
		scopes = append(scopes, godap.Scope{Name: name, PresentationHint: hint, VariablesReference: ref})
		return s.handles.at(ref)
	}
	if fr.fiber < 0 {
		add("Decision", "", s.decisionVars).set = s.setDecisionVar
		n := len(s.eng.EmissionsSoFar())
		ems := s.handles.ref(s.emissionVars)
		s.handles.at(ems).data = s.emissionData
		scopes = append(scopes, godap.Scope{Name: fmt.Sprintf("Emissions (%d)", n), VariablesReference: ems, IndexedVariables: n})
		add("Provisions", "", s.provisionVars).data = provisionData
		add("Residue", "", s.residueVars)
		add("Findings", "", s.findingVars)
	} else {
		if fr.index >= 0 {
			add("Locals", "locals", func() []godap.Variable { return s.localVars(fr) })
		}
		add("Fiber", "", func() []godap.Variable { return s.fiberVars(fr.fiber) })
	}
	s.reply(req, godap.ScopesResponseBody{Scopes: scopes})
	return nil
}

func (s *session) onVariables(req godap.RequestMessage) error {
	r := req.(*godap.VariablesRequest)
	ref := r.Arguments.VariablesReference
	if ref < 1 || ref > len(s.handles.vars) {
		return fmt.Errorf("no variables %d (references are valid until the next stop)", ref)
	}
	h := s.handles.vars[ref-1]
	var vars []godap.Variable
	if h.all != nil {
		vars = h.all()
	}
	n := len(vars)
	if h.page != nil {
		n = h.n
	}
	start, end := min(max(r.Arguments.Start, 0), n), n
	if c := r.Arguments.Count; c > 0 && start+c < end {
		end = start + c
	}
	if h.page != nil {
		vars = h.page(start, end)
	} else {
		vars = vars[start:end]
	}
	if vars == nil {
		vars = []godap.Variable{}
	}
	s.reply(req, godap.VariablesResponseBody{Variables: vars})
	return nil
}

// valueVar shows a runtime value, with its parts as children when it is
// structured (list elements, record fields, the payload of Some, Ok, Err
// and union constructors), paged. evalName, when not empty, is an
// expression for v; its parts get `evalName[i]` and `evalName.f`.
func (s *session) valueVar(name string, v runtime.Value, evalName string) godap.Variable {
	out := godap.Variable{Name: name, Value: v.String(), Type: v.Type(), EvaluateName: evalName}
	n := v.Len()
	if n == 0 {
		return out
	}
	if evalName != "" && needsParens(evalName) {
		evalName = "(" + evalName + ")"
	}
	out.VariablesReference = s.handles.refPaged(n, func(start, end int) []godap.Variable {
		vs := make([]godap.Variable, 0, end-start)
		for i := start; i < end; i++ {
			pn, pv := v.Part(i)
			en := ""
			if evalName != "" {
				switch v.Kind() {
				case runtime.ListKind:
					en = evalName + pn
				case runtime.RecordKind:
					en = evalName + "." + pn
				}
			}
			vs = append(vs, s.valueVar(pn, pv, en))
		}
		return vs
	})
	if v.Kind() == runtime.ListKind {
		out.IndexedVariables = n
	}
	return out
}

// needsParens reports whether an expression must be parenthesized before
// `.f` or `[i]` is appended to it: anything but a chain of names, fields
// and indices.
func needsParens(src string) bool {
	x, err := syntax.ParseDebugExpr(src)
	if err != nil {
		return true
	}
	for {
		switch e := x.(type) {
		case *syntax.Ident:
			return false
		case *syntax.SelectorExpr:
			x = e.X
		case *syntax.IndexExpr:
			x = e.X
		case *syntax.ParenExpr:
			return false
		default:
			return true
		}
	}
}

func textVar(name, value string) godap.Variable { return godap.Variable{Name: name, Value: value} }

// listVar shows a list of lines, expandable.
func (s *session) listVar(name string, items []string) godap.Variable {
	v := godap.Variable{Name: name, Value: "[" + strings.Join(items, ", ") + "]"}
	if len(items) > 0 {
		v.VariablesReference = s.handles.ref(func() []godap.Variable {
			var vs []godap.Variable
			for i, it := range items {
				vs = append(vs, textVar("["+strconv.Itoa(i)+"]", it))
			}
			return vs
		})
		v.IndexedVariables = len(items)
	}
	return v
}

func (s *session) decisionVars() []godap.Variable {
	e := s.eng
	d := e.Decision()
	n := len(e.Decisions())
	vars := []godap.Variable{textVar("decision", s.decisionLabel())}
	vars = append(vars, textVar("index", strconv.Itoa(d)))
	if c, ok := s.choiceVar(); ok {
		vars = append(vars, c)
	}
	vars = append(vars, textVar("schedule", s.tape))
	choices := e.Choices()
	so := choices[:min(d, len(choices))]
	var items []string
	for i, c := range so {
		items = append(items, fmt.Sprintf("%d  (%s)", c, e.Decisions()[i].Atom))
	}
	cv := s.listVar("choices so far", items)
	cv.Value = intsText(so)
	vars = append(vars, cv)
	vars = append(vars, s.readyVar())
	vars = append(vars, textVar("virtual time", fmt.Sprintf("%dms", e.Machine().Now())))
	state := "at the decision boundary"
	if e.InAtom() {
		state = "running " + e.Atom().String()
	}
	if e.AtEnd() {
		state = "the schedule is over"
	}
	vars = append(vars, textVar("state", state))
	vars = append(vars, textVar("position", fmt.Sprintf("%d of %d", e.Tick(), e.EndTick())))
	vars = append(vars, textVar("full choice vector", intsText(choices)))
	_ = n
	return vars
}

func intsText(v []int) string {
	parts := make([]string, len(v))
	for i, c := range v {
		parts[i] = strconv.Itoa(c)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// readyVar lists the ready set of the current decision with the index the
// choice vector picks. Inside an atom it is the set the decision chose
// from, as recorded when the schedule first ran.
func (s *session) readyVar() godap.Variable {
	e := s.eng
	var labels []string
	pick := -1
	switch {
	case e.InAtom():
		d := e.Decisions()[e.Decision()]
		labels, pick = d.Readies, d.Choice
		if labels == nil {
			return textVar("ready", fmt.Sprintf("%d atoms (go to the decision boundary to list them)", d.Ready))
		}
	case !e.AtEnd():
		pick = e.Next()
		for i := 0; i < min(e.ReadyLen(), 1000); i++ {
			labels = append(labels, e.ReadyAt(i).String())
		}
	}
	items := make([]string, len(labels))
	for i, l := range labels {
		items[i] = l
		if i == pick {
			items[i] += "  ← the schedule picks this one"
		}
	}
	v := s.listVar("ready", items)
	v.Value = fmt.Sprintf("%d ready: %s", len(labels), strings.Join(labels, ", "))
	if pick >= 0 && pick < len(labels) {
		v.Value += fmt.Sprintf("; picks [%d] %s", pick, labels[pick])
	}
	return v
}

func (s *session) emissionVars() []godap.Variable {
	var vars []godap.Variable
	for _, em := range s.eng.EmissionsSoFar() {
		val := fmt.Sprintf("%s  (%s, decision %d)", em.Text, em.Fiber, em.Decision+1)
		switch {
		case em.Commutative:
			val += "  commutative"
		case em.Diverges && em.Canonical == "":
			val += "  ≠ canonical: no emission at this index"
		case em.Diverges:
			val += "  ≠ canonical " + em.Canonical
		}
		vars = append(vars, textVar("#"+strconv.Itoa(em.Index), val))
	}
	return vars
}

func (s *session) provisionVars() []godap.Variable {
	var vars []godap.Variable
	for _, k := range s.eng.Machine().Snapshot().Provisions {
		who := "?"
		if p := s.prog.ProviderOf[k]; p != nil {
			who = p.Name + " [" + s.eng.FiberState(p.LoadIndex).String() + "]"
		}
		svc := ""
		if p := s.prog.ProviderOf[k]; p != nil && p.KeyByName[k] != nil && p.KeyByName[k].Service != nil {
			svc = p.KeyByName[k].Service.Name
		}
		vars = append(vars, godap.Variable{Name: k, Value: "provided by " + who, Type: svc})
	}
	if vars == nil {
		vars = append(vars, textVar("(none)", "no provision is live"))
	}
	return vars
}

func (s *session) residueVars() []godap.Variable {
	snap := s.eng.Machine().Snapshot()
	diff := runtime.Diff(runtime.Snapshot{}, snap)
	vars := []godap.Variable{
		s.listVar("registry", snap.Registry),
		s.listVar("provisions", snap.Provisions),
		s.listVar("effects", snap.Effects),
		s.listVar("listeners", snap.Listeners),
		s.listVar("unreleased", snap.Unreleased),
		s.listVar("residue", diff),
	}
	// Live provisions and unreleased resources are data a data breakpoint
	// can watch.
	if ref := vars[1].VariablesReference; ref > 0 {
		s.handles.at(ref).data = provisionData
	}
	if ref := vars[4].VariablesReference; ref > 0 {
		s.handles.at(ref).data = resourceData
	}
	return vars
}

func (s *session) findingVars() []godap.Variable {
	var vars []godap.Variable
	for _, f := range s.eng.FindingsSoFar() {
		vars = append(vars, godap.Variable{Name: fmt.Sprintf("%s (decision %d)", f.Tag, f.Decision+1), Value: f.Message, Type: f.Tag})
	}
	if vars == nil {
		vars = append(vars, textVar("(none)", "no property violation so far"))
	}
	return vars
}

// localVars are a code frame's locals, with their runtime values.
func (s *session) localVars(fr frameRef) []godap.Variable {
	stack := s.eng.Machine().Stack(s.prog.LoadOrder[fr.fiber].Name)
	if fr.index >= len(stack) {
		return nil
	}
	var vars []godap.Variable
	for _, l := range stack[fr.index].Locals {
		vars = append(vars, s.valueVar(l.Name, l.Val, l.Name))
	}
	return vars
}

// fiberVars describe a fiber: state, config, bindings and its frame of
// pending inverses.
func (s *session) fiberVars(i int) []godap.Variable {
	c := s.prog.LoadOrder[i]
	info := s.eng.Machine().Fibers()[i]
	vars := []godap.Variable{textVar("state", info.State.String())}
	if info.Err != nil {
		vars = append(vars, textVar("error", info.Err.Error()))
	}
	if cfg, ok := s.configVar(i); ok {
		vars = append(vars, cfg)
	}
	var req []string
	for _, k := range c.Requires {
		switch {
		case k.Provider == nil:
			req = append(req, k.Name+" → no provider")
		default:
			req = append(req, k.Name+" → "+k.Provider.Name+" ["+s.eng.FiberState(k.Provider.LoadIndex).String()+"]")
		}
	}
	vars = append(vars, s.listVar("requires", req))
	var prov []string
	live := map[string]bool{}
	for _, k := range s.eng.Machine().Snapshot().Provisions {
		live[k] = true
	}
	for _, k := range c.Provides {
		st := "not published"
		if live[k.Name] {
			st = "live"
		}
		prov = append(prov, k.Name+" ("+st+")")
	}
	vars = append(vars, s.listVar("provides", prov))
	fv := s.listVar("frame", info.Frame)
	fv.Value = fmt.Sprintf("%d pending inverses, newest first", len(info.Frame))
	vars = append(vars, fv)
	return vars
}

// configVar shows the fiber's config: the running frame's `config`, the
// record the fiber activated with, or, before it activates, the declared
// defaults (a schedule loads components without overrides), each default
// evaluated in the fiber's context.
func (s *session) configVar(i int) (godap.Variable, bool) {
	c := s.prog.LoadOrder[i]
	m := s.eng.Machine()
	for _, f := range m.Stack(c.Name) {
		for _, l := range f.Locals {
			if l.Name == "config" && f.Fiber == c.Name {
				return s.valueVar("config", l.Val, "config"), true
			}
		}
	}
	if v, err := m.Eval(c.Name, -1, "config"); err == nil && v.Kind() == runtime.RecordKind {
		return s.valueVar("config", v, "config"), true
	}
	cs := c.Config
	if cs == nil {
		return godap.Variable{}, false
	}
	var fields []godap.Variable
	var texts []string
	for _, f := range cs.Fields {
		fv := textVar(f.Name.Name, "<no default>")
		if f.Default != nil {
			if v, err := m.EvalExpr(c.Name, -1, f.Default); err == nil {
				fv = s.valueVar(f.Name.Name, v, "")
			}
		}
		fields = append(fields, fv)
		texts = append(texts, f.Name.Name+": "+fv.Value)
	}
	out := godap.Variable{Name: "config", Value: "{" + strings.Join(texts, ", ") + "}", Type: "record"}
	if len(fields) > 0 {
		out.VariablesReference = s.handles.ref(func() []godap.Variable { return fields })
	}
	return out, true
}

func (s *session) onSource(req godap.RequestMessage) error {
	r := req.(*godap.SourceRequest)
	if s.eng == nil || r.Arguments.Source != nil && r.Arguments.Source.Path != "" && !s.isProgram(r.Arguments.Source.Path) {
		return fmt.Errorf("no such source")
	}
	s.reply(req, godap.SourceResponseBody{Content: string(s.src), MimeType: "text/x-revl"})
	return nil
}
