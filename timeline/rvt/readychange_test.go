package rvt

import (
	"slices"
	"testing"

	"revl.dev/debug/runtime"
)

func TestApplyReadyChange(t *testing.T) {
	act := func(f int) Ready { return Ready{Kind: runtime.Activate, Fiber: f} }
	prev := []Ready{act(1), act(3), act(5)}
	for _, tc := range []struct {
		name    string
		removed []int
		added   []Ready
		want    []Ready // nil: the change does not apply
	}{
		{"nothing", nil, nil, prev},
		{"one out, one in", []int{1}, []Ready{act(4)}, []Ready{act(1), act(4), act(5)}},
		{"all out, merged in order", []int{0, 1, 2}, []Ready{act(0), act(2)}, []Ready{act(0), act(2)}},
		{"in before and after", nil, []Ready{act(0), act(6)}, []Ready{act(0), act(1), act(3), act(5), act(6)}},
		{"an atom out and in again", []int{0}, []Ready{act(1)}, []Ready{act(1), act(3), act(5)}},
		{"removal past the end", []int{3}, nil, nil},
		{"removals out of order", []int{1, 0}, nil, nil},
		{"an added atom already there", nil, []Ready{act(3)}, nil},
		{"added atoms out of order", nil, []Ready{act(4), act(2)}, nil},
	} {
		got, _, ok := ApplyReadyChange(nil, nil, prev, tc.removed, tc.added)
		if ok != (tc.want != nil) || ok && !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, %v; want %v", tc.name, got, ok, tc.want)
		}
	}
	if !slices.Equal(prev, []Ready{act(1), act(3), act(5)}) {
		t.Errorf("prev was changed: %v", prev)
	}
}
