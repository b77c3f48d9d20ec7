package schedule

import (
	"fmt"
	"testing"
)

// fakeReplayer models a composition of `n` decisions whose failure depends
// only on the vector, so the shrinking algorithm can be tested alone.
func fakeReplayer(n int, fails func(v []int) (string, int)) Replayer {
	return func(choices []int) *Result {
		v := make([]int, n)
		copy(v, choices)
		r := &Result{Choices: v}
		if tag, div := fails(v); tag != "" {
			r.Findings = []Finding{{Tag: tag, Message: "x", Divergence: div}}
		}
		return r
	}
}

func TestShrinkToOneChoice(t *testing.T) {
	// Fails unstable@0 whenever decision 1 picks anything but 0, like the
	// worked example; decisions after it are noise.
	replay := fakeReplayer(6, func(v []int) (string, int) {
		if v[1] != 0 {
			return TagUnstable, 0
		}
		return "", 0
	})
	orig := replay([]int{0, 2, 1, 1, 0, 1})
	s := Shrink(orig, replay)
	if got := fmt.Sprint(s.Result.Choices); got != "[0 1 0 0 0 0]" {
		t.Fatalf("shrunk to %v, want [0 1 0 0 0 0]", got)
	}
	if fmt.Sprint(s.From) != "[0 2 1 1 0 1]" {
		t.Fatalf("From = %v", s.From)
	}
	if s.Replays == 0 {
		t.Fatal("no replays counted")
	}
}

func TestShrinkKeepsSignature(t *testing.T) {
	// Lowering v[2] to 0 still fails, but with another tag: shrinking must
	// not take it.
	replay := fakeReplayer(4, func(v []int) (string, int) {
		switch {
		case v[2] == 2:
			return TagResidue, 0
		case v[2] != 0:
			return TagDeadlock, 0
		}
		return "", 0
	})
	s := Shrink(replay([]int{1, 1, 2, 1}), replay)
	if got := fmt.Sprint(s.Result.Choices); got != "[0 0 2 0]" {
		t.Fatalf("shrunk to %v, want [0 0 2 0]", got)
	}
	if s.Result.Signature() != TagResidue {
		t.Fatalf("signature %q", s.Result.Signature())
	}
}

func TestShrinkUnstableDivergenceIsPartOfSignature(t *testing.T) {
	replay := fakeReplayer(3, func(v []int) (string, int) {
		if v[0] == 0 && v[1] == 0 {
			return "", 0
		}
		return TagUnstable, v[0] // divergence index depends on v[0]
	})
	s := Shrink(replay([]int{1, 1, 0}), replay)
	if s.Result.Signature() != "unstable@1" {
		t.Fatalf("signature changed to %q", s.Result.Signature())
	}
	if got := fmt.Sprint(s.Result.Choices); got != "[1 0 0]" {
		t.Fatalf("shrunk to %v, want [1 0 0]", got)
	}
}

// TestShrinkIsOneMinimal checks the contract on many vectors: no single
// choice of the result can be lowered and still fail the same way.
func TestShrinkIsOneMinimal(t *testing.T) {
	fails := func(v []int) (string, int) {
		if v[1]+v[3] >= 3 || (v[0] == 2 && v[4] > 0) {
			return TagResidue, 0
		}
		return "", 0
	}
	replay := fakeReplayer(5, fails)
	for a := 0; a < 3; a++ {
		for b := 0; b < 3; b++ {
			for c := 0; c < 3; c++ {
				v := []int{a, b, 2, c, 1}
				orig := replay(v)
				if orig.OK() {
					continue
				}
				s := Shrink(orig, replay)
				for i, x := range s.Result.Choices {
					for y := 0; y < x; y++ {
						cand := append([]int(nil), s.Result.Choices...)
						cand[i] = y
						if tag, _ := fails(cand); tag == TagResidue {
							t.Fatalf("from %v: result %v is not 1-minimal: choice %d can be %d", v, s.Result.Choices, i, y)
						}
					}
				}
			}
		}
	}
}
