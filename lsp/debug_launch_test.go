package lsp

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"go.lsp.dev/protocol"

	"revl.dev/debug/dap"
	"revl.dev/debug/dap/daptest"
)

// faultsExample is testdata/fine.txtar's faults.rvl: a crash of Store
// mid-life withdraws cfg while Reader, which reads it in its undo, is up.
// Only a schedule with faults fails.
const faultsExample = `service Settings { fn get(k: Str) -> Str }
component Store provides cfg: Settings { provide cfg { fn get(k) = "v" } }
component Reader requires cfg: Settings {
  effect cfg.get("x") undo cfg.get("y")
}
`

// startDAP serves one in-process revl-dap session (the debugger of this
// tree) and returns a client on it.
func startDAP(t *testing.T) *daptest.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	toServer, fromClient := io.Pipe()
	fromServer, toClient := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		dap.Serve(toServer, toClient, dap.Options{})
		toClient.Close()
	}()
	t.Cleanup(func() {
		fromClient.Close()
		<-done
		cancel()
	})
	return daptest.New(ctx, fromServer, fromClient)
}

// dapMust fails the test on an error or an unsuccessful response.
func dapMust(t *testing.T) func(daptest.Message, error) daptest.Message {
	return func(m daptest.Message, err error) daptest.Message {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if m.Type() == "response" && !m.Success() {
			t.Fatalf("%s: %v", m.Command(), m["message"])
		}
		return m
	}
}

// dapLaunch starts a session with the launch arguments (a launch
// configuration as a client sends it) and returns it stopped on entry.
func dapLaunch(t *testing.T, args any) *daptest.Client {
	t.Helper()
	c := startDAP(t)
	dapMust(t)(c.Request("initialize", map[string]any{"adapterID": "revl", "linesStartAt1": true, "columnsStartAt1": true}))
	dapMust(t)(c.Request("launch", args))
	dapMust(t)(c.Event("initialized"))
	dapMust(t)(c.Request("configurationDone", nil))
	dapMust(t)(c.Event("stopped"))
	return c
}

// dapReplay launches the configuration and runs the schedule to its end:
// the decisions' atoms and the findings' tags the debugger shows.
func dapReplay(t *testing.T, launch LaunchConfig) (atoms, findings []string) {
	t.Helper()
	raw, err := json.Marshal(launch)
	if err != nil {
		t.Fatal(err)
	}
	var args map[string]any
	if err := json.Unmarshal(raw, &args); err != nil {
		t.Fatal(err)
	}
	c := dapLaunch(t, args)
	tl := dapMust(t)(c.Request("revl/timeline", map[string]any{})).Body()
	decisions, _ := tl["decisions"].([]any)
	for _, d := range decisions {
		atom, _ := d.(map[string]any)["atom"].(string)
		atoms = append(atoms, atom)
	}
	pos := dapMust(t)(c.Request("revl/gotoDecision", map[string]any{"index": len(decisions)})).Body()
	for _, f := range pos["findings"].([]any) {
		findings = append(findings, f.(string))
	}
	return atoms, findings
}

// TestDebugModeVectors: the failure of a fault sweep (and of a fine one)
// has a debug command whose arguments carry the sweep's maxFaults (atoms
// and maxFires); revl.debugSchedule answers a launch configuration with
// them, and that configuration, fed to this tree's revl-dap, replays the
// same schedule (crash(Store) at decision 2; resume(Warm) after Cold's
// activation) to the same finding. Without the mode the same vector is
// another schedule that does not fail that way.
func TestDebugModeVectors(t *testing.T) {
	cases := []struct {
		name  string
		text  string
		sweep RunSchedulesArgs // Program is set below
		atom  string           // an atom only the mode's replay runs
		tag   string           // the finding the failure shows
	}{
		{"crash fault", faultsExample, RunSchedulesArgs{Seeds: 40, MaxFaults: 1}, "crash(Store)", "use-after-withdrawal"},
		{"two faults allowed", faultsExample, RunSchedulesArgs{Seeds: 40, MaxFaults: 2}, "crash(Store)", "use-after-withdrawal"},
		{"fine atoms", resumeExample, RunSchedulesArgs{Seeds: 40, Atoms: "fine", MaxFires: 2}, "resume(Warm)", "unstable"},
		// Migrator's activation failing after its first step leaks its pool.
		{"injected failure", readFixture(t, "../testdata/faults/schedules/failpath_undo.rvl"), RunSchedulesArgs{Seeds: 40, MaxFaults: 1}, "fail@Migrator:1", "residue"},
		// Cache crashes while it waits at its await: the job it started
		// runs on after its owner is gone.
		{"fine atoms with faults", readFixture(t, "../testdata/fine/failed_provider.rvl"), RunSchedulesArgs{Seeds: 40, Atoms: "fine", MaxFaults: 1}, "crash(Cache)", "residue"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "prog.rvl")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			c := newTestClient(t, Options{})
			c.initialize(false, "")
			c.open(pathURI(path), tc.text)

			var sweep RunSchedulesResult
			tc.sweep.Program = path
			c.mustCall("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdRunSchedules, Arguments: []any{tc.sweep}}, &sweep)
			if len(sweep.Failures) == 0 || sweep.Failures[0].Debug == nil {
				t.Fatalf("sweep failures %+v, want one with a debug command", sweep.Failures)
			}
			f := sweep.Failures[0]
			var args DebugScheduleArgs
			if err := json.Unmarshal(mustJSON(f.Debug.Arguments[0]), &args); err != nil {
				t.Fatal(err)
			}
			wantArgs := DebugScheduleArgs{Program: path, Choices: f.Choices, Atoms: tc.sweep.Atoms, MaxFires: tc.sweep.MaxFires, MaxFaults: tc.sweep.MaxFaults}
			if string(mustJSON(args)) != string(mustJSON(wantArgs)) {
				t.Fatalf("debug arguments %s, want %s", mustJSON(args), mustJSON(wantArgs))
			}

			var res DebugScheduleResult
			c.mustCall("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdDebugSchedule, Arguments: []any{args}}, &res)
			if res.OK || len(res.Findings) == 0 || res.Findings[0].Tag != tc.tag {
				t.Fatalf("the language server's replay: ok %v, findings %+v", res.OK, res.Findings)
			}
			l := res.Launch
			if l.MaxFaults != tc.sweep.MaxFaults || l.Atoms != tc.sweep.Atoms || l.MaxFires != tc.sweep.MaxFires {
				t.Fatalf("launch %+v, want the sweep's atoms, maxFires and maxFaults", l)
			}

			atoms, findings := dapReplay(t, l)
			if !slices.Equal(atoms, res.Atoms) || !slices.Contains(atoms, tc.atom) {
				t.Errorf("the debugger's atoms %q, the language server's %q (want %s among them)", atoms, res.Atoms, tc.atom)
			}
			if !slices.Contains(findings, tc.tag) {
				t.Errorf("the debugger's findings %q lack %s", findings, tc.tag)
			}

			// The vector without its mode: the lens's old launch.
			plain := LaunchConfig{Type: "revl", Request: "launch", Name: l.Name, Program: l.Program, Choices: l.Choices}
			atoms, findings = dapReplay(t, plain)
			if slices.Contains(atoms, tc.atom) || slices.Contains(findings, tc.tag) {
				t.Errorf("without the mode the vector still replays the failure: atoms %q, findings %q", atoms, findings)
			}
		})
	}
}

// readFixture is a fixture file's text.
func readFixture(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
