package dap

import (
	"strings"
	"testing"
)

// TestExploreExhaustive: revl/explore with exhaustive: true runs one
// schedule per equivalence class of the worked example (two: A's emission
// first or B's) and answers the verdict revl test --exhaustive prints, with
// the failing class shrunk to the spec's vector; maxSchedules bounds it.
func TestExploreExhaustive(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("worked.rvl")}, nil)
	b := must(t)(c.Request(cmdExplore, map[string]any{"exhaustive": true})).Body()
	if got := b["verdict"]; got != "exhaustive: 2 equivalence classes, 1 violates" {
		t.Fatalf("verdict %v", got)
	}
	ex := b["exhaustive"].(map[string]any)
	if ex["classes"] != 2.0 || ex["schedules"] != 2.0 || ex["bounded_out"] != false {
		t.Fatalf("exhaustive %v", ex)
	}
	failing := b["failing"].([]any)
	if len(failing) != 1 {
		t.Fatalf("failing %v", failing)
	}
	f := failing[0].(map[string]any)
	if cmd, _ := f["command"].(string); !strings.HasSuffix(cmd, "--choices 0,1,0,0,0,0") {
		t.Fatalf("failing class replays with %q, want the minimized [0, 1, 0, 0, 0, 0]", cmd)
	}
	b = must(t)(c.Request(cmdExplore, map[string]any{"exhaustive": true, "maxSchedules": 1})).Body()
	if got, _ := b["verdict"].(string); !strings.HasPrefix(got, "bounded-out after 1 schedules") {
		t.Fatalf("bounded verdict %q", got)
	}
	fails(t)(c.Request(cmdExplore, map[string]any{"exhaustive": true, "maxSchedules": -1}))
}
