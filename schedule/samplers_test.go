package schedule

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"testing"
)

// consumers is the worked example widened to n consumers of one log: a
// composition whose classes are known. The log comes up first and goes
// last; between, the 2n atoms of the consumers interleave freely, so there
// are (2n)!/2^n atom sequences and n! activation (emission) orders.
func consumers(t testing.TB, n int) *World {
	t.Helper()
	var b strings.Builder
	b.WriteString("service Log { emission fn write(line: Str) }\n")
	b.WriteString("component Sink provides log: Log { provide log { fn write(line) { } } }\n")
	for i := range n {
		fmt.Fprintf(&b, "component C%d requires log: Log { emit log.write(\"C%d up\") }\n", i, i)
	}
	w := mustWorld(t, sourceProgram(t, "consumers.rvl", []byte(b.String())), Options{})
	return w
}

func TestParseSampler(t *testing.T) {
	for _, c := range []struct {
		kind  string
		depth int
		want  string
		err   string
	}{
		{"", 0, "uniform", ""},
		{"uniform", 0, "uniform", ""},
		{"pct", 0, "pct:2", ""},
		{"pct", 3, "pct:3", ""},
		{"pct", -1, "", "--depth must be 1 or more"},
		{"pos", 0, "pos", ""},
		{"urw", 0, "urw", ""},
		{"urw", 2, "", "--depth applies only to --sampler pct"},
		{"dfs", 0, "", `--sampler "dfs": want one of uniform, pct, pos, urw`},
	} {
		s, err := ParseSampler(c.kind, c.depth)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ParseSampler(%q, %d) = %v, %v; want error %q", c.kind, c.depth, s, err, c.err)
			}
			continue
		}
		if err != nil || s.String() != c.want {
			t.Errorf("ParseSampler(%q, %d) = %v, %v; want %s", c.kind, c.depth, s, err, c.want)
		}
	}
}

func TestPCTBound(t *testing.T) {
	for _, c := range []struct {
		n, k, d int
		want    float64
	}{
		{3, 6, 1, 1.0 / 3},
		{3, 6, 2, 1.0 / 18},
		{3, 6, 3, 1.0 / 108},
		{0, 6, 2, 0},
	} {
		if got := PCTBound(c.n, c.k, c.d); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("PCTBound(%d, %d, %d) = %v, want %v", c.n, c.k, c.d, got, c.want)
		}
	}
	w := explorerOf(t, workedExample, Options{})
	for d, want := range []string{
		1: "pct: a bug of depth 1 is found by each run with probability ≥ 1/3 = 0.3333 (n=3 fibers, k=6 steps)",
		2: "pct: a bug of depth 2 is found by each run with probability ≥ 1/(3·6) = 0.05556 (n=3 fibers, k=6 steps)",
		3: "pct: a bug of depth 3 is found by each run with probability ≥ 1/(3·6^2) = 0.009259 (n=3 fibers, k=6 steps)",
	} {
		if d == 0 {
			continue
		}
		if got := PCTBoundLine(w, d); got != want {
			t.Errorf("depth %d:\n got %s\nwant %s", d, got, want)
		}
	}
}

// TestSamplerChoosers checks each chooser alone: the same seed draws the
// same vector, seeds differ, every schedule is complete, and PCT of depth
// 1 runs each consumer's teardown right after its activation (a fiber
// keeps the highest priority until it has no atom left).
func TestSamplerChoosers(t *testing.T) {
	w := consumers(t, 3)
	for _, c := range []struct {
		s       Sampler
		check   func(r *Result) string
		atLeast int // distinct schedules among 40 seeds
	}{
		{Sampler{}, nil, 10},
		{Sampler{Kind: SamplerPCT, Depth: 1}, func(r *Result) string {
			for i := 1; i+1 < len(r.Atoms)-1; i += 2 {
				f := strings.TrimSuffix(strings.TrimPrefix(r.Atoms[i], "activate("), ")")
				if r.Atoms[i+1] != "teardown("+f+")" {
					return fmt.Sprintf("atoms %v: %s is not followed by its teardown", r.Atoms, r.Atoms[i])
				}
			}
			return ""
		}, 6},
		{Sampler{Kind: SamplerPCT, Depth: 3}, nil, 8},
		{Sampler{Kind: SamplerPOS}, nil, 10},
		{Sampler{Kind: SamplerURW}, nil, 10},
	} {
		t.Run(c.s.String(), func(t *testing.T) {
			seen := map[string]bool{}
			for seed := uint64(1); seed <= 40; seed++ {
				r := w.Run(c.s.Chooser(w, seed))
				again := w.Run(c.s.Chooser(w, seed))
				if !slices.Equal(r.Choices, again.Choices) {
					t.Fatalf("seed %d: %v then %v", seed, r.Choices, again.Choices)
				}
				if len(r.Atoms) != 8 || r.Truncated {
					t.Fatalf("seed %d: atoms %v", seed, r.Atoms)
				}
				if c.check != nil {
					if msg := c.check(r); msg != "" {
						t.Fatalf("seed %d: %s", seed, msg)
					}
				}
				seen[ScheduleKey(r.Choices)] = true
			}
			if len(seen) < c.atLeast {
				t.Errorf("%d distinct schedules of 40 seeds, want at least %d", len(seen), c.atLeast)
			}
		})
	}
}

// chiSquared is the statistic of counts against equal expected cells,
// and the critical value at p = 0.001 for its degrees of freedom
// (Wilson-Hilferty).
func chiSquared(counts map[string]int, cells, total int) (stat, crit float64) {
	exp := float64(total) / float64(cells)
	for _, k := range sortedKeys(counts) {
		c := counts[k]
		stat += (float64(c) - exp) * (float64(c) - exp) / exp
	}
	stat += float64(cells-len(counts)) * exp // cells never hit
	df := float64(cells - 1)
	const z = 3.0902 // the 0.999 quantile of the standard normal
	crit = df * math.Pow(1-2/(9*df)+z*math.Sqrt(2/(9*df)), 3)
	return stat, crit
}

// distribution runs seeds 1..seeds of w under s and counts key(r).
func distribution(w *World, s Sampler, seeds int, key func(*Result) string) map[string]int {
	counts := map[string]int{}
	w.Sweep(SweepOptions{Seeds: seeds, Sampler: s, NoShrink: true, Workers: 2}, func(o Outcome) {
		counts[key(o.Result)]++
	})
	return counts
}

func atomKey(r *Result) string { return strings.Join(r.Atoms, " ") }

func emissionKey(r *Result) string { return strings.Join(emissionTexts(r), " ") }

// TestSamplerDistributions checks each sampler's distribution on three
// consumers of one log, with fixed seeds (so the test is deterministic):
// 90 atom sequences, 6 emission orders. URW is uniform over the atom
// sequences and the uniform walk is not; every sampler is uniform over
// the emission orders, by symmetry; and PCT finds an ordering bug of
// depth 1 at least as often as its bound says.
func TestSamplerDistributions(t *testing.T) {
	w := consumers(t, 3)
	const seeds = 2700 // 30 a cell of the 90
	for _, c := range []struct {
		s       Sampler
		key     func(*Result) string
		cells   int
		uniform bool
	}{
		{Sampler{Kind: SamplerURW}, atomKey, 90, true},
		{Sampler{}, atomKey, 90, false},
		{Sampler{Kind: SamplerPOS}, atomKey, 90, false},
		{Sampler{}, emissionKey, 6, true},
		{Sampler{Kind: SamplerURW}, emissionKey, 6, true},
		{Sampler{Kind: SamplerPOS}, emissionKey, 6, true},
		{Sampler{Kind: SamplerPCT, Depth: 1}, emissionKey, 6, true},
		{Sampler{Kind: SamplerPCT, Depth: 2}, emissionKey, 6, true},
	} {
		name := c.s.String() + "/atoms"
		if c.cells == 6 {
			name = c.s.String() + "/emissions"
		}
		t.Run(name, func(t *testing.T) {
			counts := distribution(w, c.s, seeds, c.key)
			if len(counts) > c.cells {
				t.Fatalf("%d classes, want at most %d: %v", len(counts), c.cells, sortedKeys(counts))
			}
			stat, crit := chiSquared(counts, c.cells, seeds)
			t.Logf("chi-squared %.4f (critical %.1f) over %d classes, %d hit", stat, crit, c.cells, len(counts))
			if c.uniform && stat > crit {
				t.Errorf("chi-squared %.1f > %.1f: not uniform over %d classes (%d hit)", stat, crit, c.cells, len(counts))
			}
			if !c.uniform && stat <= crit {
				t.Errorf("chi-squared %.1f <= %.1f: uniform over %d classes, want a skewed distribution", stat, crit, c.cells)
			}
		})
	}
}

// TestPCTMeetsItsBound runs the worked example, whose bug (B activates
// before A) has depth 1, under PCT of depths 1..3: each detection rate
// must be at least the bound printed for that depth.
func TestPCTMeetsItsBound(t *testing.T) {
	w := explorerOf(t, workedExample, Options{})
	n, k := PCTParams(w)
	const seeds = 600
	for d := 1; d <= 3; d++ {
		failed := 0
		w.Sweep(SweepOptions{Seeds: seeds, Sampler: Sampler{Kind: SamplerPCT, Depth: d}, NoShrink: true}, func(o Outcome) {
			if !o.Result.OK() {
				failed++
			}
		})
		if rate, bound := float64(failed)/seeds, PCTBound(n, k, d); rate < bound {
			t.Errorf("depth %d: %d of %d seeds failed (%.3f), below the bound %.3f", d, failed, seeds, rate, bound)
		}
	}
}

// TestSamplerFailuresReplay checks that a failing run under each sampler
// replays as its plain choice vector with identical findings, and that
// its shrunk vector replays too.
func TestSamplerFailuresReplay(t *testing.T) {
	w := explorerOf(t, workedExample, Options{})
	for _, name := range SamplerNames {
		s, err := ParseSampler(name, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(s.String(), func(t *testing.T) {
			for seed := uint64(1); seed <= 50; seed++ {
				o := w.ExploreWith(seed, s, true)
				if o.Result.OK() {
					continue
				}
				r := w.Replay(o.Result.Choices)
				if got, want := fmt.Sprint(r.Findings), fmt.Sprint(o.Result.Findings); got != want {
					t.Fatalf("seed %d: replay of %v finds %s, the run found %s", seed, o.Result.Choices, got, want)
				}
				if !slices.Equal(r.Atoms, o.Result.Atoms) {
					t.Fatalf("seed %d: replay runs %v, the run ran %v", seed, r.Atoms, o.Result.Atoms)
				}
				sr := w.Replay(o.Shrunk.Result.Choices)
				if sr.Signature() != o.Shrunk.Result.Signature() {
					t.Fatalf("seed %d: shrunk replay %s, want %s", seed, sr.Signature(), o.Shrunk.Result.Signature())
				}
				return
			}
			t.Fatal("no failing seed of 50")
		})
	}
}

// TestSamplerClone checks that a cloned driver draws what the original
// would have.
func TestSamplerClone(t *testing.T) {
	w := consumers(t, 3)
	for _, name := range SamplerNames[1:] {
		s, _ := ParseSampler(name, 0)
		d := NewDriver(w, s.Chooser(w, 7), nil)
		d.RunAtom()
		d.RunAtom()
		c := d.Clone()
		var a, b []string
		for !d.AtEnd() {
			d.RunAtom()
			a = append(a, d.Atom.String())
		}
		for !c.AtEnd() {
			c.RunAtom()
			b = append(b, c.Atom.String())
		}
		if !slices.Equal(a, b) {
			t.Errorf("%s: original ran %v, clone %v", s, a, b)
		}
	}
}

// TestSamplersMatchTheWalk checks the uniform walk and POS against the
// walk's exact distribution over the 90 atom sequences of three consumers
// (the product of 1/|ready| along each): POS re-draws every ready atom
// after each step here, since all consumers race through the one log, so
// it samples as the uniform walk does.
func TestSamplersMatchTheWalk(t *testing.T) {
	w := consumers(t, 3)
	const seeds = 2700
	for _, s := range []Sampler{{}, {Kind: SamplerPOS}} {
		counts := map[string]int{}
		prob := map[string]float64{}
		w.Sweep(SweepOptions{Seeds: seeds, Sampler: s, NoShrink: true, Workers: 2}, func(o Outcome) {
			k := atomKey(o.Result)
			counts[k]++
			p := 1.0
			for i := range o.Result.Choices {
				p /= float64(o.Result.ReadyLen(i))
			}
			prob[k] = p
		})
		if len(counts) != 90 {
			t.Fatalf("%s: %d sequences hit, want all 90", s, len(counts))
		}
		stat := 0.0
		for _, k := range sortedKeys(counts) {
			c, exp := counts[k], seeds*prob[k]
			stat += (float64(c) - exp) * (float64(c) - exp) / exp
		}
		if _, crit := chiSquared(nil, 90, seeds); stat > crit {
			t.Errorf("%s: chi-squared %.1f > %.1f against the uniform walk", s, stat, crit)
		} else {
			t.Logf("%s: chi-squared %.4f (critical %.1f) against the uniform walk", s, stat, crit)
		}
	}
}

// TestDossierSampler checks the dossier records a sampler other than the
// uniform walk (and nothing for the walk, so older reports read the same),
// that it round-trips through Write, and that Merge refuses shards drawn
// with different samplers.
func TestDossierSampler(t *testing.T) {
	w := explorerOf(t, workedExample, Options{})
	shard := func(i int, s Sampler) *Dossier {
		var buf bytes.Buffer
		dw := NewDossierWriterHead(&buf, DossierHead{Program: "x.rvl", Seeds: 4, Shard: &ShardInfo{Index: i, Count: 2}, Sampler: s.String(), Baseline: &Baseline{}})
		c := NewCounter()
		w.Sweep(SweepOptions{Seeds: 4, Shard: i, Shards: 2, Sampler: s}, func(o Outcome) {
			dw.Add(EntryOf(SeedLabel{N: o.Seed}, o.Result, o.Shrunk))
			c.Add(o.Result.OK(), o.FingerprintHash, o.ScheduleHash)
		})
		if err := dw.Close(c.Counts); err != nil {
			t.Fatal(err)
		}
		var d Dossier
		if err := json.Unmarshal(buf.Bytes(), &d); err != nil {
			t.Fatal(err)
		}
		var again bytes.Buffer
		if err := d.Write(&again); err != nil || again.String() != buf.String() {
			t.Fatalf("the dossier does not round-trip: %v\n%s\n%s", err, buf.String(), again.String())
		}
		return &d
	}
	pct := Sampler{Kind: SamplerPCT, Depth: 2}
	if d := shard(0, Sampler{}); d.Sampler != "" {
		t.Errorf("uniform dossier records sampler %q", d.Sampler)
	}
	if d := shard(0, pct); d.Sampler != "pct:2" {
		t.Errorf("pct dossier records sampler %q, want pct:2", d.Sampler)
	}
	m, err := Merge([]*Dossier{shard(0, pct), shard(1, pct)})
	if err != nil || m.Sampler != "pct:2" {
		t.Fatalf("merge of two pct shards: %v, sampler %q", err, m.Sampler)
	}
	for _, c := range []struct{ a, b Sampler }{
		{pct, Sampler{}},
		{Sampler{}, Sampler{Kind: SamplerURW}},
		{pct, Sampler{Kind: SamplerPCT, Depth: 3}},
	} {
		_, err := Merge([]*Dossier{shard(0, c.a), shard(1, c.b)})
		want := fmt.Sprintf("report 2 drew its schedules with sampler %s, report 1 with %s", c.b, c.a)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("merge of %s and %s: %v, want %q", c.a, c.b, err, want)
		}
	}
}

// sortedKeys lists the keys of counts in order, so sums over them come out
// the same on every run.
func sortedKeys(counts map[string]int) []string {
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// TestSamplerVectorsPinned pins the vectors the first seeds draw on three
// consumers of one log: a sampler's seed must name the same schedule in
// every version, or a saved `--schedule-seed S --sampler X` would replay
// something else.
func TestSamplerVectorsPinned(t *testing.T) {
	w := consumers(t, 3)
	for _, c := range []struct {
		sampler string
		seed    uint64
		want    string
	}{
		{"uniform", 1, "0,0,1,1,0,1,0,0"},
		{"uniform", 3, "0,2,2,1,0,1,0,0"},
		{"pct", 1, "0,1,2,1,1,0,0,0"},
		{"pct", 2, "0,0,2,0,1,0,0,0"},
		{"pos", 1, "0,0,2,0,0,0,0,0"},
		{"pos", 2, "0,2,2,1,0,0,0,0"},
		{"urw", 1, "0,2,2,1,0,0,0,0"},
		{"urw", 2, "0,1,0,0,2,0,0,0"},
	} {
		s, err := ParseSampler(c.sampler, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := FlagChoices(w.Run(s.Chooser(w, c.seed)).Choices); got != c.want {
			t.Errorf("%s seed %d: %s, want %s", c.sampler, c.seed, got, c.want)
		}
	}
}
