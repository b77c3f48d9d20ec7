package schedule

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fixtureCase says what sweeping one program of testdata/schedule must
// find. Each fixture's leading comment says the same in words.
type fixtureCase struct {
	file string
	// tags is every finding tag seen over the canonical run and seeds
	// 1..fixtureSeeds, in report order; empty for a program that must pass.
	tags []string
	// first is the tag of the first finding of every failing schedule:
	// the tag shrinking preserves.
	first string
	// canonicalFails: the sequential baseline itself fails.
	canonicalFails bool
	// someSeedsPass: the failure is order-dependent, so some seeds pass.
	someSeedsPass bool
	// minimized is the vector every failing seed shrinks to, as
	// FormatChoices writes it.
	minimized string
	// atoms of the minimized schedule, when worth pinning.
	atoms []string
	// messages must each appear in the minimized run's findings: the
	// actionable parts, such as the fiber, the key and the resource.
	messages []string
	// minDistinct is a lower bound on the distinct schedules explored, so
	// a passing program is known to have been exercised in several orders.
	minDistinct int
}

const fixtureSeeds = 60

var fixtureCases = []fixtureCase{
	{
		file: "residue_leak.rvl", tags: []string{TagResidue}, first: TagResidue, canonicalFails: true,
		minimized: "[0, 0]", atoms: []string{"activate(Leaky)", "teardown(Leaky)"},
		messages: []string{"unreleased: map#1 (new() with no drop())"},
	},
	{
		file: "residue_order.rvl", tags: []string{TagResidue, TagUnstable}, first: TagResidue, someSeedsPass: true,
		minimized: "[0, 1, 0, 1, 0, 0]",
		atoms: []string{"activate(Reg)", "activate(Plugin)", "activate(Auditor)",
			"teardown(Plugin)", "teardown(Auditor)", "teardown(Reg)"},
		messages: []string{"unreleased: pool#1 (open() with no close())", "end state differs from the canonical run"},
	},
	{
		file: "deadlock_missing.rvl", tags: []string{TagDeadlock}, first: TagDeadlock, canonicalFails: true,
		minimized: "[]",
		messages:  []string{"Api never activated", "key db (Database) has no provider in the composition"},
	},
	{
		file: "deadlock_failed.rvl", tags: []string{TagDeadlock}, first: TagDeadlock, canonicalFails: true,
		minimized: "[0]", atoms: []string{"activate(Db)"},
		messages: []string{"Api never activated", "key db: provider Db failed to activate"},
	},
	{
		file: "unstable.rvl", tags: []string{TagUnstable}, first: TagUnstable, someSeedsPass: true,
		minimized: "[0, 1, 0, 0, 0, 0]",
		atoms: []string{"activate(Sink)", "activate(B)", "activate(A)",
			"teardown(A)", "teardown(B)", "teardown(Sink)"},
		messages: []string{`emission #0 differs from the canonical run`, `got log.write("B up")`, `canonical log.write("A up")`},
	},
	{
		file: "use_after_withdrawal.rvl", tags: []string{TagUseAfterWithdrawal}, first: TagUseAfterWithdrawal, canonicalFails: true,
		minimized: "[0, 0]", atoms: []string{"activate(Sink)", "teardown(Sink)"},
		messages: []string{"Sink called log.flush at decision 1", "provision log was withdrawn"},
	},
	{
		file: "unbounded.rvl", tags: []string{TagUnbounded}, first: TagUnbounded, canonicalFails: true,
		minimized: "[0, 0, 0]",
		messages:  []string{"activate(User) at decision 1", "step budget", "unbounded.rvl:9:22"},
	},
	{
		file: "undo_failure.rvl", tags: []string{TagUndoFailure}, first: TagUndoFailure, canonicalFails: true,
		minimized: "[0, 0]", atoms: []string{"activate(Store)", "teardown(Store)"},
		messages: []string{"an inverse of Store failed at decision 1", "use-after-free: pool#1.close after close()", "undo_failure.rvl:6:28"},
	},
	{file: "clean_resources.rvl", minDistinct: 10},
	// Passes every schedule the scheduler picks; --faults finds its bug
	// (TestFaultsFindWhatSchedulesCannot).
	{file: "undo_through_crashed.rvl", minDistinct: 1},
	{file: "commutative.rvl", minDistinct: 2},
	{file: "layered_clean.rvl", minDistinct: 2},
}

// TestFixturesCovered keeps the table and the directory in step: a new
// fixture without a row would never be run.
func TestFixturesCovered(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(fixtureDir, "*.rvl"))
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, c := range fixtureCases {
		have = append(have, c.file)
	}
	for _, f := range files {
		if !slices.Contains(have, filepath.Base(f)) {
			t.Errorf("%s has no row in fixtureCases", f)
		}
	}
	if len(files) != len(fixtureCases) {
		t.Errorf("%d fixtures on disk, %d rows", len(files), len(fixtureCases))
	}
}

// TestFixtures sweeps every fixture over seeds 1..60 and checks the tags
// found, the minimized vectors and the messages.
func TestFixtures(t *testing.T) {
	for _, c := range fixtureCases {
		t.Run(strings.TrimSuffix(c.file, ".rvl"), func(t *testing.T) {
			t.Parallel()
			x := explorerOf(t, filepath.Join(fixtureDir, c.file), Options{})
			seen := map[string]bool{}
			for _, tag := range tagsOf(x.Baseline()) {
				seen[tag] = true
			}
			if got := !x.Baseline().OK(); got != c.canonicalFails {
				t.Errorf("canonical run fails = %v, want %v (findings %v)", got, c.canonicalFails, x.Baseline().Findings)
			}
			passed, failed := 0, 0
			counter := NewCounter()
			x.Sweep(SweepOptions{Seeds: fixtureSeeds}, func(o Outcome) {
				counter.Add(o.Result.OK(), o.FingerprintHash, o.ScheduleHash)
				for _, tag := range tagsOf(o.Result) {
					seen[tag] = true
				}
				if o.Result.OK() {
					passed++
					if o.Shrunk != nil {
						t.Errorf("seed %d passed but was shrunk", o.Seed)
					}
					return
				}
				failed++
				if o.Shrunk == nil {
					t.Errorf("seed %d failed but was not shrunk", o.Seed)
					return
				}
				r := o.Shrunk.Result
				if got := r.Findings[0].Tag; got != c.first {
					t.Errorf("seed %d: first finding %q, want %q", o.Seed, got, c.first)
				}
				if r.Signature() != o.Result.Signature() {
					t.Errorf("seed %d: shrinking changed the signature from %q to %q", o.Seed, o.Result.Signature(), r.Signature())
				}
				if got := FormatChoices(r.Choices); got != c.minimized {
					t.Errorf("seed %d (choices %v) minimized to %s, want %s", o.Seed, o.Result.Choices, got, c.minimized)
				}
				if c.atoms != nil && !slices.Equal(r.Atoms, c.atoms) {
					t.Errorf("seed %d: minimized atoms %v, want %v", o.Seed, r.Atoms, c.atoms)
				}
				var msgs []string
				for _, f := range r.Findings {
					msgs = append(msgs, f.Tag+": "+f.Message)
				}
				all := strings.Join(msgs, "\n")
				for _, m := range c.messages {
					if !strings.Contains(all, m) {
						t.Errorf("seed %d: findings do not mention %q:\n%s", o.Seed, m, all)
					}
				}
			})
			var tags []string
			for _, tag := range Tags {
				if seen[tag] {
					tags = append(tags, tag)
				}
			}
			if !slices.Equal(tags, c.tags) {
				t.Errorf("tags found %v, want %v", tags, c.tags)
			}
			switch {
			case c.tags == nil && failed > 0:
				t.Errorf("%d of %d seeds failed; the program must pass every seed", failed, fixtureSeeds)
			case c.tags != nil && failed == 0:
				t.Errorf("no seed failed")
			case c.someSeedsPass && passed == 0:
				t.Errorf("every seed failed; the failure should depend on the order")
			case c.tags != nil && !c.someSeedsPass && passed > 0:
				t.Errorf("%d seeds passed; the failure should not depend on the order", passed)
			}
			if counter.DistinctSchedules < c.minDistinct {
				t.Errorf("only %d distinct schedules explored, want at least %d", counter.DistinctSchedules, c.minDistinct)
			}
		})
	}
}

// TestFixtureBaselines pins the canonical run of the order-dependent
// fixtures: the failure must come from the order, not from the program.
func TestFixtureBaselines(t *testing.T) {
	for _, tc := range []struct {
		file  string
		atoms string
	}{
		{"residue_order.rvl", "activate(Reg) activate(Auditor) activate(Plugin) teardown(Auditor) teardown(Plugin) teardown(Reg)"},
		{"layered_clean.rvl", "activate(Db) activate(Server) activate(Web) activate(Cli) teardown(Web) teardown(Cli) teardown(Server) teardown(Db)"},
		{"deadlock_missing.rvl", ""},
	} {
		x := explorerOf(t, filepath.Join(fixtureDir, tc.file), Options{})
		if got := strings.Join(x.Baseline().Atoms, " "); got != tc.atoms {
			t.Errorf("%s: canonical atoms %q, want %q", tc.file, got, tc.atoms)
		}
		if n := len(x.Baseline().Choices); n != len(x.Baseline().Atoms) || !allZero(x.Baseline().Choices) {
			t.Errorf("%s: canonical choices %v", tc.file, x.Baseline().Choices)
		}
	}
}

// TestDeadlockNamesEveryBlockedFiber checks the deadlock report on a
// composition with both causes at once and a provider left up by a
// consumer that never activated.
func TestDeadlockNamesEveryBlockedFiber(t *testing.T) {
	src := `
service Db { fn q() -> Int }
service Cache { fn get() -> Int }
component Broken provides db: Db {
  let p = effect Pool.open("boom://x", 1) undo p.close()
  provide db { fn q() = 1 }
}
component Store provides cache: Cache { provide cache { fn get() = 2 } }
component Api requires db: Db, cache: Cache { }
component Orphan requires missing: Db { }
`
	x := mustWorld(t, sourceProgram(t, "deadlock.rvl", []byte(src)), Options{})
	// Store stays up, so the run also leaves residue, which is reported
	// first; the deadlock finding is the second.
	r := x.Baseline()
	if got := tagsOf(r); !slices.Equal(got, []string{TagResidue, TagDeadlock}) {
		t.Fatalf("tags %v, findings %v", got, r.Findings)
	}
	msg := r.Findings[1].Message
	for _, want := range []string{
		"Api never activated: key db: provider Broken failed to activate",
		"Store cannot tear down: consumers that never went down: Api (pending)",
		"Orphan never activated: key missing (Db) has no provider in the composition",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("deadlock message lacks %q:\n%s", want, msg)
		}
	}
	t.Log(msg)
}
