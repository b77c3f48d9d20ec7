package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revl.dev/debug/schedule"
)

// TestEvalFineMutantsUnderEverySampler: revl test takes --sampler with
// --atoms fine, so revl eval runs a fine mutant under every sampler and
// none shows n/a: each finds the bug, which no lifecycle schedule shows.
func TestEvalFineMutantsUnderEverySampler(t *testing.T) {
	for _, s := range schedule.SamplerNames {
		args := []string{"--atoms", "fine", "--schedule-seeds", "3", "../../testdata/fine/complete_order_fixed.rvl"}
		if s != schedule.SamplerUniform {
			args = append([]string{"--sampler", s}, args...)
		}
		var stdout, stderr strings.Builder
		if code := runTest(args, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "schedules: 4 run") {
			t.Errorf("revl test --atoms fine --sampler %s: exit %d, stderr %q, stdout %q", s, code, stderr.String(), stdout.String())
		}
	}
	dir := t.TempDir()
	src, err := os.ReadFile("../../testdata/eval/await_deploy.rvl")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "await_deploy.rvl"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "report.json")
	var stderr strings.Builder
	code := runEval([]string{"--format", "json", "--seeds", "1,10", "--samplers", strings.Join(schedule.SamplerNames, ","),
		"--max-schedules", "500", "--no-timing", "--out", out, dir}, io.Discard, &stderr)
	if code != exitOK {
		t.Fatalf("revl eval: exit %d, stderr %q", code, stderr.String())
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Mutants []struct {
			ID       string `json:"id"`
			Mode     string `json:"mode"`
			Samplers []struct {
				Sampler string `json:"sampler"`
				First   int    `json:"first"`
				Skipped string `json:"skipped"`
			} `json:"samplers"`
		} `json:"mutants"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Mutants) == 0 || rep.Mutants[0].Mode != "fine" || len(rep.Mutants[0].Samplers) != len(schedule.SamplerNames) {
		t.Fatalf("report mutants %+v: want await_deploy's fine mutant under %d samplers", rep.Mutants, len(schedule.SamplerNames))
	}
	for _, s := range rep.Mutants[0].Samplers {
		if s.Skipped != "" || s.First < 1 {
			t.Errorf("%s under %s: skipped %q, first seed %d", rep.Mutants[0].ID, s.Sampler, s.Skipped, s.First)
		}
	}
}
