//go:build unix

package dap

import (
	"bytes"
	"io"
	"os"
	"syscall"
	"testing"
)

// blocking reports whether f's open file is in blocking mode.
func blocking(t *testing.T, f *os.File) bool {
	t.Helper()
	sc, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var fl int
	var ferr error
	sc.Control(func(fd uintptr) {
		r, _, e := syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
		fl = int(r)
		if e != 0 {
			ferr = e
		}
	})
	if ferr != nil {
		t.Fatal(ferr)
	}
	return fl&syscall.O_NONBLOCK == 0
}

// TestPollablePipe sends data through pollableWriter and reads it through
// pollable, over OS pipes: every byte arrives in order (a body larger than
// the pipe's buffer makes the writer wait in the poller and write in
// parts), the reader ends with io.EOF, and both descriptors are blocking
// again afterwards.
func TestPollablePipe(t *testing.T) {
	for _, size := range []int{0, 1, 4 << 10, 1 << 20} {
		pr, pw, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		want := bytes.Repeat([]byte("revl-dap "), size/9+1)[:size]
		w, wdone := pollableWriter(pw)
		if _, ok := w.(rawWriter); !ok {
			t.Fatalf("pollableWriter of a pipe is %T, want rawWriter", w)
		}
		r, rdone := pollable(pr)
		if _, ok := r.(rawReader); !ok {
			t.Fatalf("pollable of a pipe is %T, want rawReader", r)
		}
		werr := make(chan error, 1)
		go func() {
			n, err := w.Write(want)
			if err == nil && n != len(want) {
				err = io.ErrShortWrite
			}
			wdone()
			if cerr := pw.Close(); err == nil {
				err = cerr
			}
			werr <- err
		}()
		got, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("size %d: read: %v", size, err)
		}
		if err := <-werr; err != nil {
			t.Fatalf("size %d: write: %v", size, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("size %d: read %d bytes, want the %d written", size, len(got), len(want))
		}
		rdone()
		if !blocking(t, pr) {
			t.Errorf("size %d: the reading end is left non-blocking", size)
		}
		pr.Close()
	}
}

// TestPollableNotAPipe: anything but a pipe or a socket is left as it is.
func TestPollableNotAPipe(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "plain")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var buf bytes.Buffer
	tests := []struct {
		name string
		x    any
	}{{"regular file", f}, {"buffer", &buf}}
	for _, tt := range tests {
		if r, ok := tt.x.(io.Reader); ok {
			if got, _ := pollable(r); got != r {
				t.Errorf("%s: pollable = %T, want it unchanged", tt.name, got)
			}
		}
		if w, ok := tt.x.(io.Writer); ok {
			if got, _ := pollableWriter(w); got != w {
				t.Errorf("%s: pollableWriter = %T, want it unchanged", tt.name, got)
			}
		}
	}
}
