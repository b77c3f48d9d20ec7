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

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/seam"
	"revl.dev/debug/schedule"
)

// wideWorld prepares the real composition of n components (2n decisions):
// one hub and n-1 consumers (gen.Wide), whose seeded schedules keep tens
// of thousands of atoms ready at once at n = 50,000.
func wideWorld(tb testing.TB, n int) (*schedule.World, []byte) {
	src := gen.Source(gen.Wide(n))
	prog, err := Compile("wide.rvl", src)
	if err != nil {
		tb.Fatal(err)
	}
	w, err := schedule.NewWorld(prog, schedule.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return w, src
}

// wideSeed is the schedule the benchmarks record (the debugger's
// benchmarks launch the same one).
const wideSeed = 7

// recordWide records the seeded run of world (the real runtime, through
// Record) to w; sample, when set, is called every 100 blocks written
// (about every 7,000 decisions).
func recordWide(tb testing.TB, w io.Writer, world *schedule.World, src []byte, sample func()) *Summary {
	var out io.Writer = w
	if sample != nil {
		out = &sampler{w: w, sample: sample}
	}
	sum, err := Record(out, Config{World: world, Program: "wide.rvl", Source: src, Seeded: true, Seed: wideSeed, NoCompare: true, Recorder: "bench"})
	if err != nil {
		tb.Fatal(err)
	}
	if want := 2 * len(world.Program().LoadOrder); sum.Decisions != want {
		tb.Fatalf("recorded %d decisions, want %d", sum.Decisions, want)
	}
	return sum
}

// sampler calls sample every 100 writes: the recorder writes a block at
// a time, so this samples the heap as the run goes without a hook in the
// recorder.
type sampler struct {
	w      io.Writer
	n      int
	sample func()
}

func (s *sampler) Write(p []byte) (int, error) {
	s.n++
	if s.n%100 == 0 {
		s.sample()
	}
	return s.w.Write(p)
}

// nopObserver sees the run and keeps nothing: the baseline the recorder's
// cost is measured against (the same driver loop, events delivered).
type nopObserver struct{}

func (nopObserver) Decide(*schedule.Driver, int, int) {}
func (nopObserver) Event(runtime.Event)               {}
func (nopObserver) End(*schedule.Driver)              {}

var (
	big100k     []byte
	big100kOnce sync.Once
)

// trace100k is the 100,000-decision trace of a 50,000-component run.
func trace100k(tb testing.TB) []byte {
	big100kOnce.Do(func() {
		var buf bytes.Buffer
		w, src := wideWorld(tb, 50_000)
		recordWide(tb, &buf, w, src, nil)
		big100k = buf.Bytes()
	})
	return big100k
}

type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// BenchmarkRecord100k records the real 100,000-decision run of
// gen.Wide(50_000) (the runtime included; the world is prepared once).
func BenchmarkRecord100k(b *testing.B) {
	w, src := wideWorld(b, 50_000)
	var size int64
	for b.Loop() {
		var cw countWriter
		recordWide(b, &cw, w, src, nil)
		size = cw.n
	}
	b.ReportMetric(float64(size), "bytes")
	b.ReportMetric(float64(size)/100_000, "bytes/decision")
	b.SetBytes(size)
}

// BenchmarkRecordScale records the real run of gen.Wide at 1,000, 10,000
// and 100,000 decisions and, in the same loop, runs the same schedule
// through the same driver with an observer that keeps nothing: ns per
// decision of each, and the ratio (recording / bare run), timed through
// the seam's clock in alternating rounds so load on the machine hits both.
// Linear recording shows as flat ns/decision across the sizes.
func BenchmarkRecordScale(b *testing.B) {
	clock := seam.SystemClock{}
	for _, n := range []int{500, 5_000, 50_000} {
		decisions := float64(2 * n)
		b.Run(fmt.Sprintf("decisions=%d", 2*n), func(b *testing.B) {
			// Each size prepares its own world: a larger one alive in the heap
			// would make the garbage collector's work on a smaller run grow.
			w, src := wideWorld(b, n)
			goruntime.GC()
			var rec, run time.Duration
			for b.Loop() {
				t0 := clock.Now()
				var cw countWriter
				recordWide(b, &cw, w, src, nil)
				t1 := clock.Now()
				w.RunObserved(schedule.NewSeeded(wideSeed), nopObserver{}, false)
				t2 := clock.Now()
				rec += t1.Sub(t0)
				run += t2.Sub(t1)
			}
			b.ReportMetric(float64(rec.Nanoseconds())/float64(b.N)/decisions, "ns/decision-record")
			b.ReportMetric(float64(run.Nanoseconds())/float64(b.N)/decisions, "ns/decision-run")
			b.ReportMetric(float64(rec)/float64(run), "record/run")
		})
	}
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
	w, src := wideWorld(b, 50_000)
	for b.Loop() {
		base := liveHeap()
		var peak uint64
		f, err := os.Create(filepath.Join(dir, "big.rvt"))
		if err != nil {
			b.Fatal(err)
		}
		recordWide(b, f, w, src, func() { peak = max(peak, liveHeap()-min(base, liveHeap())) })
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
	w, src := wideWorld(t, n)
	recordWide(t, &buf, w, src, nil)
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
// real runtime, with and without the canonical comparison (which runs the
// canonical schedule and checks the properties).
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

// BenchmarkRecordListing records the same runs as BenchmarkRecordScale
// the way the recorder did before it followed the runtime's changes:
// listing the whole ready set at every decision and comparing it with the
// previous one (the same bytes, in time quadratic in the width; at
// 100,000 decisions it would take about 25 minutes, so it stops at 10,000).
func BenchmarkRecordListing(b *testing.B) {
	for _, n := range []int{500, 5_000} { // 100,000 decisions: about 25 minutes
		b.Run(fmt.Sprintf("decisions=%d", 2*n), func(b *testing.B) {
			w, src := wideWorld(b, n)
			goruntime.GC()
			for b.Loop() {
				var cw countWriter
				if _, err := recordRun(&cw, Config{World: w, Program: "wide.rvl", Source: src, Seeded: true, Seed: wideSeed, NoCompare: true}, true); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(2*n), "ns/decision")
		})
	}
}

// BenchmarkViewScale builds the read model of the seeded run of
// gen.Wide(n) at 5,000 and 50,000 components (10,000 and 100,000
// decisions), recorded once into memory with the canonical comparison:
// the one pass over the trace (emissions, finding points) and a first
// page of 200 decisions, lanes and rows with 100 ready atoms each, as
// revl/timeline asks for a large composition. view-live-MB is the live
// heap the page holds after it is built, above the recorded trace.
//
//	go test ./timeline -run XXX -bench ViewScale -benchtime 3x
func BenchmarkViewScale(b *testing.B) {
	for _, n := range []int{5_000, 50_000} {
		b.Run(fmt.Sprintf("wide=%d", n), func(b *testing.B) {
			w, src := wideWorld(b, n)
			var buf bytes.Buffer
			if _, err := Record(&buf, Config{World: w, Program: "wide.rvl", Source: src, Seeded: true, Seed: wideSeed, Recorder: "bench"}); err != nil {
				b.Fatal(err)
			}
			canon := CanonicalEmissionsOf(w)
			base := liveHeap()
			peak := uint64(0)
			for b.Loop() {
				tl, err := Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
				if err != nil {
					b.Fatal(err)
				}
				v, err := NewView(tl, ViewOptions{Program: w.Program(), Canonical: canon, To: 200, LanesTo: 200, RowsTo: 200, ReadyMost: 100})
				if err != nil {
					b.Fatal(err)
				}
				if len(v.Decisions) != 200 || v.Page.Emissions != 2*(n-1) {
					b.Fatalf("%d decisions, %d rows", len(v.Decisions), v.Page.Emissions)
				}
				b.StopTimer()
				peak = max(peak, liveHeap()-min(base, liveHeap()))
				goruntime.KeepAlive(v)
				b.StartTimer()
			}
			b.ReportMetric(float64(buf.Len())/(1<<20), "trace-MB")
			b.ReportMetric(float64(peak)/(1<<20), "view-live-MB")
		})
	}
}
