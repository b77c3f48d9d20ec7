package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/internal/verdict"
)

// TestCommandsKeepVerdicts checks that a command that checks a file clean
// keeps the verdict on its bytes (internal/verdict), so that the
// debugger's next launch of them is header-first (docs/dap.md): revl check
// and revl test, and neither for a file with an error, one too small to be
// worth a verdict, or with the cache off.
func TestCommandsKeepVerdicts(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, src []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	wide := gen.Source(gen.Wide(2500))
	if !verdict.Useful(len(wide)) {
		t.Fatalf("gen.Wide(2500) is %d bytes, not a size verdicts are kept for", len(wide))
	}
	// The same composition with one component requiring a service nobody
	// declares: an error the checker reports (E-unknown-service).
	broken := append(bytes.Clone(wide), "\ncomponent Broken requires k: NoSuchService { }\n"...)
	small, err := os.ReadFile("../../examples/two-consumers.rvl")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		args  []string // the file's path is appended
		src   []byte
		cache string // "" for the test's cache
		exit  int
		kept  bool
	}{
		{"check, clean", []string{"check"}, wide, "", exitOK, true},
		{"test, clean", []string{"test", "--schedule-seeds", "1"}, append(bytes.Clone(wide), "\n// test\n"...), "", -1, true},
		{"check, an error", []string{"check"}, broken, "", exitFindings, false},
		{"check, small", []string{"check"}, small, "", exitOK, false},
		{"check, cache off", []string{"check"}, append(bytes.Clone(wide), "\n// off\n"...), "off", exitOK, false},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cache := t.TempDir()
			if c.cache != "" {
				cache = c.cache
			}
			t.Setenv(verdict.EnvCache, cache)
			path := write(filepath.Base(t.Name())+string(rune('a'+i))+".rvl", c.src)
			var stderr bytes.Buffer
			code := run(append(c.args, path), io.Discard, &stderr)
			if c.exit >= 0 && code != c.exit {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, c.exit, stderr.String())
			}
			if code == exitUsage {
				t.Fatalf("exit %d (usage or I/O); stderr:\n%s", code, stderr.String())
			}
			if got := verdict.Known(c.src); got != c.kept {
				t.Errorf("verdict kept: %v, want %v", got, c.kept)
			}
			if c.cache == "off" {
				if _, err := os.Stat(filepath.Join(cache, "checked")); !os.IsNotExist(err) {
					t.Errorf("REVL_CACHE=off made a cache directory (%v)", err)
				}
			}
		})
	}
}
