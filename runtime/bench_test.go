package runtime

import (
	"fmt"
	"strings"
	"testing"
)

// layered generates a composition of 1 + layers*width components: a Sink
// providing log, then layers whose components each provide a key, require
// two keys of the previous layer (the first layer requires log only), hold
// a Map, emit with a compensation, and call through a required key whose
// method inserts into the provider's Map.
func layered(layers, width int) string {
	var b strings.Builder
	b.WriteString("service Log { emission fn write(line: Str) }\n")
	b.WriteString("service Node { fn ping(n: Int) -> Int\n emission fn note(s: Str) }\n")
	b.WriteString("component Sink provides log: Log { provide log { fn write(line) { } } }\n")
	key := func(l, i int) string { return fmt.Sprintf("k%d_%d", l, i) }
	for l := 0; l < layers; l++ {
		for i := 0; i < width; i++ {
			name := fmt.Sprintf("C%d_%d", l, i)
			fmt.Fprintf(&b, "component %s requires log: Log", name)
			var deps []string
			if l > 0 {
				deps = []string{key(l-1, i), key(l-1, (i+1)%width)}
				for _, d := range deps {
					fmt.Fprintf(&b, ", %s: Node", d)
				}
			}
			fmt.Fprintf(&b, " provides %s: Node {\n", key(l, i))
			b.WriteString("  let m = effect Map.new() undo m.drop()\n")
			fmt.Fprintf(&b, "  emit log.write(\"%s up\") compensate log.write(\"%s down\")\n", name, name)
			for _, d := range deps {
				fmt.Fprintf(&b, "  effect %s.ping(%d) undo %s.ping(0)\n", d, l, d)
				fmt.Fprintf(&b, "  emit %s.note(\"from %s\")\n", d, name)
			}
			fmt.Fprintf(&b, "  provide %s {\n", key(l, i))
			b.WriteString("    fn ping(n) {\n      m.insert(`${n}`, n)\n      return m.len()\n    }\n")
			b.WriteString("    fn note(s) { }\n  }\n}\n")
		}
	}
	return b.String()
}

// BenchmarkActivateTeardown50 activates a 50-component layered composition
// in load order and tears it down in reverse, per op, on a clone of a
// pristine machine (as the scheduler runs each schedule).
func BenchmarkActivateTeardown50(b *testing.B) {
	src := layered(7, 7)
	prog := program(b, "layered.rvl", src)
	if n := len(prog.Components); n != 50 {
		b.Fatalf("%d components", n)
	}
	base, err := New(prog, Options{})
	if err != nil {
		b.Fatal(err)
	}
	var atoms []Atom
	for _, c := range prog.LoadOrder {
		atoms = append(atoms, Atom{Kind: Activate, Fiber: c.Name})
	}
	for i := len(prog.LoadOrder) - 1; i >= 0; i-- {
		atoms = append(atoms, Atom{Kind: Teardown, Fiber: prog.LoadOrder[i].Name})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		m := base.Clone()
		for _, a := range atoms {
			if err := m.Run(a); err != nil {
				b.Fatal(err)
			}
		}
		if m.emissions.Len() == 0 || len(m.Unreleased()) != 0 {
			b.Fatal("bad run")
		}
	}
}

// TestLayeredComposition checks that the benchmark's program is a correct
// run: everything activates, then everything comes down without residue.
func TestLayeredComposition(t *testing.T) {
	prog := program(t, "layered.rvl", layered(3, 3))
	m, err := New(prog, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for len(m.Ready()) > 0 {
		if err := m.Run(m.Ready()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if s := m.Snapshot(); !s.Equal(Snapshot{}) {
		t.Errorf("residue: %s", s)
	}
	for _, f := range m.Fibers() {
		if f.State != Down {
			t.Errorf("%s is %s", f.Name, f.State)
		}
	}
	if n := len(m.Emissions()); n != 9*2+6*2 { // up and down of each C, two notes per upper-layer C
		t.Errorf("%d emissions", n)
	}
}
