package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/internal/verdict"
)

// TestSaveKeepsVerdict: saving a large file that checks clean keeps its
// verdict (internal/verdict), so that the debugger's next launch of it is
// header-first; a file with an error, or one whose bytes on disk are not
// the saved text, keeps none.
func TestSaveKeepsVerdict(t *testing.T) {
	t.Setenv(verdict.EnvCache, t.TempDir())
	dir := t.TempDir()
	clean := string(gen.Source(gen.Wide(2100)))
	broken := strings.Replace(clean, "emit log.write(\"C0_7 up\")", "emit log.write(nope)", 1)
	stale := clean + "// later\n"
	if !verdict.Useful(len(clean)) || broken == clean {
		t.Fatal("the test's program is not one a verdict is kept for")
	}
	write := func(name, text string) protocol.DocumentURI {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return protocol.DocumentURI("file://" + path)
	}
	c := newTestClient(t, Options{Workers: 1, Seeds: 1})
	c.initialize(true, "")
	files := []struct {
		uri  protocol.DocumentURI
		text string
	}{
		{write("clean.rvl", clean), clean},
		{write("broken.rvl", broken), broken},
		{write("stale.rvl", clean), stale}, // the editor's text is not the file's
	}
	for _, f := range files {
		c.open(f.uri, f.text)
		c.notify("textDocument/didSave", &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: f.uri}})
	}
	// Shutdown waits for the server's background work, the verdicts'
	// included.
	if err := c.shutdown(); err != nil {
		t.Fatal(err)
	}
	if !verdict.Known([]byte(clean)) {
		t.Error("the clean file's verdict was not kept")
	}
	if verdict.Known([]byte(broken)) || verdict.Known([]byte(stale)) {
		t.Error("a verdict was kept for a file with an error or for text not on disk")
	}
}
