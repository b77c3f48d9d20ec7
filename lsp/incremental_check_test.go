package lsp

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"revl.dev/debug/internal/synth"
)

// TestIncrementalCheckFeatures makes edits inside bodies, at the start,
// in the middle and at the end of the file, which the server checks
// incrementally (it rechecks only the declarations the parse did not
// keep), in an incremental server and in one that parses and checks every
// version from scratch, and after each compares what they publish, their
// semantic tokens and lenses, and what hover, definition, references and
// completion answer at identifiers all over the file: every feature reads
// the one Program of the version, the reused parts included.
func TestIncrementalCheckFeatures(t *testing.T) {
	const valid, invalid = "fn bench_toggle() -> Int = 0", "fn bench_toggle() -> Int = undefinedName"
	base := string(synth.Program(200))
	mid := strings.Index(base, fmt.Sprintf("// unit %d\n", strings.Count(base, "// unit ")/2))
	// A helper before everything calls one after the edits (with an
	// argument too many): what its kept body resolves and reports points
	// into a declaration that moves.
	const early = "fn early() -> Int = late(1, 2)\n"
	base = early + base + "fn late(x: Int) -> Int = x\n"
	mid += len(early)
	emit := mid + strings.Index(base[mid:], "  emit ")
	text := base + valid + "\n"
	inc := newTestClient(t, Options{})
	full := newTestClient(t, Options{fullReparse: true})
	uri := testURI("features.rvl")
	for _, c := range []*testClient{inc, full} {
		c.initialize(false, "")
		c.open(uri, text)
		c.diagnosticsAt(uri, 1)
	}
	last := len(base)
	call := len("fn early() -> Int = ")
	edits := []struct {
		name       string
		start, end int
		text       string
		// movesAll: the edit is in the first body, so every declaration
		// after it moves and is rechecked (the incremental check keeps only
		// the declarations before an edit's first moved byte).
		movesAll bool
	}{
		{"the last line becomes invalid", last, last + len(valid), invalid, false},
		{"the first body changes: every other declaration moves", call, call + len("late(1, 2)"), "late(1, 2, 3)", true},
		{"the first body gains a line: the rest move a line down", call, call + len("late(1, 2, 3)"), "late(1,\n  2)", true},
		{"and loses it", call, call + len("late(1,\n  2)"), "late(1, 2)", true},
		{"a new line in a body in the middle moves the rest", emit, emit, "\n", false},
		{"a plain let in that body", emit, emit, "  let zz = 1\n", false},
		{"the let goes again", emit, emit + len("  let zz = 1\n"), "", false},
		{"an unknown name in the body", emit, emit, "  emit nokey.write(\"x\")\n", false},
		{"the last line becomes valid", last + len("\n  emit nokey.write(\"x\")\n"), last + len("\n  emit nokey.write(\"x\")\n") + len(invalid), valid, false},
	}
	for _, e := range edits {
		m := NewMapper(text)
		r := protocol.Range{Start: m.Position(e.start), End: m.Position(e.end)}
		text = text[:e.start] + e.text + text[e.end:]
		var v int32
		for _, c := range []*testClient{inc, full} {
			v = c.change(uri, &r, e.text)
		}
		got, want := inc.diagnosticsAt(uri, v), full.diagnosticsAt(uri, v)
		if g, w := mustJSON(got), mustJSON(want); string(g) != string(w) {
			t.Fatalf("%s: the incremental server published\n%s\nthe full one\n%s", e.name, g, w)
		}
		d, err := inc.srv.snapshot().Document(uri)
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != text {
			t.Fatalf("%s: the server's text is not the client's", e.name)
		}
		p := d.Parse()
		if p.checked == nil {
			t.Fatalf("%s: the edit was checked with check.Check, not check.CheckIncremental", e.name)
		}
		if !e.movesAll && p.checked.Rechecked*2 > len(p.File.Decls) {
			t.Fatalf("%s: the edit was checked in full (%+v), not incrementally", e.name, p.checked)
		}
		// The whole-file features: semantic tokens and the lenses.
		doc := map[string]any{"textDocument": map[string]any{"uri": uri}}
		for _, method := range []string{"textDocument/semanticTokens/full", "textDocument/codeLens"} {
			var g, w json.RawMessage
			inc.mustCall(method, doc, &g)
			full.mustCall(method, doc, &w)
			if string(g) != string(w) {
				t.Fatalf("%s: %s: the incremental server answered\n%s\nthe full one\n%s", e.name, method, g, w)
			}
		}
		// Every identifier of the first declaration, and sixty more all
		// over the file.
		idents := p.Idents()
		var at []int
		for i, id := range idents {
			if int(id.Start.Offset) < len(early) {
				at = append(at, i)
			}
		}
		for i := len(at); i < len(idents); i += max(1, len(idents)/60) {
			at = append(at, i)
		}
		for _, i := range at {
			if err := compareAt(inc, full, uri, d.Mapper.Position(int(idents[i].Start.Offset)+1)); err != nil {
				t.Fatalf("%s: at %s: %v", e.name, idents[i].Name, err)
			}
		}
	}
}

// compareAt asks both servers for hover, definition, references and
// completion at pos and reports the first difference.
func compareAt(inc, full *testClient, uri protocol.DocumentURI, pos protocol.Position) error {
	tp := textPos(uri, pos)
	for _, method := range []string{"textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/completion"} {
		var params any = tp
		if method == "textDocument/references" {
			params = &protocol.ReferenceParams{TextDocumentPositionParams: *tp, Context: protocol.ReferenceContext{IncludeDeclaration: true}}
		}
		var g, w json.RawMessage
		inc.mustCall(method, params, &g)
		full.mustCall(method, params, &w)
		if string(g) != string(w) {
			return fmt.Errorf("%s at %s: the incremental server answered\n%s\nthe full one\n%s", method, lc(pos), g, w)
		}
	}
	return nil
}

// textPos is the request parameter for a position in uri.
func textPos(uri protocol.DocumentURI, pos protocol.Position) *protocol.TextDocumentPositionParams {
	return &protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: pos}
}
