package wire

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	type want struct {
		body string // a message
		err  string // or an error (io.EOF, io.ErrUnexpectedEOF or a *Error's text)
		rec  bool   // the error is Recoverable
	}
	cases := []struct {
		name string
		in   string
		want []want
	}{
		{"two messages", "Content-Length: 2\r\n\r\n{}Content-Length: 3\r\n\r\n[1]", []want{{body: "{}"}, {body: "[1]"}, {err: "EOF"}}},
		{"bare newlines, other headers, case", "\ncontent-length: 2\nContent-Type: x\n\n{}", []want{{body: "{}"}, {err: "EOF"}}},
		{"empty body", "Content-Length: 0\r\n\r\n", []want{{body: ""}, {err: "EOF"}}},
		{"too large, then skipped", "Content-Length: 20\r\n\r\n" + strings.Repeat("x", 20) + "Content-Length: 2\r\n\r\nok",
			[]want{{err: "message of 20 bytes exceeds the limit of 16 bytes", rec: true}, {body: "ok"}, {err: "EOF"}}},
		{"too large and cut short", "Content-Length: 9000000000000000000\r\n\r\nabc",
			[]want{{err: "message of 9000000000000000000 bytes exceeds the limit of 16 bytes", rec: true}, {err: "unexpected EOF"}}},
		{"length overflows int64", "Content-Length: 99999999999999999999\r\n\r\n", []want{{err: `malformed Content-Length "99999999999999999999"`}}},
		{"negative", "Content-Length: -1\r\n\r\n", []want{{err: `malformed Content-Length "-1": want a non-negative integer`}}},
		{"missing", "X: 1\r\n\r\n", []want{{err: "header without Content-Length"}}},
		{"no colon", "Content-Length 2\r\n\r\n{}", []want{{err: `malformed header line "Content-Length 2"`}}},
		{"long line", strings.Repeat("x", 5000), []want{{err: "header line longer than 4096 bytes"}}},
		{"long block", strings.Repeat("A: "+strings.Repeat("b", 1000)+"\r\n", 70), []want{{err: "header block longer than 65536 bytes"}}},
		{"body cut short", "Content-Length: 10\r\n\r\nabc", []want{{err: "unexpected EOF"}}},
		{"header cut short", "Content-Len", []want{{err: "unexpected EOF"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(c.in), 16)
			for i, w := range c.want {
				body, err := r.Read()
				if w.err == "" {
					if err != nil || string(body) != w.body {
						t.Fatalf("read %d = %q, %v; want %q", i, body, err, w.body)
					}
					continue
				}
				if err == nil || !strings.Contains(err.Error(), w.err) {
					t.Fatalf("read %d = %q, %v; want error %q", i, body, err, w.err)
				}
				var fe *Error
				if errors.As(err, &fe) && fe.Recoverable != w.rec {
					t.Fatalf("read %d: Recoverable = %v, want %v", i, fe.Recoverable, w.rec)
				}
			}
		})
	}
}

// FuzzRead: whatever the bytes, Read ends (every call consumes input or
// fails for good), never returns a body over the limit, and a body it
// returns is exactly what a writer framing it would have sent.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"Content-Length: 2\r\n\r\n{}",
		"Content-Length: 9000000000000000000\r\n\r\n",
		"Content-Length: 1000000000000\r\n\r\n",
		"Content-Length: -3\r\n\r\n",
		"Content-Length: 40\r\n\r\n" + strings.Repeat("z", 40) + "Content-Length: 1\r\n\r\n1",
		"\n\ncontent-length:1\n\nx",
		"X: y\r\n\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const max = 32
		r := NewReader(bytes.NewReader(data), max)
		for i := 0; i <= len(data); i++ {
			body, err := r.Read()
			if err == nil {
				if len(body) > max {
					t.Fatalf("body of %d bytes over the limit %d", len(body), max)
				}
				continue
			}
			var fe *Error
			if errors.As(err, &fe) && fe.Recoverable {
				if fe.Length <= max {
					t.Fatalf("recoverable error for a length within the limit: %v", fe)
				}
				continue
			}
			if err != io.EOF && err != io.ErrUnexpectedEOF && !errors.As(err, &fe) {
				t.Fatalf("unexpected error type %T: %v", err, err)
			}
			return
		}
		t.Fatalf("more messages than bytes in %q", data)
	})
}

// writes records each Write call.
type writes struct{ calls []string }

func (w *writes) Write(p []byte) (int, error) {
	w.calls = append(w.calls, string(p))
	return len(p), nil
}

// TestWriterOnePiece: each frame is one Write, header and body together,
// and what it writes reads back.
func TestWriterOnePiece(t *testing.T) {
	var w writes
	fw := NewWriter(&w)
	for _, body := range []string{`{"a":1}`, ``, strings.Repeat("x", 70000)} {
		if err := fw.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if len(w.calls) != 3 {
		t.Fatalf("%d writes for three frames", len(w.calls))
	}
	if w.calls[0] != "Content-Length: 7\r\n\r\n{\"a\":1}" || w.calls[1] != "Content-Length: 0\r\n\r\n" {
		t.Errorf("frames %q, %q", w.calls[0], w.calls[1])
	}
	r := NewReader(strings.NewReader(strings.Join(w.calls, "")), 1<<20)
	for i, want := range []int{7, 0, 70000} {
		body, err := r.Read()
		if err != nil || len(body) != want {
			t.Errorf("frame %d read back: %d bytes, %v; want %d", i, len(body), err, want)
		}
	}
}
