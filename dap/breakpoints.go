package dap

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	godap "github.com/google/go-dap"

	"revl.dev/debug/dap/travel"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
)

// Breakpoints of three kinds:
//   - source breakpoints on statements (moved to the nearest line with a
//     statement), stopping before the statement runs;
//   - function breakpoints on atoms (`activate(B)`, `teardown(Sink)`,
//     with fine atoms `resume(B)`, `fire(B)`, `complete(job warmup)`, or
//     `B` for any atom of B), stopping at the decision boundary where the choice
//     vector picks the atom, and on emissions (`log.write`, or one exact
//     emission `log.write("B up")`), stopping right after the emission;
//   - exception breakpoints, one filter per property tag, stopping where
//     the violation first becomes known.
//
// Conditions and log messages are revl expressions evaluated by the
// runtime at the statement about to run (evaluate.go). Hit counts count, from the start of the schedule, the
// times the breakpoint's location was reached with its condition true, so
// a hit count is a property of the position like everything else and
// reverseContinue agrees with continue.

type bpKind int

const (
	bpSource bpKind = iota
	bpAtom
	bpEmission
	bpData // databreakpoints.go
)

type breakpoint struct {
	id       int
	kind     bpKind
	line     int // bpSource: the verified line
	col      int // bpSource: a column asked for, 0 for the whole line
	atomKind int // bpAtom: 0 any, else 1 + the index of its kind in atomBPKinds
	// failAt, on a bpAtom of kind activate: 0 a plain activate(B); with
	// 'maxFaults' an injected failure, fail@B:N (N) or fail@B (-1, any
	// step).
	failAt   int
	fiber    string
	job      string // bpAtom of complete(job NAME): the job's name
	emission string // bpEmission: `key.method` or an exact emission text
	exact    bool
	cond     *parsed
	hit      *hitCondition
	logMsg   string
	data     dataTarget // bpData
	access   string     // bpData: read, write, readWrite
}

type breakpoints struct {
	nextID int
	source []*breakpoint
	funcs  []*breakpoint
	data   []*breakpoint // data breakpoints
	exc    map[string]bool
	// locs are the program's stop locations, computed once per launch
	// when first needed (a walk of the whole tree: a second at 50,000
	// components, which the first stop does not need); locsOf is the file
	// they are of until then.
	locs   []location
	locsOf *syntax.File
}

// stopLocations are the launched program's stop locations.
func (s *session) stopLocations() []location {
	if s.bps.locsOf != nil {
		s.bps.locs, s.bps.locsOf = locations(s.bps.locsOf), nil
	}
	return s.bps.locs
}

func defaultFilters() map[string]bool {
	m := map[string]bool{}
	for _, t := range schedule.Tags {
		m[t] = true
	}
	return m
}

var filterHelp = schedule.TagHelp

func exceptionFilters() []godap.ExceptionBreakpointsFilter {
	var out []godap.ExceptionBreakpointsFilter
	for _, t := range schedule.Tags {
		out = append(out, godap.ExceptionBreakpointsFilter{Filter: t, Label: t, Description: filterHelp[t], Default: true})
	}
	return out
}

func (s *session) newBP(kind bpKind, cond, hit, logMsg string) (*breakpoint, string) {
	s.bps.nextID++
	bp := &breakpoint{id: s.bps.nextID, kind: kind, logMsg: logMsg}
	if cond != "" {
		e, err := parse(cond)
		if err != nil {
			return bp, "condition: " + err.Error()
		}
		bp.cond = e
	}
	if hit != "" {
		h, err := parseHitCondition(hit)
		if err != nil {
			return bp, "hit condition: " + err.Error()
		}
		bp.hit = h
	}
	return bp, ""
}

func (s *session) onSetBreakpoints(req godap.RequestMessage) error {
	r := req.(*godap.SetBreakpointsRequest)
	args := r.Arguments
	var out []godap.Breakpoint
	var keep []*breakpoint
	mine := s.isProgram(args.Source.Path)
	list := args.Breakpoints
	if len(list) == 0 {
		for _, l := range args.Lines {
			list = append(list, godap.SourceBreakpoint{Line: l})
		}
	}
	for _, sb := range list {
		bp, msg := s.newBP(bpSource, sb.Condition, sb.HitCondition, sb.LogMessage)
		line := s.lineIn(sb.Line)
		b := godap.Breakpoint{Id: bp.id, Source: &args.Source, Line: sb.Line}
		switch {
		case msg != "":
			b.Message = msg
		case !mine:
			b.Message = "not the launched program"
			if s.eng == nil {
				b.Message = "no program launched yet"
			}
		case line < 1 || line > s.lineCount():
			// A line the file does not have is not moved to a statement
			// that happens to be nearest: the client asked for nothing.
			b.Message = fmt.Sprintf("line %d is not a line of %s (lines %d to %d)", sb.Line, filepath.Base(s.path), s.lineOut(1), s.lineOut(s.lineCount()))
		case sb.Column != 0 && s.colIn(sb.Column) < 1:
			b.Message = fmt.Sprintf("column %d is not a column of line %d", sb.Column, sb.Line)
		default:
			to, ok := nearest(s.stopLocations(), line)
			if !ok {
				b.Message = "no statement in this file"
				break
			}
			bp.line = to
			if sb.Column > 0 && to == line {
				bp.col = s.colIn(sb.Column)
			}
			b.Verified, b.Line = true, s.lineOut(to)
			if bp.col > 0 {
				b.Column = s.colOut(bp.col)
			}
			keep = append(keep, bp)
		}
		out = append(out, b)
	}
	if mine {
		s.bps.source = keep
	}
	s.countersChanged()
	s.reply(req, godap.SetBreakpointsResponseBody{Breakpoints: nonNil(out)})
	return nil
}

// lineCount is the number of lines of the launched program.
func (s *session) lineCount() int { return bytes.Count(s.src, []byte("\n")) + 1 }

func nonNil(b []godap.Breakpoint) []godap.Breakpoint {
	if b == nil {
		return []godap.Breakpoint{}
	}
	return b
}

// isProgram reports whether a client path names the launched program.
func (s *session) isProgram(path string) bool {
	if s.path == "" || path == "" {
		return false
	}
	abs, err := filepath.Abs(path)
	return err == nil && filepath.Clean(abs) == s.path
}

func (s *session) onSetFunctionBreakpoints(req godap.RequestMessage) error {
	r := req.(*godap.SetFunctionBreakpointsRequest)
	var out []godap.Breakpoint
	s.bps.funcs = nil
	for _, fb := range r.Arguments.Breakpoints {
		bp, msg := s.newBP(bpAtom, fb.Condition, fb.HitCondition, "")
		if msg == "" {
			msg = s.resolveFunction(bp, strings.TrimSpace(fb.Name))
		}
		b := godap.Breakpoint{Id: bp.id, Verified: msg == "", Message: msg}
		if msg == "" {
			s.bps.funcs = append(s.bps.funcs, bp)
		}
		out = append(out, b)
	}
	s.countersChanged()
	s.reply(req, godap.SetFunctionBreakpointsResponseBody{Breakpoints: nonNil(out)})
	return nil
}

// atomBPKinds are the atom kinds a function breakpoint can name, as
// their labels begin: the fine kinds stop only a session with fine atoms.
var atomBPKinds = []struct {
	prefix string
	kind   runtime.AtomKind
}{
	{"activate(", runtime.Activate}, {"teardown(", runtime.Teardown},
	{"resume(", runtime.Resume}, {"fire(", runtime.Fire}, {"complete(", runtime.Complete},
	// An injected fault (launch 'maxFaults'): stops where the vector
	// crashes the fiber. (fail@B:N is resolveFailAt's, an activate.)
	{"crash(", runtime.Crash},
}

// resolveFunction parses a function breakpoint name: `activate(B)`,
// `teardown(B)`, `resume(B)`, `fire(B)`, `crash(B)`, `fail@B:N`, `fail@B`,
// `complete(job NAME)`, `B`, `key.method` or an emission `key.method(args)`.
func (s *session) resolveFunction(bp *breakpoint, name string) string {
	if s.prog == nil {
		return "no program launched yet"
	}
	if rest, ok := strings.CutPrefix(name, "fail@"); ok {
		return s.resolveFailAt(bp, rest)
	}
	for i, k := range atomBPKinds {
		if strings.HasPrefix(name, k.prefix) && strings.HasSuffix(name, ")") {
			bp.atomKind = i + 1
			name = strings.TrimSpace(name[len(k.prefix) : len(name)-1])
			break
		}
	}
	if bp.atomKind != 0 && atomBPKinds[bp.atomKind-1].kind == runtime.Complete {
		// A job is named by its name (`complete(job warmup)`), not a component.
		job := strings.TrimSpace(strings.TrimPrefix(name, "job "))
		if job == "" {
			return "complete(job NAME) needs a job name"
		}
		bp.kind, bp.job = bpAtom, job
		return ""
	}
	if s.prog.CompByName[name] != nil {
		bp.kind, bp.fiber = bpAtom, name
		return ""
	}
	if bp.atomKind != 0 {
		return fmt.Sprintf("no component %q", name)
	}
	key, rest, ok := strings.Cut(name, ".")
	if !ok {
		return fmt.Sprintf("no component %q; a function breakpoint names an atom (activate(B), teardown(B), crash(B), fail@B:N, B) or an emission (log.write)", name)
	}
	method, _, call := strings.Cut(rest, "(")
	svc := s.providedService(key)
	if svc == nil {
		return fmt.Sprintf("no provided key %q", key)
	}
	m := svc.MethodByID[method]
	if m == nil || !m.Emission {
		return fmt.Sprintf("%s.%s is not an emission fn", key, method)
	}
	bp.kind, bp.emission, bp.exact = bpEmission, name, call
	return ""
}

// providedService is the service of the key the composition provides
// under name, or nil when nothing provides it or its service is unknown.
// It looks the key up once (KeyOf may scan a mock's keys).
func (s *session) providedService(name string) *check.Service {
	p := s.prog.ProviderOf[name]
	if p == nil {
		return nil
	}
	if k := p.KeyOf(name); k != nil {
		return k.Service
	}
	return nil
}

// resolveFailAt parses the rest of `fail@B:N` (B's activation with the
// failure injected after its top-level step N, as the Call Stack names
// the decision) or `fail@B` (after any step).
func (s *session) resolveFailAt(bp *breakpoint, rest string) string {
	comp, step, hasStep := strings.Cut(strings.TrimSpace(rest), ":")
	c := s.prog.CompByName[comp]
	if c == nil {
		return fmt.Sprintf("no component %q", comp)
	}
	bp.kind, bp.fiber, bp.atomKind, bp.failAt = bpAtom, comp, 1, -1 // atomBPKinds[0] is activate
	if !hasStep {
		return ""
	}
	steps := 0
	if c.Decl != nil && c.Decl.Body != nil {
		steps = len(c.Decl.Body.Stmts)
	}
	n, err := strconv.Atoi(step)
	if err != nil || n < 1 || n > steps {
		return fmt.Sprintf("fail@%s:%s: the step is a top-level step of %s, 1 to %d", comp, step, comp, steps)
	}
	bp.failAt = n
	return ""
}

func (s *session) onSetExceptionBreakpoints(req godap.RequestMessage) error {
	r := req.(*godap.SetExceptionBreakpointsRequest)
	on := map[string]bool{}
	var out []godap.Breakpoint
	filters := append([]string(nil), r.Arguments.Filters...)
	for _, fo := range r.Arguments.FilterOptions {
		filters = append(filters, fo.FilterId)
	}
	for _, f := range filters {
		if _, ok := filterHelp[f]; !ok {
			out = append(out, godap.Breakpoint{Verified: false, Message: "unknown filter " + strconv.Quote(f)})
			continue
		}
		on[f] = true
		out = append(out, godap.Breakpoint{Verified: true})
	}
	s.bps.exc = on
	s.reply(req, godap.SetExceptionBreakpointsResponseBody{Breakpoints: out})
	return nil
}

func (s *session) onBreakpointLocations(req godap.RequestMessage) error {
	r := req.(*godap.BreakpointLocationsRequest)
	a := r.Arguments
	body := godap.BreakpointLocationsResponseBody{Breakpoints: []godap.BreakpointLocation{}}
	if s.isProgram(a.Source.Path) {
		from, to := s.lineIn(a.Line), s.lineIn(a.EndLine)
		if a.EndLine == 0 {
			to = from
		}
		for _, l := range s.stopLocations() {
			if int(l.Start.Line) < from || int(l.Start.Line) > to {
				continue
			}
			if a.Column > 0 && int(l.Start.Line) == from && int(l.Start.Col) < s.colIn(a.Column) {
				continue
			}
			body.Breakpoints = append(body.Breakpoints, godap.BreakpointLocation{
				Line: s.lineOut(int(l.Start.Line)), Column: s.colOut(int(l.Start.Col)),
				EndLine: s.lineOut(int(l.End.Line)), EndColumn: s.colOut(int(l.End.Col))})
		}
	}
	s.reply(req, body)
	return nil
}

func (s *session) onExceptionInfo(req godap.RequestMessage) error {
	f := s.stop.finding
	if f == nil {
		return fmt.Errorf("not stopped on a property violation")
	}
	s.reply(req, godap.ExceptionInfoResponseBody{
		ExceptionId: f.Tag,
		Description: f.Message,
		BreakMode:   "always",
		Details: &godap.ExceptionDetails{
			Message:  f.Message,
			TypeName: f.Tag,
			StackTrace: fmt.Sprintf("known at decision %d (%s), position %d", f.Decision,
				s.decisionAtom(f.Decision), f.Tick),
		},
	})
	return nil
}

// decisionAtom is the label of decision d's atom.
func (s *session) decisionAtom(d int) string {
	ds := s.eng.Decisions()
	if d < len(ds) {
		return ds[d].Atom.String()
	}
	return "end of schedule"
}

// matches reports whether bp's location is reached by the op that led to
// the current position and its condition holds there.
func (s *session) matches(bp *breakpoint, o *travel.Op) bool {
	e := s.eng
	switch bp.kind {
	case bpSource:
		if !e.InAtom() {
			return false
		}
		sp, ok := e.Machine().CurrentSpan()
		if !ok || int(sp.Start.Line) != bp.line || bp.col > 0 && int(sp.Start.Col) != bp.col {
			return false
		}
	case bpAtom:
		if e.InAtom() || e.AtEnd() {
			return false
		}
		a := e.ReadyAt(e.Next())
		if bp.atomKind != 0 && a.Kind != atomBPKinds[bp.atomKind-1].kind {
			return false
		}
		if bp.atomKind != 0 && a.Kind == runtime.Activate {
			// activate(B) is the plain activation; fail@B and fail@B:N the
			// injected failures ('maxFaults'), which B alone matches too.
			switch {
			case bp.failAt == 0 && a.FailAt != 0, bp.failAt < 0 && a.FailAt == 0, bp.failAt > 0 && int(a.FailAt) != bp.failAt:
				return false
			}
		}
		if bp.job != "" && a.JobName != bp.job || bp.job == "" && a.Fiber != bp.fiber {
			return false
		}
	case bpEmission:
		if o == nil {
			return false
		}
		hit := false
		for _, ev := range o.Events {
			if ev.Kind == runtime.EvEmission && (bp.exact && ev.Text == bp.emission || !bp.exact && ev.Key+"."+ev.Method == bp.emission) {
				hit = true
			}
		}
		if !hit {
			return false
		}
	case bpData:
		if !dataHit(bp, o) {
			return false
		}
	}
	if bp.cond != nil {
		v, err := s.eval(bp.cond, here)
		b, isBool := v.Bool()
		// A condition that fails, or is not a Bool, stops, so the user
		// sees it.
		return err != nil || !isBool || b
	}
	return true
}

func (s *session) allBPs() []*breakpoint {
	return append(append(append([]*breakpoint(nil), s.bps.source...), s.bps.funcs...), s.bps.data...)
}

// countersChanged installs the hit counter when a breakpoint has a hit
// condition (and recounts), or removes it.
func (s *session) countersChanged() {
	if s.eng == nil {
		return
	}
	var counted []*breakpoint
	for _, bp := range s.allBPs() {
		if bp.hit != nil {
			counted = append(counted, bp)
		}
	}
	if len(counted) == 0 {
		s.eng.SetCounter(nil)
		return
	}
	s.eng.SetCounter(func(o *travel.Op, hits map[int]int) {
		for _, bp := range counted {
			if s.matches(bp, o) {
				hits[bp.id]++
			}
		}
	})
}

// hitHere is what stops (or logs) at the current position.
type hitHere struct {
	ids     []int
	what    string // the first data breakpoint's hit, described
	logs    []*breakpoint
	finding *travel.Finding
}

// hits evaluates every breakpoint at the current position.
func (s *session) hits(o *travel.Op) hitHere {
	var h hitHere
	if o != nil {
		for i := range o.Findings {
			if s.bps.exc[o.Findings[i].Tag] {
				h.finding = &o.Findings[i]
				break
			}
		}
	}
	if !s.eng.Stoppable() {
		return h
	}
	for _, bp := range s.allBPs() {
		if !s.matches(bp, o) {
			continue
		}
		if bp.hit != nil && !bp.hit.ok(s.eng.Hits()[bp.id]) {
			continue
		}
		if bp.logMsg != "" {
			h.logs = append(h.logs, bp)
			continue
		}
		if bp.kind == bpData && h.what == "" {
			h.what = dataStop(bp, o)
		}
		h.ids = append(h.ids, bp.id)
	}
	return h
}

func (h hitHere) stops() bool { return h.finding != nil || len(h.ids) > 0 }

// hitCondition is `N` (the same as `>= N`), `>N`, `>=N`, `<N`, `<=N`,
// `==N` or `%N` (every N-th hit).
type hitCondition struct {
	op string
	n  int
}

func parseHitCondition(s string) (*hitCondition, error) {
	s = strings.TrimSpace(s)
	for _, op := range []string{">=", "<=", "==", ">", "<", "%", "="} {
		if strings.HasPrefix(s, op) {
			n, err := strconv.Atoi(strings.TrimSpace(s[len(op):]))
			if err != nil || n < 0 || op == "%" && n == 0 {
				return nil, fmt.Errorf("want N, >N, >=N, <N, <=N, ==N or %%N, got %q", s)
			}
			if op == "=" {
				op = "=="
			}
			return &hitCondition{op, n}, nil
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return nil, fmt.Errorf("want N, >N, >=N, <N, <=N, ==N or %%N, got %q", s)
	}
	return &hitCondition{">=", n}, nil
}

func (h *hitCondition) ok(count int) bool {
	switch h.op {
	case ">":
		return count > h.n
	case ">=":
		return count >= h.n
	case "<":
		return count < h.n
	case "<=":
		return count <= h.n
	case "==":
		return count == h.n
	}
	return count%h.n == 0
}
