package timeline

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/schedule"
	"revl.dev/debug/timeline/rvt"
)

// TestFaultsRoundTrip: a schedule of a world with faults (crash(F) and
// fail@F:N, as revl test --faults builds it) records into a version 5
// trace that keeps the fault bound and the failures; the fault decision
// reads back by its name among the choices after the ready atoms, the
// replay verifies every event, the findings are the sweep's own, and the
// same vector without the bound is version 2 byte for byte as before (the
// header's bound is 0 and written nowhere). With fine atoms too.
func TestFaultsRoundTrip(t *testing.T) {
	crash := "../testdata/schedule/undo_through_crashed.rvl"
	failat := "../testdata/faults/schedules/failpath_undo.rvl"
	fine := "../testdata/fine/failed_provider.rvl"
	for _, tc := range []struct {
		name      string
		file      string
		atoms     runtime.AtomMode
		maxFaults int
		choices   []int
		version   uint32
		at        int // the decision whose atom and ready set are checked
		atom      string
		ready     string
		finding   string
	}{
		{"crash", crash, 0, 1, []int{0, 0, 1, 0}, 5, 2, "crash(Db)", "teardown(App) crash(Db) crash(App)", schedule.TagUseAfterWithdrawal},
		{"crash App", crash, 0, 1, []int{0, 0, 2}, 5, 2, "crash(App)", "teardown(App) crash(Db) crash(App)", ""},
		{"bound, no crash", crash, 0, 2, []int{0, 0, 0, 0}, 5, 2, "teardown(App)", "teardown(App) crash(Db) crash(App)", ""},
		{"no faults", crash, 0, 0, []int{0, 0, 1, 0}, rvt.LifecycleVersion, 2, "teardown(App)", "teardown(App)", ""},
		{"fail@", failat, 0, 1, []int{0, 2, 0}, 5, 1, "fail@Migrator:1",
			"activate(Migrator) crash(Sink) fail@Migrator:1 fail@Migrator:2 fail@Migrator:3", schedule.TagResidue},
		{"fail@ the last step", failat, 0, 1, []int{0, 4, 0}, 5, 1, "fail@Migrator:3",
			"activate(Migrator) crash(Sink) fail@Migrator:1 fail@Migrator:2 fail@Migrator:3", ""},
		{"fine fail@ at the await", fine, runtime.AtomsFine, 1, []int{3, 1, 0, 0, 0}, 5, 0, "fail@Cache:3",
			"activate(Cache) fail@Cache:1 fail@Cache:2 fail@Cache:3 fail@Cache:4", schedule.TagUseAfterWithdrawal + "," + schedule.TagTeardownOrder},
		{"fine crash while suspended", fine, runtime.AtomsFine, 1, []int{0, 2}, 5, 1, "crash(Cache)",
			"complete(job load) activate(Writer) crash(Cache) fail@Writer:1", schedule.TagResidue}, // the job outlives its crashed owner
		{"fine, no faults", fine, runtime.AtomsFine, 0, []int{0, 1}, 3, 1, "activate(Writer)", "complete(job load) activate(Writer)",
			schedule.TagUnstable + "," + schedule.TagUseAfterWithdrawal + "," + schedule.TagTeardownOrder},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := readFile(t, tc.file)
			for _, opts := range []RecorderOptions{{}, small} {
				cfg := Config{Program: "app.rvl", Source: src, Choices: tc.choices, MaxFaults: tc.maxFaults, RecorderOptions: opts}
				cfg.Options.Atoms = tc.atoms
				b := record(t, cfg)
				tl := open(t, b)
				if err := tl.Verify(); err != nil {
					t.Fatal(err)
				}
				if got := tl.Reader().Version(); got != tc.version {
					t.Errorf("format version %d, want %d", got, tc.version)
				}
				if h := tl.Header().Options; h.MaxFaults != tc.maxFaults || h.Failures != (tc.maxFaults > 0) {
					t.Errorf("header max faults %d failures %v, want %d %v", h.MaxFaults, h.Failures, tc.maxFaults, tc.maxFaults > 0)
				}
				var atom, ready string
				err := tl.Range(0, tl.Len(), func(d Decision, _ []Event) error {
					if d.Index == tc.at {
						var ls []string
						for _, a := range d.Ready {
							ls = append(ls, a.Label)
						}
						atom, ready = d.Atom, strings.Join(ls, " ")
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				if atom != tc.atom || ready != tc.ready {
					t.Errorf("decision %d: %s of [%s], want %s of [%s]", tc.at, atom, ready, tc.atom, tc.ready)
				}
				// Seeking back reads the fault choices from checkpoints too.
				for k := tl.Len() - 1; k >= 0; k-- {
					d, err := tl.Decision(k)
					if err != nil {
						t.Fatal(err)
					}
					if k == tc.at && d.Atom != tc.atom {
						t.Errorf("decision %d read back as %s", k, d.Atom)
					}
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
				// revl test's world (the same WithFaults) agrees with the
				// recording, findings included.
				prog, _ := Compile("app.rvl", src)
				w, err := schedule.NewWorld(prog, schedule.Options{Runtime: runtime.Options{Atoms: tc.atoms}}.WithFaults(tc.maxFaults))
				if err != nil {
					t.Fatal(err)
				}
				r := w.Replay(tc.choices)
				if fmt.Sprint(r.Choices) != fmt.Sprint(sum.Choices) {
					t.Errorf("trace took %v, the world %v", sum.Choices, r.Choices)
				}
				if r.Signature() != sum.Signature {
					t.Errorf("trace's findings %q, the world's %q", sum.Signature, r.Signature())
				}
			}
		})
	}
	// A faulted trace replayed by a reader that ignores the bound would
	// choose from another set: the header's bound is what replays it.
	src := readFile(t, crash)
	cfg := Config{Program: "app.rvl", Source: src, Choices: []int{0, 0, 1, 0}, MaxFaults: 1}
	with := record(t, cfg)
	cfg.MaxFaults = 0
	without := record(t, cfg)
	if bytes.Equal(with, without) {
		t.Fatal("the fault bound changes nothing in the trace")
	}
}

// TestOldVersions: traces written by earlier versions of the format,
// kept as files, still open, verify and replay identically, with the
// options their version implies: a version 4 trace is crash faults only
// (its ready sets have no fail@F:N choice, and its replay offers none).
func TestOldVersions(t *testing.T) {
	for _, tc := range []struct {
		file      string
		version   uint32
		atoms     string
		maxFaults int
		at        int
		ready     string
	}{
		{"testdata/v1/two-consumers-seed3.rvt", 1, "", 0, 1, "activate(A) activate(B)"},
		{"testdata/v2/two-consumers.rvt", 2, "", 0, 1, "activate(A) activate(B)"},
		{"testdata/v3/fine-seed2.rvt", 3, "fine", 0, 0, "activate(Cache)"},
		{"testdata/v4/undo-crash.rvt", 4, "", 1, 1, "activate(App) crash(Db)"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			b, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			tl := open(t, b)
			h := tl.Header().Options
			if v := tl.Reader().Version(); v != tc.version || h.Atoms != tc.atoms || h.MaxFaults != tc.maxFaults || h.Failures {
				t.Fatalf("format %d atoms %q max faults %d failures %v; want %d %q %d false", v, h.Atoms, h.MaxFaults, h.Failures,
					tc.version, tc.atoms, tc.maxFaults)
			}
			if err := tl.Verify(); err != nil {
				t.Fatal(err)
			}
			d, err := tl.Decision(tc.at)
			if err != nil {
				t.Fatal(err)
			}
			var ls []string
			for _, a := range d.Ready {
				ls = append(ls, a.Label)
			}
			if got := strings.Join(ls, " "); got != tc.ready {
				t.Errorf("decision %d ready [%s], want [%s]", tc.at, got, tc.ready)
			}
			if wo := WorldOptions(tl.Header()); wo.MaxFaults != tc.maxFaults || wo.Failures {
				t.Errorf("world options %+v", wo)
			}
			res, err := Replay(tl, ReplayOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK() || res.Decisions != tl.Len() {
				t.Fatalf("replay: %+v", res.Divergence)
			}
		})
	}
}
