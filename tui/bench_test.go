package tui

import (
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"revl.dev/debug/runtime/seam"
)

// The frame benchmarks open the synthetic run of internal/gen (the
// runtime's own events of gen.Wide, renamed per component) from a trace
// file, at 10 decisions (5 components) and at 100,000 (50,000), and time
// one frame: a step to the next decision (bouncing at the ends) and the
// View at 80x24. Paced, the prefetcher finishes between two frames, as
// it does between two keys at a terminal's key repeat (30/s), and the time
// between frames is not counted; unpaced, frames follow each other with
// no pause, so every decode the prefetcher has not done yet is done in the
// frame. Figures and how to run them: docs/performance.md.

var frameSizes = []struct {
	name       string
	components int
}{{"decisions=10", 5}, {"decisions=100000", 50_000}}

// benchViewer opens the synthetic trace of n components from a file.
func benchViewer(tb testing.TB, n int) *Model {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "synth.rvt")
	if err := os.WriteFile(path, synthTrace(tb, n), 0o644); err != nil {
		tb.Fatal(err)
	}
	s, err := LoadTrace(path, LoadOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	m := New(s, Options{})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.goTo(s.Len() / 2)
	return m
}

// stepper steps the cursor one decision per call, turning at the ends.
type stepper struct {
	m   *Model
	dir int
}

var (
	right = tea.KeyMsg{Type: tea.KeyRight}
	left  = tea.KeyMsg{Type: tea.KeyLeft}
)

func (s *stepper) frame() string {
	if s.dir == 0 {
		s.dir = 1
	}
	if k := s.m.k + s.dir; k < 0 || k >= s.m.s.Len() {
		s.dir = -s.dir
	}
	if s.dir > 0 {
		s.m.Update(right)
	} else {
		s.m.Update(left)
	}
	return s.m.View()
}

// BenchmarkFrame is one paced frame. Its time is the µs/frame metric,
// taken around the frame alone (ns/op also counts the wait for the
// prefetcher between frames).
func BenchmarkFrame(b *testing.B) {
	for _, sz := range frameSizes {
		b.Run(sz.name, func(b *testing.B) {
			st := &stepper{m: benchViewer(b, sz.components)}
			clock := seam.SystemClock{}
			var d time.Duration
			n := 0
			for b.Loop() {
				t0 := clock.Now()
				st.frame()
				d += clock.Now().Sub(t0)
				n++
				st.m.s.pre.wait()
			}
			b.ReportMetric(float64(d.Nanoseconds())/float64(n)/1e3, "µs/frame")
		})
	}
}

// BenchmarkFrameUnpaced is one frame with no pause between frames.
func BenchmarkFrameUnpaced(b *testing.B) {
	for _, sz := range frameSizes {
		b.Run(sz.name, func(b *testing.B) {
			st := &stepper{m: benchViewer(b, sz.components)}
			b.ReportAllocs()
			for b.Loop() {
				st.frame()
			}
		})
	}
}

// BenchmarkFramePage is a page jump (pgdown) and its frame, turning at the
// ends, paced as BenchmarkFrame is.
func BenchmarkFramePage(b *testing.B) {
	for _, sz := range frameSizes {
		b.Run(sz.name, func(b *testing.B) {
			m := benchViewer(b, sz.components)
			page := tea.KeyMsg{Type: tea.KeyPgDown}
			clock := seam.SystemClock{}
			var d time.Duration
			n := 0
			for b.Loop() {
				if m.k >= m.s.Len()-1 {
					m.goTo(0)
				}
				t0 := clock.Now()
				m.Update(page)
				m.View()
				d += clock.Now().Sub(t0)
				n++
				m.s.pre.wait()
			}
			b.ReportMetric(float64(d.Nanoseconds())/float64(n)/1e3, "µs/frame")
		})
	}
}

// BenchmarkFrameRatio reports how much longer a frame takes at 100,000
// decisions than at 10 (the goal is under 2), timing alternating rounds of
// 200 frames of each through the seam's clock, paced ("ratio") and
// unpaced ("ratio-unpaced").
func BenchmarkFrameRatio(b *testing.B) {
	small := &stepper{m: benchViewer(b, frameSizes[0].components)}
	big := &stepper{m: benchViewer(b, frameSizes[1].components)}
	clock := seam.SystemClock{}
	const rounds, frames = 20, 200
	round := func(st *stepper, paced bool) time.Duration {
		var d time.Duration
		for i := 0; i < frames; i++ {
			t0 := clock.Now()
			st.frame()
			d += clock.Now().Sub(t0)
			if paced {
				st.m.s.pre.wait()
			}
		}
		st.m.s.pre.wait() // leave no work behind for the next round
		return d
	}
	for b.Loop() {
		var lo, hi, ulo, uhi time.Duration
		for r := 0; r < rounds; r++ {
			lo += round(small, true)
			hi += round(big, true)
			ulo += round(small, false)
			uhi += round(big, false)
		}
		per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / rounds / frames / 1e3 }
		b.ReportMetric(float64(hi)/float64(lo), "ratio")
		b.ReportMetric(per(lo), "µs/frame@10")
		b.ReportMetric(per(hi), "µs/frame@100000")
		b.ReportMetric(float64(uhi)/float64(ulo), "ratio-unpaced")
		b.ReportMetric(per(ulo), "µs/unpaced@10")
		b.ReportMetric(per(uhi), "µs/unpaced@100000")
	}
}

func liveHeap() uint64 {
	goruntime.GC()
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkFrameMemory reports the viewer's live heap over the file's
// (sampled after a GC every 1,000 frames of 10,000) at 100,000 decisions:
// the session's indexes and caches, not the trace.
func BenchmarkFrameMemory(b *testing.B) {
	synthTrace(b, frameSizes[1].components) // made once, outside the figure
	for b.Loop() {
		base := liveHeap()
		st := &stepper{m: benchViewer(b, frameSizes[1].components)}
		peak := liveHeap() - min(base, liveHeap())
		for i := 0; i < 10_000; i++ {
			st.frame()
			if i%1000 == 999 {
				peak = max(peak, liveHeap()-min(base, liveHeap()))
			}
		}
		b.ReportMetric(float64(peak)/(1<<20), "MB-peak")
		goruntime.KeepAlive(st)
	}
}

// TestScale pins what the benchmarks time, without timing: on a long
// synthetic trace every frame is the screen's size, the caches stay
// bounded and correct across their chunks, and jumps land where they
// say.
func TestScale(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 600
	}
	m := benchViewer(t, n)
	st := &stepper{m: m}
	for i := 0; i < 3*chunkSize; i++ {
		v := st.frame()
		if lines := strings.Count(v, "\n") + 1; lines != 24 {
			t.Fatalf("frame %d has %d lines", i, lines)
		}
	}
	for _, k := range []tea.KeyMsg{{Type: tea.KeyEnd}, {Type: tea.KeyPgUp}, {Type: tea.KeyHome}, {Type: tea.KeyPgDown}} {
		m.Update(k)
		m.View()
	}
	if k, _, _ := m.Cursor(); k != m.geo.cols-1 {
		t.Errorf("home then a page down is decision %d, want %d", k, m.geo.cols-1)
	}
	// Step back across a chunk boundary and check each cell against the
	// timeline itself.
	m.goTo(2*chunkSize + 3)
	for i := 0; i < 10; i++ {
		m.Update(left)
		m.View()
		d, err := m.s.tl.Decision(m.k)
		if err != nil {
			t.Fatal(err)
		}
		c := m.s.cells.at(m.k)
		if int(c.lane) != d.Lane || int(c.chosen) != d.Chosen || c.residue != d.Residue || m.s.details.at(m.k).d.Atom != d.Atom {
			t.Fatalf("decision %d: cell %+v, detail %s; the timeline has lane %d chosen %d %s", m.k, c, m.s.details.at(m.k).d.Atom, d.Lane, d.Chosen, d.Atom)
		}
	}
	if m.s.cells.size() > maxChunks || m.s.details.size() > maxDetails {
		t.Errorf("caches hold %d chunks and %d details", m.s.cells.size(), m.s.details.size())
	}
	if m.s.cells.err != nil {
		t.Fatal(m.s.cells.err)
	}
	// Search forward and back across the trace.
	m.goTo(0)
	m.query = "C0_" + itoa(n/2) + " "
	m.findNext(1)
	if k, ev, _ := m.Cursor(); k == 0 || ev < 0 || !strings.Contains(m.Status(), "C0_"+itoa(n/2)) {
		t.Errorf("search: cursor %d/%d, status %q", k, ev, m.Status())
	}
	first, _, _ := m.Cursor()
	m.goTo(m.s.Len() - 1)
	m.findNext(-1)
	if k, _, _ := m.Cursor(); k <= first {
		t.Errorf("searching back from the end found decision %d, the first match is at %d", k, first)
	}
}
