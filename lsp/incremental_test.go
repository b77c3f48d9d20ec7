package lsp

import (
	"encoding/json"
	"reflect"
	"testing"

	"go.lsp.dev/protocol"

	"revl.dev/debug/internal/synth"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// editTexts are what the random edits of TestIncrementalEditsMatchFullParse
// insert: openers, closers and declaration keywords that move declaration
// boundaries, tokens that look past their end, mistakes the checker
// reports, and non-ASCII text (positions are UTF-16 on the wire).
var editTexts = []string{
	"", "}", "{", "(", "\n", " ", ";", "`${", "\"", "// é\n", "1.", "=", "x", "fn ",
	"fn f() = 1\n", "\nfn g() -> Int = undefinedName\n", "component C {\n", "service S {\n",
	"test \"t\" { assert 1 == 2 }\n", "let y = \"日本\"\n", "undefinedName", "😀",
}

// lcgLSP draws the edits deterministically.
type lcgLSP uint64

func (r *lcgLSP) intn(n int) int {
	*r = *r*6364136223846793005 + 1442695040888963407
	return int(uint64(*r>>33) % uint64(n))
}

// TestIncrementalEditsMatchFullParse sends the same random edits to a
// server that parses each version from the previous one and to one that
// parses each from scratch, and compares what they publish, byte for byte,
// and the incremental server's tree and diagnostics with a parse and check
// of the same text from scratch. Some edits come in bursts (the server
// parses only the last version) and some messages carry two changes.
func TestIncrementalEditsMatchFullParse(t *testing.T) {
	inc := newTestClient(t, Options{})
	full := newTestClient(t, Options{fullReparse: true})
	uri := testURI("inc.rvl")
	text := string(synth.Program(150))
	for _, c := range []*testClient{inc, full} {
		c.initialize(false, "")
		c.open(uri, text)
		c.diagnosticsAt(uri, 1)
	}
	r := lcgLSP(3)
	for step := 0; step < 120; step++ {
		burst := 1
		if r.intn(5) == 0 {
			burst = 3
		}
		var v int32
		for range burst {
			changes := 1 + r.intn(2)
			var ranges []protocol.Range
			var inserts []string
			for range changes {
				m := NewMapper(text)
				start := r.intn(len(text) + 1)
				end := min(len(text), start+r.intn(3)*r.intn(15))
				for start > 0 && !isRuneStart(text, start) {
					start--
				}
				for end < len(text) && !isRuneStart(text, end) {
					end++
				}
				ins := editTexts[r.intn(len(editTexts))]
				ranges = append(ranges, protocol.Range{Start: m.Position(start), End: m.Position(end)})
				inserts = append(inserts, ins)
				text = text[:start] + ins + text[end:]
			}
			for _, c := range []*testClient{inc, full} {
				v = c.changeMany(uri, ranges, inserts)
			}
		}
		got, want := inc.diagnosticsAt(uri, v), full.diagnosticsAt(uri, v)
		if g, w := mustJSON(got), mustJSON(want); string(g) != string(w) {
			t.Fatalf("step %d: the incremental server published\n%s\nthe full one\n%s\ntext:\n%s", step, g, w, text)
		}
		d, err := inc.srv.snapshot().Document(uri)
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != text {
			t.Fatalf("step %d: the server's text is not the client's", step)
		}
		p := d.Parse()
		f, parseDiags := syntax.ParseFile(d.Path, []byte(text))
		if !reflect.DeepEqual(p.File, f) {
			t.Fatalf("step %d: the incremental tree differs from a parse from scratch:\n%s\nwant:\n%s", step, syntax.Dump(p.File), syntax.Dump(f))
		}
		prog := check.Check(f)
		wantDiags := append(append([]syntax.Diagnostic{}, parseDiags...), prog.Diagnostics...)
		syntax.SortDiagnostics(wantDiags)
		if !reflect.DeepEqual(p.Diags, wantDiags) {
			t.Fatalf("step %d: diagnostics differ from a check from scratch:\n%v\nwant:\n%v", step, p.Diags, wantDiags)
		}
	}
}

func isRuneStart(s string, i int) bool { return s[i]&0xC0 != 0x80 }

// changeMany sends one didChange with a change per range, applied in
// order, and returns the new version.
func (c *testClient) changeMany(uri protocol.DocumentURI, ranges []protocol.Range, texts []string) int32 {
	c.t.Helper()
	c.mu.Lock()
	c.version[uri]++
	v := c.version[uri]
	c.mu.Unlock()
	changes := make([]json.RawMessage, len(ranges))
	for i := range ranges {
		changes[i] = mustJSON(map[string]any{"range": ranges[i], "text": texts[i]})
	}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": v},
		"contentChanges": changes,
	})
	return v
}
