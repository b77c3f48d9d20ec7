package runtime

import (
	"revl.dev/debug/runtime/syntax"
)

// provCall calls through a key: `k.m(args)`, `emit k.m(args)`, a
// compensation, or a test's `call k.m(args)`. The arguments stay on the
// value stack and become the method's parameters; the method runs in the
// provider's context (its config, its frame for adopted effects).
//
// Every call is a use of k (an EvUse event, live or not). An emit records
// its emission when the call is made, before the provider's body runs: the
// crossing has happened even if the body then fails, and emissions are never
// reverted.
func (m *Machine) provCall(fi int, s *callSite, span syntax.Span) *Error {
	caller := m.frames[fi].ctx
	args := m.vals[len(m.vals)-s.nargs:]
	provFi := noCtx
	var p *provision
	if s.provider != nil {
		provFi = s.provider.LoadIndex
	}
	if p = m.provAt(s.slot); p != nil && p.fiber != provFi {
		// A live mock of the key serves whoever calls through it (a
		// lifecycle test derived it because no provider was loaded).
		if p.mock {
			provFi = p.fiber
		} else {
			p = nil
		}
	}
	if m.wantsUse(p != nil) {
		m.emit(Event{Kind: EvUse, Fiber: m.fiberName(caller), Span: span, Key: s.key, Method: s.method,
			Caller: m.fiberName(caller), Provider: m.fiberName(provFi), Live: p != nil})
	}
	if p == nil {
		if s.provider == nil {
			return rtErr(KindNotLive, "%s.%s: no component provides %s", s.key, s.method, s.key)
		}
		return rtErr(KindNotLive, "%s.%s: provision %s is not live (%s is %s)",
			s.key, s.method, s.key, s.provider.Name, m.fibers[provFi].state)
	}
	fn := p.method(s.method)
	if fn == nil {
		return rtErr(KindEval, "provision %s has no method %s", s.key, s.method)
	}
	var text string
	if s.emit {
		// An emission is kept and compared: its text is whole, and
		// charged to the memory budget.
		var over bool
		text, over = m.emissionText(s, args, int(min(m.opts.MemoryBudget, 1<<40)))
		if over {
			return m.memErrorWhy("the emission's text alone is larger")
		}
		if err := m.charge(sizeEmit + sizeString(len(text))); err != nil {
			return err
		}
	} else if m.watching(EvCallEnter) {
		// Only shown: capped like any rendered value, so that whether a
		// run is watched never changes what it does.
		var over bool
		if text, over = callText(s.key, s.method, args, displayLimit); over {
			text = text[:displayLimit] + "..."
		}
	}
	if s.emit {
		e := Emission{Text: text, Key: s.key, Service: s.service, Method: s.method,
			Fiber: m.fiberName(caller), Atom: m.atomIdx, Time: m.now, Span: span}
		if s.meth != nil {
			e.Commutative = s.meth.Commutative
		}
		if p.mock {
			e.Mock, e.Args = m.fiberName(p.fiber), argTexts(args)
		}
		if m.want() {
			m.emit(Event{Kind: EvEmission, Fiber: e.Fiber, Span: span, Key: s.key, Method: s.method, Text: text, Commutative: e.Commutative})
		}
		e.Seq = m.seq
		m.emissions.append(e)
	}
	if m.wants(EvCallEnter) {
		m.emit(Event{Kind: EvCallEnter, Fiber: m.fiberName(provFi), Span: span, Key: s.key, Method: s.method,
			Text: text, Caller: m.fiberName(caller), Provider: m.fiberName(provFi)})
	}
	d, bk, bat := m.deadlineFor(m.opts.CallBudget, budgetCall, false)
	if err := m.pushCode(fn.code, fn.up, s.nargs, provFi, d, bk, bat); err != nil {
		return err
	}
	f := m.top()
	f.call, f.caller = s, caller
	return m.step(f)
}

// provide publishes a provision whose methods close over the current
// locals, and pushes its withdrawal.
func (m *Machine) provide(f *frame, s *provideSite, span syntax.Span) *Error {
	ctx := f.ctx
	if ctx < 0 {
		return rtErr(KindEval, "provide needs a component")
	}
	if s.slot < 0 {
		return rtErr(KindEval, "provide %s: the program has no key %s", s.key, s.key)
	}
	if p := m.provs[s.slot]; p != nil {
		return rtErr(KindEval, "provision %s is already published by %s", s.key, m.fiberName(p.fiber))
	}
	// The provision, its withdrawal and (for up to four methods) its
	// method table are one allocation: all three are immutable and live
	// as long as one another.
	var p *provision
	var inv *inverse
	if len(s.methods) <= 4 {
		var b *provBlock
		if m.arena != nil {
			b = m.arena.provs.get()
		} else {
			b = new(provBlock)
		}
		p, inv = &b.p, &b.inv
		p.methods = b.fns[:0:len(s.methods)]
	} else {
		p, inv = &provision{methods: make([]namedFn, 0, len(s.methods))}, &inverse{}
	}
	p.key, p.fiber, p.mock = s.key, ctx, m.fibers[ctx].comp.Mock != nil
	for _, pm := range s.methods {
		p.methods = append(p.methods, namedFn{pm.name, m.closure(f, f.code.Children[pm.child])})
	}
	m.provs[s.slot] = p
	m.nprovs++
	m.noteChange(ctx)
	if m.wants(EvPublish) {
		m.emit(Event{Kind: EvPublish, Fiber: m.fiberName(ctx), Span: span, Key: s.key})
	}
	text := s.withdraw
	if text == "" {
		text = "withdraw " + s.key
	}
	*inv = inverse{kind: invWithdraw, slot: s.slot, text: text, span: span, fn: m.prog.withdrawFn, key: s.key, fiber: ctx}
	m.pushInverse(ctx, inv)
	return nil
}

// provAt is the live provision of the key in slot (nil: none, or no such
// key).
func (m *Machine) provAt(slot int32) *provision {
	if slot < 0 {
		return nil
	}
	return m.provs[slot]
}

// provOf is provAt by the key's name.
func (m *Machine) provOf(key string) *provision { return m.provAt(m.prog.slotOf(key)) }

func (m *Machine) withdraw(key string, slot int32, fi int) {
	if p := m.provAt(slot); p == nil || p.fiber != fi {
		return
	}
	m.provs[slot] = nil
	m.nprovs--
	m.noteChange(fi)
	if m.wants(EvWithdraw) {
		m.emit(Event{Kind: EvWithdraw, Fiber: m.fiberName(fi), Key: key})
	}
}

// method calls method name on the receiver below n arguments: a host
// operation on a handle, or a value method of check.ValueMethods. map and
// filter call a closure per element through an iter frame, so a closure
// that reaches a provision can be stepped through like any other code.
func (m *Machine) method(fi int, name string, n int) *Error {
	recv := m.vals[len(m.vals)-1-n]
	if xs, ok := recv.(*vList); ok && (name == "map" || name == "filter") {
		if n != 1 {
			return rtErr(KindEval, "List.%s takes 1 argument, got %d", name, n)
		}
		fn, ok := m.vals[len(m.vals)-1].(*vClosure)
		if !ok {
			return rtErr(KindEval, "List.%s needs a function, got %s", name, kindName(m.vals[len(m.vals)-1]))
		}
		if fn.code.NParams != 1 {
			return rtErr(KindEval, "List.%s needs a function of 1 parameter", name)
		}
		if err := m.charge(sizeList(len(xs.elems))); err != nil {
			return err
		}
		m.vals = m.vals[:len(m.vals)-2]
		*m.pushFrame() = frame{kind: fIter, base: len(m.vals), list: xs, fn: fn,
			filter: name == "filter", acc: make([]value, 0, len(xs.elems))}
		return nil
	}
	args := m.popN(n)
	m.pop()
	var v value
	var err *Error
	if h, ok := recv.(vHandle); ok {
		v, err = m.hostMethod(m.frames[fi].ctx, h, name, args)
	} else {
		if err := m.charge(methodCost(recv, name, args)); err != nil {
			return err
		}
		v, err = valueMethod(recv, name, args)
	}
	if err != nil {
		return err
	}
	m.push(v)
	return nil
}
