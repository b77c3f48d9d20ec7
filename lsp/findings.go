package lsp

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/format"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
)

// A schedule finding says what went wrong in words; this file finds where
// it shows in the source, so the editor can underline it:
//
//	unstable  the emit whose emission came out in a different order
//	residue   the acquisition whose resource was left unreleased
//	deadlock  the `requires` binding of the key the blocked component waits for
//	use-after-withdrawal  the call through the withdrawn key
//	teardown-order        the provider that went down early
//	unbounded             the component whose atom ran out of budget
//
// schedule.Result carries no source positions (its Emission drops the
// runtime's span), so the locations are recovered from the program: an
// emission by its fiber and rendered call, a host resource by replaying
// the per-class serial numbering over the activation order. When that
// cannot decide, the finding lands on the component's name, never nowhere.

// located is one finding placed in the source.
type located struct {
	tag     string
	message string
	span    syntax.Span
	related []relatedSpan
}

type relatedSpan struct {
	span    syntax.Span
	message string
}

// locate places finding f of the (minimized) run r; base is the canonical run.
func locate(prog *check.Program, f schedule.Finding, r, base *schedule.Result) located {
	l := located{tag: f.Tag, message: f.Message}
	switch f.Tag {
	case schedule.TagUnstable:
		locateUnstable(prog, &l, f, r, base)
	case schedule.TagResidue:
		locateResidue(prog, &l, r)
	case schedule.TagDeadlock:
		locateDeadlock(prog, &l, r)
	case schedule.TagUseAfterWithdrawal:
		locateUseAfterWithdrawal(prog, &l, r)
	case schedule.TagTeardownOrder:
		locateTeardownOrder(prog, &l, r)
	case schedule.TagUnbounded:
		locateUnbounded(prog, &l, r)
	}
	if l.span == (syntax.Span{}) {
		// Nothing better: the component the first non-canonical choice
		// moved, else the first component.
		if c := firstMoved(prog, r); c != nil {
			l.span = c.Decl.Name.Span
		} else if len(prog.Components) > 0 {
			l.span = prog.Components[0].Decl.Name.Span
		}
	}
	if choice := choiceNote(prog, r); choice.message != "" {
		l.related = append(l.related, choice)
	}
	return l
}

// ordered returns the emissions that the unstable property compares in
// order (the non-commutative ones).
func ordered(r *schedule.Result) []schedule.Emission {
	var out []schedule.Emission
	for _, e := range r.Emissions {
		if !e.Commutative {
			out = append(out, e)
		}
	}
	return out
}

func locateUnstable(prog *check.Program, l *located, f schedule.Finding, r, base *schedule.Result) {
	if f.Divergence < 0 {
		// The emissions agree; a final state or the end state differs.
		for i, st := range r.States {
			if i < len(base.States) && st != base.States[i] {
				name, _, _ := strings.Cut(st, "=")
				if c := prog.CompByName[name]; c != nil {
					l.span = c.Decl.Name.Span
				}
				return
			}
		}
		locateResidue(prog, l, r)
		return
	}
	got, want := ordered(r), ordered(base)
	i := f.Divergence
	switch {
	case i < len(got):
		e := got[i]
		l.span = emissionSpan(prog, e)
		if i < len(want) {
			w := want[i]
			l.related = append(l.related, relatedSpan{emissionSpan(prog, w),
				fmt.Sprintf("the canonical run emits %s here (%s) as emission #%d", w.Text, w.Fiber, i)})
		}
	case i < len(want):
		w := want[i]
		l.span = emissionSpan(prog, w)
		l.message += fmt.Sprintf(" (%s never emits %s in this schedule)", w.Fiber, w.Text)
	}
}

// emissionSpan finds the emit statement behind an emission: the one whose
// span holds the call the runtime recorded, or, for an emission without a
// position, an emit in the emitting fiber's component with the same key
// and method, preferring one whose literal arguments render to the same
// text.
func emissionSpan(prog *check.Program, e schedule.Emission) syntax.Span {
	if e.Span.Start.IsValid() && prog.File != nil {
		var hit *syntax.EmitStmt
		syntax.Inspect(prog.File, func(n syntax.Node) bool {
			if s, ok := n.(*syntax.EmitStmt); ok && s.Span.Start.Offset <= e.Span.Start.Offset && e.Span.End.Offset <= s.Span.End.Offset {
				hit = s
			}
			return true
		})
		if hit != nil {
			return hit.Span
		}
		return e.Span
	}
	target, _, _ := strings.Cut(e.Text, "(")
	var comps []*check.Component
	if c := prog.CompByName[e.Fiber]; c != nil {
		comps = append(comps, c)
	}
	comps = append(comps, prog.Components...)
	for _, c := range comps {
		var first *syntax.EmitStmt
		var exact *syntax.EmitStmt
		syntax.Inspect(c.Decl, func(n syntax.Node) bool {
			s, ok := n.(*syntax.EmitStmt)
			if !ok || s.Call == nil {
				return true
			}
			if format.Node(s.Call.Fun) != target {
				return true
			}
			if first == nil {
				first = s
			}
			if exact == nil && staticCallText(s.Call) == e.Text {
				exact = s
			}
			return true
		})
		if exact != nil {
			return exact.Span
		}
		if first != nil {
			return first.Span
		}
	}
	return syntax.Span{}
}

// staticCallText renders a call whose arguments are literals the way the
// runtime renders its emission (strings quoted, no escapes); "" when an
// argument is not a literal.
func staticCallText(call *syntax.CallExpr) string {
	parts := make([]string, len(call.Args))
	for i, a := range call.Args {
		switch a := a.(type) {
		case *syntax.StringLit:
			parts[i] = `"` + a.Value + `"`
		case *syntax.TemplateLit:
			if len(a.Exprs) > 0 {
				return ""
			}
			parts[i] = `"` + a.Parts[0] + `"`
		case *syntax.IntLit:
			parts[i] = strconv.FormatInt(a.Value, 10)
		case *syntax.BoolLit:
			parts[i] = strconv.FormatBool(a.Value)
		default:
			return ""
		}
	}
	return format.Node(call.Fun) + "(" + strings.Join(parts, ", ") + ")"
}

var (
	resourceTag = regexp.MustCompile(`^(map|pool|timer)#(\d+)`)
	jobTag      = regexp.MustCompile(`^job (\S+)`)
)

func locateResidue(prog *check.Program, l *located, r *schedule.Result) {
	snap := r.Snapshot
	for _, u := range snap.Unreleased {
		if m := resourceTag.FindStringSubmatch(u); m != nil {
			n, _ := strconv.Atoi(m[2])
			if s, undo := acquisition(prog, r, m[1], n); s != nil {
				l.span = s.Range()
				if undo != nil {
					l.related = append(l.related, relatedSpan{undo.Range(), "its undo ran but did not release " + m[0] + " in this schedule"})
				}
				return
			}
		}
		if m := jobTag.FindStringSubmatch(u); m != nil {
			if s := jobStart(prog, m[1]); s != nil {
				l.span = s.Range()
				return
			}
		}
	}
	for _, e := range snap.Effects {
		name, inverse, _ := strings.Cut(e, ": ")
		if c := prog.CompByName[name]; c != nil {
			l.span = c.Decl.Name.Span
			syntax.Inspect(c.Decl.Body, func(n syntax.Node) bool {
				if s, ok := n.(*syntax.EffectStmt); ok && s.Undo != nil && strings.Contains(inverse, format.Node(s.Undo)) {
					l.span = s.Span
					return false
				}
				return true
			})
			return
		}
	}
	for _, name := range snap.Registry {
		if c := prog.CompByName[name]; c != nil {
			l.span = c.Decl.Name.Span
			return
		}
	}
	for _, key := range snap.Provisions {
		if c := prog.ProviderOf[key]; c != nil {
			l.span = c.KeyByName[key].Binding.Span
			return
		}
	}
}

// acquisition finds the statement that created host resource class#n in
// run r: resources are numbered per class in creation order, so the
// activations are replayed in the run's order, counting the `Map.new()`,
// `Pool.open(...)` or timers of each activation body in source order.
// Conditional acquisitions make this an estimate; it is exact for the
// straight-line bodies schedules are usually about. It returns the
// statement and its undo, if any.
func acquisition(prog *check.Program, r *schedule.Result, class string, n int) (syntax.Node, syntax.Node) {
	count := 0
	for _, atom := range r.Atoms {
		name, ok := strings.CutPrefix(atom, "activate(")
		if !ok {
			continue
		}
		c := prog.CompByName[strings.TrimSuffix(name, ")")]
		if c == nil || c.Decl.Body == nil {
			continue
		}
		var found, undo syntax.Node
		for _, st := range c.Decl.Body.Stmts {
			if found != nil {
				break
			}
			if class == "timer" {
				if t, ok := st.(*syntax.TimerStmt); ok {
					if count++; count == n {
						// `every 30s`: the statement up to its body.
						found = &syntax.BadStmt{Span: syntax.Span{Start: t.Start, End: t.Interval.End}}
					}
				}
				continue
			}
			syntax.Inspect(st, func(x syntax.Node) bool {
				if found != nil {
					return false
				}
				if _, ok := x.(*syntax.ProvideStmt); ok {
					return false // method bodies run later, on calls
				}
				call, ok := x.(*syntax.CallExpr)
				if !ok || !isHostStatic(call, class) {
					return true
				}
				if count++; count == n {
					found = call // the acquisition itself, not the whole statement
					if e, ok := st.(*syntax.EffectStmt); ok && e.Undo != nil {
						undo = e.Undo
					}
				}
				return true
			})
		}
		if found != nil {
			return found, undo
		}
	}
	return nil, nil
}

func isHostStatic(call *syntax.CallExpr, class string) bool {
	sel, ok := call.Fun.(*syntax.SelectorExpr)
	if !ok || sel.Sel == nil {
		return false
	}
	id, ok := sel.X.(*syntax.Ident)
	if !ok {
		return false
	}
	switch class {
	case "map":
		return id.Name == "Map" && sel.Sel.Name == "new"
	case "pool":
		return id.Name == "Pool" && sel.Sel.Name == "open"
	}
	return false
}

// jobStart finds `Job.run("name")`.
func jobStart(prog *check.Program, name string) syntax.Node {
	var found syntax.Node
	syntax.Inspect(prog.File, func(n syntax.Node) bool {
		if found != nil {
			return false
		}
		call, ok := n.(*syntax.CallExpr)
		if ok && len(call.Args) == 1 && format.Node(call.Fun) == "Job.run" {
			if s, ok := call.Args[0].(*syntax.StringLit); ok && s.Value == name {
				found = call
			}
		}
		return true
	})
	return found
}

var (
	deadlockLine = regexp.MustCompile(`^(\w+) (never activated|cannot tear down)`)
	keyMention   = regexp.MustCompile(`key (\w+)`)
	consumerName = regexp.MustCompile(`(\w+) \(\w+\)`)
)

func locateDeadlock(prog *check.Program, l *located, r *schedule.Result) {
	for _, line := range r.Deadlock {
		m := deadlockLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		c := prog.CompByName[m[1]]
		if c == nil {
			continue
		}
		l.span = c.Decl.Name.Span
		if m[2] == "never activated" {
			for _, km := range keyMention.FindAllStringSubmatch(line, -1) {
				k := c.KeyByName[km[1]]
				if k == nil || k.Provided {
					continue
				}
				l.span = k.Binding.Span
				if k.Provider != nil {
					pk := k.Provider.KeyByName[k.Name]
					l.related = append(l.related, relatedSpan{pk.Binding.Span,
						fmt.Sprintf("%s provides %s here, but was not active when %s needed it", k.Provider.Name, k.Name, c.Name)})
				}
				break
			}
			return
		}
		// An active provider that cannot tear down: its provides, and the
		// consumers still up.
		if len(c.Provides) > 0 {
			l.span = c.Provides[0].Binding.Span
		}
		_, rest, _ := strings.Cut(line, ": consumers that never went down: ")
		for _, cm := range consumerName.FindAllStringSubmatch(rest, -1) {
			if d := prog.CompByName[cm[1]]; d != nil {
				l.related = append(l.related, relatedSpan{d.Decl.Name.Span, d.Name + " never went down, so " + c.Name + " could not"})
			}
		}
		return
	}
}

var uawLine = regexp.MustCompile(`^(\w+) called (\w+)\.(\w+) at decision (\d+)`)

func locateUseAfterWithdrawal(prog *check.Program, l *located, r *schedule.Result) {
	for _, line := range r.UsesAfterWithdrawal {
		m := uawLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		c := prog.CompByName[m[1]]
		if c == nil {
			continue
		}
		l.span = c.Decl.Name.Span
		want := m[2] + "." + m[3]
		// Prefer a call in an undo: uses after withdrawal come from
		// teardown.
		var best, any syntax.Node
		syntax.Inspect(c.Decl, func(n syntax.Node) bool {
			if e, ok := n.(*syntax.EffectStmt); ok && e.Undo != nil && best == nil {
				syntax.Inspect(e.Undo, func(x syntax.Node) bool {
					if call, ok := x.(*syntax.CallExpr); ok && format.Node(call.Fun) == want && best == nil {
						best = call
					}
					return true
				})
			}
			if call, ok := n.(*syntax.CallExpr); ok && format.Node(call.Fun) == want && any == nil {
				any = call
			}
			return true
		})
		if best == nil {
			best = any
		}
		if best != nil {
			l.span = best.Range()
		}
		if p := prog.ProviderOf[m[2]]; p != nil {
			syntax.Inspect(p.Decl.Body, func(n syntax.Node) bool {
				if s, ok := n.(*syntax.ProvideStmt); ok && s.Key != nil && s.Key.Name == m[2] {
					l.related = append(l.related, relatedSpan{s.Key.Span,
						fmt.Sprintf("%s publishes %s here; teardown withdraws it before the call", p.Name, m[2])})
					return false
				}
				return true
			})
		}
		return
	}
}

var teardownLine = regexp.MustCompile(`^provider (\w+) went down at decision \d+ before its consumer (\w+)`)

func locateTeardownOrder(prog *check.Program, l *located, r *schedule.Result) {
	for _, line := range r.OrderViolations {
		m := teardownLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if c := prog.CompByName[m[1]]; c != nil {
			l.span = c.Decl.Name.Span
		}
		if d := prog.CompByName[m[2]]; d != nil {
			l.related = append(l.related, relatedSpan{d.Decl.Name.Span, m[2] + " was still up"})
		}
		return
	}
}

var atomName = regexp.MustCompile(`^(?:activate|teardown)\((\w+)\)`)

func locateUnbounded(prog *check.Program, l *located, r *schedule.Result) {
	for _, line := range r.Overruns {
		if m := atomName.FindStringSubmatch(line); m != nil {
			if c := prog.CompByName[m[1]]; c != nil {
				l.span = c.Decl.Name.Span
				// A budget error names the statement that spent it
				// (`activate(U) at decision 1: app.rvl:8:9: unbounded: ...`):
				// the finding goes there, the component is related.
				if st := overrunStmt(prog, line); st.Start.IsValid() {
					l.span = st
					l.related = append(l.related, relatedSpan{c.Decl.Name.Span, "in " + m[0]})
				}
				return
			}
		}
	}
}

var overrunPos = regexp.MustCompile(`: ([^ ]+):(\d+):(\d+): unbounded: `)

// overrunStmt finds the statement an overrun line names by position, in
// prog's own file.
func overrunStmt(prog *check.Program, line string) syntax.Span {
	m := overrunPos.FindStringSubmatch(line)
	if m == nil || prog.File == nil || m[1] != prog.File.Name {
		return syntax.Span{}
	}
	ln, _ := strconv.Atoi(m[2])
	col, _ := strconv.Atoi(m[3])
	var hit syntax.Span
	syntax.Inspect(prog.File, func(n syntax.Node) bool {
		if st, ok := n.(syntax.Stmt); ok {
			if sp := st.Range(); sp.Start.Line == ln && sp.Start.Col == col {
				hit = sp
			}
		}
		return true
	})
	return hit
}

// firstMoved is the component of the first atom chosen off the canonical
// order.
func firstMoved(prog *check.Program, r *schedule.Result) *check.Component {
	for i, c := range r.Choices {
		if c != 0 && i < len(r.Atoms) {
			if m := atomName.FindStringSubmatch(r.Atoms[i]); m != nil {
				return prog.CompByName[m[1]]
			}
		}
	}
	return nil
}

// choiceNote points at the component of the first non-canonical choice:
// where the schedule parts from the canonical run.
func choiceNote(prog *check.Program, r *schedule.Result) relatedSpan {
	for i, c := range r.Choices {
		if c == 0 || i >= len(r.Atoms) || i >= len(r.Readies) {
			continue
		}
		m := atomName.FindStringSubmatch(r.Atoms[i])
		if m == nil {
			return relatedSpan{}
		}
		comp := prog.CompByName[m[1]]
		if comp == nil {
			return relatedSpan{}
		}
		return relatedSpan{comp.Decl.Name.Span, fmt.Sprintf("decision %d runs %s before %s (choice %d of [%s])",
			i, r.Atoms[i], r.Readies[i][0], c, strings.Join(r.Readies[i], ", "))}
	}
	return relatedSpan{}
}
