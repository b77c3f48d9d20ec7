package lsp

import (
	"context"
	"encoding/json"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"go.lsp.dev/protocol"
)

// testClient is an LSP client talking to an in-process server over a pipe:
// real framing, real JSON, real concurrency, no subprocess.
type testClient struct {
	t        testing.TB
	conn     *jsonrpc2.Conn
	srv      *Server
	done     chan struct{} // closed when Serve returns
	serveErr error

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced on every notification
	diags    map[protocol.DocumentURI]protocol.PublishDiagnosticsParams
	progress []json.RawMessage
	messages []protocol.ShowMessageParams
	created  []string // window/workDoneProgress/create tokens
	version  map[protocol.DocumentURI]int32
}

// timeout bounds every wait of a test; a hang fails in seconds, not at the
// test binary's deadline.
const timeout = 20 * time.Second

func newTestClient(t testing.TB, opts Options) *testClient {
	t.Helper()
	serverEnd, clientEnd := net.Pipe()
	c := &testClient{
		t: t, srv: NewServer(opts), done: make(chan struct{}),
		changed: make(chan struct{}), diags: map[protocol.DocumentURI]protocol.PublishDiagnosticsParams{},
		version: map[protocol.DocumentURI]int32{},
	}
	go func() {
		c.serveErr = c.srv.Serve(context.Background(), serverEnd)
		close(c.done)
	}()
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(clientEnd, jsonrpc2.VSCodeObjectCodec{}), jsonrpc2.HandlerWithError(c.handle))
	t.Cleanup(func() {
		c.conn.Close()
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		select {
		case <-c.done:
		case <-ctx.Done():
			t.Errorf("the server did not stop after its connection closed")
		}
	})
	return c
}

// handle answers the server's requests and records its notifications.
func (c *testClient) handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	var params json.RawMessage
	if req.Params != nil {
		params = *req.Params
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	defer func() {
		close(c.changed)
		c.changed = make(chan struct{})
	}()
	switch req.Method {
	case "textDocument/publishDiagnostics":
		var p protocol.PublishDiagnosticsParams
		if err := json.Unmarshal(params, &p); err != nil {
			c.t.Errorf("bad publishDiagnostics: %v", err)
		}
		c.diags[p.URI] = p
	case "$/progress":
		c.progress = append(c.progress, params)
	case "window/showMessage":
		var p protocol.ShowMessageParams
		_ = json.Unmarshal(params, &p)
		c.messages = append(c.messages, p)
	case "window/workDoneProgress/create":
		var p struct {
			Token any `json:"token"`
		}
		_ = json.Unmarshal(params, &p)
		c.created = append(c.created, strings.Trim(string(mustJSON(p.Token)), `"`))
		return nil, nil
	case "workspace/codeLens/refresh":
		return nil, nil
	}
	return nil, nil
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func (c *testClient) ctx() context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	c.t.Cleanup(cancel)
	return ctx
}

// call sends a request and decodes its result into result (may be nil).
func (c *testClient) call(method string, params, result any) error {
	return c.conn.Call(c.ctx(), method, params, result)
}

func (c *testClient) mustCall(method string, params, result any) {
	c.t.Helper()
	if err := c.call(method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *testClient) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(c.ctx(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// initialize runs the handshake; progress says whether the client claims
// window.workDoneProgress.
func (c *testClient) initialize(progress bool, root string) *protocol.InitializeResult {
	c.t.Helper()
	params := map[string]any{
		"processId": 1,
		"rootUri":   nil,
		"capabilities": map[string]any{
			"window":       map[string]any{"workDoneProgress": progress},
			"textDocument": map[string]any{"publishDiagnostics": map[string]any{"relatedInformation": true}},
		},
	}
	if root != "" {
		params["rootUri"] = string(pathURI(root))
	}
	var res protocol.InitializeResult
	c.mustCall("initialize", params, &res)
	c.notify("initialized", map[string]any{})
	return &res
}

func (c *testClient) open(uri protocol.DocumentURI, text string) {
	c.t.Helper()
	c.mu.Lock()
	c.version[uri] = 1
	c.mu.Unlock()
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: "revl", Version: 1, Text: text,
	}})
}

// change replaces the whole text (or a range, when r is non-nil) and
// returns the new version.
func (c *testClient) change(uri protocol.DocumentURI, r *protocol.Range, text string) int32 {
	c.t.Helper()
	c.mu.Lock()
	c.version[uri]++
	v := c.version[uri]
	c.mu.Unlock()
	change := map[string]any{"text": text}
	if r != nil {
		change["range"] = r
	}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": v},
		"contentChanges": []any{change},
	})
	return v
}

// waitDiagnostics waits until the diagnostics published for uri satisfy
// ok, and returns them.
func (c *testClient) waitDiagnostics(uri protocol.DocumentURI, ok func(protocol.PublishDiagnosticsParams) bool) protocol.PublishDiagnosticsParams {
	c.t.Helper()
	ctx := c.ctx()
	for {
		c.mu.Lock()
		p, have := c.diags[uri]
		ch := c.changed
		c.mu.Unlock()
		if have && ok(p) {
			return p
		}
		select {
		case <-ch:
		case <-ctx.Done():
			c.t.Fatalf("timed out waiting for diagnostics of %s; last: %+v", uri, p)
		}
	}
}

// diagnosticsAt waits for the diagnostics of exactly version v.
func (c *testClient) diagnosticsAt(uri protocol.DocumentURI, v int32) []protocol.Diagnostic {
	c.t.Helper()
	return c.waitDiagnostics(uri, func(p protocol.PublishDiagnosticsParams) bool { return int32(p.Version) == v }).Diagnostics
}

func (c *testClient) shutdown() error {
	c.t.Helper()
	if err := c.call("shutdown", nil, nil); err != nil {
		return err
	}
	c.notify("exit", nil)
	return c.waitExit()
}

// waitExit waits for Serve to return and gives its error.
func (c *testClient) waitExit() error {
	c.t.Helper()
	select {
	case <-c.done:
		return c.serveErr
	case <-c.ctx().Done():
		c.t.Fatal("the server did not exit")
	}
	return nil
}

func testURI(name string) protocol.DocumentURI {
	return protocol.DocumentURI("file:///work/" + name)
}
