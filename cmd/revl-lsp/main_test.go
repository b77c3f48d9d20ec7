package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
)

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

func frame(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

func TestHelpAndUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"--help"}, io.NopCloser(strings.NewReader("")), nopWriteCloser{&out}, &errb); code != 0 || !strings.Contains(out.String(), "usage: revl-lsp") {
		t.Errorf("--help: exit %d, output %q", code, out.String())
	}
	errb.Reset()
	if code := run([]string{"-nope"}, io.NopCloser(strings.NewReader("")), nopWriteCloser{&out}, &errb); code != 2 {
		t.Errorf("bad flag: exit %d", code)
	}
	if code := run([]string{"-seeds", "0"}, io.NopCloser(strings.NewReader("")), nopWriteCloser{&out}, &errb); code != 2 {
		t.Errorf("-seeds 0: exit %d", code)
	}
}

// TestSession runs a whole session on the command's stdin and stdout:
// initialize, shutdown, exit gives exit status 0.
func TestSession(t *testing.T) {
	in := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`) +
		frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`) +
		frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) +
		frame(`{"jsonrpc":"2.0","method":"exit"}`)
	var out, errb bytes.Buffer
	code := run(nil, io.NopCloser(strings.NewReader(in)), nopWriteCloser{&out}, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if !strings.Contains(out.String(), `"name":"revl-lsp"`) || !strings.Contains(out.String(), `"id":2`) {
		t.Errorf("output: %s", out.String())
	}
}

// TestStdinClosed: the editor went away without shutdown: exit status 1.
func TestStdinClosed(t *testing.T) {
	in := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	var out, errb bytes.Buffer
	if code := run(nil, io.NopCloser(strings.NewReader(in)), nopWriteCloser{&out}, &errb); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
}
