package dap

import (
	"bytes"
	"io"
	"testing"
)

// FuzzFraming serves a session on arbitrary bytes: whatever they are, the
// server must not panic and must end when the input does. The seed corpus
// is in testdata/fuzz/FuzzFraming.
func FuzzFraming(f *testing.F) {
	f.Add([]byte(frame(`{"seq":1,"type":"request","command":"initialize","arguments":{"adapterID":"revl"}}`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := Serve(bytes.NewReader(data), io.Discard, Options{}); err != nil {
			if _, ok := err.(interface{ Unwrap() error }); !ok {
				t.Fatalf("Serve returned a bare error: %v", err)
			}
		}
	})
}
