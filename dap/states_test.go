package dap

import (
	"slices"
	"testing"
)

// TestFiberStatesWhileTheirAtomRuns: a fiber stopped inside its own
// activation is listed `activating` (the runtime still has it pending),
// and one inside its teardown `tearing-down`, the names the timeline uses;
// the fiber's Variables say the same.
func TestFiberStatesWhileTheirAtomRuns(t *testing.T) {
	c := start(t)
	src := map[string]any{"path": program("worked.rvl")}
	launch(t, c, map[string]any{"program": program("worked.rvl"), "stopOnEntry": false}, func() {
		must(t)(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{}}))
		must(t)(c.Request("setBreakpoints", map[string]any{"source": src, "breakpoints": []any{map[string]any{"line": 4}}}))
	})
	threads := func() []string {
		var out []string
		for _, th := range must(t)(c.Request("threads", nil)).Body()["threads"].([]any) {
			out = append(out, th.(map[string]any)["name"].(string))
		}
		return out
	}
	if got := threads(); !slices.Contains(got, "A [activating]") || !slices.Contains(got, "B [pending]") {
		t.Fatalf("stopped in A's activation, threads %v: want A [activating] and B [pending]", got)
	}
	f := topFrame(t, c, 3) // A is fiber 1, thread 3
	scopes := must(t)(c.Request("scopes", map[string]any{"frameId": f})).Body()["scopes"].([]any)
	found := false
	for _, sc := range scopes {
		ref := sc.(map[string]any)["variablesReference"]
		vars := must(t)(c.Request("variables", map[string]any{"variablesReference": ref})).Body()["variables"].([]any)
		for _, v := range vars {
			if m := v.(map[string]any); m["name"] == "state" {
				found = true
				if m["value"] != "activating" {
					t.Errorf("A's state variable %v, want activating", m["value"])
				}
			}
		}
	}
	if !found {
		t.Error("no state variable for A")
	}
}
