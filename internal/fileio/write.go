package fileio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
)

// File is a file being written whole or not at all: the bytes go to a
// temporary file next to the target, and Commit renames it into place.
// Until Commit the target is untouched; Abort, a failed Commit, or an
// interrupt (SIGINT, SIGTERM, SIGHUP) removes the temporary file.
//
// The target is chosen deliberately:
//   - a path that does not exist is created, with the permissions 0666
//     less the user's umask, like any file a shell redirect creates;
//   - an existing regular file is replaced and keeps its permissions;
//   - a symbolic link is followed: the file it points to is replaced (or
//     created) and the link stays;
//   - anything else (a directory, a device such as /dev/full, a named
//     pipe, a socket) is refused, since renaming over it would replace
//     the node itself.
//
// Errors name the target path, never the temporary one.
type File struct {
	name   string // as the caller gave it, for errors
	target string // the regular file that Commit replaces
	tmp    string
	f      *os.File
	perm   fs.FileMode // the existing target's permissions; 0 for a new file
	done   bool
}

// Create starts writing name.
func Create(name string) (*File, error) {
	target, perm, err := resolve(name)
	if err != nil {
		return nil, err
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	var f *os.File
	var tmp string
	for i := 0; ; i++ {
		tmp = filepath.Join(dir, "."+base+".tmp-"+strconv.Itoa(os.Getpid())+"-"+strconv.Itoa(nextSerial()))
		// O_EXCL never opens another writer's file; 0666 lets the umask
		// decide a new file's permissions, as the kernel does for any
		// created file.
		f, err = os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) || i > 100 {
			return nil, pathErr("create", name, err)
		}
	}
	track(tmp)
	return &File{name: name, target: target, tmp: tmp, f: f, perm: perm}, nil
}

// Write implements io.Writer.
func (w *File) Write(p []byte) (int, error) {
	if w.done {
		return 0, pathErr("write", w.name, os.ErrClosed)
	}
	n, err := w.f.Write(p)
	if err != nil {
		return n, pathErr("write", w.name, err)
	}
	return n, nil
}

// Commit makes the written bytes the target's contents. On failure the
// temporary file is removed and the target left as it was.
func (w *File) Commit() error {
	if w.done {
		return pathErr("commit", w.name, os.ErrClosed)
	}
	w.done = true
	defer untrack(w.tmp)
	err := w.f.Sync()
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err == nil && w.perm != 0 {
		err = os.Chmod(w.tmp, w.perm)
	}
	if err == nil {
		err = os.Rename(w.tmp, w.target)
	}
	if err != nil {
		os.Remove(w.tmp)
		return pathErr("write", w.name, err)
	}
	return nil
}

// Abort discards what was written; the target is left as it was. It is a
// no-op after Commit, so `defer w.Abort()` is always safe.
func (w *File) Abort() {
	if w.done {
		return
	}
	w.done = true
	w.f.Close()
	os.Remove(w.tmp)
	untrack(w.tmp)
}

// WriteFile writes data to name whole or not at all (see File).
func WriteFile(name string, data []byte) error {
	w, err := Create(name)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Abort()
		return err
	}
	return w.Commit()
}

// resolve returns the regular file that writing name replaces and its
// permissions (0 when it does not exist yet).
func resolve(name string) (string, fs.FileMode, error) {
	target := name
	for hops := 0; ; hops++ {
		st, err := os.Lstat(target)
		if errors.Is(err, fs.ErrNotExist) {
			return target, 0, nil // a new file (perhaps where a link points)
		}
		if err != nil {
			return "", 0, pathErr("create", name, err)
		}
		if st.Mode()&fs.ModeSymlink != 0 {
			if hops >= 40 {
				return "", 0, fmt.Errorf("%s: too many levels of symbolic links; refusing to write through it", name)
			}
			to, err := os.Readlink(target)
			if err != nil {
				return "", 0, pathErr("create", name, err)
			}
			if !filepath.IsAbs(to) {
				to = filepath.Join(filepath.Dir(target), to)
			}
			target = to
			continue
		}
		if !st.Mode().IsRegular() {
			what := Describe(st.Mode())
			if target != name {
				what = "a symbolic link to " + what
			}
			return "", 0, fmt.Errorf("%s: not a regular file (%s); refusing to replace it", name, what)
		}
		return target, st.Mode().Perm(), nil
	}
}

func pathErr(op, name string, err error) error {
	return &fs.PathError{Op: op, Path: name, Err: unwrapPath(err)}
}

// unwrapPath drops the path of a *fs.PathError or *os.LinkError, so that
// errors name the target, not the temporary file.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// The temporary files being written, removed if the process is
// interrupted. The signal handler is installed only while there are any,
// so the process's signal behaviour is otherwise unchanged.
var temps struct {
	sync.Mutex
	serial int
	live   map[string]bool
	sig    chan os.Signal
}

func nextSerial() int {
	temps.Lock()
	defer temps.Unlock()
	temps.serial++
	return temps.serial
}

func track(tmp string) {
	temps.Lock()
	defer temps.Unlock()
	if temps.live == nil {
		temps.live = map[string]bool{}
	}
	temps.live[tmp] = true
	if temps.sig == nil {
		ch := make(chan os.Signal, 1)
		temps.sig = ch
		signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
		go cleanupOn(ch)
	}
}

func untrack(tmp string) {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.live, tmp)
	if len(temps.live) == 0 && temps.sig != nil {
		signal.Stop(temps.sig)
		close(temps.sig)
		temps.sig = nil
	}
}

// cleanupOn removes the temporary files when a signal arrives, then lets
// the signal do what it would have done (end the process).
func cleanupOn(ch chan os.Signal) {
	sig, ok := <-ch
	if !ok {
		return
	}
	temps.Lock()
	for tmp := range temps.live {
		os.Remove(tmp)
	}
	temps.live = nil
	temps.Unlock()
	signal.Reset(sig)
	if p, err := os.FindProcess(os.Getpid()); err == nil {
		p.Signal(sig)
	}
}
