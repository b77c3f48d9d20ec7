package syntax

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"revl.dev/debug/internal/synth"
)

// editPieces are the texts random edits insert: the openers, closers and
// keywords that move declaration boundaries, the starts of tokens that
// look past their end (`1.` `=` `/`), and plain text.
var editPieces = []string{
	"", "}", "{", "(", ")", "\n", "\n\n", " ", ";", "`", "`${", "}`", "\"", "//", "// note\n",
	"1", "1.", ".5", "e", "=", "==", "/", "x", "fn", "fn ", "fn f() = 1\n", "\nfn g() -> Int = 0\n",
	"component C {\n", "service S {\n", "type T = A | B\n", "test \"t\" {\n", "lifecycle test \"l\" {\n",
	"match x {", "let", "let y = ", "undefinedName", "@", "\xff", "5x", "commutative ",
}

// lcg is a small deterministic generator for the edits (the tests draw no
// randomness from outside).
type lcg uint64

func (r *lcg) intn(n int) int {
	*r = *r*6364136223846793005 + 1442695040888963407
	return int(uint64(*r>>33) % uint64(n))
}

// randomEdit picks a range of src to replace and the text to put there:
// one of editPieces or a slice of src itself (moving real code around).
func randomEdit(r *lcg, src []byte) (start, end int, text []byte) {
	start = r.intn(len(src) + 1)
	end = min(len(src), start+r.intn(4)*r.intn(12))
	if r.intn(3) == 0 && len(src) > 0 {
		from := r.intn(len(src))
		text = src[from:min(len(src), from+r.intn(40))]
	} else {
		text = []byte(editPieces[r.intn(len(editPieces))])
	}
	return start, end, text
}

func applyEdit(src []byte, start, end int, text []byte) []byte {
	out := make([]byte, 0, len(src)-(end-start)+len(text))
	return append(append(append(out, src[:start]...), text...), src[end:]...)
}

// sameParse reports how an edited tree differs from a parse from scratch
// of the same text: its tree (every node and position), its diagnostics
// and the state Edit keeps for the next edit must all be equal.
func sameParse(got, want *Tree) error {
	switch {
	case !reflect.DeepEqual(got.Diags, want.Diags):
		return fmt.Errorf("diagnostics differ:\nedited:\n%s\nfrom scratch:\n%s", renderDiags(got.Diags), renderDiags(want.Diags))
	case !reflect.DeepEqual(got.File, want.File):
		g, w := Dump(got.File), Dump(want.File)
		if g == w {
			return fmt.Errorf("trees differ in offsets, comments or fields Dump does not show:\n%s", g)
		}
		return fmt.Errorf("trees differ:\nedited:\n%s\nfrom scratch:\n%s", g, w)
	case !reflect.DeepEqual(got.states, want.states) || !reflect.DeepEqual(got.lex, want.lex) ||
		!reflect.DeepEqual(got.syn, want.syn) || got.ntoks != want.ntoks || got.bailed != want.bailed:
		for i := range min(len(got.states), len(want.states)) {
			if !reflect.DeepEqual(got.states[i], want.states[i]) {
				return fmt.Errorf("the state of declaration %d differs:\nedited:       %+v\nfrom scratch: %+v", i, got.states[i], want.states[i])
			}
		}
		return fmt.Errorf("the incremental state differs: %d vs %d declarations, lex %v, syn %v, tokens %d vs %d, bailed %v vs %v",
			len(got.states), len(want.states), reflect.DeepEqual(got.lex, want.lex), reflect.DeepEqual(got.syn, want.syn),
			got.ntoks, want.ntoks, got.bailed, want.bailed)
	}
	return nil
}

// editSources are the files the random edits start from: every program
// under testdata (valid and invalid) and a generated one.
type namedSrc struct {
	name string
	src  []byte
}

func editSources(t testing.TB) []namedSrc {
	return append([]namedSrc{{"synth.rvl", synth.Program(300)}},
		readSources(t, "testdata/*.rvl", corpusDir+"/*.rvl", "../../examples/*.rvl")...)
}

// readSources reads the files the patterns match, in their order.
func readSources(t testing.TB, patterns ...string) []namedSrc {
	var srcs []namedSrc
	for _, pattern := range patterns {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			srcs = append(srcs, namedSrc{path, src})
		}
	}
	return srcs
}

// TestEditMatchesParse applies chains of random edits to every source,
// each edit to the tree the previous one produced, and compares every
// result with a parse of the same text from scratch.
func TestEditMatchesParse(t *testing.T) {
	reused, total := 0, 0
	for i, ns := range editSources(t) {
		r := lcg(i + 1)
		name, src := ns.name, ns.src
		tree := Parse(name, src)
		for step := 0; step < 60; step++ {
			start, end, text := randomEdit(&r, src)
			next := applyEdit(src, start, end, text)
			if k := tree.restart(start, end, len(next)); k > 0 {
				reused += k
			}
			total += len(tree.states)
			got := tree.Edit(next, start, end)
			if err := sameParse(got, Parse(name, next)); err != nil {
				t.Fatalf("%s, edit %d: [%d,%d) := %q\n%v\nold text:\n%s\nnew text:\n%s", name, step, start, end, text, err, src, next)
			}
			src, tree = next, got
		}
	}
	// The edits land anywhere, so on average half the declarations come
	// before them; reusing none would mean Edit always parses anew.
	if reused*4 < total {
		t.Errorf("edits reused %d of %d declarations; want at least a quarter", reused, total)
	}
}

// TestEditCases covers the boundaries of the reuse rule one by one.
func TestEditCases(t *testing.T) {
	base := "fn a() = 1\nfn b() = 2.5\ncomponent C {\n  let x = a()\n}\n// end\nfn c() = x\n"
	cases := []struct {
		name, old  string
		start, end int
		text       string
	}{
		{"append a digit to a number", base, strings.Index(base, "2.5") + 3, strings.Index(base, "2.5") + 3, "0"},
		{"turn an integer into a float", "fn a() = 1\nfn b() = 2\n", 21, 21, ".5"},
		{"open a brace before the next declaration", base, strings.Index(base, "component"), strings.Index(base, "component"), "fn z() {\n"},
		{"close the component early", base, strings.Index(base, "  let"), strings.Index(base, "  let"), "}\n"},
		{"delete everything after the first line", base, 11, len(base), ""},
		{"delete everything", base, 0, len(base), ""},
		{"insert at the very end", base, len(base), len(base), "fn d() = undefinedName\n"},
		{"a comment that swallows a declaration", base, strings.Index(base, "fn c"), strings.Index(base, "fn c"), "// "},
		{"an operator joined to the next line", "fn a() = 1\n+ 2\nfn b() = 3\n", 11, 11, "fn x() = y\n"},
		{"an equals sign that becomes ==", "fn a() = 1\nfn b() = 2\n", 18, 18, "="},
		{"an unterminated template before a declaration", base, strings.Index(base, "fn c"), strings.Index(base, "fn c"), "fn t() = `${\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			next := applyEdit([]byte(c.old), c.start, c.end, []byte(c.text))
			got := Parse("t.rvl", []byte(c.old)).Edit(next, c.start, c.end)
			if err := sameParse(got, Parse("t.rvl", next)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// FuzzEdit replaces a range of a program with arbitrary bytes and
// compares Edit's result with a parse from scratch. The seed corpus is in
// testdata/fuzz/FuzzEdit, plus every source TestEditMatchesParse uses.
func FuzzEdit(f *testing.F) {
	for _, ns := range editSources(f) {
		src := ns.src
		f.Add(src, uint(len(src)/2), uint(3), []byte("}\nfn f() = "))
	}
	f.Fuzz(func(t *testing.T, src []byte, at, del uint, text []byte) {
		start := int(at % uint(len(src)+1))
		end := start + int(del%uint(len(src)-start+1))
		next := applyEdit(src, start, end, text)
		got := Parse("f.rvl", src).Edit(next, start, end)
		if err := sameParse(got, Parse("f.rvl", next)); err != nil {
			t.Fatalf("[%d,%d) := %q of %q\n%v", start, end, text, src, err)
		}
	})
}
