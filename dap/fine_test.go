package dap

import "testing"

// TestFineTranscript: a launch with "atoms": "fine" steps through complete,
// resume and fire atoms; function breakpoints name them (`resume(Cache)`,
// `complete(job load)`); the scheduler frame and the threads show them and
// the suspended fiber's state; reverse-continue goes back to them.
func TestFineTranscript(t *testing.T) {
	c := start(t)
	launch(t, c, map[string]any{"program": program("fine.rvl"), "choices": "0,1", "atoms": "fine"}, func() {
		must(t)(c.Request("setFunctionBreakpoints", map[string]any{"breakpoints": []any{
			map[string]any{"name": "resume(Cache)"},
			map[string]any{"name": "complete(job load)"},
			map[string]any{"name": "fire(Nope)"},
		}}))
		must(t)(c.Request("setExceptionBreakpoints", map[string]any{"filters": []string{}}))
	})
	c.Note("to complete(job load): Cache is suspended at its await, Writer came up")
	must(t)(c.Step("continue", map[string]any{"threadId": 1}))
	must(t)(c.Request("threads", nil))
	must(t)(c.Request("stackTrace", map[string]any{"threadId": 1}))
	must(t)(c.Request("stackTrace", map[string]any{"threadId": 2}))
	c.Note("to resume(Cache)")
	must(t)(c.Step("continue", map[string]any{"threadId": 1}))
	must(t)(c.Request("stackTrace", map[string]any{"threadId": 1}))
	c.Note("back to complete(job load)")
	must(t)(c.Step("reverseContinue", map[string]any{"threadId": 1}))
	must(t)(c.Request("stackTrace", map[string]any{"threadId": 1}))
	must(t)(c.Request("disconnect", nil))
	golden(t, "fine", c.Transcript())
}

// TestFineLaunchRefuses: a bad atoms attribute, maxFires without fine
// atoms, and fine atoms with mocks are launch errors.
func TestFineLaunchRefuses(t *testing.T) {
	for _, args := range []map[string]any{
		{"program": program("fine.rvl"), "atoms": "coarse"},
		{"program": program("fine.rvl"), "maxFires": 2},
		{"program": program("fine.rvl"), "atoms": "fine", "mocks": true},
	} {
		c := start(t)
		must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
		fails(t)(c.Request("launch", args))
	}
}
