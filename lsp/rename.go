package lsp

import (
	"context"
	"fmt"

	"github.com/sourcegraph/jsonrpc2"
	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime/check"
)

// prepareRename says whether the name at the cursor can be renamed: any
// declared name (keys, components, services, methods, types, functions,
// constructors, config fields, locals); not a built-in, which has no
// declaration to rename.
func (s *Server) prepareRename(_ context.Context, snap *Snapshot, p *protocol.PrepareRenameParams) (any, error) {
	d, off, err := docPosition(snap, p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	r := resolveAt(d.Parse(), off)
	if err := renameable(r); err != nil {
		return nil, err
	}
	return map[string]any{"range": d.Mapper.SpanRange(r.id.Span), "placeholder": r.id.Name}, nil
}

func renameable(r resolved) error {
	switch {
	case r.id == nil:
		return failf("there is no name here to rename")
	case !r.ok:
		return failf("%q does not resolve to a declaration, so it cannot be renamed", r.id.Name)
	case r.ref.Def == nil:
		return failf("%q is built in; only declared names can be renamed", r.id.Name)
	}
	return nil
}

// rename renames every occurrence of what the name at the cursor names;
// a key is renamed in every component wired to it, so the composition
// stays connected. A new name that is not an identifier, is reserved, or
// collides with a declaration it would be confused with is refused.
func (s *Server) rename(_ context.Context, snap *Snapshot, p *protocol.RenameParams) (any, error) {
	d, off, err := docPosition(snap, p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	parsed := d.Parse()
	r := resolveAt(parsed, off)
	if err := renameable(r); err != nil {
		return nil, err
	}
	if !isIdentName(p.NewName) {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("%q is not a valid name: use letters, digits and _, not starting with a digit, and no reserved word", p.NewName)}
	}
	if err := renameConflict(parsed.Program(), r, p.NewName); err != nil {
		return nil, err
	}
	edits := []protocol.TextEdit{}
	for _, id := range referencesOf(parsed.Program(), r.ref.Def, r.ref.Kind) {
		edits = append(edits, protocol.TextEdit{Range: d.Mapper.SpanRange(id.Span), NewText: p.NewName})
	}
	return &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{d.URI: edits}}, nil
}

// renameConflict refuses a new name that another declaration of the same
// namespace already has.
func renameConflict(prog *check.Program, r resolved, name string) error {
	if name == r.ref.Def.Name {
		return nil
	}
	taken := func(what string) error {
		return failf("cannot rename %s %q to %q: a %s named %q already exists", r.ref.Kind, r.ref.Def.Name, name, what, name)
	}
	switch r.ref.Kind {
	case check.RefComponent:
		if prog.CompByName[name] != nil {
			return taken("component")
		}
	case check.RefService:
		if prog.ServiceByID[name] != nil {
			return taken("service")
		}
	case check.RefType:
		if prog.TypeByName[name] != nil {
			return taken("type")
		}
		if _, ok := check.BuiltinTypes[name]; ok {
			return taken("built-in type")
		}
	case check.RefFn, check.RefCtor:
		if prog.FnByName[name] != nil {
			return taken("fn")
		}
		if prog.Ctors[name] != nil {
			return taken("constructor")
		}
		if _, ok := check.BuiltinCtors[name]; ok {
			return taken("built-in constructor")
		}
	case check.RefMethod:
		for _, svc := range prog.Services {
			if svc.Decl != nil && svc.MethodByID[r.ref.Def.Name] != nil && svc.MethodByID[r.ref.Def.Name].Sig.Name == r.ref.Def && svc.MethodByID[name] != nil {
				return taken("method of service " + svc.Name)
			}
		}
	case check.RefKey:
		for _, def := range defsOf(prog, r.ref.Def, r.ref.Kind) {
			for _, c := range prog.Components {
				if k := c.KeyOf(def.Name); k != nil && k.Binding.Key == def && c.KeyOf(name) != nil {
					return taken("key of component " + c.Name)
				}
			}
		}
		if p := prog.ProviderOf[name]; p != nil {
			return failf("cannot rename key %q to %q: component %s already provides a key %q, and a key has one provider", r.ref.Def.Name, name, p.Name, name)
		}
	}
	return nil
}
