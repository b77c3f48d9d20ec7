package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/timeline"
)

// TestTraceShowJSONPagesLargeCompositions: above 2,000 components `revl
// trace show --json` is the page revl/timeline answers without a range
// (the first 200 decisions, lanes and emission rows, 100 atoms of each
// ready set), with the canonical side, and the two bodies are equal.
func TestTraceShowJSONPagesLargeCompositions(t *testing.T) {
	const n = 2001
	dir := t.TempDir()
	prog := filepath.Join(dir, "wide.rvl")
	src := gen.Source(gen.Wide(n))
	if err := os.WriteFile(prog, src, 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "wide.rvt")
	if _, err := recordFile(path, timeline.Config{Program: prog, Source: src, Seeded: true, Seed: 7, Recorder: "test"}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		show          []string
		dap           map[string]any
		from, decided int
	}{
		{nil, nil, 0, 200},
		{[]string{"--at", "1000", "--window", "5"}, map[string]any{"from": 995, "to": 1006}, 995, 11},
	} {
		t.Run(fmt.Sprint(tc.show), func(t *testing.T) {
			var out, errs bytes.Buffer
			if code := run(append([]string{"trace", "show", "--json", path}, tc.show...), &out, &errs); code != exitOK {
				t.Fatalf("revl trace show --json: exit %d: %s", code, errs.String())
			}
			var v struct {
				Info struct {
					Decisions int               `json:"decisions"`
					Lanes     []json.RawMessage `json:"lanes"`
				} `json:"info"`
				From      int `json:"from"`
				Decisions []struct {
					Ready    []json.RawMessage `json:"ready"`
					ReadyLen *int              `json:"ready_len"`
				} `json:"decisions"`
				CanonicalKnown bool               `json:"canonical_known"`
				CanonicalNote  string             `json:"canonical_note"`
				Emissions      []json.RawMessage  `json:"emissions"`
				Page           *timeline.ViewPage `json:"page"`
			}
			if err := json.Unmarshal(out.Bytes(), &v); err != nil {
				t.Fatal(err)
			}
			if !v.CanonicalKnown {
				t.Errorf("canonical side not computed at %d components: %q", n, v.CanonicalNote)
			}
			if v.Page == nil || v.Page.Lanes != n || v.Page.ReadyMost != 100 || v.Page.Emissions <= 200 {
				t.Fatalf("page = %+v, want %d lanes, ready sets of at most 100 atoms, more than 200 rows", v.Page, n)
			}
			if len(v.Info.Lanes) != 200 || len(v.Emissions) != 200 || v.Info.Decisions != 2*n {
				t.Errorf("holds %d lanes, %d rows of %d decisions; want 200, 200 of %d", len(v.Info.Lanes), len(v.Emissions), v.Info.Decisions, 2*n)
			}
			if v.From != tc.from || len(v.Decisions) != tc.decided {
				t.Errorf("decisions %d+%d, want %d+%d", v.From, len(v.Decisions), tc.from, tc.decided)
			}
			cut := 0
			for _, d := range v.Decisions {
				if len(d.Ready) > 100 {
					t.Fatalf("a ready set of %d atoms in a page cut at 100", len(d.Ready))
				}
				if d.ReadyLen != nil && *d.ReadyLen > len(d.Ready) {
					cut++
				}
			}
			if cut == 0 {
				t.Errorf("no ready set was cut: the fixture is not wide enough to test the cut")
			}
			var shown map[string]any
			if err := json.Unmarshal(out.Bytes(), &shown); err != nil {
				t.Fatal(err)
			}
			body := dapTimeline(t, map[string]any{"trace": path, "program": prog}, tc.dap)
			delete(body, "position")
			if !reflect.DeepEqual(shown, body) {
				t.Fatalf("revl trace show --json and revl/timeline differ at %d components", n)
			}
		})
	}
}

// TestVSCodePageFixtures keeps the VS Code extension's paged fixtures
// (editors/vscode/test/fixtures/wide5000-*.timeline.json) what the read
// model answers: pages of gen.Wide(5000), seed 7, as revl/timeline
// answers them with ranges (ready sets cut to 3 atoms to keep the files
// small), with a partial position as a lazy launch sends it. -update
// rewrites them.
func TestVSCodePageFixtures(t *testing.T) {
	src := gen.Source(gen.Wide(5000))
	prog, err := timeline.Compile("wide.rvl", src)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := timeline.Record(&buf, timeline.Config{Program: "wide.rvl", Source: src, Seeded: true, Seed: 7, Recorder: "bench"}); err != nil {
		t.Fatal(err)
	}
	tl, err := timeline.Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	canon := timeline.TraceCanonical(tl, showCompareLimit)
	if canon.Canonical == nil {
		t.Fatalf("no canonical side: %s", canon.CanonicalNote)
	}
	for _, tc := range []struct {
		fixture string
		opts    timeline.ViewOptions
	}{
		{"wide5000-page.timeline.json", timeline.ViewOptions{To: 30, LanesTo: 20, RowsTo: 10}},
		{"wide5000-lanes2.timeline.json", timeline.ViewOptions{NoDecisions: true, LanesFrom: 20, LanesTo: 40, RowsTo: 1}},
		{"wide5000-rows2.timeline.json", timeline.ViewOptions{NoDecisions: true, LanesTo: 1, RowsFrom: 10, RowsTo: 20}},
		{"wide5000-decisions.timeline.json", timeline.ViewOptions{From: 5000, To: 5030, LanesTo: 1, RowsTo: 1}},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			o := tc.opts
			o.Program, o.Canonical, o.ReadyMost = prog, canon.Canonical, 3
			v, err := timeline.NewView(tl, o)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.MarshalIndent(struct {
				*timeline.View
				Position map[string]any `json:"position"`
			}{v, map[string]any{"decision": 0, "decisions": 1, "partial": true, "ticks": -1}}, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got := append(b, '\n')
			checkFixture(t, filepath.Join("..", "..", "editors", "vscode", "test", "fixtures", tc.fixture), got, "the read model")
		})
	}
}
