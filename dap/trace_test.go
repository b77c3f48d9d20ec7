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
	must(t)(c.Request("disconnect", nil))

	c = start(t)
	must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	r := fails(t)(c.Request("launch", map[string]any{"program": program("store.rvl"), "trace": trace}))
	if msg := r["message"].(string); !strings.Contains(msg, "does not reproduce") {
		t.Fatalf("launch with a changed program: %s", msg)
	}
}
