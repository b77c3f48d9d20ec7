package timeline

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
)

// TestFineTrace: a schedule of fine atoms records as format version 3 with
// the alphabet in its header, opens with the fine atoms named in its
// decisions and ready sets, shows them, and replays identically; small
// segments and checkpoints make every decision start a block, so ready
// sets are read back from checkpoints too. A lifecycle trace of the same
// program is still version 2.
func TestFineTrace(t *testing.T) {
	cases := []struct {
		file    string
		choices []int
		atoms   []string // the atoms of the run
	}{
		{"failed_provider.rvl", []int{0, 1}, []string{"activate(Cache)", "activate(Writer)", "complete(job load)", "resume(Cache)", "teardown(Writer)"}},
		{"fire_eviction.rvl", []int{0, 0, 1}, []string{"activate(Cache)", "activate(Session)", "fire(Cache)", "teardown(Session)", "teardown(Cache)"}},
		{"complete_order.rvl", []int{0, 0, 1, 1}, []string{"activate(Sink)", "activate(Indexer)", "activate(Search)", "complete(job warm)",
			"resume(Search)", "complete(job build)", "resume(Indexer)", "teardown(Search)", "teardown(Indexer)", "teardown(Sink)"}},
	}
	for _, c := range cases {
		t.Run(strings.TrimSuffix(c.file, ".rvl"), func(t *testing.T) {
			src := readFile(t, filepath.Join("../testdata/fine", c.file))
			cfg := Config{Program: c.file, Source: src, Choices: c.choices, RecorderOptions: small}
			cfg.Options.Atoms = runtime.AtomsFine
			tl := open(t, record(t, cfg))
			if v := tl.Reader().Version(); v != 3 || tl.Header().Options.Atoms != "fine" {
				t.Fatalf("format %d, atoms %q; want 3, fine", v, tl.Header().Options.Atoms)
			}
			if err := tl.Verify(); err != nil {
				t.Fatal(err)
			}
			var got []string
			for k := range tl.Len() {
				d, err := tl.Decision(k)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, d.Atom)
				if d.Lane < 0 || d.Fiber == "" {
					t.Errorf("decision %d (%s) has no lane", k, d.Atom)
				}
				if d.Chosen >= len(d.Ready) || d.Ready[d.Chosen].Label != d.Atom {
					t.Errorf("decision %d: chose %d of %v, atom %s", k, d.Chosen, d.Ready, d.Atom)
				}
			}
			if !slices.Equal(got, c.atoms) {
				t.Errorf("atoms %v, want %v", got, c.atoms)
			}
			// Seeking back reads the ready sets from a checkpoint.
			for k := tl.Len() - 1; k >= 0; k-- {
				if _, err := tl.Decision(k); err != nil {
					t.Fatal(err)
				}
			}
			res, err := Replay(tl, ReplayOptions{})
			if err != nil || !res.OK() {
				t.Fatalf("replay: %+v %v", res, err)
			}
			var b strings.Builder
			if err := Show(&b, tl, ShowOptions{At: -1}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), "(format 3,") || !strings.Contains(b.String(), "> resumed") {
				t.Errorf("show does not name the format or the fine glyphs:\n%s", b.String())
			}
			lc := open(t, record(t, Config{Program: c.file, Source: src, Choices: c.choices}))
			if v := lc.Reader().Version(); v != 2 || lc.Header().Options.Atoms != "" {
				t.Errorf("lifecycle trace: format %d, atoms %q; want 2, none", v, lc.Header().Options.Atoms)
			}
		})
	}
}
