package lsp

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"revl.dev/debug/internal/gen"
)

// TestHoverLargeProgram hovers the names of a 2,000-component program: a
// hover says who serves a call and where a component loads without a
// page of names (lists are clipped to hoverListMax and a count), and the
// provider of a call or a key is found through the declaration around it.
func TestHoverLargeProgram(t *testing.T) {
	const n = 2000
	c, uri, src := openWide(t, n)
	hover := func(context, name string) string { return hoverAt(t, c, uri, src, context, name) }
	mid := fmt.Sprintf("component C0_%d ", n/2)
	cases := []struct {
		name, context, at string
		want              []string
	}{
		{"method through a key", mid, "write", []string{"method of service `Log`", "served by `H0` through key `log`"}},
		{"required key", mid, "log", []string{"requires log: Log", fmt.Sprintf("key of component `C0_%d`", n/2), "provided by `H0`"}},
		{"provided key", "component H0 provides ", "log", []string{"provides log: Log", "key of component `H0`",
			fmt.Sprintf("and %d more", n-1-hoverListMax)}},
		{"service", "service Log", "Log", []string{"provided by: `H0` (key `log`)", fmt.Sprintf("and %d more", n-1-hoverListMax)}},
		{"component in the middle", mid, fmt.Sprintf("C0_%d", n/2), []string{
			fmt.Sprintf("load order: %d of %d — … → ", n/2+2, n),
			fmt.Sprintf("C0_%d → **C0_%d** → C0_%d", n/2-1, n/2, n/2+1), " → …"}},
		{"provider", "component H0 ", "H0", []string{fmt.Sprintf("to `C0_0`, `C0_1`"), fmt.Sprintf("and %d more", n-1-hoverListMax),
			"load order: 1 of 2000 — **H0** → C0_0", " → …"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := hover(tc.context, tc.at)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("hover on %s: no %q in\n%s", tc.at, w, got)
				}
			}
			if len(got) > 4096 {
				t.Errorf("hover on %s is %d bytes, want it clipped", tc.at, len(got))
			}
		})
	}
}

// TestQuickWhenWarm: a version is warm (quick requests on it are answered
// on the read loop) once a request at a position has computed what they
// read, and the next version starts cold again.
func TestQuickWhenWarm(t *testing.T) {
	c := newTestClient(t, Options{})
	c.initialize(false, "")
	uri := testURI("two.rvl")
	c.open(uri, workedExample)
	c.diagnosticsAt(uri, 1)
	params := func() []byte {
		return mustJSON(&protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: 2, Character: 41}}})
	}
	if c.srv.snapshot().warm(params()) {
		t.Fatal("warm before any request read the version")
	}
	var h protocol.Hover
	c.mustCall("textDocument/hover", json.RawMessage(params()), &h)
	if !strings.Contains(h.Contents.Value, "served by `Sink` through key `log`") {
		t.Fatalf("hover: %q", h.Contents.Value)
	}
	if !c.srv.snapshot().warm(params()) {
		t.Fatal("not warm after a hover")
	}
	c.mustCall("textDocument/hover", json.RawMessage(params()), &h) // answered on the read loop
	if !strings.Contains(h.Contents.Value, "served by `Sink` through key `log`") {
		t.Fatalf("hover on the warm version: %q", h.Contents.Value)
	}
	v := c.change(uri, nil, workedExample+"\n")
	c.diagnosticsAt(uri, v)
	if c.srv.snapshot().warm(params()) {
		t.Fatal("the next version is warm before a request read it")
	}
	if c.srv.snapshot().warm(mustJSON(map[string]any{"textDocument": map[string]any{"uri": testURI("closed.rvl")}})) {
		t.Fatal("a document that is not open is warm")
	}
}

// TestHoverAfterEdits: the hovers that find a declaration's component or
// service through the declaration around it say the same after edits
// that moved every declaration, or only those after the middle, as on the
// version first opened.
func TestHoverAfterEdits(t *testing.T) {
	c, uri, src := openWide(t, 200)
	hover := func(text, context, name string) string { return hoverAt(t, c, uri, text, context, name) }
	probes := []struct{ context, name, want string }{
		{"component C0_150 ", "write", "served by `H0` through key `log`"},
		{"component C0_150 ", "log", "provided by `H0`"},
		{"component H0 provides ", "log", "consumers: `C0_0`"},
		{"service Hub0", "ping", "method of service `Hub0`"},
	}
	check := func(text, when string) {
		t.Helper()
		for _, p := range probes {
			if got := hover(text, p.context, p.name); !strings.Contains(got, p.want) {
				t.Errorf("%s: hover on %s after %q: no %q in\n%s", when, p.name, p.context, p.want, got)
			}
		}
	}
	check(src, "as opened")
	// A comment line before everything: every declaration moves.
	text := "// moved\n" + src
	c.diagnosticsAt(uri, c.change(uri, &protocol.Range{}, "// moved\n"))
	check(text, "after an edit at the start")
	// A line in the middle: the declarations after it move.
	mid := strings.Index(text, "component C0_100 ")
	pos := NewMapper(text).Position(mid)
	text = text[:mid] + "// here\n" + text[mid:]
	c.diagnosticsAt(uri, c.change(uri, &protocol.Range{Start: pos, End: pos}, "// here\n"))
	check(text, "after an edit in the middle")
}

// BenchmarkHoverWide times hovers in process on a composition of 50,000
// components (gen.Wide): a method through a key, which does not grow
// with the composition, and the service every component requires and the
// hub that provides it, which walk it.
//
//	go test ./lsp -run XXX -bench HoverWide -benchtime 50x
func BenchmarkHoverWide(b *testing.B) {
	c, uri, src := openWide(b, 50_000)
	for _, w := range []struct{ name, context, at string }{
		{"method", "component C0_25000 ", "write"},
		{"service", "service Log", "Log"},
		{"hub", "component H0 ", "H0"},
	} {
		p := hoverParams(b, uri, src, w.context, w.at)
		var h protocol.Hover
		c.mustCall("textDocument/hover", p, &h) // the version's first hover computes what the others read
		b.Run(w.name, func(b *testing.B) {
			for b.Loop() {
				c.mustCall("textDocument/hover", p, &h)
			}
			if h.Contents.Value == "" {
				b.Fatalf("no hover on %s", w.at)
			}
		})
	}
}

// openWide opens the text of gen.Wide(n) in a new in-process server and
// waits for its first diagnostics.
func openWide(tb testing.TB, n int) (c *testClient, uri protocol.DocumentURI, src string) {
	tb.Helper()
	src = string(gen.Source(gen.Wide(n)))
	c = newTestClient(tb, Options{})
	c.initialize(false, "")
	uri = testURI("wide.rvl")
	c.open(uri, src)
	c.diagnosticsAt(uri, 1)
	return c, uri, src
}

// hoverParams asks for the hover of uri, whose text is text, at the first
// byte of name after the first occurrence of context.
func hoverParams(tb testing.TB, uri protocol.DocumentURI, text, context, name string) *protocol.HoverParams {
	tb.Helper()
	at := strings.Index(text, context)
	if at < 0 {
		tb.Fatalf("%q is not in the program", context)
	}
	i := strings.Index(text[at:], name)
	if i < 0 {
		tb.Fatalf("%q is not after %q", name, context)
	}
	return &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: NewMapper(text).Position(at + i)}}
}

// hoverAt is the hover's text for hoverParams.
func hoverAt(tb testing.TB, c *testClient, uri protocol.DocumentURI, text, context, name string) string {
	tb.Helper()
	var h protocol.Hover
	c.mustCall("textDocument/hover", hoverParams(tb, uri, text, context, name), &h)
	return h.Contents.Value
}
