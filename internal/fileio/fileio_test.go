package fileio

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "a.rvl")
	if err := os.WriteFile(small, []byte("component A {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.rvl")
	if err := os.Symlink(small, link); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, path string
		limit      int64
		want       string // the contents, or a substring of the error
		ok         bool
	}{
		{"regular", small, 1 << 20, "component A {}\n", true},
		{"through a symlink", link, 1 << 20, "component A {}\n", true},
		{"at the limit", small, 15, "component A {}\n", true},
		{"over the limit", small, 14, "the file is 15 bytes, over the limit of 14 bytes (set REVL_MAX_FILE_SIZE to raise it)", false},
		{"device", "/dev/zero", 1 << 20, "/dev/zero: not a regular file (a character device)", false},
		{"directory", dir, 1 << 20, "not a regular file (a directory)", false},
		{"named pipe", fifo, 1 << 20, "not a regular file (a named pipe)", false},
		{"missing", filepath.Join(dir, "nope"), 1 << 20, "no such file", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := ReadLimit(c.path, c.limit)
			if c.ok {
				if err != nil || string(b) != c.want {
					t.Fatalf("ReadLimit = %q, %v; want %q", b, err, c.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("ReadLimit error = %v; want it to contain %q", err, c.want)
			}
		})
	}
}

func TestMaxSizeFromEnv(t *testing.T) {
	cases := []struct {
		env  string
		want int64
		err  bool
	}{
		{"", DefaultMaxSize, false},
		{"1024", 1024, false},
		{"64MiB", 64 << 20, false},
		{"2 GiB", 2 << 30, false},
		{"10k", 10 << 10, false},
		{"-1", 0, true},
		{"lots", 0, true},
		{"0", 0, true},
	}
	for _, c := range cases {
		t.Setenv(EnvMaxSize, c.env)
		n, err := MaxSize()
		if (err != nil) != c.err || n != c.want {
			t.Errorf("%s=%q: MaxSize = %d, %v; want %d (error %v)", EnvMaxSize, c.env, n, err, c.want, c.err)
		}
	}
	t.Setenv(EnvMaxSize, "4")
	f := filepath.Join(t.TempDir(), "f")
	os.WriteFile(f, []byte("12345"), 0o644)
	if _, err := Read(f); err == nil || !strings.Contains(err.Error(), "over the limit of 4 bytes") {
		t.Fatalf("Read with a 4-byte limit: %v", err)
	}
}

func TestWriteFileTargets(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	existing := filepath.Join(dir, "existing.rvt")
	os.WriteFile(existing, []byte("old"), 0o640)
	os.Chmod(existing, 0o640)
	real := filepath.Join(dir, "real.rvt")
	os.WriteFile(real, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.rvt")
	os.Symlink(real, link)
	dangling := filepath.Join(dir, "dangling.rvt")
	os.Symlink("later.rvt", dangling)
	loop := filepath.Join(dir, "loop.rvt")
	os.Symlink("loop.rvt", loop)
	devlink := filepath.Join(dir, "null.rvt")
	os.Symlink("/dev/null", devlink)

	cases := []struct {
		name, path string
		err        string      // substring of the error, "" for success
		check      string      // the file whose contents must be "new"
		perm       fs.FileMode // its permissions
	}{
		{"new file takes the umask", filepath.Join(dir, "new.rvt"), "", filepath.Join(dir, "new.rvt"), 0o644},
		{"existing file keeps its mode", existing, "", existing, 0o640},
		{"symlink is followed", link, "", real, 0o644},
		{"dangling symlink creates its target", dangling, "", filepath.Join(dir, "later.rvt"), 0o644},
		{"symlink loop", loop, "too many levels of symbolic links", "", 0},
		{"device", "/dev/full", "/dev/full: not a regular file (a character device); refusing to replace it", "", 0},
		{"symlink to a device", devlink, "not a regular file (a symbolic link to a character device)", "", 0},
		{"directory", dir, "not a regular file (a directory)", "", 0},
		{"missing directory", filepath.Join(dir, "no", "such.rvt"), filepath.Join(dir, "no", "such.rvt"), "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := WriteFile(c.path, []byte("new"))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("WriteFile error = %v; want it to contain %q", err, c.err)
				}
				if strings.Contains(err.Error(), ".tmp-") {
					t.Errorf("the error names the temporary file: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(c.check)
			st, _ := os.Stat(c.check)
			if string(b) != "new" || st.Mode().Perm() != c.perm {
				t.Errorf("%s: %q %v; want \"new\" %v", c.check, b, st.Mode().Perm(), c.perm)
			}
		})
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the symlink was replaced: %v %v", st.Mode(), err)
	}
	if st, err := os.Stat("/dev/full"); err != nil || st.Mode()&fs.ModeCharDevice == 0 {
		t.Errorf("/dev/full is no longer a device: %v %v", st.Mode(), err)
	}
	assertNoTemps(t, dir)
}

func TestAbortAndFailureLeaveNothing(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.json")
	os.WriteFile(name, []byte("kept"), 0o644)
	w, err := Create(name)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("half"))
	w.Abort()
	w.Abort() // idempotent
	if b, _ := os.ReadFile(name); string(b) != "kept" {
		t.Errorf("Abort changed the target: %q", b)
	}
	if _, err := w.Write([]byte("x")); err == nil || !errors.Is(err, os.ErrClosed) {
		t.Errorf("Write after Abort: %v", err)
	}
	assertNoTemps(t, dir)
	// A commit whose rename fails (the target became a directory in
	// between) removes its temporary file and names the target.
	w, err = Create(name)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(name)
	os.Mkdir(name, 0o755)
	os.WriteFile(filepath.Join(name, "x"), nil, 0o644)
	err = w.Commit()
	if err == nil || !strings.Contains(err.Error(), name) || strings.Contains(err.Error(), ".tmp-") {
		t.Errorf("Commit onto a directory: %v", err)
	}
	assertNoTemps(t, dir)
}

func assertNoTemps(t *testing.T, dir string) {
	t.Helper()
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

// TestInterruptRemovesTemp kills a process in the middle of a write: the
// temporary file goes with it and the target is untouched.
func TestInterruptRemovesTemp(t *testing.T) {
	if dir := os.Getenv("FILEIO_HELPER_DIR"); dir != "" {
		w, err := Create(filepath.Join(dir, "out.rvt"))
		if err != nil {
			os.Exit(3)
		}
		w.Write([]byte("partial"))
		os.Stdout.WriteString("ready\n")
		select {} // wait for the signal
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "out.rvt"), []byte("kept"), 0o644)
	cmd := exec.Command(os.Args[0], "-test.run=^TestInterruptRemovesTemp$")
	cmd.Env = append(os.Environ(), "FILEIO_HELPER_DIR="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	if line != "ready\n" {
		cmd.Process.Kill()
		t.Fatalf("helper said %q", line)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("helper: %v", err)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("helper did not die of SIGTERM: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "out.rvt")); string(b) != "kept" {
		t.Errorf("target changed: %q", b)
	}
	assertNoTemps(t, dir)
}
