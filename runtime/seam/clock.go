package seam

import (
	"container/heap"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Clock is the only way code outside this package learns the time or waits.
//
// A reading is an instant measured from the Unix epoch. Runtime code works in
// virtual milliseconds and uses NowMillis; Now is for code that formats or
// compares time.Time values. Both describe the same reading, so for every
// Clock in this package Now().UnixMilli() equals the NowMillis that the same
// reading would have returned. (Each call is a separate reading: on a
// TraceClock, Now and NowMillis each consume one recorded timestamp.)
//
// Timers are deliberately not part of the interface: the deterministic
// runtime keeps its own [TimerQueue] and fires timers itself when it
// advances a [VirtualClock], so there is no hidden goroutine or callback
// whose timing could leak into a run.
type Clock interface {
	// Now returns the current reading as a time.Time.
	Now() time.Time
	// NowMillis returns the current reading in milliseconds since the Unix
	// epoch (on a VirtualClock: virtual milliseconds since the run started).
	NowMillis() int64
	// Sleep waits until d has passed on this clock. A virtual clock does not
	// block: it moves its own time forward by d and returns at once.
	// Non-positive durations return immediately, as with time.Sleep.
	Sleep(d time.Duration)
}

// Compile-time checks that every implementation satisfies Clock.
var (
	_ Clock = SystemClock{}
	_ Clock = (*VirtualClock)(nil)
	_ Clock = (*TraceClock)(nil)
)

// SystemClock is the wall clock. It is the only code in revl.dev/debug that
// may call time.Now and time.Sleep (the seamlint analyzer enforces this), so
// a live run and a deterministic run differ only in which Clock they were
// handed. The zero value is ready to use and safe for concurrent use.
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// NowMillis returns time.Now().UnixMilli().
func (SystemClock) NowMillis() int64 { return time.Now().UnixMilli() }

// Sleep calls time.Sleep(d).
func (SystemClock) Sleep(d time.Duration) { time.Sleep(d) }

// VirtualClock is a clock whose time moves only when told to. It starts at
// 0 (the Unix epoch, 1970-01-01T00:00:00Z) and never moves backwards.
//
// The harness drives it: when every fiber is blocked it takes the earliest
// due time from its [TimerQueue] (or [NextDue]) and calls AdvanceTo, so a run
// that waits thirty virtual seconds takes no real time and always observes
// the same readings.
//
// Time is kept with nanosecond resolution so that a sequence of sub-millisecond
// Sleeps adds up exactly; NowMillis truncates toward zero. The range is that
// of time.Duration, about 292 years of virtual time.
//
// The zero value is a clock at 0, ready to use. VirtualClock is safe for
// concurrent use, although the deterministic runtime only ever touches it from
// one goroutine.
type VirtualClock struct {
	mu  sync.Mutex
	now time.Duration // since the epoch; never decreases
}

// NewVirtualClock returns a VirtualClock at 0.
func NewVirtualClock() *VirtualClock { return new(VirtualClock) }

// Now returns the virtual time as a UTC time.Time.
func (c *VirtualClock) Now() time.Time {
	return time.Unix(0, int64(c.Elapsed())).UTC()
}

// NowMillis returns the virtual time in whole milliseconds since 0.
func (c *VirtualClock) NowMillis() int64 { return c.Elapsed().Milliseconds() }

// Elapsed returns the virtual time as a duration since 0.
func (c *VirtualClock) Elapsed() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Sleep advances virtual time by d and returns immediately; non-positive d
// is a no-op (matching time.Sleep). Code written against Clock therefore runs
// unchanged, and instantly, under a VirtualClock.
func (c *VirtualClock) Sleep(d time.Duration) {
	if d > 0 {
		c.Advance(d)
	}
}

// Advance moves virtual time forward by d. A negative d panics: virtual
// time going backwards would reorder already-recorded events, which is
// always a harness bug, never a situation to recover from.
func (c *VirtualClock) Advance(d time.Duration) {
	if d < 0 {
		panic(fmt.Sprintf("seam: VirtualClock.Advance(%v): virtual time cannot move backwards", d))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now += d
}

// AdvanceTo moves virtual time forward to ms milliseconds since 0. If ms is
// not later than the current time the clock is left unchanged: a timer that
// is already overdue fires "now", it does not rewind the clock. It reports
// whether the clock moved.
func (c *VirtualClock) AdvanceTo(ms int64) bool {
	t := time.Duration(ms) * time.Millisecond
	c.mu.Lock()
	defer c.mu.Unlock()
	if t <= c.now {
		return false
	}
	c.now = t
	return true
}

// NextDue returns the earliest of deadlines (virtual milliseconds), and
// false if there are none. It is the "jump to the next due timer" step for a
// harness that keeps deadlines in a plain slice; [TimerQueue.Peek] is the
// same thing for a TimerQueue.
func NextDue(deadlines []int64) (int64, bool) {
	if len(deadlines) == 0 {
		return 0, false
	}
	earliest := deadlines[0]
	for _, d := range deadlines[1:] {
		earliest = min(earliest, d)
	}
	return earliest, true
}

// TimerID identifies an armed timer. IDs are assigned 1, 2, 3, ... in arm
// order by each TimerQueue; 0 is never a valid ID.
type TimerID uint64

// Timer is an armed timer: when it is due and what it carries.
type Timer[T any] struct {
	ID    TimerID
	Due   int64 // virtual milliseconds
	Value T
}

// TimerQueue holds armed timers and yields them earliest due first, ties in
// arm order (spec §5). The tie-break is what makes "two timers due at the
// same millisecond" deterministic: without it a heap would return them in an
// order that depends on its internal layout. A periodic timer is re-armed by
// the caller after it fires and so takes its place behind timers armed
// before that moment.
//
// The zero value is an empty queue, ready to use. A TimerQueue is not safe
// for concurrent use.
type TimerQueue[T any] struct {
	h      timerHeap[T]
	byID   map[TimerID]*timerEntry[T] // for Cancel; never iterated
	lastID TimerID
}

type timerEntry[T any] struct {
	Timer[T]
	index int // position in the heap, maintained by timerHeap.Swap
}

// Arm schedules a timer due at the given virtual millisecond and returns its
// ID. Timers may be armed in the past; they are simply due at once.
func (q *TimerQueue[T]) Arm(due int64, v T) TimerID {
	if q.byID == nil {
		q.byID = make(map[TimerID]*timerEntry[T])
	}
	q.lastID++
	e := &timerEntry[T]{Timer: Timer[T]{ID: q.lastID, Due: due, Value: v}}
	heap.Push(&q.h, e)
	q.byID[e.ID] = e
	return e.ID
}

// Cancel disarms the timer with the given ID and reports whether it was
// still armed (false if it already fired, was cancelled, or never existed).
func (q *TimerQueue[T]) Cancel(id TimerID) bool {
	e, ok := q.byID[id]
	if !ok {
		return false
	}
	heap.Remove(&q.h, e.index)
	delete(q.byID, id)
	return true
}

// Len returns the number of armed timers.
func (q *TimerQueue[T]) Len() int { return len(q.h) }

// Peek returns the timer that would fire next without removing it, and false
// if the queue is empty. Its Due is where the harness jumps the clock when
// every fiber is blocked.
func (q *TimerQueue[T]) Peek() (Timer[T], bool) {
	if len(q.h) == 0 {
		return Timer[T]{}, false
	}
	return q.h[0].Timer, true
}

// Pop removes and returns the timer that fires next, and false if the queue
// is empty.
func (q *TimerQueue[T]) Pop() (Timer[T], bool) {
	if len(q.h) == 0 {
		return Timer[T]{}, false
	}
	e := heap.Pop(&q.h).(*timerEntry[T])
	delete(q.byID, e.ID)
	return e.Timer, true
}

// PopDue removes and returns the next timer if it is due at or before now
// (virtual milliseconds), and false otherwise. Calling it in a loop fires
// everything due by now, earliest first, ties in arm order.
func (q *TimerQueue[T]) PopDue(now int64) (Timer[T], bool) {
	if t, ok := q.Peek(); !ok || t.Due > now {
		return Timer[T]{}, false
	}
	return q.Pop()
}

// timerHeap implements heap.Interface ordered by (Due, ID).
type timerHeap[T any] []*timerEntry[T]

func (h timerHeap[T]) Len() int { return len(h) }

func (h timerHeap[T]) Less(i, j int) bool {
	if h[i].Due != h[j].Due {
		return h[i].Due < h[j].Due
	}
	return h[i].ID < h[j].ID // IDs increase with arm order
}

func (h timerHeap[T]) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index = i
	h[j].index = j
}

func (h *timerHeap[T]) Push(x any) {
	e := x.(*timerEntry[T])
	e.index = len(*h)
	*h = append(*h, e)
}

func (h *timerHeap[T]) Pop() any {
	old := *h
	e := old[len(old)-1]
	old[len(old)-1] = nil // do not retain the popped entry
	*h = old[:len(old)-1]
	return e
}

// ErrTraceExhausted is reported by [TraceClock.Err] once more readings were
// requested than the trace recorded.
var ErrTraceExhausted = errors.New("seam: trace clock exhausted")

// TraceClock replays recorded clock readings: each Now or NowMillis call
// returns the next recorded timestamp, in order. It is the Clock for
// replaying a trace, where the readings the original run observed are
// inputs to reproduce, not values to recompute.
//
// Running past the end does not panic, because a replay that diverges should
// be reported precisely by the replayer (spec §7), not crash inside the
// code under replay. Instead every further reading repeats the last recorded
// timestamp (0 if none were recorded) and Err starts returning an error
// wrapping [ErrTraceExhausted]. A replayer checks Err after each step.
//
// Sleep does not consume a reading and does not block: the time a sleeping
// run woke up at is whatever the next recorded reading says.
//
// Timestamps are milliseconds since the Unix epoch, the same unit as
// NowMillis; they are replayed as given, without checking that they are
// monotonic, since a recorded wall clock may legitimately have stepped back.
// TraceClock is safe for concurrent use.
type TraceClock struct {
	mu       sync.Mutex
	stamps   []int64
	next     int // index of the next reading to return
	overruns int // readings requested past the end
}

// NewTraceClock returns a TraceClock that replays stamps (milliseconds since
// the Unix epoch). The slice is copied.
func NewTraceClock(stamps []int64) *TraceClock {
	return &TraceClock{stamps: append([]int64(nil), stamps...)}
}

// Now consumes the next recorded reading and returns it as a UTC time.Time.
func (c *TraceClock) Now() time.Time { return time.UnixMilli(c.NowMillis()).UTC() }

// NowMillis consumes the next recorded reading and returns it.
func (c *TraceClock) NowMillis() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.next < len(c.stamps) {
		c.next++
		return c.stamps[c.next-1]
	}
	c.overruns++
	if len(c.stamps) == 0 {
		return 0
	}
	return c.stamps[len(c.stamps)-1]
}

// Sleep does nothing; see the type documentation.
func (c *TraceClock) Sleep(time.Duration) {}

// Remaining returns how many recorded readings have not been consumed.
func (c *TraceClock) Remaining() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.stamps) - c.next
}

// Err returns nil while every reading so far came from the trace, and an
// error wrapping ErrTraceExhausted once a reading was requested past its end.
func (c *TraceClock) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.overruns == 0 {
		return nil
	}
	return fmt.Errorf("%w: %d readings recorded, %d requested", ErrTraceExhausted,
		len(c.stamps), len(c.stamps)+c.overruns)
}
