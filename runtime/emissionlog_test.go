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
