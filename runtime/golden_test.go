package runtime

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGolden runs every program under testdata/runtime: the atoms its
// `// atoms:` header lists, then each of its tests, and compares the whole
// event log and end state with NAME.golden.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(goldenDir, "*.rvl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs in %s: %v", goldenDir, err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".rvl")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			opts := parseOptions(t, header(string(src), "options"))
			if script := header(string(src), "atoms"); script != "" {
				m, evs := machineNamed(t, name+".rvl", string(src), opts)
				outcomes := runAtoms(t, m, parseAtoms(t, script))
				b.WriteString(report(m, *evs, outcomes))
			}
			prog := program(t, name+".rvl", string(src))
			for _, r := range RunTests(prog, opts) {
				status := "passed"
				if !r.Passed {
					status = "FAILED: " + r.Message
				}
				fmt.Fprintf(&b, "== %s %q %s\n", r.Kind, r.Name, status)
				b.WriteString(eventLines(r.Events))
			}
			golden(t, name+".golden", b.String())
		})
	}
}
