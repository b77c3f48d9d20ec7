package dap

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/timeline"
)

// TestTimelinePages: revl/timeline answers the range asked for — decisions,
// lanes, emission rows — with a page that says what of what; without a
// range a small composition's timeline is whole (no page), a large one's
// is its first page, so no request sends a 50,000-component run whole.
func TestTimelinePages(t *testing.T) {
	large := filepath.Join(t.TempDir(), "large.rvl")
	if err := os.WriteFile(large, gen.Source(gen.Wide(timeline.WholeLimit+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		program string
		args    map[string]any
		// want: decisions from..to, lanes from..to, rows from..(rows from
		// + rows), ready atoms per decision at most; nil page: whole.
		page                     bool
		from, decisions          int
		lanesFrom, lanes, lanesN int
		rowsFrom, rows, rowsN    int
		readyMost                int
	}{
		{name: "small, no range: whole", program: program("worked.rvl"), args: map[string]any{}, decisions: 6, lanes: 3},
		{name: "small, decisions only: no page", program: program("worked.rvl"), args: map[string]any{"from": 1, "to": 3}, from: 1, decisions: 2, lanes: 3},
		{name: "small, lanes", program: program("worked.rvl"), args: map[string]any{"lanesFrom": 1, "lanesTo": 2}, page: true, decisions: 6, lanesFrom: 1, lanes: 1, lanesN: 3, rows: 2, rowsN: 2},
		{name: "small, rows", program: program("worked.rvl"), args: map[string]any{"emissionsFrom": 1}, page: true, decisions: 6, lanes: 3, lanesN: 3, rowsFrom: 1, rows: 1, rowsN: 2},
		{name: "large, no range: first pages", program: large, args: map[string]any{}, page: true, decisions: timeline.Page, lanes: timeline.Page, lanesN: timeline.WholeLimit + 1, rows: timeline.Page, rowsN: 2 * timeline.WholeLimit, readyMost: pageSize},
		{name: "large, a window of each", program: large, args: map[string]any{"from": 2000, "to": 2010, "lanesFrom": 100, "lanesTo": 110, "emissionsFrom": 3990, "emissionsTo": 4100},
			page: true, from: 2000, decisions: 10, lanesFrom: 100, lanes: 10, lanesN: timeline.WholeLimit + 1, rowsFrom: 3990, rows: 10, rowsN: 2 * timeline.WholeLimit, readyMost: pageSize},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := start(t)
			launch(t, c, map[string]any{"program": tc.program, "seed": 7}, nil)
			b := must(t)(c.Request(cmdTimeline, tc.args)).Body()
			ds := b["decisions"].([]any)
			lanes := b["info"].(map[string]any)["lanes"].([]any)
			rows := b["emissions"].([]any)
			if int(b["from"].(float64)) != tc.from || len(ds) != tc.decisions || len(lanes) != tc.lanes {
				t.Errorf("from %v, %d decisions, %d lanes; want %d, %d, %d", b["from"], len(ds), len(lanes), tc.from, tc.decisions, tc.lanes)
			}
			if len(lanes) > 0 && int(lanes[0].(map[string]any)["index"].(float64)) != tc.lanesFrom {
				t.Errorf("first lane %v, want lane %d", lanes[0].(map[string]any)["index"], tc.lanesFrom)
			}
			for _, d := range ds {
				if n := len(d.(map[string]any)["ready"].([]any)); tc.readyMost > 0 && n > tc.readyMost {
					t.Errorf("decision %v sends %d ready atoms, want at most %d", d.(map[string]any)["index"], n, tc.readyMost)
				}
			}
			page, paged := b["page"].(map[string]any)
			if paged != tc.page {
				t.Fatalf("page %v, want one: %v", b["page"], tc.page)
			}
			if !paged {
				return
			}
			got := [5]int{int(page["lanes_from"].(float64)), int(page["lanes"].(float64)), int(page["emissions_from"].(float64)), int(page["emissions"].(float64)), 0}
			if r, ok := page["ready_most"].(float64); ok {
				got[4] = int(r)
			}
			if want := [5]int{tc.lanesFrom, tc.lanesN, tc.rowsFrom, tc.rowsN, tc.readyMost}; got != want || len(rows) != tc.rows {
				t.Errorf("page %v with %d rows; want lanes_from, lanes, emissions_from, emissions, ready_most %v and %d rows", got, len(rows), want, tc.rows)
			}
		})
	}
}

// TestExploreLimits: sweeps, minimize and the exhaustive search run on
// compositions above the old 300-component limit; a bounded search says
// it was bounded out and what it covered.
func TestExploreLimits(t *testing.T) {
	wide := filepath.Join(t.TempDir(), "wide.rvl")
	if err := os.WriteFile(wide, gen.Source(gen.Wide(400)), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t)
	launch(t, c, map[string]any{"program": wide, "seed": 7, "minimize": true}, nil)
	b := must(t)(c.Request(cmdExplore, map[string]any{"seeds": 2, "shrink": false})).Body()
	if b["schedules"].(float64) != 2 {
		t.Errorf("sweep of 400 components ran %v schedules, want 2", b["schedules"])
	}
	b = must(t)(c.Request(cmdExplore, map[string]any{"exhaustive": true, "maxSchedules": 3, "shrink": false})).Body()
	x, _ := b["exhaustive"].(map[string]any)
	if b["schedules"].(float64) != 3 || x == nil || x["bounded_out"] != true || x["classes"].(float64) != 3 || x["depth"].(float64) != 800 {
		t.Errorf("exhaustive search of 400 components bounded at 3: %v", b)
	}
	if v, _ := b["verdict"].(string); !strings.HasPrefix(v, "bounded-out after 3 schedules: 3 classes covered") {
		t.Errorf("verdict %q, want it bounded out", v)
	}
}

// TestLazyLaunch: above eagerLaunch components the first stop runs
// nothing: revl/position says the schedule is partial (its end not yet
// known) and the Decision scope says so; going to a decision ahead learns
// the schedule to there, and the timeline records the same schedule.
func TestLazyLaunch(t *testing.T) {
	prog := filepath.Join(t.TempDir(), "wide.rvl")
	if err := os.WriteFile(prog, gen.Source(gen.Wide(eagerLaunch+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t)
	must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
	must(t)(c.Request("launch", map[string]any{"program": prog, "seed": 7}))
	must(t)(c.Event("initialized"))
	must(t)(c.Request("configurationDone", nil))
	must(t)(c.Event("stopped"))
	pos := must(t)(c.Event("revl/position")).Body()
	if pos["partial"] != true || pos["decisions"].(float64) != 0 || pos["ticks"].(float64) != -1 {
		t.Errorf("position at entry %v; want partial, 0 decisions run, ticks -1", pos)
	}
	st := must(t)(c.Request("stackTrace", map[string]any{"threadId": 1})).Body()
	frame := st["stackFrames"].([]any)[0].(map[string]any)["id"]
	sc := must(t)(c.Request("scopes", map[string]any{"frameId": frame})).Body()["scopes"].([]any)
	vs := must(t)(c.Request("variables", map[string]any{"variablesReference": sc[0].(map[string]any)["variablesReference"]})).Body()["variables"].([]any)
	found := false
	for _, v := range vs {
		if m := v.(map[string]any); m["name"] == "position" {
			found = strings.Contains(m["value"].(string), "not known yet")
		}
	}
	if !found {
		t.Errorf("Decision scope %v: want its position to say the end is not known yet", vs)
	}
	must(t)(c.Request(cmdGotoDecision, map[string]any{"index": 3000}))
	pos = must(t)(c.Event("revl/position")).Body()
	if pos["decision"].(float64) != 3000 || pos["partial"] != true || pos["decisions"].(float64) < 3000 {
		t.Errorf("position after going to decision 3000: %v", pos)
	}
	// The timeline records the launch's seed to its end; it is the same
	// schedule the engine is learning.
	tl := must(t)(c.Request(cmdTimeline, map[string]any{"from": 3000, "to": 3001})).Body()
	info := tl["info"].(map[string]any)
	if info["decisions"].(float64) != 2*(eagerLaunch+1) || info["header"].(map[string]any)["seed"].(float64) != 7 {
		t.Errorf("timeline of the lazy session: %v decisions, header %v; want the whole seeded schedule", info["decisions"], info["header"])
	}
	st = must(t)(c.Request("stackTrace", map[string]any{"threadId": 1})).Body()
	if d := tl["decisions"].([]any)[0].(map[string]any); st["stackFrames"].([]any)[0].(map[string]any)["name"] != "decision 3000: "+d["atom"].(string) {
		t.Errorf("the engine at decision 3000 is at %v; the timeline's decision 3000 is %v", st["stackFrames"].([]any)[0].(map[string]any)["name"], d["atom"])
	}
}
