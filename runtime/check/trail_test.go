package check

import (
	"fmt"
	"strings"
	"testing"

	"revl.dev/debug/internal/synth"
	"revl.dev/debug/runtime/syntax"
)

// TestTrailAgreesWithUses: every answer the trail gives the type pass is
// what Program.Uses says, and on programs of any size most questions are
// answered by the trail (else it would be dead weight).
func TestTrailAgreesWithUses(t *testing.T) {
	corpus := readCorpus(t)
	type input struct {
		name    string
		src     []byte
		minHits int
	}
	inputs := []input{{"synth-300", synth.Program(300), 100}, {"synth-3000", synth.Program(3000), 1000}}
	for _, c := range corpus {
		inputs = append(inputs, input{c.name, c.src, 0})
	}
	defer func() { trailAudit = nil }()
	total := 0
	for _, in := range inputs {
		var p *Program
		hits := 0
		trailAudit = func(id *syntax.Ident, kind RefKind, def *syntax.Ident) {
			hits++
			if r, ok := p.Uses[id]; !ok || r.Kind != kind || r.Def != def {
				t.Errorf("%s: %s at %d:%d: the trail says %s %p, Uses says %s %p (recorded %v)",
					in.name, id.Name, id.Start.Line, id.Start.Col, kind, def, r.Kind, r.Def, ok)
			}
		}
		f, _ := syntax.ParseFile(in.name, in.src)
		p = collect(f) // the audit reads the Uses the check fills
		p.Uses = map[*syntax.Ident]Ref{}
		c := newChecker(p)
		c.checkDecls()
		c.prepareComponents()
		c.checkBodies()
		c.checkTypes()
		if hits < in.minHits {
			t.Errorf("%s: the trail answered %d questions, want at least %d", in.name, hits, in.minHits)
		}
		total += hits
	}
	if total == 0 {
		t.Fatal("the trail answered nothing")
	}
}

// TestTrailBrokenByRerecord: an identifier recorded twice keeps the
// later Ref in Uses, so the trail must stop answering.
func TestTrailBrokenByRerecord(t *testing.T) {
	id := &syntax.Ident{Name: "x"}
	def1, def2 := &syntax.Ident{Name: "a"}, &syntax.Ident{Name: "b"}
	c := newChecker(&Program{Uses: map[*syntax.Ident]Ref{}})
	c.trail.start(1, 1024)
	c.trail.begin(0)
	c.use(id, Ref{Kind: RefLocal, Def: def1})
	c.use(id, Ref{Kind: RefLocal, Def: def2})
	tc := &typer{c: c}
	c.trail.seek(0)
	if kind, def, ok := tc.ref(id); !ok || kind != RefLocal || def != def2 {
		t.Fatalf("ref = %s %v %v, want the later Ref (def b)", kind, def, ok)
	}
	if !c.trail.broken {
		t.Fatal("the trail was not marked broken")
	}
}

// TestTrailIncremental: CheckIncremental reads the trail too, for the
// declarations it checks again (each typed right after its bodies, from
// its own index, with the kept ones skipped), and every answer is what
// Program.Uses says.
func TestTrailIncremental(t *testing.T) {
	const valid, invalid = "fn trail_toggle() -> Int = 0\n", "fn trail_toggle() -> Int = undefinedName\n"
	base := synth.Program(300)
	units := strings.Count(string(base), "// unit ")
	cases := []struct {
		name    string
		at      int // where the toggled fn goes
		minHits int
	}{
		{"an edit at the end", len(base), 0},
		{"an edit in the middle", strings.Index(string(base), fmt.Sprintf("// unit %d\n", units/2)), 70},
		{"an edit near the start", strings.Index(string(base), "// unit 1\n"), 100},
	}
	defer func() { trailAudit = nil }()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.at < 0 {
				t.Fatal("no such unit in synth.Program")
			}
			src := applyEdit(base, tc.at, tc.at, []byte(valid))
			tree := syntax.Parse("t.rvl", src)
			prev := CheckIncremental(tree.File, nil)
			next := tree.Edit(applyEdit(src, tc.at, tc.at+len(valid), []byte(invalid)), tc.at, tc.at+len(valid))
			type answer struct {
				id, def *syntax.Ident
				kind    RefKind
			}
			var answers []answer
			trailAudit = func(id *syntax.Ident, kind RefKind, def *syntax.Ident) {
				answers = append(answers, answer{id, def, kind})
			}
			got := CheckIncremental(next.File, prev)
			trailAudit = nil
			if got.Rechecked == len(next.File.Decls) {
				t.Fatalf("rechecked all %d declarations: the edit should keep those before it", got.Rechecked)
			}
			if err := sameProgram(got.Program(), Check(next.File)); err != nil {
				t.Fatal(err)
			}
			if len(answers) < max(tc.minHits, 1) {
				t.Errorf("the trail answered %d questions, want at least %d", len(answers), max(tc.minHits, 1))
			}
			for _, a := range answers {
				if r, ok := got.Program().Uses[a.id]; !ok || r.Kind != a.kind || r.Def != a.def {
					t.Errorf("%s at %d:%d: the trail says %s %p, Uses says %s %p (recorded %v)",
						a.id.Name, a.id.Start.Line, a.id.Start.Col, a.kind, a.def, r.Kind, r.Def, ok)
				}
			}
		})
	}
}

// TestComponentCursor: the cursor finds each component declaration's
// Component whatever order the declarations come in, in order (Check) or
// with some skipped (CheckIncremental), and nil for one that lost its name.
func TestComponentCursor(t *testing.T) {
	src := "component A { }\nfn f() = 1\ncomponent B { }\ncomponent A { }\ncomponent C { }\ncomponent D { }\n"
	f, _ := syntax.ParseFile("c.rvl", []byte(src))
	p := collect(f)
	var comps []*syntax.ComponentDecl
	for _, d := range f.Decls {
		if d, ok := d.(*syntax.ComponentDecl); ok {
			comps = append(comps, d)
		}
	}
	if len(comps) != 5 || len(p.Components) != 4 {
		t.Fatalf("%d component declarations, %d components; want 5 and 4", len(comps), len(p.Components))
	}
	want := func(d *syntax.ComponentDecl) *Component {
		if c := p.CompByName[nameOf(d.Name)]; c != nil && c.Decl == d {
			return c
		}
		return nil
	}
	orders := []struct {
		name  string
		visit []int // indexes into comps
	}{
		{"in order", []int{0, 1, 2, 3, 4}},
		{"the first ones skipped", []int{2, 3, 4}},
		{"from the duplicate", []int{2, 3}},
		{"one skipped in the middle", []int{0, 3, 4}},
		{"the last alone", []int{4}},
		{"backwards", []int{4, 3, 2, 1, 0}},
		{"twice over", []int{0, 1, 0, 1, 4}},
	}
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			var cc componentCursor
			for _, k := range o.visit {
				d := comps[k]
				if got := cc.of(p, d); got != want(d) {
					t.Errorf("declaration %d (%s): got %v, want %v", k, nameOf(d.Name), got, want(d))
				}
			}
		})
	}
}
