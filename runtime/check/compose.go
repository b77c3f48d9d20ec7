package check

import (
	"strings"

	"revl.dev/debug/runtime/syntax"
)

// checkComposition reports the rules of spec §4 over the whole file:
// self-requires, duplicate providers, provider/consumer service mismatches,
// unprovided requires (a warning) and dependency cycles.
func (c *checker) checkComposition() {
	for _, comp := range c.p.Components {
		c.selfRequire(comp)
		for _, k := range comp.Provides {
			if first := c.p.ProviderOf[k.Name]; first != nil && first != comp {
				c.err(k.Binding.Key, "E-duplicate-provider", "key "+q(k.Name)+" is already provided by component "+q(first.Name)+
					"; a key has one provider per composition, so rename this key or remove one provider",
					c.at(first.KeyOf(k.Name).Binding, "%s provides %s here", q(first.Name), q(k.Name)))
			}
		}
		for _, k := range comp.Requires {
			if k.Provider == nil {
				c.warn(k.Binding.Key, "W-unprovided", "no component provides "+q(k.Name)+": allowed (auto-mocks can fill it), but "+
					q(comp.Name)+" cannot activate in a plain schedule run")
				continue
			}
			pk := k.Provider.KeyOf(k.Name)
			if k.Service != nil && pk != nil && pk.Service != nil && pk.Service != k.Service {
				c.err(k.Binding.Service, "E-key-service-mismatch", q(comp.Name)+" requires "+q(k.Name)+" as service "+q(k.Service.Name)+
					", but its provider "+q(k.Provider.Name)+" provides it as "+q(pk.Service.Name),
					c.at(pk.Binding, "%s provides %s here", q(k.Provider.Name), q(k.Name)))
			}
		}
	}
	c.cycles()
}

// selfRequire reports a key that a component both requires and provides:
// it would have to be active before it activates.
func (c *checker) selfRequire(comp *Component) {
	for _, b := range comp.Decl.Requires {
		if b == nil || b.Key == nil {
			continue
		}
		k := comp.KeyOf(b.Key.Name)
		if k == nil || !k.Provided {
			continue
		}
		c.use(b.Key, Ref{Kind: RefKey, Def: k.Binding.Key, Decl: k.Binding})
		c.err(b.Key, "E-self-require", "component "+q(comp.Name)+" requires "+q(b.Key.Name)+", which it provides itself; "+
			"drop the requires (use the key directly) or move the provider to another component",
			c.at(k.Binding, "%s provides %s here", q(comp.Name), q(b.Key.Name)))
	}
}

// cycles reports each dependency cycle once, on the component of the
// cycle declared first, with the path and the binding behind every edge.
// Components that only depend on a cycle are left in LoadOrder's tail by
// collect() but are not on a cycle and are not reported.
func (c *checker) cycles() {
	if len(c.p.Cycle) == 0 {
		return
	}
	for _, scc := range c.sccs() {
		first := scc[0]
		for _, x := range scc {
			if x.DeclIndex < first.DeclIndex {
				first = x
			}
		}
		path, via := c.cyclePath(first, scc)
		names := make([]string, len(path))
		var rel []syntax.Related
		for i, x := range path {
			names[i] = x.Name
			if i < len(via) && i+1 < len(path) {
				rel = append(rel, c.at(via[i].Binding, "%s requires %s, which %s provides", q(x.Name), q(via[i].Name), q(path[i+1].Name)))
			}
		}
		c.err(first.Decl.Name, "E-cycle", "dependency cycle "+strings.Join(names, " -> ")+
			": each component requires a key the next one provides, so none of them can activate first", rel...)
	}
}

// sccs returns the strongly connected components of size > 1 among the
// components collect() could not order (Tarjan's algorithm, over the
// consumer -> provider edges), each in declaration order, the list ordered
// by the first member's declaration.
func (c *checker) sccs() [][]*Component {
	onCycleSet := map[*Component]bool{}
	for _, x := range c.p.Cycle {
		onCycleSet[x] = true
	}
	index := map[*Component]int{}
	low := map[*Component]int{}
	onStack := map[*Component]bool{}
	var stack []*Component
	var out [][]*Component
	next := 0
	var visit func(v *Component)
	visit = func(v *Component) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, k := range v.Requires {
			w := k.Provider
			if w == nil || !onCycleSet[w] {
				continue
			}
			if _, seen := index[w]; !seen {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] != index[v] {
			return
		}
		var scc []*Component
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[w] = false
			scc = append(scc, w)
			if w == v {
				break
			}
		}
		if len(scc) > 1 {
			out = append(out, byDecl(scc))
		}
	}
	for _, v := range c.p.Cycle {
		if _, seen := index[v]; !seen {
			visit(v)
		}
	}
	// Order the cycles by their first member so reports are stable.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j][0].DeclIndex < out[j-1][0].DeclIndex; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func byDecl(cs []*Component) []*Component {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].DeclIndex < cs[j-1].DeclIndex; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
	return cs
}

// cyclePath finds the shortest path from start back to start inside the
// cycle (breadth first, edges in requires order), returned as the
// components visited (start at both ends) and the required key of each edge.
func (c *checker) cyclePath(start *Component, scc []*Component) ([]*Component, []*Key) {
	in := map[*Component]bool{}
	for _, x := range scc {
		in[x] = true
	}
	type step struct {
		from *Component
		key  *Key
	}
	prev := map[*Component]step{}
	queue := []*Component{start}
	var last *Key
	var lastFrom *Component
search:
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, k := range v.Requires {
			w := k.Provider
			if w == nil || !in[w] {
				continue
			}
			if w == start {
				last, lastFrom = k, v
				break search
			}
			if _, seen := prev[w]; !seen {
				prev[w] = step{v, k}
				queue = append(queue, w)
			}
		}
	}
	if last == nil {
		return []*Component{start, start}, nil // unreachable for a real SCC
	}
	// Walk back from lastFrom to start.
	path := []*Component{lastFrom}
	keys := []*Key{}
	for v := lastFrom; v != start; {
		s := prev[v]
		path = append(path, s.from)
		keys = append(keys, s.key)
		v = s.from
	}
	// path is lastFrom ... start reversed; flip to start ... lastFrom.
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	for i, j := 0, len(keys)-1; i < j; i, j = i+1, j-1 {
		keys[i], keys[j] = keys[j], keys[i]
	}
	path = append(path, start)
	keys = append(keys, last)
	return path, keys
}
