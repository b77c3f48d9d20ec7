package dap

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"revl.dev/debug/dap/daptest"
	"revl.dev/debug/internal/gen"
	"revl.dev/debug/internal/verdict"
)

// headerFirstProgram writes a composition large enough for a header-first
// launch (more than eagerLaunch components), with a config step, a
// template and strings with braces in its bodies.
func headerFirstProgram(t *testing.T) string {
	t.Helper()
	src := string(gen.Source(gen.Wide(eagerLaunch+100))) +
		"component Cfg requires log: Log {\n  config { n: Int = 3, tag: Str = \"{x}\" }\n" +
		"  emit log.write(`n ${config.n} {`) compensate log.write(\"} down\")\n}\n"
	path := filepath.Join(t.TempDir(), "wide.rvl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// logged collects a session's log lines.
type logged struct {
	mu    sync.Mutex
	lines []string
}

func (l *logged) log(s string) { l.mu.Lock(); l.lines = append(l.lines, s); l.mu.Unlock() }
func (l *logged) has(sub string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.lines {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// entryPanes asks what a client shows at a stop: the threads, the stack
// of the stopped thread, the scopes of its top frame, every scope's
// variables and the first children of those, two levels down.
func entryPanes(t *testing.T, c *daptest.Client, thread any) {
	t.Helper()
	must(t)(c.Request("threads", nil))
	st := must(t)(c.Request("stackTrace", map[string]any{"threadId": thread}))
	frames := st.Body()["stackFrames"].([]any)
	if len(frames) == 0 {
		t.Fatal("no frames")
	}
	sc := must(t)(c.Request("scopes", map[string]any{"frameId": frames[0].(map[string]any)["id"]}))
	var expand func(ref any, depth int)
	expand = func(ref any, depth int) {
		vs := must(t)(c.Request("variables", map[string]any{"variablesReference": ref})).Body()["variables"].([]any)
		for i, v := range vs {
			if r := v.(map[string]any)["variablesReference"]; depth < 2 && i < 4 && r != nil && r.(float64) > 0 {
				expand(r, depth+1)
			}
		}
	}
	for _, s := range sc.Body()["scopes"].([]any) {
		expand(s.(map[string]any)["variablesReference"], 0)
	}
}

// TestHeaderFirstLaunch: once a program's bytes are known to check clean,
// the next launch stops at the entry from its components' headers, and
// every message of the session is the one a plain launch sends: the
// entry's panes, a step (which waits for the whole program), the panes
// there, a step back and the entry's panes again, with the references
// handed out at the entry still good after the step.
func TestHeaderFirstLaunch(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(verdict.EnvCache, cache)
	path := headerFirstProgram(t)
	session := func(args map[string]any) (string, *logged) {
		var log logged
		c := startWith(t, Options{Log: log.log})
		c.Replace = strings.NewReplacer(path, "$PROGRAM")
		bps := args["breakpoints"] != nil
		delete(args, "breakpoints")
		defer func() {
			if bps {
				args["breakpoints"] = true
			}
		}()
		st := launch(t, c, args, func() {
			if bps {
				// Before the first stop: it waits for the whole program.
				must(t)(c.Request("setBreakpoints", map[string]any{"source": map[string]any{"path": path}, "breakpoints": []any{map[string]any{"line": 6}}}))
				must(t)(c.Request("setFunctionBreakpoints", map[string]any{"breakpoints": []any{map[string]any{"name": "activate(Cfg)"}}}))
			}
			must(t)(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{}}))
		})
		thread := st.Body()["threadId"]
		entryPanes(t, c, thread)
		// A reference of the entry, expanded after the step waited.
		sc := must(t)(c.Request("scopes", map[string]any{"frameId": 1}))
		ref := sc.Body()["scopes"].([]any)[0].(map[string]any)["variablesReference"]
		must(t)(c.Request("breakpointLocations", map[string]any{"source": map[string]any{"path": path}, "line": 5, "endLine": 9}))
		must(t)(c.Request("variables", map[string]any{"variablesReference": ref}))
		st = must(t)(c.Step("next", map[string]any{"threadId": thread}))
		entryPanes(t, c, st.Body()["threadId"])
		st = must(t)(c.Step("stepBack", map[string]any{"threadId": thread}))
		entryPanes(t, c, st.Body()["threadId"])
		return c.Transcript(), &log
	}
	if _, log := session(map[string]any{"program": path, "seed": 7}); log.has("header-first") {
		t.Fatal("the first launch of the program was header-first: nothing knew it checks clean")
	}
	for i, args := range []map[string]any{
		{"program": path, "seed": 7},
		{"program": path, "seed": 3, "config": map[string]any{"Cfg.n": 5}},
		{"program": path, "choices": "1,0,2"},
		{"program": path, "seed": 7, "breakpoints": true},
	} {
		fast, log := session(args)
		if !log.has("header-first") {
			t.Fatalf("launch %d was not header-first", i)
		}
		t.Setenv(verdict.EnvCache, "off")
		plain, log := session(args)
		t.Setenv(verdict.EnvCache, cache)
		if log.has("header-first") {
			t.Fatal("a launch with the cache off was header-first")
		}
		if fast != plain {
			t.Errorf("launch %d: the header-first session differs from the plain one:\n%s", i, firstDifference(plain, fast))
		}
		if !strings.Contains(plain, `"reason":"entry"`) || strings.Count(plain, `"command":"variables"`) < 6 {
			t.Fatalf("the sessions did not show the entry's panes:\n%.2000s", plain)
		}
	}
}

// firstDifference shows the first line where two transcripts differ.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range min(len(w), len(g)) {
		if w[i] != g[i] {
			return "line " + strconv.Itoa(i+1) + ":\nwant " + w[i][:min(len(w[i]), 600)] + "\ngot  " + g[i][:min(len(g[i]), 600)]
		}
	}
	return "one ends first: " + strconv.Itoa(len(w)) + " against " + strconv.Itoa(len(g)) + " lines"
}

// TestHeaderFirstWrongVerdict: a verdict that is wrong (written by hand
// for a program with an error in a body) gets a first stop from the
// headers, and the first request that needs more ends the session with
// the program's errors, as a plain launch of it would have; the verdict
// is forgotten, so the next launch fails as a plain one.
func TestHeaderFirstWrongVerdict(t *testing.T) {
	t.Setenv(verdict.EnvCache, t.TempDir())
	path := headerFirstProgram(t)
	src, _ := os.ReadFile(path)
	bad := []byte(strings.Replace(string(src), "emit log.write(`n ${config.n} {`)", "emit log.write(nope)", 1))
	if err := os.WriteFile(path, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := verdict.Record(bad); err != nil {
		t.Fatal(err)
	}
	var log logged
	c := startWith(t, Options{Log: log.log})
	st := launch(t, c, map[string]any{"program": path, "seed": 7}, nil)
	if !log.has("header-first") {
		t.Fatal("the launch was not header-first")
	}
	entryPanes(t, c, st.Body()["threadId"])
	resp := fails(t)(c.Request("next", map[string]any{"threadId": 1}))
	if msg, _ := resp["message"].(string); !strings.Contains(msg, "does not check") || !strings.Contains(msg, "nope") {
		t.Fatalf("the step's error: %q; want the program's errors", msg)
	}
	must(t)(c.Event("terminated"))
	if !strings.Contains(c.Transcript(), `"category":"stderr"`) {
		t.Error("the errors did not go to stderr")
	}
	fails(t)(c.Request("stackTrace", map[string]any{"threadId": 1}))
	if verdict.Known(bad) {
		t.Error("the wrong verdict is still known")
	}
	c2 := start(t)
	must(t)(c2.Request("initialize", map[string]any{"adapterID": "revl"}))
	resp = fails(t)(c2.Request("launch", map[string]any{"program": path, "seed": 7}))
	if msg, _ := resp["message"].(string); !strings.Contains(msg, "does not check") {
		t.Fatalf("the next launch: %q; want it refused", msg)
	}
}
