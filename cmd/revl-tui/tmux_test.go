package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"revl.dev/debug/runtime/seam"
)

// TestTmux runs the built binary in a real terminal (tmux, Debian package
// tmux), types keys and reads the screen: the acceptance story at
// 100x30 without colour, then the help, a resize to 80x24 and q.
func TestTmux(t *testing.T) {
	tm := startTmux(t, 100, 30, "env NO_COLOR=1 {bin} examples/two-consumers.rvl --seed 3")
	tm.waitFor(`B's log.write("B up") overtook A's log.write("A up")`)
	tm.waitFor("decision  0  1  2  3  4  5")
	tm.keys("Left")
	tm.waitFor("decision 0 (1st of 6) · activate(Sink)")
	tm.keys("y")
	screen := tm.waitFor("copied: revl test examples/two-consumers.rvl --choices 0,1,1,0,0,0")
	if strings.Contains(screen, "\x1b") {
		t.Errorf("escape sequences on the captured screen")
	}
	tm.keys("?")
	tm.waitFor("next statement")
	tm.keys("Right")
	tm.waitFor("ready @0")
	tm.resize(80, 24)
	screen = tm.waitFor("→ step  ← back")
	for i, l := range strings.Split(strings.TrimRight(screen, "\n"), "\n") {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("line %d is %d cells wide after the resize to 80: %q", i, n, l)
		}
	}
	tm.keys("q")
	if st := tm.exitStatus(); st != "0" {
		t.Errorf("exit status %s", st)
	}
}

// TestTmuxDiagnostics: a program with errors shows them with positions
// and exits 1 after q, printing them.
func TestTmuxDiagnostics(t *testing.T) {
	tm := startTmux(t, 100, 30, "{bin} cmd/revl-tui/testdata/bad.rvl")
	tm.waitFor("cmd/revl-tui/testdata/bad.rvl:3:13: expected '{' after component name")
	tm.keys("q")
	if st := tm.exitStatus(); st != "1" {
		t.Errorf("exit status %s, want 1", st)
	}
}

type tmux struct {
	t      *testing.T
	bin    string
	sock   string
	status string // the file the exit status is written to
}

// startTmux builds revl-tui, starts it in a detached w×h tmux session on
// a socket of its own, from the module root, and kills the server at the
// end.
func startTmux(t *testing.T, w, h int, command string) *tmux {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: skipping the terminal test")
	}
	bin, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed (Debian: apt-get install tmux): skipping the terminal test")
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "revl-tui")
	build := exec.Command("go", "build", "-o", exe, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tm := &tmux{t: t, bin: bin, sock: "revl-tui-test-" + strconv.Itoa(os.Getpid()) + "-" + strings.ReplaceAll(t.Name(), "/", "-")}
	t.Cleanup(func() { exec.Command(bin, "-L", tm.sock, "kill-server").Run() })
	// The shell writes the exit status to a file: tmux's
	// #{pane_dead_status} is sometimes empty when the pane's pty closes
	// before the child is reaped.
	tm.status = filepath.Join(dir, "status")
	shell := strings.ReplaceAll(command, "{bin}", exe) + "; echo $? > " + tm.status
	tm.run("new-session", "-d", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), "-s", "t", "-c", root, shell)
	tm.run("set-option", "-t", "t", "remain-on-exit", "on")
	return tm
}

func (tm *tmux) run(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command(tm.bin, append([]string{"-L", tm.sock}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (tm *tmux) keys(keys ...string) {
	tm.t.Helper()
	tm.run(append([]string{"send-keys", "-t", "t"}, keys...)...)
}

func (tm *tmux) resize(w, h int) {
	tm.t.Helper()
	tm.run("resize-window", "-t", "t", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h))
}

func (tm *tmux) capture() string {
	tm.t.Helper()
	return tm.run("capture-pane", "-p", "-t", "t")
}

// poll calls cond every 50ms for up to 20s and returns whether it held.
func poll(cond func() bool) bool {
	clock := seam.SystemClock{}
	deadline := clock.Now().Add(20 * time.Second)
	for {
		if cond() {
			return true
		}
		if clock.Now().After(deadline) {
			return false
		}
		clock.Sleep(50 * time.Millisecond)
	}
}

// waitFor waits until the screen shows s and returns the screen.
func (tm *tmux) waitFor(s string) string {
	tm.t.Helper()
	var screen string
	if !poll(func() bool { screen = tm.capture(); return strings.Contains(screen, s) }) {
		tm.t.Fatalf("the screen never showed %q; it shows:\n%s", s, screen)
	}
	return screen
}

// exitStatus waits for the program to exit and returns its status.
func (tm *tmux) exitStatus() string {
	tm.t.Helper()
	var st []byte
	if !poll(func() bool {
		b, err := os.ReadFile(tm.status)
		st = b
		return err == nil && len(b) > 0 && b[len(b)-1] == '\n'
	}) {
		tm.t.Fatalf("the program did not exit; screen:\n%s", tm.capture())
	}
	return strings.TrimSpace(string(st))
}
