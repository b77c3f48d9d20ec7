package check

import (
	"revl.dev/debug/runtime/syntax"
)

// Program is the resolved view of one file: its declarations indexed by
// name, the composition's components in declaration and load order, and
// the provider of every key. The checker builds it; the runtime, the
// scheduler and the language server read it and never change it.
//
// Lookups go through the maps; anything that iterates uses the slices,
// which are in declaration order, so no map order ever leaks into output.
type Program struct {
	File *syntax.File

	Services    []*Service
	ServiceByID map[string]*Service

	Types      []*TypeInfo
	TypeByName map[string]*TypeInfo
	// Ctors maps a union constructor name (`Found`) to its union.
	Ctors map[string]*Ctor

	Fns      []*syntax.FnDecl
	FnByName map[string]*syntax.FnDecl

	Components  []*Component // declaration order
	CompByName  map[string]*Component
	LoadOrder   []*Component // Kahn's order (spec §4); components on a cycle come last
	Cycle       []*Component // components on a dependency cycle, in declaration order
	ProviderOf  map[string]*Component
	Tests       []*syntax.TestDecl
	Diagnostics []syntax.Diagnostic // everything Check found; nil after a clean check

	dependents map[*Component][]*Component // built by Index

	// Uses maps every identifier the checker resolved, in expressions,
	// types, key positions and declarations alike, to what it names. A
	// declaring identifier maps to itself (Ref.Def == the identifier), so
	// rename can collect every occurrence with References. Filled by Check;
	// nil after CheckWith with Options.NoUses (lean.go).
	Uses map[*syntax.Ident]Ref
	// TypeOf maps the declaring identifier of every local (let, var,
	// effect binding, parameter, for variable, pattern binding) to its
	// inferred type; TypeOfIdent looks up uses too. Filled by Check.
	TypeOf map[*syntax.Ident]*Type
}

// Service is a declared service.
type Service struct {
	Decl        *syntax.ServiceDecl
	Name        string
	Commutative bool
	Methods     []*Method
	MethodByID  map[string]*Method
}

// Method is one operation of a service.
type Method struct {
	Sig      *syntax.MethodSig
	Service  *Service
	Name     string
	Emission bool
	Async    bool
	// Commutative is true when the method or its whole service is
	// commutative: the order of its emissions is not observable.
	Commutative bool
}

// TypeInfo is a declared type.
type TypeInfo struct {
	Decl *syntax.TypeDecl
	Name string
}

// Ctor is one case of a declared union.
type Ctor struct {
	Type    *TypeInfo
	Variant *syntax.Variant
	Name    string
	Arity   int
}

// Component is one component of the composition (one fiber at run time).
type Component struct {
	Decl *syntax.ComponentDecl
	Name string
	// DeclIndex is the position among the file's components; LoadIndex the
	// position in the load order, which ranks ready atoms (spec §6).
	DeclIndex int
	LoadIndex int
	Requires  []*Key
	Provides  []*Key
	// byName finds the keys of a header of more than manyKeys (KeyOf);
	// nil for the few-key components nearly all are.
	byName map[string]*Key
	Config *syntax.ConfigStmt // nil when the component has no config step
	// Mock is set on a synthetic component that stands in for an
	// unprovided key (package mocks derives them); nil on every component
	// of a source file. See MockInfo.
	Mock *MockInfo
}

// Key is a local key of a component, bound to a service.
type Key struct {
	Binding   *syntax.KeyBinding
	Name      string
	Service   *Service // nil when the service is unknown (reported)
	Provided  bool     // declared under provides (else requires)
	Component *Component
	// Provider is, for a required key, the component that provides it (nil
	// when nothing in the composition does).
	Provider *Component
}

// ServiceName is the name of the service k is bound to: the resolved
// service, else the name the binding wrote (an unknown service, already
// reported), else "".
func (k *Key) ServiceName() string {
	switch {
	case k == nil:
		return ""
	case k.Service != nil:
		return k.Service.Name
	case k.Binding != nil && k.Binding.Service != nil:
		return k.Binding.Service.Name
	}
	return ""
}

// Dependents returns the components that require a key c provides, in load
// order. Teardown of c waits for all of them (spec §6 teardown gate). The
// scheduler asks at every decision, so the answer is precomputed by Index;
// the slice is shared and must not be changed.
func (p *Program) Dependents(c *Component) []*Component {
	if p.dependents != nil {
		return p.dependents[c]
	}
	return p.dependentsOf(c)
}

func (p *Program) dependentsOf(c *Component) []*Component {
	var out []*Component
	for _, d := range p.LoadOrder {
		for _, k := range d.Requires {
			if k.Provider == c {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// Index precomputes what the scheduler asks at every decision. Check calls
// it; code that builds or edits a Program by hand (auto-mocks) calls it
// again afterwards. Until then Dependents computes its answer each time.
func (p *Program) Index() {
	// One pass over every require edge: d depends on each distinct
	// provider of its keys. Walking the load order keeps each list in load
	// order, as dependentsOf returns it.
	deps := make(map[*Component][]*Component, len(p.Components))
	for _, d := range p.LoadOrder {
		for j, k := range d.Requires {
			if k.Provider == nil || !ProviderFirstSeen(d.Requires, j) {
				continue
			}
			deps[k.Provider] = append(deps[k.Provider], d)
		}
	}
	p.dependents = deps
}

// ProviderFirstSeen reports whether reqs[j] is the first of reqs with its
// provider, so a consumer of two keys of one provider counts once.
func ProviderFirstSeen(reqs []*Key, j int) bool {
	for _, prev := range reqs[:j] {
		if prev.Provider == reqs[j].Provider {
			return false
		}
	}
	return true
}

// Collect indexes the declarations of f as the check does (the
// components, their keys and providers, the load order) without checking
// them: for a file already known to check clean, whose shape is all the
// caller reads (the debugger's header-first launch, from the headers of
// such a file: syntax.Headers). Its Diagnostics are nil whatever f holds.
func Collect(f *syntax.File) *Program { return collect(f) }

// collect indexes the declarations of f. The first declaration of a name
// wins; the checker reports the duplicates.
func collect(f *syntax.File) *Program {
	// The maps and the components' list are sized once: at 50,000
	// components growing them was 2 MB of garbage and their rehashing, and
	// an edit of a 10,000-line file collects every declaration again.
	var comps, services, types, ctors, fns, provided, required int
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *syntax.ComponentDecl:
			comps++
			provided += len(d.Provides)
			required += len(d.Requires)
		case *syntax.ServiceDecl:
			services++
		case *syntax.TypeDecl:
			types++
			if u, ok := d.Type.(*syntax.UnionType); ok {
				ctors += len(u.Variants)
			}
		case *syntax.FnDecl:
			fns++
		}
	}
	p := &Program{
		File:        f,
		ServiceByID: make(map[string]*Service, services),
		TypeByName:  make(map[string]*TypeInfo, types),
		Ctors:       make(map[string]*Ctor, ctors),
		FnByName:    make(map[string]*syntax.FnDecl, fns),
		CompByName:  make(map[string]*Component, comps),
		ProviderOf:  make(map[string]*Component, provided),
	}
	if comps > 0 { // none stays nil, as before
		p.Components = make([]*Component, 0, comps)
	}
	// The components, their keys and the keys' lists, each in one
	// allocation for the whole file (carved per component below): one
	// each per component was 15,000 allocations at 5,000 components, a
	// third of a header-first launch's Collect.
	compSlab := make([]Component, comps)
	keySlab := make([]Key, provided+required)
	keyPtrs := make([]*Key, provided+required)
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *syntax.ServiceDecl:
			if d.Name == nil || p.ServiceByID[d.Name.Name] != nil {
				continue
			}
			s := &Service{Decl: d, Name: d.Name.Name, Commutative: d.Commutative, MethodByID: map[string]*Method{}}
			for _, sig := range d.Methods {
				if sig.Name == nil || s.MethodByID[sig.Name.Name] != nil {
					continue
				}
				m := &Method{Sig: sig, Service: s, Name: sig.Name.Name, Emission: sig.Emission, Async: sig.Async,
					Commutative: sig.Commutative || d.Commutative}
				s.Methods = append(s.Methods, m)
				s.MethodByID[m.Name] = m
			}
			p.Services = append(p.Services, s)
			p.ServiceByID[s.Name] = s
		case *syntax.TypeDecl:
			if d.Name == nil || p.TypeByName[d.Name.Name] != nil {
				continue
			}
			t := &TypeInfo{Decl: d, Name: d.Name.Name}
			p.Types = append(p.Types, t)
			p.TypeByName[t.Name] = t
			if u, ok := d.Type.(*syntax.UnionType); ok {
				for _, v := range u.Variants {
					if v.Name == nil || p.Ctors[v.Name.Name] != nil {
						continue
					}
					p.Ctors[v.Name.Name] = &Ctor{Type: t, Variant: v, Name: v.Name.Name, Arity: len(v.Fields)}
				}
			}
		case *syntax.FnDecl:
			if d.Name == nil || p.FnByName[d.Name.Name] != nil {
				continue
			}
			p.Fns = append(p.Fns, d)
			p.FnByName[d.Name.Name] = d
		case *syntax.TestDecl:
			p.Tests = append(p.Tests, d)
		case *syntax.ComponentDecl:
			if d.Name == nil || p.CompByName[d.Name.Name] != nil {
				continue
			}
			c := &compSlab[len(p.Components)]
			*c = Component{Decl: d, Name: d.Name.Name, DeclIndex: len(p.Components)}

			add := func(bs []*syntax.KeyBinding, provided bool) []*Key {
				if len(bs) == 0 {
					return nil
				}
				// The keys of a list, and the list, carved from the
				// file's (full slice expressions: an append to one never
				// reaches the next).
				n := len(bs)
				keys, slab := keyPtrs[:0:n], keySlab[:n:n]
				keyPtrs, keySlab = keyPtrs[n:], keySlab[n:]
				if c.byName == nil && len(d.Provides)+len(d.Requires) > manyKeys {
					c.byName = make(map[string]*Key, len(d.Provides)+len(d.Requires))
				}
				for _, b := range bs {
					if b.Key == nil {
						continue
					}
					if c.byName != nil {
						if c.byName[b.Key.Name] != nil {
							continue
						}
					} else if c.KeyOf(b.Key.Name) != nil || keyIn(keys, b.Key.Name) != nil {
						continue
					}
					k := &slab[len(keys)]
					*k = Key{Binding: b, Name: b.Key.Name, Provided: provided, Component: c}
					if b.Service != nil {
						k.Service = p.ServiceByID[b.Service.Name]
					}
					keys = append(keys, k)
					if c.byName != nil {
						c.byName[k.Name] = k
					}
				}
				if len(keys) == 0 {
					return nil // as before: no keys is nil
				}
				return keys
			}
			c.Provides = add(d.Provides, true)
			c.Requires = add(d.Requires, false)
			if d.Body != nil && len(d.Body.Stmts) > 0 {
				if cfg, ok := d.Body.Stmts[0].(*syntax.ConfigStmt); ok {
					c.Config = cfg
				}
			}
			p.Components = append(p.Components, c)
			p.CompByName[c.Name] = c
		}
	}
	// Services may be declared after the components that name them.
	for _, c := range p.Components {
		for _, keys := range [2][]*Key{c.Provides, c.Requires} {
			for _, k := range keys {
				if k.Service == nil && k.Binding.Service != nil {
					k.Service = p.ServiceByID[k.Binding.Service.Name]
				}
			}
		}
		for _, k := range c.Provides {
			if p.ProviderOf[k.Name] == nil {
				p.ProviderOf[k.Name] = c
			}
		}
	}
	for _, c := range p.Components {
		for _, k := range c.Requires {
			if prov := p.ProviderOf[k.Name]; prov != nil && prov != c {
				k.Provider = prov
			}
		}
	}
	p.LoadOrder, p.Cycle = loadOrder(p.Components)
	for i, c := range p.LoadOrder {
		c.LoadIndex = i
	}
	p.Index()
	return p
}

// loadOrder is Kahn's topological sort, stable in declaration order (spec
// §4): start with the components that have no unmet edges, in declaration
// order; take the first; append newly freed components in declaration
// order. Components left on a cycle are appended in declaration order and
// returned as the cycle.
func loadOrder(comps []*Component) (order, cycle []*Component) {
	// The edges are kept as one flat list of consumers grouped by
	// provider (edges[from[j]:from[j+1]] are j's consumers, in declaration
	// order), and the queue is one slice each component enters once: a
	// slice per provider and a growing queue were 7.7 MB of garbage at
	// 50,000 components, all of it live at the launch's peak.
	n := len(comps)
	indeg := make([]int32, n)
	from := make([]int32, n+1)
	// seen[j] == i+1 marks provider j as counted for component i: one
	// slice for the whole sort instead of a map per component.
	seen := make([]int32, n)
	firstEdge := func(i int, k *Key) bool {
		if k.Provider == nil || seen[k.Provider.DeclIndex] == int32(i+1) {
			return false
		}
		seen[k.Provider.DeclIndex] = int32(i + 1)
		return true
	}
	for i, c := range comps {
		for _, k := range c.Requires {
			if firstEdge(i, k) {
				indeg[i]++
				from[k.Provider.DeclIndex+1]++
			}
		}
	}
	for j := range n {
		from[j+1] += from[j]
	}
	edges := make([]int32, from[n])
	fill := make([]int32, n) // how many of j's consumers are placed in edges
	clear(seen)
	for i, c := range comps {
		for _, k := range c.Requires {
			if firstEdge(i, k) {
				j := k.Provider.DeclIndex
				edges[from[j]+fill[j]] = int32(i)
				fill[j]++
			}
		}
	}
	queue := fill[:0] // fill is done with; each component is queued once
	for i := range comps {
		if indeg[i] == 0 {
			queue = append(queue, int32(i))
		}
	}
	order = make([]*Component, 0, n)
	for head := 0; head < len(queue); head++ {
		i := queue[head]
		order = append(order, comps[i])
		// i's consumers are in declaration order because they were filled
		// by walking comps in order.
		for _, j := range edges[from[i]:from[i+1]] {
			indeg[j]--
			if indeg[j] == 0 {
				queue = append(queue, j)
			}
		}
	}
	// A component is placed exactly when its count reached zero.
	for i, c := range comps {
		if indeg[i] != 0 {
			cycle = append(cycle, c)
			order = append(order, c)
		}
	}
	return order, cycle
}

// KeyOf returns the key of c named name, provided or required, or nil. A
// name is in one of the lists at most (collect keeps the first). Mostly a
// scan: a component has a few keys, and a map per component was 15 MB of
// the 50,000-component launch.
func (c *Component) KeyOf(name string) *Key {
	// A copy of a Component (package mocks makes them, with copies of
	// the keys) shares the map of keys that are not its own: scan then.
	if k := c.byName[name]; k != nil && k.Component == c {
		return k
	}
	if k := keyIn(c.Provides, name); k != nil {
		return k
	}
	return keyIn(c.Requires, name)
}

func keyIn(keys []*Key, name string) *Key {
	for _, k := range keys {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// manyKeys is the header size above which collect finds duplicate key
// names with a map instead of scanning.
const manyKeys = 16
