package tui

import (
	"bytes"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/timeline"
)

// TestDoneMeans is the acceptance story at 80x24 without colour:
// the opening screen says that B's emission overtook A's at decision 1
// (the second decision), ← steps back to before it, y shows the command
// that replays it.
func TestDoneMeans(t *testing.T) {
	var clip bytes.Buffer
	tm := teatest.NewTestModel(t, New(seed3(t), Options{Clipboard: &clip}), teatest.WithInitialTermSize(80, 24))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte(`B's log.write("B up") overtook A's log.write("A up")`))
	}, teatest.WithDuration(10*time.Second))
	tm.Send(tea.KeyMsg{Type: tea.KeyLeft})
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'y'}})
	tm.Quit()
	m := tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout)).(*Model)
	if k, _, _ := m.Cursor(); k != 0 {
		t.Errorf("cursor at decision %d after ←, want 0", k)
	}
	const cmd = "revl test examples/two-consumers.rvl --choices 0,1,1,0,0,0"
	if m.Status() != "copied: "+cmd {
		t.Errorf("status %q", m.Status())
	}
	if want := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(cmd)) + "\a"; clip.String() != want {
		t.Errorf("clipboard got %q, want %q", clip.String(), want)
	}
	v := view(t, m)
	for _, want := range []string{"decision 0 (1st of 6) · activate(Sink)", "copied: revl test"} {
		if !strings.Contains(v, want) && !strings.Contains(m.cursorText(), want) {
			t.Errorf("the screen lacks %q:\n%s", want, v)
		}
	}
}

// TestMouse: a click on a lane's cell moves the cursor to that decision
// and fiber; the wheel steps.
func TestMouse(t *testing.T) {
	labelW := 9
	click := func(x, y int) tea.MouseMsg {
		return tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}
	}
	m := run(t, New(seed3(t), Options{}), 80, 24, click(labelW+3*3+1, 6)).(*Model)
	if k, _, lane := m.Cursor(); k != 3 || lane != 1 {
		t.Errorf("after a click on A's lane at decision 3 the cursor is at %d on lane %d", k, lane)
	}
	m = run(t, New(seed3(t), Options{}), 80, 24, click(labelW+4*3, 3)).(*Model)
	if k, _, _ := m.Cursor(); k != 4 {
		t.Errorf("after a click on the ruler at decision 4 the cursor is at %d", k)
	}
	wheel := tea.MouseMsg{X: 40, Y: 12, Action: tea.MouseActionPress, Button: tea.MouseButtonWheelDown}
	m = run(t, New(seed3(t), Options{}), 80, 24, wheel, wheel, click(2, 20)).(*Model)
	if k, _, _ := m.Cursor(); k != 3 {
		t.Errorf("after two wheel steps and a click outside the timeline the cursor is at %d, want 3", k)
	}
	golden.RequireEqual(t, []byte(view(t, m)))
}

// TestGoldenTrace opens a recorded trace.
func TestGoldenTrace(t *testing.T) {
	src, err := os.ReadFile("../examples/two-consumers.rvl")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := timeline.Record(&buf, timeline.Config{Program: "two-consumers.rvl", Source: src, Seeded: true, Seed: 3, Recorder: "test"}); err != nil {
		t.Fatal(err)
	}
	s := openBytes(t, buf.Bytes(), "two-consumers-seed3.rvt")
	m := run(t, New(s, Options{}), 80, 24, keys("left", ".")...)
	golden.RequireEqual(t, []byte(view(t, m)))

	// The same trace from a file.
	path := filepath.Join(t.TempDir(), "seed3.rvt")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := LoadTrace(path, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Len() != 6 || f.Divergence() == nil || f.Divergence().Got == nil || f.Divergence().Got.Decision != 1 || !f.Divergence().Overtook || f.ReplayCommand() != "revl test two-consumers.rvl --choices 0,1,1,0,0,0" {
		t.Errorf("trace file: %d decisions, divergence %+v, command %q", f.Len(), f.Divergence(), f.ReplayCommand())
	}
	if _, err := LoadTrace(filepath.Join(t.TempDir(), "missing.rvt"), LoadOptions{}); err == nil {
		t.Error("a missing trace opened")
	}
}

// TestGoldenFindings opens runs with each kind of finding the scheduler's
// fixtures have and jumps to their first finding.
func TestGoldenFindings(t *testing.T) {
	for _, name := range []string{"residue_leak", "deadlock_failed", "use_after_withdrawal", "unbounded"} {
		t.Run(name, func(t *testing.T) {
			file := "../testdata/schedule/" + name + ".rvl"
			src, err := os.ReadFile(file)
			if err != nil {
				t.Skip(err)
			}
			s, diags, err := LoadProgram(name+".rvl", src, Schedule{Seeded: true, Seed: 1}, LoadOptions{})
			if err != nil || diags != nil {
				t.Fatalf("%v %v", err, diags)
			}
			m := run(t, New(s, Options{}), 100, 30, keys("g", "f")...)
			golden.RequireEqual(t, []byte(view(t, m)))
		})
	}
}

func TestGoldenDiagnostics(t *testing.T) {
	src := []byte("service Log { emission fn write(line: Str) }\ncomponent A requires log: Log {\n  let x = 1\n}\ncomponent B x\n")
	_, diags := check.Source("bad.rvl", src)
	if !check.HasErrors(diags) {
		t.Fatal("the bad program checks")
	}
	m := run(t, NewDiagnostics("bad.rvl", src, diags), 80, 24)
	v := view(t, m)
	if !strings.Contains(v, "bad.rvl:5:") {
		t.Errorf("no position in:\n%s", v)
	}
	golden.RequireEqual(t, []byte(v))
	if _, d, err := LoadProgram("bad.rvl", src, Schedule{}, LoadOptions{}); err != nil || len(d) == 0 {
		t.Errorf("LoadProgram of a bad program: %v, %d diagnostics", err, len(d))
	}
}

// TestExplore sweeps ten seeds, opens the first (failing) one, comes back
// and opens the minimized vector of the same seed.
func TestExplore(t *testing.T) {
	src, err := os.ReadFile("../examples/two-consumers.rvl")
	if err != nil {
		t.Fatal(err)
	}
	prog, _ := check.Source("examples/two-consumers.rvl", src)
	em := NewExplore("examples/two-consumers.rvl", src, prog, 10, LoadOptions{}, Options{})
	tm := teatest.NewTestModel(t, em, teatest.WithInitialTermSize(100, 30))
	out := tm.Output()
	// Each wait reads the output from where the last one stopped, and
	// each waits for what only the key sent after the last wait shows.
	wait := func(s string) {
		t.Helper()
		teatest.WaitFor(t, out, func(b []byte) bool { return bytes.Contains(b, []byte(s)) }, teatest.WithDuration(15*time.Second))
	}
	wait("failing first")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	wait("FAIL unstable")
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	wait("m its minimized")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'m'}})
	wait("choices 0,1,0,0,0,0")
	tm.Quit()
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout)).(*ExploreModel)
	rows := fm.Rows()
	if len(rows) != 10 || !fm.Finished() {
		t.Fatalf("%d rows, finished %v", len(rows), fm.Finished())
	}
	for i := 1; i < len(rows); i++ {
		if !rows[i-1].OK && rows[i].OK {
			continue
		}
		if rows[i-1].OK && !rows[i].OK {
			t.Errorf("row %d passes and row %d fails: failing seeds come first", i-1, i)
		}
	}
	v := fm.Viewer()
	if v == nil {
		t.Fatal("no viewer open")
	}
	if got := schedFlag(v.Session().Choices()); got != "0,1,0,0,0,0" {
		t.Errorf("the minimized vector opened is %s, want the spec's 0,1,0,0,0,0", got)
	}
	// The list, after going back once more.
	fm.Update(BackMsg{})
	golden.RequireEqual(t, []byte(view(t, fm)))
}

func schedFlag(v []int) string {
	parts := make([]string, len(v))
	for i, c := range v {
		parts[i] = itoa(c)
	}
	return strings.Join(parts, ",")
}

// TestExploreProgress renders the sweep half done, without timing: the
// outcomes are fed by hand.
func TestExploreProgress(t *testing.T) {
	em := NewExplore("x.rvl", nil, nil, 4, LoadOptions{}, Options{})
	em.Update(tea.WindowSizeMsg{Width: 80, Height: 12})
	em.Update(seedMsg{row: SeedRow{Seed: 1, OK: true, Choices: []int{0, 0}}, ok: true})
	em.Update(seedMsg{row: SeedRow{Seed: 2, Signature: "unstable@0", Choices: []int{0, 1}, Minimized: []int{0, 1}}, ok: true})
	golden.RequireEqual(t, []byte(view(t, em)))
}

// TestColour renders with colours: every line still fits the width, and
// the marks that stand out are styled.
func TestColour(t *testing.T) {
	lipgloss.SetColorProfile(termenv.ANSI)
	defer lipgloss.SetColorProfile(termenv.Ascii)
	for _, sz := range []struct{ w, h int }{{80, 24}, {140, 36}} {
		m := New(seed3(t), Options{})
		m.Update(tea.WindowSizeMsg{Width: sz.w, Height: sz.h})
		for _, k := range [][]string{nil, {"tab"}, {"tab"}, {"?"}} {
			for _, msg := range keys(k...) {
				m.Update(msg)
			}
			v := m.View()
			if !strings.Contains(v, "\x1b[") {
				t.Fatalf("no styles in the colour view")
			}
			lines := strings.Split(v, "\n")
			if len(lines) != sz.h {
				t.Errorf("%dx%d: %d lines", sz.w, sz.h, len(lines))
			}
			for i, l := range lines {
				if w := ansi.StringWidth(l); w > sz.w {
					t.Errorf("%dx%d: line %d is %d cells wide: %q", sz.w, sz.h, i, w, l)
				}
			}
			if plain := ansi.Strip(v); !strings.Contains(plain, "overtook") {
				t.Errorf("the banner is gone in colour:\n%s", plain)
			}
		}
	}
}

// TestEdges: a run with no decision at all, and a trace cut short, open
// and take every key without failing.
func TestEdges(t *testing.T) {
	src := []byte("service Log { emission fn write(line: Str) }\ncomponent A requires log: Log { emit log.write(\"A up\") }\n")
	empty, diags, err := LoadProgram("empty.rvl", src, Schedule{}, LoadOptions{})
	if err != nil || diags != nil {
		t.Fatalf("%v %v", err, diags)
	}
	if empty.Len() != 0 {
		t.Fatalf("%d decisions, want none", empty.Len())
	}
	all := keys("right", "left", ".", ",", "pgdown", "pgup", "g", "G", "up", "down", "e", "E", "f", "F", "d", "c", "u", "y",
		"/", "up", "enter", "n", "N", "tab", "?", "x")
	m := run(t, New(empty, Options{}), 80, 24, all...)
	golden.RequireEqual(t, []byte(view(t, m)))

	full, err := os.ReadFile("../examples/two-consumers.rvl")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := timeline.Record(&buf, timeline.Config{Program: "two-consumers.rvl", Source: full, Seeded: true, Seed: 3,
		Recorder: "test", RecorderOptions: timeline.RecorderOptions{SegmentSize: 200, CheckpointGap: 400}}); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	cut := data[:len(data)*2/3]
	s, err := OpenTrace(bytes.NewReader(cut), int64(len(cut)), "cut.rvt", LoadOptions{})
	if err != nil {
		t.Skipf("the cut trace does not open (%v): nothing to view", err)
	}
	if s.Summary() != nil {
		t.Fatal("a cut trace has a summary")
	}
	m = run(t, New(s, Options{}), 80, 24, all...)
	v := view(t, m)
	if !strings.Contains(v, "INCOMPLETE TRACE") || !strings.Contains(v, "overtook") {
		t.Errorf("the cut trace is not shown as such:\n%s", v)
	}
}
