// Package fileio is the tools' one door to whole files on disk: every
// program, report and trace the tools read comes through Read or
// OpenRegular, which accept only regular files and (Read) only up to a
// size limit, and every file they write goes through Create or WriteFile,
// which write it whole or not at all. Nothing else in the module opens a
// path for reading a whole file or replaces one.
package fileio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// DefaultMaxSize is the size limit of Read when REVL_MAX_FILE_SIZE is not
// set: 32 MiB, four times the largest program the benchmarks generate
// (50,000 components, 7.5 MB).
const DefaultMaxSize int64 = 32 << 20

// EnvMaxSize names the environment variable that changes the limit for
// every tool at once: a number of bytes, optionally with a KiB, MiB or GiB
// suffix (REVL_MAX_FILE_SIZE=256MiB).
const EnvMaxSize = "REVL_MAX_FILE_SIZE"

// MaxSize returns the limit of Read: REVL_MAX_FILE_SIZE when it is set,
// else DefaultMaxSize. A malformed value is an error, not a silent default.
func MaxSize() (int64, error) {
	v, ok := os.LookupEnv(EnvMaxSize)
	if !ok || strings.TrimSpace(v) == "" {
		return DefaultMaxSize, nil
	}
	n, err := ParseSize(v)
	if err != nil {
		return 0, fmt.Errorf("%s=%q: %v", EnvMaxSize, v, err)
	}
	return n, nil
}

// ParseSize reads a positive byte count with an optional B, KiB, MiB or
// GiB suffix (also K, M, G, KB, MB, GB, all powers of 1024).
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	up := strings.ToUpper(t)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30},
		{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(up, u.suffix) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 {
		return 0, errors.New("want a positive size such as 33554432, 64MiB or 1GiB")
	}
	if n > (1<<62)/mult {
		return 0, errors.New("size too large")
	}
	return n * mult, nil
}

// Read returns the contents of the regular file name, refusing anything
// else (a directory, a device such as /dev/zero, a named pipe, a socket)
// and any file larger than MaxSize, before reading a byte of it.
func Read(name string) ([]byte, error) {
	limit, err := MaxSize()
	if err != nil {
		return nil, err
	}
	return ReadLimit(name, limit)
}

// ReadLimit is Read with an explicit limit.
func ReadLimit(name string, limit int64) ([]byte, error) {
	f, st, err := open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > limit {
		return nil, &SizeError{Name: name, Size: st.Size(), Limit: limit}
	}
	// The file may grow between Stat and the read: never read past the
	// limit, whatever the file does.
	buf := make([]byte, 0, st.Size()+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, &SizeError{Name: name, Size: int64(len(buf)), Limit: limit, AtLeast: true}
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// OpenRegular opens the regular file name for reading, refusing anything
// else as Read does; it sets no size limit (a trace is read by seeking,
// never whole).
func OpenRegular(name string) (*os.File, error) {
	f, _, err := open(name)
	return f, err
}

// OpenRegularSize is OpenRegular that also gives the file's size, for
// readers that seek (io.ReaderAt and a length).
func OpenRegularSize(name string) (*os.File, int64, error) {
	f, st, err := open(name)
	if err != nil {
		return nil, 0, err
	}
	return f, st.Size(), nil
}

// open checks that name is a regular file before opening it (opening a
// named pipe would block until a writer came), then checks again what it
// opened, in case the path changed in between.
func open(name string) (*os.File, fs.FileInfo, error) {
	st, err := os.Stat(name)
	if err != nil {
		// Said as opening it, which is what the caller asked for.
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: unwrapPath(err)}
	}
	if !st.Mode().IsRegular() {
		return nil, nil, &KindError{Name: name, Mode: st.Mode()}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	st, err = f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, &KindError{Name: name, Mode: st.Mode()}
	}
	return f, st, nil
}

// SizeError is a file over the size limit.
type SizeError struct {
	Name        string
	Size, Limit int64
	AtLeast     bool // Size is what was read before stopping, not the whole
}

func (e *SizeError) Error() string {
	size := FormatSize(e.Size)
	if e.AtLeast {
		size = "more than " + FormatSize(e.Limit)
	}
	return fmt.Sprintf("%s: the file is %s, over the limit of %s (set %s to raise it)",
		e.Name, size, FormatSize(e.Limit), EnvMaxSize)
}

// KindError is a path that is not a regular file.
type KindError struct {
	Name string
	Mode fs.FileMode
}

func (e *KindError) Error() string {
	return fmt.Sprintf("%s: not a regular file (%s)", e.Name, Describe(e.Mode))
}

// Describe names the kind of file a mode is, for error messages.
func Describe(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsRegular():
		return "a regular file"
	}
	return "a special file"
}

// FormatSize renders a byte count the way the limits are documented.
func FormatSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ReadAll reads r (standard input, say) to its end, but no further than
// MaxSize; name says what r is in the error.
func ReadAll(r io.Reader, name string) ([]byte, error) {
	limit, err := MaxSize()
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &SizeError{Name: name, Size: int64(len(b)), Limit: limit, AtLeast: true}
	}
	return b, nil
}
