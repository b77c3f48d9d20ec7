package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"revl.dev/debug/runtime/format"
)

// messyWorkedExample is the worked example of spec §6, written carelessly
// so that formatting has something to do. B's emit is on line 6 (0-based
// 5), starting at UTF-16 column 32.
const messyWorkedExample = `// The worked example, with « non-ASCII » text before the finding.
service Log {emission fn write(line:Str)}

component Sink provides log: Log { provide log { fn write(line) { } } }
component A requires log: Log { emit log.write("A up") }
component B requires log: Log { emit log.write("B up") }
`

// TestNeovim runs revl-lsp under a client nobody here wrote: Neovim's
// built-in LSP client, headless, driven by testdata/nvim/client.lua. The
// client opens the worked example, gets diagnostics, a hover and a
// definition, saves (the server sweeps schedules on save) and receives the
// `unstable` finding on B's emit, then formats the buffer by applying the
// server's edits itself. Last it types two lines above every declaration,
// which the server's parse copies two lines down instead of parsing them
// again, and asks a definition on the moved text.
//
// It needs Neovim 0.7 or later (`apt-get install -y neovim`) and skips
// when `nvim` is not on PATH.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is not installed (apt-get install -y neovim): skipping the real-client test")
	}
	if testing.Short() {
		t.Skip("-short: skipping the real-client test")
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 2*timeout)
	defer cancel()
	bin := filepath.Join(dir, "revl-lsp")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "revl.dev/debug/cmd/revl-lsp")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building revl-lsp: %v\n%s", err, out)
	}
	file := filepath.Join(dir, "two-consumers.rvl")
	if err := os.WriteFile(file, []byte(messyWorkedExample), 0o644); err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs("testdata/nvim/client.lua")
	if err != nil {
		t.Fatal(err)
	}
	// After formatting, the client types two lines at the top: `Log` in
	// B's requires, and the service's name, are then two lines further down.
	want, err := format.Source("two-consumers.rvl", []byte(messyWorkedExample))
	if err != nil {
		t.Fatal(err)
	}
	useLine, useCol := lineCol(t, string(want), "component B requires log: ")
	declLine, declCol := lineCol(t, string(want), "service ")
	outFile := filepath.Join(dir, "out.json")
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"REVL_LSP="+bin, "REVL_FILE="+file, "REVL_OUT="+outFile,
		"REVL_HOVER=5:43", // `write` in B's emit
		"REVL_DEF=5:27",   // `Log` in B's requires
		fmt.Sprintf("REVL_DEF_MOVED=%d:%d", useLine+2, useCol),
		"XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_CONFIG_HOME="+dir, "XDG_CACHE_HOME="+dir,
	)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, out)
	}
	raw, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatalf("nvim wrote no results: %v", err)
	}
	var res struct {
		Error   string `json:"error"`
		Initial struct {
			Diagnostics []map[string]any `json:"diagnostics"`
		} `json:"initial"`
		Hover struct {
			Contents struct{ Value string } `json:"contents"`
		} `json:"hover"`
		Definition []struct {
			URI   string `json:"uri"`
			Range struct {
				Start struct{ Line, Character int } `json:"start"`
			} `json:"range"`
		} `json:"definition"`
		Finding struct {
			Lnum    int    `json:"lnum"`
			Col     int    `json:"col"`
			Message string `json:"message"`
			Source  string `json:"source"`
		} `json:"finding"`
		Lenses     []map[string]any `json:"lenses"`
		Formatting []map[string]any `json:"formatting"`
		Formatted  string           `json:"formatted"`
		Moved      struct {
			Diagnostics []map[string]any `json:"diagnostics"`
		} `json:"moved_publish"`
		MovedDefinition []struct {
			Range struct {
				Start struct{ Line, Character int } `json:"start"`
			} `json:"range"`
		} `json:"moved_definition"`
		Stopped bool `json:"stopped"`
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatalf("results: %v\n%s", err, raw)
	}
	if res.Error != "" {
		t.Fatalf("the Lua client failed: %s\n%s", res.Error, raw)
	}
	if n := len(res.Initial.Diagnostics); n != 0 {
		t.Errorf("%d diagnostics on open, want none: %v", n, res.Initial.Diagnostics)
	}
	if !strings.Contains(res.Hover.Contents.Value, "emission fn write(line: Str)") {
		t.Errorf("hover = %q", res.Hover.Contents.Value)
	}
	if len(res.Definition) != 1 || res.Definition[0].Range.Start.Line != 1 || res.Definition[0].Range.Start.Character != 8 {
		t.Errorf("definition = %+v, want the service name at 1:8", res.Definition)
	}
	finding := res.Finding
	if finding.Source != "revl schedule" {
		t.Errorf("finding source = %q", finding.Source)
	}
	if finding.Lnum != 5 || finding.Col != 32 || !strings.Contains(finding.Message, "[0, 1, 0, 0, 0, 0]") {
		t.Errorf("schedule finding = %+v, want line 5 col 32 with the vector [0, 1, 0, 0, 0, 0]", finding)
	}
	debugLens, faultLens, fineLens := false, false, false
	for _, l := range res.Lenses {
		cmd, ok := l["command"].(map[string]any)
		if !ok {
			continue
		}
		title, _ := cmd["title"].(string)
		switch {
		case title == "debug [0,1,0,0,0,0]" && cmd["command"] == cmdDebugSchedule:
			debugLens = true
		case strings.HasSuffix(title, "schedules with faults") && cmd["command"] == cmdRunSchedules:
			faultLens = true
		case strings.Contains(title, "fine-grained"):
			fineLens = true
		}
	}
	if !debugLens {
		t.Errorf("no debug lens among %v", res.Lenses)
	}
	// The worked example has no await and no timer: no fine lens, but the fault sweep's.
	if !faultLens || fineLens {
		t.Errorf("fault lens %v (want true), fine lens %v (want false) among %v", faultLens, fineLens, res.Lenses)
	}
	if len(res.Formatting) == 0 || res.Formatted != string(want) {
		t.Errorf("the buffer after Neovim applied the formatting edits:\n%s\nwant:\n%s", res.Formatted, want)
	}
	if n := len(res.Moved.Diagnostics); n != 0 {
		t.Errorf("%d diagnostics after two comment lines were typed at the top, want none: %v", n, res.Moved.Diagnostics)
	}
	if d := res.MovedDefinition; len(d) != 1 || d[0].Range.Start.Line != declLine+2 || d[0].Range.Start.Character != declCol {
		t.Errorf("definition after the edit = %+v, want the service name moved to %d:%d", d, declLine+2, declCol)
	}
	if !res.Stopped {
		t.Error("the server did not stop when the client asked")
	}
}

// lineCol is the 0-based line and byte column just after the first
// occurrence of prefix in text: the LSP position there when the line is
// ASCII up to it (its bytes are then its UTF-16 units).
func lineCol(t *testing.T, text, prefix string) (int, int) {
	t.Helper()
	i := strings.Index(text, prefix)
	if i < 0 {
		t.Fatalf("%q is not in the text", prefix)
	}
	i += len(prefix)
	line := strings.Count(text[:i], "\n")
	return line, i - (strings.LastIndex(text[:i], "\n") + 1)
}
