package lsp

import (
	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime/syntax"
)

// publishedDiag identifies what the client last received for a document,
// so that a burst of edits that coalesced into one state is published once.
type publishedDiag struct {
	open     bool
	version  int32
	sweepGen uint64 // 0: no schedule findings included
}

// publish sends the diagnostics of the current version of uri: the
// parser's and the checker's, plus the schedule findings of a finished
// sweep of that same version. Publishes are serialized and always read the
// newest snapshot, so the client never sees an older version's diagnostics
// after a newer one's, however the background goroutines interleave.
func (s *Server) publish(uri protocol.DocumentURI) {
	s.pubMu.Lock()
	defer s.pubMu.Unlock()
	d := s.snapshot().docs[uri]
	if d == nil {
		if prev, ok := s.published[uri]; ok && prev.open {
			s.published[uri] = publishedDiag{}
			s.notify("textDocument/publishDiagnostics", &protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: []protocol.Diagnostic{}})
		}
		return
	}
	p := d.Parse()
	if s.snapshot().docs[uri] != d {
		return // superseded while parsing: the newer version's publish follows
	}
	run := s.finishedSweep(d)
	key := publishedDiag{open: true, version: d.Version}
	if run != nil {
		key.sweepGen = run.gen
	}
	if s.published[uri] == key {
		return
	}
	s.published[uri] = key
	diags := make([]protocol.Diagnostic, 0, len(p.Diags))
	for _, diag := range p.Diags {
		diags = append(diags, toProtocolDiagnostic(d, diag))
	}
	if run != nil {
		diags = append(diags, run.result.diagnostics(d)...)
	}
	params := &protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: diags}
	if d.Version >= 0 {
		params.Version = uint32(d.Version)
	}
	s.notify("textDocument/publishDiagnostics", params)
}

// toProtocolDiagnostic converts a frontend diagnostic, related locations
// included (they are always in the same file: a revl program is one file).
func toProtocolDiagnostic(d *Document, diag syntax.Diagnostic) protocol.Diagnostic {
	out := protocol.Diagnostic{
		Range:    d.Mapper.SpanRange(diag.Span),
		Severity: severity(diag.Severity),
		Code:     diag.Code,
		Source:   diagSource(diag.Code),
		Message:  diag.Message,
	}
	for _, r := range diag.Related {
		out.RelatedInformation = append(out.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: d.URI, Range: d.Mapper.SpanRange(r.Span)},
			Message:  r.Message,
		})
	}
	return out
}

func severity(s syntax.Severity) protocol.DiagnosticSeverity {
	switch s {
	case syntax.SeverityWarning:
		return protocol.DiagnosticSeverityWarning
	case syntax.SeverityInfo:
		return protocol.DiagnosticSeverityInformation
	}
	return protocol.DiagnosticSeverityError
}

// diagSource names the pass that found a diagnostic, as editors show it.
func diagSource(code string) string {
	switch code {
	case "E-syntax", "E-lex":
		return "revl syntax"
	}
	return "revl check"
}
