package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestGoldenFineTrace opens a trace of fine atoms, recorded with `revl
// trace record testdata/fine/resume_lost_update.rvl --atoms fine --choices
// 0,0,0,0,1,0,0,0,0,0`: Warm's lane draws its complete (j) and resume (>)
// atoms with their own glyphs and is suspended (┄) between its activate
// and its resume, and the help's legend explains them.
func TestGoldenFineTrace(t *testing.T) {
	s, err := LoadTrace("testdata/fine-resume.rvt", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	m := run(t, New(s, Options{}), 100, 30, keys("home", "right", "right", "right", "right")...)
	v := view(t, m)
	lane := ""
	for _, line := range strings.Split(v, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, "> "), "Warm ") {
			lane = line
			break
		}
	}
	// Decisions 2 to 6 of Warm's lane: activate, complete, suspended, resume, teardown.
	for _, want := range []string{"[", "j", "┄┄┄", ">", "]"} {
		if !strings.Contains(lane, want) {
			t.Errorf("Warm's lane %q lacks %q", lane, want)
		}
	}
	golden.RequireEqual(t, []byte(v))

	h := view(t, run(t, New(s, Options{}), 100, 30, keys("?")...))
	if !strings.Contains(h, fineLegend) {
		t.Errorf("the help of a fine trace lacks the fine legend:\n%s", h)
	}
	l := view(t, run(t, New(seed3(t), Options{}), 100, 30, keys("?")...))
	if strings.Contains(l, "fine:") {
		t.Errorf("the help of a lifecycle run shows the fine legend:\n%s", l)
	}
}
