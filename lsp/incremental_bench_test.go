package lsp

import (
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"revl.dev/debug/internal/benchstat"
	"revl.dev/debug/internal/synth"
	"revl.dev/debug/runtime/seam"
)

// BenchmarkEditDiagnostics measures, in one process, didChange →
// publishDiagnostics on the 10,000-line file of BenchmarkDidChangeToDiagnostics
// for two in-process servers over real framing and JSON: one that parses
// each version from the previous one (incremental) and one that parses it
// from scratch (the baseline), with their edits interleaved so that both
// see the same machine load. Each edit toggles one line between valid and
// an undefined name: the last line (end), a function inserted in the
// middle of the file (middle), or one inserted as its first declaration
// (start), where the incremental parse has nothing before the edit to
// keep. It reports the medians and quartiles of each server's latency and
// the median of the per-pair ratio incremental/full.
//
//	go test ./lsp -run XXX -bench EditDiagnostics -benchtime 40x
//	go test ./lsp -run XXX -bench EditDiagnostics/start -benchtime 100x -cpuprofile cpu.out
func BenchmarkEditDiagnostics(b *testing.B) {
	const valid, invalid = "fn bench_toggle() -> Int = 0", "fn bench_toggle() -> Int = undefinedName"
	base := string(synth.Program(benchLines))
	for _, where := range []string{"end", "middle", "start"} {
		b.Run(where, func(b *testing.B) {
			src := base + valid + "\n"
			at := len(base)
			switch where {
			case "middle":
				unit := fmt.Sprintf("// unit %d\n", strings.Count(base, "// unit ")/2)
				at = strings.Index(base, unit)
				src = base[:at] + valid + "\n" + base[at:]
			case "start":
				at, src = 0, valid+"\n"+base
			}
			from := NewMapper(src).Position(at)
			inc := newTestClient(b, Options{})
			full := newTestClient(b, Options{fullReparse: true})
			uri := testURI("bench.rvl")
			for _, c := range []*testClient{inc, full} {
				c.initialize(false, "")
				c.open(uri, src)
				c.diagnosticsAt(uri, 1)
			}
			var clock seam.Clock = seam.SystemClock{}
			current := valid
			edit := func(c *testClient, text string) float64 {
				to := from
				to.Character += uint32(len(current))
				t0 := clock.Now()
				v := c.change(uri, &protocol.Range{Start: from, End: to}, text)
				c.diagnosticsAt(uri, v)
				return float64(clock.Now().Sub(t0).Microseconds()) / 1000
			}
			var incMs, fullMs, ratio []float64
			for i := 0; b.Loop(); i++ {
				text := valid
				if i%2 == 0 {
					text = invalid
				}
				// Alternate which server goes first, so neither always
				// runs right after the other's garbage.
				var fi, ff float64
				if i%4 < 2 {
					fi, ff = edit(inc, text), edit(full, text)
				} else {
					ff, fi = edit(full, text), edit(inc, text)
				}
				current = text
				incMs, fullMs, ratio = append(incMs, fi), append(fullMs, ff), append(ratio, fi/ff)
			}
			benchstat.ReportQuartiles(b, incMs, "incremental-ms")
			benchstat.ReportQuartiles(b, fullMs, "full-ms")
			benchstat.ReportQuartiles(b, ratio, "incremental/full")
		})
	}
}
