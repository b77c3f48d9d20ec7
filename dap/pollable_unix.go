//go:build unix

package dap

import (
	"io"
	"os"
	"syscall"
	"unsafe"
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
	rc, done, ok := nonblockingConn(r)
	if !ok {
		return r, func() {}
	}
	return rawReader{rc}, done
}

// rawReader reads a non-blocking descriptor with a raw system call, and
// waits in the poller when there is nothing to read. A read through the
// os.File enters the system call as one that may block (entersyscall),
// which wakes the runtime's monitor from its deep sleep at every message
// (a futex wake-up, then a few 20µs naps of its thread while the request
// runs: a seventh of the adapter's CPU at a fresh stop); a read of a
// non-blocking descriptor never blocks, so it needs no such hand-over.
type rawReader struct{ rc syscall.RawConn }

func (r rawReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	var n int
	var errno syscall.Errno
	err := r.rc.Read(func(fd uintptr) bool {
		for {
			m, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
			if e == syscall.EINTR {
				continue
			}
			if e == syscall.EAGAIN {
				return false // wait in the poller
			}
			n, errno = int(m), e
			return true
		}
	})
	if err != nil {
		return 0, err
	}
	if errno != 0 {
		return 0, errno
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// rawWriter writes a non-blocking descriptor with a raw system call, as
// rawReader reads one, and waits in the poller while the pipe is full.
type rawWriter struct{ rc syscall.RawConn }

func (w rawWriter) Write(p []byte) (int, error) {
	written := 0
	var errno syscall.Errno
	err := w.rc.Write(func(fd uintptr) bool {
		for written < len(p) {
			m, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&p[written])), uintptr(len(p)-written))
			if e == syscall.EINTR {
				continue
			}
			if e == syscall.EAGAIN {
				return false // wait in the poller
			}
			if e != 0 {
				errno = e
				return true
			}
			written += int(m)
		}
		return true
	})
	if err != nil {
		return written, err
	}
	if errno != 0 {
		return written, errno
	}
	return written, nil
}

// pollableWriter is pollable for the writing end: w through a
// non-blocking duplicate written with raw system calls, when w is a pipe
// or a socket file; otherwise w itself.
func pollableWriter(w io.Writer) (io.Writer, func()) {
	rc, done, ok := nonblockingConn(w)
	if !ok {
		return w, func() {}
	}
	return rawWriter{rc}, done
}

// nonblockingConn is the raw connection of nonblockingDup(x), and the
// function that makes the descriptor blocking again and closes the
// duplicate (pollable's done).
func nonblockingConn(x any) (syscall.RawConn, func(), bool) {
	nf, ok := nonblockingDup(x)
	if !ok {
		return nil, nil, false
	}
	rc, err := nf.SyscallConn()
	if err != nil {
		nf.Close()
		return nil, nil, false
	}
	return rc, func() {
		rc.Control(func(fd uintptr) { syscall.SetNonblock(int(fd), false) })
		nf.Close()
	}, true
}

// nonblockingDup is a non-blocking duplicate of the descriptor of x, when
// x is a pipe or a socket file, registered with the poller: NewFile sees
// the descriptor non-blocking and registers it; the file owns the
// duplicate, not x's descriptor.
func nonblockingDup(x any) (*os.File, bool) {
	f, ok := x.(*os.File)
	if !ok {
		return nil, false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&(os.ModeNamedPipe|os.ModeSocket) == 0 {
		return nil, false
	}
	sc, err := f.SyscallConn()
	if err != nil {
		return nil, false
	}
	dup := -1
	if err := sc.Control(func(fd uintptr) { dup, err = syscall.Dup(int(fd)) }); err != nil || dup < 0 {
		return nil, false
	}
	if err := syscall.SetNonblock(dup, true); err != nil {
		syscall.Close(dup)
		return nil, false
	}
	return os.NewFile(uintptr(dup), f.Name()), true
}
