package gcwindow

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

// settings reads the collector's settings without changing them.
func settings() (percent, limit int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()), int64(s[1].Value.Uint64())
}

// withSettings runs f with the given GOGC and GOMEMLIMIT, and puts the
// test process's own back after.
func withSettings(t *testing.T, percent int, limit int64, f func()) {
	t.Helper()
	p := debug.SetGCPercent(percent)
	l := debug.SetMemoryLimit(limit)
	defer func() {
		debug.SetGCPercent(p)
		debug.SetMemoryLimit(l)
	}()
	f()
}

func TestOpenHoldsAndRestores(t *testing.T) {
	for _, tc := range []struct {
		name    string
		percent int
		limit   int64
	}{
		{"defaults", 100, math.MaxInt64},
		{"GOGC=250 and a limit", 250, 3 << 30},
		{"a limit below the window's", 100, 1 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			withSettings(t, tc.percent, tc.limit, func() {
				before := inUse()
				closeGC := Open(100 << 20)
				p, l := settings()
				if p != -1 {
					t.Errorf("GOGC in the window = %d, want off (-1)", p)
				}
				want := min(tc.limit, before+floor+100<<20)
				if l < want-(16<<20) || l > want+(16<<20) {
					t.Errorf("limit in the window = %d, want about %d", l, want)
				}
				closeGC()
				closeGC() // a second close does nothing
				if p, l := settings(); p != int64(tc.percent) || l != tc.limit {
					t.Errorf("after the window GOGC, limit = %d, %d, want %d, %d", p, l, tc.percent, tc.limit)
				}
			})
		})
	}
}

func TestNestedWindows(t *testing.T) {
	withSettings(t, 100, math.MaxInt64, func() {
		outer := Open(10 << 20)
		_, l1 := settings()
		inner := Open(30 << 20)
		_, l2 := settings()
		if l2 != l1+30<<20 {
			t.Errorf("a nested window's limit = %d, want the outer's %d widened by 30 MiB", l2, l1)
		}
		outer() // closed first: the inner one still holds the collector off
		if p, _ := settings(); p != -1 {
			t.Errorf("GOGC = %d while a window is still open, want off (-1)", p)
		}
		inner()
		if p, l := settings(); p != 100 || l != math.MaxInt64 {
			t.Errorf("after both windows GOGC, limit = %d, %d, want 100, no limit", p, l)
		}
	})
}

var sink [][]byte

func TestWindowDefersAndBoundsCollection(t *testing.T) {
	withSettings(t, 100, math.MaxInt64, func() {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		start := ms.NumGC
		closeGC := Open(256 << 20)
		// 64 MiB of garbage would be two or more collections at GOGC=100
		// over this small heap; in the window, none.
		for range 1024 {
			sink = append(sink[:0], make([]byte, 64<<10))
		}
		runtime.ReadMemStats(&ms)
		if ms.NumGC != start {
			t.Errorf("%d collections inside the window, want none", ms.NumGC-start)
		}
		closeGC()
		// A window is a bound: garbage beyond its room is collected.
		closeGC = Open(0)
		defer closeGC()
		runtime.ReadMemStats(&ms)
		start = ms.NumGC
		for range 4 * (floor >> 16) {
			sink = append(sink[:0], make([]byte, 64<<10))
		}
		runtime.ReadMemStats(&ms)
		if ms.NumGC == start {
			t.Errorf("no collection after %d MiB of garbage in a window of %d MiB", 4*floor>>20, floor>>20)
		}
		sink = nil
	})
}
