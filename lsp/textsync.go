package lsp

import (
	"encoding/json"
	"fmt"
	"strings"

	"go.lsp.dev/protocol"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/internal/verdict"
	"revl.dev/debug/runtime/check"
)

// Text synchronization. Every change makes a new Snapshot; diagnostics for
// the new version are computed in the background and published when
// ready, and a sweep running on an older version is cancelled: its
// findings would point at text that no longer exists.

// didOpen installs the document and, as on save, sweeps it in the
// background: a user who opens a file should see its interleaving bugs
// without having to save it first.
func (s *Server) didOpen(p *protocol.DidOpenTextDocumentParams) error {
	d := newDocument(p.TextDocument.URI, p.TextDocument.Version, p.TextDocument.Text)
	s.replace(d.URI, d)
	if s.opts.SweepOnSave {
		s.startSweep(d, s.opts.seeds(), sweepMode{}, nil)
	}
	return nil
}

// changeParams is protocol.DidChangeTextDocumentParams with the range of a
// change as a pointer: go.lsp.dev/protocol types it as a value, which
// cannot tell a whole-document change (no range) from an insertion at the
// start of the file (range 0:0-0:0).
type changeParams struct {
	TextDocument   protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []struct {
		Range *protocol.Range `json:"range"`
		Text  string          `json:"text"`
	} `json:"contentChanges"`
}

func (s *Server) didChange(raw json.RawMessage) error {
	var p changeParams
	if err := decodeParams(raw, &p); err != nil {
		return err
	}
	uri := p.TextDocument.URI
	old, err := s.snapshot().Document(uri)
	if err != nil {
		return err
	}
	text := old.Text
	editFrom := len(text) // the text before it is unchanged
	for i, c := range p.ContentChanges {
		if c.Range == nil {
			text = c.Text
			editFrom = 0
			continue
		}
		m := NewMapper(text)
		if i == 0 {
			m = old.Mapper
		}
		start, end, err := m.Offsets(*c.Range)
		if err != nil {
			// The client's view and ours disagree: keep ours and say so,
			// rather than guess at the edit.
			s.showMessage(protocol.MessageTypeError, "revl: an edit to %s did not apply (%v); close and reopen the file", uri, err)
			return fmt.Errorf("change %d: %w", i, err)
		}
		var b strings.Builder
		b.Grow(len(text) - (end - start) + len(c.Text))
		b.WriteString(text[:start])
		b.WriteString(c.Text)
		b.WriteString(text[end:])
		text = b.String()
		editFrom = min(editFrom, start)
	}
	next := newDocument(uri, p.TextDocument.Version, text)
	if !s.opts.fullReparse {
		next = old.edited(p.TextDocument.Version, text, editFrom)
	} else {
		next.fullCheck = true
	}
	s.replace(uri, next)
	return nil
}

func (s *Server) didClose(p *protocol.DidCloseTextDocumentParams) error {
	s.replace(p.TextDocument.URI, nil)
	return nil
}

// didSave keeps the verdict of a saved version that checks clean, and runs
// the schedule sweep for it, in the background.
func (s *Server) didSave(p *protocol.DidSaveTextDocumentParams) error {
	d, err := s.snapshot().Document(p.TextDocument.URI)
	if err != nil {
		return err
	}
	if verdict.Useful(len(d.Text)) {
		s.goBackground(func() { s.keepVerdict(d) })
	}
	if !s.opts.SweepOnSave {
		return nil
	}
	if s.sweepingVersion(d, s.opts.seeds()) {
		// Saved without edits since the last sweep (the one on open, say):
		// its findings stand, and restarting it would only withdraw them
		// for a while.
		return nil
	}
	s.startSweep(d, s.opts.seeds(), sweepMode{}, nil)
	return nil
}

// sweepingVersion reports whether a sweep of exactly this version of d, of
// that many seeds, is running or has finished.
func (s *Server) sweepingVersion(d *Document, seeds int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.sweeps[d.URI]
	if r == nil || r.doc != d || r.seeds != seeds {
		return false
	}
	if r.result != nil {
		return true
	}
	select {
	case <-r.done:
		return false // it ended without a result: cancelled
	default:
		return true
	}
}

// replace installs a new snapshot with d as the document uri (nil: closed),
// supersedes the document's sweep, and republishes its diagnostics.
func (s *Server) replace(uri protocol.DocumentURI, d *Document) {
	s.mu.Lock()
	s.snapID++
	s.snap = s.snap.with(s.snapID, uri, d)
	if r := s.sweeps[uri]; r != nil {
		r.cancel()
		delete(s.sweeps, uri)
	}
	s.mu.Unlock()
	s.goBackground(func() { s.publish(uri) })
}

// keepVerdict notes that the file d was saved as checks clean
// (internal/verdict), so that the debugger's next launch of it is
// header-first (docs/dap.md): when the bytes on disk are d's text, and d
// has no error.
func (s *Server) keepVerdict(d *Document) {
	if d.Path == string(d.URI) || check.HasErrors(d.Parse().Diags) {
		return // not a file, or not clean
	}
	src, err := fileio.Read(d.Path)
	if err != nil || string(src) != d.Text {
		return // changed on disk since: its own launch checks it
	}
	if err := verdict.Record(src); err != nil {
		s.logf("the check's verdict on %s is not kept: %v", d.Path, err)
	}
}
