package lsp

import (
	"sort"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// Name resolution for navigation: what the identifier under the cursor
// names (the checker's Program.Uses), and which identifiers name the same
// thing (Program.References), widened for keys as the composition wires
// them.

// resolved is the identifier at a position and what it names.
type resolved struct {
	id   *syntax.Ident
	ref  check.Ref
	ok   bool          // the checker resolved id (ref is valid)
	path []syntax.Node // enclosing nodes of id, outermost first
}

func resolveAt(p *Parsed, off int) resolved {
	id := p.IdentAt(off)
	if id == nil {
		return resolved{}
	}
	r := resolved{id: id, path: p.PathAt(int(id.Start.Offset))}
	r.ref, r.ok = p.Program().Uses[id]
	return r
}

// parentOf returns the node enclosing n on path.
func parentOf(path []syntax.Node, n syntax.Node) syntax.Node {
	for i := len(path) - 1; i > 0; i-- {
		if path[i] == n {
			return path[i-1]
		}
	}
	return nil
}

// defsOf returns the declaring identifiers that stand for the same thing
// as def: def itself, and for a key every binding wired to it. A key name
// is how a consumer finds its provider (spec §4), so the provider's
// `provides log` and each consumer's `requires log` are one key of the
// composition: renaming one of them alone would cut the wire.
func defsOf(prog *check.Program, def *syntax.Ident, kind check.RefKind) []*syntax.Ident {
	if kind != check.RefKey {
		return []*syntax.Ident{def}
	}
	name := def.Name
	var provider *check.Component
	for _, c := range prog.Components {
		if k := c.KeyOf(name); k != nil && k.Binding.Key == def {
			if k.Provided {
				provider = c
			} else {
				provider = k.Provider
			}
		}
	}
	if provider == nil {
		return []*syntax.Ident{def}
	}
	var defs []*syntax.Ident
	for _, c := range prog.Components {
		k := c.KeyOf(name)
		if k == nil {
			continue
		}
		if c == provider && k.Provided || !k.Provided && k.Provider == provider {
			defs = append(defs, k.Binding.Key)
		}
	}
	return defs
}

// referencesOf returns every identifier naming the same thing as def (see
// defsOf), declarations included, in source order.
func referencesOf(prog *check.Program, def *syntax.Ident, kind check.RefKind) []*syntax.Ident {
	seen := map[*syntax.Ident]bool{}
	var out []*syntax.Ident
	for _, d := range defsOf(prog, def, kind) {
		for _, id := range prog.References(d) {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Offset < out[j].Start.Offset })
	return out
}
