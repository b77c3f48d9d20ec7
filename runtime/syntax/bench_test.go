package syntax

import (
	"strings"
	"testing"

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
