package schedule

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"revl.dev/debug/internal/gen"
)

func TestVectorText(t *testing.T) {
	long := func(head ...int) []int { return append(head, make([]int, 100-len(head))...) }
	random := make([]int, 100)
	for i := range random {
		random[i] = i%7 + 1
	}
	sparse := make([]int, 100)
	sparse[95], sparse[97] = 2, 1
	cases := []struct {
		name    string
		v       []int
		text    string
		command string
	}{
		{"empty", nil, "[]", "0"},
		{"short, trailing zeros kept", []int{0, 1, 0, 0}, "[0, 1, 0, 0]", "0,1,0,0"},
		{"whole up to the bound", make([]int, wholeVector), FormatChoices(make([]int, wholeVector)), FlagChoices(make([]int, wholeVector))},
		{"long, zeros after a short head", long(0, 1), "[0, 1] and 98 zeros", "0,1"},
		{"long, all zeros", long(), "[] and 100 zeros", "0"},
		{"long, runs of zeros", sparse, "[0*95, 2, 0, 1] and 2 zeros", "0*95,2,0,1"},
		{"long, no short form", random, strings.TrimSuffix(FormatChoices(random[:wholeVector]), "]") + ", …] (100 decisions)", FlagChoices(random)},
	}
	for _, c := range cases {
		if got := VectorText(c.v); got != c.text {
			t.Errorf("%s: VectorText = %q, want %q", c.name, got, c.text)
		}
		got := CommandChoices(c.v)
		if got != c.command {
			t.Errorf("%s: CommandChoices = %q, want %q", c.name, got, c.command)
		}
		if back, err := ParseChoices(got); err != nil || !samePadded(back, c.v) {
			t.Errorf("%s: %q reads back as %v, %v", c.name, got, back, err)
		}
	}
	rp := ReplayTarget{File: "wide.rvl"}
	if got, want := rp.TestCommand(sparse), "revl test wide.rvl --choices '0*95,2,0,1'"; got != want {
		t.Errorf("TestCommand = %q, want %q", got, want)
	}
	if got, want := rp.LaunchConfig(sparse), `{"type": "revl", "request": "launch", "program": "wide.rvl", "choices": "0*95,2,0,1"}`; got != want {
		t.Errorf("LaunchConfig = %q, want %q", got, want)
	}
	if got, want := rp.LaunchConfig([]int{0, 1}), `{"type": "revl", "request": "launch", "program": "wide.rvl", "choices": [0,1]}`; got != want {
		t.Errorf("LaunchConfig = %q, want %q", got, want)
	}
}

// TestLongFailureReport: the report of a failing schedule of a wide
// composition (hundreds of decisions) shows the atoms that are not the
// canonical choice and the emissions that differ, each with a few rows
// around it, counts the rows it leaves out, and prints commands whose
// shortened vector replays the very schedule reported.
func TestLongFailureReport(t *testing.T) {
	w := sourceWorld(t, "wide.rvl", string(gen.Source(gen.Wide(300))), Options{})
	o := w.Explore(1, true)
	if o.Shrunk == nil {
		t.Fatal("seed 1 of wide 300 passes; the test needs a failing seed")
	}
	r := o.Shrunk.Result
	if r.OK() || len(r.Choices) != 600 {
		t.Fatalf("seed 1 of wide 300: ok %v, %d decisions; want a failing schedule of 600", r.OK(), len(r.Choices))
	}
	rp := ReplayTarget{File: "wide.rvl"}
	var b strings.Builder
	WriteFailure(&b, rp, SeedLabel{N: 1}, r, o.Shrunk, w.Baseline())
	out := b.String()
	if n := strings.Count(out, "\n"); n > 60 {
		t.Errorf("the report of a 600-decision schedule has %d lines:\n%s", n, out)
	}
	for i, c := range r.Choices {
		if c != 0 && !regexp.MustCompile(`(?m)^   \* +`+strconv.Itoa(i)+`  `).MatchString(out) {
			t.Errorf("decision %d (choice %d) is not shown:\n%s", i, c, out)
		}
	}
	for _, want := range []string{"atoms, each the canonical choice", "rows, the same in both runs", "<- first divergence"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	m := regexp.MustCompile(`replay: revl test wide\.rvl --choices '?([0-9,*]+)'?\n`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no replay command:\n%s", out)
	}
	v, err := ParseChoices(m[1])
	if err != nil {
		t.Fatal(err)
	}
	if len(v) >= len(r.Choices) {
		t.Errorf("the replay vector has %d choices, the schedule %d: not shortened", len(v), len(r.Choices))
	}
	again := w.Replay(v)
	if !slices.Equal(again.Choices, r.Choices) || !slices.Equal(FindingLines(again.Findings), FindingLines(r.Findings)) {
		t.Errorf("--choices %s replays %v (%v), the report's schedule is %v (%v)", m[1], VectorText(again.Choices), again.Findings, VectorText(r.Choices), r.Findings)
	}

	// Unshrunk, a seed's vector strays from the canonical choice at most
	// decisions: the first maxInteresting are shown (and those among the
	// rows around the last of them), the rest counted.
	b.Reset()
	WriteFailure(&b, rp, SeedLabel{N: 1}, o.Result, nil, w.Baseline())
	out = b.String()
	if got := strings.Count(out, "\n   * "); got < maxInteresting || got > maxInteresting+listContext {
		t.Errorf("the unshrunk report marks %d atoms, want %d to %d:\n%s", got, maxInteresting, maxInteresting+listContext, out)
	}
	if !regexp.MustCompile(`… \d+ atoms, \d+ of them not the canonical choice \(revl test --json lists them all\)`).MatchString(out) {
		t.Errorf("the unshrunk report does not count the atoms it leaves out:\n%s", out)
	}
}
