package schedule

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

// fixtureDir holds the schedule fixtures; exampleDir the worked example.
const (
	fixtureDir = "../testdata/schedule"
	exampleDir = "../examples"
)

// workedExample is the path of the spec's worked example (spec §6).
var workedExample = filepath.Join(exampleDir, "two-consumers.rvl")

// loadProgram reads, parses and checks a revl file and fails the test on
// any error diagnostic.
func loadProgram(tb testing.TB, path string) *check.Program {
	tb.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return sourceProgram(tb, path, src)
}

// sourceProgram checks src as the file name.
func sourceProgram(tb testing.TB, name string, src []byte) *check.Program {
	tb.Helper()
	p, diags := check.Source(name, src)
	if check.HasErrors(diags) {
		for _, d := range diags {
			tb.Errorf("%s:%d:%d: %s [%s]", d.File, d.Span.Start.Line, d.Span.Start.Col, d.Message, d.Code)
		}
		tb.Fatalf("%s has errors", name)
	}
	return p
}

// mustWorld is NewWorld(p, opts), failing tb on an error.
func mustWorld(tb testing.TB, p *check.Program, opts Options) *World {
	tb.Helper()
	w, err := NewWorld(p, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return w
}

// sourceWorld builds the world of src checked as the file name.
func sourceWorld(tb testing.TB, name, src string, opts Options) *World {
	tb.Helper()
	return mustWorld(tb, sourceProgram(tb, name, []byte(src)), opts)
}

// budgetWorld is the world of two consumers of a spinning provider under a
// run budget: which of them runs out of it depends on the order.
func budgetWorld(tb testing.TB, budget int) *World {
	tb.Helper()
	const src = `
service S { fn spin(n: Int) -> Int }
component P provides s: S { provide s { fn spin(n) {
  var i = 0
  while (i < n) { i = i + 1 }
  return i } } }
component A requires s: S { effect s.spin(40) undo 0 }
component B requires s: S { effect s.spin(10) undo 0 }
`
	return sourceWorld(tb, "budget.rvl", src, Options{Runtime: runtime.Options{RunBudget: budget}})
}

// explorerOf builds the explorer of a revl file.
func explorerOf(tb testing.TB, path string, opts Options) *World {
	tb.Helper()
	return mustWorld(tb, loadProgram(tb, path), opts)
}

// sweepDossier runs a sweep and writes its dossier the way `revl test
// --json` does: the canonical entry first, then every seed in order, then
// the counts. It is what the determinism and sharding tests compare.
func sweepDossier(tb testing.TB, x *World, program string, opts SweepOptions) []byte {
	tb.Helper()
	var shard *ShardInfo
	if opts.Shards > 1 {
		shard = &ShardInfo{Index: opts.Shard, Count: opts.Shards}
	}
	base := EntryOf(SeedLabel{Name: "canonical"}, x.Baseline(), nil)
	var buf bytes.Buffer
	dw := NewDossierWriter(&buf, program, opts.Seeds, shard,
		Baseline{Choices: base.Choices, Atoms: base.Atoms, Emissions: base.Emissions})
	c := NewCounter()
	dw.Add(base)
	c.Add(base.OK, base.Fingerprint, base.Schedule)
	x.Sweep(opts, func(o Outcome) {
		dw.Add(EntryOf(SeedLabel{N: o.Seed}, o.Result, o.Shrunk))
		c.Add(o.Result.OK(), o.FingerprintHash, o.ScheduleHash)
	})
	if err := dw.Close(c.Counts); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// tagsOf lists the tags of r's findings in report order.
func tagsOf(r *Result) []string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, f.Tag)
	}
	return out
}
