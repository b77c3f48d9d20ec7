package format

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revl.dev/debug/runtime/syntax"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// corpus lists every .rvl program in the repository: everything under
// examples/ and testdata/ (the checker, runtime, schedule, syntax and other
// fixtures, at any depth), and this package's own testdata.
func corpus(t testing.TB) []string {
	var files []string
	for _, root := range []string{"../../examples", "../../testdata", "testdata"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".rvl") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 20 {
		t.Fatalf("found only %d programs", len(files))
	}
	return files
}

// TestCorpus formats every program of the repository that parses and
// checks the three properties: the output parses without diagnostics, to
// the same tree (comments included), and formatting it again changes
// nothing.
func TestCorpus(t *testing.T) {
	formatted := 0
	for _, path := range corpus(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, diags := syntax.ParseFile(path, src); len(diags) > 0 {
			continue // files with syntax errors are not formatted
		}
		formatted++
		t.Run(filepath.ToSlash(path), func(t *testing.T) {
			checkProperties(t, path, src)
		})
	}
	if formatted < 20 {
		t.Errorf("only %d programs parse; the corpus lost its valid files?", formatted)
	}
}

func checkProperties(t *testing.T, name string, src []byte) []byte {
	t.Helper()
	out, err := Source(name, src)
	if err != nil {
		t.Fatalf("Source: %v\ninput:\n%s", err, src)
	}
	f, _ := syntax.ParseFile(name, src)
	g, diags := syntax.ParseFile(name, out)
	if len(diags) > 0 {
		t.Fatalf("formatted output does not parse: %v\noutput:\n%s", diags[0].Error(), out)
	}
	if a, b := Tree(f), Tree(g); a != b {
		t.Fatalf("formatted output parses to another tree\ninput:\n%s\noutput:\n%s\ntree diff:\n%s", src, out, Diff("input", "output", []byte(a), []byte(b)))
	}
	again, err := Source(name, out)
	if err != nil {
		t.Fatalf("Source(Source(x)): %v\noutput:\n%s", err, out)
	}
	if string(again) != string(out) {
		t.Fatalf("not idempotent:\n%s", Diff("fmt(x)", "fmt(fmt(x))", out, again))
	}
	return out
}

// TestGolden checks the layout itself on testdata/*.rvl: the expected
// output of each is testdata/NAME.golden (regenerate with -update).
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.rvl")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no golden inputs")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			out := checkProperties(t, path, src)
			golden := strings.TrimSuffix(path, ".rvl") + ".golden"
			if *update {
				if err := os.WriteFile(golden, out, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if string(out) != string(want) {
				t.Errorf("layout differs from %s:\n%s", golden, Diff("want", "got", want, out))
			}
		})
	}
}

func TestSyntaxErrorIsNotFormatted(t *testing.T) {
	_, err := Source("bad.rvl", []byte("component A {\n  emit log.write(\n}\n"))
	var se *SyntaxError
	if !errors.As(err, &se) || len(se.Diagnostics) == 0 {
		t.Fatalf("err = %v, want a *SyntaxError with diagnostics", err)
	}
	if !strings.Contains(err.Error(), "bad.rvl:") {
		t.Errorf("error %q does not name the file and position", err)
	}
}

func TestCases(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"spacing", "service   Log{emission fn write(line:Str)}",
			"service Log { emission fn write(line: Str) }\n"},
		{"modifier order", "service S { async emission commutative fn f() }",
			"service S { commutative emission async fn f() }\n"},
		{"one-line body kept", "component A requires log: Log { emit log.write(\"A up\") }\n",
			"component A requires log: Log { emit log.write(\"A up\") }\n"},
		{"statements joined on one line", "component A { effect a() undo b(); effect c() undo d() }",
			"component A { effect a() undo b(); effect c() undo d() }\n"},
		{"multi-line body", "component A {\nemit log.write(\"x\")\n\n\n\nemit log.write(\"y\")\n}",
			"component A {\n  emit log.write(\"x\")\n\n  emit log.write(\"y\")\n}\n"},
		{"blank lines at body edges dropped", "component A {\n\n  emit k.m()\n\n}\n",
			"component A {\n  emit k.m()\n}\n"},
		{"empty bodies", "component A {\n}\nfn f() = {}\n", "component A { }\nfn f() = {}\n"},
		{"union needs its bar", "type T = | A\ntype U = A(Int)|B", "type T = | A\ntype U = A(Int) | B\n"},
		{"trailing comment kept", "component A { } // note   \n", "component A { } // note\n"},
		{"comments in a body", "component A {\n  // first\n  emit k.m() // after\n\n  // last\n}\n",
			"component A {\n  // first\n  emit k.m() // after\n\n  // last\n}\n"},
		{"comment inside a call", "fn f() = g(a, // why\n b)\n", "fn f() = g(a, // why\n  b)\n"},
		{"comment before a comma", "fn f() = g(a // why\n, config)\n", "fn f() = g(a // why\n  , config)\n"},
		{"normalized operators", "fn f() = a===b && c!==d", "fn f() = a == b && c != d\n"},
		{"arrows", "fn f() = xs.map((x) => x + 1, (a, b) => a, () => 0)", "fn f() = xs.map(x => x + 1, (a, b) => a, () => 0)\n"},
		{"crlf and bom", "\ufeffcomponent A {\r\n  emit k.m() // c\r\n}\r\n", "component A {\n  emit k.m() // c\n}\n"},
		{"match multi-line", "fn f(x) = match x {\nSome(v) => v,  _ => 0\n}",
			"fn f(x) = match x {\n  Some(v) => v,\n  _ => 0,\n}\n"},
		{"templates", "fn f(x) = `a ${ x + 1 } b ${ {c: 1}.c }`", "fn f(x) = `a ${x + 1} b ${{ c: 1 }.c}`\n"},
		{"non-ASCII", "// héllo wörld ✓\nfn f() = \"日本語\" // 🎉\n", "// héllo wörld ✓\nfn f() = \"日本語\" // 🎉\n"},
		{"lifecycle steps", "lifecycle test \"t\" {\nload A with {url:\"x\"}\nlet n = call k.size()\nadvance 5s\nunload A\nassert no_residue\n}",
			"lifecycle test \"t\" {\n  load A with { url: \"x\" }\n  let n = call k.size()\n  advance 5s\n  unload A\n  assert no_residue\n}\n"},
		{"if else", "fn f() {\nif (a) { return 1 }\nelse if (b) { return 2 } else { return 3 }\n}",
			"fn f() {\n  if (a) { return 1 } else if (b) { return 2 } else { return 3 }\n}\n"},
		{"guard", "component A { if (config.x) fail \"no\" }", "component A { if (config.x) fail \"no\" }\n"},
		{"header comment and blank", "// header\n\nservice A { }\n\n\ncomponent B { }",
			"// header\n\nservice A { }\n\ncomponent B { }\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := checkProperties(t, "case.rvl", []byte(c.in))
			if string(got) != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

func TestNode(t *testing.T) {
	f, diags := syntax.ParseFile("n.rvl", []byte("service Cache {\n  fn get(key: Str) -> Opt[Str]\n  emission fn put(key: Str, value: Str)\n}\ncomponent C requires log: Log provides cache: Cache { provide cache { fn get(k) = None } }\n"))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	svc := f.Decls[0].(*syntax.ServiceDecl)
	if got := Node(svc.Methods[0]); got != "fn get(key: Str) -> Opt[Str]" {
		t.Errorf("Node(sig) = %q", got)
	}
	if got := Node(svc.Methods[1]); got != "emission fn put(key: Str, value: Str)" {
		t.Errorf("Node(sig) = %q", got)
	}
	comp := f.Decls[1].(*syntax.ComponentDecl)
	if got := Node(comp); got != "component C requires log: Log provides cache: Cache { ... }" {
		t.Errorf("Node(component) = %q", got)
	}
}

func TestDiff(t *testing.T) {
	a := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n"
	b := "a\nb\nC\nd\ne\nf\ng\nh\ni\nj\nk\n"
	got := Diff("old", "new", []byte(a), []byte(b))
	want := "--- old\n+++ new\n@@ -1,6 +1,6 @@\n a\n b\n-c\n+C\n d\n e\n f\n@@ -8,3 +8,4 @@\n h\n i\n j\n+k\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if Diff("a", "b", []byte(a), []byte(a)) != "" {
		t.Error("diff of equal inputs is not empty")
	}
}

// TestCommentsEverywhere puts a comment at the end of every line and a
// comment line between every two lines of every program in the corpus
// (neither changes the tokens or where lines break, so the program is the
// same) and checks the formatter's properties on the result: comments at
// every token boundary where the grammar allows a line break.
func TestCommentsEverywhere(t *testing.T) {
	for _, path := range corpus(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, diags := syntax.ParseFile(path, src); len(diags) > 0 {
			continue
		}
		lines := strings.Split(strings.TrimRight(string(src), "\n"), "\n")
		var trailing, between strings.Builder
		for i, l := range lines {
			fmt.Fprintf(&trailing, "%s // t%d\n", strings.TrimRight(l, "\r"), i)
			fmt.Fprintf(&between, "%s\n// b%d\n", strings.TrimRight(l, "\r"), i)
		}
		for _, v := range []struct{ name, src string }{{"trailing", trailing.String()}, {"between", between.String()}} {
			variant := v.src
			t.Run(filepath.ToSlash(path)+"/"+v.name, func(t *testing.T) {
				if _, diags := syntax.ParseFile(path, []byte(variant)); len(diags) > 0 {
					t.Skipf("the variant does not parse: %v", diags[0].Error())
				}
				checkProperties(t, path, []byte(variant))
			})
		}
	}
}
