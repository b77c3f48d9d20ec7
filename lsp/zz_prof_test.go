package lsp

import (
	"testing"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/runtime/syntax/synth"
)

func BenchmarkZZParse(b *testing.B) {
	src := synth.Program(10000)
	for i := 0; i < b.N; i++ {
		syntax.ParseFile("x.rvl", src)
	}
}
func BenchmarkZZCheck(b *testing.B) {
	src := synth.Program(10000)
	f, _ := syntax.ParseFile("x.rvl", src)
	for i := 0; i < b.N; i++ {
		check.Check(f)
	}
}
func BenchmarkZZDoc(b *testing.B) {
	src := string(synth.Program(10000))
	for i := 0; i < b.N; i++ {
		d := newDocument("file:///x.rvl", 1, src)
		d.Parse()
	}
}

func BenchmarkZZComplete(b *testing.B) {
	src := string(synth.Program(10000))
	d := newDocument("file:///x.rvl", 1, src)
	d.Parse()
	mid := len(src)/2
	mid = mid + indexOf(src[mid:], "  emit log") + 2
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		newCompleter(d, mid).items()
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}
