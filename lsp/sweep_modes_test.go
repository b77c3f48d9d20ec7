package lsp

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// resumeExample is testdata/fine/resume_lost_update.rvl: a lost update
// across Warm's await, which only the fine alphabet schedules.
const resumeExample = `service Log { emission fn write(line: Str) }
service Settings {
  fn set(k: Str, v: Str)
  fn get(k: Str) -> Str
}
component Sink provides log: Log { provide log { fn write(line) { } } }
component Store provides cfg: Settings {
  let m = effect Map.new() undo m.drop()
  provide cfg {
    fn set(k, v) { m.insert(k, v) }
    fn get(k) = m.get(k) ?? "unset"
  }
}
component Warm requires log: Log, cfg: Settings {
  effect cfg.set("mode", "fast") undo cfg.set("mode", "off")
  await Job.run("warmup")
  emit log.write(` + "`warm mode ${cfg.get(\"mode\")}`" + `)
}
component Cold requires cfg: Settings {
  effect cfg.set("mode", "slow") undo cfg.set("mode", "off")
}
`

// TestSweepModeArguments: revl.runSchedules and revl.debugSchedule refuse
// the combinations `revl test` refuses, with a message naming the argument.
func TestSweepModeArguments(t *testing.T) {
	c := newTestClient(t, Options{})
	c.initialize(false, "")
	uri := testURI("resume.rvl")
	c.open(uri, resumeExample)
	path := uriPath(uri)
	cases := []struct {
		name    string
		command string
		arg     any
		want    string // in the error; "" for none
	}{
		{"fine", cmdRunSchedules, RunSchedulesArgs{Program: path, Seeds: 2, Atoms: "fine"}, ""},
		{"fine with a fire bound", cmdRunSchedules, RunSchedulesArgs{Program: path, Seeds: 2, Atoms: "fine", MaxFires: 1}, ""},
		{"lifecycle spelled out", cmdRunSchedules, RunSchedulesArgs{Program: path, Seeds: 2, Atoms: "lifecycle"}, ""},
		{"faults", cmdRunSchedules, RunSchedulesArgs{Program: path, Seeds: 2, MaxFaults: 2}, ""},
		{"an unknown alphabet", cmdRunSchedules, RunSchedulesArgs{Program: path, Atoms: "coarse"}, `atoms "coarse"`},
		{"a fire bound without fine atoms", cmdRunSchedules, RunSchedulesArgs{Program: path, MaxFires: 2}, `maxFires needs atoms "fine"`},
		{"a negative fire bound", cmdRunSchedules, RunSchedulesArgs{Program: path, Atoms: "fine", MaxFires: -1}, "maxFires -1"},
		{"fine atoms with faults", cmdRunSchedules, RunSchedulesArgs{Program: path, Seeds: 2, Atoms: "fine", MaxFaults: 1}, ""},
		{"too many faults", cmdRunSchedules, RunSchedulesArgs{Program: path, MaxFaults: 17}, "maxFaults 17 out of range"},
		{"debug an unknown alphabet", cmdDebugSchedule, DebugScheduleArgs{Program: path, Choices: []int{0}, Atoms: "coarse"}, `atoms "coarse"`},
		{"debug a fire bound without fine atoms", cmdDebugSchedule, DebugScheduleArgs{Program: path, Choices: []int{0}, MaxFires: 3}, `maxFires needs atoms "fine"`},
	}
	for _, tc := range cases {
		err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: tc.command, Arguments: []any{tc.arg}}, nil)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// TestDebugFineSchedule: a fine vector replays over the fine alphabet (its
// atoms name resume and complete), and the launch configuration the
// debugger gets carries atoms "fine"; without it the same vector is a
// lifecycle schedule that passes.
func TestDebugFineSchedule(t *testing.T) {
	c := newTestClient(t, Options{})
	c.initialize(false, "")
	uri := testURI("resume.rvl")
	c.open(uri, resumeExample)
	path := uriPath(uri)
	vector := []int{0, 0, 0, 0, 1}
	var fine, plain DebugScheduleResult
	c.mustCall("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdDebugSchedule,
		Arguments: []any{DebugScheduleArgs{Program: path, Choices: vector, Atoms: "fine"}}}, &fine)
	c.mustCall("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdDebugSchedule,
		Arguments: []any{DebugScheduleArgs{Program: path, Choices: vector}}}, &plain)
	if fine.OK || len(fine.Findings) == 0 || fine.Findings[0].Tag != "unstable" {
		t.Errorf("fine replay: ok %v, findings %+v", fine.OK, fine.Findings)
	}
	if !slices.Contains(fine.Atoms, "resume(Warm)") || !slices.Contains(fine.Atoms, "complete(job warmup)") {
		t.Errorf("fine atoms %q lack resume(Warm) and complete(job warmup)", fine.Atoms)
	}
	if fine.Launch.Atoms != "fine" || !strings.Contains(fine.Replay, " --atoms fine ") {
		t.Errorf("fine launch %+v, replay %q", fine.Launch, fine.Replay)
	}
	raw, _ := json.Marshal(plain.Launch)
	if !plain.OK || plain.Launch.Atoms != "" || strings.Contains(string(raw), "atoms") || strings.Contains(plain.Replay, "--atoms") {
		t.Errorf("lifecycle replay: ok %v, launch %s, replay %q", plain.OK, raw, plain.Replay)
	}
}
