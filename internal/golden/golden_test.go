package golden

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestFirstDiff(t *testing.T) {
	for _, tc := range []struct{ want, got, diff string }{
		{"a\nb\nc", "a\nx\nc", "line 2:\n  want: b\n  got:  x"},
		{"a\nb", "a\nb\nc", "line 3:\n  want: \n  got:  c"},
		{"a", "a", "(no line differs)"},
	} {
		if d := FirstDiff(tc.want, tc.got); d != tc.diff {
			t.Errorf("FirstDiff(%q, %q) = %q, want %q", tc.want, tc.got, d, tc.diff)
		}
	}
}

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Errorf(f string, a ...any) { r.errors = append(r.errors, f) }
func (r *recorder) Fatalf(f string, a ...any) { r.errors = append(r.errors, f) }
func (r *recorder) Fatal(a ...any)            { r.errors = append(r.errors, "fatal") }

func TestCheckWritesThenCompares(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "x.golden")
	Check(t, path, "one\ntwo\n", true)
	Check(t, path, "one\ntwo\n", false)
	r := &recorder{TB: t}
	Check(r, path, "one\nthree\n", false)
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "differs") {
		t.Fatalf("a changed output reported %v, want one mismatch", r.errors)
	}
}
