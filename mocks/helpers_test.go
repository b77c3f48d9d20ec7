package mocks

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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
	path := filepath.Join(fixtures, name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (run go test -update after checking the change):\n%s", name, firstDiff(string(want), got))
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + a + "\n  got:  " + b
		}
	}
	return "(no line differs)"
}
