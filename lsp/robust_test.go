package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
	"go.lsp.dev/protocol"
)

// rawClient speaks the base protocol byte by byte, to send what no well
// behaved client library would: broken JSON, wrong shapes, bare newlines.
type rawClient struct {
	t    *testing.T
	conn net.Conn
	r    *bufio.Reader
	done chan error
}

func newRawClient(t *testing.T) *rawClient {
	serverEnd, clientEnd := net.Pipe()
	c := &rawClient{t: t, conn: clientEnd, r: bufio.NewReader(clientEnd), done: make(chan error, 1)}
	srv := NewServer(Options{Workers: 1})
	go func() { c.done <- srv.Serve(context.Background(), serverEnd) }()
	t.Cleanup(func() { clientEnd.Close() })
	return c
}

func (c *rawClient) sendRaw(body string) {
	c.t.Helper()
	if _, err := fmt.Fprintf(c.conn, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatal(err)
	}
}

// response reads messages until a response (a message with an "id" and
// no "method") and returns it; notifications are skipped.
func (c *rawClient) response() map[string]any {
	c.t.Helper()
	for {
		length := -1
		for {
			line, err := c.r.ReadString('\n')
			if err != nil {
				c.t.Fatalf("reading a response: %v", err)
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				length, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(c.r, body); err != nil {
			c.t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			c.t.Fatalf("server sent invalid JSON %q: %v", body, err)
		}
		if _, isNote := m["method"]; !isNote {
			return m
		}
	}
}

func errorCode(t *testing.T, m map[string]any) (float64, string) {
	t.Helper()
	e, ok := m["error"].(map[string]any)
	if !ok {
		t.Fatalf("want an error response, got %v", m)
	}
	return e["code"].(float64), e["message"].(string)
}

func TestMalformedMessages(t *testing.T) {
	c := newRawClient(t)
	c.sendRaw(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	if r := c.response(); r["error"] != nil {
		t.Fatalf("initialize failed: %v", r)
	}
	cases := []struct {
		body string
		code float64
		id   any
	}{
		{`{"jsonrpc":"2.0","id":2,"method":`, jsonrpc2.CodeParseError, nil},
		{`not json at all`, jsonrpc2.CodeParseError, nil},
		{`[1, 2]`, jsonrpc2.CodeInvalidRequest, nil},
		{`{"jsonrpc":"1.0","id":3,"method":"shutdown"}`, jsonrpc2.CodeInvalidRequest, 3.0},
		{`{"jsonrpc":"2.0","id":4,"method":42}`, jsonrpc2.CodeInvalidRequest, 4.0},
		{`{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}`, jsonrpc2.CodeInvalidRequest, nil},
		{`{"jsonrpc":"2.0","id":"five"}`, jsonrpc2.CodeInvalidRequest, "five"},
		{`{"jsonrpc":"2.0","id":6,"method":"no/suchMethod"}`, jsonrpc2.CodeMethodNotFound, 6.0},
		{`{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":"nope"}`, jsonrpc2.CodeInvalidParams, 7.0},
		{`{"jsonrpc":"2.0","id":8,"method":"textDocument/hover"}`, jsonrpc2.CodeInvalidParams, 8.0},
	}
	for _, tc := range cases {
		c.sendRaw(tc.body)
		r := c.response()
		code, msg := errorCode(t, r)
		if code != tc.code || fmt.Sprint(r["id"]) != fmt.Sprint(tc.id) {
			t.Errorf("%s: got code %v id %v (%s), want code %v id %v", tc.body, code, r["id"], msg, tc.code, tc.id)
		}
	}
	// Unknown notifications are dropped silently; the session goes on.
	c.sendRaw(`{"jsonrpc":"2.0","method":"$/unknownNotification","params":{}}`)
	c.sendRaw(`{"jsonrpc":"2.0","id":9,"method":"shutdown"}`)
	if r := c.response(); r["error"] != nil || fmt.Sprint(r["id"]) != "9" {
		t.Fatalf("shutdown after the bad messages: %v", r)
	}
	// Requests after shutdown are refused.
	c.sendRaw(`{"jsonrpc":"2.0","id":10,"method":"textDocument/hover","params":{}}`)
	if code, _ := errorCode(t, c.response()); code != jsonrpc2.CodeInvalidRequest {
		t.Errorf("request after shutdown: code %v", code)
	}
	c.sendRaw(`{"jsonrpc":"2.0","method":"exit"}`)
	if err := <-c.done; err != nil {
		t.Errorf("Serve after shutdown and exit = %v, want nil", err)
	}
}

func TestBareNewlineHeaders(t *testing.T) {
	c := newRawClient(t)
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`
	fmt.Fprintf(c.conn, "Content-Length: %d\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n%s", len(body), body)
	if r := c.response(); r["error"] != nil {
		t.Fatalf("initialize with \\n headers: %v", r)
	}
}

func TestNotInitialized(t *testing.T) {
	c := newRawClient(t)
	c.sendRaw(`{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}`)
	if code, _ := errorCode(t, c.response()); code != codeServerNotInitialized {
		t.Errorf("code %v, want %v", code, codeServerNotInitialized)
	}
}

func TestStdinClose(t *testing.T) {
	c := newRawClient(t)
	c.sendRaw(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	c.response()
	c.conn.Close() // the editor died
	if err := <-c.done; err != ErrNoShutdown {
		t.Errorf("Serve after the input closed = %v, want ErrNoShutdown", err)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := newTestClient(t, Options{})
	c.initialize(false, "")
	c.notify("exit", nil)
	if err := c.waitExit(); err != ErrNoShutdown {
		t.Errorf("Serve = %v, want ErrNoShutdown", err)
	}
}

func rpcCode(t *testing.T, err error) int64 {
	t.Helper()
	e, ok := err.(*jsonrpc2.Error)
	if !ok {
		t.Fatalf("want a *jsonrpc2.Error, got %T %v", err, err)
	}
	return e.Code
}

func TestUnknownDocumentAndPositions(t *testing.T) {
	c := newTestClient(t, Options{})
	c.initialize(false, "")
	uri := testURI("pos.rvl")
	c.open(uri, "service Log { emission fn write(line: Str) } // é🎉\ncomponent A requires log: Log { }\n")
	c.diagnosticsAt(uri, 1)
	hover := func(u protocol.DocumentURI, line, char uint32) (*protocol.Hover, error) {
		var h *protocol.Hover
		err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: line, Character: char}}}, &h)
		return h, err
	}
	_, err := hover(testURI("nope.rvl"), 0, 0)
	if code := rpcCode(t, err); code != jsonrpc2.CodeInvalidParams || !strings.Contains(err.Error(), "not open") {
		t.Errorf("unknown document: %v", err)
	}
	_, err = hover(uri, 7, 0)
	if code := rpcCode(t, err); code != jsonrpc2.CodeInvalidParams || !strings.Contains(err.Error(), "outside the document") {
		t.Errorf("line past the end: %v", err)
	}
	// A character past the end of its line means the end of the line.
	if _, err := hover(uri, 1, 500); err != nil {
		t.Errorf("character past the end of the line: %v", err)
	}
	// Line 2 is the empty line after the final newline: valid.
	if _, err := hover(uri, 2, 0); err != nil {
		t.Errorf("end of file: %v", err)
	}
	h, err := hover(uri, 1, 22) // on `log`
	if err != nil || h == nil || !strings.Contains(h.Contents.Value, "key of component `A`") {
		t.Errorf("hover on a key: %v %v", h, err)
	}
}

// TestIncrementalUTF16 edits after non-ASCII text with UTF-16 ranges and
// checks the server applied each edit where the client meant it.
func TestIncrementalUTF16(t *testing.T) {
	c := newTestClient(t, Options{})
	c.initialize(false, "")
	uri := testURI("utf16.rvl")
	c.open(uri, "// 🎉 café\nservice Log { emission fn write(line: Str) }\ncomponent A requires log: Log { emit log.write(\"日本\") }\n")
	if d := c.diagnosticsAt(uri, 1); len(d) != 1 || d[0].Code != "W-unprovided" {
		t.Fatalf("diagnostics: %v", renderDiags(d))
	}
	// Replace "café" (UTF-16 columns 6-10 on line 0, after the two-unit emoji).
	v := c.change(uri, &protocol.Range{Start: protocol.Position{Line: 0, Character: 6}, End: protocol.Position{Line: 0, Character: 10}}, "naïve")
	c.diagnosticsAt(uri, v)
	// Insert an unknown name after the string "日本" (line 2: the closing
	// quote is at UTF-16 column 50, byte column 54).
	v = c.change(uri, &protocol.Range{Start: protocol.Position{Line: 2, Character: 51}, End: protocol.Position{Line: 2, Character: 51}}, " + x")
	diags := c.diagnosticsAt(uri, v)
	var unknown *protocol.Diagnostic
	for i := range diags {
		if diags[i].Code == "E-unknown-name" {
			unknown = &diags[i]
		}
	}
	if unknown == nil || unknown.Range.Start != (protocol.Position{Line: 2, Character: 54}) {
		t.Fatalf("want E-unknown-name at 2:54 (0-based), got %s", renderDiags(diags))
	}
	s := c.srv.snapshot()
	d, _ := s.Document(uri)
	want := "// 🎉 naïve\nservice Log { emission fn write(line: Str) }\ncomponent A requires log: Log { emit log.write(\"日本\" + x) }\n"
	if d.Text != want {
		t.Errorf("text after the edits:\n%q\nwant\n%q", d.Text, want)
	}
	// A whole-document change (no range).
	v = c.change(uri, nil, "component B { }\n")
	if diags := c.diagnosticsAt(uri, v); len(diags) != 0 {
		t.Errorf("diagnostics after a full change: %v", renderDiags(diags))
	}
}

// TestCancelRequest cancels a long schedule sweep through $/cancelRequest.
func TestCancelRequest(t *testing.T) {
	c := newTestClient(t, Options{Workers: 1})
	c.initialize(false, "")
	uri := testURI("two.rvl")
	c.open(uri, workedExample)
	c.diagnosticsAt(uri, 1)
	call, err := c.conn.DispatchCall(c.ctx(), "workspace/executeCommand", &protocol.ExecuteCommandParams{
		Command: cmdRunSchedules, Arguments: []any{RunSchedulesArgs{Program: "/work/two.rvl", Seeds: 100000}}},
		jsonrpc2.PickID(jsonrpc2.ID{Num: 777}))
	if err != nil {
		t.Fatal(err)
	}
	c.notify("$/cancelRequest", map[string]any{"id": 777})
	err = call.Wait(c.ctx(), nil)
	if code := rpcCode(t, err); code != codeRequestCancelled {
		t.Errorf("cancelled sweep: %v, want code %d", err, codeRequestCancelled)
	}
	// The server still answers.
	var syms []protocol.DocumentSymbol
	c.mustCall("textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &syms)
	if len(syms) != 4 {
		t.Errorf("%d symbols after a cancel", len(syms))
	}
}

// TestSweepSupersededByEdit starts a long sweep and edits the document:
// the sweep is cancelled and its findings never published.
func TestSweepSupersededByEdit(t *testing.T) {
	c := newTestClient(t, Options{Workers: 1})
	c.initialize(false, "")
	uri := testURI("two.rvl")
	c.open(uri, workedExample)
	c.diagnosticsAt(uri, 1)
	call, err := c.conn.DispatchCall(c.ctx(), "workspace/executeCommand", &protocol.ExecuteCommandParams{
		Command: cmdRunSchedules, Arguments: []any{RunSchedulesArgs{Program: "/work/two.rvl", Seeds: 100000}}})
	if err != nil {
		t.Fatal(err)
	}
	// Wait until the sweep runs, then edit.
	for {
		c.srv.mu.Lock()
		running := c.srv.sweeps[uri] != nil
		c.srv.mu.Unlock()
		if running {
			break
		}
		select {
		case <-c.ctx().Done():
			t.Fatal("the sweep never started")
		default:
			runtime.Gosched()
		}
	}
	v := c.change(uri, nil, workedExample+"// edited\n")
	err = call.Wait(c.ctx(), nil)
	if code := rpcCode(t, err); code != -32801 {
		t.Errorf("superseded sweep: %v, want ContentModified", err)
	}
	for _, d := range c.diagnosticsAt(uri, v) {
		if strings.HasPrefix(fmt.Sprint(d.Code), "S-") {
			t.Errorf("a finding of the superseded sweep was published: %v", d)
		}
	}
}

// TestSweepOnSave: opening a file runs the sweep in the background and
// publishes the worked example's finding on B's emit, with progress
// reported; saving it unchanged keeps that sweep, and saving an edited
// version sweeps again.
func TestSweepOnSave(t *testing.T) {
	c := newTestClient(t, Options{Workers: 2, Seeds: 50, SweepOnSave: true})
	c.initialize(true, "")
	uri := testURI("two.rvl")
	c.open(uri, workedExample)
	finding := func(p protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 }
	check := func(when string, p protocol.PublishDiagnosticsParams) {
		d := p.Diagnostics[0]
		if d.Code != "S-unstable" || d.Range.Start != (protocol.Position{Line: 3, Character: 32}) || !strings.Contains(d.Message, "[0, 1, 0, 0, 0, 0]") {
			t.Errorf("finding after %s: %s", when, renderDiags(p.Diagnostics))
		}
	}
	check("open", c.waitDiagnostics(uri, finding))
	save := func() {
		c.notify("textDocument/didSave", &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}})
	}
	ends := func() int {
		c.mu.Lock()
		defer c.mu.Unlock()
		n := 0
		for _, raw := range c.progress {
			if strings.Contains(string(raw), `"kind":"end"`) {
				n++
			}
		}
		return n
	}
	waitEnds := func(n int) {
		for ends() < n {
			select {
			case <-c.ctx().Done():
				t.Fatalf("sweep %d never ended", n)
			default:
				runtime.Gosched()
			}
		}
	}
	waitEnds(1)
	save() // unchanged: the open's sweep stands
	v := c.change(uri, nil, workedExample+"// edited\n")
	c.diagnosticsAt(uri, v)
	save()
	waitEnds(2)
	check("an edit and a save", c.waitDiagnostics(uri, func(p protocol.PublishDiagnosticsParams) bool {
		return int32(p.Version) == v && len(p.Diagnostics) > 0
	}))
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.created) != 2 {
		t.Errorf("window/workDoneProgress/create sent %d times, want 2 (open, then the edited save; not the unchanged save)", len(c.created))
	}
	var kinds []string
	for _, raw := range c.progress {
		var p struct {
			Value struct{ Kind string } `json:"value"`
		}
		_ = json.Unmarshal(raw, &p)
		kinds = append(kinds, p.Value.Kind)
	}
	if len(kinds) < 4 || kinds[0] != "begin" || kinds[len(kinds)-1] != "end" {
		t.Errorf("progress kinds %v, want begin ... end", kinds)
	}
}

func TestDebugScheduleCommand(t *testing.T) {
	c := newTestClient(t, Options{})
	c.initialize(false, "")
	uri := testURI("two.rvl")
	c.open(uri, workedExample)
	var res DebugScheduleResult
	c.mustCall("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdDebugSchedule,
		Arguments: []any{DebugScheduleArgs{Program: "/work/two.rvl", Choices: []int{0, 1}}}}, &res)
	if res.OK || len(res.Findings) != 1 || res.Findings[0].Tag != "unstable" ||
		fmt.Sprint(res.Choices) != "[0 1 0 0 0 0]" || res.Launch.Type != "revl" || res.Launch.Request != "launch" {
		t.Errorf("debugSchedule: %+v", res)
	}
	if res.Replay != "revl test /work/two.rvl --choices 0,1,0,0,0,0" {
		t.Errorf("replay = %q", res.Replay)
	}
	err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: "revl.nope", Arguments: []any{1}}, nil)
	if code := rpcCode(t, err); code != jsonrpc2.CodeInvalidParams {
		t.Errorf("unknown command: %v", err)
	}
	err = c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdDebugSchedule,
		Arguments: []any{DebugScheduleArgs{Program: "/no/such/file.rvl"}}}, nil)
	if code := rpcCode(t, err); code != jsonrpc2.CodeInvalidParams {
		t.Errorf("missing program: %v", err)
	}
}

// TestPanicBecomesError installs a handler that panics: the request gets
// an InternalError and the server keeps serving.
func TestPanicBecomesError(t *testing.T) {
	requests["revl/test/panic"] = func(*Server, context.Context, *Snapshot, json.RawMessage) (any, error) {
		panic("boom")
	}
	t.Cleanup(func() { delete(requests, "revl/test/panic") })
	c := newTestClient(t, Options{})
	c.initialize(false, "")
	err := c.call("revl/test/panic", map[string]any{}, nil)
	if code := rpcCode(t, err); code != jsonrpc2.CodeInternalError || !strings.Contains(err.Error(), "boom") {
		t.Errorf("panicking handler: %v", err)
	}
	if err := c.shutdown(); err != nil {
		t.Errorf("shutdown after a panic: %v", err)
	}
}

const workedExample = `service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component A requires log: Log { emit log.write("A up") }
component B requires log: Log { emit log.write("B up") }
`

// TestConcurrentRequests runs a sweep while other requests read the same
// document version from several goroutines (run it with -race).
func TestConcurrentRequests(t *testing.T) {
	c := newTestClient(t, Options{Workers: 2})
	c.initialize(false, "")
	uri := testURI("two.rvl")
	c.open(uri, workedExample)
	c.diagnosticsAt(uri, 1)
	doc := protocol.TextDocumentIdentifier{URI: uri}
	errs := make(chan error, 64)
	go func() {
		errs <- c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdRunSchedules,
			Arguments: []any{RunSchedulesArgs{Program: "/work/two.rvl", Seeds: 300}}}, nil)
	}()
	for i := 0; i < 8; i++ {
		go func() {
			pos := protocol.TextDocumentPositionParams{TextDocument: doc, Position: protocol.Position{Line: 3, Character: 40}}
			for _, call := range []struct {
				method string
				params any
			}{
				{"textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: pos}},
				{"textDocument/references", &protocol.ReferenceParams{TextDocumentPositionParams: pos}},
				{"textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: pos}},
				{"textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}},
				{"textDocument/codeLens", &protocol.CodeLensParams{TextDocument: doc}},
				{"textDocument/formatting", &protocol.DocumentFormattingParams{TextDocument: doc}},
			} {
				if err := c.call(call.method, call.params, nil); err != nil {
					errs <- fmt.Errorf("%s: %w", call.method, err)
					return
				}
			}
			errs <- nil
		}()
	}
	for i := 0; i < 9; i++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
