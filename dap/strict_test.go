package dap

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"revl.dev/debug/dap/daptest"
)

// startWith is start with server options.
func startWith(t *testing.T, opts Options) *daptest.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	toServer, fromClient := io.Pipe()
	fromServer, toClient := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		Serve(toServer, toClient, opts)
		toClient.Close()
	}()
	t.Cleanup(func() {
		fromClient.Close()
		<-done
		cancel()
	})
	c := daptest.New(ctx, fromServer, fromClient)
	dir, _ := filepath.Abs("testdata")
	c.Replace = strings.NewReplacer(dir, "$TESTDATA")
	return c
}

// TestStrictTranscript: arguments that name nothing, or mean nothing, get
// an error response that names the argument; the session answers only for
// threads, sources and lines that exist, and a refused step does not move
// the scheduler.
func TestStrictTranscript(t *testing.T) {
	c := start(t)
	must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	c.Note("restart before any launch")
	fails(t)(c.Request("restart", nil))
	fails(t)(c.Request("restart", map[string]any{"arguments": map[string]any{"program": program("worked.rvl")}}))
	c.Note("launch values no schedule can mean")
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "seed": "3"}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "seed": -1}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "seed": 1.5}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "maxDecisions": -5}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "maxDecisions": 0}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "choices": "0,,1"}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "choices": ""}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "choices": []int{0, -2}}))
	c.Note("before a launch, steps and sources have nothing to answer for")
	fails(t)(c.Request("next", map[string]any{"threadId": 1}))
	fails(t)(c.Request("source", map[string]any{"sourceReference": 0, "source": map[string]any{"path": program("worked.rvl")}}))
	launch(t, c, map[string]any{"program": program("worked.rvl")}, func() {
		c.Note("lines the file does not have are not verified at the nearest statement")
		must(t)(c.Request("setBreakpoints", map[string]any{"source": map[string]any{"path": program("worked.rvl")},
			"breakpoints": []map[string]any{{"line": -1}, {"line": 0}, {"line": 9999}, {"line": 4, "column": -3}, {"line": 4}}}))
	})
	c.Note("a thread that does not exist: refused, and the scheduler stays at decision 1")
	fails(t)(c.Request("next", map[string]any{"threadId": 9999}))
	fails(t)(c.Request("next", map[string]any{}))
	fails(t)(c.Request("stepIn", map[string]any{"threadId": 0}))
	fails(t)(c.Request("continue", map[string]any{"threadId": -1}))
	fails(t)(c.Request("stepBack", map[string]any{"threadId": 9999}))
	fails(t)(c.Request("stackTrace", map[string]any{"threadId": 9999}))
	fails(t)(c.Request("stackTrace", map[string]any{"threadId": 1, "startFrame": -1}))
	fails(t)(c.Request("exceptionInfo", map[string]any{"threadId": 9999}))
	st := must(t)(c.Request("stackTrace", map[string]any{"threadId": 1}))
	frame := st.Body()["stackFrames"].([]any)[0].(map[string]any)["id"].(float64)
	ref := scopeRef(t, c, frame, "Decision")
	fails(t)(c.Request("variables", map[string]any{"variablesReference": ref, "start": -1, "count": 2}))
	fails(t)(c.Request("variables", map[string]any{"variablesReference": ref, "count": -1}))
	c.Note("sources: only the program, by path")
	fails(t)(c.Request("source", map[string]any{"sourceReference": 7}))
	fails(t)(c.Request("source", map[string]any{"sourceReference": 0, "source": map[string]any{"sourceReference": 7}}))
	fails(t)(c.Request("source", map[string]any{"sourceReference": 0}))
	fails(t)(c.Request("source", map[string]any{"sourceReference": 0, "source": map[string]any{"path": program("store.rvl")}}))
	must(t)(c.Request("source", map[string]any{"sourceReference": 0, "source": map[string]any{"path": program("worked.rvl")}}))
	fails(t)(c.Request("breakpointLocations", map[string]any{"source": map[string]any{"path": program("worked.rvl")}, "line": -1}))
	fails(t)(c.Request("breakpointLocations", map[string]any{"source": map[string]any{"path": program("worked.rvl")}, "line": 9, "endLine": 3}))
	c.Note("restart with arguments is validated like a launch")
	fails(t)(c.Request("restart", map[string]any{"arguments": map[string]any{"program": program("worked.rvl"), "maxDecisions": -5}}))
	must(t)(c.Request("disconnect", nil))
	golden(t, "strict", c.Transcript())
}

// TestToken: with Options.Token (revl-dap --listen), a launch without the
// token, or with a wrong one, is refused before any file is read (the
// error names no path and echoes nothing of a file); with it, the session
// works as always, restart included.
func TestToken(t *testing.T) {
	c := startWith(t, Options{Token: "s3cret"})
	must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	for _, args := range []map[string]any{
		{"program": "/etc/passwd"},
		{"program": "/etc/passwd", "token": "wrong"},
		{"program": "/etc/passwd", "token": 42},
		{"program": "/etc/passwd", "token": ""},
	} {
		m := fails(t)(c.Request("launch", args))
		msg, _ := m["message"].(string)
		if !strings.Contains(msg, `needs the token it printed when it started`) || strings.Contains(msg, "passwd") || strings.Contains(msg, "root") {
			t.Errorf("launch %v: %q", args, msg)
		}
	}
	must(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "token": "s3cret"}))
	must(t)(c.Event("initialized"))
	must(t)(c.Request("configurationDone", nil))
	must(t)(c.Event("stopped"))
	must(t)(c.Request("restart", nil))
	must(t)(c.Request("disconnect", nil))
}

// TestListenToken: the token guards sessions served over TCP.
func TestListenToken(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- Listen(ctx, "127.0.0.1:0", Options{Token: "t0k"}, func(a net.Addr) { addrc <- a }) }()
	addr := <-addrc
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr.String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c := daptest.New(ctx, conn, conn)
	must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl")}))
	must(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "token": "t0k"}))
	must(t)(c.Request("disconnect", nil))
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// FuzzLaunchArguments: whatever the launch arguments, validation and
// decoding never panic, and what they accept is a launch the engine can
// mean: a non-negative integer seed, a bound of at least 1, a vector of
// non-negative indices.
func FuzzLaunchArguments(f *testing.F) {
	for _, s := range []string{`{"program":"a.rvl"}`, `{"seed":"3"}`, `{"seed":3,"maxDecisions":-5}`, `{"choices":"0,,1"}`,
		`{"choices":[0,1,-1]}`, `{"choices":[]}`, `{"maxDecisions":1e3}`, `{"seed":18446744073709551616}`, `[]`, `null`, `{"token":1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		s := newSession(io.Discard, Options{})
		if err := s.validateLaunch(raw); err != nil {
			return
		}
		var args launchArgs
		if err := decodeArgs(raw, &args); err != nil {
			return
		}
		if args.MaxDecisions < 0 || bytes.Contains(raw, []byte("maxDecisions")) && args.MaxDecisions == 0 && !bytes.Contains(raw, []byte("null")) {
			var m map[string]json.RawMessage
			if json.Unmarshal(raw, &m) == nil {
				if v, ok := m["maxDecisions"]; ok && !isNull(v) {
					t.Fatalf("%s: maxDecisions %d accepted", raw, args.MaxDecisions)
				}
			}
		}
		if args.Seed != nil {
			if _, err := jsonUint(json.RawMessage(args.Seed.String())); err != nil {
				t.Fatalf("%s: seed %s accepted", raw, args.Seed)
			}
		}
		if len(args.Choices) > 0 && !isNull(args.Choices) {
			v, err := parseChoices(args.Choices)
			if err != nil {
				t.Fatalf("%s: choices accepted by validation, refused by parsing: %v", raw, err)
			}
			for _, c := range v {
				if c < 0 {
					t.Fatalf("%s: negative choice accepted", raw)
				}
			}
		}
	})
}

// FuzzRequest: any request, with any arguments, to a launched session is
// answered, and never by a recovered panic (error id 1004).
func FuzzRequest(f *testing.F) {
	for _, s := range []string{
		`{"seq":1,"type":"request","command":"next","arguments":{"threadId":9999}}`,
		`{"seq":1,"type":"request","command":"setBreakpoints","arguments":{"source":{"path":"x"},"breakpoints":[{"line":-1}]}}`,
		`{"seq":1,"type":"request","command":"source","arguments":{"sourceReference":7}}`,
		`{"seq":1,"type":"request","command":"restart","arguments":{"arguments":{"maxDecisions":-5}}}`,
		`{"seq":1,"type":"request","command":"stackTrace","arguments":{"threadId":2,"startFrame":-4,"levels":-1}}`,
		`{"seq":1,"type":"request","command":"breakpointLocations","arguments":{"source":{"path":"x"},"line":5,"endLine":-3}}`,
		`{"seq":1,"type":"request","command":"variables","arguments":{"variablesReference":-1}}`,
		`{"seq":1,"type":"request","command":"variables","arguments":{"variablesReference":1,"start":-1,"count":1}}`,
		`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":123456}}`,
		`{"seq":1,"type":"request","command":"revl/gotoDecision","arguments":{"index":-1}}`,
		`{"seq":1,"type":"request","command":"gotoTargets","arguments":{"source":{"path":"x"},"line":-3}}`,
		`{"seq":1,"type":"request","command":"goto","arguments":{"threadId":1,"targetId":0}}`,
		`{"seq":1,"type":"request","command":"restartFrame","arguments":{"frameId":5}}`,
		`{"seq":1,"type":"request","command":"setVariable","arguments":{"variablesReference":1,"name":"choice","value":"9"}}`,
		`{"seq":1,"type":"request","command":"dataBreakpointInfo","arguments":{"variablesReference":-1,"name":"kv"}}`,
		`{"seq":1,"type":"request","command":"setDataBreakpoints","arguments":{"breakpoints":[{"dataId":"provision:","accessType":"x"}]}}`,
		`{"seq":1,"type":"request","command":"completions","arguments":{"text":"é.","column":99}}`,
		`{"seq":1,"type":"request","command":"cancel","arguments":{"progressId":"revl-explore-x"}}`,
	} {
		f.Add([]byte(s))
	}
	src := program("worked.rvl")
	f.Fuzz(func(t *testing.T, raw []byte) {
		if bytes.Contains(raw, []byte(`"launch"`)) || bytes.Contains(raw, []byte(`"revl/explore"`)) || bytes.Contains(raw, []byte(`"restart"`)) && bytes.Contains(raw, []byte(`"program"`)) {
			return // reading other files, or sweeping, is not what this fuzzes
		}
		var out bytes.Buffer
		s := newSession(&out, Options{})
		if err := s.load(&launchArgs{Program: src}); err != nil {
			t.Fatal(err)
		}
		s.dispatchRaw(raw)
		if bytes.Contains(out.Bytes(), []byte(`"id":1004`)) {
			t.Fatalf("%s: answered by a recovered panic:\n%s", raw, out.Bytes())
		}
	})
}
