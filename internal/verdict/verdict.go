// Package verdict remembers which sources checked clean, so that a tool
// that checks one again can trust the verdict instead of waiting for it,
// the way the Go build cache lets a binary be reused. The debugger's
// launch of a large composition reads only its components' headers before
// the first stop when the verdict for its bytes is known (dap's
// header-first launch) and checks the whole program after that stop. The
// launch itself, revl-lsp on a save and the revl commands that check a
// file (revl check, revl test, ...) record the verdicts.
//
// A verdict is an empty file named by a SHA-256 of the source and of the
// checker that checked it (the tools' version and check.Fingerprint, the
// parser's and the checker's sources, so that revl-lsp's verdict on a saved
// file holds for revl-dap's launch of it, and a changed checker does not
// trust an old one's), under $REVL_CACHE/checked, or the user's cache
// directory's revl/checked when REVL_CACHE is unset. REVL_CACHE=off keeps
// no verdicts: Known is then always false and Record does nothing. A
// verdict can only say a source checked clean; a tool that trusts one
// still checks the whole program, later, and calls Forget when the
// verdict was wrong (a cache written by hand, say).
//
// The cache trims itself as the Go build cache does: a verdict's
// modification time says when it was last used (Known refreshes it once an
// hour at most), and Record, at most once a day, removes the verdicts
// unused for [MaxUnused]. Nothing else needs them, so removing the
// directory by hand is always safe too.
package verdict

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/internal/version"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/seam"
)

// EnvCache names the cache directory; "off" turns the cache off.
const EnvCache = "REVL_CACHE"

// dir is the verdicts' directory, "" when the cache is off or has no
// place (no user cache directory).
func dir() string {
	d := os.Getenv(EnvCache)
	switch d {
	case "off":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		d = filepath.Join(base, "revl")
	}
	return filepath.Join(d, "checked")
}

// tool identifies the checker.
var tool = sync.OnceValue(func() string { return version.Number() + " " + check.Fingerprint() })

// Useful reports whether a verdict on a source of n bytes is worth keeping:
// one a header-first launch reads (dap), from 64 KiB (below, a launch is
// milliseconds either way) to 8 MiB (above, the headers' world, live while
// the whole one is built, would put the launch over its memory goal: about
// 5 bytes per byte of source; docs/performance.md, "The header-first
// launch").
func Useful(n int) bool { return n >= 64<<10 && n <= 8<<20 }

// path is the verdict file of src, "" when the cache is off.
func path(src []byte) string {
	d := dir()
	if d == "" {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "revl check verdict\x00%s\x00", tool())
	h.Write(src)
	sum := hex.EncodeToString(h.Sum(nil))
	return filepath.Join(d, sum[:2], sum)
}

// MaxUnused is how long a verdict is kept without being used.
const MaxUnused = 5 * 24 * time.Hour

const (
	// usedGrain is how stale a used verdict's modification time may be
	// before Known refreshes it: one write an hour at most, not one per
	// launch.
	usedGrain = time.Hour
	// trimEvery is how often Record looks for unused verdicts.
	trimEvery = 24 * time.Hour
	// trimMark is the file, beside the verdicts' shards, whose
	// modification time says when the cache was last trimmed.
	trimMark = "trimmed"
)

// clock is the wall clock the cache's ages are measured by (a cache's
// trimming is no part of any run's output).
var clock seam.Clock = seam.SystemClock{}

// Known reports whether src is recorded as checking clean.
func Known(src []byte) bool {
	p := path(src)
	if p == "" {
		return false
	}
	fi, err := os.Stat(p)
	if err != nil {
		return false
	}
	if now := clock.Now(); now.Sub(fi.ModTime()) > usedGrain {
		_ = os.Chtimes(p, now, now) // used: kept by the next trim (best effort)
	}
	return true
}

// Record notes that src checks clean. An error says the verdict could not
// be kept (the next launch then checks before its first stop again).
func Record(src []byte) error {
	p := path(src)
	if p == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if err := fileio.WriteFile(p, nil); err != nil {
		return err
	}
	trim(filepath.Dir(filepath.Dir(p)), clock.Now())
	return nil
}

// trim removes the verdicts under d unused for MaxUnused, unless d was
// trimmed less than a day before now. It is best effort: a verdict it
// cannot remove is only a file too many, and one it removes is only a
// launch that checks before its first stop.
func trim(d string, now time.Time) {
	mark := filepath.Join(d, trimMark)
	if fi, err := os.Stat(mark); err == nil && now.Sub(fi.ModTime()) < trimEvery {
		return
	}
	// Marked first: two tools recording at once then trim once, and a trim
	// that fails part way is not retried at every Record.
	if fileio.WriteFile(mark, nil) != nil {
		return
	}
	shards, err := os.ReadDir(d)
	if err != nil {
		return
	}
	for _, sh := range shards {
		if !sh.IsDir() {
			continue
		}
		dir := filepath.Join(d, sh.Name())
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if fi, err := e.Info(); err == nil && fi.Mode().IsRegular() && now.Sub(fi.ModTime()) > MaxUnused {
				_ = os.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
}

// Forget drops the verdict of src: it was found not to check after all.
func Forget(src []byte) error {
	p := path(src)
	if p == "" {
		return nil
	}
	if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}
