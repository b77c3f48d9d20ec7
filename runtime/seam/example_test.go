package seam_test

import (
	"fmt"
	"time"

	"revl.dev/debug/runtime/seam"
)

// Code that needs the time takes a Clock; it runs unchanged, and instantly,
// under a VirtualClock.
func ExampleVirtualClock() {
	retry := func(c seam.Clock, attempts int) {
		for i := range attempts {
			fmt.Printf("attempt %d at %dms\n", i+1, c.NowMillis())
			c.Sleep(time.Duration(1<<i) * 100 * time.Millisecond) // exponential backoff
		}
	}
	retry(seam.NewVirtualClock(), 4)
	// Output:
	// attempt 1 at 0ms
	// attempt 2 at 100ms
	// attempt 3 at 300ms
	// attempt 4 at 700ms
}

// A harness `advance 60s` step: fire every timer due within the window,
// earliest first and ties in arm order, with the clock set to each timer's
// due time as it fires; a periodic timer re-arms itself.
func ExampleTimerQueue() {
	clock := seam.NewVirtualClock()
	var timers seam.TimerQueue[string]
	timers.Arm(30000, "heartbeat") // every 30s
	timers.Arm(45000, "job done")
	timers.Arm(30000, "flush") // same due time as heartbeat, armed later

	end := clock.NowMillis() + 60000
	for {
		t, ok := timers.PopDue(end)
		if !ok {
			break
		}
		clock.AdvanceTo(t.Due)
		fmt.Printf("%s fires at %dms\n", t.Value, clock.NowMillis())
		if t.Value == "heartbeat" {
			timers.Arm(t.Due+30000, t.Value)
		}
	}
	clock.AdvanceTo(end)
	next, _ := timers.Peek()
	fmt.Printf("now %dms; next: %s at %dms\n", clock.NowMillis(), next.Value, next.Due)
	// Output:
	// heartbeat fires at 30000ms
	// flush fires at 30000ms
	// job done fires at 45000ms
	// heartbeat fires at 60000ms
	// now 60000ms; next: heartbeat at 90000ms
}

// When every fiber is blocked, the harness jumps straight to the next due
// time instead of waiting for it.
func ExampleNextDue() {
	clock := seam.NewVirtualClock()
	if due, ok := seam.NextDue([]int64{5000, 250, 3000}); ok {
		clock.AdvanceTo(due)
	}
	fmt.Println(clock.NowMillis())
	// Output: 250
}

// Replaying a trace: each reading returns the next recorded timestamp, and
// Err reports a replay that asked for more readings than were recorded.
func ExampleTraceClock() {
	c := seam.NewTraceClock([]int64{1700000000000, 1700000000250})
	fmt.Println(c.NowMillis(), c.Now().Format(time.RFC3339Nano))
	fmt.Println(c.NowMillis(), c.Err())
	// Output:
	// 1700000000000 2023-11-14T22:13:20.25Z
	// 1700000000250 seam: trace clock exhausted: 2 readings recorded, 3 requested
}

// Each fiber draws from its own named substream, so the values it sees do
// not depend on which fiber the scheduler runs first.
func ExampleSeededEntropy_Sub() {
	run := func(order []string) map[string]uint64 {
		root := seam.NewSeeded(42)
		streams := map[string]seam.Entropy{}
		for _, f := range []string{"A", "B"} {
			streams[f] = root.Sub("fiber:" + f)
		}
		got := map[string]uint64{}
		for _, f := range order {
			got[f] = streams[f].Uint64()
		}
		return got
	}
	ab, ba := run([]string{"A", "B"}), run([]string{"B", "A"})
	fmt.Println(ab["A"] == ba["A"], ab["B"] == ba["B"], ab["A"] == ab["B"])
	// Output: true true false
}

// The seeded scheduler picks an index into the ready set with Intn; the
// same seed picks the same indices on every platform and Go version.
func ExampleIntn() {
	e := seam.NewSeeded(48192)
	picks := make([]int, 8)
	for i := range picks {
		picks[i] = seam.Intn(e, 3)
	}
	fmt.Println(picks)
	// Output: [0 1 1 1 1 1 2 1]
}
