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

// sameMoved reports where the declarations of got, edited from old by
// replacing old's bytes [start, end), differ from old's moved by the edit
// from got.Moved() on (see Tree.Moved): node for node, each position moved
// by the edit's bytes and lines. It returns how many declarations it
// compared.
func sameMoved(old, got *Tree, start, end int) (int, error) {
	from := got.Moved()
	if from == len(got.File.Decls) {
		return 0, nil
	}
	if len(old.File.Decls) != len(got.File.Decls) {
		return 0, fmt.Errorf("Moved is %d, but the trees have %d and %d declarations", from, len(old.File.Decls), len(got.File.Decls))
	}
	delta := len(got.File.Src) - len(old.File.Src)
	dline := strings.Count(string(got.File.Src[start:end+delta]), "\n") - strings.Count(string(old.File.Src[start:end]), "\n")
	for j := from; j < len(got.File.Decls); j++ {
		if path := shiftedDiff(reflect.ValueOf(old.File.Decls[j]), reflect.ValueOf(got.File.Decls[j]), int32(delta), int32(dline)); path != "" {
			return 0, fmt.Errorf("Moved is %d of %d, but declaration %d is not the old one moved by %d bytes and %d lines: %s differs",
				from, len(got.File.Decls), j, delta, dline, path)
		}
	}
	return len(got.File.Decls) - from, nil
}

// shiftedDiff is the path of the first place where b is not a moved by
// delta bytes and dline lines (every Pos; the rest equal), "" if none.
func shiftedDiff(a, b reflect.Value, delta, dline int32) string {
	if a.Kind() != b.Kind() || a.Type() != b.Type() {
		return "type"
	}
	if a.Type() == reflect.TypeFor[Pos]() {
		p, q := a.Interface().(Pos), b.Interface().(Pos)
		if p.IsValid() {
			p.Offset, p.Line = p.Offset+delta, p.Line+dline
		}
		if p != q {
			return fmt.Sprintf("position %+v (moved), %+v", p, q)
		}
		return ""
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return "nil"
			}
			return ""
		}
		return shiftedDiff(a.Elem(), b.Elem(), delta, dline)
	case reflect.Struct:
		for i := range a.NumField() {
			if d := shiftedDiff(a.Field(i), b.Field(i), delta, dline); d != "" {
				return a.Type().Field(i).Name + "." + d
			}
		}
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return "length"
		}
		for i := range a.Len() {
			if d := shiftedDiff(a.Index(i), b.Index(i), delta, dline); d != "" {
				return fmt.Sprintf("[%d].%s", i, d)
			}
		}
	case reflect.Map:
		return "map" // the tree has none
	default:
		if !reflect.DeepEqual(a.Interface(), b.Interface()) {
			return fmt.Sprintf("value %v, %v", a.Interface(), b.Interface())
		}
	}
	return ""
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
	reused, total, moved, copied := 0, 0, 0, 0
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
			n, err := sameMoved(tree, got, start, end)
			if err != nil {
				t.Fatalf("%s, edit %d: [%d,%d) := %q\n%v\nold text:\n%s\nnew text:\n%s", name, step, start, end, text, err, src, next)
			}
			moved += n
			copied += got.copied
			src, tree = next, got
		}
	}
	// The edits land anywhere, so on average half the declarations come
	// before them; reusing none would mean Edit always parses anew.
	if reused*4 < total {
		t.Errorf("edits reused %d of %d declarations; want at least a quarter", reused, total)
	}
	// Many edits leave the declarations after them alone but for a move
	// (the others add or remove declarations, or leave a syntax error).
	if moved*16 < total {
		t.Errorf("edits found %d of %d declarations moved; want at least a sixteenth", moved, total)
	}
	// And Edit copied them instead of parsing them again (move.go), as it
	// does for declarations an edit added or removed before them.
	// (Not all: with lines moved, a diagnostic after the edit is found by
	// parsing, since its message may name a line.)
	if copied*2 < moved {
		t.Errorf("edits copied %d declarations, fewer than half the %d they found moved", copied, moved)
	}
}

// TestMovedCases checks Moved where it must find the declarations after
// an edit moved, and where it must not.
func TestMovedCases(t *testing.T) {
	base := "fn a() = 1\nfn b() = 2\ncomponent C {\n  let x = a()\n}\nfn c() = x\nfn d() = 4\n"
	at := func(s string) int { return strings.Index(base, s) }
	cases := []struct {
		name       string
		start, end int
		text       string
		want       int // Moved
		copied     int // declarations copied, not parsed (move.go)
	}{
		{"a body grows by a line", at("  let"), at("  let"), "  let y = 2\n", 3, 2},
		{"a body changes within a line", at("= a()") + 2, at("= a()") + 3, "bb", 3, 2},
		{"a declaration deleted (there are fewer)", at("fn b"), at("component"), "", 4, 3},
		{"an edit on the last declaration", at("4"), at("4") + 1, "5", 5, 0},
		{"a brace opened before the next declaration", at("component"), at("component"), "fn z() {\n", 6, 2},
		{"a declaration added (there are more)", at("}\nfn c"), at("}\nfn c"), "}\nfn e() = 1\n", 7, 2},
		{"a syntax error typed in a body (errors before the next differ)", at("= a()") + 4, at("= a()") + 5, "", 3, 2},
		{"a declaration added before the next", at("fn c"), at("fn c"), "fn e() = 1\n", 6, 1},
		{"the declaration after the edit begins on its line", at("fn c"), at("fn c"), "  ", 5, 0},
		{"the first declaration grows by a line (parsed anew)", at("1\n"), at("1\n"), "(1 +\n 0) + ", 2, 3},
		{"the first declaration's last token moves sideways", at("1\n"), at("1\n") + 1, "11", 2, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			next := applyEdit([]byte(base), c.start, c.end, []byte(c.text))
			old := Parse("t.rvl", []byte(base))
			got := old.Edit(next, c.start, c.end)
			if err := sameParse(got, Parse("t.rvl", next)); err != nil {
				t.Fatal(err)
			}
			if got.Moved() != c.want {
				t.Fatalf("Moved = %d of %d, want %d", got.Moved(), len(got.File.Decls), c.want)
			}
			if _, err := sameMoved(old, got, c.start, c.end); err != nil {
				t.Fatal(err)
			}
			if got.copied != c.copied {
				t.Errorf("copied %d declarations, want %d", got.copied, c.copied)
			}
		})
	}
	if tree := Parse("t.rvl", []byte(base)); tree.Moved() != len(tree.File.Decls) {
		t.Errorf("Moved of a parse = %d, want %d (none)", tree.Moved(), len(tree.File.Decls))
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
		{"an error at the next declaration's first token goes (its line's one diagnostic)", "0\ncomponent A{provide A{fn A(A) {}\n}\ncomponent", 15, 30, ""},
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
		old := Parse("f.rvl", src)
		got := old.Edit(next, start, end)
		if err := sameParse(got, Parse("f.rvl", next)); err != nil {
			t.Fatalf("[%d,%d) := %q of %q\n%v", start, end, text, src, err)
		}
		if _, err := sameMoved(old, got, start, end); err != nil {
			t.Fatalf("[%d,%d) := %q of %q\n%v", start, end, text, src, err)
		}
	})
}
