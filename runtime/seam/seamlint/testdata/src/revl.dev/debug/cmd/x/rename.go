package x

import (
	. "time"
	t "time"
)

// Renamed and dot imports resolve to the same objects.
func renamed() {
	_ = t.Now()          // want `time.Now called outside the seam`
	t.Sleep(t.Second)    // want `time.Sleep called outside the seam`
	_ = Now()            // want `time.Now called outside the seam`
	_ = NewTicker(1)     // want `time.NewTicker called outside the seam`
	_ = Unix(0, 0)       // allowed: pure
	_ = t.Duration(1)    // allowed: a type conversion
	var _ Time = t.Now() // want `time.Now called outside the seam`
}
