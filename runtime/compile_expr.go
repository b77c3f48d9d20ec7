package runtime

import (
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// expr compiles e to code that pushes its value.
func (f *fnc) expr(e syntax.Expr) {
	switch e := e.(type) {
	case *syntax.IntLit:
		f.op(opConst, f.konst(vInt(e.Value)), 0, e)
	case *syntax.FloatLit:
		f.op(opConst, f.konst(vFloat(e.Value)), 0, e)
	case *syntax.StringLit:
		f.op(opConst, f.str(e.Value), 0, e)
	case *syntax.BoolLit:
		f.op(opConst, f.konst(boolV(e.Value)), 0, e)
	case *syntax.NullLit:
		f.op(opConst, f.konst(null), 0, e)
	case *syntax.DurationLit:
		f.op(opConst, f.konst(vInt(e.Millis)), 0, e)
	case *syntax.TemplateLit:
		for _, x := range e.Exprs {
			f.expr(x)
		}
		f.opAux(opTemplate, 0, len(e.Exprs), e, e.Parts)
	case *syntax.Ident:
		f.ident(e)
	case *syntax.SelectorExpr:
		if id, ok := e.X.(*syntax.Ident); ok && !f.isLocal(id.Name) {
			switch {
			case id.Name == "config":
				f.op(opConfig, f.str(e.Sel.Name), 0, e)
				return
			case f.key(id.Name) != nil, f.isHostClass(id.Name):
				f.c.errorf(e, "%s.%s must be called", id.Name, e.Sel.Name)
				return
			}
		}
		f.expr(e.X)
		f.op(opField, f.str(e.Sel.Name), 0, e)
	case *syntax.IndexExpr:
		f.expr(e.X)
		f.expr(e.Index)
		f.op(opIndex, 0, 0, e)
	case *syntax.CallExpr:
		f.call(e)
	case *syntax.RecordLit:
		names := make([]string, len(e.Fields))
		for i, fl := range e.Fields {
			names[i] = fl.Name.Name
			f.expr(fl.Value)
		}
		f.opAux(opRecord, 0, 0, e, names)
	case *syntax.ListLit:
		for _, x := range e.Elems {
			f.expr(x)
		}
		f.op(opList, len(e.Elems), 0, e)
	case *syntax.MatchExpr:
		f.match(e)
	case *syntax.UnaryExpr:
		f.expr(e.X)
		if e.Op == "!" {
			f.op(opNot, 0, 0, e)
		} else {
			f.op(opNeg, 0, 0, e)
		}
	case *syntax.BinaryExpr:
		f.binary(e)
	case *syntax.TernaryExpr:
		f.expr(e.Cond)
		j := f.op(opJumpFalse, 0, 0, e.Cond)
		f.expr(e.Then)
		end := f.op(opJump, 0, 0, e)
		f.patch(j)
		f.expr(e.Else)
		f.patch(end)
	case *syntax.ArrowExpr:
		ch := f.child("=>")
		for _, p := range e.Params {
			ch.code.Locals[ch.declare(p.Name, false)].from = -1
		}
		ch.code.NParams = len(e.Params)
		ch.expr(e.Body)
		ch.op(opReturn, 0, 0, e.Body)
		f.op(opClosure, f.addChild(ch), 0, e)
	case *syntax.AwaitExpr:
		f.expr(e.X)
		f.op(opAwait, 0, 0, e)
	case *syntax.ParenExpr:
		f.expr(e.X)
	case *syntax.BlockExpr:
		f.pushScope()
		for _, s := range e.Stmts {
			f.stmt(s)
		}
		if e.Value != nil {
			f.expr(e.Value)
		} else {
			f.op(opConst, f.konst(unit), 0, e)
		}
		f.popScope()
	case *syntax.HarnessCallExpr:
		if !f.test {
			f.c.errorf(e, "call k.m(...) is a lifecycle test step")
			return
		}
		f.provCall(e.Call, false, true)
	default:
		f.c.errorf(e, "cannot compile this expression (%T)", e)
	}
}

func (f *fnc) binary(e *syntax.BinaryExpr) {
	switch e.Op {
	case "&&", "||":
		f.expr(e.X)
		op := opAnd
		if e.Op == "||" {
			op = opOr
		}
		j := f.op(op, 0, 0, e)
		f.expr(e.Y)
		f.patch(j)
		return
	case "??":
		f.expr(e.X)
		j := f.op(opCoalesce, 0, 0, e)
		f.expr(e.Y)
		f.patch(j)
		return
	}
	op, ok := binopOf(e.Op)
	if !ok {
		f.c.errorf(e, "unknown operator %s", e.Op)
		return
	}
	f.expr(e.X)
	f.expr(e.Y)
	f.op(opBinary, int(op), 0, e)
}

// ident compiles a name used as a value: a local or captured name, a
// nullary constructor, or a helper fn.
func (f *fnc) ident(e *syntax.Ident) {
	switch k, idx, _ := f.resolve(e.Name); k {
	case refLocal:
		f.op(opLoad, idx, 0, e)
		return
	case refUp:
		f.op(opLoadUp, idx, 0, e)
		return
	}
	if arity, ok := f.ctorArity(e.Name); ok {
		if arity != 0 {
			f.c.errorf(e, "constructor %s takes %d argument(s)", e.Name, arity)
			return
		}
		f.op(opCtor, f.str(e.Name), 0, e)
		return
	}
	if i, ok := f.c.cp.fnIdx[e.Name]; ok {
		f.op(opConst, f.konst(&vClosure{code: f.c.cp.fns[i]}), 0, e)
		return
	}
	f.c.errorf(e, "unknown name %s", e.Name)
}

func (f *fnc) ctorArity(name string) (int, bool) {
	if n, ok := check.BuiltinCtors[name]; ok {
		return n, true
	}
	if c := f.c.cp.prog.Ctors[name]; c != nil {
		return c.Arity, true
	}
	return 0, false
}

func (f *fnc) key(name string) *check.Key {
	if f.comp == nil {
		return nil
	}
	return f.comp.KeyOf(name)
}

func (f *fnc) isHostClass(name string) bool {
	_, ok := check.HostClasses[name]
	return ok
}

// call compiles a call: of a helper fn, a constructor, a closure in a
// local, a provision method through a key, a host constructor, or a method
// of a value.
func (f *fnc) call(e *syntax.CallExpr) {
	args := func() {
		for _, a := range e.Args {
			f.expr(a)
		}
	}
	switch fun := e.Fun.(type) {
	case *syntax.Ident:
		if f.isLocal(fun.Name) {
			f.expr(fun)
			args()
			f.op(opCallValue, 0, len(e.Args), e)
			return
		}
		if arity, ok := f.ctorArity(fun.Name); ok {
			if arity != len(e.Args) {
				f.c.errorf(e, "constructor %s takes %d argument(s), got %d", fun.Name, arity, len(e.Args))
				return
			}
			args()
			f.op(opCtor, f.str(fun.Name), len(e.Args), e)
			return
		}
		if i, ok := f.c.cp.fnIdx[fun.Name]; ok {
			args()
			f.op(opCall, i, len(e.Args), e)
			return
		}
		f.c.errorf(fun, "unknown function %s", fun.Name)
		return
	case *syntax.SelectorExpr:
		if id, ok := fun.X.(*syntax.Ident); ok && !f.isLocal(id.Name) {
			if f.key(id.Name) != nil {
				f.provCall(e, false, false)
				return
			}
			if class, ok := hostClassOf(id.Name); ok {
				args()
				f.opAux(opHostNew, 0, 0, e, &hostSite{class: class, method: fun.Sel.Name, nargs: len(e.Args)})
				return
			}
		}
		f.expr(fun.X)
		args()
		f.op(opMethod, f.str(fun.Sel.Name), len(e.Args), e)
		return
	}
	f.expr(e.Fun)
	args()
	f.op(opCallValue, 0, len(e.Args), e)
}

// isEmission reports whether call goes to an emission fn; a compensation
// is emitted when it is.
func (f *fnc) isEmission(call *syntax.CallExpr) bool {
	sel, ok := call.Fun.(*syntax.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*syntax.Ident)
	if !ok {
		return false
	}
	k := f.key(id.Name)
	if k == nil || k.Service == nil {
		return false
	}
	m := k.Service.MethodByID[sel.Sel.Name]
	return m != nil && m.Emission
}

// provCall compiles a call through a key. In a component the key is one
// of its own (required or provided); in a test's `call k.m()` it is any key
// of the composition.
func (f *fnc) provCall(call *syntax.CallExpr, emit, harness bool) {
	sel, ok := call.Fun.(*syntax.SelectorExpr)
	var id *syntax.Ident
	if ok {
		id, ok = sel.X.(*syntax.Ident)
	}
	if !ok {
		f.c.errorf(call, "expected a call through a key, k.m(...)")
		return
	}
	site := &callSite{key: id.Name, slot: f.c.cp.slotOf(id.Name), method: sel.Sel.Name, nargs: len(call.Args), emit: emit}
	var svc *check.Service
	if harness {
		site.provider = f.c.cp.prog.ProviderOf[id.Name]
		if site.provider == nil {
			f.c.errorf(id, "no component provides key %s", id.Name)
			return
		}
		svc = site.provider.KeyOf(id.Name).Service
	} else {
		k := f.key(id.Name)
		if k == nil {
			f.c.errorf(id, "unknown key %s", id.Name)
			return
		}
		site.provider = k.Provider
		if k.Provided {
			site.provider = k.Component
		}
		svc = k.Service
	}
	if svc != nil {
		site.service = svc.Name
		site.meth = svc.MethodByID[sel.Sel.Name]
		if site.meth == nil {
			f.c.errorf(sel.Sel, "service %s has no method %s", svc.Name, sel.Sel.Name)
			return
		}
		// A test's `call` of an emission fn is the outside consumer making
		// that crossing: an emission of the test (spec §5).
		site.emit = site.emit || harness && site.meth.Emission
	}
	for _, a := range call.Args {
		f.expr(a)
	}
	f.opAux(opProvCall, 0, 0, call, site)
}

// match compiles `match x { arms }`: the scrutinee goes to a hidden slot
// and each arm tests it, binding names into slots scoped to the arm.
func (f *fnc) match(e *syntax.MatchExpr) {
	f.expr(e.X)
	t := f.temp()
	f.op(opStore, t, 0, e.X)
	var ends []int
	for _, arm := range e.Arms {
		f.pushScope()
		var fails []int
		f.pattern(arm.Pattern, t, &fails)
		f.expr(arm.Body)
		ends = append(ends, f.op(opJump, 0, 0, arm))
		f.popScope()
		for _, j := range fails {
			f.patch(j)
		}
	}
	f.op(opLoad, t, 0, e)
	f.op(opMatchFail, 0, 0, e)
	for _, j := range ends {
		f.patch(j)
	}
}

// pattern compiles a test of the value in slot t against p; each failing
// branch is a jump appended to fails, patched to the next arm.
func (f *fnc) pattern(p syntax.Pattern, t int, fails *[]int) {
	switch p := p.(type) {
	case *syntax.WildcardPat:
	case *syntax.NamePat:
		if arity, ok := f.ctorArity(p.Name.Name); ok && arity == 0 {
			f.op(opLoad, t, 0, p)
			f.op(opIsCtor, f.str(p.Name.Name), 0, p)
			*fails = append(*fails, f.op(opJumpFalse, 0, 0, p))
			return
		}
		f.op(opLoad, t, 0, p)
		f.op(opStore, f.declare(p.Name.Name, false), 0, p)
	case *syntax.CtorPat:
		arity, ok := f.ctorArity(p.Name.Name)
		if !ok {
			f.c.errorf(p, "unknown constructor %s", p.Name.Name)
			return
		}
		if arity != len(p.Args) {
			f.c.errorf(p, "constructor %s takes %d argument(s), got %d", p.Name.Name, arity, len(p.Args))
			return
		}
		f.op(opLoad, t, 0, p)
		f.op(opIsCtor, f.str(p.Name.Name), len(p.Args), p)
		*fails = append(*fails, f.op(opJumpFalse, 0, 0, p))
		for i, a := range p.Args {
			if _, ok := a.(*syntax.WildcardPat); ok {
				continue
			}
			f.op(opLoad, t, 0, a)
			f.op(opCtorArg, i, 0, a)
			sub := f.temp()
			f.op(opStore, sub, 0, a)
			f.pattern(a, sub, fails)
		}
	case *syntax.LitPat:
		f.op(opLoad, t, 0, p)
		f.expr(p.Value)
		f.op(opBinary, int(bEq), 0, p)
		*fails = append(*fails, f.op(opJumpFalse, 0, 0, p))
	default:
		f.c.errorf(p, "cannot compile this pattern (%T)", p)
	}
}
