package lsp

import (
	"encoding/json"
	"errors"
	"os/exec"
	"path/filepath"
	"testing"

	"go.lsp.dev/protocol"
)

// shownFailure is one distinct failure of an exhaustive search as a tool
// reports it: what fails (empty where the tool does not name it), the
// classes that fail that way, and the vector it is shown by (the first
// class's, minimized).
type shownFailure struct {
	Failure string
	Classes []int
	Choices []int
}

// failingClass is one failing class: its number and its vector.
type failingClass struct {
	Class   int
	Choices []int
}

// cliExhaustive runs `revl test FILE --exhaustive --json` and reads the
// dossier's failing classes and distinct failures.
func cliExhaustive(t *testing.T, revl, file, atoms string) ([]failingClass, []shownFailure) {
	t.Helper()
	args := []string{"test", file, "--exhaustive", "--json"}
	if atoms != "" {
		args = append(args, "--atoms", atoms)
	}
	out, err := exec.Command(revl, args...).Output()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
		t.Fatalf("revl %v: %v\n%s", args, err, out)
	}
	type entry struct {
		Class   int   `json:"class"`
		OK      bool  `json:"ok"`
		Choices []int `json:"choices"`
	}
	var d struct {
		PerSchedule []entry `json:"per_schedule"`
		Exhaustive  struct {
			Failures []struct {
				Failure string `json:"failure"`
				Classes []int  `json:"classes"`
			} `json:"failures"`
			Shrunk []entry `json:"shrunk"`
		} `json:"exhaustive"`
	}
	if err := json.Unmarshal(out, &d); err != nil {
		t.Fatalf("revl %v: %v\n%s", args, err, out)
	}
	var classes []failingClass
	for _, e := range d.PerSchedule {
		if !e.OK {
			classes = append(classes, failingClass{e.Class, e.Choices})
		}
	}
	var failures []shownFailure
	for _, g := range d.Exhaustive.Failures {
		f := shownFailure{Failure: g.Failure, Classes: g.Classes}
		for _, e := range d.Exhaustive.Shrunk {
			if e.Class == g.Classes[0] {
				f.Choices = e.Choices
			}
		}
		if f.Choices == nil { // the canonical class: shown as it is
			for _, e := range d.PerSchedule {
				if e.Class == g.Classes[0] {
					f.Choices = e.Choices
				}
			}
		}
		failures = append(failures, f)
	}
	return classes, failures
}

// dapExhaustive runs revl/explore {exhaustive: true} in this tree's
// revl-dap.
func dapExhaustive(t *testing.T, file, atoms string) ([]failingClass, []shownFailure) {
	t.Helper()
	launch := map[string]any{"program": file}
	if atoms != "" {
		launch["atoms"] = atoms
	}
	c := dapLaunch(t, launch)
	raw, err := json.Marshal(dapMust(t)(c.Request("revl/explore", map[string]any{"exhaustive": true})).Body())
	if err != nil {
		t.Fatal(err)
	}
	var b struct {
		Failing []struct {
			Class     int   `json:"class"`
			Choices   []int `json:"choices"`
			Minimized []int `json:"minimized"`
		} `json:"failing"`
		Distinct []struct {
			Failure string `json:"failure"`
			Classes []int  `json:"classes"`
		} `json:"distinct"`
	}
	if err := json.Unmarshal(raw, &b); err != nil {
		t.Fatal(err)
	}
	var classes []failingClass
	for _, f := range b.Failing {
		classes = append(classes, failingClass{f.Class, f.Choices})
	}
	var failures []shownFailure
	for _, g := range b.Distinct {
		f := shownFailure{Failure: g.Failure, Classes: g.Classes}
		for _, e := range b.Failing {
			if e.Class == g.Classes[0] {
				f.Choices = e.Minimized
			}
		}
		failures = append(failures, f)
	}
	return classes, failures
}

// TestExhaustiveToolsAgree: for the same program, revl test --exhaustive
// --json, the debugger's revl/explore {exhaustive: true} and the language
// server's revl.proveSchedules report the same failing classes (numbers
// and vectors) and the same distinct failures, shrunk to the same vectors,
// in the same order: schedule.World.ExhaustiveFailures is their one owner.
func TestExhaustiveToolsAgree(t *testing.T) {
	revl := filepath.Join(t.TempDir(), "revl")
	if out, err := exec.Command("go", "build", "-o", revl, "revl.dev/debug/cmd/revl").CombinedOutput(); err != nil {
		t.Fatalf("building revl: %v\n%s", err, out)
	}
	cases := []struct {
		file     string
		atoms    string
		failures int // distinct failures, so that a case that finds none says so
	}{
		{"testdata/exhaustive/two_races.rvl", "", 3},
		{"../testdata/schedule/unstable.rvl", "", 1},
		{"../testdata/schedule/residue_order.rvl", "", 1},
		{"../examples/cache.rvl", "", 0},
		{"../examples/two-consumers.rvl", "", 1},
		{"../testdata/fine/fire_eviction.rvl", "fine", 1},
		{"../testdata/fine/resume_lost_update.rvl", "fine", 1},
		{"../testdata/fine/failed_provider.rvl", "fine", 1},
	}
	for _, tc := range cases {
		t.Run(filepath.Base(tc.file)+"/"+tc.atoms, func(t *testing.T) {
			file, err := filepath.Abs(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			cliClasses, cliFailures := cliExhaustive(t, revl, file, tc.atoms)
			if len(cliFailures) != tc.failures {
				t.Fatalf("revl test --exhaustive: %d distinct failures %+v, want %d", len(cliFailures), cliFailures, tc.failures)
			}
			for _, f := range cliFailures {
				if f.Choices == nil {
					t.Fatalf("revl test --exhaustive: failure %+v has no vector", f)
				}
			}
			dapClasses, dapFailures := dapExhaustive(t, file, tc.atoms)
			if got, want := mustJSON(dapClasses), mustJSON(cliClasses); string(got) != string(want) {
				t.Errorf("failing classes:\n dap %s\n cli %s", got, want)
			}
			if got, want := mustJSON(dapFailures), mustJSON(cliFailures); string(got) != string(want) {
				t.Errorf("distinct failures:\n dap %s\n cli %s", got, want)
			}

			c := newTestClient(t, Options{})
			c.initialize(false, "")
			var res ProveSchedulesResult
			c.mustCall("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdProveSchedules,
				Arguments: []any{ProveSchedulesArgs{Program: file, Atoms: tc.atoms}}}, &res)
			var lspFailures []shownFailure
			for _, f := range res.Failures {
				lspFailures = append(lspFailures, shownFailure{Classes: f.Classes, Choices: f.Choices})
			}
			var cliShown []shownFailure
			for _, f := range cliFailures {
				cliShown = append(cliShown, shownFailure{Classes: f.Classes, Choices: f.Choices})
			}
			if got, want := mustJSON(lspFailures), mustJSON(cliShown); string(got) != string(want) {
				t.Errorf("distinct failures:\n lsp %s\n cli %s", got, want)
			}
			if n := len(cliClasses); res.Exhaustive.Classes < n || (n > 0) != (len(res.Failures) > 0) {
				t.Errorf("lsp report %+v with %d failures; the cli has %d failing classes", res.Exhaustive, len(res.Failures), n)
			}
		})
	}
}
