// Package gcwindow holds the garbage collector off while a process builds
// data that stays live, the way the Go compiler raises its starting heap
// goal: collecting then is wasted work. A debugger's launch checks the
// program and prepares its world, and almost everything it allocates is
// still reachable at its first stop (at 50,000 components, 184 MB
// allocated, 177 MB in the heap), so a collection during it marks what it
// cannot free: a third of the launch's CPU (docs/performance.md, "Launch
// lazily").
//
// A window is a bound, not a promise: while it is open the collector runs
// only when the process's memory reaches a limit set from the expected
// allocation, so a larger input than expected is collected as before
// rather than growing without bound. Windows nest and may be opened from
// several goroutines (the settings are the process's): the first opens,
// the last to close restores the settings found before it, GOGC and
// GOMEMLIMIT included.
package gcwindow

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

var (
	mu      sync.Mutex
	open    int   // windows open now
	percent int   // the GC percent before the first window
	limit   int64 // the memory limit before the first window
)

// floor is the least room a window gives: enough for a small launch to
// never collect, and nothing for a machine to notice.
const floor = 64 << 20

// Open holds the collector off until the returned func is called, or until
// the process's Go memory grows by about expect bytes (and floor) beyond
// what it holds now, whichever is first; a window opened while another is
// open widens the limit by its own expect. Close it once (defer it).
func Open(expect int64) (close func()) {
	if expect < 0 {
		expect = 0
	}
	mu.Lock()
	defer mu.Unlock()
	if open == 0 {
		percent = debug.SetGCPercent(-1)
		limit = debug.SetMemoryLimit(-1)
		debug.SetMemoryLimit(min(limit, headroom(inUse(), floor+expect)))
	} else {
		cur := debug.SetMemoryLimit(-1)
		debug.SetMemoryLimit(min(limit, headroom(cur, expect)))
	}
	open++
	var once sync.Once
	return func() {
		once.Do(func() {
			mu.Lock()
			defer mu.Unlock()
			if open--; open == 0 {
				debug.SetMemoryLimit(limit)
				debug.SetGCPercent(percent)
			}
		})
	}
}

// headroom is a+b, kept below math.MaxInt64.
func headroom(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// inUse is the Go runtime's memory now, what a memory limit is compared
// with.
func inUse() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64() - s[1].Value.Uint64())
}
