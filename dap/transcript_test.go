package dap

import (
	"strings"
	"testing"

	godap "github.com/google/go-dap"

	"revl.dev/debug/dap/daptest"
)

// The transcript tests drive the server through every request family and
// compare the whole conversation with a golden file: exact responses,
// events and their order.

func scopeRef(t *testing.T, c *daptest.Client, frameID float64, name string) float64 {
	t.Helper()
	sc := must(t)(c.Request("scopes", map[string]any{"frameId": frameID}))
	for _, s := range sc.Body()["scopes"].([]any) {
		s := s.(map[string]any)
		if strings.HasPrefix(s["name"].(string), name) {
			return s["variablesReference"].(float64)
		}
	}
	t.Fatalf("no scope %s", name)
	return 0
}

func topFrame(t *testing.T, c *daptest.Client, thread int) float64 {
	t.Helper()
	st := must(t)(c.Request("stackTrace", map[string]any{"threadId": thread}))
	return st.Body()["stackFrames"].([]any)[0].(map[string]any)["id"].(float64)
}

// TestLaunchTranscript: the worked example's failing seed, minimized,
// from the entry to B's emission overtaking A's at decision 2, and what
// else was ready there.
func TestLaunchTranscript(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("worked.rvl"), "seed": 3, "minimize": true}, nil)
	must(t)(c.Request("threads", nil))
	f := topFrame(t, c, 1)
	must(t)(c.Request("variables", map[string]any{"variablesReference": scopeRef(t, c, f, "Decision")}))
	must(t)(c.Step("next", map[string]any{"threadId": 1}))
	f = topFrame(t, c, 1)
	vars := must(t)(c.Request("variables", map[string]any{"variablesReference": scopeRef(t, c, f, "Decision")}))
	for _, v := range vars.Body()["variables"].([]any) {
		if v := v.(map[string]any); v["name"] == "ready" {
			must(t)(c.Request("variables", map[string]any{"variablesReference": v["variablesReference"]}))
		}
	}
	c.Note("next runs activate(B): its emission differs from the canonical run's")
	must(t)(c.Step("next", map[string]any{"threadId": 1}))
	must(t)(c.Request("exceptionInfo", map[string]any{"threadId": 1}))
	f = topFrame(t, c, 1)
	must(t)(c.Request("variables", map[string]any{"variablesReference": scopeRef(t, c, f, "Emissions")}))
	must(t)(c.Request("evaluate", map[string]any{"expression": "$choices", "context": "repl"}))
	must(t)(c.Step("stepBack", map[string]any{"threadId": 1}))
	must(t)(c.Request("disconnect", nil))
	golden(t, "launch", c.Transcript())
}

// TestStepsTranscript: each step kind into, over and out of provider
// methods, and back, with locals and hovers.
func TestStepsTranscript(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("store.rvl")}, nil)
	must(t)(c.Request(cmdGotoDecision, map[string]any{"index": 2}))
	must(t)(c.Event("stopped"))
	must(t)(c.Event("revl/position"))
	c.Note("into App's activation, then into Sink's write")
	must(t)(c.Step("stepIn", map[string]any{"threadId": 1}))
	must(t)(c.Request("stackTrace", map[string]any{"threadId": 4}))
	must(t)(c.Step("stepIn", map[string]any{"threadId": 4}))
	must(t)(c.Request("stackTrace", map[string]any{"threadId": 4}))
	c.Note("out of write, into Store's put, over a statement")
	must(t)(c.Step("stepOut", map[string]any{"threadId": 4}))
	must(t)(c.Step("stepIn", map[string]any{"threadId": 4}))
	must(t)(c.Step("next", map[string]any{"threadId": 4}))
	f := topFrame(t, c, 4)
	must(t)(c.Request("variables", map[string]any{"variablesReference": scopeRef(t, c, f, "Locals")}))
	must(t)(c.Request("evaluate", map[string]any{"expression": "full", "frameId": f, "context": "hover"}))
	must(t)(c.Request("evaluate", map[string]any{"expression": "config.prefix + \":\" + key", "frameId": f, "context": "repl"}))
	fails(t)(c.Request("evaluate", map[string]any{"expression": "nope", "frameId": f, "context": "hover"}))
	c.Note("back over the statement, then back out of put")
	must(t)(c.Step("stepBack", map[string]any{"threadId": 4}))
	must(t)(c.Step("stepOut", map[string]any{"threadId": 4}))
	must(t)(c.Step("stepBack", map[string]any{"threadId": 4}))
	must(t)(c.Request("stackTrace", map[string]any{"threadId": 4}))
	c.Note("the fiber scope of Store, idle")
	f = topFrame(t, c, 3)
	must(t)(c.Request("variables", map[string]any{"variablesReference": scopeRef(t, c, f, "Fiber")}))
	c.Note("the rest of the decision, from the scheduler thread")
	must(t)(c.Step("next", map[string]any{"threadId": 1}))
	must(t)(c.Step("stepBack", map[string]any{"threadId": 1, "granularity": "instruction"}))
	must(t)(c.Step("continue", map[string]any{"threadId": 1}))
	f = topFrame(t, c, 1)
	must(t)(c.Request("variables", map[string]any{"variablesReference": scopeRef(t, c, f, "Residue")}))
	must(t)(c.Request("disconnect", nil))
	golden(t, "steps", c.Transcript())
}

// TestBreakpointsTranscript: source breakpoints (moved, conditional,
// hit-counted, logpoints), function breakpoints on atoms and emissions,
// exception breakpoints, breakpointLocations, and reverseContinue.
func TestBreakpointsTranscript(t *testing.T) {
	c := start(t)
	src := map[string]any{"path": program("store.rvl")}
	launch(t, c, map[string]any{"program": program("store.rvl"), "stopOnEntry": false}, func() {
		must(t)(c.Request("breakpointLocations", map[string]any{"source": src, "line": 18, "endLine": 24}))
		must(t)(c.Request("setBreakpoints", map[string]any{"source": src, "breakpoints": []any{
			map[string]any{"line": 22, "condition": `key == "b"`},
			map[string]any{"line": 21, "logMessage": "put {key}={value} size {m}"},
			map[string]any{"line": 19},
			map[string]any{"line": 1},
			map[string]any{"line": 20, "condition": "key =="},
		}}))
		must(t)(c.Request("setFunctionBreakpoints", map[string]any{"breakpoints": []any{
			map[string]any{"name": "teardown(Store)"},
			map[string]any{"name": `log.write("app down")`},
			map[string]any{"name": "Nope"},
			map[string]any{"name": "kv.put"},
		}}))
		must(t)(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{"residue", "bogus"}}))
	})
	c.Note("continue to each breakpoint in turn")
	for i := 0; i < 4; i++ {
		must(t)(c.Step("continue", map[string]any{"threadId": 1}))
	}
	c.Note("back to the previous hit, then to the start")
	must(t)(c.Step("reverseContinue", map[string]any{"threadId": 1}))
	must(t)(c.Step("reverseContinue", map[string]any{"threadId": 1}))
	must(t)(c.Step("reverseContinue", map[string]any{"threadId": 1}))
	c.Note("a hit count: the third time put's first statement runs")
	must(t)(c.Request("setBreakpoints", map[string]any{"source": src, "breakpoints": []any{map[string]any{"line": 20, "hitCondition": "3"}}}))
	must(t)(c.Request("setFunctionBreakpoints", map[string]any{"breakpoints": []any{}}))
	must(t)(c.Step("continue", map[string]any{"threadId": 1}))
	must(t)(c.Request("evaluate", map[string]any{"expression": "key", "context": "watch"}))
	must(t)(c.Step("continue", map[string]any{"threadId": 1}))
	must(t)(c.Step("reverseContinue", map[string]any{"threadId": 1}))
	must(t)(c.Request("evaluate", map[string]any{"expression": "$decision", "context": "watch"}))
	must(t)(c.Request("disconnect", nil))
	golden(t, "breakpoints", c.Transcript())
}

// TestCustomTranscript: revl/gotoDecision, revl/choose, revl/timeline
// and revl/explore with progress events.
func TestCustomTranscript(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("worked.rvl"), "choices": "0,0,0,0,0,0"}, func() {
		must(t)(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{}}))
	})
	must(t)(c.Request(cmdGotoDecision, map[string]any{"index": 1}))
	must(t)(c.Event("stopped"))
	must(t)(c.Event("revl/position"))
	c.Note("take activate(B) instead of activate(A) here: the run forks")
	must(t)(c.Request(cmdChoose, map[string]any{"index": 1}))
	must(t)(c.Event("stopped"))
	must(t)(c.Event("revl/position"))
	must(t)(c.Request(cmdTimeline, map[string]any{"from": 1, "to": 3}))
	must(t)(c.Request(cmdGotoDecision, map[string]any{"index": 6}))
	must(t)(c.Event("stopped"))
	must(t)(c.Event("revl/position"))
	must(t)(c.Request(cmdExplore, map[string]any{"seeds": 6}))
	fails(t)(c.Request(cmdGotoDecision, map[string]any{"index": 7}))
	fails(t)(c.Request(cmdChoose, map[string]any{"index": 0}))
	c.Note("restart with new arguments keeps the breakpoints; terminate ends the session")
	must(t)(c.Request("restart", map[string]any{"arguments": map[string]any{"program": program("worked.rvl"), "seed": 3}}))
	must(t)(c.Event("stopped"))
	must(t)(c.Request("terminate", nil))
	must(t)(c.Event("terminated"))
	must(t)(c.Request("disconnect", nil))
	golden(t, "custom", c.Transcript())
}

// TestErrorsTranscript: malformed and unknown messages, bad launches and
// a panicking handler all get error responses; the session survives.
func TestErrorsTranscript(t *testing.T) {
	handlers["test/panic"] = func(*session, godap.RequestMessage) error { panic("boom") }
	customRequests["test/panic"] = func() godap.Message { return &rawRequest{} }
	defer delete(handlers, "test/panic")
	defer delete(customRequests, "test/panic")
	c := start(t)
	must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	c.SendRaw([]byte(`{"seq": 2, "type": "request", "command": `))
	fails(t)(c.Read())
	c.SendRaw([]byte(`[1, 2]`))
	fails(t)(c.Read())
	fails(t)(c.Request("frobnicate", nil))
	fails(t)(c.Request("stackTrace", map[string]any{"threadId": 1}))
	fails(t)(c.Request("launch", map[string]any{}))
	fails(t)(c.Request("launch", map[string]any{"program": program("missing.rvl")}))
	fails(t)(c.Request("launch", map[string]any{"program": program("broken.rvl")}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "seed": 1, "choices": []int{0}}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "mocks": "yes"}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "seed": "x"}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "choices": "0,a"}))
	fails(t)(c.Request("launch", map[string]any{"program": program("worked.rvl"), "trace": program("missing.rvt")}))
	fails(t)(c.Request("next", map[string]any{"threadId": "one"}))
	fails(t)(c.Request("test/panic", nil))
	must(t)(c.Request("launch", map[string]any{"program": program("worked.rvl")}))
	must(t)(c.Request("disconnect", nil))
	golden(t, "errors", c.Transcript())
}

// TestMocksTranscript: a composition with an unprovided key, launched in
// mock world: the mock is a fiber like any other, with a lane of its own
// in the timeline.
func TestMocksTranscript(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("mocked.rvl"), "mocks": true}, nil)
	must(t)(c.Request("threads", nil))
	must(t)(c.Step("next", map[string]any{"threadId": 1}))
	must(t)(c.Request("stackTrace", map[string]any{"threadId": 1}))
	must(t)(c.Request("stackTrace", map[string]any{"threadId": 3}))
	must(t)(c.Step("continue", map[string]any{"threadId": 1}))
	must(t)(c.Request(cmdTimeline, nil))
	must(t)(c.Request("disconnect", nil))
	golden(t, "mocks", c.Transcript())
}

// TestEvaluateTranscript: conditions and logpoints are revl expressions
// (match, records, helper calls, `$`-names, strings holding quotes), and
// the console's results expand from runtime values.
func TestEvaluateTranscript(t *testing.T) {
	c := start(t)
	src := map[string]any{"path": program("console.rvl")}
	launch(t, c, map[string]any{"program": program("console.rvl"), "stopOnEntry": false}, func() {
		must(t)(c.Request("setBreakpoints", map[string]any{"source": src, "breakpoints": []any{
			map[string]any{"line": 21, "condition": "n > 0", "hitCondition": "2"},
			map[string]any{"line": 24, "condition": `match found { Found(r) => r.name == "cake", _ => false }`},
			map[string]any{"line": 25, "logMessage": "bought {items[1]} ({label(n)}, {{id: n}.id}) at decision {$decision}: {row} {nope}"},
			map[string]any{"line": 20, "condition": "match found {"},
		}}))
	})
	f := topFrame(t, c, 4)
	c.Note("tricky is not set yet at the statement that sets it")
	fails(t)(c.Request("evaluate", map[string]any{"expression": "[item, tricky]", "frameId": f, "context": "repl"}))
	r := must(t)(c.Request("evaluate", map[string]any{"expression": "[item, row]", "frameId": f, "context": "repl"}))
	must(t)(c.Request("variables", map[string]any{"variablesReference": r.Body()["variablesReference"]}))
	must(t)(c.Step("continue", map[string]any{"threadId": 1}))
	f = topFrame(t, c, 4)
	must(t)(c.Request("evaluate", map[string]any{"expression": "found", "frameId": f, "context": "watch"}))
	must(t)(c.Step("continue", map[string]any{"threadId": 1}))
	must(t)(c.Request("disconnect", nil))
	golden(t, "evaluate", c.Transcript())
}
