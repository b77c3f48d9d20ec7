package lsp

import (
	"testing"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/schedule"
)

// TestUnstableOnTheExactEmit: when two emits of one component call the
// same method with computed arguments, the finding goes on the emit the
// runtime recorded (its span), not on the first emit that looks alike.
func TestUnstableOnTheExactEmit(t *testing.T) {
	src := `service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component A requires log: Log {
  config { who: Str = "A" }
  emit log.write("starting")
  emit log.write(` + "`${config.who} up`" + `)
}
component B requires log: Log {
  config { who: Str = "B" }
  emit log.write("starting")
  emit log.write(` + "`${config.who} up`" + `)
}
`
	p, diags := check.Source("two.rvl", []byte(src))
	if check.HasErrors(diags) {
		t.Fatal(diags[0].Error())
	}
	x, err := schedule.NewWorld(p, schedule.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := x.Replay([]int{0, 1}) // B comes up first
	if len(r.Findings) == 0 || r.Findings[0].Tag != schedule.TagUnstable || r.Findings[0].Divergence != 1 {
		t.Fatalf("findings %+v, want unstable at emission #1", r.Findings)
	}
	l := locate(p, r.Findings[0], r)
	if got := l.span.Start; got.Line != 11 || got.Col != 3 {
		t.Fatalf("finding at %d:%d, want B's second emit at 11:3", got.Line, got.Col)
	}
}
