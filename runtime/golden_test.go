package runtime

import (
	"fmt"
	"strings"
	"testing"
)

// TestGolden runs every program under testdata/runtime: the atoms its
// `// atoms:` header lists, then each of its tests, and compares the whole
// event log and end state with NAME.golden.
func TestGolden(t *testing.T) {
	eachProgram(t, goldenDir, func(t *testing.T, name, src string) {
		var b strings.Builder
		opts := parseOptions(t, header(src, "options"))
		if script := header(src, "atoms"); script != "" {
			m, evs := machineNamed(t, name+".rvl", src, opts)
			outcomes := runAtoms(t, m, parseAtoms(t, script))
			b.WriteString(report(m, *evs, outcomes))
		}
		prog := program(t, name+".rvl", src)
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
