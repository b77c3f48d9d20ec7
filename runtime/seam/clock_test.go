package seam_test

import (
	"cmp"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"revl.dev/debug/runtime/seam"
)

func TestVirtualClockStartsAtZero(t *testing.T) {
	for name, c := range map[string]*seam.VirtualClock{"zero value": {}, "NewVirtualClock": seam.NewVirtualClock()} {
		if got := c.NowMillis(); got != 0 {
			t.Errorf("%s: NowMillis() = %d, want 0", name, got)
		}
		if got, want := c.Now(), time.Unix(0, 0).UTC(); !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("%s: Now() = %v, want %v", name, got, want)
		}
	}
}

func TestVirtualClockAdvance(t *testing.T) {
	c := seam.NewVirtualClock()
	c.Advance(1500 * time.Millisecond)
	if got := c.NowMillis(); got != 1500 {
		t.Fatalf("after Advance(1.5s) NowMillis() = %d", got)
	}
	c.Sleep(30 * time.Second)
	if got := c.NowMillis(); got != 31500 {
		t.Fatalf("after Sleep(30s) NowMillis() = %d", got)
	}
	c.Sleep(-time.Hour)
	c.Sleep(0)
	if got := c.NowMillis(); got != 31500 {
		t.Fatalf("non-positive Sleep moved the clock to %d", got)
	}
	if got := c.Now().UnixMilli(); got != c.NowMillis() {
		t.Fatalf("Now().UnixMilli() = %d, NowMillis() = %d", got, c.NowMillis())
	}

	if !c.AdvanceTo(40000) || c.NowMillis() != 40000 {
		t.Fatalf("AdvanceTo(40000): clock at %d", c.NowMillis())
	}
	if c.AdvanceTo(40000) || c.AdvanceTo(100) || c.NowMillis() != 40000 {
		t.Fatalf("AdvanceTo a past or equal time moved the clock to %d", c.NowMillis())
	}
}

// Sleep must not round to milliseconds, or four 250µs sleeps would add up to
// nothing.
func TestVirtualClockSubMillisecond(t *testing.T) {
	c := seam.NewVirtualClock()
	for range 3 {
		c.Sleep(250 * time.Microsecond)
	}
	if c.NowMillis() != 0 || c.Elapsed() != 750*time.Microsecond {
		t.Fatalf("after 3×250µs: NowMillis %d, Elapsed %v", c.NowMillis(), c.Elapsed())
	}
	c.Sleep(250 * time.Microsecond)
	if c.NowMillis() != 1 {
		t.Fatalf("after 4×250µs NowMillis() = %d, want 1", c.NowMillis())
	}
	// AdvanceTo a millisecond the clock is already inside is not a move back.
	c.Sleep(500 * time.Microsecond)
	if c.AdvanceTo(1) || c.Elapsed() != 1500*time.Microsecond {
		t.Fatalf("AdvanceTo(1) at 1.5ms: Elapsed %v", c.Elapsed())
	}
}

func TestVirtualClockAdvanceNegativePanics(t *testing.T) {
	c := seam.NewVirtualClock()
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(r.(string), "backwards") {
			t.Fatalf("Advance(-1) recovered %v", r)
		}
		if c.Elapsed() != 0 {
			t.Fatal("a rejected Advance moved the clock")
		}
	}()
	c.Advance(-1)
}

// Run with -race: the clock is shared by the harness and the code under test.
func TestVirtualClockConcurrent(t *testing.T) {
	c := seam.NewVirtualClock()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 1000 {
				c.Sleep(time.Millisecond)
				_ = c.Now()
			}
		})
	}
	wg.Wait()
	if c.NowMillis() != 8000 {
		t.Fatalf("NowMillis() = %d, want 8000", c.NowMillis())
	}
}

func TestSystemClock(t *testing.T) {
	var c seam.Clock = seam.SystemClock{}
	before := c.NowMillis()
	c.Sleep(20 * time.Millisecond)
	after := c.Now()
	if d := after.UnixMilli() - before; d < 20 {
		t.Fatalf("SystemClock.Sleep(20ms) returned after %dms", d)
	}
	// A SystemClock reading is wall time, not time since process start.
	if after.Year() < 2024 {
		t.Fatalf("SystemClock.Now() = %v", after)
	}
}

func TestTraceClock(t *testing.T) {
	stamps := []int64{1000, 1005, 1005, 990}
	c := seam.NewTraceClock(stamps)
	stamps[0] = -1 // the clock keeps its own copy

	if c.Remaining() != 4 {
		t.Fatalf("Remaining() = %d, want 4", c.Remaining())
	}
	if got := c.NowMillis(); got != 1000 {
		t.Fatalf("reading 0 = %d, want 1000", got)
	}
	c.Sleep(time.Hour) // consumes nothing
	if got := c.Now(); !got.Equal(time.UnixMilli(1005)) || got.Location() != time.UTC {
		t.Fatalf("reading 1 = %v, want %v UTC", got, time.UnixMilli(1005).UTC())
	}
	if got := c.NowMillis(); got != 1005 {
		t.Fatalf("reading 2 = %d", got)
	}
	// A recorded step back is replayed as recorded.
	if got := c.NowMillis(); got != 990 {
		t.Fatalf("reading 3 = %d", got)
	}
	if c.Remaining() != 0 || c.Err() != nil {
		t.Fatalf("at the exact end: Remaining %d, Err %v", c.Remaining(), c.Err())
	}

	// Past the end: the last reading repeats and Err reports it.
	for range 2 {
		if got := c.NowMillis(); got != 990 {
			t.Fatalf("reading past the end = %d, want the last (990)", got)
		}
	}
	err := c.Err()
	if !errors.Is(err, seam.ErrTraceExhausted) {
		t.Fatalf("Err() = %v, want ErrTraceExhausted", err)
	}
	if want := "4 readings recorded, 6 requested"; !strings.Contains(err.Error(), want) {
		t.Fatalf("Err() = %q, want it to contain %q", err, want)
	}
}

func TestTraceClockEmpty(t *testing.T) {
	c := seam.NewTraceClock(nil)
	if c.Err() != nil {
		t.Fatal("Err before any reading")
	}
	if got := c.Now(); !got.Equal(time.Unix(0, 0)) {
		t.Fatalf("empty trace Now() = %v", got)
	}
	if !errors.Is(c.Err(), seam.ErrTraceExhausted) {
		t.Fatalf("Err() = %v", c.Err())
	}
}

func TestNextDue(t *testing.T) {
	if _, ok := seam.NextDue(nil); ok {
		t.Fatal("NextDue(nil) reported a deadline")
	}
	for _, tc := range []struct {
		in   []int64
		want int64
	}{
		{[]int64{30}, 30},
		{[]int64{30, 10, 20}, 10},
		{[]int64{5, 5, 7}, 5},
		{[]int64{40, -3, 0}, -3},
	} {
		if got, ok := seam.NextDue(tc.in); !ok || got != tc.want {
			t.Errorf("NextDue(%v) = %d, %v; want %d", tc.in, got, ok, tc.want)
		}
	}
}

func TestTimerQueueOrder(t *testing.T) {
	var q seam.TimerQueue[string]
	if _, ok := q.Peek(); ok {
		t.Fatal("Peek on an empty queue")
	}
	if _, ok := q.Pop(); ok {
		t.Fatal("Pop on an empty queue")
	}
	ids := map[string]seam.TimerID{}
	for _, a := range []struct {
		due  int64
		name string
	}{{30, "a"}, {10, "b"}, {30, "c"}, {10, "d"}, {20, "e"}} {
		ids[a.name] = q.Arm(a.due, a.name)
	}
	if ids["a"] != 1 || ids["e"] != 5 {
		t.Fatalf("IDs not assigned 1.. in arm order: %v", ids)
	}
	if q.Len() != 5 {
		t.Fatalf("Len() = %d", q.Len())
	}
	if next, ok := q.Peek(); !ok || next.Value != "b" || next.Due != 10 || q.Len() != 5 {
		t.Fatalf("Peek() = %+v, %v (Len %d)", next, ok, q.Len())
	}
	var got []string
	for {
		tm, ok := q.Pop()
		if !ok {
			break
		}
		if tm.ID != ids[tm.Value] {
			t.Fatalf("timer %q popped with ID %d, armed as %d", tm.Value, tm.ID, ids[tm.Value])
		}
		got = append(got, tm.Value)
	}
	if want := []string{"b", "d", "e", "a", "c"}; !slices.Equal(got, want) {
		t.Fatalf("pop order %v, want %v (earliest first, ties in arm order)", got, want)
	}
}

func TestTimerQueueCancelAndPopDue(t *testing.T) {
	var q seam.TimerQueue[int]
	id1 := q.Arm(100, 1)
	id2 := q.Arm(50, 2)
	id3 := q.Arm(100, 3)
	if !q.Cancel(id2) {
		t.Fatal("Cancel of an armed timer returned false")
	}
	if q.Cancel(id2) || q.Cancel(99) || q.Cancel(0) {
		t.Fatal("Cancel of a cancelled or unknown timer returned true")
	}
	if _, ok := q.PopDue(99); ok {
		t.Fatal("PopDue(99) returned a timer due at 100")
	}
	first, ok := q.PopDue(100)
	if !ok || first.ID != id1 {
		t.Fatalf("PopDue(100) = %+v, %v; want timer %d", first, ok, id1)
	}
	if q.Cancel(id1) {
		t.Fatal("Cancel of a fired timer returned true")
	}
	if second, ok := q.PopDue(1000); !ok || second.ID != id3 {
		t.Fatalf("PopDue(1000) = %+v, %v; want timer %d", second, ok, id3)
	}
	if q.Len() != 0 {
		t.Fatalf("Len() = %d after draining", q.Len())
	}
	// IDs are never reused, even after the queue empties.
	if id := q.Arm(0, 4); id != 4 {
		t.Fatalf("next ID = %d, want 4", id)
	}
}

// TestTimerQueueMatchesStableSort arms and cancels many timers with few
// distinct due times (so ties are common) and checks the firing order
// against a stable sort of the survivors by due time.
func TestTimerQueueMatchesStableSort(t *testing.T) {
	e := seam.NewSeeded(2024)
	var q seam.TimerQueue[int]
	type armed struct {
		id  seam.TimerID
		due int64
	}
	var live []armed
	for i := range 2000 {
		due := int64(seam.Intn(e, 20))
		live = append(live, armed{q.Arm(due, i), due})
		if seam.Intn(e, 4) == 0 {
			k := seam.Intn(e, len(live))
			if !q.Cancel(live[k].id) {
				t.Fatalf("Cancel(%d) of a live timer failed", live[k].id)
			}
			live = slices.Delete(live, k, k+1)
		}
	}
	// live is in arm order; a stable sort by due gives the expected order.
	slices.SortStableFunc(live, func(a, b armed) int { return cmp.Compare(a.due, b.due) })
	if q.Len() != len(live) {
		t.Fatalf("Len() = %d, want %d", q.Len(), len(live))
	}
	for i, w := range live {
		tm, ok := q.Pop()
		if !ok || tm.ID != w.id || tm.Due != w.due {
			t.Fatalf("pop %d = %+v, %v; want ID %d due %d", i, tm, ok, w.id, w.due)
		}
	}
}
