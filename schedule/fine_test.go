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
			fine := mustWorld(t, p, fineOpts)
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

// vectorPicking runs w's canonical choice except at the decisions of at,
// where it picks the atom (or fault) labelled so, and returns the vector;
// in either alphabet, with faults or without.
func vectorPicking(t *testing.T, w *World, at map[int]string) []int {
	t.Helper()
	d := NewDriver(w, NewReplay(nil), nil)
	var vec []int
	for !d.AtEnd() {
		c := 0
		if label, ok := at[d.Decision]; ok {
			c = -1
			for i := range d.ReadyLen() {
				if w.Label(d.ReadyAt(i)) == label {
					c = i
				}
			}
			if c < 0 {
				t.Fatalf("decision %d: no %s", d.Decision, label)
			}
		}
		vec = append(vec, c)
		d.SetVector(vec)
		d.RunAtom()
	}
	return vec
}

// TestFineJobOutlivesOwner: with fine atoms a job its owner leaves in
// flight when the owner's frame has drained — its teardown, the unwinding
// of its own failure, an injected crash or fail@F:N — is residue of the
// owner at the end of that atom, at the job's acquisition, and reported
// once: the job's later complete adds nothing. The fixed twin, whose undo
// cancels the job, passes the same vector.
func TestFineJobOutlivesOwner(t *testing.T) {
	for _, c := range []struct {
		name string
		src  string // %s is the job's undo
		opts Options
		at   map[int]string
		dec  int    // the decision of the finding
		msg  string // its message's start
	}{
		{"teardown", `component Syncer { let j = effect Job.run("sync") undo %s }
component Api { let m = effect Map.new() undo m.drop() }
`, fineOpts, map[int]string{1: "teardown(Syncer)"}, 1,
			"unreleased when teardown(Syncer) ended at decision 1: job sync (start with no done) acquired by Syncer at owner.rvl:1:35 during activate(Syncer)"},
		{"own failure", `component Loader {
  let j = effect Job.run("prefetch") undo %s
  await Job.run("probe")
  fail "no data source configured"
}
`, fineOpts, map[int]string{1: "complete(job probe)"}, 2,
			"unreleased when resume(Loader) ended at decision 2: job prefetch (start with no done) acquired by Loader at owner.rvl:2:18 during activate(Loader)"},
		{"crash while suspended", `component Warm {
  let j = effect Job.run("warmup") undo %s
  await j
}
component Api { let m = effect Map.new() undo m.drop() }
`, Options{Runtime: fineOpts.Runtime, MaxFaults: 1}, map[int]string{1: "crash(Warm)"}, 1,
			"unreleased when crash(Warm) ended at decision 1: job warmup (start with no done) acquired by Warm at owner.rvl:2:18 during activate(Warm)"},
		// A job awaited without a binding has no undo to cancel it: a crash
		// while its activation waits for it leaves it running. Binding it
		// with an undo that cancels it (the fixed twin) is the remedy.
		{"crash while suspended on a bare await", `component Warm {
  let j = effect Map.new() undo j.drop()
  %s
}
component Api { let m = effect Map.new() undo m.drop() }
`, Options{Runtime: fineOpts.Runtime, MaxFaults: 1}, map[int]string{1: "crash(Warm)"}, 1,
			"unreleased when crash(Warm) ended at decision 1: job connect (start with no done) acquired by Warm at owner.rvl:3:9 during activate(Warm)"},
		{"injected failure", `component Warm {
  let j = effect Job.run("warmup") undo %s
  let m = effect Map.new() undo m.drop()
}
`, Options{Runtime: fineOpts.Runtime, MaxFaults: 1, Failures: true}, map[int]string{0: "fail@Warm:1"}, 0,
			"unreleased when fail@Warm:1 ended at decision 0: job warmup (start with no done) acquired by Warm at owner.rvl:2:18 during fail@Warm:1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, fixed := range []bool{false, true} {
				undo := "0"
				if fixed {
					undo = "j.cancel()"
				}
				src := strings.Replace(c.src, "%s", undo, 1)
				if strings.Contains(c.name, "bare await") {
					step := `await Job.run("connect")`
					if fixed {
						step = `let c = effect Job.run("connect") undo c.cancel()
  await c`
					}
					src = strings.Replace(c.src, "%s", step, 1)
				}
				w := mustWorld(t, sourceProgram(t, "owner.rvl", []byte(src)), c.opts)
				r := w.Replay(vectorPicking(t, w, c.at))
				if fixed {
					if !r.OK() {
						t.Errorf("fixed: atoms %v, findings %v", r.Atoms, r.Findings)
					}
					continue
				}
				var res []Finding
				for _, f := range r.Findings {
					if f.Tag == TagResidue {
						res = append(res, f)
					}
				}
				if len(res) != 1 {
					t.Fatalf("atoms %v: residue findings %v, want exactly one", r.Atoms, res)
				}
				f := res[0]
				if f.Decision != c.dec || !strings.HasPrefix(f.Message, c.msg) || !strings.HasPrefix(f.Resource, "job ") ||
					int(f.Span.Start.Line) != strings.Count(src[:strings.Index(src, "Job.run")], "\n")+1 {
					t.Errorf("finding %+v\nwant decision %d, message %q", f, c.dec, c.msg)
				}
				// The job still completes after its owner is gone: the
				// schedule cannot end with it in flight.
				if !slices.Contains(r.Atoms[c.dec+1:], "complete("+f.Resource+")") {
					t.Errorf("atoms %v: the job never completes after decision %d", r.Atoms, c.dec)
				}
			}
		})
	}
	// Two jobs left by one owner are one finding, at the first, with the
	// second related.
	src := `component Syncer {
  let j = effect Job.run("sync") undo 0
  let k = effect Job.run("flush") undo 0
}
component Api { let m = effect Map.new() undo m.drop() }
`
	w := mustWorld(t, sourceProgram(t, "owner.rvl", []byte(src)), fineOpts)
	r := w.Replay(vectorPicking(t, w, map[int]string{1: "teardown(Syncer)"}))
	want := "unreleased when teardown(Syncer) ended at decision 1: job sync (start with no done) acquired by Syncer at owner.rvl:2:18 during activate(Syncer), " +
		"job flush (start with no done) acquired by Syncer at owner.rvl:3:18 during activate(Syncer); the jobs outlive their owner"
	if len(r.Findings) != 1 || r.Findings[0].Message != want || r.Findings[0].Resource != "job sync" ||
		!slices.ContainsFunc(r.Findings[0].Related, func(x Related) bool { return x.Span.Start.Line == 3 }) {
		t.Errorf("findings %+v\nwant one: %s", r.Findings, want)
	}
}
