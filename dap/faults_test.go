package dap

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revl.dev/debug/dap/daptest"
	"revl.dev/debug/timeline"
)

// faultsLaunch is the minimized failing vector `revl test --faults` finds
// for faults.rvl: decision 2 crashes Db (choice 1 of [teardown(App),
// crash(Db), crash(App)]), and App's undo then calls the withdrawn store.
func faultsLaunch() map[string]any {
	return map[string]any{"program": program("faults.rvl"), "maxFaults": 1, "choices": "0,0,1,0"}
}

// faultFrame is the scheduler thread's top frame name and its Decision
// scope's variables.
func faultFrame(t *testing.T, c *daptest.Client) (string, []any) {
	t.Helper()
	f := must(t)(c.Request("stackTrace", map[string]any{"threadId": 1})).Body()["stackFrames"].([]any)[0].(map[string]any)
	for _, sc := range must(t)(c.Request("scopes", map[string]any{"frameId": f["id"]})).Body()["scopes"].([]any) {
		if sc := sc.(map[string]any); sc["name"] == "Decision" {
			vs := must(t)(c.Request("variables", map[string]any{"variablesReference": sc["variablesReference"]}))
			return f["name"].(string), vs.Body()["variables"].([]any)
		}
	}
	t.Fatal("no Decision scope")
	return "", nil
}

func varValue(vs []any, name string) string {
	for _, v := range vs {
		if v := v.(map[string]any); v["name"] == name {
			return v["value"].(string)
		}
	}
	return ""
}

// TestFaultsTranscript: a launch with maxFaults replays a vector with a
// crash choice exactly: the function breakpoint crash(Db) stops at the
// decision that injects it, the frame and the ready set show it as a
// fault, stepping runs it, the finding it causes is reported, and
// reverse-continue goes back to it with the same state.
func TestFaultsTranscript(t *testing.T) {
	c := start(t)
	launch(t, c, faultsLaunch(), func() {
		must(t)(c.Request("setFunctionBreakpoints", map[string]any{"breakpoints": []any{
			map[string]any{"name": "crash(Db)"},
		}}))
	})
	c.Note("to crash(Db): the breakpoint stops at decision 2")
	st, pos := motion(t, c, "continue", map[string]any{"threadId": 1})
	want(t, "stop reason", st["reason"], "function breakpoint")
	name, vars := faultFrame(t, c)
	want(t, "frame at the crash", name, "decision 2: crash(Db)")
	if r := varValue(vars, "ready"); !strings.HasPrefix(r, "3 ready: teardown(App), crash(Db), crash(App); picks [1] crash(Db)") {
		t.Errorf("ready at the crash: %q", r)
	}
	if f := varValue(vars, "faults"); f != "0 of at most 1 injected" {
		t.Errorf("faults before the crash: %q", f)
	}
	var readyRef any
	for _, v := range vars {
		if v := v.(map[string]any); v["name"] == "ready" {
			readyRef = v["variablesReference"]
		}
	}
	var items []string
	for _, v := range must(t)(c.Request("variables", map[string]any{"variablesReference": readyRef})).Body()["variables"].([]any) {
		items = append(items, v.(map[string]any)["value"].(string))
	}
	if got, w := strings.Join(items, "|"), "teardown(App)|crash(Db)  (injected fault)  ← the schedule picks this one|crash(App)  (injected fault)"; got != w {
		t.Errorf("ready entries:\n got %s\nwant %s", got, w)
	}
	before := pos["tick"]
	c.Note("into the crash, then to its finding")
	motion(t, c, "stepIn", map[string]any{"threadId": 1})
	st, _ = motion(t, c, "continue", map[string]any{"threadId": 1})
	want(t, "stop at the finding", st["reason"], "exception")
	if _, end := faultFrame(t, c); varValue(end, "faults") != "1 of at most 1 injected: crash(Db) at decision 2" {
		t.Errorf("faults at the end: %q", varValue(end, "faults"))
	}
	if d := st["description"].(string); !strings.Contains(d, "use-after-withdrawal") {
		t.Errorf("finding stop: %q", d)
	}
	c.Note("back to crash(Db)")
	_, pos = motion(t, c, "reverseContinue", map[string]any{"threadId": 1})
	want(t, "tick back at the crash", pos["tick"], before)
	back, backVars := faultFrame(t, c)
	want(t, "frame back at the crash", back, name)
	want(t, "ready back at the crash", varValue(backVars, "ready"), varValue(vars, "ready"))
	must(t)(c.Request("disconnect", nil))
	golden(t, "faults", c.Transcript())
}

// TestFaultsExplore: revl/explore from a faulted launch sweeps with the
// fault bound (a schedule-only sweep of faults.rvl passes), and its
// replay commands carry --max-faults; a fork keeps it too.
func TestFaultsExplore(t *testing.T) {
	for _, tc := range []struct {
		maxFaults int
		failing   bool
	}{{0, false}, {1, true}} {
		c := start(t)
		launch(t, c, map[string]any{"program": program("faults.rvl"), "maxFaults": tc.maxFaults}, nil)
		b := must(t)(c.Request("revl/explore", map[string]any{"seeds": 50})).Body()
		failing := b["failing"].([]any)
		if got := len(failing) > 0; got != tc.failing {
			t.Fatalf("maxFaults %d: %d failing seeds, want failing=%v", tc.maxFaults, len(failing), tc.failing)
		}
		for _, f := range failing {
			if cmd := f.(map[string]any)["command"].(string); !strings.Contains(cmd, " --max-faults 1 ") {
				t.Errorf("replay command without the fault bound: %s", cmd)
			}
		}
	}
	c := start(t)
	launch(t, c, map[string]any{"program": program("faults.rvl"), "maxFaults": 1}, nil)
	must(t)(c.Request(cmdGotoDecision, map[string]any{"index": 2}))
	must(t)(c.Event("revl/position"))
	b := must(t)(c.Request("revl/choose", map[string]any{"index": 1})).Body()
	if cmd, _ := b["command"].(string); !strings.Contains(cmd, "--max-faults 1 --choices 0,0,1") {
		t.Errorf("fork onto crash(Db): command %q", cmd)
	}
}

// TestFaultsLaunchRefuses: maxFaults out of range, not an integer, or
// with fine atoms is a launch error that names it.
func TestFaultsLaunchRefuses(t *testing.T) {
	for _, v := range []any{-1, 17, "1", 1.5} {
		c := start(t)
		must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
		m := fails(t)(c.Request("launch", map[string]any{"program": program("faults.rvl"), "maxFaults": v}))
		if msg, _ := m["message"].(string); !strings.Contains(msg, "'maxFaults' must be an integer from 0 to 16") {
			t.Errorf("maxFaults %v: %q", v, msg)
		}
	}
	c := start(t)
	must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	m := fails(t)(c.Request("launch", map[string]any{"program": program("fine.rvl"), "maxFaults": 1, "atoms": "fine"}))
	if msg, _ := m["message"].(string); !strings.Contains(msg, "'maxFaults' runs lifecycle atoms only") {
		t.Errorf("maxFaults with fine atoms: %q", msg)
	}
}

// TestFaultsTraceLaunch: a trace recorded with a fault bound opens in the
// debugger with it: the launch replays and verifies it, the crash decision
// is crash(Db) with the fault choices in its ready set, a crash(Db)
// breakpoint stops there, and the timeline's decision 2 is the crash.
func TestFaultsTraceLaunch(t *testing.T) {
	src, err := os.ReadFile(program("faults.rvl"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "faults.rvt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := timeline.Config{Program: program("faults.rvl"), Source: src, Choices: []int{0, 0, 1, 0}, MaxFaults: 1, Recorder: "test"}
	if _, err := timeline.Record(f, cfg); err != nil {
		t.Fatal(err)
	}
	f.Close()
	c := start(t)
	launch(t, c, map[string]any{"trace": path}, func() {
		must(t)(c.Request("setFunctionBreakpoints", map[string]any{"breakpoints": []any{map[string]any{"name": "crash(Db)"}}}))
	})
	st, _ := motion(t, c, "continue", map[string]any{"threadId": 1})
	want(t, "stop reason", st["reason"], "function breakpoint")
	name, vars := faultFrame(t, c)
	want(t, "frame", name, "decision 2: crash(Db)")
	if r := varValue(vars, "ready"); !strings.HasSuffix(r, "picks [1] crash(Db)") {
		t.Errorf("ready: %q", r)
	}
	tl := must(t)(c.Request(cmdTimeline, nil)).Body()
	d2 := tl["decisions"].([]any)[2].(map[string]any)
	want(t, "timeline decision 2", d2["atom"], "crash(Db)")
	want(t, "timeline decision 2 kind", d2["kind"], "crash")
}
