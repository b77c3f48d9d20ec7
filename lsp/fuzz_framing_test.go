package lsp

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"
)

// nopCloser is a stream end that reads data and discards what is written.
type nopCloser struct {
	io.Reader
	io.Writer
}

func (nopCloser) Close() error { return nil }

// FuzzFraming feeds arbitrary bytes to the server's message reader: it
// must never panic, never hand on a message over the limit, and end
// (each message consumes input). The seed corpus is in
// testdata/fuzz/FuzzFraming.
func FuzzFraming(f *testing.F) {
	f.Add([]byte("Content-Length: 52\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\",\"x\":1}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		const max = 256
		var out bytes.Buffer
		st := newStream(nopCloser{bytes.NewReader(data), &out}, max, func(string, ...any) {})
		for i := 0; i <= len(data); i++ {
			var msg json.RawMessage
			if err := st.ReadObject(&msg); err != nil {
				return
			}
			if len(msg) > max {
				t.Fatalf("a message of %d bytes passed a limit of %d", len(msg), max)
			}
		}
		t.Fatalf("more messages than bytes in %q", data)
	})
}
