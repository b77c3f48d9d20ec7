package check

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"revl.dev/debug/runtime/syntax"
)

var update = flag.Bool("update", false, "rewrite testdata/check/*.golden from the checker's output")

const corpusDir = "../../testdata/check"

// corpusFile is one corpus program: its base name and its text.
type corpusFile struct {
	name string
	src  []byte
}

// readCorpus reads every corpus program, in name order, and fails the
// test if the corpus is missing (fewer than 30 files).
func readCorpus(t *testing.T) []corpusFile {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.rvl"))
	if len(files) < 30 {
		t.Fatalf("corpus: %d files", len(files))
	}
	out := make([]corpusFile, 0, len(files))
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, corpusFile{filepath.Base(path), src})
	}
	return out
}

// render prints diagnostics in the golden form:
//
//	file:line:col: CODE message
//	  related file:line:col: message
func render(ds []syntax.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%s:%d:%d: %s %s\n", d.File, d.Span.Start.Line, d.Span.Start.Col, d.Code, d.Message)
		for _, r := range d.Related {
			fmt.Fprintf(&b, "  related %s:%d:%d: %s\n", r.File, r.Span.Start.Line, r.Span.Start.Col, r.Message)
		}
	}
	return b.String()
}

// expectedCodes reads the first line of a corpus file, `// codes: A B`,
// the codes the file is written to trigger, one per diagnostic (`none`
// for a valid program).
func expectedCodes(t *testing.T, src []byte) []string {
	t.Helper()
	line, _, _ := bytes.Cut(src, []byte("\n"))
	rest, ok := strings.CutPrefix(string(line), "// codes:")
	if !ok {
		t.Fatalf("first line must be '// codes: ...', got %q", line)
	}
	fields := strings.Fields(rest)
	if len(fields) == 1 && fields[0] == "none" {
		return nil
	}
	return fields
}

// TestGolden checks every corpus file against its golden output, and that
// each file triggers exactly the codes its header names (so a file meant to
// show one rule does not silently show another too).
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.rvl"))
	if err != nil || len(files) < 30 {
		t.Fatalf("corpus: %d files, err %v", len(files), err)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(strings.TrimSuffix(name, ".rvl"), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, pd := syntax.ParseFile(name, src); len(pd) > 0 {
				t.Fatalf("corpus files must parse cleanly; parser said:\n%s", render(pd))
			}
			_, ds := Source(name, src)
			got := render(ds)

			var codes []string
			for _, d := range ds {
				codes = append(codes, d.Code)
			}
			want := expectedCodes(t, src)
			slices.Sort(codes)
			slices.Sort(want)
			if !slices.Equal(codes, want) {
				t.Errorf("codes = %v, header says %v\n%s", codes, want, got)
			}

			golden := strings.TrimSuffix(path, ".rvl") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			wantOut, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGolden -update)", err)
			}
			if got != string(wantOut) {
				t.Errorf("output differs from %s\n--- got\n%s--- want\n%s", golden, got, wantOut)
			}
		})
	}
}

// TestDeterministic checks the same file twice: diagnostics, related
// entries and load order must not depend on map iteration.
func TestDeterministic(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.rvl"))
	for _, path := range files {
		src, _ := os.ReadFile(path)
		_, a := Source("f.rvl", src)
		for range 5 {
			if _, b := Source("f.rvl", src); render(a) != render(b) {
				t.Fatalf("%s: output changed between runs", path)
			}
		}
	}
}

func mustCheck(t *testing.T, src string) *Program {
	t.Helper()
	p, ds := Source("t.rvl", []byte(src))
	if HasErrors(ds) {
		t.Fatalf("unexpected errors:\n%s", render(ds))
	}
	return p
}

func names(cs []*Component) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return strings.Join(out, ", ")
}

func TestLoadOrder(t *testing.T) {
	tests := []struct {
		name, src, order, cycle string
	}{
		{
			name: "worked example",
			src: `service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component A requires log: Log { emit log.write("A up") }
component B requires log: Log { emit log.write("B up") }`,
			order: "Sink, A, B",
		},
		{
			name: "consumers declared before their provider",
			src: `service Log { emission fn write(line: Str) }
component A requires log: Log { emit log.write("A up") }
component B requires log: Log { emit log.write("B up") }
component Sink provides log: Log { provide log { fn write(line) { } } }`,
			order: "Sink, A, B",
		},
		{
			name: "diamond",
			src: `service S { fn f() -> Int }
component Top requires l: S, r: S { }
component Left requires base: S provides l: S { provide l { fn f() = 1 } }
component Right requires base: S provides r: S { provide r { fn f() = 2 } }
component Base provides base: S { provide base { fn f() = 0 } }`,
			order: "Base, Left, Right, Top",
		},
		{
			name: "independent components keep declaration order",
			src: `component C { }
component A { }
component B { }`,
			order: "C, A, B",
		},
		{
			name: "freed components are appended in declaration order",
			src: `service S { fn f() -> Int }
component Z requires b: S { }
component P provides a: S { provide a { fn f() = 1 } }
component Y requires a: S { }
component Q provides b: S { provide b { fn f() = 2 } }
component X requires a: S { }`,
			// Start: P, Q (no unmet edges). Take P: frees Y, X. Take Q: frees Z.
			order: "P, Q, Y, X, Z",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustCheck(t, tc.src)
			if got := names(p.LoadOrder); got != tc.order {
				t.Errorf("load order = %s, want %s", got, tc.order)
			}
			for i, c := range p.LoadOrder {
				if c.LoadIndex != i {
					t.Errorf("%s.LoadIndex = %d, want %d", c.Name, c.LoadIndex, i)
				}
			}
			if len(p.Cycle) != 0 {
				t.Errorf("cycle = %s, want none", names(p.Cycle))
			}
		})
	}
}

func TestLoadOrderCycle(t *testing.T) {
	src := `service S { fn f() -> Int }
component Free { }
component A requires b: S provides a: S { provide a { fn f() = 1 } }
component Tail requires c: S { }
component B requires c: S provides b: S { provide b { fn f() = 2 } }
component C requires a: S provides c: S { provide c { fn f() = 3 } }`
	p, ds := Source("t.rvl", []byte(src))
	if got := names(p.LoadOrder); got != "Free, A, Tail, B, C" {
		t.Errorf("load order = %s", got)
	}
	if got := names(p.Cycle); got != "A, Tail, B, C" {
		t.Errorf("cycle = %s", got)
	}
	var cycles []syntax.Diagnostic
	for _, d := range ds {
		if d.Code == "E-cycle" {
			cycles = append(cycles, d)
		}
	}
	if len(cycles) != 1 {
		t.Fatalf("want one E-cycle, got:\n%s", render(ds))
	}
	d := cycles[0]
	if !strings.Contains(d.Message, "A -> B -> C -> A") || d.Span.Start.Line != 3 || len(d.Related) != 3 {
		t.Errorf("cycle diagnostic:\n%s", render(cycles))
	}
}

// TestUses checks what identifiers resolve to, as go-to-definition and
// rename will use them.
func TestUses(t *testing.T) {
	src := `service Log { emission fn write(line: Str) }
type Outcome = Found(Str) | Missing
fn label(n: Int) -> Str { return n == 0 ? "zero" : "some" }
component Sink provides log: Log {
  config { prefix: Str = "> " }
  let m = effect Map.new() undo m.drop()
  provide log { fn write(line) { m.insert(config.prefix, label(1)) } }
}
component A requires log: Log { emit log.write("A up") }
lifecycle test "t" {
  load Sink with { prefix: "x" }
  let o = match Found("a") { Found(s) => s, Missing => "none" }
  assert o == "a"
}`
	p := mustCheck(t, src)
	// find returns the n-th identifier (0-based) named name, in source order.
	find := func(name string, n int) *syntax.Ident {
		var ids []*syntax.Ident
		//seam:unordered ids are sorted by offset below
		for id := range p.Uses {
			if id.Name == name {
				ids = append(ids, id)
			}
		}
		slices.SortFunc(ids, func(a, b *syntax.Ident) int { return int(a.Start.Offset - b.Start.Offset) })
		if n >= len(ids) {
			t.Fatalf("no use #%d of %s (have %d)", n, name, len(ids))
		}
		return ids[n]
	}
	check := func(name string, n int, kind RefKind, defLine int) {
		t.Helper()
		r := p.Uses[find(name, n)]
		if r.Kind != kind {
			t.Errorf("%s#%d: kind %v, want %v", name, n, r.Kind, kind)
		}
		if defLine == 0 {
			if r.Def != nil {
				t.Errorf("%s#%d: want a built-in, got def at line %d", name, n, r.Def.Start.Line)
			}
			return
		}
		if r.Def == nil || int(r.Def.Start.Line) != defLine {
			t.Errorf("%s#%d: def %v, want line %d", name, n, r.Def, defLine)
		}
	}
	check("Log", 1, RefService, 1)  // the binding in Sink
	check("write", 1, RefMethod, 1) // the implementation
	check("write", 2, RefMethod, 1) // emit log.write
	check("log", 1, RefKey, 4)      // provide log
	check("log", 3, RefKey, 9)      // emit log.write in A
	check("m", 1, RefLocal, 6)      // undo m.drop()
	check("m", 2, RefLocal, 6)      // in the method body
	check("prefix", 1, RefConfigField, 5)
	check("prefix", 2, RefConfigField, 5) // load ... with { prefix: }
	check("label", 1, RefFn, 3)
	check("Found", 1, RefCtor, 2)
	check("Missing", 1, RefCtor, 2)
	check("Sink", 1, RefComponent, 4)
	check("Map", 0, RefHostClass, 0)
	check("Str", 0, RefType, 0)
	check("s", 1, RefLocal, 12)
	if refs := p.References(find("write", 0)); len(refs) != 3 {
		t.Errorf("References(write) = %d idents, want 3", len(refs))
	}
}

// addCheckSeeds adds every program of the test data, the parser's fuzz
// corpus and a few hard cases to f's seed corpus.
func addCheckSeeds(f *testing.F) {
	for _, glob := range []string{
		"../../testdata/check/*.rvl",
		"../../testdata/syntax/*.rvl",
		"../../testdata/runtime/*.rvl",
		"../../testdata/schedule/*.rvl",
		"../../testdata/mocks/*.rvl",
		"../../examples/*.rvl",
		"../syntax/testdata/*.rvl",
	} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil {
				f.Add(src)
			}
		}
	}
	// The parser's fuzz corpus: what broke the parser once must not break
	// the checker either.
	corpus, _ := filepath.Glob("../syntax/testdata/fuzz/FuzzParse/*")
	for _, file := range corpus {
		if src, ok := fuzzInput(t0(f), file); ok {
			f.Add(src)
		}
	}
	f.Add([]byte("component A requires a: S provides a: S { provide a { } }"))
	f.Add([]byte("type T = List[T]\ntype U = V\ntype V = U\nfn f(t: T, u: U) -> T = t"))
	f.Add([]byte("fn f(o: Opt[Int]) = match o { Some(Some(x)) => x, Found(y) => y, 1 => 2 }"))
}

// FuzzCheck parses and checks arbitrary input: the checker must not panic
// or hang on anything the parser hands it.
func FuzzCheck(f *testing.F) {
	addCheckSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		p, ds := Source("fuzz.rvl", src)
		if p == nil {
			t.Fatal("nil program")
		}
		for _, d := range ds {
			if d.Code == "" || d.Message == "" {
				t.Fatalf("diagnostic without code or message: %+v", d)
			}
			if d.Span.Start.Line < 1 {
				t.Fatalf("diagnostic without a position: %+v", d)
			}
		}
		// Every program gets its diagnostics, the same on every run.
		_, again := Source("fuzz.rvl", src)
		if len(again) != len(ds) {
			t.Fatalf("a second check gave %d diagnostics, the first %d", len(again), len(ds))
		}
		for i := range ds {
			if ds[i].Error() != again[i].Error() {
				t.Fatalf("diagnostic %d differs between two checks: %q, %q", i, ds[i].Error(), again[i].Error())
			}
		}
		if len(p.LoadOrder) != len(p.Components) {
			t.Fatalf("load order has %d of %d components", len(p.LoadOrder), len(p.Components))
		}
	})
}

// TestIndexMatchesDependents checks the precomputed dependents against
// their definition on every program of the corpora.
func TestIndexMatchesDependents(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../examples/*.rvl", "../../testdata/schedule/*.rvl", "../../testdata/check/*.rvl", "../../testdata/mocks/*.rvl"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	n := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := Source(name, src)
		for _, c := range p.Components {
			got, want := p.Dependents(c), p.dependentsOf(c)
			if !slices.Equal(got, want) {
				t.Errorf("%s: dependents of %s: indexed %v, scanned %v", name, c.Name, names(got), names(want))
			}
			n++
		}
	}
	if n < 30 {
		t.Fatalf("compared only %d components", n)
	}
}

// t0 returns a testing.TB for helpers used while seeding a fuzz test.
func t0(f *testing.F) testing.TB { return f }

// fuzzInput reads one file of Go's fuzz corpus format, `go test fuzz v1`
// then `[]byte("...")`.
func fuzzInput(tb testing.TB, name string) ([]byte, bool) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, false
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 || lines[0] != "go test fuzz v1" {
		return nil, false
	}
	lit, ok := strings.CutPrefix(lines[1], "[]byte(")
	if !ok {
		return nil, false
	}
	s, err := strconv.Unquote(strings.TrimSuffix(lit, ")"))
	if err != nil {
		tb.Logf("%s: %v", name, err)
		return nil, false
	}
	return []byte(s), true
}

// TestIsNil pins isNil to what reflection says: nothing, or a nil
// pointer, whatever the static type, and no other value (a nil map or
// func is not a nil pointer).
func TestIsNil(t *testing.T) {
	var nilIdent *syntax.Ident
	var nilExpr syntax.Expr = nilIdent
	var nilMap map[string]int
	var nilFunc func()
	var nilSlice []int
	cases := []struct {
		name string
		v    any
		want bool
	}{
		{"nil interface", nil, true},
		{"nil pointer", nilIdent, true},
		{"nil pointer in an Expr", nilExpr, true},
		{"node", &syntax.Ident{Name: "x"}, false},
		{"node in an Expr", syntax.Expr(&syntax.IntLit{Value: 0}), false},
		{"nil map", nilMap, false},
		{"nil func", nilFunc, false},
		{"nil slice", nilSlice, false},
		{"zero int", 0, false},
		{"empty struct", struct{}{}, false},
		{"zero struct", syntax.Span{}, false},
	}
	for _, c := range cases {
		if got := isNil(c.v); got != c.want {
			t.Errorf("%s: isNil = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestBuiltinArity: the switch the passes use agrees with BuiltinTypes,
// the table the language server reads.
func TestBuiltinArity(t *testing.T) {
	names := append(slices.Sorted(maps.Keys(BuiltinTypes)), "Pool", "Job", "str", "Lists", "", "Maps", "Resul")
	for _, name := range names {
		want, wantOK := BuiltinTypes[name]
		if got, ok := builtinArity(name); got != want || ok != wantOK {
			t.Errorf("builtinArity(%q) = %d, %v, want %d, %v", name, got, ok, want, wantOK)
		}
	}
}

// TestFingerprint: the checker's fingerprint covers both packages' files
// and is the same each time it is asked.
func TestFingerprint(t *testing.T) {
	a := Fingerprint()
	if len(a) != 64 || a != Fingerprint() {
		t.Fatalf("fingerprint %q", a)
	}
	for _, fsys := range []interface{ Open(string) (fs.File, error) }{sources, syntax.Sources} {
		if _, err := fsys.Open("doc.go"); err != nil {
			t.Errorf("the fingerprint does not cover doc.go: %v", err)
		}
	}
}
