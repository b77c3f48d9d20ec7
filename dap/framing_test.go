package dap

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	godap "github.com/google/go-dap"

	"revl.dev/debug/dap/daptest"
)

func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

// responses decodes what the server wrote.
func responses(t *testing.T, out []byte) []map[string]any {
	t.Helper()
	var ms []map[string]any
	r := bufio.NewReader(bytes.NewReader(out))
	for {
		raw, err := godap.ReadBaseMessage(r)
		if err != nil {
			return ms
		}
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatalf("server wrote invalid JSON %q", raw)
		}
		ms = append(ms, m)
	}
}

// TestFraming: a frame the server cannot read is an error on the log (or
// returned), an error response where the length is known, never an
// allocation of the header's word or a stall.
func TestFraming(t *testing.T) {
	initialize := `{"seq":1,"type":"request","command":"initialize","arguments":{"adapterID":"revl"}}`
	big := strings.Repeat("a", MaxMessage)
	cases := []struct {
		name, send string
		reply      string // an error response's message, then initialize must still be answered
		fatal      string // the error Serve returns
	}{
		{name: "huge length", send: "Content-Length: 9000000000000000000\r\n\r\n",
			reply: "message of 9000000000000000000 bytes exceeds the limit of 4194304 bytes"},
		{name: "oversized body is skipped", send: frame(`{"seq":1,"type":"request","command":"x","arguments":"`+big+`"}`) + frame(initialize),
			reply: "exceeds the limit of 4194304 bytes"},
		{name: "no Content-Length", send: "Content-Type: x\r\n\r\n{}", fatal: "bad message header: header without Content-Length"},
		{name: "negative length", send: "Content-Length: -1\r\n\r\n", fatal: `malformed Content-Length "-1"`},
		{name: "non-numeric length", send: "Content-Length: 12a\r\n\r\n", fatal: `malformed Content-Length "12a"`},
		{name: "endless header line", send: strings.Repeat("C", 1<<20), fatal: "header line longer than 4096 bytes"},
		{name: "bare newlines are accepted", send: "Content-Length: " + fmt.Sprint(len(initialize)) + "\n\n" + initialize},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			var log []string
			var errs strings.Builder
			err := Serve(strings.NewReader(c.send), &out, Options{Log: func(s string) { log = append(log, s) }, Errors: &errs})
			ms := responses(t, out.Bytes())
			if c.fatal != "" {
				if err == nil || !strings.Contains(err.Error(), c.fatal) {
					t.Fatalf("Serve = %v, want an error containing %q", err, c.fatal)
				}
				return
			}
			if err != nil {
				t.Fatalf("Serve = %v", err)
			}
			if c.reply != "" {
				if len(ms) == 0 || ms[0]["success"] != false || !strings.Contains(fmt.Sprint(ms[0]["message"]), c.reply) {
					t.Fatalf("first message %v, want an error response containing %q", ms, c.reply)
				}
				if !strings.Contains(strings.Join(log, "\n"), c.reply) {
					t.Errorf("log %q does not mention %q", log, c.reply)
				}
				if !strings.HasPrefix(errs.String(), "revl-dap: bad message: ") || !strings.Contains(errs.String(), c.reply) {
					t.Errorf("errors %q do not mention %q", errs.String(), c.reply)
				}
				ms = ms[1:]
			}
			if strings.Contains(c.send, initialize) {
				if len(ms) == 0 || ms[0]["command"] != "initialize" || ms[0]["success"] != true {
					t.Fatalf("initialize after the frame: %v", ms)
				}
			}
		})
	}
}

// TestLaunchDevZero: a launch of /dev/zero is refused at once (it used to
// read until it had taken 24 GB).
func TestLaunchDevZero(t *testing.T) {
	c := start(t)
	must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	m := fails(t)(c.Request("launch", map[string]any{"program": "/dev/zero"}))
	if msg := fmt.Sprint(m["message"]); !strings.Contains(msg, "/dev/zero: not a regular file (a character device)") {
		t.Errorf("launch /dev/zero: %q", msg)
	}
}

// TestLaunchMemoryBudget: a run that doubles a string forty times is
// stopped by the memory budget (the launch attribute memoryBudget, or the
// default) and the session goes on; a malformed budget is refused.
func TestLaunchMemoryBudget(t *testing.T) {
	cases := []struct {
		name   string
		budget any
		want   string // the error of U's activation, in the output
	}{
		{"default", nil, "unbounded: memory budget of 64 MiB exceeded"},
		{"a size", "1MiB", "unbounded: memory budget of 1 MiB exceeded"},
		{"bytes", 2 << 20, "unbounded: memory budget of 2 MiB exceeded"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := start(t)
			args := map[string]any{"program": program("doubling.rvl"), "stopOnEntry": true}
			if tc.budget != nil {
				args["memoryBudget"] = tc.budget
			}
			launch(t, c, args, nil)
			c.Drain()
			must(t)(c.Request("continue", map[string]any{"threadId": 1}))
			var out strings.Builder
			if _, _, err := c.ReadUntil(func(m daptest.Message) bool {
				if m.Event() == "output" {
					out.WriteString(fmt.Sprint(m.Body()["output"]))
				}
				return m.Event() == "stopped" || m.Event() == "terminated"
			}); err != nil {
				t.Fatal(err)
			}
			must(t)(c.Request("threads", nil))
			if !strings.Contains(out.String(), tc.want) {
				t.Errorf("output %q lacks %q", out.String(), tc.want)
			}
		})
	}
	c := start(t)
	must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	m := fails(t)(c.Request("launch", map[string]any{"program": program("doubling.rvl"), "memoryBudget": "lots"}))
	if msg := fmt.Sprint(m["message"]); !strings.Contains(msg, `'memoryBudget' must be a positive number of bytes or a size such as "256MiB", got "lots"`) {
		t.Errorf("launch with memoryBudget lots: %q", msg)
	}
}
