package syntax

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"revl.dev/debug/internal/synth"
)

// withChunks runs f with files cut into chunks of at least size bytes,
// into up to cores chunks.
func withChunks(t testing.TB, size, cores int, f func()) {
	t.Helper()
	oldSize, oldCores := parallelChunk, parallelCores
	parallelChunk, parallelCores = size, func() int { return cores }
	defer func() { parallelChunk, parallelCores = oldSize, oldCores }()
	f()
}

// wholeTree is the tree to edit of src, parsed by one parser from its
// start.
func wholeTree(src []byte) *Tree {
	oldCores := parallelCores
	parallelCores = func() int { return 1 }
	defer func() { parallelCores = oldCores }()
	return Parse("p.rvl", src)
}

// wholeParse is the parse of src by one parser, from its start.
func wholeParse(src []byte) (*File, []Diagnostic) {
	t := wholeTree(src)
	return t.File, t.Diags
}

// sameAsWhole reports how the parse of src in chunks of at least size
// bytes, once (ParseFile) and to edit (Parse: the declarations' states
// too), differs from its parse whole, and whether the chunks were joined.
func sameAsWhole(src []byte, size, cores int) (joined bool, err error) {
	var file *File
	var diags []Diagnostic
	var p *parser
	var tree, wantTree *Tree
	oldSize, oldCores := parallelChunk, parallelCores
	parallelChunk, parallelCores = size, func() int { return cores }
	file, diags, p = parse("p.rvl", src)
	tree = Parse("p.rvl", src)
	parallelChunk, parallelCores = oldSize, oldCores
	wantTree = wholeTree(src)
	wantFile, wantDiags := wantTree.File, wantTree.Diags
	switch {
	case !reflect.DeepEqual(diags, wantDiags):
		return false, fmt.Errorf("diagnostics differ:\nin chunks:\n%s\nwhole:\n%s", renderDiags(diags), renderDiags(wantDiags))
	case !reflect.DeepEqual(file, wantFile):
		return false, fmt.Errorf("trees differ:\nin chunks:\n%s\nwhole:\n%s", Dump(file), Dump(wantFile))
	case !reflect.DeepEqual(tree.File, wantFile) || !reflect.DeepEqual(tree.Diags, wantDiags):
		return false, fmt.Errorf("the tree to edit differs from the parse whole:\n%s", Dump(tree.File))
	case !reflect.DeepEqual(tree.states, wantTree.states):
		return false, fmt.Errorf("declaration states differ:\nin chunks: %+v\nwhole:     %+v", tree.states, wantTree.states)
	case !reflect.DeepEqual(tree, wantTree):
		return false, fmt.Errorf("trees to edit differ: in chunks %+v, whole %+v", *tree, *wantTree)
	}
	return p.chunk.pos.Offset > 0, nil
}

// chunkPrograms are the programs the chunked parse is compared on:
// generated compositions, and every program of the tests and examples.
func chunkPrograms(t testing.TB) []namedSrc {
	// (internal/gen's compositions, which the launch benchmarks parse,
	// would be an import cycle here: TestParallelParseWide compares them.)
	return append([]namedSrc{
		{"synth 1500", synth.Program(1500)},
		{"synth 300 twice", append(synth.Program(300), synth.Program(300)...)},
	}, readSources(t, "testdata/*.rvl", corpusDir+"/*.rvl", "../../examples/*.rvl", "../../testdata/*/*.rvl")...)
}

func TestParallelParseMatches(t *testing.T) {
	joined := 0
	progs := chunkPrograms(t)
	for _, p := range progs {
		for _, cores := range []int{2, 8} {
			for _, size := range []int{16, 400} {
				ok, err := sameAsWhole(p.src, size, cores)
				if err != nil {
					t.Fatalf("%s, %d cores, chunks of %d bytes: %v", p.name, cores, size, err)
				}
				if ok {
					joined++
				}
			}
		}
	}
	// The generated compositions check without a diagnostic and have many
	// cuts: they, at least, must have been parsed in chunks.
	for _, p := range progs[:2] {
		if ok, _ := sameAsWhole(p.src, 400, 4); !ok {
			t.Errorf("%s was parsed whole, want in chunks", p.name)
		}
	}
	if joined == 0 {
		t.Error("no program was parsed in chunks")
	}
}

// TestParallelParseRandomEdits compares the parse in chunks with the parse
// whole on random edits of a program (one to three each), which make cuts
// that are not at a declaration's start, diagnostics, and unbalanced
// braces.
func TestParallelParseRandomEdits(t *testing.T) {
	base := synth.Program(300)
	r := lcg(7)
	joined, whole := 0, 0
	for i := range 150 {
		src := base
		for range 1 + r.intn(3) {
			start, end, text := randomEdit(&r, src)
			src = applyEdit(src, start, end, text)
		}
		ok, err := sameAsWhole(src, 150, 4)
		if err != nil {
			t.Fatalf("edit %d: %v\nsource:\n%s", i, err, src)
		}
		if ok {
			joined++
		} else {
			whole++
		}
	}
	if joined == 0 || whole == 0 {
		t.Errorf("joined %d, parsed whole %d: want both paths taken", joined, whole)
	}
}

// TestParallelParseCutInsideDecl: a `}` alone on a line can close an inner
// block, and the next line then continues the same declaration. The chunk
// before such a cut parses through it and stops past it, and the file is
// parsed whole.
func TestParallelParseCutInsideDecl(t *testing.T) {
	var b strings.Builder
	b.WriteString("service Log { emission fn write(line: Str) }\n")
	b.WriteString("component Sink provides log: Log { provide log { fn write(line) { } } }\n")
	for i := range 40 {
		// Each component ends in "} " (no cut after it); the only cuts
		// are the `emit` lines after the if's `}`.
		fmt.Fprintf(&b, "component C%d requires log: Log {\n  if (true) {\n    emit log.write(\"a\")\n}\nemit log.write(\"b\")\n} \n", i)
	}
	src := []byte(b.String())
	if _, diags := wholeParse(src); len(diags) > 0 {
		t.Fatalf("the program does not parse: %v", diags[0])
	}
	if cut := nextCut(src, 0); cut < 0 || !strings.HasPrefix(string(src[cut:]), "emit") {
		t.Fatalf("the first cut is at %d, want an emit line", cut)
	}
	for _, size := range []int{30, 50, 70, 110, 400} {
		joined, err := sameAsWhole(src, size, 4)
		if err != nil {
			t.Fatalf("chunks of %d bytes: %v", size, err)
		}
		if joined {
			t.Errorf("chunks of %d bytes: joined at a cut inside a declaration", size)
		}
	}
}

// TestParallelParseStates edits trees parsed in chunks (random edits,
// chains of three; the edits' reparsed tails are cut in chunks too) and
// compares each result with the parse of its text whole, and what it says
// moved with the same edit parsed by one parser: an edit restarts from a
// declaration's state, so a state the join got wrong shows as a different
// tree.
func TestParallelParseStates(t *testing.T) {
	base := synth.Program(300)
	r := lcg(11)
	tailsJoined := 0
	for i := range 60 {
		var tree *Tree
		withChunks(t, 150, 4, func() { tree = Parse("p.rvl", base) })
		if len(tree.states) != len(tree.File.Decls) {
			t.Fatalf("%d states for %d declarations", len(tree.states), len(tree.File.Decls))
		}
		if ok, err := sameAsWhole(base, 150, 4); err != nil || !ok {
			t.Fatalf("the base program: joined %v, %v", ok, err)
		}
		src := base
		for j := range 3 {
			start, end, text := randomEdit(&r, src)
			next := applyEdit(src, start, end, text)
			var edited, alone *Tree
			withChunks(t, 150, 4, func() {
				edited = tree.Edit(next, start, end)
				if k := tree.restart(start, end, len(next)); k > 0 {
					if _, last := parseTree("p.rvl", next, tree, k, false, false, nil); last.chunk.pos.Offset > 0 {
						tailsJoined++
					}
				}
			})
			withChunks(t, 150, 1, func() { alone = tree.Edit(next, start, end) })
			want := wholeTree(next)
			if !reflect.DeepEqual(edited.File, want.File) || !reflect.DeepEqual(edited.Diags, want.Diags) || !reflect.DeepEqual(edited.states, want.states) {
				t.Fatalf("chain %d, edit %d [%d, %d) -> %q: the edited tree differs from the parse whole", i, j, start, end, text)
			}
			if edited.Moved() != alone.Moved() {
				t.Fatalf("chain %d, edit %d: moved from %d in chunks, from %d by one parser", i, j, edited.Moved(), alone.Moved())
			}
			tree, src = edited, next
		}
	}
	if tailsJoined == 0 {
		t.Error("no edit's tail was parsed in chunks and joined")
	}
}

func TestChunkCuts(t *testing.T) {
	src := []byte("fn a() = 1\n}\nfn b() = 2\n}\n}\nx\n}\n_y\n}\n9\n")
	for _, tc := range []struct {
		from, want int
	}{
		{0, strings.Index(string(src), "fn b")},
		{strings.Index(string(src), "fn b"), strings.Index(string(src), "x\n")},
		{strings.Index(string(src), "x\n"), strings.Index(string(src), "_y")},
		{strings.Index(string(src), "_y"), -1}, // `9` starts no declaration
	} {
		if got := nextCut(src, tc.from); got != tc.want {
			t.Errorf("nextCut(%d) = %d, want %d", tc.from, got, tc.want)
		}
	}
	withChunks(t, 8, 4, func() {
		cuts := chunkCuts(src, 0, 4)
		for i, c := range cuts {
			if i > 0 && c-cuts[i-1] < 8 || len(src)-c < 8 {
				t.Errorf("cuts %v: closer than a chunk", cuts)
			}
		}
		if len(cuts) == 0 {
			t.Error("no cut in a file of several chunks")
		}
	})
	if cuts := chunkCuts(src, 0, 1); cuts != nil {
		t.Errorf("one core: cuts %v, want none", cuts)
	}
}

// FuzzParallelParse: whatever the input, the parse in chunks is the parse
// whole.
func FuzzParallelParse(f *testing.F) {
	for _, p := range chunkPrograms(f) {
		if len(p.src) < 4096 {
			f.Add(p.src)
		}
	}
	f.Add([]byte("component A {\n}\ncomponent B {\n}\n`${\n}\nfn f() = 1\n}\nx"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, err := sameAsWhole(src, 8, 3); err != nil {
			t.Fatalf("%v\ninput: %q", err, src)
		}
		// An edit of the tree in chunks, its tail moved (move.go) or
		// reparsed in chunks: the middle third of the input deleted.
		a, b := len(src)/3, 2*len(src)/3
		next := append(append([]byte{}, src[:a]...), src[b:]...)
		want := wholeTree(next)
		for _, move := range []bool{true, false} {
			var edited *Tree
			withChunks(t, 8, 3, func() {
				moveTails = move
				defer func() { moveTails = true }()
				edited = Parse("p.rvl", src).Edit(next, a, b)
			})
			if !reflect.DeepEqual(edited.File, want.File) || !reflect.DeepEqual(edited.Diags, want.Diags) || !reflect.DeepEqual(edited.states, want.states) {
				t.Fatalf("an edit in chunks (tails moved: %v) differs from the parse whole\ninput: %q", move, src)
			}
		}
	})
}
