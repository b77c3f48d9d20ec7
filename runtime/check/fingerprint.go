package check

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"sync"

	"revl.dev/debug/runtime/syntax"
)

//go:embed *.go
var sources embed.FS

// Fingerprint names the parser and checker this program was built with: a
// SHA-256 of the Go files of this package and of runtime/syntax, computed
// once. Two tools built from the same sources (revl-lsp and revl-dap, a
// release or a working tree) have the same fingerprint, so a verdict one
// keeps (internal/verdict) holds for the other; any change to the checker
// or the parser gives another.
var Fingerprint = sync.OnceValue(func() string {
	h := sha256.New()
	for _, fsys := range []embed.FS{syntax.Sources, sources} {
		// WalkDir visits in lexical order: the same sum wherever it runs.
		fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(fsys, path)
			if err != nil {
				return err
			}
			h.Write([]byte(path + "\x00"))
			h.Write(b)
			h.Write([]byte{0})
			return nil
		})
		h.Write([]byte{1})
	}
	return hex.EncodeToString(h.Sum(nil))
})
