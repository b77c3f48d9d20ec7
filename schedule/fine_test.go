package schedule

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

// fineDir holds the fixtures of fine atoms: each bug there passes every
// lifecycle schedule and is found by the fine sweep, and its _fixed twin
// passes both.
const fineDir = "../testdata/fine"

var fineOpts = Options{Runtime: runtime.Options{Atoms: runtime.AtomsFine}}

// fineCases says what the fine sweep finds in each bug fixture.
var fineCases = []struct {
	file string
	// tags must all be among the tags of the failing fine schedules.
	tags []string
	// kind is an atom kind every shrunk failing schedule runs: the one
	// the bug needs.
	kind runtime.AtomKind
}{
	{"resume_lost_update.rvl", []string{TagUnstable}, runtime.Resume},
	{"complete_order.rvl", []string{TagUnstable}, runtime.Complete},
	{"fire_eviction.rvl", []string{TagUndoFailure}, runtime.Fire},
	{"failed_provider.rvl", []string{TagUseAfterWithdrawal, TagTeardownOrder}, runtime.Resume},
}

// coarseSeeds is how many lifecycle seeds a fine-only bug must pass.
const coarseSeeds = 1000

// fineSeeds is the fine sweep of the tests.
const fineSeeds = 200

func TestFineFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(fineDir, "*.rvl"))
	if err != nil || len(files) != 2*len(fineCases) {
		t.Fatalf("%d fixtures in %s (%v), want %d: a bug and its fix per row", len(files), fineDir, err, 2*len(fineCases))
	}
	for _, c := range fineCases {
		for _, fixed := range []bool{false, true} {
			file := c.file
			if fixed {
				file = strings.TrimSuffix(file, ".rvl") + "_fixed.rvl"
			}
			t.Run(strings.TrimSuffix(file, ".rvl"), func(t *testing.T) {
				t.Parallel()
				path := filepath.Join(fineDir, file)
				coarse := explorerOf(t, path, Options{})
				for seed := uint64(0); seed <= coarseSeeds; seed++ {
					if o := coarse.Explore(seed, false); !o.Result.OK() {
						t.Fatalf("lifecycle seed %d fails: %v", seed, o.Result.Findings)
					}
				}
				fine := explorerOf(t, path, fineOpts)
				if r := fine.Baseline(); !r.OK() {
					t.Fatalf("the fine canonical run fails: %v", r.Findings)
				}
				tags := map[string]bool{}
				failing := 0
				for seed := uint64(1); seed <= fineSeeds; seed++ {
					o := fine.Explore(seed, true)
					if o.Result.OK() {
						continue
					}
					failing++
					for _, f := range o.Result.Findings {
						tags[f.Tag] = true
					}
					kinds := shrunkKinds(fine, o.Shrunk.Result.Choices)
					if failing == 1 {
						t.Logf("seed %d shrinks to %s: %s", seed, FormatChoices(o.Shrunk.Result.Choices), strings.Join(o.Shrunk.Result.Atoms, ", "))
					}
					if !slices.Contains(kinds, c.kind) {
						t.Errorf("seed %d shrinks to %v, which runs no %s atom", seed, o.Shrunk.Result.Atoms, runtime.Atom{Kind: c.kind}.String())
					}
				}
				if fixed {
					if failing > 0 {
						t.Fatalf("the fixed version fails %d fine seeds: %v", failing, tags)
					}
					return
				}
				if failing == 0 {
					t.Fatalf("no fine seed of %d fails", fineSeeds)
				}
				t.Logf("%d of %d fine seeds fail: %v", failing, fineSeeds, tags)
				for _, tag := range c.tags {
					if !tags[tag] {
						t.Errorf("the fine sweep finds %v, not %s", tags, tag)
					}
				}
			})
		}
	}
}

// shrunkKinds lists the atom kinds a replay of choices runs.
func shrunkKinds(w *World, choices []int) []runtime.AtomKind {
	d := NewUncheckedDriver(w, NewReplay(choices), nil)
	var kinds []runtime.AtomKind
	for !d.AtEnd() {
		d.RunAtom()
		kinds = append(kinds, d.Atom.Kind)
	}
	return kinds
}

// TestFineCanonicalIsLifecycleCanonical: on every program of testdata and
// examples, index 0 with fine atoms gives the canonical lifecycle run's
// emissions, end snapshot, final states and findings.
func TestFineCanonicalIsLifecycleCanonical(t *testing.T) {
	var files []string
	for _, dir := range []string{fixtureDir, fineDir, exampleDir, "../testdata/runtime", "../testdata/faults"} {
		fs, err := filepath.Glob(filepath.Join(dir, "*.rvl"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	awaitsOrTimers := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		p, diags := check.Source(path, src)
		if check.HasErrors(diags) {
			continue
		}
		t.Run(filepath.Base(filepath.Dir(path))+"/"+filepath.Base(path), func(t *testing.T) {
			if strings.Contains(string(src), "await") || strings.Contains(string(src), "every ") || strings.Contains(string(src), "after ") {
				awaitsOrTimers++
			}
			coarse, err := NewWorld(p, Options{})
			if err != nil {
				t.Skipf("no world: %v", err) // programs with mocks' requirements the runtime refuses
			}
			fine, err := NewWorld(p, fineOpts)
			if err != nil {
				t.Fatal(err)
			}
			a, b := coarse.Baseline(), fine.Baseline()
			if !slices.Equal(a.States, b.States) {
				t.Errorf("states: lifecycle %v, fine %v", a.States, b.States)
			}
			if !slices.EqualFunc(a.Emissions, b.Emissions, func(x, y Emission) bool { return x.Text == y.Text && x.Fiber == y.Fiber }) {
				t.Errorf("emissions: lifecycle %v, fine %v", a.Emissions, b.Emissions)
			}
			if d := runtime.Diff(a.Snapshot, b.Snapshot); len(d) > 0 {
				t.Errorf("end snapshots differ: %v", d)
			}
			var ta, tb []string
			for _, f := range a.Findings {
				ta = append(ta, f.Tag)
			}
			for _, f := range b.Findings {
				tb = append(tb, f.Tag)
			}
			if !slices.Equal(ta, tb) {
				t.Errorf("findings: lifecycle %v, fine %v", ta, tb)
			}
		})
	}
	if awaitsOrTimers < 6 {
		t.Errorf("only %d programs with await or timers were compared", awaitsOrTimers)
	}
}

// TestFineTimerEmissionsOutsideFingerprint: a ticker's emissions vary with
// how often the schedule fires it; they are neither `unstable` nor part of
// the fingerprint, so a clean program with timers passes the fine sweep
// with one fingerprint over many schedules.
func TestFineTimerEmissionsOutsideFingerprint(t *testing.T) {
	x := explorerOf(t, "../testdata/runtime/timers.rvl", fineOpts)
	fps, schedules, timed := map[string]bool{}, map[string]bool{}, 0
	for seed := uint64(1); seed <= 40; seed++ {
		o := x.Explore(seed, false)
		if !o.Result.OK() {
			t.Fatalf("seed %d fails: %v", seed, o.Result.Findings)
		}
		fps[o.FingerprintHash], schedules[o.ScheduleHash] = true, true
		for _, e := range o.Result.Emissions {
			if e.Timer {
				timed++
			}
		}
	}
	if len(fps) != 1 || len(schedules) < 3 || timed == 0 {
		t.Fatalf("%d fingerprints over %d schedules, %d timer emissions; want 1 over several, some", len(fps), len(schedules), timed)
	}
}
