package dap

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	godap "github.com/google/go-dap"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/timeline"
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
	// provKeys are the live provisions, sorted, once listed at this stop;
	// snap the machine's snapshot, once taken at this stop (Residue).
	provKeys []string
	snap     *runtime.Snapshot
}

// varsRef lists variables: all at once (a few named ones), or, for a
// container that may be large (a ready set, the provisions, a list value,
// a frame of inverses), the page [start, end) of its n entries, so that
// paging a long list costs the page. indexed says the entries are indexed
// ([0], [1], ...), which is how the parent advertises them
// (indexedVariables); the others are named.
type varsRef struct {
	all     func() []godap.Variable
	n       int
	page    func(start, end int) []godap.Variable
	indexed bool
	// data names the data breakpoint a variable of this container stands
	// for (databreakpoints.go); nil: none.
	data func(v godap.Variable) (dataTarget, bool)
	// set, when not nil, is setVariable on this container (setvariable.go).
	set func(name, value string) (godap.SetVariableResponseBody, error)
}

// reset forgets the references of the last stop. The slices are kept for
// the next stop's (a stop makes a few dozen; growing them again was a
// handful of allocations at every stop); the closures they held are let go.
func (h *handles) reset() {
	clear(h.vars)
	h.frames, h.vars, h.provKeys, h.snap = h.frames[:0], h.vars[:0], nil, nil
}

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

func (h *handles) refPaged(n int, indexed bool, page func(start, end int) []godap.Variable) int {
	h.vars = append(h.vars, varsRef{n: n, page: page, indexed: indexed})
	return len(h.vars)
}

// refList is a paged container of n indexed entries, item(i) each; only
// the entries of a page are built.
func (h *handles) refList(n int, item func(i int) godap.Variable) int {
	return h.refPaged(n, true, func(start, end int) []godap.Variable {
		vs := make([]godap.Variable, 0, end-start)
		for i := start; i < end; i++ {
			vs = append(vs, item(i))
		}
		return vs
	})
}

// pageSize is how many entries a variables request without a count gets
// of a larger container; a last entry named "…" then says how many more
// there are. A client pages with start and count (docs/dap.md).
const pageSize = 100

// previewItems is how many entries a container's one-line value shows.
const previewItems = 32

// maxValue caps the length of one variable's value.
const maxValue = 4096

// preview is the one-line value of a list of n entries: `[a, b, c]`, or
// the first previewItems of them and `… k more`.
func preview(n int, item func(i int) string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range min(n, previewItems) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(item(i))
	}
	if n > previewItems {
		fmt.Fprintf(&b, ", … %d more", n-previewItems)
	}
	b.WriteByte(']')
	return b.String()
}

// capValue cuts a value longer than maxValue bytes (at a rune boundary).
func capValue(v string) string {
	if len(v) <= maxValue {
		return v
	}
	cut := maxValue
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return v[:cut] + fmt.Sprintf("… (%d bytes)", len(v))
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

// posOut is p's line and column as the client counts them.
func (s *session) posOut(p syntax.Pos) (line, col int) {
	return s.lineOut(int(p.Line)), s.colOut(int(p.Col))
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
			threads = append(threads, godap.Thread{Id: fiberThread(i), Name: c.Name + " [" + s.fiberState(i) + "]"})
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
				Line: s.lineOut(int(sf.Span.Start.Line)), Column: s.colOut(int(sf.Span.Start.Col)),
				EndLine: s.lineOut(int(sf.Span.End.Line)), EndColumn: s.colOut(int(sf.Span.End.Col)),
			})
		}
		if len(frames) == 0 {
			d := s.prog.LoadOrder[i].Decl
			f := godap.StackFrame{
				Id: s.handles.frame(frameRef{fiber: i, index: -1}), Name: name + " [" + s.fiberState(i) + "]",
				PresentationHint: "label",
			}
			if d.Name.Start.IsValid() {
				f.Source = s.source()
				f.Line, f.Column = s.posOut(d.Name.Start)
			}
			if sp, ok := s.eng.Machine().SuspendedAt(i); ok {
				// Fine atoms: the activation waits at its await for resume.
				f.Name += " suspended at await"
				f.Line, f.Column = s.posOut(sp.Start)
				f.EndLine, f.EndColumn = s.posOut(sp.End)
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
	a, ok := s.currentAtom()
	if !ok && e.AtEnd() {
		// At the end the frame points at the component of the last atom
		// run (or the first component), so that it has a source: an editor
		// selects a frame with one and shows its Variables (the Decision
		// scope with the end state, the findings) without a click.
		if ds := e.Decisions(); len(ds) > 0 {
			a, ok = ds[len(ds)-1].Atom, true
		} else if len(s.prog.LoadOrder) > 0 {
			a, ok = runtime.Atom{Kind: runtime.Activate, Fiber: s.prog.LoadOrder[0].Name}, true
		}
	}
	if ok {
		// A mock has no declaration in the source (its name has no position).
		if c := s.prog.CompByName[a.Fiber]; c != nil && c.Decl.Name.Start.IsValid() {
			f.Source = s.source()
			f.Line, f.Column = s.posOut(c.Decl.Name.Start)
		}
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

// decisionLabel is `decision 2: activate(B)`: numbered from 0, as the
// choice vector, revl/gotoDecision, the timeline, the CLI and every
// finding number decisions (docs/dap.md).
func (s *session) decisionLabel() string {
	e := s.eng
	n := len(e.Decisions())
	if e.AtEnd() {
		return fmt.Sprintf("end of schedule (%d decisions)", n)
	}
	a, _ := s.currentAtom()
	return fmt.Sprintf("decision %d: %s", e.Decision(), a)
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
	scopes := make([]godap.Scope, 0, 6)
	add := func(name, hint string, vars func() []godap.Variable) *varsRef {
		ref := s.handles.ref(vars)
		scopes = append(scopes, godap.Scope{Name: name, PresentationHint: hint, VariablesReference: ref})
		return s.handles.at(ref)
	}
	if fr.fiber < 0 {
		add("Decision", "", s.decisionVars).set = s.setDecisionVar
		// The scopes that grow with the run or the composition are paged
		// containers, advertised with their counts (docs/dap.md).
		paged := func(name string, n int, page func(start, end int) []godap.Variable, none godap.Variable) *varsRef {
			if n == 0 {
				return add(name, "", func() []godap.Variable { return []godap.Variable{none} })
			}
			ref := s.handles.refPaged(n, true, page)
			scopes = append(scopes, godap.Scope{Name: name, VariablesReference: ref, IndexedVariables: n})
			return s.handles.at(ref)
		}
		n := len(s.eng.EmissionsSoFar())
		ems := s.handles.refPaged(n, true, s.emissionPage)
		s.handles.at(ems).data = s.emissionData
		scopes = append(scopes, godap.Scope{Name: fmt.Sprintf("Emissions (%d)", n), VariablesReference: ems, IndexedVariables: n})
		paged("Provisions", s.eng.Machine().ProvisionCount(), s.provisionPage(),
			textVar("(none)", "no provision is live")).data = provisionData
		add("Residue", "", s.residueVars)
		paged("Findings", len(s.eng.FindingsSoFar()), s.findingPage, textVar("(none)", "no property violation so far"))
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
	vars := []godap.Variable{}
	// filter asks for the indexed or the named entries only; a container
	// holds one kind.
	if f := r.Arguments.Filter; (f == "indexed" && !h.indexed) || (f == "named" && h.indexed) {
		s.reply(req, godap.VariablesResponseBody{Variables: vars})
		return nil
	}
	var all []godap.Variable
	n := h.n
	if h.page == nil {
		if h.all != nil {
			all = h.all()
		}
		n = len(all)
	}
	start := min(max(r.Arguments.Start, 0), n)
	end, more := n, false
	if c := r.Arguments.Count; c > 0 {
		end = min(start+c, n)
	} else if start+pageSize < n {
		end, more = start+pageSize, true
	}
	switch {
	case h.page != nil:
		vars = append(vars, h.page(start, end)...)
	case !more && end > start:
		// The list itself, not a copy (a dozen Variables, most of a
		// request's allocation): nothing is appended to it, and it is
		// encoded before anything else runs.
		vars = all[start:end]
	default:
		vars = append(vars, all[start:end]...)
	}
	if more {
		vars = append(vars, textVar("…", fmt.Sprintf("%d more of %d: ask with start and count", n-end, n)))
	}
	s.reply(req, godap.VariablesResponseBody{Variables: vars})
	return nil
}

// valueVar shows a runtime value, with its parts as children when it is
// structured (list elements, record fields, the payload of Some, Ok, Err
// and union constructors), paged. evalName, when not empty, is an
// expression for v; its parts get `evalName[i]` and `evalName.f`.
func (s *session) valueVar(name string, v runtime.Value, evalName string) godap.Variable {
	out := godap.Variable{Name: name, Value: capValue(v.String()), Type: v.Type(), EvaluateName: evalName}
	n := v.Len()
	if n == 0 {
		return out
	}
	if evalName != "" && needsParens(evalName) {
		evalName = "(" + evalName + ")"
	}
	out.VariablesReference = s.handles.refPaged(n, v.Kind() == runtime.ListKind, func(start, end int) []godap.Variable {
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

func textVar(name, value string) godap.Variable {
	return godap.Variable{Name: name, Value: capValue(value)}
}

// listVar shows a list of lines, expandable and paged.
func (s *session) listVar(name string, items []string) godap.Variable {
	return s.listVarN(name, len(items), func(i int) string { return items[i] })
}

// listVarN shows a list of n lines, item(i) each, expandable and paged:
// its value previews the first few, its children are built a page at a
// time.
func (s *session) listVarN(name string, n int, item func(i int) string) godap.Variable {
	v := godap.Variable{Name: name, Value: capValue(preview(n, item))}
	if n > 0 {
		v.VariablesReference = s.handles.refList(n, func(i int) godap.Variable {
			return textVar("["+strconv.Itoa(i)+"]", item(i))
		})
		v.IndexedVariables = n
	}
	return v
}

func (s *session) decisionVars() []godap.Variable {
	e := s.eng
	d := e.Decision()
	n := len(e.Decisions())
	// Sized for all its variables: a Variable is large, and growing the
	// slice copied it four times over.
	vars := make([]godap.Variable, 0, 16)
	vars = append(vars, textVar("decision", s.decisionLabel()))
	vars = append(vars, textVar("index", strconv.Itoa(d)))
	if c, ok := s.choiceVar(); ok {
		vars = append(vars, c)
	}
	vars = append(vars, textVar("schedule", s.tape))
	choices := e.ChoicesView()
	so := choices[:min(d, len(choices))]
	decs := e.Decisions()
	// Not listVarN: its preview of the entries (a Sprintf each) would be
	// replaced by the bare vector.
	cv := godap.Variable{Name: "choices so far", Value: capValue(intsText(so))}
	if len(so) > 0 {
		cv.VariablesReference = s.handles.refList(len(so), func(i int) godap.Variable {
			return textVar("["+strconv.Itoa(i)+"]", fmt.Sprintf("%d  (%s)", so[i], decs[i].Atom))
		})
		cv.IndexedVariables = len(so)
	}
	vars = append(vars, cv)
	vars = append(vars, s.readyVar())
	if mf := s.world.Options().MaxFaults; mf > 0 {
		// The faults injected so far, of the launch's 'maxFaults'.
		fs := e.Faults()
		text := fmt.Sprintf("%d of at most %d injected", len(fs), mf)
		for i, f := range fs {
			sep := ", "
			if i == 0 {
				sep = ": "
			}
			// The label and decision: the frame of that decision shows
			// the place, so no file:line:col here.
			text += sep + fmt.Sprintf("%s at decision %d", f.Atom(), f.Decision)
		}
		vars = append(vars, textVar("faults", text))
	}
	vars = append(vars, textVar("virtual time", fmt.Sprintf("%dms", e.Machine().Now())))
	state := "at the decision boundary"
	if e.InAtom() {
		state = "running " + e.Atom().String()
	}
	if e.AtEnd() {
		state = "the schedule is over"
	}
	vars = append(vars, textVar("state", state))
	if e.Known() {
		vars = append(vars, textVar("position", fmt.Sprintf("%d of %d", e.Tick(), e.EndTick())))
		vars = append(vars, textVar("full choice vector", intsText(choices)))
	} else {
		vars = append(vars, textVar("position", fmt.Sprintf("%d of ? (the schedule's end is not known yet)", e.Tick())))
		vars = append(vars, textVar("full choice vector", fmt.Sprintf("not known yet; decisions run so far: %d", len(e.Decisions()))))
	}
	_ = n
	return vars
}

// intsText is a choice vector's text, its first previewItems entries when
// longer.
func intsText(v []int) string {
	return preview(len(v), func(i int) string { return strconv.Itoa(v[i]) })
}

// readyVar lists the ready set of the current decision with the index the
// choice vector picks. Inside an atom it is the set the decision chose
// from, as recorded when the schedule first ran.
func (s *session) readyVar() godap.Variable {
	e := s.eng
	n, pick := 0, -1
	var label func(i int) string
	switch {
	case e.InAtom():
		d := e.Decisions()[e.Decision()]
		if d.Readies == nil {
			return textVar("ready", fmt.Sprintf("%d atoms (go to the decision boundary to list them)", d.Ready))
		}
		n, pick = len(d.Readies), d.Choice
		label = func(i int) string { return d.Readies[i] }
	case !e.AtEnd():
		// The runtime's ready set by index: a page of a set 50,000 wide
		// costs the page.
		n, pick = e.ReadyLen(), e.Next()
		label = func(i int) string { return e.ReadyAt(i).String() }
	}
	// Not listVarN: its preview would be built and then replaced by the
	// one below.
	v := godap.Variable{Name: "ready"}
	if n > 0 {
		item := func(i int) string {
			l := label(i)
			if strings.HasPrefix(l, "crash(") || strings.HasPrefix(l, "fail@") {
				// With 'maxFaults' the set lists a crash per active fiber and a
				// fail@F:N per ready activation and step after the ready atoms:
				// choices, not atoms the program made ready.
				l += "  (injected fault)"
			}
			if i == pick {
				return l + "  ← the schedule picks this one"
			}
			return l
		}
		v.VariablesReference = s.handles.refList(n, func(i int) godap.Variable {
			return textVar("["+strconv.Itoa(i)+"]", item(i))
		})
		v.IndexedVariables = n
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d ready: ", n)
	for i := range min(n, previewItems) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(label(i))
	}
	if n > previewItems {
		fmt.Fprintf(&b, ", … %d more", n-previewItems)
	}
	if pick >= 0 && pick < n {
		fmt.Fprintf(&b, "; picks [%d] %s", pick, label(pick))
	}
	v.Value = capValue(b.String())
	return v
}

// emissionPage lists emissions [start, end) of those so far.
func (s *session) emissionPage(start, end int) []godap.Variable {
	var vars []godap.Variable
	for _, em := range s.eng.EmissionsSoFar()[start:end] {
		val := fmt.Sprintf("%s  (%s, decision %d)", em.Text, em.Fiber, em.Decision)
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

// provisionPage pages the live provisions, sorted; the sorted keys are
// listed when the first page is asked for, once per stop.
func (s *session) provisionPage() func(start, end int) []godap.Variable {
	return func(start, end int) []godap.Variable {
		if s.handles.provKeys == nil {
			s.handles.provKeys = s.eng.Machine().ProvisionKeys()
		}
		keys := s.handles.provKeys
		var vars []godap.Variable
		for _, k := range keys[min(start, len(keys)):min(end, len(keys))] {
			who := "?"
			if p := s.prog.ProviderOf[k]; p != nil {
				who = p.Name + " [" + s.fiberState(p.LoadIndex) + "]"
			}
			svc := ""
			if sv := s.providedService(k); sv != nil {
				svc = sv.Name
			}
			vars = append(vars, godap.Variable{Name: k, Value: "provided by " + who, Type: svc})
		}
		return vars
	}
}

func (s *session) residueVars() []godap.Variable {
	// The snapshot walks every fiber, frame and resource: taken once per
	// stop, however often the pane asks.
	if s.handles.snap == nil {
		sn := s.eng.Machine().Snapshot()
		s.handles.snap = &sn
	}
	snap := *s.handles.snap
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

// findingPage lists findings [start, end) of those so far.
func (s *session) findingPage(start, end int) []godap.Variable {
	var vars []godap.Variable
	for _, f := range s.eng.FindingsSoFar()[start:end] {
		vars = append(vars, godap.Variable{Name: fmt.Sprintf("%s (decision %d)", f.Tag, f.Decision), Value: capValue(f.Message), Type: f.Tag})
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

// fiberState names fiber i's state at the position as the timeline does
// (timeline.LaneState): `activating` or `tearing-down` while its own atom
// runs (the runtime still says pending or active then), else the
// runtime's state.
func (s *session) fiberState(i int) string {
	e := s.eng
	if e.InAtom() && e.FiberIndex(e.Atom().Fiber) == i {
		switch e.Atom().Kind {
		case runtime.Activate:
			return string(timeline.LaneActivating)
		case runtime.Teardown:
			return string(timeline.LaneTearingDown)
		}
	}
	return e.FiberState(i).String()
}

// fiberVars describe a fiber: state, config, bindings and its frame of
// pending inverses.
func (s *session) fiberVars(i int) []godap.Variable {
	c := s.prog.LoadOrder[i]
	m := s.eng.Machine()
	vars := []godap.Variable{textVar("state", s.fiberState(i))}
	if err := m.FiberErrAt(i); err != nil {
		vars = append(vars, textVar("error", err.Error()))
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
			req = append(req, k.Name+" → "+k.Provider.Name+" ["+s.fiberState(k.Provider.LoadIndex)+"]")
		}
	}
	vars = append(vars, s.listVar("requires", req))
	var prov []string
	for _, k := range c.Provides {
		st := "not published"
		if m.Provided(k.Name) {
			st = "live"
		}
		prov = append(prov, k.Name+" ("+st+")")
	}
	vars = append(vars, s.listVar("provides", prov))
	frame := m.FrameAt(i)
	fv := s.listVar("frame", frame)
	fv.Value = fmt.Sprintf("%d pending inverses, newest first", len(frame))
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
