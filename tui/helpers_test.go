package tui

import (
	"bytes"
	"os"
	"sync"
	"testing"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/timeline"
	"revl.dev/debug/timeline/rvt"
)

// example loads an example program's schedule.
func example(tb testing.TB, file string, sch Schedule) *Session {
	tb.Helper()
	src, err := os.ReadFile("../examples/" + file)
	if err != nil {
		tb.Fatal(err)
	}
	s, diags, err := LoadProgram("examples/"+file, src, sch, LoadOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	if diags != nil {
		tb.Fatalf("%s does not check: %v", file, diags[0].Error())
	}
	return s
}

// synthTrace records the synthetic run of n components (2n decisions) of
// internal/gen: a real run's events at sizes the runtime cannot run.
func synthTrace(tb testing.TB, n int) []byte {
	tb.Helper()
	synthMu.Lock()
	defer synthMu.Unlock()
	if b, ok := synthCache[n]; ok {
		return b
	}
	s, err := gen.NewSynth(n, 8)
	if err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	hdr := &timeline.Header{Program: "wide.rvl", Fibers: s.Fibers(), Options: timeline.Options{MaxDecisions: 4 * n}, Recorder: "synthetic"}
	rec, err := timeline.NewRecorder(&buf, hdr, s.Source(), timeline.RecorderOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	for {
		ready, chosen, evs, ok := s.Next()
		if !ok {
			break
		}
		if err := rec.Decide(ready, chosen); err != nil {
			tb.Fatal(err)
		}
		for _, e := range evs {
			rec.Event(e)
		}
	}
	if err := rec.Finish(&timeline.Summary{Stop: "no atom is ready", Final: rec.Snapshot(), Lanes: make([]rvt.LaneSpan, len(s.Fibers()))}); err != nil {
		tb.Fatal(err)
	}
	synthCache[n] = buf.Bytes()
	return buf.Bytes()
}

var (
	synthMu    sync.Mutex
	synthCache = map[int][]byte{}
)

func openBytes(tb testing.TB, data []byte, name string) *Session {
	tb.Helper()
	s, err := OpenTrace(bytes.NewReader(data), int64(len(data)), name, LoadOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}
