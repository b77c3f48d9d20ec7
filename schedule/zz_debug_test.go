package schedule

import (
	"strings"
	"testing"
)

func TestZZDebug(t *testing.T) {
	src := finePrograms[4].src
	w, err := NewWorld(sourceProgram(t, "random.rvl", []byte(src)), fineOpts)
	if err != nil {
		t.Fatal(err)
	}
	got := map[uint64]bool{}
	w.Exhaustive(ExhaustiveOptions{Distinct: true}, func(run ExhaustiveRun) {
		got[run.Class] = true
		t.Logf("dpor %s", strings.Join(run.Result.Atoms, " "))
	})
	seen := map[uint64]bool{}
	naiveEnumerate(w, 10000, func(r *Result, c uint64) {
		if !got[c] && !seen[c] {
			seen[c] = true
			t.Logf("MISSED %v %s", r.Choices, strings.Join(r.Atoms, " "))
		}
	})
}
