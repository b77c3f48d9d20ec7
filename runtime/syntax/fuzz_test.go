package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary bytes to ParseFile. Whatever the input, the
// parse must not panic, must return a *File whose spans are well-formed
// (see checkTree), and must terminate: the parser's step budget is linear
// in the input, so a recovery path that stops making progress shows up
// here as the budget diagnostic instead of a hang.
//
// The seed corpus is every program under testdata/ (valid and invalid),
// the examples, the parse cases of the tests, plus fragments below; the
// fuzzer's findings live in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"testdata/*.rvl", corpusDir + "/*.rvl", "../../examples/*.rvl"} {
		files, _ := filepath.Glob(pattern) // the examples may not exist yet
		for _, path := range files {
			if src, err := os.ReadFile(path); err == nil {
				f.Add(src)
			}
		}
	}
	for _, g := range parseGroups {
		for _, c := range g.cases {
			f.Add([]byte(c.src))
		}
	}
	for _, s := range []string{
		"", "}", "{", "`", "`${", "`${`${", "\"", "//", "@", "\xff", "1e", "5x",
		"component A {", "component A requires", "service S { fn", "type T = A(",
		"fn f() = match x {", "fn f() = match match match", "lifecycle test \"t\" { load",
		"component C { effect { let a = 1; a + 1 } undo x }",
		"component C { if (c) fail \"x\" else if (d) { } else { } }",
		"fn f() = xs.map((a, b) => a + b, x => x)",
		"fn f() { let s = `a ${ {b: `c ${d}`} } e` }",
		"fault test \"f\" for", "fault test \"f\" for A with {", "fault test \"f\" for A { fail at",
		"fault test \"f\" for A { assert no", "fault test \"f\" for A { fail at effect }",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, diags, p := parse("fuzz.rvl", src)
		if err := checkTree(file, diags); err != nil {
			t.Fatalf("%v\ninput: %q", err, src)
		}
		if string(file.Src) != string(src) {
			t.Fatal("File.Src is not the input")
		}
		for _, d := range diags {
			if strings.Contains(d.Message, "step budget") {
				t.Fatalf("parse made no progress (step budget exceeded, %d steps for %d tokens)\ninput: %q",
					p.steps, p.base+len(p.toks), src)
			}
		}
	})
}
