package syntax

import (
	"os"
	"testing"
)

// TestRecoveryQuality measures error recovery on realistic mistakes: every
// single-token deletion and every single-token duplication in a program
// that uses all constructs. One mistake should cost one diagnostic; the
// few exceptions are edits that really unbalance braces (a deleted `}`
// whose block then swallows what follows, a template that eats a brace).
func TestRecoveryQuality(t *testing.T) {
	src, err := os.ReadFile("testdata/kitchen_sink.rvl")
	if err != nil {
		t.Fatal(err)
	}
	toks, _, _ := Scan("k.rvl", src)
	for _, edit := range []struct {
		name      string
		apply     func(Token) []byte
		maxDiags  int     // for any single edit
		minSingle float64 // share of edits with at most one diagnostic
	}{
		{"delete", func(tk Token) []byte {
			return append(append([]byte{}, src[:tk.Pos.Offset]...), src[tk.End.Offset:]...)
		}, 2, 0.99},
		{"duplicate", func(tk Token) []byte {
			out := append(append([]byte{}, src[:tk.End.Offset]...), " "+tk.Lit...)
			return append(out, src[tk.End.Offset:]...)
		}, 3, 0.96},
	} {
		single := 0
		for _, tk := range toks[:len(toks)-1] {
			mut := edit.apply(tk)
			f, diags := ParseFile("m.rvl", mut)
			if err := checkTree(f, diags); err != nil {
				t.Fatalf("%s %s: %v", edit.name, tokStr(tk), err)
			}
			if len(diags) <= 1 {
				single++
			}
			if len(diags) > edit.maxDiags {
				t.Errorf("%s %s: %d diagnostics, want at most %d:\n%s", edit.name, tokStr(tk), len(diags), edit.maxDiags, renderDiags(diags))
			}
		}
		share := float64(single) / float64(len(toks)-1)
		t.Logf("%s: %d edits, %.1f%% with at most one diagnostic", edit.name, len(toks)-1, 100*share)
		if share < edit.minSingle {
			t.Errorf("%s: only %.1f%% of edits cost at most one diagnostic, want %.0f%%", edit.name, 100*share, 100*edit.minSingle)
		}
	}
}
