package eval

import (
	"bytes"
	"flag"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"revl.dev/debug/internal/golden"
	"revl.dev/debug/schedule"
)

var update = flag.Bool("update", false, "rewrite the CI section of docs/evaluation.md")

const (
	corpusDir = "../../testdata/eval"
	docPath   = "../../docs/evaluation.md"
	// The CI section of the doc is delimited by these markers; the
	// command's own block (MarkBegin..MarkEnd) is the full run.
	ciBegin = "<!-- revl eval: begin ci -->"
	ciEnd   = "<!-- revl eval: end ci -->"
)

// quickConfig is the configuration CI regenerates the doc's CI section
// with (docs/evaluation.md names the equivalent command).
func quickConfig() Config {
	return Config{Seeds: []int{1, 10, 100}, Samplers: schedule.SamplerNames, MaxSchedules: 2000}
}

var (
	quickOnce sync.Once
	quickRep  *Report
	quickErr  error
)

// quick runs the quick configuration once for every test that reads it.
func quick(t *testing.T) *Report {
	t.Helper()
	quickOnce.Do(func() {
		comps, err := LoadDir(corpusDir)
		if err != nil {
			quickErr = err
			return
		}
		cfg := quickConfig()
		if raceEnabled {
			// Under -race, which slows the interpreter several times over,
			// a third of the corpus at fewer seeds: what the race detector
			// needs to see (the workers filling one report). CI's eval
			// step checks every label and fixed version without it.
			var part []*Composition
			for i, c := range comps {
				if i%3 == 0 {
					part = append(part, c)
				}
			}
			comps = part
			cfg.Seeds, cfg.Samplers = []int{1, 10}, []string{schedule.SamplerUniform, schedule.SamplerPCT}
		}
		quickRep, quickErr = Run(comps, cfg)
	})
	if quickErr != nil {
		t.Fatal(quickErr)
	}
	return quickRep
}

// TestCorpusLabels fails when a mutant's label is wrong: its property is
// not found, or the fewest non-canonical choices that show it differ from
// its depth.
func TestCorpusLabels(t *testing.T) {
	rep := quick(t)
	if rep.Corpus.Compositions < 40 && !raceEnabled {
		t.Errorf("the corpus has %d compositions, want at least 40", rep.Corpus.Compositions)
	}
	for _, m := range rep.Mutants {
		if !m.LabelOK {
			t.Errorf("%s: label %s/%s/depth %d is wrong: %s", m.ID, m.Property, m.Mode, m.Depth, m.Why)
		}
		if !m.Truth.Detected {
			t.Errorf("%s: the ground-truth search (%s) does not find %s", m.ID, m.Truth.Search, m.Property)
		}
	}
}

// TestFixedVersionsPass: no false positives — every fixed version passes
// every schedule in every mode it claims.
func TestFixedVersionsPass(t *testing.T) {
	rep := quick(t)
	for _, f := range rep.Fixed {
		for _, c := range f.Checks {
			if c.Failing > 0 {
				t.Errorf("%s: %s (%s): %d of %d fail: %s", f.Composition, c.Mode, c.Search, c.Failing, c.Runs, c.First)
			}
			if c.Runs == 0 {
				t.Errorf("%s: %s (%s) ran nothing", f.Composition, c.Mode, c.Search)
			}
		}
	}
}

// TestEvaluationDoc regenerates the CI section of docs/evaluation.md and
// compares it (-update rewrites it), then holds the figures to the floors
// the doc states: the detection rate per sampler at the documented seed
// count, and the share of 1-minimal shrinks.
func TestEvaluationDoc(t *testing.T) {
	if raceEnabled {
		t.Skip("the doc's configuration runs without -race, in CI's eval step (.ci/run); under -race the labels, fixed versions and workers are checked")
	}
	rep := quick(t)
	raw, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	i, j := strings.Index(doc, ciBegin), strings.Index(doc, ciEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no %s ... %s section", docPath, ciBegin, ciEnd)
	}
	body := Body(rep)
	if *update {
		doc = doc[:i+len(ciBegin)] + "\n" + body + doc[j:]
		if err := os.WriteFile(docPath, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if got := doc[i+len(ciBegin)+1 : j]; got != body {
		t.Errorf("the CI section of %s is stale at %s\n(check the change, then rerun go test ./schedule/eval -run TestEvaluationDoc -update)", docPath, golden.FirstDiff(got, body))
	}

	m := floorsLine.FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("%s states no floors (a line %q)", docPath, "CI floors: at N seeds uniform P%, ...; 1-minimal shrinks P%.")
	}
	at, _ := strconv.Atoi(m[1])
	k := -1
	for i, s := range rep.Seeds {
		if s == at {
			k = i
		}
	}
	if k < 0 {
		t.Fatalf("the floors are at %d seeds, which the CI configuration %v does not run", at, rep.Seeds)
	}
	floors := floorItem.FindAllStringSubmatch(m[2], -1)
	if len(floors) == 0 {
		t.Fatalf("no sampler floor in %q", m[0])
	}
	for _, f := range floors {
		want, _ := strconv.Atoi(f[2])
		found := false
		for _, d := range rep.Detection {
			if d.Sampler != f[1] {
				continue
			}
			found = true
			if got := d.Overall[k]; got.Detected*100 < want*got.Of {
				t.Errorf("%s detects %d of %d mutants at %d seeds (%s), below the documented floor of %d%%", d.Sampler, got.Detected, got.Of, at, percent(got.Rate()), want)
			}
		}
		if !found {
			t.Errorf("the floor names sampler %q, which the CI configuration does not run", f[1])
		}
	}
	want, _ := strconv.Atoi(m[3])
	for _, s := range rep.Shrinks {
		if s.OneMinimal*100 < want*s.Shrinks {
			t.Errorf("%s: %d of %d shrinks are 1-minimal, below the documented %d%%", s.Sampler, s.OneMinimal, s.Shrinks, want)
		}
	}
}

var (
	floorsLine = regexp.MustCompile(`CI floors: at (\d+) seeds (.*); 1-minimal shrinks (\d+)%`)
	floorItem  = regexp.MustCompile(`(\w+) (\d+)%`)
)

// TestWorkersDoNotChangeTheReport runs part of the corpus on one and on
// four workers: the JSON is byte-identical.
func TestWorkersDoNotChangeTheReport(t *testing.T) {
	comps, err := LoadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	var part []*Composition
	for i, c := range comps {
		if i%5 == 0 {
			part = append(part, c)
		}
	}
	var outs []string
	samplers := schedule.SamplerNames
	if raceEnabled {
		samplers = samplers[:2]
	}
	for _, w := range []int{1, 4} {
		rep, err := Run(part, Config{Seeds: []int{1, 10}, Samplers: samplers, Workers: w, MaxSchedules: 500})
		if err != nil {
			t.Fatal(err)
		}
		b, err := JSON(rep)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, string(b)+Body(rep)+SVG(rep))
	}
	if outs[0] != outs[1] {
		t.Errorf("1 and 4 workers differ at %s", golden.FirstDiff(outs[0], outs[1]))
	}
}

// TestWrongLabelIsReported: a depth or property that the search does not
// confirm makes the report say so.
func TestWrongLabelIsReported(t *testing.T) {
	src, err := os.ReadFile(corpusDir + "/order_balancer.rvl")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ from, to, why string }{
		{"depth=2", "depth=1", "labelled depth 1, measured 2"},
		{"property=unstable", "property=residue", "the dpor finds no residue"},
	} {
		bad := strings.Replace(string(src), tc.from, tc.to, 1)
		c, err := Parse("order_balancer.rvl", []byte(bad))
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Run([]*Composition{c}, Config{Seeds: []int{1}, Samplers: []string{schedule.SamplerUniform}, MaxSchedules: 100})
		if err != nil {
			t.Fatal(err)
		}
		m := rep.Mutants[0]
		if m.LabelOK || m.Why != tc.why {
			t.Errorf("%s -> %s: label ok %v, why %q; want not ok, %q", tc.from, tc.to, m.LabelOK, m.Why, tc.why)
		}
		if rep.LabelsOK != 0 || !strings.Contains(Body(rep), "- label wrong: order_balancer/balancer-threshold: "+tc.why) {
			t.Errorf("%s -> %s: the report does not list the wrong label", tc.from, tc.to)
		}
	}
}

func TestParse(t *testing.T) {
	src := `// eval: fixed modes=coarse,faults
// eval: mutant two class=c property=residue mode=faults depth=1
// eval: - L1
// eval: - L2
// eval: + X1
// eval: - L4
// eval: mutant gone class=c property=unstable mode=coarse depth=0
// eval: - L3
component A { }
L1
L2
L3
L4
`
	c, err := Parse("t.rvl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Mutants) != 2 || c.Mutants[0].Name != "two" || c.Mutants[1].Name != "gone" {
		t.Fatalf("mutants %+v", c.Mutants)
	}
	body := func(m *Mutant) string {
		s := string(m.Source)
		return s[strings.Index(s, "component"):]
	}
	if got, want := body(c.Mutants[0]), "component A { }\nX1\nL3\n"; got != want {
		t.Errorf("mutant two: %q, want %q", got, want)
	}
	if got, want := body(c.Mutants[1]), "component A { }\nL1\nL2\nL4\n"; got != want {
		t.Errorf("mutant gone: %q, want %q", got, want)
	}
	if m := c.Mutants[0]; m.ID() != "t/two" || m.Depth != 1 || m.Mode != ModeFaults || !m.Faulty() || m.Line != 2 {
		t.Errorf("mutant two's label: %+v", m)
	}
}

func TestParseErrors(t *testing.T) {
	const fixed = "// eval: fixed modes=coarse\n"
	const m = "// eval: mutant m class=c property=residue mode=coarse depth=0\n"
	for _, tc := range []struct{ name, src, want string }{
		{"no fixed", m + "// eval: - x\nx\n", "t.rvl:1:1: no '// eval: fixed modes=...' line"},
		{"no mutant", fixed + "x\n", "t.rvl:1:1: no mutant"},
		{"unknown directive", fixed + "// eval: mutnat m\n", "t.rvl:2:9: unknown eval directive \"mutnat\""},
		{"minus outside", fixed + "// eval: - x\n", "t.rvl:2:10: a \"-\" line outside a mutant"},
		{"unknown property", fixed + "// eval: mutant m class=c property=leak mode=coarse depth=0\n", "t.rvl:2:9: mutant m: unknown property \"leak\""},
		{"unknown mode", fixed + "// eval: mutant m class=c property=residue mode=fin depth=0\n", "t.rvl:2:9: mutant m: unknown mode \"fin\" (want coarse, faults or fine)"},
		{"fine not claimed", fixed + "// eval: mutant m class=c property=residue mode=fine depth=1\n// eval: - x\nx\n", "t.rvl:2:1: mutant m runs in fine mode, but the fixed version is not claimed correct there (add fine to its modes)"},
		{"mode twice", "// eval: fixed modes=coarse,fine,fine\n", "t.rvl:1:9: fixed: mode \"fine\" given twice"},
		{"bad depth", fixed + "// eval: mutant m class=c property=residue mode=coarse depth=-1\n", "t.rvl:2:9: mutant m: depth \"-1\""},
		{"missing key", fixed + "// eval: mutant m class=c property=residue mode=coarse\n", "t.rvl:2:9: mutant m: missing depth="},
		{"unknown key", fixed + "// eval: mutant m class=c property=residue mode=coarse depth=0 seed=3\n", "t.rvl:2:9: mutant m: unknown key \"seed\""},
		{"fault-test coarse", fixed + "// eval: mutant m class=c property=fault-test mode=coarse depth=1\n", "property fault-test needs mode faults"},
		{"faults not claimed", fixed + "// eval: mutant m class=c property=residue mode=faults depth=1\n// eval: - x\nx\n", "t.rvl:2:1: mutant m runs in faults mode, but the fixed version is not claimed correct there"},
		{"bad fixed mode", "// eval: fixed modes=coarse,lifecycle\n", "t.rvl:1:9: fixed: mode \"lifecycle\": want coarse, faults or fine"},
		{"no coarse", "// eval: fixed modes=faults\n", "t.rvl:1:9: fixed: modes must include coarse"},
		{"changes nothing", fixed + m, "t.rvl:2:1: mutant m changes nothing"},
		{"not found", fixed + m + "// eval: - y\nx\n", "t.rvl:3:1: mutant m: the '-' text \"y\" is not in the program"},
		{"twice", fixed + m + "// eval: - x\nx\nx\n", "t.rvl:3:1: mutant m: the '-' text \"x\" occurs more than once"},
		{"plus first", fixed + m + "// eval: + y\n", "t.rvl:3:10: a '+' line before any '-' line"},
		{"duplicate", fixed + m + "// eval: - x\n" + m + "// eval: - x\nx\n", "t.rvl:4:9: mutant m: a second mutant of that name (line 2)"},
	} {
		_, err := Parse("t.rvl", []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
}

func TestConfigCheck(t *testing.T) {
	all := schedule.SamplerNames
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Seeds: []int{1, 10, 10}, Samplers: all}, "seed counts must increase: element 3 (10) is not above element 2 (10)"},
		{Config{Seeds: []int{0, 10}, Samplers: all}, "seed count 0 (element 1) must be at least 1"},
		{Config{Seeds: []int{1}, Samplers: []string{"uniform", "pcr"}}, "unknown sampler \"pcr\" (want uniform, pct, pos, urw, or pct:D) (element 2)"},
		{Config{Seeds: []int{1}, Samplers: []string{"pct", "pct"}}, "sampler \"pct\" given twice (elements 1 and 2)"},
		{Config{Samplers: all}, "no seed counts"},
		{Config{Seeds: []int{1}, Samplers: []string{"pos:2"}}, "sampler \"pos:2\": only pct takes a depth, pct:D with D at least 1 (element 1)"},
		{Config{Seeds: []int{1}, Samplers: []string{"pct:0"}}, "sampler \"pct:0\": only pct takes a depth, pct:D with D at least 1 (element 1)"},
		{Config{Seeds: []int{1}, Samplers: []string{"pct", "pct:3"}}, ""},
		{Config{Seeds: []int{1}, Samplers: all}, ""},
	} {
		err := tc.cfg.Check()
		if (err == nil) != (tc.want == "") || err != nil && err.Error() != tc.want {
			t.Errorf("%+v: error %v, want %q", tc.cfg, err, tc.want)
		}
	}
}

// TestSVG: the plot has one line per sampler through its rates, and the
// same report draws the same bytes.
func TestSVG(t *testing.T) {
	rep := &Report{Seeds: []int{1, 10, 100}, Samplers: []string{"uniform", "pct"}}
	rep.Corpus.Mutants = 4
	rep.Detection = []SamplerDetection{
		{Sampler: "uniform", Overall: []Tally{{1, 4}, {3, 4}, {4, 4}}},
		{Sampler: "pct", Overall: []Tally{{0, 4}, {2, 4}, {2, 4}}},
	}
	s := SVG(rep)
	if SVG(rep) != s {
		t.Fatal("two drawings of one report differ")
	}
	for _, want := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg"`,
		// uniform: 25% at x=70, 75% at the middle, 100% at the right edge.
		`<polyline points="70.0,265.0 280.0,115.0 490.0,40.0" fill="none" stroke="#1f77b4"`,
		`<polyline points="70.0,340.0 280.0,190.0 490.0,190.0" fill="none" stroke="#d62728"`,
		">uniform (4/4)</text>", ">pct (2/4)</text>", "</svg>\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the SVG lacks %q:\n%s", want, s)
		}
	}
}

// TestFixedFailureIsReported: a fixed version that fails in a mode it
// claims is reported with the vector that fails and what it shows. Here
// W's undo calls Reg, so a crash of Reg while W is up makes it call a
// withdrawn provision (use-after-withdrawal): the composition cannot
// claim faults.
func TestFixedFailureIsReported(t *testing.T) {
	src := `// eval: fixed modes=coarse,faults
// eval: mutant m class=c property=unstable mode=coarse depth=1
// eval: - emit log.write("open")
// eval: + emit log.write(reg.count() >= 1 ? "full" : "open")
service Log { emission fn write(line: Str) }
service Registry {
  fn register(name: Str)
  fn count() -> Int
}
component Sink provides log: Log { provide log { fn write(line) { } } }
component Reg provides reg: Registry {
  let names = effect Map.new() undo names.drop()
  provide reg {
    fn register(name) { names.insert(name, "up") }
    fn count() = names.len()
  }
}
component Gate requires log: Log, reg: Registry { emit log.write("open") }
component W requires reg: Registry { effect reg.register("w") undo reg.register("w down") }
`
	c, err := Parse("gate.rvl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run([]*Composition{c}, Config{Seeds: []int{1}, Samplers: []string{schedule.SamplerUniform}})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Mutants[0].LabelOK {
		t.Errorf("the mutant's label: %s", rep.Mutants[0].Why)
	}
	f := rep.Fixed[0]
	if f.OK() || len(f.Checks) != 3 {
		t.Fatalf("fixed checks %+v, want a failing faults check", f.Checks)
	}
	if c := f.Checks[0]; c.Mode != ModeCoarse || c.Failing != 0 || c.Runs != 1 {
		t.Errorf("coarse check %+v, want its 1 class passing", c)
	}
	c1 := f.Checks[1]
	if c1.Mode != ModeFaults || c1.Search != "enumeration" || c1.Failing == 0 || !regexp.MustCompile(`^[0-9,]+: use-after-withdrawal: `).MatchString(c1.First) {
		t.Errorf("faults check %+v, want a failing enumeration that names its first vector and use-after-withdrawal", c1)
	}
	if !strings.Contains(Body(rep), "- gate: enumeration: ") {
		t.Errorf("the report does not list the failing fixed version:\n%s", Body(rep))
	}
}

// TestFineMutantsNeedFineAtoms: a fine-mode mutant's bug is one only fine
// atoms reach — no lifecycle schedule of it shows its property (the
// exhaustive search of the coarse alphabet, which must complete) — while
// the enumeration of its fine schedules does. A fine mutant that is the
// same program as a coarse mutant of its composition (its twin: one bug,
// labelled in both modes) is found by both alphabets instead. Every
// coarse outlives-owner mutant has a fine twin: with fine atoms a job its
// owner leaves in flight is residue when the owner's frame drains
// (docs/decisions.md, "Fine atoms").
func TestFineMutantsNeedFineAtoms(t *testing.T) {
	comps, err := LoadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	n, twins := 0, 0
	for _, c := range comps {
		twinOf := func(m *Mutant, mode string) *Mutant {
			for _, o := range c.Mutants {
				if o != m && o.Mode == mode && o.Property == m.Property && bytes.Equal(o.Source, m.Source) {
					return o
				}
			}
			return nil
		}
		for _, m := range c.Mutants {
			if m.Mode == ModeCoarse && m.Class == "outlives-owner" && twinOf(m, ModeFine) == nil {
				t.Errorf("%s: a coarse outlives-owner mutant without a fine twin", m.ID())
			}
			if m.Mode != ModeFine {
				continue
			}
			n++
			coarse, err := world(m.ID()+".rvl", m.Source, ModeCoarse, false)
			if err != nil {
				t.Fatal(err)
			}
			tr := dpor(coarse, m.Property, 5000)
			twin := twinOf(m, ModeCoarse)
			if twin != nil {
				twins++
				if !tr.Detected {
					t.Errorf("%s: the coarse search %+v does not find %s, which its twin %s claims", m.ID(), tr, m.Property, twin.ID())
				}
			} else if tr.BoundedOut || tr.Detected {
				t.Errorf("%s: the coarse search %+v: want it complete and without %s", m.ID(), tr, m.Property)
			}
			fine, err := world(m.ID()+".rvl", m.Source, ModeFine, false)
			if err != nil {
				t.Fatal(err)
			}
			// A twin's fine schedules may be more than the bound (outlive_warm's
			// are): that it finds the bug is what it must show.
			if leaves, hits, out := enumerate(fine, m.Property, 5000); hits == 0 || out && twin == nil {
				t.Errorf("%s: the fine enumeration runs %d schedules (bounded out %v), %d with %s: want it complete and finding it", m.ID(), leaves, out, hits, m.Property)
			}
		}
	}
	if n-twins < 9 || twins < 3 {
		t.Errorf("the corpus has %d fine-mode mutants, %d of them twins of coarse ones: want at least 9 fine-only and 3 twins", n, twins)
	}
}

// TestFineSamplers: a fine mutant runs under every sampler, as revl test
// takes --sampler with --atoms fine, and each finds it. Its bug is one no
// lifecycle schedule shows (TestFineMutantsNeedFineAtoms), so a sampler
// that finds it drew fine schedules; the shrunk vector replays to the
// property in the fine world, through a fine atom.
func TestFineSamplers(t *testing.T) {
	comps, err := LoadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	var c *Composition
	for _, x := range comps {
		if x.Name == "await_deploy" {
			c = x
		}
	}
	if c == nil || c.Mutants[0].Mode != ModeFine {
		t.Fatal("no fine composition await_deploy in the corpus")
	}
	m := c.Mutants[0]
	all := []string{schedule.SamplerUniform, schedule.SamplerPCT, "pct:3", schedule.SamplerURW, schedule.SamplerPOS}
	rep, err := Run([]*Composition{c}, Config{Seeds: []int{1, 10}, Samplers: all, MaxSchedules: 500})
	if err != nil {
		t.Fatal(err)
	}
	fine, err := world(m.ID()+".rvl", m.Source, ModeFine, false)
	if err != nil {
		t.Fatal(err)
	}
	for j, s := range rep.Mutants[0].Samplers {
		if s.Skipped != "" || s.First < 1 || s.First > 10 || s.Shrink == nil {
			t.Errorf("sampler %s: skipped %q, first seed %d, shrink %v: want it to find %s within 10 seeds", s.Sampler, s.Skipped, s.First, s.Shrink, m.Property)
			continue
		}
		r := fine.Replay(s.Shrink.Choices)
		if !hasTag(r.Findings, m.Property) || !slices.ContainsFunc(r.Atoms, func(a string) bool {
			return strings.HasPrefix(a, "resume(") || strings.HasPrefix(a, "complete(")
		}) {
			t.Errorf("sampler %s: the shrunk %v replays to atoms %v, findings %v", s.Sampler, s.Shrink.Choices, r.Atoms, r.Findings)
		}
		if d := rep.Detection[j].Overall[1]; d.Of != 1 || d.Detected != 1 {
			t.Errorf("sampler %s at 10 seeds: %d of %d detected, want the fine mutant counted and found", s.Sampler, d.Detected, d.Of)
		}
	}
}
