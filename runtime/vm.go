package runtime

import (
	"strings"

	"revl.dev/debug/runtime/syntax"
)

// run executes the current atom until the next stop point or the atom's
// end. With stopFirst it stops at the first stop point it reaches (Begin
// uses it to position the machine at the atom's first statement);
// otherwise it executes one stop point and stops before the next.
func (m *Machine) run(stopFirst bool) {
	ran := stopFirst
	for len(m.frames) > 0 {
		fi := len(m.frames) - 1
		f := &m.frames[fi]
		if f.kind != fCode {
			m.resume()
			continue
		}
		pc := f.pc
		if f.code.Ops[pc].op.isStop() {
			if ran {
				return
			}
			ran = true
		}
		if m.fault.armed && m.faultDue(f, pc) {
			m.raise(m.injectedFault())
			continue
		}
		if err := m.exec(fi); err != nil {
			if !err.Span.Start.IsValid() {
				err.Span = m.frames[fi].code.Spans[pc]
			}
			if err.File == "" {
				err.File = m.prog.file
			}
			if err.Fiber == "" {
				err.Fiber = m.fiberName(m.frames[fi].ctx)
			}
			m.raise(err)
		}
	}
}

func (m *Machine) push(v value) { m.vals = append(m.vals, v) }

func (m *Machine) pop() value {
	v := m.vals[len(m.vals)-1]
	m.vals = m.vals[:len(m.vals)-1]
	return v
}

// popN removes the top n values and returns them (a fresh slice: callers
// may keep it).
func (m *Machine) popN(n int) []value {
	out := make([]value, n)
	copy(out, m.vals[len(m.vals)-n:])
	m.vals = m.vals[:len(m.vals)-n]
	return out
}

// step counts one step against the frame's deadline.
func (m *Machine) step(f *frame) *Error {
	m.steps++
	if m.steps > f.deadline {
		return m.budgetError(f)
	}
	return nil
}

// exec executes the instruction at the pc of frame fi, which is the top.
// Instructions that push a frame do so last: the frame pointer is not
// used after a push.
func (m *Machine) exec(fi int) *Error {
	f := &m.frames[fi]
	code := f.code
	pc := f.pc
	in := code.Ops[pc]
	f.pc++
	switch in.op {
	case opStmt:
		f.stmt = pc
		if m.wants(EvStmt) {
			m.emit(Event{Kind: EvStmt, Fiber: m.fiberName(f.ctx), Span: code.Spans[pc],
				Depth: m.codeDepth() - 1, Text: m.prog.firstLine(code.Spans[pc])})
		}
		return m.step(f)
	case opInverse:
		f.stmt = pc
		inv := f.inv
		fb := m.wfiber(inv.fiber)
		if n := len(fb.frame); n > 0 && fb.frame[n-1] == inv {
			fb.frame = fb.frame[:n-1]
		}
		if m.want() {
			m.emit(Event{Kind: EvInverse, Fiber: fb.comp.Name, Span: inv.span, Text: inv.text})
		}
		if inv.kind == invWithdraw || inv.kind == invCancel {
			// A host-operation inverse runs no user code and always ends,
			// so it is not charged: a withdrawal or a timer cancellation
			// still happens after a budget is spent.
			return nil
		}
		return m.step(f)
	case opFire:
		f.stmt = pc
		m.fire(f.timer-1, code.Spans[pc])
		return m.step(f)

	case opConst:
		m.push(code.Consts[in.a])
	case opLoad:
		v := m.vals[f.base+int(in.a)]
		if v == nil {
			return rtErr(KindEval, "%s is used before it is set", code.Locals[in.a].name)
		}
		m.push(v)
	case opStore:
		m.vals[f.base+int(in.a)] = m.pop()
	case opLoadUp:
		m.push(f.up[in.a])
	case opPop:
		m.pop()
	case opConfig, opConfigHas, opConfigSet:
		return m.execConfig(f, in, code)
	case opList:
		if err := m.charge(sizeList(int(in.a))); err != nil {
			return err
		}
		m.push(&vList{elems: m.popN(int(in.a))})
	case opRecord:
		names := code.Aux[pc].([]string)
		if err := m.charge(sizeList(len(names))); err != nil {
			return err
		}
		m.push(&vRecord{names: names, vals: m.popN(len(names))})
	case opField:
		v, err := field(m.pop(), string(code.Consts[in.a].(vStr)))
		if err != nil {
			return err
		}
		m.push(v)
	case opIndex:
		i := m.pop()
		v, err := index(m.pop(), i)
		if err != nil {
			return err
		}
		m.push(v)
	case opSetField:
		v := m.pop()
		r, ok := m.pop().(*vRecord)
		if !ok {
			return rtErr(KindEval, "cannot set field %s of a non-record", string(code.Consts[in.a].(vStr)))
		}
		if err := m.charge(2 * sizeList(len(r.names)+1)); err != nil {
			return err
		}
		m.push(r.with(string(code.Consts[in.a].(vStr)), v))
	case opSetIndex:
		v, i := m.pop(), m.pop()
		if err := m.charge(copyCost(m.vals[len(m.vals)-1])); err != nil {
			return err
		}
		xs, err := setIndex(m.pop(), i, v)
		if err != nil {
			return err
		}
		m.push(xs)
	case opTemplate:
		parts := code.Aux[pc].([]string)
		vs := m.vals[len(m.vals)-int(in.b):]
		texts := make([]string, len(vs))
		n := len(parts[0])
		for i, v := range vs {
			t, err := m.text(v, false)
			if err != nil {
				return err
			}
			texts[i] = t
			n += len(t) + len(parts[i+1])
		}
		if err := m.charge(sizeString(n)); err != nil {
			return err
		}
		var b strings.Builder
		b.Grow(n)
		b.WriteString(parts[0])
		for i, t := range texts {
			b.WriteString(t)
			b.WriteString(parts[i+1])
		}
		m.vals = m.vals[:len(m.vals)-int(in.b)]
		m.push(vStr(b.String()))
	case opCtor:
		if err := m.charge(sizeList(int(in.b))); err != nil {
			return err
		}
		v, err := construct(string(code.Consts[in.a].(vStr)), m.popN(int(in.b)))
		if err != nil {
			return err
		}
		m.push(v)
	case opIsCtor:
		m.push(boolV(isCtor(m.pop(), string(code.Consts[in.a].(vStr)), int(in.b))))
	case opCtorArg:
		m.push(ctorArg(m.pop(), int(in.a)))
	case opMatchFail:
		return rtErr(KindEval, "no match arm matches %s", render(m.pop()))
	case opClosure:
		if err := m.charge(sizeList(len(code.Children[in.a].Ups))); err != nil {
			return err
		}
		m.push(m.closure(f, code.Children[in.a]))
	case opError:
		return rtErr(KindEval, "%s", string(code.Consts[in.a].(vStr)))
	case opBinary:
		if binop(in.a) == bAdd {
			if done, err := m.concat(); done || err != nil {
				return err
			}
		}
		y := m.pop()
		v, err := binary(binop(in.a), m.pop(), y)
		if err != nil {
			return err
		}
		m.push(v)
	case opNot:
		b, ok := m.pop().(vBool)
		if !ok {
			return rtErr(KindEval, "! needs a Bool")
		}
		m.push(boolV(!bool(b)))
	case opNeg:
		switch x := m.pop().(type) {
		case vInt:
			m.push(-x)
		case vFloat:
			m.push(-x)
		default:
			return rtErr(KindEval, "- needs a number, got %s", kindName(x))
		}
	case opJump:
		f.pc = int(in.a)
	case opJumpFalse:
		b, err := cond(m.pop())
		if err != nil {
			return err
		}
		if !b {
			f.pc = int(in.a)
		}
	case opAnd, opOr:
		b, err := cond(m.vals[len(m.vals)-1])
		if err != nil {
			return err
		}
		if b == (in.op == opOr) {
			f.pc = int(in.a)
		} else {
			m.pop()
		}
	case opCoalesce:
		switch x := m.vals[len(m.vals)-1].(type) {
		case vOpt:
			if x.some {
				m.vals[len(m.vals)-1] = x.v
				f.pc = int(in.a)
			} else {
				m.pop()
			}
		case vNull:
			m.pop()
		default:
			f.pc = int(in.a)
		}
	case opIterNext:
		slot := f.base + int(in.a)
		xs, ok := m.vals[slot].(*vList)
		if !ok {
			return rtErr(KindEval, "for-of needs a List, got %s", kindName(m.vals[slot]))
		}
		i := int(m.vals[slot+1].(vInt))
		if i >= len(xs.elems) {
			f.pc = int(in.b)
			break
		}
		m.vals[slot+1] = vInt(i + 1)
		m.push(xs.elems[i])
	case opCall:
		return m.callCode(fi, m.prog.fns[in.a], nil, int(in.b), true)
	case opCallValue:
		n := int(in.b)
		c, ok := m.vals[len(m.vals)-1-n].(*vClosure)
		if !ok {
			return rtErr(KindEval, "cannot call a %s", kindName(m.vals[len(m.vals)-1-n]))
		}
		// Drop the callee from under its arguments.
		copy(m.vals[len(m.vals)-1-n:], m.vals[len(m.vals)-n:])
		m.vals = m.vals[:len(m.vals)-1]
		return m.callCode(fi, c.code, c.up, n, false)
	case opMethod:
		return m.method(fi, string(code.Consts[in.a].(vStr)), int(in.b))
	case opHostNew:
		s := code.Aux[pc].(*hostSite)
		v, err := m.hostNew(f.ctx, s, m.popN(s.nargs), code.Spans[pc])
		if err != nil {
			return err
		}
		m.push(v)
	case opProvCall:
		return m.provCall(fi, code.Aux[pc].(*callSite), code.Spans[pc])
	case opAwait:
		if m.suspendable(fi) {
			if j, running := m.runningJob(m.vals[len(m.vals)-1]); running {
				m.pop()
				m.suspend(fi, j)
				return nil
			}
		}
		v, err := m.await(f.ctx, m.pop())
		if err != nil {
			return err
		}
		m.push(v)
	case opFail:
		t, err := m.text(m.pop(), false)
		if err != nil {
			return err
		}
		return &Error{Kind: KindFail, Msg: "fail: " + t}
	case opReturn, opReturnUnit:
		r := unit
		if in.op == opReturn {
			r = m.pop()
		}
		if f.call != nil && m.wants(EvCallExit) {
			m.emit(Event{Kind: EvCallExit, Fiber: m.fiberName(f.ctx), Key: f.call.key, Method: f.call.method, Value: render(r)})
		}
		m.popFrame()
		// The caller takes the result; of the drivers only an iter frame
		// wants one (the others started code for its effects).
		if k := m.top().kind; k == fCode || k == fIter {
			m.push(r)
		}

	case opPushUndo:
		if f.ctx < 0 {
			return rtErr(KindEval, "an effect needs a component frame to hold its inverse")
		}
		s := code.Aux[pc].(*invSite)
		inv, fn := m.undoClosure(f, code.Children[in.a])
		*inv = inverse{kind: s.kind, text: s.text, span: code.Children[in.a].Spans[0], fn: fn, fiber: f.ctx}
		m.pushInverse(f.ctx, inv)
	case opTimer:
		s := code.Aux[pc].(*timerSite)
		return m.arm(f.ctx, s, m.closure(f, code.Children[s.body]), code.Spans[pc])
	case opProvide:
		return m.provide(f, code.Aux[pc].(*provideSite), code.Spans[pc])
	case opWithdraw:
		m.withdraw(f.inv.key, f.inv.slot, f.inv.fiber)
	case opCancelTimer:
		m.cancel(f.ctx, f.inv.timer)

	case opAssert, opAssertCmp, opAssertNoResidue:
		return m.assert(f, in, code.Aux[pc], code.Spans[pc])
	case opLoadComp:
		return m.load(f, in)
	case opUnload:
		m.unload(int(in.a))
	case opAdvance:
		ms := int64(code.Consts[in.a].(vInt))
		m.pushAtom(Atom{Kind: Advance, Millis: ms}, noCtx)
	case opNative:
		return m.native(f, int(in.a))
	case opMockReset:
		m.resetMock(int(in.a), int(in.b))
	default:
		return rtErr(KindEval, "internal: unknown opcode %d", in.op)
	}
	return nil
}

// codeDepth counts the code frames on the stack.
func (m *Machine) codeDepth() int {
	n := 0
	for i := range m.frames {
		if m.frames[i].kind == fCode {
			n++
		}
	}
	return n
}

// closure captures what code's upvalue descriptors name from frame f.
func (m *Machine) closure(f *frame, code *Code) *vClosure {
	c, up := m.newClosure(code)
	m.capture(f, code, up)
	return c
}

// undoClosure allocates an inverse and the closure of its body code
// together when the body captures at most two values (an `undo m.drop()`
// captures one); the caller fills the inverse in.
func (m *Machine) undoClosure(f *frame, code *Code) (*inverse, *vClosure) {
	if n := len(code.Ups); n <= 2 {
		var b *undoBlock
		if m.arena != nil {
			b = m.arena.undos.get()
		} else {
			b = new(undoBlock)
		}
		b.c.code = code
		if n > 0 {
			b.c.up = b.a[:n:n]
			m.capture(f, code, b.c.up)
		}
		return &b.inv, &b.c
	}
	return &inverse{}, m.closure(f, code)
}

// capture fills up with what code's upvalue descriptors name from frame f.
func (m *Machine) capture(f *frame, code *Code, up []value) {
	for i, d := range code.Ups {
		if d.fromLocal {
			up[i] = m.vals[f.base+d.idx]
		} else {
			up[i] = f.up[d.idx]
		}
	}
}

// newClosure allocates a closure of code and its upvalue slots in one
// object when there are few of them (a provision method or an undo
// captures one to three locals; every activation makes several).
// They come from m's arena when it has one.
func (m *Machine) newClosure(code *Code) (*vClosure, []value) {
	if m.arena != nil {
		switch n := len(code.Ups); {
		case n == 0:
			c := m.arena.clo0.get()
			c.code = code
			return c, nil
		case n == 1:
			b := m.arena.clo1.get()
			b.c = vClosure{code: code, up: b.a[:]}
			return &b.c, b.c.up
		case n == 2:
			b := m.arena.clo2.get()
			b.c = vClosure{code: code, up: b.a[:]}
			return &b.c, b.c.up
		case n == 3 || n == 4:
			b := m.arena.clo4.get()
			b.c = vClosure{code: code, up: b.a[:n:n]}
			return &b.c, b.c.up
		}
	}
	switch len(code.Ups) {
	case 0:
		return &vClosure{code: code}, nil
	case 1:
		b := &struct {
			c vClosure
			a [1]value
		}{}
		b.c = vClosure{code: code, up: b.a[:]}
		return &b.c, b.c.up
	case 2:
		b := &struct {
			c vClosure
			a [2]value
		}{}
		b.c = vClosure{code: code, up: b.a[:]}
		return &b.c, b.c.up
	case 3, 4:
		b := &struct {
			c vClosure
			a [4]value
		}{}
		b.c = vClosure{code: code, up: b.a[:len(code.Ups):len(code.Ups)]}
		return &b.c, b.c.up
	}
	up := make([]value, len(code.Ups))
	return &vClosure{code: code, up: up}, up
}

// callCode calls code (with captured values up) with n arguments on the
// stack, in the caller's context. Helper fns get their own call budget;
// arrows share the caller's.
func (m *Machine) callCode(fi int, code *Code, up []value, n int, ownBudget bool) *Error {
	ctx := m.frames[fi].ctx
	var d int64
	var bk budgetKind
	var bat int
	if ownBudget {
		d, bk, bat = m.deadlineFor(m.opts.CallBudget, budgetCall, false)
	} else {
		d, bk, bat = m.parentDeadline()
	}
	if err := m.pushCode(code, up, n, ctx, d, bk, bat); err != nil {
		return err
	}
	return m.step(m.top())
}

func cond(v value) (bool, *Error) {
	b, ok := v.(vBool)
	if !ok {
		return false, rtErr(KindEval, "condition is %s, not Bool", kindName(v))
	}
	return bool(b), nil
}

// execConfig reads and initialises config fields of the context fiber.
func (m *Machine) execConfig(f *frame, in instr, code *Code) *Error {
	name := string(code.Consts[in.a].(vStr))
	if f.ctx < 0 {
		return rtErr(KindEval, "config.%s outside a component", name)
	}
	fb := m.fibers[f.ctx]
	switch in.op {
	case opConfig:
		v, ok := fb.config.field(name)
		if !ok {
			return rtErr(KindEval, "config.%s has no value", name)
		}
		m.push(v)
	case opConfigHas:
		_, ok := fb.config.field(name)
		m.push(boolV(ok))
	case opConfigSet:
		if err := m.charge(2 * sizeList(len(fb.config.names)+1)); err != nil {
			return err
		}
		m.wfiber(f.ctx).config = fb.config.with(name, m.pop())
	}
	return nil
}

// firstLine is the first source line of span, trimmed and shortened, as a
// stmt event shows it.
func (cp *compiled) firstLine(s syntax.Span) string {
	t := cp.text(s)
	if i := strings.IndexByte(t, '\n'); i >= 0 {
		t = strings.TrimSpace(t[:i]) + " ..."
	}
	if len(t) > 72 {
		t = t[:69] + "..."
	}
	return t
}
