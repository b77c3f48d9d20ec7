package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// definition jumps from a name to its declaration: components (in
// load/unload), services (in key bindings), methods (in calls, emits and
// provide blocks, to the service's signature), types, keys (to the
// component's own binding), functions, constructors, config fields and
// locals. Built-ins (Str, Some, Map) have no source and answer null.
func (s *Server) definition(_ context.Context, snap *Snapshot, p *protocol.DefinitionParams) (any, error) {
	d, off, err := docPosition(snap, p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	r := resolveAt(d.Parse(), off)
	if !r.ok || r.ref.Def == nil {
		return nil, nil
	}
	return []protocol.Location{{URI: d.URI, Range: d.Mapper.SpanRange(r.ref.Def.Span)}}, nil
}
