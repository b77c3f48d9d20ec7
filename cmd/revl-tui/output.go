package main

import (
	"io"
	"os"
	"sync"
)

// serialOutput is the output bubbletea renders to and the viewer copies
// to the clipboard through (the OSC 52 sequence of `y`). The renderer
// writes its frames from a goroutine of its own while the model writes
// the clipboard sequence from the event loop, so their writes are
// serialised here; each stays whole, and a sequence lands between two
// frames, never inside one. A file keeps its descriptor (bubbletea asks
// it for the terminal's size and mode).
func serialOutput(w io.Writer) io.Writer {
	if f, ok := w.(*os.File); ok {
		return &lockedFile{lockedWriter: lockedWriter{w: f}, f: f}
	}
	return &lockedWriter{w: w}
}

// lockedWriter serialises the writes to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// lockedFile is a lockedWriter over a file that still reads, closes and
// gives its descriptor as the file does. It has no WriteString, so that
// io.WriteString goes through Write and its lock.
type lockedFile struct {
	lockedWriter
	f *os.File
}

func (l *lockedFile) Read(p []byte) (int, error) { return l.f.Read(p) }
func (l *lockedFile) Close() error               { return l.f.Close() }
func (l *lockedFile) Fd() uintptr                { return l.f.Fd() }
