package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"revl.dev/debug/runtime/seam"
)

func TestColorEnabled(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		terminal bool
		env      func(string) string
		want     bool
	}{
		{true, env(), true},
		{false, env(), false},
		{true, env("NO_COLOR", "1"), false},
		{true, env("NO_COLOR", "0"), false}, // any value turns colour off (no-color.org)
		{true, env("TERM", "dumb"), false},
		{true, env("TERM", "xterm-256color"), true},
	} {
		if got := colorEnabled(c.terminal, c.env); got != c.want {
			t.Errorf("colorEnabled(%v, NO_COLOR=%q TERM=%q) = %v", c.terminal, c.env("NO_COLOR"), c.env("TERM"), got)
		}
	}
}

// TestColorOutputPlain: not a terminal (a buffer, a pipe, a file) or
// JSON: the writer is the one given, so goldens stay plain.
func TestColorOutputPlain(t *testing.T) {
	var b bytes.Buffer
	if w := colorOutput(&b, false); w != &b {
		t.Error("a buffer got a colouring writer")
	}
	if w := colorOutput(&b, true); w != &b {
		t.Error("JSON got a colouring writer")
	}
}

func TestColorLines(t *testing.T) {
	const (
		red    = "\x1b[31;1m"
		green  = "\x1b[32;1m"
		yellow = "\x1b[33;1m"
		reset  = "\x1b[0m"
	)
	var b bytes.Buffer
	w := &colorWriter{w: &b}
	in := "PASS a\nFAIL b: x\nFAIL seed 3\n  unstable: emission #0 differs\n  replay: revl test a.rvl --choices 0,1\nplain line\npartial"
	w.Write([]byte(in[:7])) // a write that ends mid-line
	w.Write([]byte(in[7:]))
	got := b.String()
	for _, want := range []string{
		green + "PASS" + reset + " a\n",
		red + "FAIL" + reset + " b: x\n",
		red + "FAIL" + reset + " seed 3\n",
		"  " + yellow + "unstable" + reset + ": emission #0 differs\n",
		"  replay: revl test a.rvl --choices 0,1\n",
		"plain line\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%q", want, got)
		}
	}
	if strings.Contains(got, "partial") {
		t.Error("a partial line was written before its newline")
	}
	// Diagnostics: the position bold, the code by severity.
	if got := colorLine("a.rvl:1:2: bad [E-syntax]"); !strings.Contains(got, "\x1b[31m[E-syntax]") || !strings.HasPrefix(got, "\x1b[37;1ma.rvl:1:2:") {
		t.Errorf("diagnostic: %q", got)
	}
	if got := colorLine("a.rvl:1:2: warning: w [W-unprovided]"); !strings.Contains(got, "\x1b[33m[W-unprovided]") {
		t.Errorf("warning: %q", got)
	}
	if got := colorLine("3 passed, 0 failed"); !strings.HasPrefix(got, "\x1b[32m") {
		t.Errorf("totals: %q", got)
	}
}

// TestProgressFromTheStart: on a terminal the status line is drawn when
// a phase starts and at 0 of N seeds when the sweep starts, before any
// seed ends; it is cleared at the end, and nothing is drawn elsewhere.
func TestProgressFromTheStart(t *testing.T) {
	var b bytes.Buffer
	clock := seam.NewVirtualClock()
	p := &progress{w: &b, on: true, clock: clock}
	p.phase("the canonical schedule of 100000 components")
	if got := b.String(); got != "\rrevl test: the canonical schedule of 100000 components  0s " {
		t.Fatalf("phase line %q", got)
	}
	p.finish()
	b.Reset()
	p.sweep(200)
	if got := b.String(); !strings.HasPrefix(got, "\r[") || !strings.Contains(got, "] 0/200 seeds") {
		t.Fatalf("sweep line before the first seed: %q", got)
	}
	clock.Advance(2500 * 1e6)
	p.update(1, 0)
	if got := b.String(); !strings.Contains(got, "1/200 seeds") || !strings.Contains(got, " 2s ") {
		t.Fatalf("after the first seed: %q", got)
	}
	p.finish()
	if !strings.HasSuffix(b.String(), "\r\x1b[K") {
		t.Errorf("line not cleared: %q", b.String())
	}
	var off bytes.Buffer
	q := &progress{w: &off, on: false, clock: clock}
	q.phase("x")
	q.sweep(5)
	q.update(1, 0)
	q.finish()
	if off.Len() != 0 {
		t.Errorf("not a terminal, yet %q", off.String())
	}
}

// TestColorOnATerminal runs the built revl under a pseudo-terminal
// (util-linux script): PASS/FAIL and findings are coloured, the progress
// line is drawn; with NO_COLOR the same run is plain; piped, it is plain.
func TestColorOnATerminal(t *testing.T) {
	scriptCmd, err := exec.LookPath("script")
	if err != nil {
		t.Skip("script is not installed (Debian package util-linux)")
	}
	if testing.Short() {
		t.Skip("builds revl")
	}
	bin := filepath.Join(t.TempDir(), "revl")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	example, _ := filepath.Abs("../../examples/two-consumers.rvl")
	onTTY := func(env ...string) string {
		cmd := exec.Command(scriptCmd, "-qec", bin+" test "+shellQuote(example)+" --schedule-seeds 3", "/dev/null")
		cmd.Env = append(os.Environ(), env...)
		out, _ := cmd.CombinedOutput() // exit 1: the example fails
		return string(out)
	}
	got := onTTY("TERM=xterm", "NO_COLOR=")
	for _, want := range []string{"\x1b[31;1mFAIL\x1b[0m seed", "\x1b[33;1munstable\x1b[0m:", "0/3 seeds"} {
		if !strings.Contains(got, want) {
			t.Errorf("on a terminal, the output lacks %q:\n%q", want, got)
		}
	}
	if plain := onTTY("TERM=xterm", "NO_COLOR=1"); strings.Contains(plain, "\x1b[31;1m") || !strings.Contains(plain, "FAIL seed") {
		t.Errorf("NO_COLOR=1: %q", plain)
	}
	out, _ := exec.Command(bin, "test", example, "--schedule-seeds", "3").CombinedOutput()
	if bytes.Contains(out, []byte("\x1b")) {
		t.Errorf("piped output has escape codes: %q", out)
	}
}
