package runtime

import (
	"errors"
	"fmt"
	"slices"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// Evaluation for the debugger: the console, watches, hovers, breakpoint
// conditions and logpoints. An expression is compiled by the program's own
// compiler, in a scope made of what a paused frame sees, and run by the VM
// on a clone, so every expression of the language means there what it
// means in the program and the session never changes.

// Binding is a name that an expression given to Eval sees besides the
// frame's own: the debugger's facts about the position (`$decision`,
// `$tick`). Bindings shadow nothing the frame sees unless they share a
// name, and then they win.
type Binding struct {
	Name  string
	Value Value
}

// Eval evaluates the expression src in the scope of a paused code frame
// and returns its value.
//
// The frame is Stack(fiber)[frame]: 0 is the innermost, and fiber ""
// takes the whole stack, so Eval("", 0, src) evaluates at the statement
// about to run. With frame < 0, or for a fiber with nothing running, src
// is evaluated in the fiber's context without a code frame: its config,
// its keys, and the bindings its provisions and pending inverses captured
// (a component's `let x = effect ...` names). fiber "" with frame < 0 has
// no context at all: literals, helper fns, constructors and extra.
//
// In scope: the frame's parameters and locals live at its statement, the
// names it captured, `config` and `config.f` of its fiber, calls through
// the fiber's keys (`k.m(...)`, running the provider's method), helper
// fns, constructors, and extra. src may use `$name`s (syntax.ParseDebugExpr),
// which only extra can bind.
//
// The expression runs on a clone of the machine: nothing it does (a
// provision call, an emission made by a provider's method, a host
// operation) reaches m. It is bounded like a helper call, by the call
// budget and the depth limit: an endless recursion is an `unbounded`
// *Error (IsBudget), never a hang.
//
// A parse error is a *syntax.ExprError; a name not in scope and other
// compile errors, and run-time errors raised by src's own code, are
// *Error values positioned in src (File is empty: `1:5: unknown name x`);
// a run-time error raised in the program's code that src called is
// positioned in the program.
func (m *Machine) Eval(fiber string, frame int, src string, extra ...Binding) (Value, error) {
	x, err := syntax.ParseDebugExpr(src)
	if err != nil {
		return Value{}, err
	}
	return m.EvalExpr(fiber, frame, x, extra...)
}

// EvalExpr is Eval of an expression already parsed (by syntax.ParseExpr
// or ParseDebugExpr, so that its positions are relative to its source),
// for a breakpoint condition evaluated at many positions.
func (m *Machine) EvalExpr(fiber string, frame int, x syntax.Expr, extra ...Binding) (Value, error) {
	ctx, names, err := m.evalScope(fiber, frame)
	if err != nil {
		return Value{}, err
	}
	for _, b := range extra {
		names = append(names, evalName{b.Name, b.Value.val()})
	}
	code, err := m.compileEval(ctx, names, x)
	if err != nil {
		return Value{}, err
	}
	return m.runEval(ctx, code, names)
}

type evalName struct {
	name string
	v    value
}

// evalScope resolves the frame to its context fiber and the names it sees,
// outermost first (a later name shadows an earlier one).
func (m *Machine) evalScope(fiber string, frame int) (int, []evalName, error) {
	ctx := noCtx
	switch {
	case fiber == "test":
		ctx = testCtx
	case fiber != "":
		if ctx = m.fiberIndex(fiber); ctx < 0 {
			return 0, nil, fmt.Errorf("no fiber %s", fiber)
		}
	}
	fi := -1
	if frame >= 0 {
		// A stack with nothing on it (a fiber that runs nothing, the
		// machine between atoms) evaluates without a frame; a stack that
		// is shorter than frame is a mistake.
		fi = m.codeFrame(fiber, frame)
		if fi < 0 && m.codeFrame(fiber, 0) >= 0 {
			return 0, nil, fmt.Errorf("no frame %d on the stack of %s", frame, stackName(fiber))
		}
	}
	var names []evalName
	if fi >= 0 {
		f := &m.frames[fi]
		ctx = f.ctx
		m.frameNames(f, func(name string, v value) { names = append(names, evalName{name, v}) })
	} else if ctx >= 0 {
		names = m.fiberBindings(ctx)
	}
	if ctx >= 0 {
		if c := m.fibers[ctx].config; len(c.names) > 0 {
			names = append(names, evalName{"config", c})
		}
	}
	return ctx, names, nil
}

func stackName(fiber string) string {
	if fiber == "" {
		return "the machine"
	}
	return fiber
}

// codeFrame returns the index in m.frames of Stack(fiber)[k], or -1.
func (m *Machine) codeFrame(fiber string, k int) int {
	start := m.firstCodeFrame(fiber)
	if start < 0 {
		return -1
	}
	for i := len(m.frames) - 1; i >= start; i-- {
		if m.frames[i].kind != fCode {
			continue
		}
		if k == 0 {
			return i
		}
		k--
	}
	return -1
}

// frameNames calls fn for every name code frame f sees at its pc: the
// names it captured, then its live locals in slot order (an inner `let x`
// has a higher slot than the x it shadows).
func (m *Machine) frameNames(f *frame, fn func(name string, v value)) {
	for i, u := range f.code.Ups {
		fn(u.name, f.up[i])
	}
	for slot, li := range f.code.Locals {
		if li.name == "" || f.pc <= li.from || (li.to >= 0 && f.pc > li.to) {
			continue
		}
		if v := m.vals[f.base+slot]; v != nil {
			fn(li.name, v)
		}
	}
}

// fiberBindings are the names that fiber fi's live provisions and pending
// inverses captured from its activation body: its `let` bindings, which
// outlive the activation only there. Each name once, first found first.
func (m *Machine) fiberBindings(fi int) []evalName {
	var out []evalName
	seen := map[string]bool{}
	add := func(c *vClosure) {
		if c == nil || c.code == m.prog.dropFn || c.code == m.prog.cancelJobFn {
			return // a mock's host inverse captures its handle, not a binding
		}
		for i, u := range c.code.Ups {
			if !seen[u.name] {
				seen[u.name] = true
				out = append(out, evalName{u.name, c.up[i]})
			}
		}
	}
	var keys []string
	for slot, p := range m.provs {
		if p != nil && p.fiber == fi {
			keys = append(keys, m.prog.keyNames[slot])
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		for _, pm := range m.provOf(k).methods {
			add(pm.fn)
		}
	}
	for _, inv := range m.fibers[fi].frame {
		add(inv.fn)
	}
	return out
}

// compileEval compiles x as the body of a unit whose parameters are the
// scope's names, in the context of fiber ctx (its keys).
func (m *Machine) compileEval(ctx int, names []evalName, x syntax.Expr) (*Code, error) {
	c := &compiler{cp: m.prog, eval: true}
	f := c.newFn(&Code{Name: "eval"}, nil, m.evalComp(ctx), false)
	for _, n := range names {
		f.code.Locals[f.declare(n.name, false)].from = -1
	}
	f.code.NParams = len(names)
	f.expr(x)
	f.op(opReturn, 0, 0, x)
	code := f.finish()
	if len(c.errs) > 0 {
		return nil, c.errs[0]
	}
	return code, nil
}

func (m *Machine) evalComp(ctx int) *check.Component {
	if ctx < 0 {
		return nil
	}
	return m.fibers[ctx].comp
}

// runEval runs code on a clone of m with a fresh stack: a catcher frame
// (an advance atom that does nothing; it only receives what raise unwinds
// to) under the code's frame, bounded by a call budget of its own.
func (m *Machine) runEval(ctx int, code *Code, names []evalName) (Value, error) {
	c := m.Clone()
	c.frames, c.vals = nil, nil
	// The expression gets a whole call budget wherever the run budget
	// stands: it is the user's question, not the schedule's work.
	if need := c.steps + int64(c.opts.CallBudget) + 1; int64(c.opts.RunBudget) < need {
		c.opts.RunBudget = int(need)
	}
	c.frames = append(c.frames, frame{kind: fAtom, atom: Atom{Kind: Advance}, fib: noCtx,
		deadline: int64(c.opts.RunBudget), budget: budgetRun, budgetAt: -1})
	for _, n := range names {
		c.vals = append(c.vals, n.v)
	}
	d := c.steps + int64(c.opts.CallBudget)
	if err := c.pushCode(code, nil, len(names), ctx, d, budgetCall, len(c.frames)); err != nil {
		return Value{}, err
	}
	own := map[*Code]bool{}
	var mark func(*Code)
	mark = func(k *Code) {
		own[k] = true
		for _, ch := range k.Children {
			mark(ch)
		}
	}
	mark(code)
	const evalFrame = 1
	for {
		if len(c.frames) <= evalFrame {
			// Unwound to the catcher by a driver (a filter's predicate
			// that is not Bool, the depth limit).
			if err := c.frames[0].err; err != nil {
				return Value{}, err
			}
			return Value{}, errors.New("runtime: the expression ended without a value")
		}
		fi := len(c.frames) - 1
		f := &c.frames[fi]
		if f.kind != fCode {
			// A driver that raises points its error at the innermost code
			// frame, in the program's file: unless that is src's own.
			inner := c.frames[c.innermostCode()].code
			c.resume()
			if len(c.frames) <= evalFrame {
				if err := c.frames[0].err; err != nil && own[inner] && err.File == c.prog.file {
					err.File = ""
				}
			}
			continue
		}
		pc := f.pc
		if fi == evalFrame && f.code.Ops[pc].op == opReturn {
			return Value{c.vals[len(c.vals)-1]}, nil
		}
		if err := c.exec(fi); err != nil {
			if !err.Span.Start.IsValid() {
				err.Span = c.frames[fi].code.Spans[pc]
			}
			if !own[c.frames[fi].code] && err.File == "" {
				err.File = c.prog.file
			}
			if err.Fiber == "" {
				err.Fiber = c.fiberName(c.frames[fi].ctx)
			}
			return Value{}, err
		}
	}
}

// innermostCode returns the index of the innermost code frame (0, the
// catcher, when there is none).
func (m *Machine) innermostCode() int {
	for i := len(m.frames) - 1; i >= 0; i-- {
		if m.frames[i].kind == fCode {
			return i
		}
	}
	return 0
}
