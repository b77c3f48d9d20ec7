package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// references lists every use of what the name at the cursor names; for a
// key, across every component wired to it (see defsOf).
func (s *Server) references(_ context.Context, snap *Snapshot, p *protocol.ReferenceParams) (any, error) {
	d, off, err := docPosition(snap, p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	parsed := d.Parse()
	r := resolveAt(parsed, off)
	if !r.ok || r.ref.Def == nil {
		return []protocol.Location{}, nil
	}
	defs := map[any]bool{}
	for _, def := range defsOf(parsed.Program(), r.ref.Def, r.ref.Kind) {
		defs[def] = true
	}
	out := []protocol.Location{}
	for _, id := range referencesOf(parsed.Program(), r.ref.Def, r.ref.Kind) {
		if !p.Context.IncludeDeclaration && defs[id] {
			continue
		}
		out = append(out, protocol.Location{URI: d.URI, Range: d.Mapper.SpanRange(id.Span)})
	}
	return out, nil
}

// documentHighlight marks the occurrences of the name at the cursor in
// its file: declarations as writes, uses as reads.
func (s *Server) documentHighlight(_ context.Context, snap *Snapshot, p *protocol.DocumentHighlightParams) (any, error) {
	d, off, err := docPosition(snap, p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	parsed := d.Parse()
	r := resolveAt(parsed, off)
	out := []protocol.DocumentHighlight{}
	if !r.ok || r.ref.Def == nil {
		return out, nil
	}
	defs := map[any]bool{}
	for _, def := range defsOf(parsed.Program(), r.ref.Def, r.ref.Kind) {
		defs[def] = true
	}
	for _, id := range referencesOf(parsed.Program(), r.ref.Def, r.ref.Kind) {
		kind := protocol.DocumentHighlightKindRead
		if defs[id] {
			kind = protocol.DocumentHighlightKindWrite
		}
		out = append(out, protocol.DocumentHighlight{Range: d.Mapper.SpanRange(id.Span), Kind: kind})
	}
	return out, nil
}
