package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
	"go.lsp.dev/protocol"
)

// BenchmarkReceive times a message from its frame to its handler, its
// params decoded into their protocol type there: a hover request, and the
// didOpen of the 10,000-line file of the edit benchmarks. "stream" is the
// server's reader (one decode of the message; the params handed on as
// they came), "library" jsonrpc2's own codec (VSCodeObjectCodec, whose
// Request decoder turns the params into generic maps and encodes them
// again), on the same bytes in the same run: compare the two.
//
//	go test ./lsp -run XXX -bench Receive -benchmem -count 5
func BenchmarkReceive(b *testing.B) {
	hover := mustJSON(map[string]any{"jsonrpc": "2.0", "id": 12, "method": "textDocument/hover", "params": &protocol.HoverParams{
		TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: "file:///tmp/revl-lsp-bench/app.rvl"}, Position: protocol.Position{Line: 5000, Character: 12}}}})
	open := mustJSON(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": &protocol.DidOpenTextDocumentParams{
		TextDocument: protocol.TextDocumentItem{URI: "file:///tmp/revl-lsp-bench/app.rvl", LanguageID: "revl", Version: 1, Text: revlToggled("end")}}})
	for _, msg := range []struct {
		name   string
		body   []byte
		decode func(json.RawMessage) error
	}{
		{"hover", hover, func(raw json.RawMessage) error { return json.Unmarshal(raw, new(protocol.HoverParams)) }},
		{"didOpen-10000-lines", open, func(raw json.RawMessage) error { return json.Unmarshal(raw, new(protocol.DidOpenTextDocumentParams)) }},
	} {
		frame := fmt.Appendf(nil, "Content-Length: %d\r\n\r\n%s", len(msg.body), msg.body)
		for _, reader := range []string{"stream", "library"} {
			b.Run(msg.name+"/"+reader, func(b *testing.B) {
				b.SetBytes(int64(len(msg.body)))
				// One connection reads b.N frames, one at a time: each is
				// written when the one before it has reached the handler.
				pr, pw := io.Pipe()
				handled := make(chan error)
				var st *stream
				var obj jsonrpc2.ObjectStream
				if reader == "stream" {
					st = newStream(nopCloser{pr, io.Discard}, 1<<30, func(string, ...any) {})
					obj = st
				} else {
					obj = jsonrpc2.NewBufferedStream(nopCloser{pr, io.Discard}, jsonrpc2.VSCodeObjectCodec{})
				}
				conn := jsonrpc2.NewConn(context.Background(), obj, jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
					var raw json.RawMessage
					if st != nil {
						raw = st.params(req)
					} else if req.Params != nil {
						raw = *req.Params
					}
					handled <- msg.decode(raw)
					return nil, nil
				}), jsonrpc2.SetLogger(log.New(io.Discard, "", 0)))
				defer conn.Close()
				for b.Loop() {
					go func() { _, _ = pw.Write(frame) }() // io.Pipe orders the writes
					if err := <-handled; err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
