package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
)

// TestSerialOutputKeepsWritesWhole: writes from two goroutines at once
// (the renderer's frames and the clipboard sequence) each land whole, and
// under -race the detector sees no unsynchronised write to the buffer.
func TestSerialOutputKeepsWritesWhole(t *testing.T) {
	var buf bytes.Buffer
	out := serialOutput(&buf)
	frame, seq := strings.Repeat("f", 512), "\x1b]52;c;Y29weQ==\a"
	var wg sync.WaitGroup
	for _, s := range []string{frame, seq} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				_, _ = io.WriteString(out, s)
			}
		}()
	}
	wg.Wait()
	got := buf.String()
	if n := strings.Count(got, seq); n != 200 {
		t.Errorf("%d whole clipboard sequences, want 200", n)
	}
	if rest := strings.ReplaceAll(got, seq, ""); rest != strings.Repeat(frame, 200) {
		t.Errorf("frames interleaved with the sequence: %d bytes of frames, want %d", len(rest), 200*len(frame))
	}
}

// TestSerialOutputKeepsTheFile: over a file the output still has the
// descriptor bubbletea asks for the terminal's size and mode.
func TestSerialOutputKeepsTheFile(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out, ok := serialOutput(f).(interface {
		io.ReadWriteCloser
		Fd() uintptr
	})
	if !ok {
		t.Fatal("the serialised output of a file is not a file to bubbletea (no Read/Close/Fd)")
	}
	if out.Fd() != f.Fd() {
		t.Errorf("descriptor %d, want the file's %d", out.Fd(), f.Fd())
	}
	if _, ok := out.(io.StringWriter); ok {
		t.Error("has WriteString, which io.WriteString would call past the lock")
	}
}
