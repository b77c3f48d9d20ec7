package check_test

import (
	"fmt"
	"testing"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// BenchmarkWide measures the frontend on the debugger's launch limit,
// gen.Wide(n): parse alone, and check alone on a tree parsed once.
func BenchmarkWide(b *testing.B) {
	for _, n := range gen.LimitSizes {
		src := gen.Source(gen.Wide(n))
		b.Run(fmt.Sprintf("wide=%d/parse", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := syntax.ParseFile("wide.rvl", src); len(diags) > 0 {
					b.Fatal(diags[0].Error())
				}
			}
		})
		b.Run(fmt.Sprintf("wide=%d/check", n), func(b *testing.B) {
			f, _ := syntax.ParseFile("wide.rvl", src)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if p := check.Check(f); len(p.Diagnostics) > 0 {
					b.Fatal(p.Diagnostics[0].Error())
				}
			}
		})
		b.Run(fmt.Sprintf("wide=%d/check-nouses", n), func(b *testing.B) {
			f, _ := syntax.ParseFile("wide.rvl", src)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if p := check.CheckWith(f, check.Options{NoUses: true}); len(p.Diagnostics) > 0 {
					b.Fatal(p.Diagnostics[0].Error())
				}
			}
		})
	}
}

func init() { check.WideForTest = func(n int) []byte { return gen.Source(gen.Wide(n)) } }
