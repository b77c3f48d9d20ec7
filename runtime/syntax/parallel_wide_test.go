package syntax_test

import (
	"reflect"
	"runtime"
	"testing"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/runtime/syntax"
)

// TestParallelParseWide: the generated compositions the launch benchmarks
// debug are large enough to be parsed in chunks on two cores, and that
// parse is the parse of the whole file (syntax.Parse, which is never cut).
func TestParallelParseWide(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	src := gen.Source(gen.Wide(3_000)) // 600 KB: two chunks
	f, diags, joined := syntax.ParseJoined("wide.rvl", src)
	if !joined {
		t.Fatalf("a %d-byte composition on two cores was parsed whole, want in chunks", len(src))
	}
	want := syntax.Parse("wide.rvl", src)
	if !reflect.DeepEqual(diags, want.Diags) {
		t.Fatalf("diagnostics differ: in chunks %v, whole %v", diags, want.Diags)
	}
	if !reflect.DeepEqual(f, want.File) {
		t.Fatal("the tree parsed in chunks differs from the tree parsed whole")
	}
}
