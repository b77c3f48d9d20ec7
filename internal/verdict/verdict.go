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
package verdict

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/internal/version"
	"revl.dev/debug/runtime/check"
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

// Known reports whether src is recorded as checking clean.
func Known(src []byte) bool {
	p := path(src)
	if p == "" {
		return false
	}
	_, err := os.Stat(p)
	return err == nil
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
	return fileio.WriteFile(p, nil)
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
