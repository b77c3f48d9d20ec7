package dap

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revl.dev/debug/timeline"
)

// record writes a trace of prog under choices and returns its path.
func recordTrace(t *testing.T, prog string, choices []int) string {
	t.Helper()
	src, err := os.ReadFile(program(prog))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "run.rvt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := timeline.Record(f, timeline.Config{Program: program(prog), Source: src, Choices: choices, Recorder: "test"}); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTraceLaunch debugs a recorded trace: the session replays and
// verifies it, then runs its vector; a program that no longer reproduces
// the trace is refused with the first divergent event.
func TestTraceLaunch(t *testing.T) {
	trace := recordTrace(t, "worked.rvl", []int{0, 1})
	c := start(t)
	launch(t, c, map[string]any{"program": program("worked.rvl"), "trace": trace}, nil)
	tl := must(t)(c.Request(cmdTimeline, nil))
	got, _ := json.Marshal(tl.Body()["info"].(map[string]any)["summary"].(map[string]any)["choices"])
	if string(got) != "[0,1,0,0,0,0]" {
		t.Fatalf("choices %s, want [0,1,0,0,0,0]", got)
	}
	// The timeline is the launched trace itself (as `revl trace show
	// --json` reads it) until a fork makes another schedule, which the
	// session records into memory.
	recorder := func(tl map[string]any) any {
		return tl["info"].(map[string]any)["header"].(map[string]any)["recorder"]
	}
	if r := recorder(tl.Body()); r != "test" {
		t.Errorf("revl/timeline of a trace launch: recorder %v, want the trace's (test)", r)
	}
	if d := tl.Body()["divergence"].(map[string]any); d["overtook"] != true || d["ordered"] != 0.0 {
		t.Errorf("divergence %v, want emission #0 overtaken", d)
	}
	must(t)(c.Request(cmdGotoDecision, map[string]any{"index": 1}))
	must(t)(c.Event("stopped"))
	must(t)(c.Request(cmdChoose, map[string]any{"index": 0}))
	must(t)(c.Event("stopped"))
	tl = must(t)(c.Request(cmdTimeline, nil))
	if r := recorder(tl.Body()); r != "revl-dap" {
		t.Errorf("revl/timeline after a fork: recorder %v, want revl-dap", r)
	}
	if d := tl.Body()["divergence"]; d != nil {
		t.Errorf("the run forked back to the canonical choice has divergence %v", d)
	}
	must(t)(c.Request("disconnect", nil))

	c = start(t)
	must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	r := fails(t)(c.Request("launch", map[string]any{"program": program("store.rvl"), "trace": trace}))
	if msg := r["message"].(string); !strings.Contains(msg, "does not reproduce") {
		t.Fatalf("launch with a changed program: %s", msg)
	}
}

// TestTraceLaunchWithoutProgram: a trace alone is enough to debug. The
// program it names is used when it is there; when it is not (the trace
// was mailed to another machine), the source the trace stores is.
func TestTraceLaunchWithoutProgram(t *testing.T) {
	trace := recordTrace(t, "worked.rvl", []int{0, 1})
	for _, tc := range []struct {
		name  string
		trace string
		note  string
	}{
		{"named program", trace, "the program it names"},
		{"stored source", movedTrace(t, trace), "debugging the source stored in the trace"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := start(t)
			launch(t, c, map[string]any{"trace": tc.trace}, nil)
			tl := must(t)(c.Request(cmdTimeline, nil))
			got, _ := json.Marshal(tl.Body()["info"].(map[string]any)["summary"].(map[string]any)["choices"])
			if string(got) != "[0,1,0,0,0,0]" {
				t.Fatalf("choices %s, want [0,1,0,0,0,0]", got)
			}
			if out := c.Transcript(); !strings.Contains(out, tc.note) {
				t.Fatalf("console output does not say %q:\n%s", tc.note, out)
			}
		})
	}
}

// movedTrace records the same schedule under a program path that exists
// nowhere here, as a trace from another machine would carry.
func movedTrace(t *testing.T, _ string) string {
	t.Helper()
	src, err := os.ReadFile(program("worked.rvl"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "moved.rvt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := timeline.Record(f, timeline.Config{Program: "/elsewhere/worked.rvl", Source: src, Choices: []int{0, 1}, Recorder: "test"}); err != nil {
		t.Fatal(err)
	}
	return path
}
