package mocks

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	goldenfile "revl.dev/debug/internal/golden"
	"revl.dev/debug/runtime/check"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/mocks")

// fixtures holds the .rvl programs and goldens of these tests (the
// module's testdata/mocks).
const fixtures = "../testdata/mocks"

// load parses and checks a fixture, failing on any error diagnostic.
func load(t testing.TB, name string) *check.Program {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(fixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	return source(t, name, string(src))
}

func source(t testing.TB, name, src string) *check.Program {
	t.Helper()
	p, diags := check.Source(name, []byte(src))
	if check.HasErrors(diags) {
		var b strings.Builder
		for _, d := range diags {
			b.WriteString(d.Error() + "\n")
		}
		t.Fatalf("%s does not check:\n%s", name, b.String())
	}
	return p
}

// golden compares got with the golden file name, or rewrites it with
// -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join(fixtures, name), got, *update)
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got string) string { return goldenfile.FirstDiff(want, got) }
