package dap

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	godap "github.com/google/go-dap"

	"revl.dev/debug/dap/daptest"
	"revl.dev/debug/internal/gen"
)

// TestMarshalBodyStrings: marshalBody encodes the bodies of a stop's
// requests as json.Marshal does, byte for byte, on the strings the two
// libraries might escape differently.
func TestMarshalBodyStrings(t *testing.T) {
	strs := []string{"", "<no default>", "a&b", "x\u2028y\u2029z", "a\xffb", "\xed\xa0\x80", "\x00\x01\x1f\x7f",
		"tab\tnl\n\"q\"\\/", "← … ≠ →", "\ufffd", "emoji 😀", "&lt;", "decision 2: <B> & \"C\""}
	for _, s := range strs {
		for _, body := range []any{
			godap.VariablesResponseBody{Variables: []godap.Variable{{Name: s, Value: s, Type: s, EvaluateName: s, VariablesReference: 2, IndexedVariables: 3}}},
			godap.StackTraceResponseBody{StackFrames: []godap.StackFrame{{Id: 1, Name: s, Source: &godap.Source{Name: s, Path: s}, Line: 1, Column: 2, PresentationHint: s}}, TotalFrames: 1},
			godap.ScopesResponseBody{Scopes: []godap.Scope{{Name: s, VariablesReference: 1}, {Name: s, PresentationHint: s, VariablesReference: 2, IndexedVariables: 3}}},
			godap.ThreadsResponseBody{Threads: []godap.Thread{{Id: 1, Name: s}}},
		} {
			checkMarshalBody(t, body)
		}
	}
	for _, body := range []any{
		godap.VariablesResponseBody{Variables: []godap.Variable{}}, godap.VariablesResponseBody{},
		godap.StackTraceResponseBody{}, godap.ScopesResponseBody{}, godap.ThreadsResponseBody{},
	} {
		checkMarshalBody(t, body)
	}
}

func checkMarshalBody(t *testing.T, body any) {
	t.Helper()
	got, err := marshalBody(body)
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("marshalBody(%#v)\n = %s\nwant %s", body, got, want)
	}
}

// TestMarshalBody: every body a client is sent at the stops of the test
// programs, for threads, stackTrace, scopes and variables (every thread,
// frame, scope and the containers in them, two levels down), is the bytes
// json.Marshal gives for the body it decodes to. The bytes are the
// server's own, read off the pipe before the test client decodes them.
func TestMarshalBody(t *testing.T) {
	wide := filepath.Join(t.TempDir(), "wide40.rvl")
	if err := os.WriteFile(wide, gen.Source(gen.Wide(40)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args map[string]any
	}{
		{"worked", map[string]any{"program": program("worked.rvl")}},
		{"config", map[string]any{"program": program("config.rvl")}},
		{"console", map[string]any{"program": program("console.rvl")}},
		{"store", map[string]any{"program": program("store.rvl")}},
		{"mocked", map[string]any{"program": program("mocked.rvl")}},
		{"faults", map[string]any{"program": program("faults.rvl"), "maxFaults": 1}},
		{"fine", map[string]any{"program": program("fine.rvl"), "atoms": "fine"}},
		{"wide", map[string]any{"program": wide, "seed": 7}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, raw := startTapped(t)
			launch(t, c, tc.args, nil)
			for stop := 0; stop < 12; stop++ {
				inspectAll(t, c)
				m, err := c.Step("stepIn", map[string]any{"threadId": schedulerThread})
				if err != nil || m.Body()["reason"] == nil {
					break
				}
			}
			n := checkBodies(t, raw())
			t.Logf("%d bodies", n)
			if n < 20 {
				t.Fatalf("only %d bodies checked", n)
			}
		})
	}
}

// startTapped is start, and a function that returns every byte the server
// has written so far.
func startTapped(t *testing.T) (*daptest.Client, func() []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	fromServer, fromClient := servePipes(t, Options{})
	t.Cleanup(cancel)
	var mu sync.Mutex
	var rec bytes.Buffer
	tee := readerFunc(func(p []byte) (int, error) {
		n, err := fromServer.Read(p)
		mu.Lock()
		rec.Write(p[:n])
		mu.Unlock()
		return n, err
	})
	return daptest.New(ctx, tee, fromClient), func() []byte {
		mu.Lock()
		defer mu.Unlock()
		return bytes.Clone(rec.Bytes())
	}
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// inspectAll asks what a client can at this stop: the threads, the stack
// of each of the first few, the scopes of every frame and the variables
// of every scope, and of the containers in them two levels down.
func inspectAll(t *testing.T, c *daptest.Client) {
	t.Helper()
	ok := must(t)
	threads := ok(c.Request("threads", nil)).Body()["threads"].([]any)
	for _, th := range threads[:min(len(threads), 4)] {
		id := th.(map[string]any)["id"]
		frames := ok(c.Request("stackTrace", map[string]any{"threadId": id})).Body()["stackFrames"].([]any)
		for _, f := range frames {
			fid := f.(map[string]any)["id"]
			for _, sc := range ok(c.Request("scopes", map[string]any{"frameId": fid})).Body()["scopes"].([]any) {
				variables(t, c, sc.(map[string]any)["variablesReference"], 2)
			}
		}
	}
}

func variables(t *testing.T, c *daptest.Client, ref any, depth int) {
	if r, _ := ref.(float64); r == 0 || depth < 0 {
		return
	}
	vs := must(t)(c.Request("variables", map[string]any{"variablesReference": ref})).Body()["variables"].([]any)
	for _, v := range vs[:min(len(vs), 8)] {
		variables(t, c, v.(map[string]any)["variablesReference"], depth-1)
	}
}

// checkBodies checks every successful response of the four commands in
// the server's bytes and returns how many it checked.
func checkBodies(t *testing.T, out []byte) int {
	t.Helper()
	types := map[string]reflect.Type{
		"threads":    reflect.TypeFor[godap.ThreadsResponseBody](),
		"stackTrace": reflect.TypeFor[godap.StackTraceResponseBody](),
		"scopes":     reflect.TypeFor[godap.ScopesResponseBody](),
		"variables":  reflect.TypeFor[godap.VariablesResponseBody](),
	}
	br := bufio.NewReader(bytes.NewReader(out))
	n := 0
	for {
		msg, err := godap.ReadBaseMessage(br)
		if err != nil {
			break
		}
		var m struct {
			Type    string          `json:"type"`
			Command string          `json:"command"`
			Success bool            `json:"success"`
			Body    json.RawMessage `json:"body"`
		}
		if err := json.Unmarshal(msg, &m); err != nil {
			t.Fatal(err)
		}
		typ := types[m.Command]
		if m.Type != "response" || !m.Success || typ == nil {
			continue
		}
		body := reflect.New(typ)
		if err := json.Unmarshal(m.Body, body.Interface()); err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(body.Elem().Interface())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(m.Body, want) {
			t.Errorf("%s body\n %s\nwant (encoding/json)\n %s", m.Command, m.Body, want)
		}
		n++
	}
	if strings.Contains(t.Name(), "/") && n == 0 {
		t.Fatal("no body checked")
	}
	return n
}
