package check

import (
	"strings"

	"revl.dev/debug/runtime/syntax"
)

// provide checks `provide k { fn m(p) ... }`: k must be a provided key of
// the component, published once, and the block must implement exactly the
// methods of k's service with their parameter counts.
func (c *checker) provide(b *body, sc *scope, s *syntax.ProvideStmt) {
	cs := b.comp
	if cs.firstProvide == nil {
		cs.firstProvide = s
	}
	key := c.providedKey(cs, s)
	var svc *Service
	if key != nil {
		svc = key.Service // nil when the service is unknown (reported on the header)
	}
	impls := map[string]*syntax.MethodImpl{}
	for _, m := range s.Methods {
		if m == nil || m.Name == nil {
			continue
		}
		name := m.Name.Name
		if first := impls[name]; first != nil {
			c.err(m.Name, "E-duplicate", "method "+q(name)+" is already implemented in this provide",
				c.at(first.Name, "first implementation of %s", q(name)))
			continue
		}
		impls[name] = m
		if svc == nil {
			continue
		}
		sig := svc.MethodByID[name]
		if sig == nil {
			c.err(m.Name, "E-provide-extra-method", "service "+q(svc.Name)+" has no method "+q(name)+
				" to implement; remove it, or declare it in the service"+c.didYouMean(name, sortedKeys(svc.MethodByID)),
				c.at(svc.Decl.Name, "service %s is declared here", q(svc.Name)))
			continue
		}
		c.use(m.Name, Ref{Kind: RefMethod, Def: sig.Sig.Name, Decl: sig.Sig})
		if want := len(sig.Sig.Params); len(m.Params) != want {
			c.err(m.Name, "E-provide-arity", q(svc.Name+"."+name)+" takes "+plural(want, "parameter")+
				", but this implementation has "+itoa(len(m.Params)),
				c.at(sig.Sig, "%s is declared here", q(name)))
		}
	}
	if svc != nil && s.Key != nil {
		for _, m := range svc.Methods {
			if impls[m.Name] != nil {
				continue
			}
			c.err(s.Key, "E-provide-missing-method", "'provide "+s.Key.Name+"' does not implement "+q(m.Name)+
				" of service "+q(svc.Name)+"; add '"+implSkeleton(m.Sig)+"'",
				c.at(m.Sig, "%s is declared here", q(m.Name)))
		}
	}
	for _, m := range s.Methods {
		if m != nil {
			c.methodBody(b, sc, m)
		}
	}
}

// providedKey resolves the key of a provide step and records it as
// published; nil when it is not a provided key of the component.
func (c *checker) providedKey(cs *compState, s *syntax.ProvideStmt) *Key {
	if s.Key == nil {
		return nil
	}
	key := cs.c.KeyOf(s.Key.Name)
	if key == nil {
		c.err(s.Key, "E-provide-unknown-key", "component "+q(cs.c.Name)+" has no key "+q(s.Key.Name)+
			" under 'provides'; add 'provides "+s.Key.Name+": Service' to its header"+
			c.didYouMean(s.Key.Name, keyNames(cs.c.Provides)))
		return nil
	}
	c.use(s.Key, Ref{Kind: RefKey, Def: key.Binding.Key, Decl: key.Binding})
	if !key.Provided {
		c.err(s.Key, "E-provide-unknown-key", q(s.Key.Name)+" is a required key of component "+q(cs.c.Name)+
			"; only a key declared under 'provides' can be provided",
			c.at(key.Binding, "%s is required here", q(s.Key.Name)))
		return nil
	}
	if first := cs.provided[key.Name]; first != nil {
		c.err(s.Key, "E-provide-duplicate", "key "+q(key.Name)+" is already provided by component "+q(cs.c.Name)+
			"; merge the two provide blocks", c.at(first.Key, "first 'provide %s'", key.Name))
		return key
	}
	if cs.provided == nil {
		cs.provided = map[string]*syntax.ProvideStmt{}
	}
	cs.provided[key.Name] = s
	return key
}

// methodBody checks one method implementation. It sees its parameters and
// every activation binding made before the provide step.
func (c *checker) methodBody(b *body, sc *scope, m *syntax.MethodImpl) {
	mb := b.with(inMethod)
	msc := c.newScope(sc)
	c.params(m.Params, msc, false)
	c.typeExpr(m.Result)
	if m.Body != nil {
		c.stmts(mb, msc, m.Body.Stmts)
	} else {
		c.expr(mb, msc, m.ExprBody)
	}
}

// implSkeleton renders the implementation a user would add for sig.
func implSkeleton(sig *syntax.MethodSig) string {
	var ps []string
	for _, p := range sig.Params {
		if p != nil && p.Name != nil {
			ps = append(ps, p.Name.Name)
		}
	}
	return "fn " + nameOf(sig.Name) + "(" + strings.Join(ps, ", ") + ") { ... }"
}

func keyNames(ks []*Key) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = k.Name
	}
	return out
}
