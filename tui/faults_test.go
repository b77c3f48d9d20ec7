package tui

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/timeline"
)

// TestFaultedTraceFork: a trace recorded with faults forks in a world
// that offers them (the fork's decision 2 is still crash(Db) when it picks
// choice 1 there) and its replay command carries --max-faults.
func TestFaultedTraceFork(t *testing.T) {
	src, err := os.ReadFile("../testdata/schedule/undo_through_crashed.rvl")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := timeline.Record(&buf, timeline.Config{Program: "app.rvl", Source: src, Choices: []int{0, 0, 2}, MaxFaults: 1, Recorder: "test"}); err != nil {
		t.Fatal(err)
	}
	s := openBytes(t, buf.Bytes(), "app.rvt")
	if cmd := s.ReplayCommand(); !strings.Contains(cmd, "--max-faults 1 --choices 0,0,2") {
		t.Errorf("replay command %q", cmd)
	}
	f, err := s.Fork(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	d, err := f.tl.Decision(2)
	if err != nil {
		t.Fatal(err)
	}
	if d.Atom != "crash(Db)" {
		t.Errorf("the fork's decision 2 is %s, want crash(Db)", d.Atom)
	}
}

// TestLoadWithFaults: revl-tui --max-faults opens the vector of a revl
// test --faults failure with its fault decision, a crash(F) or a
// fail@F:N, with lifecycle or fine atoms; without the bound the same
// vector is another schedule. A fork keeps the faults' world: its
// fail@ choices keep their meaning.
func TestLoadWithFaults(t *testing.T) {
	for _, tc := range []struct {
		file      string
		atoms     runtime.AtomMode
		choices   []int
		maxFaults int
		at        int
		atom      string
	}{
		{"../testdata/schedule/undo_through_crashed.rvl", runtime.AtomsLifecycle, []int{0, 0, 1, 0}, 1, 2, "crash(Db)"},
		{"../testdata/schedule/undo_through_crashed.rvl", runtime.AtomsLifecycle, []int{0, 0, 1, 0}, 0, 2, "teardown(App)"},
		{"../testdata/faults/schedules/failpath_undo.rvl", runtime.AtomsLifecycle, []int{0, 2, 0}, 1, 1, "fail@Migrator:1"},
		{"../testdata/faults/schedules/failpath_undo.rvl", runtime.AtomsLifecycle, []int{0, 2, 0}, 0, 1, "activate(Migrator)"},
		{"../testdata/fine/failed_provider.rvl", runtime.AtomsFine, []int{3, 1, 0, 0, 0}, 1, 0, "fail@Cache:3"},
	} {
		src, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		s, _, err := LoadProgram("app.rvl", src, Schedule{Choices: tc.choices}, LoadOptions{MaxFaults: tc.maxFaults, Atoms: tc.atoms})
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.tl.Decision(tc.at)
		if err != nil {
			t.Fatal(err)
		}
		if d.Atom != tc.atom {
			t.Errorf("%s maxFaults %d: decision %d is %s, want %s", tc.file, tc.maxFaults, tc.at, d.Atom, tc.atom)
		}
		if tc.maxFaults == 0 {
			continue
		}
		if cmd := s.ReplayCommand(); !strings.Contains(cmd, "--max-faults 1") {
			t.Errorf("replay command %q", cmd)
		}
		// Fork onto the next choice at the fault's decision: the world
		// still offers the fault choices (a fail@ after a fail@ is the next
		// step, a crash the next fault).
		f, err := s.Fork(tc.at, d.Chosen+1)
		if err != nil {
			t.Fatal(err)
		}
		fd, err := f.tl.Decision(tc.at)
		if err != nil {
			t.Fatal(err)
		}
		if fd.Chosen != d.Chosen+1 || fd.Ready[fd.Chosen].Label != fd.Atom || !strings.Contains(fd.Atom, "@") && !strings.HasPrefix(fd.Atom, "crash(") {
			t.Errorf("%s: the fork's decision %d is %s (choice %d), want a fault", tc.file, tc.at, fd.Atom, fd.Chosen)
		}
	}
}
