package syntax

import (
	"bytes"
	"fmt"
	"testing"

	"revl.dev/debug/internal/synth"
)

// sameHeaders says how the parse of Headers(src) differs from src's: it
// must have src's declarations, the same but for each component's body,
// which keeps its span and its config step and nothing after it.
func sameHeaders(src, hdr []byte) error {
	if len(hdr) != len(src) {
		return fmt.Errorf("%d bytes, want %d", len(hdr), len(src))
	}
	for i := range src {
		if (src[i] == '\n') != (hdr[i] == '\n') {
			return fmt.Errorf("offset %d: line breaks moved", i)
		}
	}
	full, diags := ParseFile("a.rvl", src)
	if len(diags) > 0 {
		return nil // only a program that parses is read this way
	}
	head, diags := ParseFile("a.rvl", hdr)
	if len(diags) > 0 {
		return fmt.Errorf("the headers do not parse: %v", diags[0])
	}
	if len(head.Decls) != len(full.Decls) {
		return fmt.Errorf("%d declarations, want %d", len(head.Decls), len(full.Decls))
	}
	for i, d := range full.Decls {
		h := head.Decls[i]
		c, ok := d.(*ComponentDecl)
		if !ok {
			if Dump(h) != Dump(d) {
				return fmt.Errorf("declaration %d:\n%s\nwant\n%s", i, Dump(h), Dump(d))
			}
			continue
		}
		hc := h.(*ComponentDecl)
		want := *c
		if c.Body != nil {
			body := *c.Body
			body.Stmts = nil
			if len(c.Body.Stmts) > 0 {
				if cfg, ok := c.Body.Stmts[0].(*ConfigStmt); ok {
					body.Stmts = []Stmt{cfg}
				}
			}
			want.Body = &body
		}
		if Dump(hc) != Dump(&want) {
			return fmt.Errorf("component %d:\n%s\nwant\n%s", i, Dump(hc), Dump(&want))
		}
	}
	return nil
}

// TestHeaders reads every program of the tests through Headers: each
// that parses gives the same declarations with its components' bodies
// emptied after their config steps.
func TestHeaders(t *testing.T) {
	srcs := append(editSources(t), readSources(t, "../../*/testdata/*.rvl", "../../runtime/*/testdata/*.rvl")...)
	read := 0
	for _, s := range srcs {
		hdr, ok := Headers(s.src)
		if _, diags := ParseFile(s.name, s.src); len(diags) > 0 {
			continue
		}
		if !ok {
			t.Errorf("%s parses, but Headers refuses it", s.name)
			continue
		}
		read++
		if err := sameHeaders(s.src, hdr); err != nil {
			t.Errorf("%s: %v", s.name, err)
		}
	}
	if read < 10 {
		t.Fatalf("only %d programs parse", read)
	}
}

// TestHeadersHalves: read in two halves, Headers gives what one reading
// gives, on every program of the tests that has a cut, and on a large one.
func TestHeadersHalves(t *testing.T) {
	cut := 0
	for _, s := range append(editSources(t), namedSrc{"large.rvl", synth.Program(10000)}) {
		if c := headersCut(s.src); c > 0 {
			cut++
			one, ok1 := headersAt(s.src, 0)
			two, ok2 := headersAt(s.src, c)
			if ok1 != ok2 || !bytes.Equal(one, two) {
				if _, diags := ParseFile(s.name, s.src); len(diags) == 0 || ok2 {
					t.Errorf("%s: in halves cut at %d: %v, in one: %v, or other bytes", s.name, c, ok2, ok1)
				}
			}
		}
	}
	if cut < 3 {
		t.Fatalf("only %d programs have a cut", cut)
	}
	if len(synth.Program(10000)) < headersParallel {
		t.Fatal("the large program is read in one piece")
	}
}

func TestHeadersCases(t *testing.T) {
	for _, c := range []struct {
		src, want string
		ok        bool
	}{
		{"component A { emit log.write(\"}\") }", "component A {                      }", true},
		{"component A {\n  config { n: Int = 1 }\n  emit k.m(`${ {a: 1}.a } }`)\n}",
			"component A {\n  config { n: Int = 1 }\n                             \n}", true},
		{"component A { // }\n}", "component A {     \n}", true},
		{"component A { configured() }", "component A {              }", true},
		{"component A{config%{}}", "component A{          }", true},
		{"component A {\n  config // the fields\n  { n: Int = 1 }\n  x\n}", "component A {\n  config // the fields\n  { n: Int = 1 }\n   \n}", true},
		{"service S { fn m() }\ncomponent A provides s: S { provide s { fn m() { } } }",
			"service S { fn m() }\ncomponent A provides s: S {                         }", true},
		{"component A { emit k.m(`a ${`b ${c}`} d`) }", "component A {                           }", true},
		{"test \"component\" { }\ncomponent A { x }", "test \"component\" { }\ncomponent A {   }", true},
		{"component A { ", "", false},
		{"component A { } }", "", false},
		{"component A { \"x }", "", false},
		{"component A { `${x }", "", false},
		{"component A { `${x\n} ` }", "", false},
	} {
		out, ok := Headers([]byte(c.src))
		if ok != c.ok || ok && (len(out) != len(c.src) || squeeze(out) != squeeze([]byte(c.want))) {
			t.Errorf("Headers(%q) = %q, %v; want %q, %v", c.src, out, ok, c.want, c.ok)
		}
	}
}

// squeeze folds each run of spaces into one.
func squeeze(b []byte) string {
	return string(bytes.Join(bytes.FieldsFunc(b, func(r rune) bool { return r == ' ' }), []byte(" ")))
}

// FuzzHeaders: Headers never panics, keeps the length and the lines of
// what it reads, and of a program that parses gives its headers.
func FuzzHeaders(f *testing.F) {
	for _, s := range editSources(f) {
		f.Add(s.src)
	}
	f.Add([]byte("component A { emit k.m(`${ {a: `b ${c}`} }`) }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		hdr, ok := Headers(src)
		// In halves: the same bytes, or a refusal.
		if c := headersCut(src); c > 0 {
			if two, ok2 := headersAt(src, c); ok2 && (!ok || !bytes.Equal(two, hdr)) {
				t.Fatalf("in halves cut at %d: %v and other bytes; in one: %v\ninput: %q", c, ok2, ok, src)
			}
		}
		if !ok {
			if hdr != nil {
				t.Fatal("a refusal with bytes")
			}
			return
		}
		if err := sameHeaders(src, hdr); err != nil {
			t.Fatalf("%v\ninput: %q", err, src)
		}
		if again, _ := Headers(hdr); !bytes.Equal(again, hdr) {
			t.Fatalf("Headers of its own output differs\ninput: %q", src)
		}
	})
}

// TestParseFileAlone: the parse on one core is ParseFile's, on a file
// large enough for ParseFile to cut into chunks.
func TestParseFileAlone(t *testing.T) {
	src := synth.Program(10000)
	if len(src) < 2*parallelChunk {
		t.Fatalf("%d bytes: too few for chunks", len(src))
	}
	a, da := ParseFileAlone("a.rvl", src)
	b, db := ParseFile("a.rvl", src)
	if len(da) != 0 || len(db) != 0 || Dump(a) != Dump(b) || len(a.Comments) != len(b.Comments) {
		t.Fatal("ParseFileAlone differs from ParseFile")
	}
}
