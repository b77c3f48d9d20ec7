package format

import (
	"os"
	"testing"

	"revl.dev/debug/runtime/syntax"
)

// FuzzFormat checks the formatter's two guarantees on every input that
// parses: the output parses to the same tree, comments included, and
// formatting it again changes nothing. Inputs with syntax errors must be
// refused with a *SyntaxError, never formatted or panicked on.
//
// The seed corpus is every program of the repository plus fragments that
// put comments and line breaks where the grammar is newline-sensitive.
func FuzzFormat(f *testing.F) {
	for _, path := range corpus(f) {
		if src, err := os.ReadFile(path); err == nil {
			f.Add(src)
		}
	}
	for _, s := range []string{
		"fn f() = g(a // c\n, config.x)\n",
		"fn f() = g(a, // c\nb)\n",
		"component A // c\n{ }\n",
		"fn f() = x // c\n + 1\n",
		"fn f() = a // c\n .b\n",
		"fn f() { if (a) { } // c\n else { } }\n",
		"fn f() = match x { // c\n A => 1 }\n",
		"type T = A // c\n | B\n",
		"component C { effect a() // c\n undo b() }\n",
		"fn f() { return // c\n x }\n",
		"fn f() { assert // c\n x }\n",
		"fn f() = [1, // c\n 2,]\n",
		"fn f() = { a: 1, // c\n b: 2 }\n",
		"fn f() = `x ${ {a: `y ${z}`} } w`\n",
		"lifecycle test \"t\" { load A with { x: 1 } // c\n}\n",
		"\ufeff// bom\r\ncomponent A { }\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, diags := syntax.ParseFile("fuzz.rvl", src); len(diags) > 0 {
			if _, err := Source("fuzz.rvl", src); err == nil {
				t.Fatalf("a file with syntax errors was formatted\ninput: %q", src)
			}
			return
		}
		out, err := Source("fuzz.rvl", src)
		if err != nil {
			t.Fatalf("%v\ninput: %q", err, src)
		}
		again, err := Source("fuzz.rvl", out)
		if err != nil {
			t.Fatalf("formatting the output: %v\ninput: %q\noutput: %q", err, src, out)
		}
		if string(again) != string(out) {
			t.Fatalf("not idempotent\ninput: %q\n%s", src, Diff("fmt(x)", "fmt(fmt(x))", out, again))
		}
	})
}
