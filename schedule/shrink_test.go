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

// countingReplayer wraps an explorer's Replay and counts the schedules run.
func countingReplayer(x *World, n *int) Replayer {
	return func(v []int) *Result {
		*n++
		return x.Replay(v)
	}
}

// assertOneMinimal checks, by replaying on the real program, that no
// single choice of r can be lowered and still fail with r's signature.
func assertOneMinimal(t *testing.T, x *World, r *Result) {
	t.Helper()
	sig := r.Signature()
	for i, c := range r.Choices {
		for v := 0; v < c; v++ {
			cand := append([]int(nil), r.Choices...)
			cand[i] = v
			if got := x.Replay(cand); got.Signature() == sig {
				t.Errorf("%v is not 1-minimal: choice %d lowered to %d (%v) still fails %s", r.Choices, i, v, got.Choices, sig)
			}
		}
	}
}

// TestShrinkRealPrograms shrinks every failing seed of 1..60 of the worked
// example and of the order-dependent residue, checks that the replays are
// counted exactly, that the result is 1-minimal and keeps the signature,
// and that it is the full replayed vector, trailing zeros included.
func TestShrinkRealPrograms(t *testing.T) {
	for _, tc := range []struct {
		path, sig, want string
	}{
		{workedExample, "unstable@0", "[0, 1, 0, 0, 0, 0]"},
		{fixtureDir + "/residue_order.rvl", TagResidue, "[0, 1, 0, 1, 0, 0]"},
	} {
		x := explorerOf(t, tc.path, Options{})
		shrunk := 0
		for seed := uint64(1); seed <= 60; seed++ {
			orig := x.Run(NewSeeded(seed))
			if orig.OK() {
				continue
			}
			shrunk++
			n := 0
			s := Shrink(orig, countingReplayer(x, &n))
			if s.Replays != n || n == 0 {
				t.Errorf("%s seed %d: Replays = %d, the replayer ran %d schedules", tc.path, seed, s.Replays, n)
			}
			if fmt.Sprint(s.From) != fmt.Sprint(orig.Choices) {
				t.Errorf("%s seed %d: From = %v, want %v", tc.path, seed, s.From, orig.Choices)
			}
			if got := s.Result.Signature(); got != tc.sig || orig.Signature() != tc.sig {
				t.Errorf("%s seed %d: signature %q -> %q, want %q", tc.path, seed, orig.Signature(), got, tc.sig)
			}
			if got := FormatChoices(s.Result.Choices); got != tc.want {
				t.Errorf("%s seed %d: shrunk %v to %s, want %s", tc.path, seed, orig.Choices, got, tc.want)
			}
			assertOneMinimal(t, x, s.Result)
			// The explorer's own shrink agrees and counts the same.
			o := x.Explore(seed, true)
			if o.Shrunk == nil || o.Shrunk.Replays != n || FormatChoices(o.Shrunk.Result.Choices) != tc.want {
				t.Errorf("%s seed %d: Explore shrank differently: %+v", tc.path, seed, o.Shrunk)
			}
		}
		if shrunk == 0 {
			t.Errorf("%s: no seed of 60 failed", tc.path)
		}
	}
}

// TestShrinkOneMinimalAnyStart shrinks from every vector of a bounded box
// on the worked example (not only those seeds reach) and checks that each
// result is 1-minimal on the real program.
func TestShrinkOneMinimalAnyStart(t *testing.T) {
	x := explorerOf(t, workedExample, Options{})
	seen := map[string]bool{}
	for a := 0; a < 2; a++ {
		for b := 0; b < 2; b++ {
			for c := 0; c < 2; c++ {
				for d := 0; d < 2; d++ {
					orig := x.Replay([]int{0, a, b, c, d})
					if orig.OK() {
						continue
					}
					s := Shrink(orig, x.Replay)
					key := FormatChoices(s.Result.Choices) + " " + s.Result.Signature()
					if seen[key] {
						continue
					}
					seen[key] = true
					assertOneMinimal(t, x, s.Result)
				}
			}
		}
	}
	if len(seen) == 0 {
		t.Fatal("no vector failed")
	}
}

// TestShrinkCanonicalFailure: a failing vector that is already all zeros
// (the canonical run fails) costs no replay and comes back unchanged.
func TestShrinkCanonicalFailure(t *testing.T) {
	x := explorerOf(t, fixtureDir+"/residue_leak.rvl", Options{})
	s := Shrink(x.Baseline(), x.Replay)
	if s.Replays != 0 {
		t.Errorf("shrinking an all-zero vector ran %d replays", s.Replays)
	}
	if s.Result != x.Baseline() {
		t.Errorf("result is not the original run")
	}
}

// TestShrinkSkipsPrefixesEndingInZero: a prefix that ends with a 0
// replays the schedule the prefix without that 0 does, so the search for
// the shortest failing prefix does not replay it. A vector of 10,000
// decisions whose one non-canonical choice is the last but one shrinks
// in a few replays, not one per leading zero; and the prefix found is the
// one trying every length would find (a vector whose failure needs a
// choice after zeros keeps them).
func TestShrinkSkipsPrefixesEndingInZero(t *testing.T) {
	const n = 10_000
	replay := fakeReplayer(n, func(v []int) (string, int) {
		if v[n-2] == 2 {
			return TagResidue, 0
		}
		return "", 0
	})
	orig := make([]int, n)
	orig[n-2] = 2
	s := Shrink(replay(orig), replay)
	if s.Result.Choices[n-2] != 2 || s.Result.Signature() != TagResidue {
		t.Fatalf("shrunk to a vector with %d at decision %d (%q), want 2 (residue)", s.Result.Choices[n-2], n-2, s.Result.Signature())
	}
	// The empty prefix, then lowering the one choice to 0 and to 1.
	if s.Replays > 4 {
		t.Errorf("%d replays to shrink a vector with one non-zero choice", s.Replays)
	}

	// The shortest failing prefix against every length tried: the same
	// result for every vector of a small composition.
	small := fakeReplayer(5, func(v []int) (string, int) {
		switch {
		case v[1] == 1 && v[3] != 0:
			return TagDeadlock, 0
		case v[4] != 0:
			return TagResidue, 0
		}
		return "", 0
	})
	var each func(v []int, i int)
	each = func(v []int, i int) {
		if i == len(v) {
			orig := small(v)
			if orig.OK() {
				return
			}
			want := orig
			for k := 0; k < len(v); k++ { // every prefix length, as before
				if r := small(v[:k]); r.Signature() == orig.Signature() {
					want = r
					break
				}
			}
			got := Shrink(orig, small)
			// The prefix step's result is where lowering starts; both
			// searches then run the same passes, so compare the ends.
			ref := Shrink(want, small)
			if fmt.Sprint(got.Result.Choices) != fmt.Sprint(ref.Result.Choices) {
				t.Errorf("%v: shrunk to %v, from the shortest failing prefix %v to %v", v, got.Result.Choices, want.Choices, ref.Result.Choices)
			}
			return
		}
		for c := 0; c < 3; c++ {
			v[i] = c
			each(v, i+1)
		}
	}
	each(make([]int, 5), 0)
}
