package runtime

import (
	"fmt"
	"testing"
)

// TestEmissionLogClone: a clone shares what is full and copies what is
// not, so appends on either side never show on the other, at every fill
// level around the chunk boundary.
func TestEmissionLogClone(t *testing.T) {
	for _, n := range []int{0, 1, emissionChunk - 1, emissionChunk, emissionChunk + 1, 3*emissionChunk + 7} {
		var a emissionLog
		for i := range n {
			a.append(Emission{Text: fmt.Sprint("e", i)})
		}
		b := a.clone()
		a.append(Emission{Text: "only-a"})
		b.append(Emission{Text: "only-b"})
		b.append(Emission{Text: "only-b2"})
		if a.Len() != n+1 || b.Len() != n+2 {
			t.Fatalf("n=%d: lengths %d and %d", n, a.Len(), b.Len())
		}
		for i := range n {
			want := fmt.Sprint("e", i)
			if a.at(i).Text != want || b.at(i).Text != want {
				t.Fatalf("n=%d: emission %d is %q / %q, want %q", n, i, a.at(i).Text, b.at(i).Text, want)
			}
		}
		if a.at(n).Text != "only-a" || b.at(n).Text != "only-b" || b.at(n+1).Text != "only-b2" {
			t.Fatalf("n=%d: appends leaked between clones: %q, %q", n, a.at(n).Text, b.at(n).Text)
		}
		if all := b.all(); len(all) != n+2 || all[n+1].Text != "only-b2" {
			t.Fatalf("n=%d: all() = %d emissions", n, len(all))
		}
	}
}

// TestEmissionLogResetKeepsShared: a debugger resets its live machine from
// a checkpoint (the log then shares the checkpoint's full chunks) and
// later from tick 0 (no emissions), where a reset reuses the first chunk
// of the log it replaces: never one another log holds.
func TestEmissionLogResetKeepsShared(t *testing.T) {
	for _, n := range []int{1, emissionChunk, emissionChunk + 1, 2*emissionChunk + 3} {
		var checkpoint emissionLog
		for i := range n {
			checkpoint.append(Emission{Text: fmt.Sprint("e", i)})
		}
		var empty, live emissionLog
		live.append(Emission{Text: "before"})
		live = live.resetFrom(&checkpoint) // thaw the checkpoint
		live.append(Emission{Text: "after"})
		checkpoint.append(Emission{Text: "checkpoint-only"})
		if got := live.at(n).Text; got != "after" || live.Len() != n+1 {
			t.Fatalf("n=%d: the thawed log shares its last chunk with the checkpoint: emission %d is %q", n, n, got)
		}
		live = live.resetFrom(&empty) // back to tick 0
		live.append(Emission{Text: "again"})
		for i := range n {
			if got, want := checkpoint.at(i).Text, fmt.Sprint("e", i); got != want {
				t.Fatalf("n=%d: the checkpoint's emission %d is %q, want %q", n, i, got, want)
			}
		}
		if live.Len() != 1 || live.at(0).Text != "again" {
			t.Fatalf("n=%d: the reset log holds %d emissions, first %q", n, live.Len(), live.at(0).Text)
		}
		// Straight back to tick 0 from a thaw whose last chunk is the
		// checkpoint's (full): that chunk is not reused.
		var whole, again emissionLog
		for i := range emissionChunk {
			whole.append(Emission{Text: fmt.Sprint("w", i)})
		}
		again = again.resetFrom(&whole)
		again = again.resetFrom(&empty)
		again.append(Emission{Text: "z"})
		if got := whole.at(0).Text; got != "w0" {
			t.Fatalf("n=%d: a full checkpoint's first emission became %q", n, got)
		}
		// Resetting a log whose full chunks a clone of it shares must
		// leave the clone's alone.
		src := checkpoint.clone()
		frozen := src.clone()
		src = src.resetFrom(&empty)
		src.append(Emission{Text: "x"})
		if got := frozen.at(0).Text; got != "e0" {
			t.Fatalf("n=%d: a clone's first emission became %q after its source was reset", n, got)
		}
	}
}
