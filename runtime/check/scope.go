package check

import (
	"revl.dev/debug/runtime/syntax"
)

// local is a name bound inside a body: a let/var, an effect binding, a
// parameter, a for variable, an arrow parameter or a match binding.
type local struct {
	def     *syntax.Ident
	decl    syntax.Node
	mutable bool   // var (the only binding assignment may change)
	what    string // "let binding", "parameter", ... for messages
}

// scope is one level of lexical nesting. Names become visible when they
// are declared, so walking a body in order and declaring as we go gives
// "a name is visible after its binding" for free.
//
// Most scopes hold a few names, so they are a list, searched in order; a
// scope that grows past scopeListMax names gets a map as well.
type scope struct {
	parent *scope
	list   []*local          // in declaration order
	index  map[string]*local // of list, once it is long
	// small holds the list of a scope of few names, so that the scope
	// and its list are one allocation (a body of one binding, the common
	// case at 50,000 components, was three with its local).
	small [2]*local
}

const scopeListMax = 16

// newScope hands out a scope from the checker's current block of them,
// as newLocal does locals: a scope per block of every body was the name
// pass's commonest allocation.
func (c *checker) newScope(parent *scope) *scope {
	if c.scopesUsed == len(c.scopeBlock) {
		c.scopeBlock, c.scopesUsed = make([]scope, 64), 0
	}
	s := &c.scopeBlock[c.scopesUsed]
	c.scopesUsed++
	s.parent = parent
	s.list = s.small[:0]
	return s
}

// get returns the local name binds in s itself, or nil.
func (s *scope) get(name string) *local {
	if s.index != nil {
		return s.index[name]
	}
	for _, l := range s.list {
		if l.def.Name == name {
			return l
		}
	}
	return nil
}

// put binds l (not yet bound in s) under its name.
func (s *scope) put(l *local) {
	s.list = append(s.list, l)
	switch {
	case s.index != nil:
		s.index[l.def.Name] = l
	case len(s.list) > scopeListMax:
		s.index = make(map[string]*local, 2*len(s.list))
		for _, x := range s.list {
			s.index[x.def.Name] = x
		}
	}
}

func (s *scope) lookup(name string) *local {
	for ; s != nil; s = s.parent {
		if l := s.get(name); l != nil {
			return l
		}
	}
	return nil
}

// declare binds id in s. Re-declaring a name in the same scope is an
// error; shadowing an outer one is allowed (and common in method bodies).
// `_` binds nothing.
// newLocal hands out a local from the checker's current block of them.
func (c *checker) newLocal() *local {
	if c.localsUsed == len(c.localBlock) {
		c.localBlock, c.localsUsed = make([]local, 64), 0
	}
	l := &c.localBlock[c.localsUsed]
	c.localsUsed++
	return l
}

func (c *checker) declare(s *scope, id *syntax.Ident, decl syntax.Node, mutable bool, what string) {
	if id == nil || id.Name == "" || id.Name == "_" {
		return
	}
	if prev := s.get(id.Name); prev != nil {
		c.err(id, "E-duplicate", q(id.Name)+" is already declared in this scope; rename one of them",
			c.at(prev.def, "%s %s first declared here", prev.what, q(id.Name)))
	} else {
		l := c.newLocal()
		*l = local{def: id, decl: decl, mutable: mutable, what: what}
		s.put(l)
	}
	c.def(id, RefLocal, decl)
}

// named is what a name in an expression resolved to.
type named struct {
	kind  RefKind
	local *local
	key   *Key
	fn    *syntax.FnDecl
	ctor  *Ctor  // a union constructor
	arity int    // for constructors (union and built-in)
	host  string // host class name
	found bool
}

// lookup resolves a name in expression position. The order is the
// shadowing order: locals, then the component's keys and `config`, then
// the file's helpers and constructors, then the built-ins.
func (c *checker) lookup(b *body, sc *scope, name string) named {
	if l := sc.lookup(name); l != nil {
		return named{kind: RefLocal, local: l, found: true}
	}
	if b != nil && b.comp != nil {
		if k := b.comp.c.KeyOf(name); k != nil {
			return named{kind: RefKey, key: k, found: true}
		}
		if name == "config" && b.comp.cfg != nil {
			return named{kind: RefConfig, found: true}
		}
	}
	if fn := c.p.FnByName[name]; fn != nil {
		return named{kind: RefFn, fn: fn, found: true}
	}
	if ct := c.p.Ctors[name]; ct != nil {
		return named{kind: RefCtor, ctor: ct, arity: ct.Arity, found: true}
	}
	if n, ok := BuiltinCtors[name]; ok {
		return named{kind: RefCtor, arity: n, found: true}
	}
	if _, ok := HostClasses[name]; ok {
		return named{kind: RefHostClass, host: name, found: true}
	}
	switch name {
	case "true", "false", "null":
		return named{kind: RefNone, found: true}
	}
	return named{}
}

// useName resolves id, records the use, and reports an unknown name.
func (c *checker) useName(b *body, sc *scope, id *syntax.Ident) named {
	if id == nil {
		return named{}
	}
	n := c.lookup(b, sc, id.Name)
	switch n.kind {
	case RefLocal:
		c.use(id, Ref{Kind: RefLocal, Def: n.local.def, Decl: n.local.decl})
	case RefKey:
		c.use(id, Ref{Kind: RefKey, Def: n.key.Binding.Key, Decl: n.key.Binding})
	case RefConfig:
		c.use(id, Ref{Kind: RefConfig, Decl: b.comp.cfg})
	case RefFn:
		c.use(id, Ref{Kind: RefFn, Def: n.fn.Name, Decl: n.fn})
	case RefCtor:
		if n.ctor != nil {
			c.use(id, Ref{Kind: RefCtor, Def: n.ctor.Variant.Name, Decl: n.ctor.Variant})
		} else {
			c.use(id, Ref{Kind: RefCtor})
		}
	case RefHostClass:
		c.use(id, Ref{Kind: RefHostClass})
	}
	if !n.found {
		c.unknownName(b, sc, id)
	}
	return n
}

// unknownName explains why id does not resolve, with the likeliest fix.
func (c *checker) unknownName(b *body, sc *scope, id *syntax.Ident) {
	name := id.Name
	if name == "config" {
		if b != nil && b.comp != nil {
			c.err(id, "E-unknown-name", "'config' is not available: component "+q(b.comp.c.Name)+
				" has no config step (add 'config { ... }' as its first step)")
		} else {
			c.err(id, "E-unknown-name", "'config' is only available inside a component that has a config step")
		}
		return
	}
	if b != nil && b.comp == nil {
		// A key of some component named outside any component: say where
		// keys live instead of only "unknown".
		for _, comp := range c.p.Components {
			if comp.KeyOf(name) != nil {
				hint := "keys are only visible inside their own component"
				if b.kind == inLifecycle {
					hint = "in a lifecycle test, use 'call " + name + ".method(...)' (or 'let x = call ...' to keep the result)"
				}
				c.err(id, "E-unknown-name", "unknown name "+q(name)+": it is a key of component "+
					q(comp.Name)+", and "+hint)
				return
			}
		}
	}
	hint := ""
	if c.canSuggest() {
		hint = closest(name, c.visibleNames(b, sc))
	}
	c.err(id, "E-unknown-name", "unknown name "+q(name)+hint)
}

// visibleNames lists every name an expression at this point could use, for
// suggestions (closest), in no particular order.
func (c *checker) visibleNames(b *body, sc *scope) []string {
	var out []string
	for s := sc; s != nil; s = s.parent {
		for _, l := range s.list {
			out = append(out, l.def.Name)
		}
	}
	if b != nil && b.comp != nil {
		for _, k := range b.comp.c.Provides {
			out = append(out, k.Name)
		}
		for _, k := range b.comp.c.Requires {
			out = append(out, k.Name)
		}
		if b.comp.cfg != nil {
			out = append(out, "config")
		}
	}
	out = appendKeys(out, c.p.FnByName)
	out = appendKeys(out, c.p.Ctors)
	out = appendKeys(out, BuiltinCtors)
	out = appendKeys(out, HostClasses)
	return out
}
