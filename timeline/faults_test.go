package timeline

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"revl.dev/debug/schedule"
	"revl.dev/debug/timeline/rvt"
)

// TestFaultsRoundTrip: a schedule with an injected crash records into a
// version 4 trace that keeps the fault bound; the crash decision reads
// back as crash(F) among the choices after the ready atoms, the replay
// verifies every event, the findings are the sweep's own, and the same
// vector without the bound is version 2 byte for byte as before (the
// header's bound is 0 and written nowhere).
func TestFaultsRoundTrip(t *testing.T) {
	src := readFile(t, "../testdata/schedule/undo_through_crashed.rvl")
	for _, tc := range []struct {
		name      string
		maxFaults int
		choices   []int
		version   uint32
		atom2     string
		ready2    string
		finding   string
	}{
		{"crash", 1, []int{0, 0, 1, 0}, 4, "crash(Db)", "teardown(App) crash(Db) crash(App)", schedule.TagUseAfterWithdrawal},
		{"crash App", 1, []int{0, 0, 2}, 4, "crash(App)", "teardown(App) crash(Db) crash(App)", ""},
		{"bound, no crash", 2, []int{0, 0, 0, 0}, 4, "teardown(App)", "teardown(App) crash(Db) crash(App)", ""},
		{"no faults", 0, []int{0, 0, 1, 0}, rvt.LifecycleVersion, "teardown(App)", "teardown(App)", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, opts := range []RecorderOptions{{}, small} {
				cfg := Config{Program: "app.rvl", Source: src, Choices: tc.choices, MaxFaults: tc.maxFaults, RecorderOptions: opts}
				b := record(t, cfg)
				tl := open(t, b)
				if err := tl.Verify(); err != nil {
					t.Fatal(err)
				}
				if got := tl.Reader().Version(); got != tc.version {
					t.Errorf("format version %d, want %d", got, tc.version)
				}
				if got := tl.Header().Options.MaxFaults; got != tc.maxFaults {
					t.Errorf("header max faults %d, want %d", got, tc.maxFaults)
				}
				var atom2, ready2 string
				err := tl.Range(0, tl.Len(), func(d Decision, _ []Event) error {
					if d.Index == 2 {
						var ls []string
						for _, a := range d.Ready {
							ls = append(ls, a.Label)
						}
						atom2, ready2 = d.Atom, strings.Join(ls, " ")
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				if atom2 != tc.atom2 || ready2 != tc.ready2 {
					t.Errorf("decision 2: %s of [%s], want %s of [%s]", atom2, ready2, tc.atom2, tc.ready2)
				}
				sum, err := tl.Summary()
				if err != nil {
					t.Fatal(err)
				}
				var tags []string
				for _, f := range sum.Findings {
					tags = append(tags, f.Tag)
				}
				if got := strings.Join(tags, ","); got != tc.finding {
					t.Errorf("findings %q, want %q", got, tc.finding)
				}
				res, err := Replay(tl, ReplayOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if !res.OK() || res.Decisions != tl.Len() {
					t.Fatalf("replay: %+v", res.Divergence)
				}
				// The world's sweep agrees with the recording.
				prog, _ := Compile("app.rvl", src)
				w, err := schedule.NewWorld(prog, schedule.Options{MaxFaults: tc.maxFaults})
				if err != nil {
					t.Fatal(err)
				}
				if r := w.Replay(tc.choices); fmt.Sprint(r.Choices) != fmt.Sprint(sum.Choices) {
					t.Errorf("trace took %v, the world %v", sum.Choices, r.Choices)
				}
			}
		})
	}
	// A faulted trace replayed by a reader that ignores the bound would
	// choose from another set: the header's bound is what replays it.
	cfg := Config{Program: "app.rvl", Source: src, Choices: []int{0, 0, 1, 0}, MaxFaults: 1}
	with := record(t, cfg)
	cfg.MaxFaults = 0
	without := record(t, cfg)
	if bytes.Equal(with, without) {
		t.Fatal("the fault bound changes nothing in the trace")
	}
}
