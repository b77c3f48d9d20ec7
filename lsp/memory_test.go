package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestOpenDoublingProgram: opening a file whose method doubles a string
// forty times used to kill the server (it sweeps on open); now the sweep
// ends and publishes the `unbounded` finding at the doubling statement.
func TestOpenDoublingProgram(t *testing.T) {
	const src = `service G { fn grow() -> Int }
component S provides g: G {
  provide g {
    fn grow() {
      var s = "x"
      var i = 0
      while (i < 40) {
        s = s + s
        i = i + 1
      }
      return s.len()
    }
  }
}
component U requires g: G { effect g.grow() undo 0 }
`
	c := newTestClient(t, Options{Workers: 1, Seeds: 2, SweepOnSave: true})
	c.initialize(true, "")
	uri := testURI("doubling.rvl")
	c.open(uri, src)
	p := c.waitDiagnostics(uri, func(p protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	d := p.Diagnostics[0]
	if d.Code != "S-unbounded" || d.Range.Start.Line != 7 || !strings.Contains(d.Message, "memory budget of 64 MiB exceeded") {
		t.Fatalf("finding: %s", renderDiags(p.Diagnostics))
	}
}
