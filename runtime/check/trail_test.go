package check

import (
	"os"
	"path/filepath"
	"testing"

	"revl.dev/debug/internal/synth"
	"revl.dev/debug/runtime/syntax"
)

// TestTrailAgreesWithUses: every answer the trail gives the type pass is
// what Program.Uses says, and on programs of any size most questions are
// answered by the trail (else it would be dead weight).
func TestTrailAgreesWithUses(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.rvl"))
	if len(files) < 30 {
		t.Fatalf("corpus: %d files", len(files))
	}
	type input struct {
		name    string
		src     []byte
		minHits int
	}
	inputs := []input{{"synth-300", synth.Program(300), 100}, {"synth-3000", synth.Program(3000), 1000}}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{filepath.Base(path), src, 0})
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
	c.trail.begin(0, 1, 1024)
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
