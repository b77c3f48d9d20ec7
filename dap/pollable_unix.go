//go:build unix

package dap

import (
	"io"
	"os"
	"syscall"
)

// pollable returns a reader of r that the Go runtime's poller serves, when
// r is a pipe or a socket file (revl-dap's stdin under an editor), and a
// function that undoes it; otherwise r itself. A blocking read of a pipe
// parks its OS thread in the system call, and the runtime's monitor then
// polls every 20µs to take the thread's processor away, and is woken again
// when the read returns: a few wake-ups and tens of microseconds of CPU per
// request. A non-blocking descriptor instead parks only the goroutine,
// and the read's data wakes the one thread that waits in the poller.
//
// The flag belongs to the open file, which the client's end does not
// share; done clears it again so that whoever reads the descriptor next
// finds it as it was.
func pollable(r io.Reader) (io.Reader, func()) {
	f, ok := r.(*os.File)
	if !ok {
		return r, func() {}
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&(os.ModeNamedPipe|os.ModeSocket) == 0 {
		return r, func() {}
	}
	sc, err := f.SyscallConn()
	if err != nil {
		return r, func() {}
	}
	dup := -1
	if err := sc.Control(func(fd uintptr) { dup, err = syscall.Dup(int(fd)) }); err != nil || dup < 0 {
		return r, func() {}
	}
	if err := syscall.SetNonblock(dup, true); err != nil {
		syscall.Close(dup)
		return r, func() {}
	}
	// NewFile sees the descriptor non-blocking and registers it with the
	// poller; it owns the duplicate, not f's descriptor.
	nf := os.NewFile(uintptr(dup), f.Name())
	return nf, func() {
		if sc, err := nf.SyscallConn(); err == nil {
			sc.Control(func(fd uintptr) { syscall.SetNonblock(int(fd), false) })
		}
		nf.Close()
	}
}
