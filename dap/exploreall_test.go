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

// TestPositionCountsForks: revl/position counts the session's forks, so a
// client that holds the timeline knows to fetch it again even when the
// forked schedule has as many decisions as before.
func TestPositionCountsForks(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("worked.rvl")}, nil)
	pos := func() map[string]any {
		return must(t)(c.Request(cmdTimeline, map[string]any{"from": 0, "to": 0})).Body()["position"].(map[string]any)
	}
	p := pos()
	if p["forks"] != 0.0 {
		t.Fatalf("forks before any fork: %v", p["forks"])
	}
	must(t)(c.Request(cmdGotoDecision, map[string]any{"index": 1}))
	must(t)(c.Request(cmdChoose, map[string]any{"index": 1}))
	p = pos()
	if p["forks"] != 1.0 || p["decisions"] != 6.0 {
		t.Fatalf("after a fork: forks %v, decisions %v (want 1 and the same 6)", p["forks"], p["decisions"])
	}
}

// TestExploreExhaustiveFine: on a launch with fine atoms, revl/explore
// with exhaustive: true searches the fine classes (6 for the provider that
// publishes before its load finishes, 2 of them failing one way) and the
// failing class replays with the alphabet.
func TestExploreExhaustiveFine(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("fine.rvl"), "atoms": "fine"}, nil)
	b := must(t)(c.Request(cmdExplore, map[string]any{"exhaustive": true})).Body()
	if got := b["verdict"]; got != "exhaustive: 6 equivalence classes, 2 violate" {
		t.Fatalf("verdict %v", got)
	}
	failing := b["failing"].([]any)
	if len(failing) != 2 {
		t.Fatalf("failing %v", failing)
	}
	f := failing[0].(map[string]any)
	if cmd, _ := f["command"].(string); !strings.Contains(cmd, "--atoms fine") || !strings.HasSuffix(cmd, "--choices 0,0,1,0,0") {
		t.Fatalf("failing class replays with %q, want the fine alphabet and [0, 0, 1, 0, 0]", cmd)
	}
}
