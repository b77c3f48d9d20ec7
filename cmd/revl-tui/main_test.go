package main

import (
	"bytes"
	"encoding/base64"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/tui"
)

func TestParseArgs(t *testing.T) {
	ok := []struct {
		args []string
		want config
	}{
		{[]string{"a.rvl"}, config{file: "a.rvl"}},
		{[]string{"a.rvl", "--seed", "7"}, config{file: "a.rvl", sched: tui.Schedule{Seeded: true, Seed: 7}, hasSched: true}},
		{[]string{"--seed=7", "a.rvl"}, config{file: "a.rvl", sched: tui.Schedule{Seeded: true, Seed: 7}, hasSched: true}},
		{[]string{"a.rvl", "--choices", "[0, 1, 0]"}, config{file: "a.rvl", sched: tui.Schedule{Choices: []int{0, 1, 0}}, hasSched: true}},
		{[]string{"a.rvl", "--explore", "40", "--no-mouse"}, config{file: "a.rvl", explore: 40, noMouse: true}},
		{[]string{"t.rvt", "--max-decisions", "9"}, config{file: "t.rvt", maxDec: 9}},
		{[]string{"a.rvl", "--config", "Store.url=pg://x", "--config=Store.size=3"}, config{file: "a.rvl",
			config: []runtime.ConfigValue{{Component: "Store", Field: "url", Text: "pg://x"}, {Component: "Store", Field: "size", Text: "3"}}}},
		{[]string{"a.rvl", "--atoms", "fine", "--max-fires", "2"}, config{file: "a.rvl", atoms: runtime.AtomsFine, maxFires: 2}},
		{[]string{"a.rvl", "--atoms", "lifecycle"}, config{file: "a.rvl"}},
		{[]string{"a.rvl", "--choices", "0,0,1,0", "--max-faults", "1"}, config{file: "a.rvl", sched: tui.Schedule{Choices: []int{0, 0, 1, 0}}, hasSched: true, maxFaults: 1}},
		// As revl test --atoms fine --faults prints its debug line.
		{[]string{"a.rvl", "--choices", "3,1", "--max-faults", "1", "--atoms", "fine"}, config{file: "a.rvl", sched: tui.Schedule{Choices: []int{3, 1}}, hasSched: true, maxFaults: 1, atoms: runtime.AtomsFine}},
	}
	for _, c := range ok {
		got, err := parseArgs(c.args)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("parseArgs(%q) = %+v, %v; want %+v", c.args, got, err, c.want)
		}
	}
	bad := [][]string{
		{},
		{"a.rvl", "b.rvl"},
		{"a.rvl", "--seed", "x"},
		{"a.rvl", "--seed", "1", "--choices", "0"},
		{"a.rvl", "--choices", "0,-1"},
		{"a.rvl", "--choices", ""},
		{"a.rvl", "--explore", "3", "--seed", "1"},
		{"a.rvl", "--explore", "-1"},
		{"t.rvt", "--seed", "1"},
		{"a.rvl", "--bogus"},
		{"a.rvl", "--explore", "0"},
		{"a.rvl", "--max-decisions", "0"},
		{"a.rvl", "--max-decisions", "-4"},
		{"a.rvl", "--choices", "0,,1"},
		{"a.rvl", "--config", "url=x"},
		{"a.rvl", "--atoms", "coarse"},
		{"a.rvl", "--max-fires", "2"},
		{"a.rvl", "--atoms", "fine", "--max-fires", "0"},
		{"t.rvt", "--atoms", "fine"},
		{"a.rvl", "--max-faults", "0"},
		{"t.rvt", "--max-faults", "1"},
	}
	for _, args := range bad {
		if _, err := parseArgs(args); err == nil {
			t.Errorf("parseArgs(%q) accepted", args)
		}
	}
}

// TestParseArgsMessages: each refusal names the flag and what is wrong.
func TestParseArgsMessages(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"a.rvl", "--explore", "0"}, "--explore must be at least 1 (seeds 1..N are swept), got 0"},
		{[]string{"a.rvl", "--max-decisions", "-4"}, "--max-decisions must be at least 1, got -4"},
		{[]string{"a.rvl", "--choices", "0,,1"}, "--choices: element 2 is empty"},
		{[]string{"a.rvl", "--choices", ""}, "--choices: empty: want a comma-separated list of indices, e.g. 0,1,0 (0 alone is the canonical run)"},
		// The alphabet's flags, refused by the checker revl test and revl
		// trace record use, in its words (internal/flagcheck).
		{[]string{"a.rvl", "--atoms", "coarse"}, `--atoms "coarse": want lifecycle or fine`},
		{[]string{"a.rvl", "--max-fires", "2"}, "--max-fires needs --atoms fine (lifecycle schedules fire no timer)"},
		{[]string{"a.rvl", "--atoms", "fine", "--max-fires", "0"}, "--max-fires must be 1 or more, got 0"},
	} {
		if _, err := parseArgs(c.args); err == nil || err.Error() != c.want {
			t.Errorf("parseArgs(%q) = %v, want %q", c.args, err, c.want)
		}
	}
}

// TestRunWithoutTerminal: with standard output a file (a pipe, a
// redirect), revl-tui says it needs a terminal and writes no escape codes.
func TestRunWithoutTerminal(t *testing.T) {
	for _, which := range []string{"stdin", "stdout"} {
		f, err := os.CreateTemp(t.TempDir(), "out")
		if err != nil {
			t.Fatal(err)
		}
		var in io.Reader = strings.NewReader("q")
		var out io.Writer = new(bytes.Buffer)
		if which == "stdin" {
			in = f
		} else {
			out = f
		}
		var errb bytes.Buffer
		code := run([]string{"../../examples/two-consumers.rvl"}, in, out, &errb)
		f.Close()
		written, _ := os.ReadFile(f.Name())
		wantName := map[string]string{"stdin": "standard input", "stdout": "standard output"}[which]
		if code != exitUsage || !strings.HasPrefix(errb.String(), "revl-tui: needs a terminal: "+wantName+" is not one") {
			t.Errorf("%s a file: exit %d, stderr %q", which, code, errb.String())
		}
		if bytes.Contains(written, []byte("\x1b")) || bytes.Contains(errb.Bytes(), []byte("\x1b")) {
			t.Errorf("%s a file: escape codes written", which)
		}
	}
}

func TestRunUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"--help"}, strings.NewReader(""), &out, &errb); code != exitOK || !strings.Contains(out.String(), "usage: revl-tui") {
		t.Errorf("--help: exit %d, %q", code, out.String())
	}
	out.Reset()
	if code := run([]string{"a.rvl", "b.rvl"}, strings.NewReader(""), &out, &errb); code != exitUsage || !strings.Contains(errb.String(), "exactly one") {
		t.Errorf("two files: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"testdata/missing.rvl"}, strings.NewReader(""), &out, &errb); code != exitUsage || !strings.Contains(errb.String(), "missing.rvl") {
		t.Errorf("missing file: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"testdata/missing.rvt"}, strings.NewReader(""), &out, &errb); code != exitUsage || !strings.Contains(errb.String(), "missing.rvt") {
		t.Errorf("missing trace: exit %d, %q", code, errb.String())
	}
}

// TestRunInProcess drives the whole command without a terminal: input
// from a reader, output to a buffer.
func TestRunInProcess(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	var out, errb bytes.Buffer
	code := run([]string{"../../examples/two-consumers.rvl", "--seed", "3", "--no-mouse"}, &slowReader{s: "hyq"}, &out, &errb)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	cmd := "revl test ../../examples/two-consumers.rvl --choices 0,1,1,0,0,0"
	if osc := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(cmd)) + "\a"; !strings.Contains(out.String(), osc) {
		t.Errorf("no OSC 52 copy of %q in the output", cmd)
	}

	// With fine atoms the copied command keeps the alphabet.
	out.Reset()
	code = run([]string{"../../testdata/fine/failed_provider.rvl", "--atoms", "fine", "--choices", "0,1", "--no-mouse"}, &slowReader{s: "yq"}, &out, &errb)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	cmd = "revl test ../../testdata/fine/failed_provider.rvl --atoms fine --choices 0,1,0,0,0"
	if osc := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(cmd)) + "\a"; !strings.Contains(out.String(), osc) {
		t.Errorf("no OSC 52 copy of %q in the output", cmd)
	}

	// The debug line of a revl test --atoms fine --faults failure with a
	// fail@F:N opens, and the copied command replays the same vector.
	out.Reset()
	code = run([]string{"../../testdata/fine/failed_provider.rvl", "--choices", "3,1,0,0,0", "--max-faults", "1", "--atoms", "fine", "--no-mouse"},
		&slowReader{s: "yq"}, &out, &errb)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	cmd = "revl test ../../testdata/fine/failed_provider.rvl --max-faults 1 --atoms fine --choices 3,1,0,0,0"
	if osc := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(cmd)) + "\a"; !strings.Contains(out.String(), osc) {
		t.Errorf("no OSC 52 copy of %q in the output", cmd)
	}

	out.Reset()
	code = run([]string{"testdata/bad.rvl", "--no-mouse"}, &slowReader{s: "q"}, &out, &errb)
	if code != exitFindings || !strings.Contains(errb.String(), "testdata/bad.rvl:3:13: expected '{' after component name") {
		t.Errorf("bad program: exit %d, stderr %q", code, errb.String())
	}
}

// slowReader gives one byte per read, as a person types: bubbletea reads
// a chunk of runes as one key message.
type slowReader struct{ s string }

func (r *slowReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = r.s[0]
	r.s = r.s[1:]
	return 1, nil
}
