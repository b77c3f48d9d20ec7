package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	godap "github.com/google/go-dap"
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

// listening starts revl-dap --listen with args and returns the address
// and the token it printed (empty with --no-auth).
func listening(t *testing.T, args ...string) (addr, token string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- runContext(ctx, append([]string{"--listen", "127.0.0.1:0"}, args...), nil, io.Discard, pw)
		pw.Close()
	}()
	t.Cleanup(func() {
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("revl-dap --listen exited %d", code)
		}
	})
	sc := bufio.NewScanner(pr)
	if !sc.Scan() {
		t.Fatal("revl-dap printed nothing")
	}
	line := sc.Text()
	rest, ok := strings.CutPrefix(line, "revl-dap: listening on ")
	if !ok {
		t.Fatalf("first line %q", line)
	}
	addr, _, _ = strings.Cut(rest, " ")
	if strings.Contains(rest, "--no-auth") {
		go io.Copy(io.Discard, pr)
		return addr, ""
	}
	if !sc.Scan() {
		t.Fatal("no token line")
	}
	m := regexp.MustCompile(`^revl-dap: token ([0-9a-f]{32}) \(pass it as the launch attribute "token"\)$`).FindStringSubmatch(sc.Text())
	if m == nil {
		t.Fatalf("token line %q", sc.Text())
	}
	go io.Copy(io.Discard, pr)
	return addr, m[1]
}

// launchOver connects to addr and launches the worked example, with the
// token when it is not empty; it returns the launch response's text.
func launchOver(t *testing.T, addr, token string) string {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	prog, _ := filepath.Abs("../../examples/two-consumers.rvl")
	args := map[string]any{"program": prog}
	if token != "" {
		args["token"] = token
	}
	a, _ := json.Marshal(args)
	fmt.Fprint(conn, frame(`{"seq":1,"type":"request","command":"launch","arguments":`+string(a)+`}`))
	r := bufio.NewReader(conn)
	for {
		msg, err := godap.ReadBaseMessage(r)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(msg, []byte(`"type":"response"`)) {
			return string(msg)
		}
	}
}

// TestListenToken: --listen prints a fresh token and refuses a launch
// without it; the right token launches.
func TestListenToken(t *testing.T) {
	addr, token := listening(t)
	if got := launchOver(t, addr, ""); !strings.Contains(got, `"success":false`) || !strings.Contains(got, "needs the token") {
		t.Errorf("launch without the token: %s", got)
	}
	if got := launchOver(t, addr, strings.Repeat("0", 32)); !strings.Contains(got, `"success":false`) {
		t.Errorf("launch with a wrong token: %s", got)
	}
	if got := launchOver(t, addr, token); !strings.Contains(got, `"success":true`) {
		t.Errorf("launch with the token: %s", got)
	}
	if _, other := listening(t); other == token {
		t.Error("two servers printed the same token")
	}
}

// TestListenNoAuth: --no-auth serves without a token.
func TestListenNoAuth(t *testing.T) {
	addr, token := listening(t, "--no-auth")
	if token != "" {
		t.Fatalf("token %q with --no-auth", token)
	}
	if got := launchOver(t, addr, ""); !strings.Contains(got, `"success":true`) {
		t.Errorf("launch: %s", got)
	}
	var errb bytes.Buffer
	if code := run([]string{"--no-auth"}, nil, io.Discard, &errb); code != 2 || !strings.Contains(errb.String(), "--no-auth is for --listen") {
		t.Errorf("--no-auth without --listen: exit %d, %q", code, errb.String())
	}
}
