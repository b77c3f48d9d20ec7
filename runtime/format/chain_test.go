package format

import (
	goruntime "runtime"
	"strconv"
	"strings"
	"testing"
)

// chain is a helper fn whose body is one flat `1 + 1 + ... + 1` of n terms:
// the parser nests it n deep on the left.
func chain(n int) []byte {
	return []byte("fn f() = " + strings.TrimSuffix(strings.Repeat("1 + ", n), " + ") + "\n")
}

// TestLongChainIsLinear: formatting a long flat chain costs memory linear
// in its length. A 64 KB chain used to run out of memory: the tree
// comparison indented every node by its depth.
func TestLongChainIsLinear(t *testing.T) {
	cases := []struct {
		terms int
		limit uint64 // bytes allocated by Source, at most
	}{
		{4000, 24 << 20},
		{16000, 96 << 20}, // 64 KB of source
	}
	for _, c := range cases {
		src := chain(c.terms)
		var before, after goruntime.MemStats
		goruntime.ReadMemStats(&before)
		out, err := Source("chain.rvl", src)
		goruntime.ReadMemStats(&after)
		if err != nil {
			t.Fatalf("%d terms: %v", c.terms, err)
		}
		if string(out) != string(src) {
			t.Errorf("%d terms: the canonical chain changed", c.terms)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > c.limit {
			t.Errorf("%d terms (%d bytes): Source allocated %d bytes, want at most %d", c.terms, len(src), got, c.limit)
		}
	}
}

// BenchmarkChain formats chains of growing length: time and bytes per
// op grow linearly (go test -bench Chain -benchmem ./runtime/format).
func BenchmarkChain(b *testing.B) {
	for _, n := range []int{1000, 4000, 16000} {
		src := chain(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, err := Source("chain.rvl", src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
