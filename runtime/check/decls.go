package check

import (
	"revl.dev/debug/runtime/syntax"
)

// checkDecls checks the top level: duplicate names, service signatures,
// type declarations, helper signatures and component headers. collect()
// already indexed the first declaration of every name; a later one with
// the same name is the duplicate.
func (c *checker) checkDecls() {
	tests := map[string]*syntax.TestDecl{}
	for _, d := range c.p.File.Decls {
		c.checkDecl(d, tests)
	}
}

// checkDecl is checkDecls for one declaration; tests holds the tests
// before it by name (the first of a name).
func (c *checker) checkDecl(d syntax.Decl, tests map[string]*syntax.TestDecl) {
	switch d := d.(type) {
	case *syntax.ServiceDecl:
		c.serviceDecl(d)
	case *syntax.TypeDecl:
		c.typeDecl(d)
	case *syntax.FnDecl:
		c.fnDecl(d)
	case *syntax.ComponentDecl:
		c.componentHeader(d)
	case *syntax.TestDecl:
		if d.Name == nil {
			return
		}
		if first := tests[d.Name.Value]; first != nil {
			c.err(d.Name, "E-duplicate", "test "+q(d.Name.Value)+" is already declared; test names must be unique",
				c.at(first.Name, "first test %s", q(d.Name.Value)))
		} else {
			tests[d.Name.Value] = d
		}
	}
}

func (c *checker) serviceDecl(d *syntax.ServiceDecl) {
	if d.Name == nil {
		return
	}
	if first := c.p.ServiceByID[d.Name.Name]; first != nil && first.Decl != d {
		c.err(d.Name, "E-duplicate", "service "+q(d.Name.Name)+" is already declared; rename or remove this one",
			c.at(first.Decl.Name, "service %s first declared here", q(d.Name.Name)))
	} else {
		c.def(d.Name, RefService, d)
	}
	seen := map[string]*syntax.MethodSig{}
	for _, m := range d.Methods {
		if m == nil || m.Name == nil {
			continue
		}
		if first := seen[m.Name.Name]; first != nil {
			c.err(m.Name, "E-duplicate", "method "+q(m.Name.Name)+" is already declared in service "+q(d.Name.Name),
				c.at(first.Name, "method %s first declared here", q(m.Name.Name)))
		} else {
			seen[m.Name.Name] = m
			c.def(m.Name, RefMethod, m)
		}
		if m.Commutative && !m.Emission {
			// Commutativity is about the order of emissions, which a plain
			// or async fn never makes (spec §2).
			c.err(m.Name, "E-commutative-not-emission", "'commutative' applies only to an emission fn; "+
				"mark "+q(m.Name.Name)+" 'emission' or drop 'commutative'")
		}
		c.params(m.Params, nil, true)
		c.typeExpr(m.Result)
	}
}

// params checks a parameter list: unique names and known types. When sc is
// non-nil the names are declared there (bodies); requireTypes is set for
// signatures, where a type is part of the declaration.
func (c *checker) params(ps []*syntax.Param, sc *scope, requireTypes bool) {
	seen := map[string]*syntax.Param{}
	for _, p := range ps {
		if p == nil || p.Name == nil {
			continue
		}
		if sc == nil {
			if first := seen[p.Name.Name]; first != nil && p.Name.Name != "_" {
				c.err(p.Name, "E-duplicate", "parameter "+q(p.Name.Name)+" is already declared",
					c.at(first.Name, "parameter %s first declared here", q(p.Name.Name)))
			} else {
				seen[p.Name.Name] = p
				c.def(p.Name, RefLocal, p)
			}
		} else {
			c.declare(sc, p.Name, p, false, "parameter")
		}
		c.typeExpr(p.Type)
	}
}

func (c *checker) typeDecl(d *syntax.TypeDecl) {
	if d.Name == nil {
		return
	}
	switch first := c.p.TypeByName[d.Name.Name]; {
	case isBuiltinTypeName(d.Name.Name):
		c.err(d.Name, "E-duplicate", q(d.Name.Name)+" is a built-in type; choose another name")
	case first != nil && first.Decl != d:
		c.err(d.Name, "E-duplicate", "type "+q(d.Name.Name)+" is already declared; rename or remove this one",
			c.at(first.Decl.Name, "type %s first declared here", q(d.Name.Name)))
	default:
		c.def(d.Name, RefType, d)
	}
	u, ok := d.Type.(*syntax.UnionType)
	if !ok || u == nil {
		c.typeExpr(d.Type)
		return
	}
	for _, v := range u.Variants {
		if v == nil || v.Name == nil {
			continue
		}
		c.ctorName(v)
		for _, f := range v.Fields {
			c.typeExpr(f)
		}
	}
}

// ctorName checks that a union case has a name no other constructor,
// helper or host class uses: constructors share the expression namespace,
// so `Found(r)` must mean one thing in the whole file.
func (c *checker) ctorName(v *syntax.Variant) {
	name := v.Name.Name
	if _, ok := BuiltinCtors[name]; ok {
		c.err(v.Name, "E-duplicate", q(name)+" is a built-in constructor; choose another case name")
		return
	}
	if _, ok := HostClasses[name]; ok {
		c.err(v.Name, "E-duplicate", q(name)+" is a host class; choose another case name")
		return
	}
	if first := c.p.Ctors[name]; first != nil && first.Variant != v {
		c.err(v.Name, "E-duplicate", "constructor "+q(name)+" is already declared (constructor names are global across unions)",
			c.at(first.Variant.Name, "constructor %s first declared in type %s", q(name), q(first.Type.Name)))
		return
	}
	c.def(v.Name, RefCtor, v)
}

func (c *checker) fnDecl(d *syntax.FnDecl) {
	if d.Name == nil {
		return
	}
	name := d.Name.Name
	switch first := c.p.FnByName[name]; {
	case first != nil && first != d:
		c.err(d.Name, "E-duplicate", "fn "+q(name)+" is already declared; rename or remove this one",
			c.at(first.Name, "fn %s first declared here", q(name)))
	case c.p.Ctors[name] != nil:
		c.err(d.Name, "E-duplicate", "fn "+q(name)+" has the name of a union constructor; rename it",
			c.at(c.p.Ctors[name].Variant.Name, "constructor %s declared here", q(name)))
	default:
		if _, ok := BuiltinCtors[name]; ok {
			c.err(d.Name, "E-duplicate", q(name)+" is a built-in constructor; choose another fn name")
		} else if _, ok := HostClasses[name]; ok {
			c.err(d.Name, "E-duplicate", q(name)+" is a host class; choose another fn name")
		} else {
			c.def(d.Name, RefFn, d)
		}
	}
	c.params(d.Params, nil, true)
	c.typeExpr(d.Result)
}

// componentHeader checks the name and the key bindings of a component.
// Composition-level rules (providers, cycles) are in compose.go.
func (c *checker) componentHeader(d *syntax.ComponentDecl) {
	if d.Name == nil {
		return
	}
	if first := c.p.CompByName[d.Name.Name]; first != nil && first.Decl != d {
		c.err(d.Name, "E-duplicate", "component "+q(d.Name.Name)+" is already declared; rename or remove this one",
			c.at(first.Decl.Name, "component %s first declared here", q(d.Name.Name)))
	} else {
		c.def(d.Name, RefComponent, d)
	}
	var provided bindingSet
	for i, list := range [2][]*syntax.KeyBinding{d.Provides, d.Requires} {
		seen := bindingSet{list: list}
		for j, b := range list {
			if b == nil {
				continue
			}
			c.keyService(b)
			if b.Key == nil {
				continue
			}
			if first := seen.first(b.Key.Name, j); first != nil {
				c.err(b.Key, "E-duplicate", "key "+q(b.Key.Name)+" is already declared in component "+q(d.Name.Name),
					c.at(first.Key, "key %s first declared here", q(b.Key.Name)))
				continue
			}
			if i == 1 && provided.first(b.Key.Name, len(provided.list)) != nil {
				continue // requires and provides of one key: E-self-require (compose.go)
			}
			c.def(b.Key, RefKey, b)
		}
		if i == 0 {
			provided = seen
		}
	}
}

// bindingSet answers "the first binding of this key name" over a
// requires or provides list. A component names a handful of keys, so a
// scan of the list beats a map per list (the map was a tenth of
// checking 50,000 components); a long list gets its map, built once, so
// the check stays linear.
type bindingSet struct {
	list   []*syntax.KeyBinding
	byName map[string]int // index of the first binding of a name; long lists only
}

const scanBindings = 16

// first returns the first binding of name among list[:upto], or nil.
func (s *bindingSet) first(name string, upto int) *syntax.KeyBinding {
	if len(s.list) <= scanBindings {
		for _, b := range s.list[:upto] {
			if b != nil && b.Key != nil && b.Key.Name == name {
				return b
			}
		}
		return nil
	}
	if s.byName == nil {
		s.byName = make(map[string]int, len(s.list))
		for j, b := range s.list {
			if b != nil && b.Key != nil {
				if _, dup := s.byName[b.Key.Name]; !dup {
					s.byName[b.Key.Name] = j
				}
			}
		}
	}
	if j, ok := s.byName[name]; ok && j < upto {
		return s.list[j]
	}
	return nil
}

// keyService resolves the service of a key binding.
func (c *checker) keyService(b *syntax.KeyBinding) {
	if b.Service == nil {
		return
	}
	s := c.p.ServiceByID[b.Service.Name]
	if s == nil {
		c.err(b.Service, "E-unknown-service", "unknown service "+q(b.Service.Name)+
			c.didYouMean(b.Service.Name, sortedKeys(c.p.ServiceByID)))
		return
	}
	c.use(b.Service, Ref{Kind: RefService, Def: s.Decl.Name, Decl: s.Decl})
}

func isBuiltinTypeName(name string) bool {
	_, ok := builtinArity(name)
	return ok
}

// hostTypeArity gives the host classes that are usable as opaque types
// (a `var p: Pool? = None` in a method body). Map is already a built-in
// type with two arguments.
var hostTypeArity = map[string]int{"Pool": 0, "Job": 0}

// typeExpr checks a written type: every name is a built-in, a host class or
// a declared type, applied to the right number of type arguments.
func (c *checker) typeExpr(t syntax.TypeExpr) {
	if isNil(t) {
		return
	}
	switch t := t.(type) {
	case *syntax.NamedType:
		for _, a := range t.Args {
			c.typeExpr(a)
		}
		if t.Name == nil {
			return
		}
		name := t.Name.Name
		want, builtin := builtinArity(name)
		if !builtin && (name == "Pool" || name == "Job") {
			want, builtin = hostTypeArity[name]
		}
		if builtin {
			c.use(t.Name, Ref{Kind: RefType})
			if len(t.Args) != want {
				c.err(t, "E-type-args", typeArgsMsg(name, want, len(t.Args)))
			}
			return
		}
		if ti := c.p.TypeByName[name]; ti != nil {
			c.use(t.Name, Ref{Kind: RefType, Def: ti.Decl.Name, Decl: ti.Decl})
			if len(t.Args) != 0 {
				c.err(t, "E-type-args", typeArgsMsg(name, 0, len(t.Args)))
			}
			return
		}
		cands := append(sortedKeys(BuiltinTypes), sortedKeys(c.p.TypeByName)...)
		c.err(t.Name, "E-unknown-type", "unknown type "+q(name)+c.didYouMean(name, cands))
	case *syntax.OptionalType:
		c.typeExpr(t.Elem)
	case *syntax.RecordType:
		seen := map[string]*syntax.FieldType{}
		for _, f := range t.Fields {
			if f == nil {
				continue
			}
			if f.Name != nil {
				if first := seen[f.Name.Name]; first != nil {
					c.err(f.Name, "E-duplicate", "record field "+q(f.Name.Name)+" is already declared",
						c.at(first.Name, "field %s first declared here", q(f.Name.Name)))
				} else {
					seen[f.Name.Name] = f
				}
			}
			c.typeExpr(f.Type)
		}
	case *syntax.UnionType:
		// Only valid as the whole right side of a type declaration, where
		// typeDecl handles it; the parser reports it anywhere else.
		for _, v := range t.Variants {
			if v != nil {
				for _, f := range v.Fields {
					c.typeExpr(f)
				}
			}
		}
	}
}

func typeArgsMsg(name string, want, got int) string {
	if want == 0 {
		return "type " + q(name) + " takes no type arguments, got " + itoa(got)
	}
	return "type " + q(name) + " takes " + plural(want, "type argument") + ", got " + itoa(got)
}
