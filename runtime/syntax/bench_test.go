package syntax

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"revl.dev/debug/internal/cpuclock"
	"revl.dev/debug/internal/synth"
)

func TestSynthProgram(t *testing.T) {
	src := synth.Program(10000)
	if lines := strings.Count(string(src), "\n"); lines < 10000 || lines > 10100 {
		t.Errorf("%d lines", lines)
	}
	f, diags := ParseFile("gen.rvl", src)
	if len(diags) > 0 {
		t.Fatalf("generated program does not parse:\n%s", renderDiags(diags[:1]))
	}
	if err := checkTree(f, diags); err != nil {
		t.Error(err)
	}
}

func BenchmarkParse(b *testing.B) {
	src := synth.Program(10000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, diags := ParseFile("gen.rvl", src); len(diags) > 0 {
			b.Fatal(diags[0].Error())
		}
	}
}

func BenchmarkScan(b *testing.B) {
	src := synth.Program(10000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Scan("gen.rvl", src)
	}
}

func BenchmarkInspect(b *testing.B) {
	f, _ := ParseFile("gen.rvl", synth.Program(10000))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		Inspect(f, func(Node) bool { n++; return true })
	}
}

// BenchmarkParseLarge parses a 10 MB program whole and in chunks on the
// cores there are, alternating in one process (the chunks' CPU is the
// process's, in cpu-ms/op):
//
//	go test ./runtime/syntax -run XXX -bench ParseLarge -count 5
func BenchmarkParseLarge(b *testing.B) {
	src := synth.Program(300_000)
	for _, mode := range []string{"whole", "chunks"} {
		b.Run(mode, func(b *testing.B) {
			if mode == "whole" {
				old := parallelChunk
				parallelChunk = len(src)
				defer func() { parallelChunk = old }()
			}
			b.SetBytes(int64(len(src)))
			var cpu time.Duration
			for b.Loop() {
				before := cpuclock.Process()
				if _, diags := ParseFile("gen.rvl", src); len(diags) > 0 {
					b.Fatal(diags[0].Error())
				}
				cpu += cpuclock.Process() - before
			}
			b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkEditMiddle reparses a 10,000-line file (the language server's
// benchmark file, 328 KB) after a one-line edit in its middle: the
// declarations after it, half the file, are moved from the tree edited
// (moved, what Edit does), or parsed again, by one parser (alone) or in
// chunks on the cores there are (chunks). The syntax-error runs leave a
// syntax error on the edited line, as typing does for a moment; the
// chunks are then not joined, so the parse again is by one parser.
//
//	go test ./runtime/syntax -run XXX -bench EditMiddle -count 5
func BenchmarkEditMiddle(b *testing.B) {
	base := string(synth.Program(10000))
	at := strings.Index(base, fmt.Sprintf("// unit %d\n", strings.Count(base, "// unit ")/2))
	const valid, invalid = "fn toggle() -> Int = 0\n", "fn toggle() -> Int = undefinedName\n"
	const broken = "fn toggle() -> Int = 0 +\n" // a syntax error, as while typing
	from := []byte(base[:at] + valid + base[at:])
	start, end := at+len("fn toggle() -> Int = "), at+len(valid)-1
	for _, mode := range []string{"moved", "moved-syntax-error", "alone", "chunks", "alone-syntax-error"} {
		b.Run(mode, func(b *testing.B) {
			to, wantDiags := []byte(base[:at]+invalid+base[at:]), 0
			if strings.HasSuffix(mode, "syntax-error") {
				to, wantDiags = []byte(base[:at]+broken+base[at:]), 1
			}
			if !strings.HasPrefix(mode, "moved") {
				moveTails = false
				defer func() { moveTails = true }()
			}
			if strings.HasPrefix(mode, "alone") {
				old := parallelCores
				parallelCores = func() int { return 1 }
				defer func() { parallelCores = old }()
			}
			t := Parse("p.rvl", from)
			for b.Loop() {
				if nt := t.Edit(to, start, end); len(nt.Diags) != wantDiags {
					b.Fatalf("%d diagnostics, want %d: %v", len(nt.Diags), wantDiags, nt.Diags)
				}
			}
		})
	}
}
