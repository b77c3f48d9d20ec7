package gen

import (
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

// TestShapes: generated programs check cleanly and every component
// activates and tears down once in the canonical run.
func TestShapes(t *testing.T) {
	for _, s := range []Shape{Wide(1), Wide(2), Wide(25), Hubs(25, 4), Hubs(10, 1), {Components: 7}} {
		p, diags := check.Source("gen.rvl", Source(s))
		if check.HasErrors(diags) {
			t.Fatalf("%+v: %s", s, diags[0].Error())
		}
		if len(p.Components) != s.Components {
			t.Fatalf("%+v: %d components", s, len(p.Components))
		}
		m, err := runtime.New(p, runtime.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := 0
		for r := m.Ready(); len(r) > 0; r = m.Ready() {
			if err := m.Run(r[0]); err != nil {
				t.Fatalf("%+v: %s: %v", s, r[0], err)
			}
			d++
		}
		if d != 2*s.Components {
			t.Fatalf("%+v: %d decisions, want %d", s, d, 2*s.Components)
		}
		if snap := m.Snapshot(); len(runtime.Diff(runtime.Snapshot{}, snap)) > 0 {
			t.Fatalf("%+v: residue %v", s, snap)
		}
	}
}

// TestSynth: the synthetic run has 2n decisions, each choosing from its
// ready set, with gap-free sequence numbers and every fiber's events.
func TestSynth(t *testing.T) {
	s, err := NewSynth(50, 4)
	if err != nil {
		t.Fatal(err)
	}
	var seq int64
	seen := map[string]int{}
	for {
		ready, chosen, evs, ok := s.Next()
		if !ok {
			break
		}
		if chosen < 0 || chosen >= len(ready) || len(ready) > 4+3 {
			t.Fatalf("decision chooses %d of %v", chosen, ready)
		}
		for _, e := range evs {
			if e.Seq != seq+1 {
				t.Fatalf("seq %d after %d", e.Seq, seq)
			}
			seq = e.Seq
			if e.Kind == runtime.EvAtomBegin {
				seen[e.Text]++
			}
		}
	}
	if s.Decisions() != 100 || len(seen) != 100 {
		t.Fatalf("%d decisions, %d distinct atoms", s.Decisions(), len(seen))
	}
	if _, err := NewSynth(2, 1); err == nil {
		t.Fatal("NewSynth(2, 1) accepted")
	}
}
