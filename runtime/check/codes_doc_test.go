package check

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestCodesDocumented keeps docs/diagnostics.md and the package doc in step
// with the codes the checker can actually report: a code users see but
// cannot look up is a bug, and so is a documented code nothing reports.
func TestCodesDocumented(t *testing.T) {
	code := regexp.MustCompile(`"([EW]-[a-z][a-z-]*[a-z])"`)
	used := map[string]bool{}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range code.FindAllStringSubmatch(string(b), -1) {
			used[m[1]] = true
		}
	}
	if len(used) < 30 {
		t.Fatalf("found only %d codes in the checker's source; the pattern is stale", len(used))
	}
	docs, err := os.ReadFile("../../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	pkgDoc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	//seam:unordered missing is sorted below
	for c := range used {
		if !strings.Contains(string(docs), c+" ") || !strings.Contains(string(pkgDoc), c+" ") {
			missing = append(missing, c)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("codes reported but not documented in docs/diagnostics.md and doc.go: %v", missing)
	}
	listed := regexp.MustCompile(`(?m)^\s+([EW]-[a-z-]+)\s`)
	for _, m := range listed.FindAllStringSubmatch(string(docs), -1) {
		if !used[m[1]] {
			t.Errorf("docs/diagnostics.md lists %s, which the checker never reports", m[1])
		}
	}
}
