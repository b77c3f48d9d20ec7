package syntax

import (
	"fmt"
	"strings"
	"testing"

	"revl.dev/debug/internal/synth"
)

func BenchmarkZZ(b *testing.B) {
	base := synth.Program(10000)
	unit := fmt.Sprintf("// unit %d\n", strings.Count(string(base), "// unit ")/2)
	at := strings.Index(string(base), unit)
	t := Parse("b.rvl", base)
	n, ids := 0, 0
	Inspect(t.File, func(x Node) bool {
		if x != nil {
			n++
			if _, ok := x.(*Ident); ok {
				ids++
			}
		}
		return true
	})
	b.Logf("nodes %d idents %d bytes %d decls %d", n, ids, len(base), len(t.File.Decls))
	src := append(append(append([]byte{}, base[:at]...), 'x'), base[at:]...)
	b.Run("editmid", func(b *testing.B) {
		for b.Loop() {
			t.Edit(src, at, at)
		}
	})
	b.Run("inspect", func(b *testing.B) {
		for b.Loop() {
			Inspect(t.File, func(x Node) bool { return true })
		}
	})
}
