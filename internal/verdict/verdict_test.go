package verdict

import (
	"os"
	"path/filepath"
	"testing"
	"time"
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

// age sets the modification time of file to ago before now.
func age(t *testing.T, file string, ago time.Duration) {
	t.Helper()
	when := clock.Now().Add(-ago)
	if err := os.Chtimes(file, when, when); err != nil {
		t.Fatal(err)
	}
}

func modTime(t *testing.T, file string) time.Time {
	t.Helper()
	fi, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	return fi.ModTime()
}

// TestTrimDropsUnused: a day after the last trim, Record removes the
// verdicts unused for MaxUnused and keeps one that Known used since.
func TestTrimDropsUnused(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(EnvCache, cache)
	unused, used, fresh := []byte("component A { }\n"), []byte("component B { }\n"), []byte("component C { }\n")
	for _, src := range [][]byte{unused, used} {
		if err := Record(src); err != nil {
			t.Fatal(err)
		}
		age(t, path(src), MaxUnused+time.Hour)
	}
	if !Known(used) {
		t.Fatal("a recorded verdict is not known")
	}
	if since := clock.Now().Sub(modTime(t, path(used))); since > usedGrain {
		t.Fatalf("Known left a verdict unused for %v marked as it was", since)
	}
	mark := filepath.Join(cache, "checked", trimMark)
	age(t, mark, trimEvery+time.Hour)
	if err := Record(fresh); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path(unused)); !os.IsNotExist(err) {
		t.Errorf("the verdict unused for %v is still there (stat: %v)", MaxUnused+time.Hour, err)
	}
	if !Known(used) || !Known(fresh) {
		t.Errorf("trim removed a used verdict: Known(used) = %v, Known(fresh) = %v", Known(used), Known(fresh))
	}
	if since := clock.Now().Sub(modTime(t, mark)); since > usedGrain {
		t.Errorf("the trim mark is %v old after a trim", since)
	}
}

// TestTrimOnceADay: within a day of the last trim, Record removes nothing.
func TestTrimOnceADay(t *testing.T) {
	t.Setenv(EnvCache, t.TempDir())
	old, fresh := []byte("component A { }\n"), []byte("component C { }\n")
	if err := Record(old); err != nil { // the cache's first Record trims, and marks it
		t.Fatal(err)
	}
	age(t, path(old), MaxUnused+time.Hour)
	if err := Record(fresh); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path(old)); err != nil {
		t.Fatalf("a trim ran within a day of the last one: %v", err)
	}
}

// TestKnownWritesHourly: Known refreshes a verdict's time only when it is
// more than an hour old, not at every launch.
func TestKnownWritesHourly(t *testing.T) {
	t.Setenv(EnvCache, t.TempDir())
	src := []byte("component A { }\n")
	if err := Record(src); err != nil {
		t.Fatal(err)
	}
	age(t, path(src), 30*time.Minute)
	before := modTime(t, path(src))
	if !Known(src) {
		t.Fatal("a recorded verdict is not known")
	}
	if after := modTime(t, path(src)); !after.Equal(before) {
		t.Fatalf("Known rewrote the time of a verdict used %v ago: %v → %v", 30*time.Minute, before, after)
	}
}
