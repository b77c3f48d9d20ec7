package tui

import (
	"fmt"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/runtime/seam"
)

// BenchmarkCompareScale opens the seeded run (seed 7) of gen.Wide(n) with
// the canonical comparison, as revl-tui does for a program, and forks it
// at its middle decision (the what-if `c`), at 5,000 and 50,000
// components. Each reports the peak of the heap's objects (live and not
// yet swept, sampled every 10 ms) over the part measured as heap-peak-MB.
//
//	go test ./tui -run XXX -bench CompareScale -benchtime 1x
func BenchmarkCompareScale(b *testing.B) {
	for _, n := range gen.LimitSizes {
		src := gen.Source(gen.Wide(n))
		for _, part := range []string{"open", "fork"} {
			b.Run(fmt.Sprintf("wide=%d/%s", n, part), func(b *testing.B) {
				var peak uint64
				for range b.N {
					b.StopTimer()
					var s *Session
					if part == "fork" {
						s = loadWide(b, src)
					}
					stop := samplePeak()
					b.StartTimer()
					if part == "open" {
						s = loadWide(b, src)
					} else {
						f, err := s.Fork(n, 1)
						if err != nil {
							b.Fatal(err)
						}
						if !f.CanonicalKnown() {
							b.Fatalf("fork: %s", f.CanonicalNote())
						}
					}
					b.StopTimer()
					peak = max(peak, stop())
					if !s.CanonicalKnown() {
						b.Fatalf("no canonical side: %s", s.CanonicalNote())
					}
				}
				b.ReportMetric(float64(peak)/(1<<20), "heap-peak-MB")
			})
		}
	}
}

func loadWide(b *testing.B, src []byte) *Session {
	s, diags, err := LoadProgram("wide.rvl", src, Schedule{Seeded: true, Seed: 7}, LoadOptions{})
	if err != nil || diags != nil {
		b.Fatal(err, diags)
	}
	return s
}

// samplePeak samples the heap's objects until the returned stop, which
// returns their peak in bytes.
func samplePeak() func() uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	var mu sync.Mutex
	done := make(chan struct{})
	read := func() {
		metrics.Read(sample)
		mu.Lock()
		peak = max(peak, sample[0].Value.Uint64())
		mu.Unlock()
	}
	go func() {
		clock := seam.SystemClock{}
		for {
			select {
			case <-done:
				return
			default:
				read()
				clock.Sleep(10 * time.Millisecond)
			}
		}
	}()
	return func() uint64 {
		read()
		close(done)
		mu.Lock()
		defer mu.Unlock()
		return peak
	}
}
