package timeline

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	goruntime "runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"revl.dev/debug/runtime/seam"
	"revl.dev/debug/timeline/gen"
)

// recordSynth records a synthetic run of n components (2n decisions) to
// w; sample, when set, is called every 10,000 decisions.
func recordSynth(tb testing.TB, w io.Writer, n int, sample func()) {
	s, err := gen.NewSynth(n, 8)
	if err != nil {
		tb.Fatal(err)
	}
	hdr := &Header{Program: "wide.rvl", Fibers: s.Fibers(), Options: Options{MaxDecisions: 4 * n}, Recorder: "synthetic"}
	rec, err := NewRecorder(w, hdr, s.Source(), RecorderOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	for k := 0; ; k++ {
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
		if sample != nil && k%10000 == 0 {
			sample()
		}
	}
	if err := rec.Finish(&Summary{Stop: "no atom is ready", Final: rec.Snapshot(), Lanes: make([]LaneSpan, len(s.Fibers()))}); err != nil {
		tb.Fatal(err)
	}
}

var (
	big100k     []byte
	big100kOnce sync.Once
)

// trace100k is the 100,000-decision trace of a 50,000-component run.
func trace100k(tb testing.TB) []byte {
	big100kOnce.Do(func() {
		var buf bytes.Buffer
		recordSynth(tb, &buf, 50_000, nil)
		big100k = buf.Bytes()
	})
	return big100k
}

// BenchmarkSynth100k is the cost of generating the synthetic run alone,
// to subtract from BenchmarkRecord100k.
func BenchmarkSynth100k(b *testing.B) {
	for b.Loop() {
		s, err := gen.NewSynth(50_000, 8)
		if err != nil {
			b.Fatal(err)
		}
		for {
			if _, _, _, ok := s.Next(); !ok {
				break
			}
		}
	}
}

type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// BenchmarkRecord100k records 100,000 decisions (synthesis included).
func BenchmarkRecord100k(b *testing.B) {
	var size int64
	for b.Loop() {
		var cw countWriter
		recordSynth(b, &cw, 50_000, nil)
		size = cw.n
	}
	b.ReportMetric(float64(size), "bytes")
	b.ReportMetric(float64(size)/100_000, "bytes/decision")
	b.SetBytes(size)
}

// BenchmarkDecode100k reads all 100,000 decisions with their events,
// applying them to the model, in order.
func BenchmarkDecode100k(b *testing.B) {
	data := trace100k(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		tl := open(b, data)
		n := 0
		if err := tl.Range(0, tl.Len(), func(d Decision, evs []Event) error { n += len(evs); return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenAt opens the 100,000-decision trace file and reads
// decision k with its events and snapshot.
func BenchmarkOpenAt(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.rvt")
	if err := os.WriteFile(path, trace100k(b), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, k := range []int{10, 50_000, 99_999} {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			for b.Loop() {
				openAt(b, path, k)
			}
		})
	}
}

func openAt(tb testing.TB, path string, k int) {
	tl, err := OpenFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := tl.Decision(k); err != nil {
		tb.Fatal(err)
	}
	if _, err := tl.Events(k); err != nil {
		tb.Fatal(err)
	}
	if _, err := tl.Snapshot(k); err != nil {
		tb.Fatal(err)
	}
	tl.Close()
}

// BenchmarkOpenRatio reports how much longer opening at decision 99,999
// takes than at decision 10 (the goal is under 2), timing alternating
// rounds of each through the seam's clock.
func BenchmarkOpenRatio(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.rvt")
	if err := os.WriteFile(path, trace100k(b), 0o644); err != nil {
		b.Fatal(err)
	}
	clock := seam.SystemClock{}
	const rounds = 50
	for b.Loop() {
		var lo, hi time.Duration
		for r := 0; r < rounds; r++ {
			t0 := clock.Now()
			openAt(b, path, 10)
			t1 := clock.Now()
			openAt(b, path, 99_999)
			t2 := clock.Now()
			lo += t1.Sub(t0)
			hi += t2.Sub(t1)
		}
		b.ReportMetric(float64(hi)/float64(lo), "ratio")
		b.ReportMetric(float64(lo.Microseconds())/rounds, "µs@10")
		b.ReportMetric(float64(hi.Microseconds())/rounds, "µs@99999")
	}
}

func liveHeap() uint64 {
	goruntime.GC()
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkPeakMemory reports the peak live heap while recording the
// 100,000-decision trace to a file (sampled every 10,000 decisions) and
// after opening it at the last decision.
func BenchmarkPeakMemory(b *testing.B) {
	dir := b.TempDir()
	for b.Loop() {
		base := liveHeap()
		var peak uint64
		f, err := os.Create(filepath.Join(dir, "big.rvt"))
		if err != nil {
			b.Fatal(err)
		}
		recordSynth(b, f, 50_000, func() { peak = max(peak, liveHeap()-min(base, liveHeap())) })
		f.Close()
		b.ReportMetric(float64(peak)/(1<<20), "MB-record")
		base = liveHeap()
		tl, err := OpenFile(f.Name())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tl.Snapshot(99_999); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(liveHeap()-min(base, liveHeap()))/(1<<20), "MB-open")
		goruntime.KeepAlive(tl)
		tl.Close()
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.ReaderAt
	n atomic.Int64
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	c.n.Add(int64(len(p)))
	return c.r.ReadAt(p, off)
}

// TestSeekCost pins the property the benchmarks measure, without timing:
// the bytes read to open a long trace at its last decision are less than
// twice those read to open it at decision 10.
func TestSeekCost(t *testing.T) {
	n := 10_000
	if testing.Short() {
		n = 3_000
	}
	var buf bytes.Buffer
	recordSynth(t, &buf, n, nil)
	data := buf.Bytes()
	read := func(k int) int64 {
		cr := &countingReader{r: bytes.NewReader(data)}
		tl, err := Open(cr, int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tl.Snapshot(k); err != nil {
			t.Fatal(err)
		}
		if _, err := tl.Events(k); err != nil {
			t.Fatal(err)
		}
		return cr.n.Load()
	}
	lo, mid, hi := read(10), read(n), read(2*n-1)
	t.Logf("%d decisions, %d bytes: open at 10 reads %d bytes, at %d %d, at %d %d", 2*n, len(data), lo, n, mid, 2*n-1, hi)
	if hi >= 2*lo || mid >= 4*lo {
		t.Fatalf("opening at the end reads %d bytes, at decision 10 %d", hi, lo)
	}
}

// BenchmarkRecordRuntime records the canonical run of Wide(n) through the
// real runtime, with and without the canonical comparison: the cost of the
// runtime at these sizes (its ready set is quadratic in n per decision;
// see performance.md) against the recorder's.
func BenchmarkRecordRuntime(b *testing.B) {
	for _, n := range []int{100, 250, 500} {
		src := gen.Source(gen.Wide(n))
		for _, cmp := range []bool{false, true} {
			b.Run(fmt.Sprintf("wide=%d/compare=%v", n, cmp), func(b *testing.B) {
				var size int64
				for b.Loop() {
					var cw countWriter
					if _, err := Record(&cw, Config{Program: "wide.rvl", Source: src, Choices: []int{0}, NoCompare: !cmp}); err != nil {
						b.Fatal(err)
					}
					size = cw.n
				}
				b.ReportMetric(float64(size)/float64(2*n), "bytes/decision")
			})
		}
	}
}
