package lsp

import (
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestReplayCommandsQuoted: a program whose name is shell syntax is
// named, quoted, in every replay command the server sends: the result of
// revl.debugSchedule and revl.runSchedules and the schedule diagnostics.
func TestReplayCommandsQuoted(t *testing.T) {
	c := newTestClient(t, Options{})
	c.initialize(false, "")
	const path = "/work/x$(id)y;z.rvl"
	uri := protocol.DocumentURI("file://" + path)
	c.open(uri, workedExample)
	const want = "revl test '/work/x$(id)y;z.rvl' --choices 0,1,0,0,0,0"

	var dbg DebugScheduleResult
	c.mustCall("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdDebugSchedule,
		Arguments: []any{DebugScheduleArgs{Program: path, Choices: []int{0, 1}}}}, &dbg)
	if dbg.Replay != want {
		t.Errorf("debugSchedule replay = %q, want %q", dbg.Replay, want)
	}

	var run RunSchedulesResult
	c.mustCall("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdRunSchedules,
		Arguments: []any{RunSchedulesArgs{Program: path, Seeds: 40}}}, &run)
	if len(run.Failures) == 0 {
		t.Fatalf("the worked example's sweep found nothing: %+v", run)
	}
	for _, f := range run.Failures {
		if !strings.HasPrefix(f.Replay, "revl test '/work/x$(id)y;z.rvl' --choices ") {
			t.Errorf("runSchedules replay = %q", f.Replay)
		}
	}
	p := c.waitDiagnostics(uri, func(p protocol.PublishDiagnosticsParams) bool {
		for _, d := range p.Diagnostics {
			if strings.HasPrefix(fmt.Sprint(d.Code), "S-") {
				return true
			}
		}
		return false
	})
	for _, d := range p.Diagnostics {
		if strings.HasPrefix(fmt.Sprint(d.Code), "S-") && !strings.Contains(d.Message, "replay: revl test '/work/x$(id)y;z.rvl' --choices ") {
			t.Errorf("diagnostic %v: %q", d.Code, d.Message)
		}
	}
}
