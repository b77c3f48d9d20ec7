package check_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"revl.dev/debug/internal/benchstat"
	"revl.dev/debug/internal/gcwindow"
	"revl.dev/debug/internal/gen"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/seam"
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
		// check-nouses runs in halves on two cores (halves.go),
		// check-nouses-serial on one (BenchmarkHalves alternates them).
		for _, serial := range []bool{false, true} {
			name := "check-nouses"
			if serial {
				name += "-serial"
			}
			b.Run(fmt.Sprintf("wide=%d/%s", n, name), func(b *testing.B) {
				if serial {
					defer check.SerialForTest()()
				}
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
}

func init() { check.WideForTest = func(n int) []byte { return gen.Source(gen.Wide(n)) } }

// BenchmarkHalves times the lean check of gen.Wide(n) serially and in
// halves (halves.go), alternating which goes first, each in a window
// without collections as the debugger's launch checks (internal/gcwindow),
// and reports the quartiles of both and the ratio halves/serial of their
// medians:
//
//	go test ./runtime/check -run XXX -bench Halves -benchtime 20x -count 3
func BenchmarkHalves(b *testing.B) {
	for _, n := range gen.LimitSizes {
		src := gen.Source(gen.Wide(n))
		f, _ := syntax.ParseFile("wide.rvl", src)
		b.Run(fmt.Sprintf("wide=%d", n), func(b *testing.B) {
			var serial, halves []time.Duration
			timed := func(inHalves bool) time.Duration {
				if !inHalves {
					defer check.SerialForTest()()
				}
				runtime.GC()
				closeGC := gcwindow.Open(int64(8 * len(src)))
				defer closeGC()
				t0 := benchClock.Now()
				if p := check.CheckWith(f, check.Options{NoUses: true}); len(p.Diagnostics) > 0 {
					b.Fatal(p.Diagnostics[0].Error())
				}
				return benchClock.Now().Sub(t0)
			}
			for i := 0; b.Loop(); i++ {
				first := i%2 == 0
				a := timed(first)
				c := timed(!first)
				if first {
					halves, serial = append(halves, a), append(serial, c)
				} else {
					serial, halves = append(serial, a), append(halves, c)
				}
			}
			for _, q := range []struct {
				name string
				p    float64
			}{{"p25", 0.25}, {"p50", 0.5}, {"p75", 0.75}} {
				b.ReportMetric(benchstat.Ms(benchstat.Quantile(serial, q.p)), "serial-"+q.name+"-ms")
				b.ReportMetric(benchstat.Ms(benchstat.Quantile(halves, q.p)), "halves-"+q.name+"-ms")
			}
			b.ReportMetric(float64(benchstat.Quantile(halves, 0.5))/float64(benchstat.Quantile(serial, 0.5)), "ratio-p50")
		})
	}
}

// benchClock times the benchmarks: the system's clock, through the seam.
var benchClock seam.Clock = seam.SystemClock{}
