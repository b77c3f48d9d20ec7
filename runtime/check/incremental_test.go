package check

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"revl.dev/debug/internal/cpuclock"
	"revl.dev/debug/internal/synth"
	"revl.dev/debug/runtime/syntax"
)

// sameProgram reports how an incremental check of f differs from Check
// of the same tree: every diagnostic, every resolved identifier (the same
// key and target nodes: the new tree's, never the old one's), every local
// type, and the rest of the Program.
func sameProgram(got, want *Program) error {
	if !reflect.DeepEqual(got.Diagnostics, want.Diagnostics) {
		var g, w strings.Builder
		syntax.WriteDiagnostics(&g, got.Diagnostics)
		syntax.WriteDiagnostics(&w, want.Diagnostics)
		if g.String() == w.String() {
			return fmt.Errorf("diagnostics differ in spans or fields the text does not show:\n%s\n%#v\n%#v", g.String(), got.Diagnostics, want.Diagnostics)
		}
		return fmt.Errorf("diagnostics differ:\nincremental:\n%s\nfull:\n%s", g.String(), w.String())
	}
	if len(got.Uses) != len(want.Uses) {
		return fmt.Errorf("incremental Uses has %d identifiers, full %d%s", len(got.Uses), len(want.Uses), usesDiff(got.Uses, want.Uses))
	}
	//seam:unordered a test comparing two maps; the first difference found is reported
	for id, w := range want.Uses {
		if g, ok := got.Uses[id]; !ok || g != w {
			return fmt.Errorf("%s at %d:%d resolves to %+v, want %+v", id.Name, id.Start.Line, id.Start.Col, g, w)
		}
	}
	if len(got.TypeOf) != len(want.TypeOf) {
		return fmt.Errorf("incremental TypeOf has %d locals, full %d", len(got.TypeOf), len(want.TypeOf))
	}
	//seam:unordered a test comparing two maps; the first difference found is reported
	for id, w := range want.TypeOf {
		if g, ok := got.TypeOf[id]; !ok || !reflect.DeepEqual(g, w) {
			return fmt.Errorf("local %s at %d:%d has type %v, want %v", id.Name, id.Start.Line, id.Start.Col, g, w)
		}
	}
	g, w := *got, *want
	g.Diagnostics, g.Uses, g.TypeOf, g.dependents = nil, nil, nil, nil
	w.Diagnostics, w.Uses, w.TypeOf, w.dependents = nil, nil, nil, nil
	if !reflect.DeepEqual(g, w) {
		return fmt.Errorf("the programs differ outside diagnostics, Uses and TypeOf")
	}
	for i, c := range got.Components {
		if !reflect.DeepEqual(got.Dependents(c), want.Dependents(want.Components[i])) {
			return fmt.Errorf("the dependents of %s differ", c.Name)
		}
	}
	return nil
}

func usesDiff(got, want map[*syntax.Ident]Ref) string {
	var b strings.Builder
	//seam:unordered a test's failure message
	for id := range want {
		if _, ok := got[id]; !ok {
			fmt.Fprintf(&b, "\nmissing %s at %d:%d", id.Name, id.Start.Line, id.Start.Col)
		}
	}
	//seam:unordered a test's failure message
	for id := range got {
		if _, ok := want[id]; !ok {
			fmt.Fprintf(&b, "\nextra %s at %d:%d", id.Name, id.Start.Line, id.Start.Col)
		}
	}
	return b.String()
}

// lcg is a small deterministic generator for the edits.
type lcg uint64

func (r *lcg) intn(n int) int {
	*r = *r*6364136223846793005 + 1442695040888963407
	return int(uint64(*r>>33) % uint64(n))
}

// bodyPieces are what an edit inside a body types: names known and
// unknown, statements, and text that breaks the syntax.
var bodyPieces = []string{
	"", " ", "\n", "x", "undefinedName", "1", "+ 1", "\"s\"", "let y = 1\n", "var z = 2\n", "return 1\n",
	"emit log.write(\"x\")\n", "effect 1 undo 2\n", "let e = effect Map.new() undo e.drop()\n", "fail \"no\"\n",
	"if (true) fail \"x\"\n", "(", ")", "}", "{", "load Sink\n", "advance 5s\n", "assert 1 == 2\n", "// note\n",
	"config { ttl: Int = 1 }\n", "provide log { fn write(line) { } }\n", "Found(1)", "x.len()", "@",
}

// topPieces are what an edit anywhere types: declarations, openers and
// closers that move declaration boundaries, signatures' parts.
var topPieces = []string{
	"", "}", "{", "\n", "fn f() = 1\n", "\nfn g() -> Int = 0\n", "service S { fn m() }\n", "type T = A | B\n",
	"component C {\n", "test \"t\" {\n", "lifecycle test \"l\" { load A }\n", "requires q: Q ", "provides ",
	": Int", "-> Str", "x", "commutative ", "emission ", "async ",
}

// randomEdit picks a range to replace and its text: mostly inside the
// body of some declaration (the edits the reuse is for), sometimes
// anywhere.
func randomEdit(r *lcg, f *syntax.File) (start, end int, text []byte) {
	src := f.Src
	var bodies []syntax.Span
	for _, d := range f.Decls {
		var b *syntax.Block
		switch d := d.(type) {
		case *syntax.ComponentDecl:
			b = d.Body
		case *syntax.FnDecl:
			b = d.Body
			if b == nil && !isNil(d.ExprBody) {
				bodies = append(bodies, d.ExprBody.Range())
			}
		case *syntax.TestDecl:
			b = d.Body
		}
		if b != nil && b.End.Offset-b.Start.Offset > 2 {
			bodies = append(bodies, syntax.Span{Start: syntax.Pos{Offset: b.Start.Offset + 1}, End: syntax.Pos{Offset: b.End.Offset - 1}})
		}
	}
	if len(bodies) > 0 && r.intn(4) != 0 {
		b := bodies[r.intn(len(bodies))]
		bs, be := int(b.Start.Offset), int(b.End.Offset)
		start = bs + r.intn(be-bs+1)
		end = min(be, start+r.intn(3)*r.intn(6))
		if r.intn(4) == 0 {
			from := bs + r.intn(be-bs+1)
			return start, end, src[from:min(be, from+r.intn(30))]
		}
		return start, end, []byte(bodyPieces[r.intn(len(bodyPieces))])
	}
	start = r.intn(len(src) + 1)
	end = min(len(src), start+r.intn(4)*r.intn(12))
	return start, end, []byte(topPieces[r.intn(len(topPieces))])
}

func applyEdit(src []byte, start, end int, text []byte) []byte {
	out := make([]byte, 0, len(src)-(end-start)+len(text))
	return append(append(append(out, src[:start]...), text...), src[end:]...)
}

// incrementalSources are the files the edits start from: every program of
// the checker's, the fault tests' and the parser's test data, the
// examples, and a generated one.
func incrementalSources(t testing.TB) map[string][]byte {
	srcs := map[string][]byte{"synth.rvl": synth.Program(300)}
	for _, pattern := range []string{"../../testdata/check/*.rvl", "../../testdata/faults/*.rvl",
		"../../testdata/syntax/*.rvl", "../syntax/testdata/*.rvl", "../../examples/*.rvl"} {
		files, err := filepath.Glob(pattern)
		if err != nil || len(files) == 0 {
			t.Fatalf("no sources %s: %v", pattern, err)
		}
		for _, path := range files {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			srcs[path] = src
		}
	}
	return srcs
}

// chainEdit is one edit of editChains.
type chainEdit struct {
	name             string // the source's
	step, start, end int
	text, old, next  []byte // what replaced [start, end), the text before and after
	tree             *syntax.Tree
}

func (e chainEdit) String() string {
	return fmt.Sprintf("%s, edit %d: [%d,%d) := %q", e.name, e.step, e.start, e.end, e.text)
}

// editChains chains 60 random edits over every source, each parsed from
// the previous tree and checked by check from the previous check, and
// hands each edit and its check to each. The unedited source is checked
// by CheckIncremental, and handed to start when it is not nil.
func editChains(t *testing.T, check func(tree *syntax.Tree, prev *Checked) *Checked,
	start func(name string, tree *syntax.Tree, chk *Checked), each func(e chainEdit, chk *Checked)) {
	srcs := incrementalSources(t)
	for i, name := range sortedKeys(srcs) {
		r := lcg(i + 1)
		src := srcs[name]
		tree := syntax.Parse(name, src)
		chk := CheckIncremental(tree.File, nil)
		if start != nil {
			start(name, tree, chk)
		}
		for step := 0; step < 60; step++ {
			from, end, text := randomEdit(&r, tree.File)
			next := applyEdit(src, from, end, text)
			tree = tree.Edit(next, from, end)
			chk = check(tree, chk)
			each(chainEdit{name: name, step: step, start: from, end: end, text: text, old: src, next: next, tree: tree}, chk)
			src = next
		}
	}
}

// TestCheckIncremental chains random edits over every source, each parsed
// from the previous tree and checked from the previous check, and
// compares every check with Check of the same tree.
func TestCheckIncremental(t *testing.T) {
	reused, total := 0, 0
	editChains(t, func(tree *syntax.Tree, prev *Checked) *Checked { return CheckIncremental(tree.File, prev) },
		func(name string, tree *syntax.Tree, chk *Checked) {
			if err := sameProgram(chk.Program(), Check(tree.File)); err != nil {
				t.Fatalf("%s, before any edit: %v", name, err)
			}
		},
		func(e chainEdit, chk *Checked) {
			if err := sameProgram(chk.Program(), Check(e.tree.File)); err != nil {
				t.Fatalf("%v\n%v\nold text:\n%s\nnew text:\n%s", e, err, e.old, e.next)
			}
			reused += len(e.tree.File.Decls) - chk.Rechecked
			total += len(e.tree.File.Decls)
		})
	// Most edits are in bodies, and one in a body reuses the declarations
	// before it: reusing little would mean every edit checks in full.
	if reused*5 < total {
		t.Errorf("checks reused %d of %d declarations; want at least a fifth", reused, total)
	}
}

// casesProgram is the start of the programs the edit cases edit: a service,
// its provider and user, a lifecycle test loading both, and fns that call
// each other across them.
const casesProgram = `service Log { emission fn write(line: Str) }
fn early() -> Int = late(1, 2)
component Sink provides log: Log {
  config { level: Int = 1 }
  provide log { fn write(line) { } }
}
component A requires log: Log {
  let m = effect Map.new() undo m.drop()
  emit log.write("up")
}
lifecycle test "loads" {
  load Sink with { level: "high" }
  load A
}
fn late(x: Int) -> Int = x + 1
`

// TestCheckIncrementalCases pins which edits reuse what: Rechecked is
// the number of declarations whose bodies were checked again.
func TestCheckIncrementalCases(t *testing.T) {
	const base = casesProgram + "fn last() -> Int = 0\n"
	at := func(s string) int { return strings.Index(base, s) }
	cases := []struct {
		name       string
		src        string
		start, end int
		text       string
		rechecked  int // -1: all of them
	}{
		{"the last body", base, at("= 0\n") + 2, at("= 0\n") + 3, "undefinedName", 1},
		{"a body in the middle: it and the ones after", base, at(`"up"`), at(`"up"`) + 4, `"down"`, 4},
		{"a new line in a body moves the rest a line down", base, at("  emit"), at("  emit"), "\n", 4},
		{"removed lines move the rest up", base, at("  let m"), at("  emit"), "", 4},
		{"a kept body's related location moves with its declaration", base, at("  let m"), at("  let m"), "  emit log.write(1)\n", 4},
		{"the first body: a service, its interface", base, at("emission fn"), at("emission fn"), " ", -1},
		{"the second declaration's body: all but the first", base, at("late(1, 2)"), at("late(1, 2)") + 4, "late(3, 4)", 6},
		{"a test after the edit loads the edited component", base, at("  emit"), at("  emit"), "  let extra = 1\n", 4},
		{"duplicates after the edit keep their related location", "fn first() -> Int = 1\nfn dup() -> Int = 1\nfn dup() -> Int = 2\n",
			len("fn first() -> Int = "), len("fn first() -> Int = 1"), "(1 +\n  1)", -1},
		{"locals after the edit keep their types and definitions", "fn a() -> Int = 1\nfn b(x: Int) -> Int {\n  let y = x + 1\n  return y\n}\n",
			len("fn a() -> Int = "), len("fn a() -> Int = 1"), "2\n\n", -1},
		{"a declaration with a syntax error after the edit", "fn a() -> Int = 1\nfn b() -> Int {\n  let = 2\n  return )\n}\nfn c() -> Int = b()\n",
			len("fn a() -> Int = "), len("fn a() -> Int = 1"), "12", -1},
		{"a declaration on the edited line moves sideways: its column is in its interface", "fn a() -> Int = 1; fn b() -> Int = 2\nfn c() -> Int = 3\n",
			len("fn a() -> Int = "), len("fn a() -> Int = 1"), "12", -1},
		{"a kept header names what moves", "component A requires log: Log { emit log.write(\"a\") }\nfn Found() -> Int = 1\n" +
			"fn mid() -> Int = 1\nservice Log { emission fn write(line: Str) }\ntype Outcome = Found(Int) | Missing\n",
			len("component A requires log: Log { emit log.write(\"a\") }\nfn Found() -> Int = 1\nfn mid() -> Int = 1"), 0, " + 2", 3},
		{"a fn signature", base, at("x: Int"), at("x: Int") + 6, "x: Str", -1},
		{"a component header", base, at("requires log"), at("requires log"), "provides other: Log ", -1},
		{"a config step that a test reads", base, at("level: Int"), at("level: Int") + 10, "level: Str", -1},
		{"a new declaration", base, len(base), len(base), "fn more() = 1\n", -1},
		{"a removed declaration", base, at("fn last"), len(base), "", -1},
		{"types that refer to each other", "type A = { b: B? }\ntype B = { a: A? }\nfn f(a: A) -> Int = 0\nfn g() -> Int = 0\n",
			len("type A = { b: B? }\ntype B = { a: A? }\nfn f(a: A) -> Int = 0\nfn g() -> Int = "), 0, "1", -1},
		{"a fault test reads the component's steps", "component C {\n  let a = effect 1 undo 2\n}\nfault test \"f\" for C {\n  fail at effect a\n  assert failed\n}\n",
			len("component C {\n"), len("component C {\n"), "  effect 3 undo 4\n", -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			end := c.end
			if end < c.start {
				end = c.start
			}
			tree := syntax.Parse("t.rvl", []byte(c.src))
			prev := CheckIncremental(tree.File, nil)
			if err := sameProgram(prev.Program(), Check(tree.File)); err != nil {
				t.Fatal(err)
			}
			next := tree.Edit(applyEdit([]byte(c.src), c.start, end, []byte(c.text)), c.start, end)
			got := CheckIncremental(next.File, prev)
			if err := sameProgram(got.Program(), Check(next.File)); err != nil {
				t.Fatal(err)
			}
			want := c.rechecked
			if want < 0 {
				want = len(next.File.Decls)
			}
			if got.Rechecked != want {
				t.Errorf("rechecked %d of %d declarations, want %d", got.Rechecked, len(next.File.Decls), want)
			}
		})
	}
}

// FuzzCheckIncremental replaces a range of a program with arbitrary bytes,
// parses the result from the old tree and checks it from the old check,
// and compares that with Check. The seed corpus is in
// testdata/fuzz/FuzzCheckIncremental, plus every source of
// TestCheckIncremental with edits in its middle and near its start.
func FuzzCheckIncremental(f *testing.F) {
	srcs := incrementalSources(f)
	for _, name := range sortedKeys(srcs) {
		src := srcs[name]
		f.Add(src, uint(len(src)/2), uint(3), []byte("x"))
		// A new line in the middle and a change near the start: every
		// declaration after them moves, by a line or by bytes.
		f.Add(src, uint(len(src)/2), uint(0), []byte("\n"))
		f.Add(src, uint(min(len(src), 24)), uint(1), []byte("yz"))
	}
	f.Fuzz(func(t *testing.T, src []byte, at, del uint, text []byte) {
		start := int(at % uint(len(src)+1))
		end := start + int(del%uint(len(src)-start+1))
		tree := syntax.Parse("f.rvl", src)
		prev := CheckIncremental(tree.File, nil)
		next := tree.Edit(applyEdit(src, start, end, text), start, end)
		got := CheckIncremental(next.File, prev)
		want := Check(next.File)
		if err := sameProgram(got.Program(), want); err != nil {
			t.Fatalf("[%d,%d) := %q of %q\n%v", start, end, text, src, err)
		}
		edited := CheckEdited(next.File, prev, next.Moved())
		if err := sameDiagnostics(edited.Diagnostics(), want.Diagnostics); err != nil {
			t.Fatalf("[%d,%d) := %q of %q, moved from %d: before the Program: %v", start, end, text, src, next.Moved(), err)
		}
		if err := sameProgram(edited.Program(), want); err != nil {
			t.Fatalf("[%d,%d) := %q of %q, moved from %d\n%v", start, end, text, src, next.Moved(), err)
		}
	})
}

// sameDiagnostics reports how got differs from want.
func sameDiagnostics(got, want []syntax.Diagnostic) error {
	return sameProgram(&Program{Diagnostics: got}, &Program{Diagnostics: want})
}

// TestCheckEdited chains random edits over every source as
// TestCheckIncremental does, each checked with CheckEdited from the
// declarations the parse found moved, and compares its diagnostics,
// before its Program is computed, and then its Program with Check's. Only
// every third version's Program is asked for, so that a check's base is
// often a version or two back.
func TestCheckEdited(t *testing.T) {
	lazy, total := 0, 0
	editChains(t, func(tree *syntax.Tree, prev *Checked) *Checked { return CheckEdited(tree.File, prev, tree.Moved()) }, nil,
		func(e chainEdit, chk *Checked) {
			want := Check(e.tree.File)
			if err := sameDiagnostics(chk.Diagnostics(), want.Diagnostics); err != nil {
				t.Fatalf("%v, moved from %d: before the Program: %v\nnew text:\n%s", e, e.tree.Moved(), err, e.next)
			}
			if !chk.Complete() {
				lazy++
			}
			total++
			if e.step%3 == 2 {
				if err := sameProgram(chk.Program(), want); err != nil {
					t.Fatalf("%v, moved from %d\n%v\nnew text:\n%s", e, e.tree.Moved(), err, e.next)
				}
			}
		})
	// An edit in a body that leaves the declarations after it in place
	// checks that body only (random edits often add or remove
	// declarations, change an interface or break the syntax).
	if lazy*16 < total {
		t.Errorf("%d of %d checks reused moved declarations; want at least a sixteenth", lazy, total)
	}
}

// TestCheckEditedCases pins when CheckEdited checks the edited
// declarations only and leaves the Program for later, and when it checks
// as CheckIncremental does.
func TestCheckEditedCases(t *testing.T) {
	const base = casesProgram + "fn dup() -> Int = 1\nfn dup() -> Int = 2\n"
	at := func(s string) int { return strings.Index(base, s) }
	cases := []struct {
		name       string
		start, end int
		text       string
		lazy       bool
		rechecked  int // -1: all of them
	}{
		{"a body in the middle: it alone", at(`"up"`), at(`"up"`) + 4, `undefinedName`, true, 1},
		{"the last body: nothing moved", at("= 2\n") + 2, at("= 2\n") + 3, "undefinedName", true, 1},
		{"a new line in a body moves the rest down", at("  emit"), at("  emit"), "  let q = 1\n", true, 1},
		{"the second declaration's last line: the next one's parse begins after a token that moved sideways", at("late(1, 2)"), at("late(1, 2)") + 4, "late(3,\n 4)", true, 2},
		{"an edit in a test's body", at(`load A`), at(`load A`), "load A\n  ", true, 1},
		{"a test renamed: pass 1 of the tests after it reads its name", at(`"loads"`), at(`"loads"`) + 7, `"loads2"`, false, 4},
		{"an interface", at("x: Int"), at("x: Int") + 6, "x: Str", false, -1},
		{"a declaration on the edited line", at("x + 1"), at("x + 1") + 1, "x; fn e() -> Int = 2", false, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tree := syntax.Parse("t.rvl", []byte(base))
			prev := CheckIncremental(tree.File, nil)
			next := tree.Edit(applyEdit([]byte(base), c.start, c.end, []byte(c.text)), c.start, c.end)
			got := CheckEdited(next.File, prev, next.Moved())
			want := Check(next.File)
			if err := sameDiagnostics(got.Diagnostics(), want.Diagnostics); err != nil {
				t.Fatal(err)
			}
			if got.Complete() == c.lazy {
				t.Errorf("Complete() = %v, want %v (moved from %d of %d)", got.Complete(), !c.lazy, next.Moved(), len(next.File.Decls))
			}
			wantRechecked := c.rechecked
			if wantRechecked < 0 {
				wantRechecked = len(next.File.Decls)
			}
			if got.Rechecked != wantRechecked {
				t.Errorf("rechecked %d of %d declarations, want %d", got.Rechecked, len(next.File.Decls), wantRechecked)
			}
			if err := sameProgram(got.Program(), want); err != nil {
				t.Fatal(err)
			}
			// The next edit starts from this check whether or not its
			// Program was computed.
			back := next.Edit([]byte(base), c.start, c.start+len(c.text))
			again := CheckEdited(back.File, got, back.Moved())
			if err := sameProgram(again.Program(), Check(back.File)); err != nil {
				t.Fatalf("the edit back: %v", err)
			}
		})
	}
}

// BenchmarkCheckIncremental checks a 10,000-line program after an edit to
// its last line (end), to a body in its middle (middle) or to its first
// declaration (start), from the
// previous version's check (incremental; again: the edit back, from that
// incremental check; edited: CheckEdited's diagnostics, from the
// declarations the parse found moved), against Check of the same tree
// (full).
//
//	go test ./runtime/check -run XXX -bench CheckIncremental
func BenchmarkCheckIncremental(b *testing.B) {
	const valid, invalid = "fn bench_toggle() -> Int = 0\n", "fn bench_toggle() -> Int = undefinedName\n"
	base := synth.Program(10000)
	for _, where := range []string{"end", "middle", "start"} {
		at := len(base)
		switch where {
		case "middle":
			unit := fmt.Sprintf("// unit %d\n", strings.Count(string(base), "// unit ")/2)
			at = strings.Index(string(base), unit)
		case "start":
			at = 0
		}
		src := applyEdit(base, at, at, []byte(valid))
		tree := syntax.Parse("b.rvl", src)
		next := tree.Edit(applyEdit(src, at, at+len(valid), []byte(invalid)), at, at+len(valid))
		prev := CheckIncremental(tree.File, nil)
		// incremental measures the check of f from the check from.
		incremental := func(name string, f *syntax.File, from *Checked) {
			b.Run(where+"/"+name, func(b *testing.B) {
				cpu := cpuclock.Process()
				for b.Loop() {
					CheckIncremental(f, from)
				}
				b.ReportMetric(float64(cpuclock.Process()-cpu)/1e6/float64(b.N), "cpu-ms/op")
				b.ReportMetric(float64(CheckIncremental(f, from).Rechecked), "rechecked")
			})
		}
		incremental("incremental", next.File, prev)
		// The same edit from the declarations the parse found moved: the
		// diagnostics only, as the language server publishes them (the
		// Program waits for its first reader).
		b.Run(where+"/edited", func(b *testing.B) {
			cpu := cpuclock.Process()
			for b.Loop() {
				CheckEdited(next.File, prev, next.Moved()).Diagnostics()
			}
			b.ReportMetric(float64(cpuclock.Process()-cpu)/1e6/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(CheckEdited(next.File, prev, next.Moved()).Rechecked), "rechecked")
		})
		// The edit after it, back to the first text: the check it starts
		// from was itself incremental (in an editor, every one but the
		// first is).
		again := next.Edit(src, at, at+len(invalid))
		incremental("again", again.File, CheckIncremental(next.File, prev))
		b.Run(where+"/full", func(b *testing.B) {
			cpu := cpuclock.Process()
			for b.Loop() {
				Check(next.File)
			}
			b.ReportMetric(float64(cpuclock.Process()-cpu)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}

// TestCheckEditedStaysLean edits a space into the bodies of a large
// program, at forty places, and checks that CheckEdited's lean check of
// the edited declaration never gives up: its type pass finds, in the
// declaration's part of the trail, what the window around its last hit
// does not hold (a declaration's part must end where the next one's
// begins before the type pass reads it; when it did not, half of these
// edits fell back to CheckIncremental).
func TestCheckEditedStaysLean(t *testing.T) {
	defer func() { leanGaveUp = nil }()
	for _, in := range []struct {
		name string
		src  []byte
	}{{"synth-10000", synth.Program(10000)}, {"wide-2000", WideForTest(2000)}} {
		t.Run(in.name, func(t *testing.T) {
			src := in.src
			tree := syntax.Parse("f.rvl", src)
			prev := CheckIncremental(tree.File, nil)
			gaveUp, lazy := 0, 0
			leanGaveUp = func() { gaveUp++ }
			edits := spaceEdits(tree, src)
			for k, next := range edits {
				chk := CheckEdited(next.File, prev, next.Moved())
				if !chk.Complete() {
					lazy++
				}
				if err := sameDiagnostics(chk.Diagnostics(), Check(next.File).Diagnostics); err != nil {
					t.Fatalf("edit %d: %v", k, err)
				}
			}
			if gaveUp > 0 {
				t.Errorf("the lean check gave up on %d of %d edits", gaveUp, len(edits))
			}
			if lazy < len(edits)/2 {
				t.Errorf("%d of %d edits checked the edited declaration only; want half at least", lazy, len(edits))
			}
		})
	}
}

// spaceEdits is src's tree edited at forty places, each a space after a
// body line's indent: forty new versions of one previous one.
func spaceEdits(tree *syntax.Tree, src []byte) []*syntax.Tree {
	var out []*syntax.Tree
	for k := 1; k < 40; k++ {
		at := len(src) * k / 40
		i := bytes.Index(src[at:], []byte("\n  "))
		if i < 0 {
			continue
		}
		pos := at + i + 3
		out = append(out, tree.Edit(slices.Concat(src[:pos], []byte(" "), src[pos:]), pos, pos))
	}
	return out
}

// BenchmarkCheckEditedBodies is CheckEdited and its diagnostics for each
// of spaceEdits on a 10,000-line program, from the same previous check;
// ns/op is all of them:
//
//	go test ./runtime/check -run XXX -bench CheckEditedBodies -benchtime 20x -count 3
func BenchmarkCheckEditedBodies(b *testing.B) {
	src := synth.Program(10000)
	tree := syntax.Parse("f.rvl", src)
	prev := CheckIncremental(tree.File, nil)
	edits := spaceEdits(tree, src)
	b.ReportMetric(float64(len(edits)), "edits")
	for b.Loop() {
		for _, next := range edits {
			CheckEdited(next.File, prev, next.Moved()).Diagnostics()
		}
	}
}
