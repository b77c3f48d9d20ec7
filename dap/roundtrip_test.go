package dap

import (
	"encoding/json"
	"testing"

	"revl.dev/debug/dap/daptest"
)

// TestRoundTripOverDAP steps forward through a whole schedule one stop
// point at a time, back to the start, and forward again, and checks that
// what a client sees at every position (the position event, the stopped
// thread's stack, the scheduler's scopes and every variable in them) is
// identical on all three passes, and that the console output between
// stops (emissions, findings) comes on the first forward pass only: the
// console already holds it when the user steps over those positions again.
// Three schedules inject faults, so the round trip crosses a crash, a
// fail@F:N, and a fail@F:N with fine atoms.
func TestRoundTripOverDAP(t *testing.T) {
	for _, tc := range []struct {
		name string
		args map[string]any
	}{
		{"store.rvl", map[string]any{"program": program("store.rvl"), "seed": 3}},
		{"worked.rvl", map[string]any{"program": program("worked.rvl"), "seed": 3}},
		// Over an injected crash (maxFaults): its unwinding forward and back.
		{"faults.rvl", faultsLaunch()},
		// Over an injected failure, fail@Migrator:1: the activation's step 1
		// and the unwinding after it.
		{"failat.rvl", failAtLaunch()},
		// Fine atoms and faults: fail@Cache:3 strikes at Cache's resume
		// after Writer activated while it waited.
		{"fine.rvl faults", map[string]any{"program": program("fine.rvl"), "atoms": "fine", "maxFaults": 1, "choices": "3,1,0,0,0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := start(t)
			launch(t, c, tc.args, func() {
				must(t)(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{}}))
			})
			// A fresh stop at the start, so that every view reads its own
			// position event.
			st0, _ := stepView(t, c, cmdGotoDecision, map[string]any{"index": 0})
			first := []string{view(t, c, st0)}
			var outs []string
			said := false
			for {
				st, out := stepView(t, c, "stepIn", nil)
				first = append(first, view(t, c, st))
				outs = append(outs, out)
				said = said || out != ""
				if st.Body()["reason"] == "end" {
					break
				}
			}
			if !said {
				t.Fatal("the first pass narrated nothing: the test would not see a repeat")
			}
			n := len(first) - 1
			for i := n - 1; i >= 0; i-- {
				st, _ := stepView(t, c, "stepBack", map[string]any{"granularity": "instruction"})
				if got := view(t, c, st); got != first[i] {
					t.Fatalf("position %d going back:\n%s\nforward:\n%s", i, got, first[i])
				}
			}
			for i := 1; i <= n; i++ {
				st, out := stepView(t, c, "stepIn", nil)
				if got := view(t, c, st); got != first[i] {
					t.Fatalf("position %d second pass:\n%s\nfirst:\n%s", i, got, first[i])
				}
				if out != "" {
					t.Fatalf("output before position %d again: %q (the first pass said %q)", i, out, outs[i-1])
				}
			}
		})
	}
}

// stepView runs a step and returns its stopped event and the output
// events before it.
func stepView(t *testing.T, c *daptest.Client, cmd string, extra map[string]any) (daptest.Message, string) {
	t.Helper()
	args := map[string]any{"threadId": 1}
	for k, v := range extra {
		args[k] = v
	}
	must(t)(c.Request(cmd, args))
	st, seen, err := c.ReadUntil(func(m daptest.Message) bool { return m.Event() == "stopped" })
	if err != nil {
		t.Fatal(err)
	}
	out := ""
	for _, m := range seen {
		if m.Event() == "output" {
			out += m.Body()["output"].(string)
		}
	}
	c.Drain()
	return st, out
}

// view renders everything a client can see at the current stop.
func view(t *testing.T, c *daptest.Client, stopped daptest.Message) string {
	t.Helper()
	var v []any
	pos := must(t)(c.Event("revl/position"))
	v = append(v, pos.Body())
	thread := 1.0
	if stopped != nil {
		thread = stopped.Body()["threadId"].(float64)
	}
	for _, th := range []float64{1, thread} {
		st := must(t)(c.Request("stackTrace", map[string]any{"threadId": th}))
		v = append(v, st.Body())
		for _, f := range st.Body()["stackFrames"].([]any) {
			sc := must(t)(c.Request("scopes", map[string]any{"frameId": f.(map[string]any)["id"]}))
			for _, s := range sc.Body()["scopes"].([]any) {
				v = append(v, s, vars(t, c, s.(map[string]any)["variablesReference"].(float64), 0))
			}
		}
	}
	c.Transcript()
	b, _ := json.MarshalIndent(v, "", " ")
	return string(b)
}

func vars(t *testing.T, c *daptest.Client, ref float64, depth int) []any {
	t.Helper()
	if ref == 0 || depth > 3 {
		return nil
	}
	r := must(t)(c.Request("variables", map[string]any{"variablesReference": ref}))
	var out []any
	for _, v := range r.Body()["variables"].([]any) {
		m := v.(map[string]any)
		out = append(out, m["name"], m["value"], vars(t, c, m["variablesReference"].(float64), depth+1))
	}
	return out
}
