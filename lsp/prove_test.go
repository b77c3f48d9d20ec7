package lsp

import (
	"testing"

	"go.lsp.dev/protocol"
)

// TestProveSchedules: revl.proveSchedules explores every equivalence class
// of the worked example (two) and answers the verdict, with the failing
// class shrunk to the spec's vector and placed on B's emit; maxSchedules
// bounds the search, and a negative bound is refused.
func TestProveSchedules(t *testing.T) {
	c := newTestClient(t, Options{})
	c.initialize(false, "")
	const path = "/work/worked.rvl"
	uri := protocol.DocumentURI("file://" + path)
	c.open(uri, workedExample)

	var res ProveSchedulesResult
	c.mustCall("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdProveSchedules,
		Arguments: []any{ProveSchedulesArgs{Program: path}}}, &res)
	if res.Verdict != "exhaustive: 2 equivalence classes, 1 violates" || res.Exhaustive.Classes != 2 {
		t.Fatalf("verdict %q, report %+v", res.Verdict, res.Exhaustive)
	}
	if len(res.Failures) != 1 || res.Failures[0].Replay != "revl test /work/worked.rvl --choices 0,1,0,0,0,0" {
		t.Fatalf("failures %+v", res.Failures)
	}
	if f := res.Failures[0].Findings; len(f) == 0 || f[0].Tag != "unstable" || f[0].Location.URI != uri {
		t.Fatalf("findings %+v", f)
	}

	c.mustCall("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdProveSchedules,
		Arguments: []any{ProveSchedulesArgs{Program: path, MaxSchedules: 1}}}, &res)
	if !res.Exhaustive.BoundedOut || res.Exhaustive.Schedules != 1 {
		t.Fatalf("bounded search: %q %+v", res.Verdict, res.Exhaustive)
	}
	if err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdProveSchedules,
		Arguments: []any{ProveSchedulesArgs{Program: path, MaxSchedules: -1}}}, nil); err == nil {
		t.Fatal("a negative maxSchedules was accepted")
	}
}
