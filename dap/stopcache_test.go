package dap

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	godap "github.com/google/go-dap"
)

// TestSendBody: a response framed by sendBody is, byte for byte, what
// json.Marshal makes of the whole response.
func TestSendBody(t *testing.T) {
	for _, c := range []struct {
		command string
		seq     int
		body    any
	}{
		{"stackTrace", 5, godap.StackTraceResponseBody{StackFrames: []godap.StackFrame{{Id: 1, Name: "decision 2: <B> & \"C\"", Line: 3}}, TotalFrames: 1}},
		{"variables", 0, godap.VariablesResponseBody{Variables: []godap.Variable{}}},
		{"revl/timeline", 123456, map[string]any{"a": []int{1, 2}}},
		{"odd \"command\" <é>", -1, 1},
	} {
		var out bytes.Buffer
		s := newSession(&out, Options{})
		s.seq = 41
		b, err := json.Marshal(c.body)
		if err != nil {
			t.Fatal(err)
		}
		s.sendBody(c.seq, c.command, b)
		want, err := json.Marshal(&bodyResponse{Response: godap.Response{ProtocolMessage: godap.ProtocolMessage{Seq: 42, Type: "response"}, RequestSeq: c.seq, Success: true, Command: c.command}, Body: c.body})
		if err != nil {
			t.Fatal(err)
		}
		var w bytes.Buffer
		s2 := newSession(&w, Options{})
		if err := s2.frames.Write(want); err != nil {
			t.Fatal(err)
		}
		if out.String() != w.String() {
			t.Errorf("%s: sendBody wrote\n%s\nwant\n%s", c.command, out.String(), w.String())
		}
	}
}

// TestStopCache: the same request at the same stop gets the same answer,
// naming the same frame and references; any other request, and a stop,
// start afresh.
func TestStopCache(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("worked.rvl")}, nil)
	body := func(cmd string, args map[string]any) map[string]any {
		t.Helper()
		return must(t)(c.Request(cmd, args)).Body()
	}
	frameOf := func(st map[string]any) any { return st["stackFrames"].([]any)[0].(map[string]any)["id"] }
	st1 := body("stackTrace", map[string]any{"threadId": 1})
	sc1 := body("scopes", map[string]any{"frameId": frameOf(st1)})
	ref := sc1["scopes"].([]any)[0].(map[string]any)["variablesReference"]
	v1 := body("variables", map[string]any{"variablesReference": ref})
	th1 := body("threads", nil)
	cases := []struct {
		name      string
		cmd       string
		args      map[string]any
		want      map[string]any
		sameAsNew bool // the answer must equal want (else differ from it)
	}{
		{"stackTrace again", "stackTrace", map[string]any{"threadId": 1}, st1, true},
		{"scopes again", "scopes", map[string]any{"frameId": frameOf(st1)}, sc1, true},
		{"variables again", "variables", map[string]any{"variablesReference": ref}, v1, true},
		{"threads again", "threads", nil, th1, true},
		{"variables, another page", "variables", map[string]any{"variablesReference": ref, "start": 1, "count": 2}, v1, false},
	}
	for _, k := range cases {
		got := body(k.cmd, k.args)
		if reflect.DeepEqual(got, k.want) != k.sameAsNew {
			t.Errorf("%s: %v, first answer %v (want same: %v)", k.name, got, k.want, k.sameAsNew)
		}
	}
	// Another request empties the cache: a new frame is built.
	must(t)(c.Request("pause", map[string]any{"threadId": 1}))
	if st := body("stackTrace", map[string]any{"threadId": 1}); reflect.DeepEqual(st, st1) {
		t.Errorf("stackTrace after pause = %v: the cached answer, want a new frame id", st)
	}
	// A stop too: the frame is the next decision's.
	if _, err := c.Step("next", map[string]any{"threadId": 1}); err != nil {
		t.Fatal(err)
	}
	st2 := body("stackTrace", map[string]any{"threadId": 1})
	if n1, n2 := st1["stackFrames"].([]any)[0].(map[string]any)["name"], st2["stackFrames"].([]any)[0].(map[string]any)["name"]; n1 == n2 {
		t.Errorf("the frame after next is still %v", n2)
	}
}
