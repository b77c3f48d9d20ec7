package schedule

import (
	"slices"
	"testing"
)

func TestParseChoices(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
		err  string
	}{
		{in: "0,1,0", want: []int{0, 1, 0}},
		{in: "[0, 1, 0]", want: []int{0, 1, 0}},
		{in: "0 1\t0", want: []int{0, 1, 0}},
		{in: " 7 ", want: []int{7}},
		{in: "0", want: []int{0}},
		{in: "", err: "empty: want a comma-separated list of indices, e.g. 0,1,0 (0 alone is the canonical run)"},
		{in: "[]", err: "empty: want a comma-separated list of indices, e.g. 0,1,0 (0 alone is the canonical run)"},
		{in: "  ", err: "empty: want a comma-separated list of indices, e.g. 0,1,0 (0 alone is the canonical run)"},
		{in: "0,,1", err: "element 2 is empty"},
		{in: ",0", err: "element 1 is empty"},
		{in: "0,1,", err: "element 3 is empty"},
		{in: "0,a", err: `element 2 is "a", want a non-negative integer`},
		{in: "0,-1", err: `element 2 is "-1", want a non-negative integer`},
		{in: "0 1,2", err: `element 1 is "0 1", want a non-negative integer`},
		{in: "99999999999999999999", err: `element 1 is "99999999999999999999", want a non-negative integer`},
		{in: "[0,1", err: `"[0,1": unbalanced brackets; want e.g. 0,1,0 or [0, 1, 0]`},
		{in: "0*3,1", want: []int{0, 0, 0, 1}},
		{in: "[0*2, 2*2]", want: []int{0, 0, 2, 2}},
		{in: "1 0*2", want: []int{1, 0, 0}},
		{in: "0*1", want: []int{0}},
		{in: "0*0", err: `element 1 is "0*0", want a positive count after '*'`},
		{in: "1,0*", err: `element 2 is "0*", want a positive count after '*'`},
		{in: "*3", err: `element 1 is "*3", want a non-negative integer before '*'`},
		{in: "0*2*2", err: `element 1 is "0*2*2", want a positive count after '*'`},
		{in: "-1*2", err: `element 1 is "-1*2", want a non-negative integer before '*'`},
		{in: "0*99999999", err: `element 1 is "0*99999999": the vector would be longer than 16777216 decisions`},
		{in: "0*16777216,1", err: `element 2 is "1": the vector would be longer than 16777216 decisions`},
	} {
		got, err := ParseChoices(c.in)
		switch {
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("ParseChoices(%q) = %v, %v; want error %q", c.in, got, err, c.err)
		case c.err == "" && (err != nil || !slices.Equal(got, c.want)):
			t.Errorf("ParseChoices(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

// FuzzParseChoices: any accepted input is a non-empty vector of
// non-negative indices that FlagChoices writes back to an equal vector.
func FuzzParseChoices(f *testing.F) {
	for _, s := range []string{"0,1,0", "[0, 1]", "0 1", "", "0,,1", "-1", "[", "1,", "0*70,1", "3*2,0*9", "0*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseChoices(s)
		if err != nil {
			return
		}
		if len(v) == 0 {
			t.Fatalf("%q: accepted as an empty vector", s)
		}
		for _, c := range v {
			if c < 0 {
				t.Fatalf("%q: negative element in %v", s, v)
			}
		}
		back, err := ParseChoices(FlagChoices(v))
		if err != nil || !slices.Equal(back, v) {
			t.Fatalf("%q: %v does not round-trip: %v, %v", s, v, back, err)
		}
		// The printed commands' form replays the same schedule: the same
		// vector, but for trailing zeros (replay reads 0 past the end).
		short, err := ParseChoices(CommandChoices(v))
		if err != nil || !samePadded(short, v) {
			t.Fatalf("%q: CommandChoices(%v) = %q reads back as %v, %v", s, v, CommandChoices(v), short, err)
		}
	})
}

// samePadded reports whether a and b are the same vector once the
// shorter is padded with zeros.
func samePadded(a, b []int) bool {
	for i := range max(len(a), len(b)) {
		x, y := 0, 0
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return false
		}
	}
	return true
}

func TestShellQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a.rvl", "a.rvl"},
		{"examples/two-consumers.rvl", "examples/two-consumers.rvl"},
		{"", "''"},
		{"my app.rvl", "'my app.rvl'"},
		{"x$(id)y;z.rvl", "'x$(id)y;z.rvl'"},
		{"it's.rvl", `'it'\''s.rvl'`},
		{"a`b`.rvl", "'a`b`.rvl'"},
		{"a\nb", "'a\nb'"},
	} {
		if got := ShellQuote(c.in); got != c.want {
			t.Errorf("ShellQuote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestReplayTargetCommands(t *testing.T) {
	rp := ReplayTarget{File: "x$(id)y;z.rvl", MaxDecisions: 5}
	if got, want := rp.TestCommand([]int{0, 1}), "revl test 'x$(id)y;z.rvl' --max-decisions 5 --choices 0,1"; got != want {
		t.Errorf("TestCommand = %s, want %s", got, want)
	}
	if got, ok := rp.TUICommand(nil); !ok || got != "revl-tui 'x$(id)y;z.rvl' --choices 0 --max-decisions 5" {
		t.Errorf("TUICommand = %s, %v", got, ok)
	}
	if got, want := rp.LaunchConfig([]int{1}), `{"type": "revl", "request": "launch", "program": "x$(id)y;z.rvl", "choices": [1], "maxDecisions": 5}`; got != want {
		t.Errorf("LaunchConfig = %s, want %s", got, want)
	}
	m := ReplayTarget{File: "-a.rvl", Mocks: true, MockSeed: 4}
	if got, want := m.TestCommand([]int{1}), "revl test ./-a.rvl --mock-requires --mock-seed 4 --choices 1"; got != want {
		t.Errorf("TestCommand = %s, want %s", got, want)
	}
	if _, ok := m.TUICommand([]int{1}); ok {
		t.Error("TUICommand offered for mock world")
	}
	if got, want := m.LaunchConfig([]int{1}), `{"type": "revl", "request": "launch", "program": "-a.rvl", "choices": [1], "mocks": {"seed": 4}}`; got != want {
		t.Errorf("LaunchConfig = %s, want %s", got, want)
	}
	f := ReplayTarget{File: "app.rvl", MaxFaults: 1}
	if got, ok := f.TUICommand([]int{0, 1}); !ok || got != "revl-tui app.rvl --choices 0,1 --max-faults 1" {
		t.Errorf("TUICommand = %s, %v", got, ok)
	}
	if got, want := f.LaunchConfig([]int{0, 1}), `{"type": "revl", "request": "launch", "program": "app.rvl", "choices": [0,1], "maxFaults": 1}`; got != want {
		t.Errorf("LaunchConfig = %s, want %s", got, want)
	}
}
