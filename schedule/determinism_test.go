package schedule

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	goldenfile "revl.dev/debug/internal/golden"
	goruntime "runtime"
	"strings"
	"testing"
)

// determinismPrograms are swept by the determinism and sharding tests: the
// worked example (half its seeds fail and shrink) and an order-dependent
// residue.
var determinismPrograms = []string{
	workedExample,
	filepath.Join(fixtureDir, "residue_order.rvl"),
}

const determinismSeeds = 200

// TestDossierIdenticalAcrossWorkers: the JSON dossier of a 200-seed sweep
// is byte-identical for 1, 2 and 8 workers and across repeated runs, each
// on a fresh explorer (spec §7).
func TestDossierIdenticalAcrossWorkers(t *testing.T) {
	for _, path := range determinismPrograms {
		t.Run(filepath.Base(path), func(t *testing.T) {
			var want []byte
			for _, run := range []struct{ workers, repeat int }{{1, 0}, {2, 0}, {8, 0}, {1, 1}, {8, 1}, {0, 0}} {
				x := explorerOf(t, path, Options{})
				got := sweepDossier(t, x, path, SweepOptions{Seeds: determinismSeeds, Workers: run.workers})
				if want == nil {
					want = got
					checkDossierShape(t, got, determinismSeeds)
					continue
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("workers=%d (run %d): dossier differs from workers=1:\n%s", run.workers, run.repeat, firstDiff(got, want))
				}
			}
		})
	}
}

// checkDossierShape reads a dossier back and checks the totals against
// its entries.
func checkDossierShape(t *testing.T, b []byte, seeds int) {
	t.Helper()
	d := readDossierBytes(t, b)
	if len(d.PerSchedule) != seeds+1 || d.PerSchedule[0].Seed.Name != "canonical" {
		t.Fatalf("dossier has %d entries, first %v", len(d.PerSchedule), d.PerSchedule[0].Seed)
	}
	failures := 0
	for i, e := range d.PerSchedule[1:] {
		if e.Seed.N != uint64(i+1) {
			t.Fatalf("entry %d is seed %v", i+1, e.Seed)
		}
		if !e.OK {
			failures++
			if e.Shrink == nil || e.Shrink.Replays == 0 || len(e.Findings) == 0 {
				t.Errorf("seed %d failed without a shrink record or findings: %+v", e.Seed.N, e)
			}
		}
	}
	if d.Counts.Schedules != seeds+1 || d.Counts.Failures != failures {
		t.Errorf("counts %+v, entries: %d schedules, %d failures", d.Counts, seeds+1, failures)
	}
	if failures == 0 {
		t.Errorf("no failures in a sweep of a failing program")
	}
}

func readDossierBytes(t *testing.T, b []byte) *Dossier {
	t.Helper()
	name := filepath.Join(t.TempDir(), "d.json")
	if err := os.WriteFile(name, b, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := ReadDossier(name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// firstDiff shows the first differing line of two dossiers.
func firstDiff(got, want []byte) string { return goldenfile.FirstDiff(string(want), string(got)) }

// shardDossiers sweeps every shard of n and returns the dossiers read back
// from disk, as `revl report merge` sees them.
func shardDossiers(t *testing.T, path string, seeds, n int) []*Dossier {
	t.Helper()
	x := explorerOf(t, path, Options{})
	var ds []*Dossier
	for i := 0; i < n; i++ {
		b := sweepDossier(t, x, path, SweepOptions{Seeds: seeds, Shard: i, Shards: n, Workers: 2})
		d := readDossierBytes(t, b)
		if d.Shard == nil || d.Shard.Index != i || d.Shard.Count != n {
			t.Fatalf("shard %d/%d dossier records shard %+v", i, n, d.Shard)
		}
		ds = append(ds, d)
	}
	return ds
}

// TestShardMergeEqualsSingleRun: for n in {2, 3}, merging the dossiers of
// every shard gives the single-machine dossier byte for byte, in whatever
// order the shards are given.
func TestShardMergeEqualsSingleRun(t *testing.T) {
	for _, path := range determinismPrograms {
		single := sweepDossier(t, explorerOf(t, path, Options{}), path, SweepOptions{Seeds: determinismSeeds})
		for _, n := range []int{2, 3} {
			t.Run(fmt.Sprintf("%s/%d", filepath.Base(path), n), func(t *testing.T) {
				ds := shardDossiers(t, path, determinismSeeds, n)
				for _, order := range [][]*Dossier{ds, reversed(ds)} {
					m, err := Merge(order)
					if err != nil {
						t.Fatal(err)
					}
					var buf bytes.Buffer
					if err := m.Write(&buf); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(buf.Bytes(), single) {
						t.Fatalf("merged dossier differs from the single run:\n%s", firstDiff(buf.Bytes(), single))
					}
				}
			})
		}
		t.Run(filepath.Base(path)+"/roundtrip", func(t *testing.T) {
			// A single run's dossier merges (alone) into itself.
			m, err := Merge([]*Dossier{readDossierBytes(t, single)})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := m.Write(&buf); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), single) {
				t.Fatalf("read + write changed the dossier:\n%s", firstDiff(buf.Bytes(), single))
			}
		})
	}
}

func reversed[T any](s []T) []T {
	out := make([]T, len(s))
	for i, v := range s {
		out[len(s)-1-i] = v
	}
	return out
}

// TestMergeRefuses: overlapping shards, an incomplete set, different
// programs, different sweep sizes, a replayed vector and nothing at all.
func TestMergeRefuses(t *testing.T) {
	const seeds = 30
	a := shardDossiers(t, workedExample, seeds, 3)
	two := shardDossiers(t, workedExample, seeds, 2)
	other := shardDossiers(t, filepath.Join(fixtureDir, "residue_order.rvl"), seeds, 3)
	fewer := shardDossiers(t, workedExample, seeds-1, 3)

	x := explorerOf(t, workedExample, Options{})
	var buf bytes.Buffer
	dw := NewDossierWriter(&buf, workedExample, 0, nil, Baseline{})
	dw.Add(EntryOf(SeedLabel{Name: "choices"}, x.Replay([]int{0, 1}), nil))
	if err := dw.Close(Counts{}); err != nil {
		t.Fatal(err)
	}
	choices := readDossierBytes(t, buf.Bytes())

	// What `revl test --schedule-seed 3 --json` writes: one seed, no sweep.
	buf.Reset()
	o := x.Explore(3, true)
	dw = NewDossierWriter(&buf, workedExample, 0, nil, *a[0].Baseline)
	dw.Add(EntryOf(SeedLabel{Name: "canonical"}, x.Baseline(), nil))
	dw.Add(EntryOf(SeedLabel{N: 3}, o.Result, o.Shrunk))
	if err := dw.Close(Counts{}); err != nil {
		t.Fatal(err)
	}
	single := readDossierBytes(t, buf.Bytes())
	// A shard of a larger sweep relabelled as one of 30 seeds.
	beyond := readDossierBytes(t, sweepDossier(t, x, workedExample, SweepOptions{Seeds: seeds + 3, Shard: 0, Shards: 3}))
	beyond.Seeds = seeds
	beyond.PerSchedule = beyond.PerSchedule[len(beyond.PerSchedule)-1:]

	for _, tc := range []struct {
		name string
		ds   []*Dossier
		want string
	}{
		{"overlap same shard", []*Dossier{a[0], a[1], a[2], a[1]}, "seed 2 appears in more than one report (overlapping shards)"},
		{"overlap different splits", []*Dossier{a[0], a[1], a[2], two[0]}, "overlapping shards"},
		{"incomplete", []*Dossier{a[0], a[2]}, "seed 2 is in no report: the shard set is incomplete"},
		{"one shard of two", []*Dossier{two[0]}, "seed 2 is in no report: the shard set is incomplete"},
		{"different programs", []*Dossier{a[0], other[1], a[2]}, "report 2 is of program"},
		{"different sweeps", []*Dossier{a[0], a[1], fewer[2]}, "report 3 swept 29 seeds, report 1 swept 30"},
		{"choices", []*Dossier{choices}, "replays a choice vector; only sweeps merge"},
		{"none", nil, "no reports to merge"},
		{"single seed", []*Dossier{single}, "seed 3 is outside the sweep of report 1 (seeds 1..0)"},
		{"seed beyond the sweep", []*Dossier{a[0], a[1], a[2], beyond}, "seed 31 is outside the sweep of report 1 (seeds 1..30): report 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Merge(tc.ds)
			if err == nil {
				t.Fatalf("merged %d reports into %d entries; want an error", len(tc.ds), len(m.PerSchedule))
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestReadDossierRefusesOtherJSON(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, content string }{
		{"array.json", `[1, 2]`},
		{"empty.json", `{}`},
		{"broken.json", `{"program": "x", "per_schedule": [`},
		{"seed.json", `{"program": "x", "per_schedule": [{"seed": "bogus"}]}`},
	} {
		name, content := tc.name, tc.content
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadDossier(p); err == nil {
			t.Errorf("%s: read as a report", name)
		} else if !strings.Contains(err.Error(), "not a revl report") {
			t.Errorf("%s: error %q does not say what is wrong", name, err)
		}
	}
}

// TestMergeRefusesEditedProgram: shards of the same path whose program
// changed between runs are different programs, although the path agrees.
func TestMergeRefusesEditedProgram(t *testing.T) {
	const seeds = 20
	v1 := "service Log { emission fn write(line: Str) }\n" +
		"component Sink provides log: Log { provide log { fn write(line) { } } }\n" +
		"component A requires log: Log { emit log.write(\"A up\") }\n" +
		"component B requires log: Log { emit log.write(\"B up\") }\n"
	v2 := strings.Replace(v1, `"B up"`, `"B ready"`, 1)
	var ds []*Dossier
	for i, src := range []string{v1, v2} {
		x := mustWorld(t, sourceProgram(t, "app.rvl", []byte(src)), Options{})
		ds = append(ds, readDossierBytes(t, sweepDossier(t, x, "app.rvl", SweepOptions{Seeds: seeds, Shard: i, Shards: 2})))
	}
	if m, err := Merge(ds); err == nil {
		t.Fatalf("merged shards of two versions of app.rvl into %d entries", len(m.PerSchedule))
	} else if !strings.Contains(err.Error(), "canonical run") {
		t.Fatalf("error %q does not say the canonical runs differ", err)
	}
}

// TestSweepEdges: empty sweeps, shards without seeds and more workers
// than seeds deliver exactly the seeds of SeedsOf, in order.
func TestSweepEdges(t *testing.T) {
	x := explorerOf(t, workedExample, Options{})
	for _, opts := range []SweepOptions{
		{Seeds: 0},
		{Seeds: 1, Shard: 2, Shards: 3},
		{Seeds: 3, Workers: 16},
		{Seeds: 10, Shard: 1, Shards: 4, Workers: 3},
		{Seeds: 7, Shards: 1, Workers: 1, NoShrink: true},
	} {
		var got []uint64
		x.Sweep(opts, func(o Outcome) {
			got = append(got, o.Seed)
			if opts.NoShrink && o.Shrunk != nil {
				t.Errorf("%+v: seed %d shrunk under NoShrink", opts, o.Seed)
			}
		})
		if want := opts.SeedsOf(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%+v: delivered %v, want %v", opts, got, want)
		}
	}
	if got := fmt.Sprint((SweepOptions{Seeds: 10, Shard: 1, Shards: 4}).SeedsOf()); got != "[2 6 10]" {
		t.Errorf("shard 1/4 of 10 = %s", got)
	}
}

// TestFineDossierIdenticalAtGOMAXPROCS: with fine atoms, the dossier of a
// sweep (its shrunk vectors replayed) is byte-identical at GOMAXPROCS 1
// and 4, for 1 and 4 workers, and a replay of every shrunk fine vector
// gives the same run again.
func TestFineDossierIdenticalAtGOMAXPROCS(t *testing.T) {
	defer goruntime.GOMAXPROCS(goruntime.GOMAXPROCS(0))
	for _, path := range []string{workedExample, filepath.Join(fineDir, "failed_provider.rvl"), filepath.Join(fineDir, "fire_eviction.rvl")} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			var want []byte
			for _, procs := range []int{1, 4} {
				goruntime.GOMAXPROCS(procs)
				for _, workers := range []int{1, 4} {
					x := explorerOf(t, path, fineOpts)
					got := sweepDossier(t, x, path, SweepOptions{Seeds: 60, Workers: workers})
					if want == nil {
						want = got
						checkDossierShape(t, got, 60)
						continue
					}
					if !bytes.Equal(got, want) {
						t.Fatalf("GOMAXPROCS=%d workers=%d: dossier differs:\n%s", procs, workers, firstDiff(got, want))
					}
				}
			}
			x := explorerOf(t, path, fineOpts)
			for seed := uint64(1); seed <= 60; seed++ {
				o := x.Explore(seed, true)
				if o.Shrunk == nil {
					continue
				}
				a, b := x.Replay(o.Shrunk.Result.Choices), x.Replay(o.Shrunk.Result.Choices)
				if fmt.Sprint(a.Atoms, a.Emissions, a.Findings) != fmt.Sprint(b.Atoms, b.Emissions, b.Findings) {
					t.Fatalf("seed %d: two replays of %v differ", seed, o.Shrunk.Result.Choices)
				}
			}
		})
	}
}
