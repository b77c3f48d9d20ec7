package mocks

import (
	"errors"
	"fmt"
	"strings"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// Mode says which keys a world mocks.
type Mode uint8

const (
	// ScheduleWorld mocks the keys that no component of the composition
	// provides; each mock is the provider of its key, a component like any
	// other, so the scheduler activates and tears it down.
	ScheduleWorld Mode = iota
	// LifecycleWorld also gives every key that a component requires and a
	// real component provides a standby mock, for lifecycle tests that load
	// a consumer while no provider of the key is loaded.
	LifecycleWorld
)

func (m Mode) String() string {
	if m == LifecycleWorld {
		return "lifecycle world"
	}
	return "schedule world"
}

// Mock describes one derived mock component.
type Mock struct {
	Name    string // _RevlMock_<Service>_<key>
	Key     string
	Service string
	// Standby is set when a real component provides Key (lifecycle world
	// only): the mock serves only while no provider is loaded.
	Standby bool
	// Consumers are the components that require Key, in load order.
	Consumers []string
	// Component is the synthetic component in World.Program.
	Component *check.Component
}

// World is a program with its mocks: the original composition plus one
// synthetic component per mocked key.
type World struct {
	Mode     Mode
	Original *check.Program
	// Program is the original's copy with the mocks: its components are
	// new values (the original program is not changed), its declarations,
	// tests and diagnostics are shared.
	Program *check.Program
	Mocks   []*Mock // in load order
}

// MockName is the name of the mock of key bound to service:
// `_RevlMock_Database_db`.
func MockName(service, key string) string { return "_RevlMock_" + service + "_" + key }

// Derive builds the world of p in mode. p must check without errors. Every
// required key that is mocked gets one mock, shared by all its consumers;
// the consumers must agree on the key's service.
//
// Load order: the original load order, unchanged, with each mock placed
// immediately before the first of its consumers (a consumer's mocks in the
// order of its requires clause). Since a mock requires nothing, that is a
// valid order, and the canonical schedule of the world is the original's
// with every mock activated just before it is first needed (and torn down
// after its last consumer).
func Derive(p *check.Program, mode Mode) (*World, error) {
	if p == nil {
		return nil, errors.New("mocks: nil program")
	}
	if check.HasErrors(p.Diagnostics) {
		return nil, errors.New("mocks: the program has errors; a world is derived only from a program that checks")
	}
	w := &World{Mode: mode, Original: p}

	// Which keys to mock, in the order of their first consumer.
	type want struct {
		mock  *Mock
		svc   *check.Service
		first *check.Component
		by    *check.Component // the consumer that fixed the service
	}
	var wants []*want
	byKey := map[string]*want{}
	for _, c := range p.LoadOrder {
		for _, k := range c.Requires {
			if k.Service == nil || (k.Provider != nil && mode == ScheduleWorld) {
				continue
			}
			if x := byKey[k.Name]; x != nil {
				if x.svc != k.Service {
					return nil, fmt.Errorf("mocks: key %q is required as %s by %s and as %s by %s: one mock cannot serve both",
						k.Name, x.svc.Name, x.by.Name, k.Service.Name, c.Name)
				}
				x.mock.Consumers = append(x.mock.Consumers, c.Name)
				continue
			}
			x := &want{svc: k.Service, first: c, by: c, mock: &Mock{
				Name: MockName(k.Service.Name, k.Name), Key: k.Name, Service: k.Service.Name,
				Standby: k.Provider != nil, Consumers: []string{c.Name},
			}}
			if p.CompByName[x.mock.Name] != nil {
				return nil, fmt.Errorf("mocks: cannot derive a mock of %s: component %s already exists", k.Name, x.mock.Name)
			}
			byKey[k.Name] = x
			wants = append(wants, x)
		}
	}

	// Copy the components and their keys, so the original stays as it is.
	copies := make(map[*check.Component]*check.Component, len(p.Components))
	np := *p
	np.Components = nil
	np.CompByName = map[string]*check.Component{}
	np.ProviderOf = map[string]*check.Component{}
	for _, c := range p.Components {
		cc := *c
		cc.Provides = copyKeys(&cc, c.Provides)
		cc.Requires = copyKeys(&cc, c.Requires)
		copies[c] = &cc
		np.Components = append(np.Components, &cc)
		np.CompByName[cc.Name] = &cc
	}
	for _, x := range wants {
		mc := mockComponent(x.mock.Name, x.mock.Key, x.svc, x.mock.Standby)
		mc.DeclIndex = len(np.Components)
		x.mock.Component = mc
		np.Components = append(np.Components, mc)
		np.CompByName[mc.Name] = mc
	}
	for _, c := range np.Components {
		for _, k := range c.Provides {
			if np.ProviderOf[k.Name] == nil && (c.Mock == nil || !c.Mock.Standby) {
				np.ProviderOf[k.Name] = c
			}
		}
	}
	for _, c := range np.Components {
		for _, k := range c.Requires {
			if k.Provider != nil {
				k.Provider = copies[k.Provider]
			} else if x := byKey[k.Name]; x != nil {
				k.Provider = x.mock.Component
			}
		}
	}

	// The load order: the original's, each mock just before its first
	// consumer.
	firstOf := map[*check.Component][]*want{}
	for _, x := range wants {
		firstOf[x.first] = append(firstOf[x.first], x)
	}
	np.LoadOrder = nil
	for _, c := range p.LoadOrder {
		for _, x := range firstOf[c] {
			np.LoadOrder = append(np.LoadOrder, x.mock.Component)
			w.Mocks = append(w.Mocks, x.mock)
		}
		np.LoadOrder = append(np.LoadOrder, copies[c])
	}
	for i, c := range np.LoadOrder {
		c.LoadIndex = i
	}
	np.Cycle = nil
	for _, c := range p.Cycle {
		np.Cycle = append(np.Cycle, copies[c])
	}
	np.Index() // the copy's components are new: recompute what Index caches
	w.Program = &np
	return w, nil
}

func copyKeys(owner *check.Component, keys []*check.Key) []*check.Key {
	var out []*check.Key
	for _, k := range keys {
		nk := *k
		nk.Component = owner
		out = append(out, &nk)
	}
	return out
}

// mockComponent synthesizes the mock of key: a component that provides
// key as svc and implements every method of svc. Its declaration has no
// source (zero spans); the runtime implements its methods natively.
func mockComponent(name, key string, svc *check.Service, standby bool) *check.Component {
	binding := &syntax.KeyBinding{Key: &syntax.Ident{Name: key}, Service: &syntax.Ident{Name: svc.Name}}
	prov := &syntax.ProvideStmt{Key: &syntax.Ident{Name: key}}
	for _, m := range svc.Methods {
		impl := &syntax.MethodImpl{Name: &syntax.Ident{Name: m.Name}, Body: &syntax.Block{}}
		if m.Sig != nil {
			for _, p := range m.Sig.Params {
				if p != nil && p.Name != nil {
					impl.Params = append(impl.Params, &syntax.Param{Name: &syntax.Ident{Name: p.Name.Name}})
				}
			}
		}
		prov.Methods = append(prov.Methods, impl)
	}
	decl := &syntax.ComponentDecl{
		Name:     &syntax.Ident{Name: name},
		Provides: []*syntax.KeyBinding{binding},
		Body:     &syntax.Block{Stmts: []syntax.Stmt{prov}},
	}
	c := &check.Component{Decl: decl, Name: name,
		Mock: &check.MockInfo{Key: key, Service: svc, Standby: standby}}
	k := &check.Key{Binding: binding, Name: key, Service: svc, Provided: true, Component: c}
	c.Provides = []*check.Key{k}
	return c
}

// Mock returns the mock of key, or nil.
func (w *World) Mock(key string) *Mock {
	for _, m := range w.Mocks {
		if m.Key == key {
			return m
		}
	}
	return nil
}

// Summary describes the world's mocks on one line:
// `_RevlMock_Database_db (db for Store, Audit)`, or "" when there are none.
// Standby mocks are left out: they serve only when a test needs them.
func (w *World) Summary() string {
	var parts []string
	for _, m := range w.Mocks {
		if m.Standby {
			continue
		}
		parts = append(parts, m.Name+" ("+m.Key+" for "+strings.Join(m.Consumers, ", ")+")")
	}
	return strings.Join(parts, ", ")
}
