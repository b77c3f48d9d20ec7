package dap

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"revl.dev/debug/dap/daptest"
	"revl.dev/debug/runtime"
	"revl.dev/debug/schedule"
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

// findingsAtStop are the variables of the scheduler frame's Findings
// scope.
func findingsAtStop(t *testing.T, c *daptest.Client) []map[string]any {
	t.Helper()
	f := must(t)(c.Request("stackTrace", map[string]any{"threadId": 1})).Body()["stackFrames"].([]any)[0].(map[string]any)
	for _, sc := range must(t)(c.Request("scopes", map[string]any{"frameId": f["id"]})).Body()["scopes"].([]any) {
		if sc := sc.(map[string]any); strings.HasPrefix(sc["name"].(string), "Findings") {
			var out []map[string]any
			vs := must(t)(c.Request("variables", map[string]any{"variablesReference": sc["variablesReference"]}))
			for _, v := range vs.Body()["variables"].([]any) {
				out = append(out, v.(map[string]any))
			}
			return out
		}
	}
	t.Fatal("no Findings scope")
	return nil
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

// TestFaultsLaunchRefuses: maxFaults out of range or not an integer is a
// launch error that names it.
func TestFaultsLaunchRefuses(t *testing.T) {
	for _, v := range []any{-1, 17, "1", 1.5} {
		c := start(t)
		must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
		m := fails(t)(c.Request("launch", map[string]any{"program": program("faults.rvl"), "maxFaults": v}))
		if msg, _ := m["message"].(string); !strings.Contains(msg, "'maxFaults' must be an integer from 0 to 16") {
			t.Errorf("maxFaults %v: %q", v, msg)
		}
	}
}

// TestFaultsTraceLaunch: a trace recorded with faults opens in the
// debugger with them: the launch replays and verifies it, the fault
// decision is named by its fault with the fault choices in its ready set,
// a breakpoint on the fault stops there, and the timeline's decision is
// the fault. A crash(Db), a fail@Migrator:1, and a fine fail@Cache:3.
func TestFaultsTraceLaunch(t *testing.T) {
	for _, tc := range []struct {
		file    string
		atoms   runtime.AtomMode
		choices []int
		bp      string
		at      int
		pick    string
		kind    string
	}{
		{"faults.rvl", runtime.AtomsLifecycle, []int{0, 0, 1, 0}, "crash(Db)", 2, "picks [1] crash(Db)", "crash"},
		{"failat.rvl", runtime.AtomsLifecycle, []int{0, 2, 0}, "fail@Migrator:1", 1, "picks [2] fail@Migrator:1", "activate"},
		{"fine.rvl", runtime.AtomsFine, []int{3, 1, 0, 0, 0}, "fail@Cache", 0, "picks [3] fail@Cache:3", "activate"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			src, err := os.ReadFile(program(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "faults.rvt")
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			cfg := timeline.Config{Program: program(tc.file), Source: src, Choices: tc.choices, MaxFaults: 1, Recorder: "test"}
			cfg.Options.Atoms = tc.atoms
			if _, err := timeline.Record(f, cfg); err != nil {
				t.Fatal(err)
			}
			f.Close()
			c := start(t)
			launch(t, c, map[string]any{"trace": path}, func() {
				must(t)(c.Request("setFunctionBreakpoints", map[string]any{"breakpoints": []any{map[string]any{"name": tc.bp}}}))
			})
			atom := tc.pick[strings.Index(tc.pick, "] ")+2:]
			if tc.at > 0 {
				st, _ := motion(t, c, "continue", map[string]any{"threadId": 1})
				want(t, "stop reason", st["reason"], "function breakpoint")
			}
			name, vars := faultFrame(t, c)
			want(t, "frame", name, fmt.Sprintf("decision %d: %s", tc.at, atom))
			if r := varValue(vars, "ready"); !strings.HasSuffix(r, tc.pick) {
				t.Errorf("ready: %q", r)
			}
			tl := must(t)(c.Request(cmdTimeline, nil)).Body()
			d := tl["decisions"].([]any)[tc.at].(map[string]any)
			want(t, "timeline decision", d["atom"], atom)
			want(t, "timeline decision kind", d["kind"], tc.kind)
		})
	}
}

// failAtLaunch is the minimized failing vector `revl test --faults` finds
// for failat.rvl: decision 1 is fail@Migrator:1 (choice 2 of
// [activate(Migrator), crash(Sink), fail@Migrator:1, fail@Migrator:2,
// fail@Migrator:3]), and the pool step 2's undo would close leaks.
func failAtLaunch() map[string]any {
	return map[string]any{"program": program("failat.rvl"), "maxFaults": 1, "choices": "0,2,0"}
}

// TestFailAtTranscript: a launch with maxFaults offers fail@F:N choices
// and replays a vector that picks one: the breakpoint fail@Migrator:1
// stops at its decision, the frame is named by it and the ready set marks
// the fault choices, stepping in runs the activation up to the failure
// and its unwinding, the residue it leaves is reported, and
// reverse-continue goes back to it with the same state.
func TestFailAtTranscript(t *testing.T) {
	c := start(t)
	launch(t, c, failAtLaunch(), func() {
		must(t)(c.Request("setFunctionBreakpoints", map[string]any{"breakpoints": []any{
			map[string]any{"name": "fail@Migrator:1"},
		}}))
	})
	c.Note("to fail@Migrator:1: the breakpoint stops at decision 1")
	st, pos := motion(t, c, "continue", map[string]any{"threadId": 1})
	want(t, "stop reason", st["reason"], "function breakpoint")
	name, vars := faultFrame(t, c)
	want(t, "frame at the failure", name, "decision 1: fail@Migrator:1")
	if r := varValue(vars, "ready"); !strings.HasPrefix(r, "5 ready: activate(Migrator), crash(Sink), fail@Migrator:1") || !strings.HasSuffix(r, "picks [2] fail@Migrator:1") {
		t.Errorf("ready at the failure: %q", r)
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
	w := "activate(Migrator)|crash(Sink)  (injected fault)|fail@Migrator:1  (injected fault)  ← the schedule picks this one|" +
		"fail@Migrator:2  (injected fault)|fail@Migrator:3  (injected fault)"
	if got := strings.Join(items, "|"); got != w {
		t.Errorf("ready entries:\n got %s\nwant %s", got, w)
	}
	before := pos["tick"]
	c.Note("into the activation: its step 1 runs, then the failure unwinds it")
	st, _ = motion(t, c, "stepIn", map[string]any{"threadId": 1})
	want(t, "into the activation", st["reason"], "step")
	f := must(t)(c.Request("stackTrace", map[string]any{"threadId": 1})).Body()["stackFrames"].([]any)[0].(map[string]any)
	want(t, "frame inside", f["name"], "decision 1: fail@Migrator:1")
	c.Note("on to the residue finding")
	st, _ = motion(t, c, "continue", map[string]any{"threadId": 1})
	want(t, "stop at the finding", st["reason"], "exception")
	if d := st["description"].(string); !strings.Contains(d, "residue") {
		t.Errorf("finding stop: %q", d)
	}
	if _, end := faultFrame(t, c); varValue(end, "faults") != "1 of at most 1 injected: fail@Migrator:1 at decision 1" {
		t.Errorf("faults at the end: %q", varValue(end, "faults"))
	}
	c.Note("back to fail@Migrator:1")
	_, pos = motion(t, c, "reverseContinue", map[string]any{"threadId": 1})
	want(t, "tick back at the failure", pos["tick"], before)
	back, backVars := faultFrame(t, c)
	want(t, "frame back at the failure", back, name)
	want(t, "ready back at the failure", varValue(backVars, "ready"), varValue(vars, "ready"))
	must(t)(c.Request("disconnect", nil))
	golden(t, "failat", c.Transcript())
}

// TestFailAtBreakpoints: the names a fail@ breakpoint takes: fail@B:N
// stops at that step's failure only, fail@B at any, B at any atom of B,
// activate(B) at the plain activation only; a step B does not have and a
// component that does not exist are unverified, with why.
func TestFailAtBreakpoints(t *testing.T) {
	for _, tc := range []struct {
		name     string
		verified bool
		stopAt   string // the frame the first continue stops at ("": none, the schedule ends)
	}{
		{"fail@Migrator:1", true, "decision 1: fail@Migrator:1"},
		{"fail@Migrator", true, "decision 1: fail@Migrator:1"},
		{"Migrator", true, "decision 1: fail@Migrator:1"},
		{"fail@Migrator:2", true, ""},
		{"activate(Migrator)", true, ""},
		{"fail@Sink", true, ""},
		{"fail@Migrator:4", false, ""},
		{"fail@Migrator:x", false, ""},
		{"fail@Nope:1", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := start(t)
			var bps []any
			launch(t, c, failAtLaunch(), func() {
				must(t)(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{}}))
				bps = must(t)(c.Request("setFunctionBreakpoints", map[string]any{"breakpoints": []any{
					map[string]any{"name": tc.name},
				}})).Body()["breakpoints"].([]any)
			})
			bp := bps[0].(map[string]any)
			if bp["verified"] != tc.verified {
				t.Fatalf("verified %v, want %v (%v)", bp["verified"], tc.verified, bp["message"])
			}
			if !tc.verified && !strings.Contains(fmt.Sprint(bp["message"]), "Migrator") && !strings.Contains(fmt.Sprint(bp["message"]), "Nope") {
				t.Errorf("message %q does not name what is wrong", bp["message"])
			}
			st, _ := motion(t, c, "continue", map[string]any{"threadId": 1})
			if tc.stopAt == "" {
				want(t, "stop reason", st["reason"], "end")
				return
			}
			want(t, "stop reason", st["reason"], "function breakpoint")
			name, _ := faultFrame(t, c)
			want(t, "frame", name, tc.stopAt)
		})
	}
}

// TestPrintedLaunchReplays: the revl-dap launch configuration a failure
// of `revl test --faults` prints (schedule.WriteFailure) launches as is,
// and the debugger replays the same failure: the same atoms, the same
// injected fault and the same findings. A crash, a fail@F:N, and a
// fail@F:N with fine atoms.
func TestPrintedLaunchReplays(t *testing.T) {
	for _, tc := range []struct {
		file  string
		atoms runtime.AtomMode
		kind  string // the kind of fault the failure to debug has
	}{
		{"faults.rvl", runtime.AtomsLifecycle, "crash"},
		{"failat.rvl", runtime.AtomsLifecycle, "fail"},
		{"fine.rvl", runtime.AtomsFine, "fail"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			src, err := os.ReadFile(program(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			prog, err := timeline.Compile(program(tc.file), src)
			if err != nil {
				t.Fatal(err)
			}
			w, err := schedule.NewWorld(prog, schedule.Options{Runtime: runtime.Options{Atoms: tc.atoms}}.WithFaults(1))
			if err != nil {
				t.Fatal(err)
			}
			var o schedule.Outcome
			for seed := uint64(1); seed <= 200 && o.Shrunk == nil; seed++ {
				if x := w.Explore(seed, true); x.Shrunk != nil && len(x.Shrunk.Result.Faults) > 0 && x.Shrunk.Result.Faults[0].Kind == tc.kind {
					o = x
				}
			}
			if o.Shrunk == nil {
				t.Fatalf("no seed fails with a %s fault", tc.kind)
			}
			r := o.Shrunk.Result
			rp := schedule.ReplayTarget{File: program(tc.file), MaxFaults: 1}
			if tc.atoms == runtime.AtomsFine {
				rp.Atoms = "fine"
			}
			var out strings.Builder
			schedule.WriteFailure(&out, rp, schedule.SeedLabel{N: o.Seed}, r, o.Shrunk, w.Baseline())
			const marker = "debug in an editor (revl-dap launch configuration): "
			var cfg map[string]any
			for _, l := range strings.Split(out.String(), "\n") {
				if _, js, ok := strings.Cut(l, marker); ok {
					if err := json.Unmarshal([]byte(js), &cfg); err != nil {
						t.Fatalf("the printed configuration is not JSON: %v\n%s", err, js)
					}
				}
			}
			if cfg == nil {
				t.Fatalf("no launch configuration printed:\n%s", out.String())
			}
			c := start(t)
			launch(t, c, cfg, func() {
				must(t)(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{}}))
			})
			st, _ := motion(t, c, "continue", map[string]any{"threadId": 1})
			want(t, "stop reason", st["reason"], "end")
			_, end := faultFrame(t, c)
			wantFaults := fmt.Sprintf("1 of at most 1 injected: %s at decision %d", r.Faults[0].Atom(), r.Faults[0].Decision)
			want(t, "faults", varValue(end, "faults"), wantFaults)
			tl := must(t)(c.Request(cmdTimeline, nil)).Body()
			var atoms []string
			for _, d := range tl["decisions"].([]any) {
				atoms = append(atoms, d.(map[string]any)["atom"].(string))
			}
			if fmt.Sprint(atoms) != fmt.Sprint(r.Atoms) {
				t.Errorf("the debugger ran %v, revl test %v", atoms, r.Atoms)
			}
			var got, wantF []string
			for _, f := range findingsAtStop(t, c) {
				got = append(got, f["type"].(string)+": "+f["value"].(string))
			}
			for _, f := range r.Findings {
				wantF = append(wantF, f.Tag+": "+f.Message)
			}
			// The debugger lists them as they arise, the result by property.
			slices.Sort(got)
			slices.Sort(wantF)
			if fmt.Sprint(got) != fmt.Sprint(wantF) {
				t.Errorf("the debugger's findings %q, revl test's %q", got, wantF)
			}
		})
	}
}

// TestFineFaultsLaunch: maxFaults with fine atoms launches (revl test
// --atoms fine --faults prints such configurations), and its sets offer
// the fault choices of the fine world: fail@Cache:N for every step of
// Cache at the first decision.
func TestFineFaultsLaunch(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("fine.rvl"), "maxFaults": 1, "atoms": "fine", "choices": "3,1"}, nil)
	name, vars := faultFrame(t, c)
	want(t, "first frame", name, "decision 0: fail@Cache:3")
	want(t, "ready", varValue(vars, "ready"),
		"5 ready: activate(Cache), fail@Cache:1, fail@Cache:2, fail@Cache:3, fail@Cache:4; picks [3] fail@Cache:3")
}

// TestFaultsOldTraceLaunch: a format 4 trace (crash faults only, written
// before fail@F:N existed) launches in a world of crashes only: its
// decision 1 offers no fail@ choice, and its crash(Db) replays.
func TestFaultsOldTraceLaunch(t *testing.T) {
	path, err := filepath.Abs("../timeline/testdata/v4/undo-crash.rvt")
	if err != nil {
		t.Fatal(err)
	}
	c := start(t)
	launch(t, c, map[string]any{"trace": path}, func() {
		must(t)(c.Request("setFunctionBreakpoints", map[string]any{"breakpoints": []any{map[string]any{"name": "activate(App)"}}}))
	})
	st, _ := motion(t, c, "continue", map[string]any{"threadId": 1})
	want(t, "stop reason", st["reason"], "function breakpoint")
	name, vars := faultFrame(t, c)
	want(t, "frame", name, "decision 1: activate(App)")
	want(t, "ready", varValue(vars, "ready"), "2 ready: activate(App), crash(Db); picks [0] activate(App)")
	must(t)(c.Request("setFunctionBreakpoints", map[string]any{"breakpoints": []any{map[string]any{"name": "crash(Db)"}}}))
	st, _ = motion(t, c, "continue", map[string]any{"threadId": 1})
	want(t, "stop reason", st["reason"], "function breakpoint")
	name, _ = faultFrame(t, c)
	want(t, "frame", name, "decision 2: crash(Db)")
}
