package dap

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"revl.dev/debug/dap/daptest"
	"revl.dev/debug/schedule"
)

// The native time travel of DAP beyond step back: gotoTargets/goto, data
// breakpoints, setVariable on a decision's choice, restartFrame,
// completions and cancel (docs/dap.md).

// varNamed returns the variable called name of a container.
func varNamed(t *testing.T, c *daptest.Client, ref float64, name string) map[string]any {
	t.Helper()
	vs := must(t)(c.Request("variables", map[string]any{"variablesReference": ref}))
	for _, v := range vs.Body()["variables"].([]any) {
		if v := v.(map[string]any); v["name"] == name {
			return v
		}
	}
	t.Fatalf("no variable %s", name)
	return nil
}

// stopAndPos reads the stopped and revl/position events after a motion.
func stopAndPos(t *testing.T, c *daptest.Client) (stopped, position map[string]any) {
	t.Helper()
	st := must(t)(c.Event("stopped"))
	p := must(t)(c.Event("revl/position"))
	return st.Body(), p.Body()
}

// motion sends a motion request and returns its stop and position.
func motion(t *testing.T, c *daptest.Client, cmd string, args any) (stopped, position map[string]any) {
	t.Helper()
	must(t)(c.Request(cmd, args))
	return stopAndPos(t, c)
}

func want(t *testing.T, what string, got, want any) {
	t.Helper()
	if got != want {
		t.Errorf("%s: got %v, want %v", what, got, want)
	}
}

// TestGotoTranscript: Jump to Cursor on put's `m.insert` line goes
// forward to the first time it runs; from after its last run, back to the
// latest one.
func TestGotoTranscript(t *testing.T) {
	c := start(t)
	src := map[string]any{"path": program("store.rvl")}
	launch(t, c, map[string]any{"program": program("store.rvl")}, nil)
	tg := must(t)(c.Request("gotoTargets", map[string]any{"source": src, "line": 22}))
	targets := tg.Body()["targets"].([]any)
	if len(targets) != 1 {
		t.Fatalf("gotoTargets line 22: %d targets, want 1", len(targets))
	}
	id := targets[0].(map[string]any)["id"]
	c.Note("forward from the entry: the first put")
	st, p := motion(t, c, "goto", map[string]any{"threadId": 1, "targetId": id})
	want(t, "reason", st["reason"], "goto")
	want(t, "line", p["line"], 22.0)
	first := p["tick"].(float64)
	must(t)(c.Request("evaluate", map[string]any{"expression": "key", "context": "watch"}))
	c.Note("to the end, then back: the second put, the latest before the end")
	motion(t, c, cmdGotoDecision, map[string]any{"index": 6})
	st, p = motion(t, c, "goto", map[string]any{"threadId": 1, "targetId": id})
	want(t, "line", p["line"], 22.0)
	if p["tick"].(float64) <= first {
		t.Errorf("goto back from the end went to tick %v, not after the first put's %v", p["tick"], first)
	}
	c.Note("the latest put is App's last undo, kv.put(\"a\", \"0\"), at teardown(App)")
	ev := must(t)(c.Request("evaluate", map[string]any{"expression": "[key, value]", "context": "watch"}))
	want(t, "the latest put", ev.Body()["result"], `["a", "0"]`)
	c.Note("a target that is not one, a line with no statement")
	fails(t)(c.Request("goto", map[string]any{"threadId": 1, "targetId": 9999}))
	fails(t)(c.Request("gotoTargets", map[string]any{"source": src, "line": 9999}))
	must(t)(c.Request("gotoTargets", map[string]any{"source": src, "line": 15}))
	must(t)(c.Request("disconnect", nil))
	golden(t, "goto", c.Transcript())
}

// TestDataBreakpointsTranscript: from the Variables pane to a data
// breakpoint on a provision, a host resource and an emission channel, hit
// by continue and by reverseContinue.
func TestDataBreakpointsTranscript(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("store.rvl")}, func() {
		must(t)(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{}}))
	})
	c.Note("at decision 3 the provisions log and kv are live, and map#1 is held")
	motion(t, c, cmdGotoDecision, map[string]any{"index": 2})
	f := topFrame(t, c, 1)
	provs := scopeRef(t, c, f, "Provisions")
	info := must(t)(c.Request("dataBreakpointInfo", map[string]any{"variablesReference": provs, "name": "kv"}))
	want(t, "dataId of kv", info.Body()["dataId"], "provision:kv")
	unrel := varNamed(t, c, scopeRef(t, c, f, "Residue"), "unreleased")["variablesReference"].(float64)
	info = must(t)(c.Request("dataBreakpointInfo", map[string]any{"variablesReference": unrel, "name": "[0]"}))
	want(t, "dataId of the map", info.Body()["dataId"], "resource:map#1")
	info = must(t)(c.Request("dataBreakpointInfo", map[string]any{"name": "log.write"}))
	want(t, "dataId of log.write", info.Body()["dataId"], "channel:log.write")
	info = must(t)(c.Request("dataBreakpointInfo", map[string]any{"variablesReference": scopeRef(t, c, f, "Decision"), "name": "index"}))
	want(t, "dataId of a decision's index", info.Body()["dataId"], nil)
	set := must(t)(c.Request("setDataBreakpoints", map[string]any{"breakpoints": []any{
		map[string]any{"dataId": "provision:kv", "accessType": "read"},
		map[string]any{"dataId": "provision:nope"},
		map[string]any{"dataId": "channel:log.write", "accessType": "read"},
	}}))
	bps := set.Body()["breakpoints"].([]any)
	want(t, "kv verified", bps[0].(map[string]any)["verified"], true)
	want(t, "nope verified", bps[1].(map[string]any)["verified"], false)
	want(t, "read of a channel verified", bps[2].(map[string]any)["verified"], false)
	kv := bps[0].(map[string]any)["id"].(float64)
	c.Note("continue: App uses kv (put a), then again (put b): stopped in put, right after each use")
	for _, key := range []string{`"a"`, `"b"`} {
		st, p := motion(t, c, "continue", map[string]any{"threadId": 1})
		want(t, "reason", st["reason"], "data breakpoint")
		want(t, "hit", st["hitBreakpointIds"].([]any)[0], kv)
		want(t, "line after the use", p["line"], 21.0)
		ev := must(t)(c.Request("evaluate", map[string]any{"expression": "key", "context": "watch"}))
		want(t, "key", ev.Body()["result"], key)
	}
	c.Note("the map: when was it last changed? From the end, reverseContinue: its release at teardown(Store)")
	must(t)(c.Request("setDataBreakpoints", map[string]any{"breakpoints": []any{map[string]any{"dataId": "resource:map#1", "accessType": "write"}}}))
	motion(t, c, cmdGotoDecision, map[string]any{"index": 6})
	st, p := motion(t, c, "reverseContinue", map[string]any{"threadId": 1})
	want(t, "reason", st["reason"], "data breakpoint")
	want(t, "the map's last change", st["description"], "resource:map#1: map#1.drop by Store")
	st, p = motion(t, c, "reverseContinue", map[string]any{"threadId": 1})
	want(t, "the change before", st["description"], "resource:map#1: map#1.new by Store")
	if !strings.Contains(p["label"].(string), "activate(Store)") {
		t.Errorf("the map is acquired in activate(Store), not at %v", p["label"])
	}
	c.Note("a provision's write: published by Sink in an atom that ends inside Begin")
	must(t)(c.Request("setDataBreakpoints", map[string]any{"breakpoints": []any{map[string]any{"dataId": "provision:log", "accessType": "write"}}}))
	motion(t, c, cmdGotoDecision, map[string]any{"index": 0})
	st, p = motion(t, c, "continue", map[string]any{"threadId": 1})
	want(t, "publish", st["description"], "provision:log: published by Sink")
	want(t, "after decision 1", p["decision"], 1.0)
	c.Note("an emission channel, read back from the end")
	must(t)(c.Request("setDataBreakpoints", map[string]any{"breakpoints": []any{map[string]any{"dataId": "channel:log.write"}}}))
	motion(t, c, cmdGotoDecision, map[string]any{"index": 6})
	st, _ = motion(t, c, "reverseContinue", map[string]any{"threadId": 1})
	want(t, "last emission", st["description"], `channel:log.write: log.write("app down") by App`)
	must(t)(c.Request("disconnect", nil))
	golden(t, "databreakpoints", c.Transcript())
}

// TestSetVariableTranscript: setting a decision's choice forks the run
// there; everything else is refused.
func TestSetVariableTranscript(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("worked.rvl"), "choices": "0,0,0,0,0,0"}, func() {
		must(t)(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{}}))
	})
	motion(t, c, cmdGotoDecision, map[string]any{"index": 1})
	dec := scopeRef(t, c, topFrame(t, c, 1), "Decision")
	want(t, "choice", varNamed(t, c, dec, "choice")["value"], "0")
	c.Note("refused: not the choice, out of range, not a number, another scope")
	for _, bad := range []map[string]any{
		{"variablesReference": dec, "name": "index", "value": "0"},
		{"variablesReference": dec, "name": "choice", "value": "2"},
		{"variablesReference": dec, "name": "choice", "value": "-1"},
		{"variablesReference": dec, "name": "choice", "value": "B"},
		{"variablesReference": scopeRef(t, c, topFrame(t, c, 1), "Provisions"), "name": "log", "value": "x"},
		{"variablesReference": 9999, "name": "choice", "value": "1"},
	} {
		fails(t)(c.Request("setVariable", bad))
	}
	dec = scopeRef(t, c, topFrame(t, c, 1), "Decision")
	c.Note("choice 1: activate(B) instead of activate(A); the run forks and the console shows the vector")
	r := must(t)(c.Request("setVariable", map[string]any{"variablesReference": dec, "name": "choice", "value": "1"}))
	want(t, "new choice", r.Body()["value"], "1")
	st, p := stopAndPos(t, c)
	want(t, "reason", st["reason"], "goto")
	want(t, "atom", p["atom"], "activate(B)")
	must(t)(c.Request("disconnect", nil))
	tr := c.Transcript()
	if !strings.Contains(tr, "choice vector [0, 1, 0, 0, 0, 0]; replay it with: revl test worked.rvl --choices 0,1,0,0,0,0") {
		t.Errorf("no vector and replay command in the console:\n%s", tr)
	}
	golden(t, "setvariable", tr)
}

// TestRestartFrameTranscript: from inside put, restartFrame goes back to
// the boundary where the atom running it began.
func TestRestartFrameTranscript(t *testing.T) {
	c := start(t)
	src := map[string]any{"path": program("store.rvl")}
	launch(t, c, map[string]any{"program": program("store.rvl")}, func() {
		must(t)(c.Request("setBreakpoints", map[string]any{"source": src, "breakpoints": []any{map[string]any{"line": 22}}}))
	})
	_, at := motion(t, c, "continue", map[string]any{"threadId": 1})
	want(t, "in put", at["line"], 22.0)
	fails(t)(c.Request("restartFrame", map[string]any{"frameId": 9999}))
	f := topFrame(t, c, 4)
	st, p := motion(t, c, "restartFrame", map[string]any{"frameId": f})
	want(t, "reason", st["reason"], "restart")
	want(t, "at the boundary", p["inAtom"], false)
	want(t, "the same decision", p["decision"], at["decision"])
	want(t, "the atom", p["atom"], at["atom"])
	c.Note("at a boundary it stays")
	tick := p["tick"]
	_, p = motion(t, c, "restartFrame", map[string]any{"frameId": topFrame(t, c, 1)})
	want(t, "stays", p["tick"], tick)
	must(t)(c.Request("disconnect", nil))
	golden(t, "restartframe", c.Transcript())
}

// TestCompletions: names in scope at a frame, filtered by the prefix, and
// members after a dot.
func TestCompletions(t *testing.T) {
	c := start(t)
	src := map[string]any{"path": program("store.rvl")}
	launch(t, c, map[string]any{"program": program("store.rvl"), "stopOnEntry": false}, func() {
		must(t)(c.Request("setBreakpoints", map[string]any{"source": src, "breakpoints": []any{map[string]any{"line": 22}}}))
	})
	f := topFrame(t, c, 4)
	for _, tc := range []struct {
		text   string
		column int // 1-based, UTF-16
		want   []string
	}{
		{"ke", 3, []string{"key"}},
		{"f", 2, []string{"full", "false"}},
		{"1 + va", 7, []string{"value"}},
		{"config.", 8, []string{"prefix", "limit"}},
		{"config.pr", 10, []string{"prefix"}},
		{"m.", 3, []string{"get", "insert", "remove", "len", "drop"}},
		{"log.", 5, []string{"write"}},
		{"Ma", 3, []string{"Map"}},
		{"So", 3, []string{"Some"}},
		{"$de", 4, []string{"$decision"}},
		{"key.u", 6, []string{"upper"}},
		{"zzz", 4, nil},
		{"k", 1, nil}, // the cursor before "k": every name in scope, checked below
	} {
		r := must(t)(c.Request("completions", map[string]any{"frameId": f, "text": tc.text, "column": tc.column}))
		var got []string
		for _, it := range r.Body()["targets"].([]any) {
			got = append(got, it.(map[string]any)["label"].(string))
		}
		if tc.column == 1 {
			for _, n := range []string{"key", "value", "full", "config", "log", "kv", "Some", "Map", "true", "$tick"} {
				if !contains(got, n) {
					t.Errorf("completions at the start of %q: no %s in %v", tc.text, n, got)
				}
			}
			continue
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("completions of %q at %d: got %v, want %v", tc.text, tc.column, got, tc.want)
		}
	}
	c.Note("a multi-line input completes on the line named")
	ml := must(t)(c.Request("completions", map[string]any{"frameId": f, "text": "1 +\nval", "line": 2, "column": 4}))
	want(t, "line 2", ml.Body()["targets"].([]any)[0].(map[string]any)["label"], "value")
	c.Note("start and length: the prefix the item replaces")
	r := must(t)(c.Request("completions", map[string]any{"frameId": f, "text": "1 + va", "column": 7}))
	it := r.Body()["targets"].([]any)[0].(map[string]any)
	want(t, "start", it["start"], 5.0)
	want(t, "length", it["length"], 2.0)
	fails(t)(c.Request("completions", map[string]any{"frameId": f, "text": "ke", "column": 9}))
	fails(t)(c.Request("completions", map[string]any{"frameId": 9999, "text": "ke", "column": 3}))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestCancelExplore: a cancel of a running revl/explore stops the sweep
// between batches of seeds; the response says so and counts what ran.
func TestCancelExplore(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("worked.rvl")}, nil)
	const seeds = 1_000_000 // minutes of work: the cancel arrives long before the end
	seq, err := c.Send(cmdExplore, map[string]any{"seeds": seeds, "shrink": false})
	if err != nil {
		t.Fatal(err)
	}
	cseq, err := c.Send("cancel", map[string]any{"requestId": seq})
	if err != nil {
		t.Fatal(err)
	}
	isResp := func(s int) func(daptest.Message) bool {
		return func(m daptest.Message) bool {
			rs, _ := m["request_seq"].(float64)
			return m.Type() == "response" && int(rs) == s
		}
	}
	ex, _, err := c.ReadUntil(isResp(seq))
	if err != nil {
		t.Fatal(err)
	}
	b := ex.Body()
	want(t, "success", ex.Success(), true)
	want(t, "cancelled", b["cancelled"], true)
	if n := b["schedules"].(float64); n >= seeds {
		t.Errorf("a cancelled explore ran all %v seeds", n)
	}
	cr, _, err := c.ReadUntil(isResp(cseq))
	if err != nil {
		t.Fatal(err)
	}
	want(t, "cancel answered", cr.Success(), true)
	c.Note("an explore after it is not cancelled: the mark was of the first")
	r := must(t)(c.Request(cmdExplore, map[string]any{"seeds": 4}))
	want(t, "not cancelled", r.Body()["cancelled"], nil)
	want(t, "all seeds", r.Body()["schedules"], 4.0)
	fails(t)(c.Request("cancel", map[string]any{}))
}

// TestTimeTravelStrict: the new requests refuse arguments that name
// nothing, with an error that names the argument, and do not move.
func TestTimeTravelStrict(t *testing.T) {
	c := start(t)
	must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	for _, cmd := range []string{"gotoTargets", "restartFrame", "setVariable", "completions"} {
		m := fails(t)(c.Request(cmd, map[string]any{"source": map[string]any{"path": program("worked.rvl")}, "line": 4, "frameId": 1,
			"variablesReference": 1, "name": "choice", "value": "0", "text": "x", "column": 1}))
		if !strings.Contains(m["message"].(string), "launch one first") {
			t.Errorf("%s before a launch: %v", cmd, m["message"])
		}
	}
	launch(t, c, map[string]any{"program": program("worked.rvl")}, nil)
	other := map[string]any{"path": program("store.rvl")}
	mine := map[string]any{"path": program("worked.rvl")}
	f := topFrame(t, c, 1)
	idle := topFrame(t, c, 4) // B, pending: a fiber's own frame
	for _, tc := range []struct {
		cmd  string
		args map[string]any
		says string
	}{
		{"gotoTargets", map[string]any{"source": other, "line": 4}, "no such source"},
		{"gotoTargets", map[string]any{"source": mine, "line": 0}, "'line' 0"},
		{"gotoTargets", map[string]any{"source": mine, "line": 4, "column": -2}, "'column' -2"},
		{"goto", map[string]any{"threadId": 1, "targetId": 0}, "no target 0"},
		{"goto", map[string]any{"threadId": 99, "targetId": 1}, "no thread 99"},
		{"restartFrame", map[string]any{"frameId": 999}, "no frame 999"},
		{"restartFrame", map[string]any{"frameId": idle}, "nothing running"},
		{"setVariable", map[string]any{"variablesReference": 999, "name": "choice", "value": "1"}, "no variables 999"},
		{"setVariable", map[string]any{"variablesReference": scopeRef(t, c, f, "Decision"), "name": "", "value": "1"}, "'name'"},
		{"dataBreakpointInfo", map[string]any{"variablesReference": 999, "name": "kv"}, "no variables 999"},
		{"dataBreakpointInfo", map[string]any{"name": ""}, "'name'"},
		{"completions", map[string]any{"text": "ke", "column": 0}, "'column' 0"},
		{"completions", map[string]any{"text": "ke", "column": 4}, "'column' 4"},
		{"completions", map[string]any{"frameId": 999, "text": "ke", "column": 3}, "no frame 999"},
		{"cancel", map[string]any{}, "'requestId'"},
	} {
		m := fails(t)(c.Request(tc.cmd, tc.args))
		if msg, _ := m["message"].(string); !strings.Contains(msg, tc.says) {
			t.Errorf("%s %v: %q does not say %q", tc.cmd, tc.args, msg, tc.says)
		}
	}
	c.Note("still at the entry")
	st := must(t)(c.Request("stackTrace", map[string]any{"threadId": 1}))
	want(t, "position", st.Body()["stackFrames"].([]any)[0].(map[string]any)["name"], "decision 1/6: activate(Sink)")
	c.Note("unknown data: unverified, or a null dataId with the reason")
	set := must(t)(c.Request("setDataBreakpoints", map[string]any{"breakpoints": []any{
		map[string]any{"dataId": "kv"}, map[string]any{"dataId": "resource:map#0"}, map[string]any{"dataId": "provision:log", "accessType": "sometimes"},
	}}))
	for i, b := range set.Body()["breakpoints"].([]any) {
		if b.(map[string]any)["verified"] != false {
			t.Errorf("data breakpoint %d verified: %v", i, b)
		}
	}
	info := must(t)(c.Request("dataBreakpointInfo", map[string]any{"name": "nope"}))
	want(t, "dataId", info.Body()["dataId"], nil)
	must(t)(c.Request("disconnect", nil))
}

// TestSweepStops: a sweep asked to stop (as a cancelled revl/explore asks)
// delivers exactly the seeds it had started, in order, with the outcomes
// the whole sweep gives them.
func TestSweepStops(t *testing.T) {
	var out bytes.Buffer
	s := newSession(&out, Options{})
	if err := s.load(&launchArgs{Program: program("worked.rvl")}); err != nil {
		t.Fatal(err)
	}
	const n = 20
	var want []string
	s.world.Sweep(schedule.SweepOptions{Seeds: n}, func(o schedule.Outcome) {
		want = append(want, fmt.Sprintf("%d %v %v", o.Seed, o.Result.Choices, schedule.FindingLines(o.Result.Findings)))
	})
	for _, k := range []int{0, 1, 7, n} {
		calls := 0
		var got []string
		stop := func() bool { calls++; return calls > k }
		done := s.world.Sweep(schedule.SweepOptions{Seeds: n, Stop: stop}, func(o schedule.Outcome) {
			got = append(got, fmt.Sprintf("%d %v %v", o.Seed, o.Result.Choices, schedule.FindingLines(o.Result.Findings)))
		})
		if done != (k == n) {
			t.Errorf("stop after %d seeds: finished %v", k, done)
		}
		if strings.Join(got, "\n") != strings.Join(want[:k], "\n") {
			t.Errorf("stop after %d seeds: delivered\n%s\nwant\n%s", k, strings.Join(got, "\n"), strings.Join(want[:k], "\n"))
		}
	}
}
