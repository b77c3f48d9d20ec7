package check

import (
	"revl.dev/debug/runtime/syntax"
)

// unparen strips parentheses, which never change meaning.
func unparen(e syntax.Expr) syntax.Expr {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok || p == nil {
			return e
		}
		e = p.X
	}
}

// expr resolves every name in e and checks the expression rules: calls
// through keys, arity, arrow position, await, match patterns.
func (c *checker) expr(b *body, sc *scope, e syntax.Expr) {
	if isNil(e) {
		return
	}
	switch e := e.(type) {
	case *syntax.Ident:
		c.useName(b, sc, e)
	case *syntax.TemplateLit:
		for _, x := range e.Exprs {
			c.expr(b, sc, x)
		}
	case *syntax.SelectorExpr:
		c.selector(b, sc, e, nil)
	case *syntax.IndexExpr:
		c.expr(b, sc, e.X)
		c.expr(b, sc, e.Index)
	case *syntax.CallExpr:
		c.call(b, sc, e)
	case *syntax.RecordLit:
		c.recordLit(b, sc, e)
	case *syntax.ListLit:
		for _, x := range e.Elems {
			c.expr(b, sc, x)
		}
	case *syntax.MatchExpr:
		c.match(b, sc, e)
	case *syntax.UnaryExpr:
		c.expr(b, sc, e.X)
	case *syntax.BinaryExpr:
		c.expr(b, sc, e.X)
		c.expr(b, sc, e.Y)
	case *syntax.TernaryExpr:
		c.expr(b, sc, e.Cond)
		c.expr(b, sc, e.Then)
		c.expr(b, sc, e.Else)
	case *syntax.ParenExpr:
		c.expr(b, sc, e.X)
	case *syntax.ArrowExpr:
		// Arrows are not values: the runtime applies them only where a
		// call receives them (xs.map(x => x + 1)).
		c.err(e, "E-arrow-position", "an arrow function can only be passed directly as a call argument, as in 'xs.map(x => ...)'")
		c.arrow(b, sc, e)
	case *syntax.AwaitExpr:
		c.expr(b, sc, e.X)
		c.await(b, sc, e)
	case *syntax.BlockExpr:
		inner := c.newScope(sc)
		c.stmts(b.with(inEffectBlock), inner, e.Stmts)
		c.expr(b.with(inEffectBlock), inner, e.Value)
	case *syntax.HarnessCallExpr:
		c.err(e, "E-step-not-allowed", "'call' is only allowed as a lifecycle test step: 'call key.method(...)' or 'let x = call key.method(...)'")
	}
}

// arg checks one call argument, the only place an arrow may stand.
func (c *checker) arg(b *body, sc *scope, a syntax.Expr) {
	if ar, ok := unparen(a).(*syntax.ArrowExpr); ok && ar != nil {
		c.arrow(b, sc, ar)
		return
	}
	c.expr(b, sc, a)
}

func (c *checker) arrow(b *body, sc *scope, a *syntax.ArrowExpr) {
	inner := c.newScope(sc)
	for _, p := range a.Params {
		c.declare(inner, p, a, false, "arrow parameter")
	}
	c.expr(b, inner, a.Body)
}

// call checks a call by what its callee names.
func (c *checker) call(b *body, sc *scope, e *syntax.CallExpr) {
	switch fn := e.Fun.(type) {
	case *syntax.Ident:
		n := c.useName(b, sc, fn)
		switch {
		case n.kind == RefFn:
			if want := len(n.fn.Params); len(e.Args) != want {
				c.err(e, "E-arity", "fn "+q(fn.Name)+" takes "+plural(want, "argument")+", got "+itoa(len(e.Args)),
					c.at(n.fn.Name, "fn %s is declared here", q(fn.Name)))
			}
		case n.kind == RefCtor:
			if len(e.Args) != n.arity {
				var rel []syntax.Related
				if n.ctor != nil {
					rel = append(rel, c.at(n.ctor.Variant, "constructor %s is declared here", q(fn.Name)))
				}
				c.err(e, "E-arity", "constructor "+q(fn.Name)+" takes "+plural(n.arity, "argument")+", got "+itoa(len(e.Args)), rel...)
			}
		}
	case *syntax.SelectorExpr:
		if fn != nil {
			c.selector(b, sc, fn, e)
		}
	default:
		c.expr(b, sc, e.Fun)
	}
	for _, a := range e.Args {
		c.arg(b, sc, a)
	}
}

// callMode tells how a call through a key is made.
type callMode int

const (
	plainCall   callMode = iota // k.m(args) in an expression
	emitCall                    // emit k.m(args)
	compensate                  // emit ... compensate k.m(args)
	harnessCall                 // let x = call k.m(args) in a lifecycle test
)

// selector checks x.f, and x.f(args) when call is non-nil: a method of a
// key's service, a config field, a host static, or a value's field or
// method.
func (c *checker) selector(b *body, sc *scope, s *syntax.SelectorExpr, call *syntax.CallExpr) {
	if id, ok := s.X.(*syntax.Ident); ok && id != nil && s.Sel != nil {
		n := c.useName(b, sc, id)
		switch n.kind {
		case RefKey:
			c.keyMethod(n.key, s.Sel, call, plainCall)
			return
		case RefConfig:
			c.configField(b, s.Sel)
			return
		case RefHostClass:
			c.hostStatic(n.host, s.Sel, call)
			return
		}
		if !n.found {
			return // reported; the member cannot be judged
		}
	} else {
		c.expr(b, sc, s.X)
	}
	if call != nil && s.Sel != nil && !c.valueMethods[s.Sel.Name] {
		c.err(s.Sel, "E-unknown-method", "no value or host resource has a method "+q(s.Sel.Name)+
			c.didYouMean(s.Sel.Name, sortedKeys(c.valueMethods)))
	}
}

// keyMethod checks `k.m` (and the call, when there is one) against the
// key's service. Arguments are checked by the caller.
func (c *checker) keyMethod(key *Key, sel *syntax.Ident, call *syntax.CallExpr, mode callMode) {
	svc := key.Service
	if svc == nil || sel == nil {
		return // unknown service, reported on the key's binding
	}
	m := svc.MethodByID[sel.Name]
	if m == nil {
		c.err(sel, "E-unknown-method", "service "+q(svc.Name)+" (key "+q(key.Name)+") has no method "+q(sel.Name)+
			c.didYouMean(sel.Name, sortedKeys(svc.MethodByID)),
			c.at(svc.Decl.Name, "service %s is declared here", q(svc.Name)))
		return
	}
	c.use(sel, Ref{Kind: RefMethod, Def: m.Sig.Name, Decl: m.Sig})
	// Built only for a diagnostic: every call through a key passes here.
	at := func() syntax.Related { return c.at(m.Sig, "%s is declared here", q(m.Name)) }
	switch {
	case mode == emitCall && !m.Emission:
		c.err(sel, "E-emit-not-emission", q(key.Name+"."+m.Name)+" is not an emission fn, so it cannot be emitted; "+
			"call it without 'emit', or declare it 'emission fn "+m.Name+"'", at())
	case mode == plainCall && call != nil && m.Emission:
		c.err(sel, "E-call-emission", q(key.Name+"."+m.Name)+" is an emission fn: an irreversible crossing must be explicit, "+
			"write 'emit "+key.Name+"."+m.Name+"(...)' as a step", at())
	}
	if call != nil {
		if want := len(m.Sig.Params); len(call.Args) != want {
			c.err(call, "E-arity", q(key.Name+"."+m.Name)+" takes "+plural(want, "argument")+", got "+itoa(len(call.Args)), at())
		}
	}
}

// configField checks config.f against the component's config step.
func (c *checker) configField(b *body, sel *syntax.Ident) {
	cs := b.comp
	if f := cs.cfgFields[sel.Name]; f != nil {
		c.use(sel, Ref{Kind: RefConfigField, Def: f.Name, Decl: f})
		return
	}
	c.err(sel, "E-config-unknown-field", "component "+q(cs.c.Name)+" has no config field "+q(sel.Name)+
		c.didYouMean(sel.Name, sortedKeys(cs.cfgFields)), c.at(cs.cfg, "config of %s", q(cs.c.Name)))
}

// hostStatic checks Map.new(), Pool.open(url, size), Job.run(name).
func (c *checker) hostStatic(host string, sel *syntax.Ident, call *syntax.CallExpr) {
	statics := HostClasses[host]
	for _, st := range statics {
		if st != sel.Name {
			continue
		}
		if want, ok := HostStaticArity[host][st]; ok && call != nil && len(call.Args) != want {
			c.err(call, "E-arity", q(host+"."+st)+" takes "+plural(want, "argument")+", got "+itoa(len(call.Args)))
		}
		return
	}
	c.err(sel, "E-unknown-method", "host class "+q(host)+" has no static "+q(sel.Name)+"; it has "+list(statics))
}

// emit checks `emit k.m(args) [compensate k.m2(args)]`.
func (c *checker) emit(b *body, sc *scope, s *syntax.EmitStmt) {
	c.throughKey(b, sc, s.Call, emitCall)
	if s.Compensate != nil {
		c.throughKey(b, sc, s.Compensate, compensate)
	}
}

// throughKey checks a call that must go through a key of the component
// (emit and compensate) and its arguments.
func (c *checker) throughKey(b *body, sc *scope, call *syntax.CallExpr, mode callMode) {
	if call == nil {
		return
	}
	for _, a := range call.Args {
		c.arg(b, sc, a)
	}
	word := "'emit'"
	if mode == compensate {
		word = "'compensate'"
	}
	s, ok := call.Fun.(*syntax.SelectorExpr)
	var id *syntax.Ident
	if ok && s != nil {
		id, _ = s.X.(*syntax.Ident)
	}
	if id == nil || s.Sel == nil {
		c.err(call, "E-emit-unknown-key", word+" needs a call through a key of the component, as in "+word[:len(word)-1]+" log.write(...)'")
		return
	}
	var key *Key
	if b.comp != nil {
		key = b.comp.c.KeyOf(id.Name)
	}
	if key == nil {
		var cands []string
		msg := word + " through " + q(id.Name) + ", which is not a key of this component"
		if b.comp != nil {
			cands = append(keyNames(b.comp.c.Requires), keyNames(b.comp.c.Provides)...)
			msg = word + " through " + q(id.Name) + ", which is not a requires or provides key of component " + q(b.comp.c.Name)
			if len(cands) == 0 {
				msg += " (it declares no keys)"
			}
		}
		c.err(id, "E-emit-unknown-key", msg+c.didYouMean(id.Name, cands))
		return
	}
	c.use(id, Ref{Kind: RefKey, Def: key.Binding.Key, Decl: key.Binding})
	c.keyMethod(key, s.Sel, call, mode)
}

// harnessCall checks `call k.m(args)` in a lifecycle test: the harness
// calls the provision k, so k must be a key some component provides.
func (c *checker) harnessCall(b *body, sc *scope, h *syntax.HarnessCallExpr) {
	call := h.Call
	if call == nil {
		return
	}
	for _, a := range call.Args {
		c.arg(b, sc, a)
	}
	s, ok := call.Fun.(*syntax.SelectorExpr)
	var id *syntax.Ident
	if ok && s != nil {
		id, _ = s.X.(*syntax.Ident)
	}
	if id == nil || s.Sel == nil {
		c.err(call, "E-unknown-key", "'call' needs a provision call, as in 'call cache.get(\"k\")'")
		return
	}
	prov := c.p.ProviderOf[id.Name]
	if prov == nil {
		var cands []string
		for _, comp := range c.p.Components {
			cands = append(cands, keyNames(comp.Provides)...)
		}
		c.err(id, "E-unknown-key", "no component provides a key "+q(id.Name)+c.didYouMean(id.Name, cands))
		return
	}
	key := prov.KeyOf(id.Name)
	c.use(id, Ref{Kind: RefKey, Def: key.Binding.Key, Decl: key.Binding})
	c.keyMethod(key, s.Sel, call, harnessCall)
}

// await reports awaiting a provision call whose method is not async. Any
// other awaited value (a Job, a local) is judged by the runtime.
func (c *checker) await(b *body, sc *scope, e *syntax.AwaitExpr) {
	call, ok := unparen(e.X).(*syntax.CallExpr)
	if !ok || call == nil {
		return
	}
	s, ok := call.Fun.(*syntax.SelectorExpr)
	if !ok || s == nil || s.Sel == nil {
		return
	}
	id, ok := s.X.(*syntax.Ident)
	if !ok || id == nil {
		return
	}
	n := c.lookup(b, sc, id.Name)
	if n.kind != RefKey || n.key.Service == nil {
		return
	}
	m := n.key.Service.MethodByID[s.Sel.Name]
	if m == nil || m.Async {
		return
	}
	c.err(call, "E-await-not-async", q(id.Name+"."+m.Name)+" is not async, so there is nothing to await; "+
		"drop 'await', or declare it 'async fn "+m.Name+"' in service "+q(n.key.Service.Name),
		c.at(m.Sig, "%s is declared here", q(m.Name)))
}

// recordLit checks a record literal: unique field names, resolved values.
func (c *checker) recordLit(b *body, sc *scope, r *syntax.RecordLit) {
	seen := map[string]*syntax.FieldInit{}
	for _, f := range r.Fields {
		if f == nil {
			continue
		}
		if f.Name != nil {
			if first := seen[f.Name.Name]; first != nil {
				c.err(f.Name, "E-duplicate", "record field "+q(f.Name.Name)+" is given twice",
					c.at(first.Name, "first value for %s", q(f.Name.Name)))
			} else {
				seen[f.Name.Name] = f
			}
		}
		c.expr(b, sc, f.Value)
	}
}

// match checks the scrutinee and each arm; pattern bindings are visible in
// their own arm only.
func (c *checker) match(b *body, sc *scope, m *syntax.MatchExpr) {
	c.expr(b, sc, m.X)
	for _, arm := range m.Arms {
		if arm == nil {
			continue
		}
		inner := c.newScope(sc)
		c.pattern(inner, arm.Pattern)
		c.expr(b, inner, arm.Body)
	}
}

// pattern resolves constructors and declares bindings. A bare name is a
// nullary constructor when one exists (None, Missing), else a binding.
func (c *checker) pattern(sc *scope, p syntax.Pattern) {
	if isNil(p) {
		return
	}
	switch p := p.(type) {
	case *syntax.NamePat:
		if p.Name == nil {
			return
		}
		if ct := c.p.Ctors[p.Name.Name]; ct != nil && ct.Arity == 0 {
			c.use(p.Name, Ref{Kind: RefCtor, Def: ct.Variant.Name, Decl: ct.Variant})
			return
		}
		if n, ok := BuiltinCtors[p.Name.Name]; ok && n == 0 {
			c.use(p.Name, Ref{Kind: RefCtor})
			return
		}
		c.declare(sc, p.Name, p, false, "pattern binding")
	case *syntax.CtorPat:
		for _, a := range p.Args {
			c.pattern(sc, a)
		}
		if p.Name == nil {
			return
		}
		name := p.Name.Name
		arity := -1
		ct := c.p.Ctors[name]
		if ct != nil {
			arity = ct.Arity
			c.use(p.Name, Ref{Kind: RefCtor, Def: ct.Variant.Name, Decl: ct.Variant})
		} else if n, ok := BuiltinCtors[name]; ok {
			arity = n
			c.use(p.Name, Ref{Kind: RefCtor})
		}
		if arity < 0 {
			c.err(p.Name, "E-unknown-ctor", "unknown constructor "+q(name)+" in pattern"+
				c.didYouMean(name, append(sortedKeys(c.p.Ctors), sortedKeys(BuiltinCtors)...)))
			return
		}
		if len(p.Args) != arity {
			// The related note is formatted only here: every pattern of
			// every match used to format it.
			var rel []syntax.Related
			if ct != nil {
				rel = append(rel, c.at(ct.Variant, "constructor %s is declared here", q(name)))
			}
			c.err(p, "E-arity", "constructor "+q(name)+" takes "+plural(arity, "argument")+", but the pattern has "+itoa(len(p.Args)), rel...)
		}
	}
}

// assign checks an assignment: only a var may change.
func (c *checker) assign(b *body, sc *scope, s *syntax.AssignStmt) {
	c.expr(b, sc, s.Value)
	id, ok := s.Target.(*syntax.Ident)
	if !ok || id == nil {
		c.expr(b, sc, s.Target) // a field or an element: its base must resolve
		return
	}
	n := c.useName(b, sc, id)
	switch {
	case !n.found:
	case n.kind != RefLocal:
		c.err(id, "E-assign-immutable", "cannot assign to "+n.kind.String()+" "+q(id.Name)+"; only a 'var' can change")
	case !n.local.mutable:
		c.err(id, "E-assign-immutable", "cannot assign to "+q(id.Name)+", a "+n.local.what+"; declare it with 'var' to change it",
			c.at(n.local.def, "%s is declared here", q(id.Name)))
	}
}
