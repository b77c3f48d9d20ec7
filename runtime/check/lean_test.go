package check

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"revl.dev/debug/internal/synth"
	"revl.dev/debug/runtime/syntax"
)

// TestLeanMatchesFull: a check without Program.Uses reports what Check
// reports — the same diagnostics, the same types of locals, the same
// components in the same load order — on the corpus (errors of every
// kind), generated programs and a hand-built tree; it keeps no Uses; and on
// the debugger's shapes it stays lean (never gives up and checks again),
// which is what makes it cheaper.
func TestLeanMatchesFull(t *testing.T) {
	corpus := readCorpus(t)
	type input struct {
		name     string
		file     *syntax.File
		wantLean bool // must not give up
	}
	parse := func(name string, src []byte) *syntax.File {
		f, _ := syntax.ParseFile(name, src)
		return f
	}
	inputs := []input{
		{"wide-300", parse("wide.rvl", WideForTest(300)), true},
		{"synth-3000", parse("synth.rvl", synth.Program(3000)), false},
		{"hand-built", handBuilt(), false},
		{"nil", nil, true},
	}
	for _, c := range corpus {
		inputs = append(inputs, input{c.name, parse(c.name, c.src), false})
	}
	defer func() { leanGaveUp = nil }()
	gaveUp, lean := 0, 0
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			full := Check(in.file)
			var gave bool
			leanGaveUp = func() { gave = true }
			p := CheckWith(in.file, Options{NoUses: true})
			if p.Uses != nil {
				t.Errorf("Uses kept: %d entries", len(p.Uses))
			}
			if gave {
				t.Log("gave up")
				gaveUp++
			} else {
				lean++
			}
			if in.wantLean && gave {
				t.Error("the lean check gave up and checked again in full")
			}
			if got, want := summary(p), summary(full); got != want {
				t.Errorf("lean check differs:\n--- lean\n%s\n--- full\n%s", got, want)
			}
		})
	}
	t.Logf("%d checks stayed lean, %d gave up", lean, gaveUp)
	// Both paths ran: some inputs stayed lean, some gave up (the hand-built
	// tree has names at one offset).
	if lean == 0 || gaveUp == 0 {
		t.Errorf("%d checks stayed lean, %d gave up: want both", lean, gaveUp)
	}
}

// summary is what the runtime and the debugger read of a Program, as text.
func summary(p *Program) string {
	var b strings.Builder
	for _, d := range p.Diagnostics {
		fmt.Fprintf(&b, "diag %s\n", d.Error())
	}
	for _, c := range p.LoadOrder {
		fmt.Fprintf(&b, "load %s\n", c.Name)
	}
	for _, c := range p.Cycle {
		fmt.Fprintf(&b, "cycle %s\n", c.Name)
	}
	var locals []string
	//seam:unordered sorted below
	for id, ty := range p.TypeOf {
		locals = append(locals, fmt.Sprintf("local %s %d:%d %s", id.Name, id.Start.Line, id.Start.Col, ty))
	}
	sort.Strings(locals)
	b.WriteString(strings.Join(locals, "\n"))
	return b.String()
}

// handBuilt is a tree no parser made: every name at offset 0.
func handBuilt() *syntax.File {
	id := func(name string) *syntax.Ident { return &syntax.Ident{Name: name} }
	return &syntax.File{Name: "h.rvl", Decls: []syntax.Decl{
		&syntax.ServiceDecl{Name: id("S"), Methods: []*syntax.MethodSig{{Name: id("m")}}},
		&syntax.ComponentDecl{Name: id("C"), Provides: []*syntax.KeyBinding{{Key: id("k"), Service: id("S")}}},
	}}
}
