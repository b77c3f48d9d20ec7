package tui

import (
	"bytes"
	"os"
	"strings"
	"testing"

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
// test --faults failure with its crash decision; without the bound the
// same vector is another schedule.
func TestLoadWithFaults(t *testing.T) {
	src, err := os.ReadFile("../testdata/schedule/undo_through_crashed.rvl")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		maxFaults int
		atom2     string
	}{{1, "crash(Db)"}, {0, "teardown(App)"}} {
		s, _, err := LoadProgram("app.rvl", src, Schedule{Choices: []int{0, 0, 1, 0}}, LoadOptions{MaxFaults: tc.maxFaults})
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.tl.Decision(2)
		if err != nil {
			t.Fatal(err)
		}
		if d.Atom != tc.atom2 {
			t.Errorf("maxFaults %d: decision 2 is %s, want %s", tc.maxFaults, d.Atom, tc.atom2)
		}
	}
}
