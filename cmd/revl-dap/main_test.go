package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

func TestUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"--help"}, nil, &out, &errb); code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	if !strings.Contains(errb.String(), "--listen") {
		t.Fatalf("usage does not document --listen:\n%s", errb.String())
	}
	if code := run([]string{"--bogus"}, nil, &out, &errb); code != 2 {
		t.Fatalf("bad flag: exit %d", code)
	}
	if code := run([]string{"extra"}, nil, &out, &errb); code != 2 {
		t.Fatalf("stray argument: exit %d", code)
	}
}

// TestStdio runs a session over in-memory stdio: the protocol, and nothing
// else, goes to stdout.
func TestStdio(t *testing.T) {
	in := strings.NewReader(frame(`{"seq":1,"type":"request","command":"initialize","arguments":{"adapterID":"revl"}}`) +
		frame(`{"seq":2,"type":"request","command":"disconnect"}`))
	var out, errb bytes.Buffer
	if code := run([]string{"--stdio"}, in, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	if !strings.HasPrefix(s, "Content-Length: ") || !strings.Contains(s, `"supportsStepBack":true`) || !strings.Contains(s, `"command":"disconnect"`) {
		t.Fatalf("stdout:\n%s", s)
	}
}
