package lsp

import (
	"context"
	"errors"
	"strings"

	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime/format"
)

// formatting formats the document with runtime/format, the formatter of
// `revl fmt`, and answers with one edit that replaces only the lines that
// change, so the cursor and folds elsewhere stay put. A file with syntax
// errors is not formatted (the request fails with the first error).
func (s *Server) formatting(_ context.Context, snap *Snapshot, p *protocol.DocumentFormattingParams) (any, error) {
	d, err := snap.Document(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	out, err := format.Source(d.Path, []byte(d.Text))
	if err != nil {
		var se *format.SyntaxError
		if errors.As(err, &se) {
			return nil, failf("cannot format %s: it has syntax errors (%s)", d.Path, se.Error())
		}
		return nil, err
	}
	return minimalEdits(d, string(out)), nil
}

// minimalEdits replaces the lines between the longest common prefix and
// suffix of lines; no edit when nothing changes.
func minimalEdits(d *Document, after string) []protocol.TextEdit {
	before := d.Text
	if before == after {
		return []protocol.TextEdit{}
	}
	a, b := strings.SplitAfter(before, "\n"), strings.SplitAfter(after, "\n")
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	start := len(strings.Join(a[:pre], ""))
	end := len(before) - len(strings.Join(a[len(a)-suf:], ""))
	text := strings.Join(b[pre:len(b)-suf], "")
	return []protocol.TextEdit{{Range: d.Mapper.Range(start, end), NewText: text}}
}
