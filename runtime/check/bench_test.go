package check

import (
	"fmt"
	"go/parser"
	"go/token"
	goruntime "runtime"
	"strings"
	"testing"

	"revl.dev/debug/internal/benchstat"
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

// BenchmarkParseCheck measures the frontend on a generated 10,000-line
// revl program against go/parser parsing a Go file of the same size, in
// one process: each iteration times revl's parse, revl's check and
// go/parser.ParseFile on the same machine load, one after the other, and
// collects the garbage before each so that each pays for the collections
// its own allocations cause. It reports the medians of the per-iteration
// ratios (revl-parse/goparser, revl-parse+check/goparser) with their
// quartiles (-p25, -p75), the figures docs/performance.md gives; and the
// same for the check without Program.Uses that revl check runs (timed
// outside the benchmark's clock, like go/parser).
func BenchmarkParseCheck(b *testing.B) {
	src := synth.Program(10000)
	goSrc := goSourceOfSize(len(src))
	var clock seam.Clock = seam.SystemClock{}
	var parseR, checkR, leanR, parseMs, checkMs, goMs []float64
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		goruntime.GC()
		b.StartTimer()
		t0 := clock.Now()
		f, diags := syntax.ParseFile("gen.rvl", src)
		t1 := clock.Now()
		b.StopTimer()
		goruntime.GC()
		b.StartTimer()
		t2 := clock.Now()
		p := Check(f)
		t3 := clock.Now()
		b.StopTimer()
		if len(diags)+len(p.Diagnostics) > 0 {
			b.Fatalf("generated program has diagnostics: %v", append(diags, p.Diagnostics...)[0])
		}
		// What revl check and revl test run: no Program.Uses (lean.go).
		goruntime.GC()
		t6 := clock.Now()
		CheckWith(f, Options{NoUses: true})
		t7 := clock.Now()
		goruntime.GC()
		t4 := clock.Now()
		if _, err := parser.ParseFile(token.NewFileSet(), "gen.go", goSrc, parser.ParseComments); err != nil {
			b.Fatal(err)
		}
		t5 := clock.Now()
		b.StartTimer()
		parse, check, lean, gop := benchstat.Ms(t1.Sub(t0)), benchstat.Ms(t3.Sub(t2)), benchstat.Ms(t7.Sub(t6)), benchstat.Ms(t5.Sub(t4))
		parseMs, checkMs, goMs = append(parseMs, parse), append(checkMs, check), append(goMs, gop)
		parseR = append(parseR, parse/gop)
		checkR = append(checkR, (parse+check)/gop)
		leanR = append(leanR, (parse+lean)/gop)
	}
	mb := float64(len(src)) / 1e6
	b.ReportMetric(mb/(benchstat.Quantile(parseMs, 0.5)/1000), "revl-parse-MB/s")
	b.ReportMetric(mb/((benchstat.Quantile(parseMs, 0.5)+benchstat.Quantile(checkMs, 0.5))/1000), "revl-parse+check-MB/s")
	b.ReportMetric(float64(len(goSrc))/1e6/(benchstat.Quantile(goMs, 0.5)/1000), "goparser-MB/s")
	b.ReportMetric(benchstat.Quantile(parseMs, 0.5), "revl-parse-ms")
	b.ReportMetric(benchstat.Quantile(checkMs, 0.5), "revl-check-ms")
	b.ReportMetric(benchstat.Quantile(goMs, 0.5), "goparser-ms")
	benchstat.ReportQuartiles(b, parseR, "revl-parse/goparser")
	benchstat.ReportQuartiles(b, checkR, "revl-parse+check/goparser")
	benchstat.ReportQuartiles(b, leanR, "revl-parse+check-nouses/goparser")
}

// BenchmarkCollect indexes the declarations of the 10,000-line program
// (collect: the Program's maps and lists, its components' keys), which
// every check does and every edit's check does again for the whole file.
//
//	go test ./runtime/check -run XXX -bench Collect -benchmem -count 5
func BenchmarkCollect(b *testing.B) {
	f := syntax.Parse("bench.rvl", synth.Program(10000)).File
	b.ReportAllocs()
	for b.Loop() {
		collect(f)
	}
}
