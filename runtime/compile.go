package runtime

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// compiled is a program ready to run: the code of every activation body,
// helper fn and test, indexed for the VM. It is shared by every machine
// made from it and by their clones. Everything but the activation bodies
// is compiled by New and never changes; an activation body is compiled on
// its first use (see body), once, and is then as immutable as the rest.
type compiled struct {
	prog   *check.Program
	file   string
	src    []byte
	bodies []lazyBody // activation bodies, by load index
	fns    []*Code
	fnIdx  map[string]int
	tests  map[*syntax.TestDecl]*Code

	// The inverses that are host operations rather than source
	// expressions share these bodies; the inverse says what to withdraw or
	// cancel.
	withdrawFn, cancelFn *vClosure

	// Mock components (see native.go): one native op per method, the
	// mock fiber of each mocked key, and the bodies of the inverses that
	// native methods adopt.
	natives             []*nativeOp
	mockOf              map[string]int
	dropFn, cancelJobFn *Code

	// The ready set's graph (readyset.go), by load index: each fiber's
	// distinct static providers and its dependents (check.Program's
	// Dependents), as load indices. The set walks them at every state
	// change; as a map lookup by component and a scan for duplicate
	// providers they were a fifth of a small schedule.
	providers, dependents [][]int32

	// Every key name of the program (provided, required or mocked) has a
	// slot, its index into the machine's provisions: keySlot maps the
	// name to it, keyNames the slot back to the name, and reqSlots lists,
	// by load index, the slot of each of the fiber's requires. Sites hold
	// their slot, so a call, a publication or an activation check indexes
	// the provisions instead of looking the key's name up in a map.
	keySlot  map[string]int32
	keyNames []string
	reqSlots [][]int32
}

// slotOf is the slot of key name, -1 when the program has no such key
// (no provision can then be live under it).
func (cp *compiled) slotOf(name string) int32 {
	if i, ok := cp.keySlot[name]; ok {
		return i
	}
	return -1
}

// indexKeys fills cp.keySlot, cp.keyNames and cp.reqSlots.
func (cp *compiled) indexKeys() {
	p := cp.prog
	cp.keySlot = map[string]int32{}
	add := func(name string) int32 {
		if i, ok := cp.keySlot[name]; ok {
			return i
		}
		i := int32(len(cp.keyNames))
		cp.keySlot[name] = i
		cp.keyNames = append(cp.keyNames, name)
		return i
	}
	var reqs int
	for _, c := range p.LoadOrder {
		for _, k := range c.Provides {
			add(k.Name)
		}
		if c.Mock != nil {
			add(c.Mock.Key)
		}
		reqs += len(c.Requires)
	}
	all := make([]int32, 0, reqs)
	cp.reqSlots = make([][]int32, len(p.LoadOrder))
	for i, c := range p.LoadOrder {
		start := len(all)
		for _, k := range c.Requires {
			all = append(all, add(k.Name))
		}
		cp.reqSlots[i] = all[start:len(all):len(all)]
	}
}

// text returns the source text of span ("" when the file has no source).
func (cp *compiled) text(s syntax.Span) string {
	if s.Start.Offset < 0 || int(s.End.Offset) > len(cp.src) || s.Start.Offset > s.End.Offset {
		return ""
	}
	return string(cp.src[s.Start.Offset:s.End.Offset])
}

type compiler struct {
	cp   *compiled
	errs []error
	eval bool // compiling an expression for Machine.Eval: errors are positioned in it
}

func (c *compiler) errorf(n syntax.Node, format string, args ...any) {
	if c.eval {
		c.errs = append(c.errs, &Error{Kind: KindEval, Msg: fmt.Sprintf(format, args...), Span: n.Range()})
		return
	}
	p := n.Range().Start
	c.errs = append(c.errs, fmt.Errorf("%s: %s", p.In(c.cp.file), fmt.Sprintf(format, args...)))
}

func compile(p *check.Program) (*compiled, error) {
	cp := &compiled{prog: p, fnIdx: map[string]int{}, tests: map[*syntax.TestDecl]*Code{}}
	if p.File != nil {
		cp.file, cp.src = p.File.Name, p.File.Src
	}
	c := &compiler{cp: cp}
	cp.withdrawFn = &vClosure{code: synthetic("withdraw", opWithdraw)}
	cp.cancelFn = &vClosure{code: synthetic("cancel", opCancelTimer)}
	cp.dropFn, cp.cancelJobFn = hostInverse("drop"), hostInverse("cancel")

	// Helper fns are allocated first so that calls, recursive ones
	// included, can name them by index.
	for i, fd := range p.Fns {
		cp.fnIdx[fd.Name.Name] = i
		cp.fns = append(cp.fns, &Code{Name: "fn " + fd.Name.Name})
	}
	for i, fd := range p.Fns {
		f := c.newFn(cp.fns[i], nil, nil, false)
		f.params(fd.Params)
		f.body(fd.Body, fd.ExprBody)
		f.finish()
	}
	// Activation bodies are compiled on first use (body): a launch that
	// stops at entry touches none of them, and at tens of thousands of
	// components compiling them all was most of New's time. Mock bodies
	// are compiled now, in load order, since they number the native
	// operations (cp.natives) that every machine shares.
	cp.bodies = make([]lazyBody, len(p.LoadOrder))
	cp.indexGraph()
	cp.indexKeys()
	for i, comp := range p.LoadOrder {
		if comp.Mock != nil {
			cp.bodies[i].set(c.mockBody(comp), nil)
		}
	}
	for _, t := range p.Tests {
		f := c.newFn(&Code{Name: Atom{Kind: Harness, Test: t}.String()}, nil, nil, true)
		if t.Body != nil && t.Kind != syntax.FaultTest {
			for _, s := range t.Body.Stmts {
				f.stmt(s)
			}
		}
		f.op(opReturnUnit, 0, 0, t.Span)
		cp.tests[t] = f.finish()
	}
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	return cp, nil
}

// indexGraph fills cp.providers and cp.dependents, each list cut from
// one array.
func (cp *compiled) indexGraph() {
	p := cp.prog
	n := len(p.LoadOrder)
	cp.providers, cp.dependents = make([][]int32, n), make([][]int32, n)
	var edges int
	for _, c := range p.LoadOrder {
		edges += len(c.Requires) + len(p.Dependents(c))
	}
	all := make([]int32, 0, edges)
	for i, c := range p.LoadOrder {
		start := len(all)
		for j, k := range c.Requires {
			if k.Provider != nil && check.ProviderFirstSeen(c.Requires, j) {
				all = append(all, int32(k.Provider.LoadIndex))
			}
		}
		cp.providers[i] = all[start:len(all):len(all)]
		start = len(all)
		for _, d := range p.Dependents(c) {
			all = append(all, int32(d.LoadIndex))
		}
		cp.dependents[i] = all[start:len(all):len(all)]
	}
}

// lazyBody is one activation body, compiled at most once however many
// machines (clones on several workers) ask for it at the same time.
type lazyBody struct {
	once sync.Once
	code atomic.Pointer[Code] // set once compiled, for peek
	err  error
}

func (b *lazyBody) set(code *Code, err error) {
	b.once.Do(func() {
		b.err = err
		if err == nil {
			b.code.Store(code)
		}
	})
}

// body returns the activation body of fiber i, compiling it on its first
// use. Compiling reads only what New left immutable (the program, the
// helper fns' Code), so concurrent first uses are safe; sync.Once makes
// every caller see the one result. The compiler's refusals are a backstop
// behind the checker, whose error diagnostics New turns away; should one
// fire on a checked program it is not assumed away but reported where the
// body is first needed (Machine.compileError), the same on every clone.
func (cp *compiled) body(i int) (*Code, error) {
	b := &cp.bodies[i]
	b.once.Do(func() {
		code, err := cp.compileBody(cp.prog.LoadOrder[i])
		b.err = err
		if err == nil {
			b.code.Store(code)
		}
	})
	return b.code.Load(), b.err
}

// peek returns fiber i's activation body if it has been compiled, else
// nil: a frame can only be running a body that has been.
func (cp *compiled) peek(i int) *Code { return cp.bodies[i].code.Load() }

// compileBody compiles the activation body of comp: a stop point before
// every top-level statement (Steps) and one at the end.
func (cp *compiled) compileBody(comp *check.Component) (*Code, error) {
	c := &compiler{cp: cp}
	f := c.newFn(&Code{Name: "activate " + comp.Name}, nil, comp, false)
	if comp.Decl.Body != nil {
		f.code.Steps = make([]int, 0, len(comp.Decl.Body.Stmts)+1)
		for _, s := range comp.Decl.Body.Stmts {
			f.code.Steps = append(f.code.Steps, f.pc())
			f.stmt(s)
		}
	}
	f.code.Steps = append(f.code.Steps, f.pc())
	f.op(opReturnUnit, 0, 0, comp.Decl.Span)
	code := f.finish()
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	return code, nil
}

// synthetic is the body of a host-operation inverse: the stop point, the
// operation, return.
func synthetic(name string, op opcode) *Code {
	return &Code{
		Name:  name,
		Ops:   []instr{{op: opInverse}, {op: op}, {op: opReturnUnit}},
		Spans: make([]syntax.Span, 3),
	}
}

// fnc compiles one Code. Nested units (closures) get a child fnc whose
// parent resolves the names they capture.
type fnc struct {
	c      *compiler
	parent *fnc
	code   *Code
	scopes [][]scopeVar
	comp   *check.Component // whose keys and config the code sees; nil in helpers and tests
	test   bool             // a test body: `call`, `load`, `assert no_residue` ...
}

type scopeVar struct {
	name    string
	slot    int
	mutable bool
}

func (c *compiler) newFn(code *Code, parent *fnc, comp *check.Component, test bool) *fnc {
	return &fnc{c: c, parent: parent, code: code, scopes: [][]scopeVar{nil}, comp: comp, test: test}
}

// child starts a nested unit that can capture this one's names.
func (f *fnc) child(name string) *fnc {
	return f.c.newFn(&Code{Name: name}, f, f.comp, f.test)
}

// addChild finishes a child and returns its index in this code.
func (f *fnc) addChild(ch *fnc) int {
	f.code.Children = append(f.code.Children, ch.finish())
	return len(f.code.Children) - 1
}

func (f *fnc) finish() *Code {
	for len(f.scopes) > 0 {
		f.popScope()
	}
	return f.code
}

func (f *fnc) pc() int { return len(f.code.Ops) }

func (f *fnc) op(op opcode, a, b int, n syntax.Node) int {
	f.code.Ops = append(f.code.Ops, instr{op: op, a: int32(a), b: int32(b)})
	var s syntax.Span
	if n != nil {
		s = n.Range()
	}
	f.code.Spans = append(f.code.Spans, s)
	f.code.Aux = append(f.code.Aux, nil)
	return len(f.code.Ops) - 1
}

func (f *fnc) opAux(op opcode, a, b int, n syntax.Node, aux any) int {
	pc := f.op(op, a, b, n)
	f.code.Aux[pc] = aux
	return pc
}

func (f *fnc) patch(pc int) { f.code.Ops[pc].a = int32(f.pc()) }

func (f *fnc) konst(v value) int {
	f.code.Consts = append(f.code.Consts, v)
	return len(f.code.Consts) - 1
}

func (f *fnc) str(s string) int { return f.konst(vStr(s)) }

func (f *fnc) pushScope() { f.scopes = append(f.scopes, nil) }

func (f *fnc) popScope() {
	top := f.scopes[len(f.scopes)-1]
	for _, v := range top {
		f.code.Locals[v.slot].to = f.pc()
	}
	f.scopes = f.scopes[:len(f.scopes)-1]
}

// declare makes a new slot for name in the innermost scope, visible from
// the current pc.
func (f *fnc) declare(name string, mutable bool) int {
	slot := f.code.NLocals
	f.code.NLocals++
	f.code.Locals = append(f.code.Locals, localInfo{name: name, from: f.pc(), to: -1})
	if name != "" {
		s := &f.scopes[len(f.scopes)-1]
		*s = append(*s, scopeVar{name: name, slot: slot, mutable: mutable})
	}
	return slot
}

func (f *fnc) temp() int { return f.declare("", false) }

type refKind uint8

const (
	refNone refKind = iota
	refLocal
	refUp
)

// resolve finds name among this unit's locals, then, capturing, among its
// parents'.
func (f *fnc) resolve(name string) (refKind, int, bool) {
	for i := len(f.scopes) - 1; i >= 0; i-- {
		s := f.scopes[i]
		for j := len(s) - 1; j >= 0; j-- {
			if s[j].name == name {
				return refLocal, s[j].slot, s[j].mutable
			}
		}
	}
	for i, u := range f.code.Ups {
		if u.name == name {
			return refUp, i, false
		}
	}
	if f.parent == nil {
		return refNone, 0, false
	}
	k, idx, _ := f.parent.resolve(name)
	if k == refNone {
		return refNone, 0, false
	}
	f.code.Ups = append(f.code.Ups, upDesc{name: name, fromLocal: k == refLocal, idx: idx})
	return refUp, len(f.code.Ups) - 1, false
}

func (f *fnc) isLocal(name string) bool {
	k, _, _ := f.resolve(name)
	return k != refNone
}

// params declares the parameters, in scope from the unit's entry.
func (f *fnc) params(ps []*syntax.Param) {
	for _, p := range ps {
		f.code.Locals[f.declare(p.Name.Name, true)].from = -1
	}
	f.code.NParams = len(ps)
}

// body compiles a method or helper body: statements, or `= expr`, which is
// a stop point of its own so a debugger can stop in a one-line method.
func (f *fnc) body(b *syntax.Block, e syntax.Expr) {
	if b != nil {
		for _, s := range b.Stmts {
			f.stmt(s)
		}
		f.op(opReturnUnit, 0, 0, b)
		return
	}
	if e == nil {
		f.op(opReturnUnit, 0, 0, nil)
		return
	}
	f.op(opStmt, 0, 0, e)
	f.expr(e)
	f.op(opReturn, 0, 0, e)
}

func (f *fnc) block(b *syntax.Block) {
	if b == nil {
		return
	}
	f.pushScope()
	for _, s := range b.Stmts {
		f.stmt(s)
	}
	f.popScope()
}

// stmt compiles one statement: a stop point with its span, then its code.
func (f *fnc) stmt(s syntax.Stmt) {
	if b, ok := s.(*syntax.Block); ok {
		f.block(b)
		return
	}
	f.op(opStmt, 0, 0, s)
	switch s := s.(type) {
	case *syntax.ConfigStmt:
		for _, fl := range s.Fields {
			name := f.str(fl.Name.Name)
			f.op(opConfigHas, name, 0, fl)
			j := f.op(opJumpFalse, 0, 0, fl)
			skip := f.op(opJump, 0, 0, fl)
			f.patch(j)
			if fl.Default != nil {
				f.expr(fl.Default)
			} else {
				f.op(opError, f.str(fmt.Sprintf("config.%s has no value: it has no default and the load gave none", fl.Name.Name)), 0, fl)
			}
			f.op(opConfigSet, name, 0, fl)
			f.patch(skip)
		}
	case *syntax.EffectStmt:
		f.expr(s.Effect)
		if s.Name != nil {
			f.op(opStore, f.declare(s.Name.Name, false), 0, s.Name)
		} else {
			f.op(opPop, 0, 0, s)
		}
		if s.Undo != nil {
			f.pushUndo(invUndo, "undo "+f.c.cp.text(s.Undo.Range()), s.Undo, func(ch *fnc) {
				ch.expr(s.Undo)
				ch.op(opPop, 0, 0, s.Undo)
			})
		}
	case *syntax.EmitStmt:
		f.provCall(s.Call, true, false)
		f.op(opPop, 0, 0, s)
		if s.Compensate != nil {
			f.pushUndo(invCompensate, "compensate "+f.c.cp.text(s.Compensate.Range()), s.Compensate, func(ch *fnc) {
				ch.provCall(s.Compensate, ch.isEmission(s.Compensate), false)
				ch.op(opPop, 0, 0, s.Compensate)
			})
		}
	case *syntax.FailStmt:
		f.expr(s.Message)
		f.op(opFail, 0, 0, s)
	case *syntax.IfStmt:
		f.expr(s.Cond)
		j := f.op(opJumpFalse, 0, 0, s.Cond)
		f.block(s.Then)
		if s.Else == nil {
			f.patch(j)
			break
		}
		end := f.op(opJump, 0, 0, s)
		f.patch(j)
		f.stmt(s.Else)
		f.patch(end)
	case *syntax.TimerStmt:
		name := s.Kind.String()
		if s.Interval != nil {
			name += " " + s.Interval.Raw
		}
		ch := f.child(name)
		ch.op(opFire, 0, 0, s)
		ch.block(s.Body)
		ch.op(opReturnUnit, 0, 0, s)
		var ms int64
		if s.Interval != nil {
			ms = s.Interval.Millis
		}
		f.opAux(opTimer, 0, 0, s, &timerSite{kind: s.Kind, interval: ms, body: f.addChild(ch)})
	case *syntax.ProvideStmt:
		site := &provideSite{key: s.Key.Name, slot: f.c.cp.slotOf(s.Key.Name), withdraw: "withdraw " + s.Key.Name}
		for _, mi := range s.Methods {
			ch := f.child(s.Key.Name + "." + mi.Name.Name)
			ch.params(mi.Params)
			ch.body(mi.Body, mi.ExprBody)
			site.methods = append(site.methods, provMethod{name: mi.Name.Name, child: f.addChild(ch)})
		}
		f.opAux(opProvide, 0, 0, s, site)
	case *syntax.LetStmt:
		f.expr(s.Value)
		f.op(opStore, f.declare(s.Name.Name, s.Mutable), 0, s.Name)
	case *syntax.AssignStmt:
		f.assign(s.Target, func() { f.expr(s.Value) })
	case *syntax.WhileStmt:
		// The loop's stop point is its head, so every iteration is a step:
		// `while (true) {}` runs into its budget instead of hanging.
		head := f.pc() - 1
		f.expr(s.Cond)
		j := f.op(opJumpFalse, 0, 0, s.Cond)
		f.block(s.Body)
		f.op(opJump, head, 0, s)
		f.patch(j)
	case *syntax.ForStmt:
		// The list and the index live in two hidden slots.
		f.pushScope()
		f.expr(s.Iter)
		list := f.temp()
		f.op(opStore, list, 0, s.Iter)
		f.temp()
		f.op(opConst, f.konst(vInt(0)), 0, s)
		f.op(opStore, list+1, 0, s)
		// The first iteration's stop point is the statement's own; later
		// ones stop at the head.
		first := f.op(opJump, 0, 0, s)
		head := f.op(opStmt, 0, 0, s)
		f.patch(first)
		next := f.op(opIterNext, list, 0, s.Iter)
		f.pushScope()
		f.op(opStore, f.declare(s.Var.Name, false), 0, s.Var)
		for _, st := range s.Body.Stmts {
			f.stmt(st)
		}
		f.popScope()
		f.op(opJump, head, 0, s)
		f.code.Ops[next].b = int32(f.pc())
		f.popScope()
	case *syntax.ReturnStmt:
		if s.Value == nil {
			f.op(opReturnUnit, 0, 0, s)
		} else {
			f.expr(s.Value)
			f.op(opReturn, 0, 0, s)
		}
	case *syntax.ExprStmt:
		f.expr(s.X)
		f.op(opPop, 0, 0, s)
	case *syntax.AssertStmt:
		text := "no_residue"
		if !s.NoResidue {
			text = f.c.cp.text(s.Cond.Range())
		}
		switch {
		case s.NoResidue:
			f.opAux(opAssertNoResidue, 0, 0, s, &assertSite{text: text})
		case isComparison(s.Cond):
			b := unparen(s.Cond).(*syntax.BinaryExpr)
			op, _ := binopOf(b.Op)
			f.expr(b.X)
			f.expr(b.Y)
			f.opAux(opAssertCmp, 0, 0, s, &assertSite{text: text, op: op})
		default:
			f.expr(s.Cond)
			f.opAux(opAssert, 0, 0, s, &assertSite{text: text})
		}
	case *syntax.LoadStmt:
		comp := f.component(s.Component)
		if comp < 0 {
			return
		}
		with := 0
		if s.With != nil {
			f.expr(s.With)
			with = 1
		}
		f.op(opLoadComp, comp, with, s)
	case *syntax.UnloadStmt:
		if comp := f.component(s.Component); comp >= 0 {
			f.op(opUnload, comp, 0, s)
		}
	case *syntax.AdvanceStmt:
		var ms int64
		if s.Duration != nil {
			ms = s.Duration.Millis
		}
		f.op(opAdvance, f.konst(vInt(ms)), 0, s)
	default:
		f.c.errorf(s, "cannot compile this statement (%T)", s)
	}
}

func unparen(e syntax.Expr) syntax.Expr {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

func isComparison(e syntax.Expr) bool {
	b, ok := unparen(e).(*syntax.BinaryExpr)
	if !ok {
		return false
	}
	op, ok := binopOf(b.Op)
	return ok && op.isComparison()
}

// component resolves a lifecycle test's component name to its load index.
func (f *fnc) component(id *syntax.Ident) int {
	if !f.test {
		f.c.errorf(id, "load and unload are lifecycle test steps")
		return -1
	}
	c := f.c.cp.prog.CompByName[id.Name]
	if c == nil {
		f.c.errorf(id, "unknown component %s", id.Name)
		return -1
	}
	return c.LoadIndex
}

// pushUndo compiles an inverse as a child unit that starts with its own
// stop point and pushes it on the context fiber's frame.
func (f *fnc) pushUndo(kind invKind, text string, at syntax.Node, gen func(ch *fnc)) {
	ch := f.child(text)
	ch.op(opInverse, 0, 0, at)
	gen(ch)
	ch.op(opReturnUnit, 0, 0, at)
	f.opAux(opPushUndo, f.addChild(ch), 0, at, &invSite{kind: kind, text: text})
}

// assign compiles `target = value`. Fields and indices of a local are
// assigned by copy: the new value is built and the local rebound.
func (f *fnc) assign(target syntax.Expr, gen func()) {
	switch t := target.(type) {
	case *syntax.ParenExpr:
		f.assign(t.X, gen)
	case *syntax.Ident:
		k, slot, mutable := f.resolve(t.Name)
		switch {
		case k == refNone:
			f.c.errorf(t, "unknown name %s", t.Name)
		case k == refUp:
			f.c.errorf(t, "cannot assign to %s: it was captured from an enclosing scope", t.Name)
		case !mutable:
			f.c.errorf(t, "cannot assign to %s: it is not a var", t.Name)
		default:
			gen()
			f.op(opStore, slot, 0, t)
		}
	case *syntax.SelectorExpr:
		f.assign(t.X, func() {
			f.expr(t.X)
			gen()
			f.op(opSetField, f.str(t.Sel.Name), 0, t)
		})
	case *syntax.IndexExpr:
		f.assign(t.X, func() {
			f.expr(t.X)
			f.expr(t.Index)
			gen()
			f.op(opSetIndex, 0, 0, t)
		})
	default:
		f.c.errorf(target, "cannot assign to this expression")
	}
}
