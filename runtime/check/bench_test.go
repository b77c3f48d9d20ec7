package check

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"revl.dev/debug/internal/synth"
	"revl.dev/debug/runtime/seam"
	"revl.dev/debug/runtime/syntax"
)

// goSourceOfSize returns a Go file of at least n bytes with the usual mix
// of declarations (types, methods, control flow, literals), so that
// go/parser is measured on input of the same size as the revl program.
func goSourceOfSize(n int) []byte {
	var b strings.Builder
	b.WriteString("package gen\n\nimport \"strings\"\n\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, `// Store%d keeps rows in memory.
type Store%d struct {
	rows map[string]string
	hits int
	tags []string
}

func (s *Store%d) Get(key string) (string, bool) {
	v, ok := s.rows[key]
	if ok {
		s.hits++
	}
	return v, ok
}

func (s *Store%d) Put(key, value string) {
	if key == "" {
		return
	}
	for i := 0; i < 3; i++ {
		s.tags = append(s.tags, strings.Repeat("x", i))
	}
	s.rows[key] = value + "/%d"
}

func describe%d(n int) string {
	switch {
	case n == 0:
		return "zero"
	case n > 10 && n%%2 == 0:
		return "big"
	}
	return "some"
}

`, i, i, i, i, i, i)
	}
	return []byte(b.String())
}

// BenchmarkParseCheck measures parse+check throughput on a generated
// 10,000-line revl program and, in the same run, go/parser parsing a Go
// file of the same size. The ratio (revl time over Go time) is the figure
// docs/performance.md reports, since both sides see the same machine load.
func BenchmarkParseCheck(b *testing.B) {
	src := synth.Program(10000)
	goSrc := goSourceOfSize(len(src))
	var clock seam.Clock = seam.SystemClock{}
	var revlMs, goMs float64
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		t0 := clock.Now()
		f, diags := syntax.ParseFile("gen.rvl", src)
		if p := Check(f); len(diags)+len(p.Diagnostics) > 0 {
			b.Fatalf("generated program has diagnostics: %v", append(diags, p.Diagnostics...)[0])
		}
		t1 := clock.Now()
		if _, err := parser.ParseFile(token.NewFileSet(), "gen.go", goSrc, parser.ParseComments); err != nil {
			b.Fatal(err)
		}
		t2 := clock.Now()
		revlMs += float64(t1.Sub(t0).Microseconds()) / 1000
		goMs += float64(t2.Sub(t1).Microseconds()) / 1000
	}
	if goMs > 0 && revlMs > 0 {
		mb := float64(len(src)) / 1e6
		n := float64(b.N)
		b.ReportMetric(mb/(revlMs/n/1000), "revl-MB/s")
		b.ReportMetric(float64(len(goSrc))/1e6/(goMs/n/1000), "goparser-MB/s")
		b.ReportMetric(revlMs/goMs, "revl/goparser")
	}
}
