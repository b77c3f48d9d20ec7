package dap

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revl.dev/debug/internal/gen"
	goldenfile "revl.dev/debug/internal/golden"
)

// TestVariablesPaging opens a wide composition in the middle of a seeded
// run, where hundreds of atoms are ready, and pages its ready set and its
// choices: the parent advertises the count, start/count return exactly
// that slice, a request without a count gets one page and a "…" entry,
// filters select the kind of entry, and the pages together are the whole
// set once.
func TestVariablesPaging(t *testing.T) {
	prog := filepath.Join(t.TempDir(), "wide.rvl")
	if err := os.WriteFile(prog, gen.Source(gen.Wide(600)), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t)
	ok := must(t)
	launch(t, c, map[string]any{"program": prog, "seed": 7}, nil)
	ok(c.Request(cmdGotoDecision, map[string]any{"index": 600}))
	ok(c.Event("revl/position"))
	frame := ok(c.Request("stackTrace", map[string]any{"threadId": 1})).Body()["stackFrames"].([]any)[0].(map[string]any)["id"]
	scopes := ok(c.Request("scopes", map[string]any{"frameId": frame})).Body()["scopes"].([]any)
	vars := func(args map[string]any) []map[string]any {
		t.Helper()
		var out []map[string]any
		for _, v := range ok(c.Request("variables", args)).Body()["variables"].([]any) {
			out = append(out, v.(map[string]any))
		}
		return out
	}
	find := func(vs []map[string]any, name string) map[string]any {
		t.Helper()
		for _, v := range vs {
			if v["name"] == name {
				return v
			}
		}
		t.Fatalf("no %q among %v", name, vs)
		return nil
	}
	var decisionRef any
	for _, s := range scopes {
		if s := s.(map[string]any); s["name"] == "Decision" {
			decisionRef = s["variablesReference"]
		}
	}
	decision := vars(map[string]any{"variablesReference": decisionRef})
	ready := find(decision, "ready")
	n := int(ready["indexedVariables"].(float64))
	if n <= 2*pageSize {
		t.Fatalf("only %d atoms ready at decision 600; the test needs more than %d", n, 2*pageSize)
	}
	if v := ready["value"].(string); !strings.HasPrefix(v, fmt.Sprintf("%d ready: ", n)) || !strings.Contains(v, fmt.Sprintf("… %d more", n-previewItems)) {
		t.Errorf("ready's value %q does not preview %d of %d atoms", v, previewItems, n)
	}
	choices := find(decision, "choices so far")
	if got := int(choices["indexedVariables"].(float64)); got != 600 {
		t.Errorf("choices so far advertises %d entries, want 600", got)
	}
	ref := ready["variablesReference"]

	// The pages, in order, are the set: indices in sequence, one pick.
	var all []map[string]any
	for s := 0; s < n; s += 77 {
		all = append(all, vars(map[string]any{"variablesReference": ref, "filter": "indexed", "start": s, "count": 77})...)
	}
	picks := 0
	for i, v := range all {
		if v["name"] != fmt.Sprintf("[%d]", i) {
			t.Fatalf("entry %d of the pages is named %v", i, v["name"])
		}
		if strings.Contains(v["value"].(string), "← the schedule picks this one") {
			picks++
		}
	}
	if len(all) != n || picks != 1 {
		t.Fatalf("the pages hold %d entries with %d picks, want %d with 1", len(all), picks, n)
	}

	for _, tc := range []struct {
		name  string
		args  map[string]any
		want  int // entries
		first string
		more  bool // ends with the "…" entry
	}{
		{"no count: one page", map[string]any{}, pageSize + 1, "[0]", true},
		{"start, no count", map[string]any{"start": n - 10}, 10, fmt.Sprintf("[%d]", n-10), false},
		{"start and count", map[string]any{"start": 150, "count": 7}, 7, "[150]", false},
		{"count past the end", map[string]any{"start": n - 3, "count": 50}, 3, fmt.Sprintf("[%d]", n-3), false},
		{"start past the end", map[string]any{"start": n + 5, "count": 5}, 0, "", false},
		{"a count larger than a page", map[string]any{"count": 3 * pageSize}, 3 * pageSize, "[0]", false},
		{"filter indexed", map[string]any{"filter": "indexed", "start": 1, "count": 2}, 2, "[1]", false},
		{"filter named: none here", map[string]any{"filter": "named"}, 0, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := map[string]any{"variablesReference": ref}
			for k, v := range tc.args {
				args[k] = v
			}
			got := vars(args)
			if len(got) != tc.want {
				t.Fatalf("%d entries, want %d", len(got), tc.want)
			}
			if tc.want == 0 {
				return
			}
			if got[0]["name"] != tc.first {
				t.Errorf("first entry %v, want %s", got[0]["name"], tc.first)
			}
			last := got[len(got)-1]
			if isMore := last["name"] == "…"; isMore != tc.more {
				t.Errorf("last entry %v: a '…' entry is %v, want %v", last, isMore, tc.more)
			}
			if tc.more {
				if want := fmt.Sprintf("%d more of %d", n-pageSize, n); !strings.HasPrefix(last["value"].(string), want) {
					t.Errorf("'…' says %q, want %q", last["value"], want)
				}
			}
			for _, v := range got[:len(got)-btoi(tc.more)] {
				i := 0
				fmt.Sscanf(v["name"].(string), "[%d]", &i)
				if v["value"] != all[i]["value"] {
					t.Errorf("entry %v = %v; the full listing has %v", v["name"], v["value"], all[i]["value"])
				}
			}
		})
	}

	// A named container (the Decision scope) has no indexed entries.
	if got := vars(map[string]any{"variablesReference": decisionRef, "filter": "indexed"}); len(got) != 0 {
		t.Errorf("filter indexed on the Decision scope gave %d entries", len(got))
	}
	fails(t)(c.Request("variables", map[string]any{"variablesReference": ref, "start": -1}))
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestWideFixture keeps testdata/wide.rvl, the composition the client
// suite pages (dap/testdata/client), what gen.Wide(400) generates
// (-update rewrites it).
func TestWideFixture(t *testing.T) {
	goldenfile.Check(t, filepath.Join("testdata", "wide.rvl"), string(gen.Source(gen.Wide(400))), *update)
}
