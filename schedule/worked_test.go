package schedule

import (
	"slices"
	"strings"
	"testing"
)

// TestWorkedExample reproduces spec §6's worked example exactly: the
// canonical run, the 40-seed sweep (`revl test examples/two-consumers.rvl
// --schedule-seeds 40`), its minimized vector and the replay of it.
func TestWorkedExample(t *testing.T) {
	x := explorerOf(t, workedExample, Options{})
	b := x.Baseline()
	if !b.OK() {
		t.Fatalf("canonical run fails: %v", b.Findings)
	}
	wantAtoms := []string{"activate(Sink)", "activate(A)", "activate(B)", "teardown(A)", "teardown(B)", "teardown(Sink)"}
	if !slices.Equal(b.Atoms, wantAtoms) {
		t.Errorf("canonical atoms %v, want %v", b.Atoms, wantAtoms)
	}
	if got := FormatChoices(b.Choices); got != "[0, 0, 0, 0, 0, 0]" {
		t.Errorf("canonical choices %s", got)
	}
	if got := emissionTexts(b); !slices.Equal(got, []string{`log.write("A up")`, `log.write("B up")`}) {
		t.Errorf("canonical emissions %q", got)
	}

	failed := 0
	x.Sweep(SweepOptions{Seeds: 40}, func(o Outcome) {
		// A seed fails exactly when it activates B before A.
		bFirst := o.Result.Atoms[1] == "activate(B)"
		if bFirst == o.Result.OK() {
			t.Errorf("seed %d: atoms %v, ok=%v", o.Seed, o.Result.Atoms, o.Result.OK())
		}
		if o.Result.OK() {
			return
		}
		failed++
		if got := tagsOf(o.Result); !slices.Equal(got, []string{TagUnstable}) {
			t.Errorf("seed %d: tags %v, want [unstable]", o.Seed, got)
		}
		if got := FormatChoices(o.Shrunk.Result.Choices); got != "[0, 1, 0, 0, 0, 0]" {
			t.Errorf("seed %d: minimized %s, want [0, 1, 0, 0, 0, 0]", o.Seed, got)
		}
		if o.Shrunk.Replays == 0 {
			t.Errorf("seed %d: no replays counted", o.Seed)
		}
	})
	if failed == 0 {
		t.Fatal("no seed of 40 failed: `revl test --schedule-seeds 40` would exit 0")
	}

	r := x.Replay([]int{0, 1, 0, 0, 0, 0})
	if got := emissionTexts(r); !slices.Equal(got, []string{`log.write("B up")`, `log.write("A up")`}) {
		t.Errorf("replayed emissions %q, want B up then A up", got)
	}
	if r.Signature() != "unstable@0" {
		t.Errorf("replay signature %q, want unstable@0", r.Signature())
	}
	want := `emission #0 differs from the canonical run: got log.write("B up"), canonical log.write("A up")`
	if r.Findings[0].Message != want {
		t.Errorf("message %q,\nwant    %q", r.Findings[0].Message, want)
	}
	for i, e := range r.Emissions {
		wantFiber, wantDecision := []string{"B", "A"}[i], []int{1, 2}[i]
		if e.Fiber != wantFiber || e.Decision != wantDecision {
			t.Errorf("emission %d from %s at decision %d, want %s at %d", i, e.Fiber, e.Decision, wantFiber, wantDecision)
		}
	}
}

// TestReplayIsDeterministic replays one vector many times: the result, the
// findings and the failure text must not change.
func TestReplayIsDeterministic(t *testing.T) {
	x := explorerOf(t, workedExample, Options{})
	render := func() string {
		var b strings.Builder
		r := x.Replay([]int{0, 1, 1})
		WriteFailure(&b, ReplayTarget{File: "two-consumers.rvl"}, SeedLabel{Name: "choices"}, r, nil, x.Baseline())
		return b.String()
	}
	first := render()
	for i := 0; i < 20; i++ {
		if got := render(); got != first {
			t.Fatalf("replay %d differs:\n%s\nfirst:\n%s", i, got, first)
		}
	}
	for _, want := range []string{"FAIL choices", "unstable:", "choices: [0, 1, 1, 0, 0, 0]",
		"   *   1  activate(B)   choice 1 of [activate(A), activate(B)]",
		"replay: revl test two-consumers.rvl --choices 0,1,1,0,0,0"} {
		if !strings.Contains(first, want) {
			t.Errorf("failure text lacks %q:\n%s", want, first)
		}
	}
}

// TestReplayPaddingAndClamping runs short, long and out-of-range vectors
// on the real program: the reported vector is always the full one.
func TestReplayPaddingAndClamping(t *testing.T) {
	x := explorerOf(t, workedExample, Options{})
	for _, tc := range []struct {
		in   []int
		want string
	}{
		{nil, "[0, 0, 0, 0, 0, 0]"},
		{[]int{0, 1}, "[0, 1, 0, 0, 0, 0]"},
		{[]int{0, 9, 9, 9, 9, 9, 9, 9}, "[0, 1, 1, 0, 0, 0]"}, // B up, B down, then forced,
		{[]int{5}, "[0, 0, 0, 0, 0, 0]"},
	} {
		if got := FormatChoices(x.Replay(tc.in).Choices); got != tc.want {
			t.Errorf("replay %v ran %s, want %s", tc.in, got, tc.want)
		}
	}
}
