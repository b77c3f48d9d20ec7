package lsp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// TestFraming sends frames no client library would and checks that the
// server never allocates on a header's word, answers what it can, and
// ends with an error it reports for what it cannot.
func TestFraming(t *testing.T) {
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`
	frame := func(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
	cases := []struct {
		name string
		send string
		// reply: the error the server answers with (then a valid request
		// must still work); fatal: the error Serve returns.
		reply, fatal string
	}{
		{name: "huge length (used to panic)", send: "Content-Length: 9000000000000000000\r\n\r\n",
			reply: "message of 9000000000000000000 bytes exceeds the limit of 4096 bytes"},
		{name: "large length (used to run out of memory)", send: "Content-Length: 1000000000000\r\n\r\n",
			reply: "message of 1000000000000 bytes exceeds the limit of 4096 bytes"},
		{name: "oversized body is skipped", send: frame(`{"jsonrpc":"2.0","id":7,"method":"x","params":"`+strings.Repeat("a", 5000)+`"}`) + frame(initialize),
			reply: "message of 5049 bytes exceeds the limit of 4096 bytes"},
		{name: "no Content-Length", send: "Content-Type: application/json\r\n\r\n{}", fatal: "header without Content-Length"},
		{name: "negative length", send: "Content-Length: -5\r\n\r\n", fatal: `malformed Content-Length "-5": want a non-negative integer`},
		{name: "non-numeric length", send: "Content-Length: ten\r\n\r\n", fatal: `malformed Content-Length "ten"`},
		{name: "endless header line", send: "Content-Length: 1" + strings.Repeat("0", 10000), fatal: "header line longer than 4096 bytes"},
		{name: "endless header block", send: strings.Repeat("X-Pad: "+strings.Repeat("p", 1000)+"\r\n", 100), fatal: "header block longer than 65536 bytes"},
		{name: "not a header", send: "hello\r\n\r\n", fatal: `malformed header line "hello"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			serverEnd, clientEnd := net.Pipe()
			defer clientEnd.Close()
			var log strings.Builder
			logw := &lockedWriter{w: &log}
			errw := &lockedWriter{w: &strings.Builder{}}
			srv := NewServer(Options{Workers: 1, MaxMessage: 4096, Log: logw, Errors: errw})
			done := make(chan error, 1)
			go func() { done <- srv.Serve(context.Background(), serverEnd) }()
			rc := &rawClient{t: t, conn: clientEnd, r: bufio.NewReader(clientEnd), done: done}
			go func() { fmt.Fprint(clientEnd, c.send) }()
			if c.reply != "" {
				code, msg := errorCode(t, rc.response())
				if code != jsonrpc2.CodeInvalidRequest || !strings.Contains(msg, c.reply) {
					t.Fatalf("reply: code %v %q, want %v containing %q", code, msg, jsonrpc2.CodeInvalidRequest, c.reply)
				}
				if strings.Contains(c.send, initialize) {
					if r := rc.response(); r["error"] != nil || fmt.Sprint(r["id"]) != "1" {
						t.Fatalf("the request after the oversized one: %v", r)
					}
				}
				if !strings.Contains(logw.String(), c.reply) {
					t.Errorf("log %q does not mention %q", logw.String(), c.reply)
				}
				if !strings.HasPrefix(errw.String(), "revl-lsp: ") || !strings.Contains(errw.String(), c.reply) {
					t.Errorf("errors %q do not mention %q", errw.String(), c.reply)
				}
				return
			}
			// A stall here is the bug this guards against (the test's
			// timeout reports it).
			if err := <-done; err == nil || errors.Is(err, ErrNoShutdown) || !strings.Contains(err.Error(), c.fatal) {
				t.Fatalf("Serve = %v, want an error containing %q", err, c.fatal)
			}
		})
	}
}

// lockedWriter is a log the server's goroutines may write concurrently.
type lockedWriter struct {
	mu sync.Mutex
	w  *strings.Builder
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.String()
}
