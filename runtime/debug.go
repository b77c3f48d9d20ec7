package runtime

import "revl.dev/debug/runtime/syntax"

// Var is a name in scope: its rendered value, and the value itself for
// structured inspection (Value.Kind, Value.Part).
type Var struct {
	Name  string
	Value string
	Val   Value
}

// String is `{name value}`, the rendering alone.
func (v Var) String() string { return "{" + v.Name + " " + v.Value + "}" }

// StackFrame is one code frame as the debugger shows it.
type StackFrame struct {
	Function string      // `activate A`, `log.write`, `fn label`, `undo m.drop()`, `every 30s`, `test "x"`
	Fiber    string      // the context it runs in
	Span     syntax.Span // the statement it is at (for the innermost frame: the one Step runs next)
	Locals   []Var       // locals in scope, then captured names, then `config`
}

// Stack returns the call stack running on behalf of fiber, innermost
// first (the order of a DAP stackTrace): the frames from the outermost one
// whose context is fiber up to the top. A provider method called from A
// therefore appears on A's stack and, alone, on the provider's. With
// fiber "" it returns the whole stack; "test" names a test body. Empty when
// nothing runs on the fiber's behalf.
func (m *Machine) Stack(fiber string) []StackFrame {
	start := -1
	for i := range m.frames {
		if f := &m.frames[i]; f.kind == fCode && (fiber == "" || m.fiberName(f.ctx) == fiber) {
			start = i
			break
		}
	}
	if start < 0 {
		return nil
	}
	var out []StackFrame
	for i := len(m.frames) - 1; i >= start; i-- {
		f := &m.frames[i]
		if f.kind != fCode {
			continue
		}
		out = append(out, m.stackFrame(f, i == len(m.frames)-1))
	}
	return out
}

// CurrentFiber returns the context of the code that runs next ("" when no
// atom is in progress).
func (m *Machine) CurrentFiber() string {
	if !m.inAtom || m.finished || len(m.frames) == 0 {
		return ""
	}
	return m.fiberName(m.ctxOf())
}

func (m *Machine) stackFrame(f *frame, top bool) StackFrame {
	sf := StackFrame{Function: f.code.Name, Fiber: m.fiberName(f.ctx)}
	if f.inv != nil {
		sf.Function = f.inv.text
	}
	switch {
	case top:
		sf.Span = f.span(f.pc)
	case f.stmt >= 0:
		sf.Span = f.span(f.stmt)
	default:
		sf.Span = f.span(max(f.pc-1, 0))
	}
	for slot, li := range f.code.Locals {
		if li.name == "" || f.pc <= li.from || (li.to >= 0 && f.pc > li.to) {
			continue
		}
		if v := m.vals[f.base+slot]; v != nil {
			sf.Locals = append(sf.Locals, Var{li.name, render(v), Value{v}})
		}
	}
	for i, u := range f.code.Ups {
		sf.Locals = append(sf.Locals, Var{u.name, render(f.up[i]), Value{f.up[i]}})
	}
	if f.ctx >= 0 {
		if c := m.fibers[f.ctx].config; len(c.names) > 0 {
			sf.Locals = append(sf.Locals, Var{"config", render(c), Value{c}})
		}
	}
	return sf
}
