package tui

import (
	"bytes"
	"testing"
	"runtime"

	"revl.dev/debug/timeline"
	"revl.dev/debug/timeline/gen"
)

func TestScratchScale(t *testing.T) {
	src := gen.Source(gen.Wide(50000))
	var buf bytes.Buffer
	sum, err := timeline.Record(&buf, timeline.Config{Program: "wide.rvl", Source: src, NoCompare: true, Recorder: "x"})
	if err != nil { t.Fatal(err) }
	t.Logf("recorded %d decisions, %d bytes", sum.Decisions, buf.Len())
	tl, err := timeline.Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil { t.Fatal(err) }
	t.Logf("opened")
	em := 0
	err = tl.Range(0, tl.Len(), func(d timeline.Decision, _ []timeline.Event) error {
		for _, m := range d.Marks { if m.Kind == "emission" { em++ } }
		return nil
	})
	t.Logf("ranged: %d emissions %v", em, err)
	d, _ := tl.Decision(70000)
	t.Logf("d70000 ready %d", len(d.Ready))
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("heap %d MB", ms.HeapAlloc>>20)
}
