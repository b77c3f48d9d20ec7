package verdict

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRecordKnownForget(t *testing.T) {
	t.Setenv(EnvCache, t.TempDir())
	a, b := []byte("component A { }\n"), []byte("component B { }\n")
	if Known(a) {
		t.Fatal("an empty cache knows a source")
	}
	if err := Record(a); err != nil {
		t.Fatal(err)
	}
	if !Known(a) || Known(b) {
		t.Fatalf("after recording a: Known(a) = %v, Known(b) = %v", Known(a), Known(b))
	}
	if err := Forget(a); err != nil {
		t.Fatal(err)
	}
	if Known(a) {
		t.Fatal("a forgotten verdict is still known")
	}
	if err := Forget(a); err != nil {
		t.Fatalf("forgetting twice: %v", err)
	}
}

// TestOff: REVL_CACHE=off keeps nothing and writes nothing.
func TestOff(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", home)
	t.Setenv("HOME", home)
	t.Setenv(EnvCache, "off")
	src := []byte("component A { }\n")
	if err := Record(src); err != nil {
		t.Fatal(err)
	}
	if Known(src) {
		t.Fatal("the cache is off, yet a verdict is known")
	}
	entries, _ := os.ReadDir(home)
	if len(entries) != 0 {
		t.Fatalf("the cache is off, yet %s holds %d entries", home, len(entries))
	}
}

// TestDefaultDir: without REVL_CACHE the verdicts go under the user's
// cache directory.
func TestDefaultDir(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", home)
	t.Setenv(EnvCache, "")
	src := []byte("component A { }\n")
	if err := Record(src); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(home, "revl", "checked", "*", "*"))
	if len(files) != 1 || !Known(src) {
		t.Fatalf("verdicts under %s: %v, known %v", home, files, Known(src))
	}
}

// TestRecordFails: a cache that cannot be written says so.
func TestRecordFails(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvCache, file) // a file where the directory should be
	if err := Record([]byte("x")); err == nil {
		t.Fatal("recording under a regular file succeeded")
	}
}
