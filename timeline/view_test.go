package timeline

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"revl.dev/debug/runtime"
)

func TestLaneStateAt(t *testing.T) {
	for _, tc := range []struct {
		name string
		lane Lane
		at   []LaneState // at decisions 0..len-1
		end  LaneState   // after the last
	}{
		{"activated and torn down", Lane{Activated: 1, TornDown: 3, State: "down"},
			[]LaneState{LanePending, LaneActivating, LaneActive, LaneTearingDown, LaneDown}, LaneDown},
		{"never activated", Lane{Activated: -1, TornDown: -1, State: "pending"},
			[]LaneState{LanePending, LanePending}, LanePending},
		{"activation failed", Lane{Activated: 0, TornDown: -1, State: "failed"},
			[]LaneState{LaneActivating, LaneFailed, LaneFailed}, LaneFailed},
		{"still active at the end", Lane{Activated: 0, TornDown: -1, State: "active"},
			[]LaneState{LaneActivating, LaneActive}, LaneActive},
		{"incomplete trace, state unknown", Lane{Activated: 0, TornDown: -1},
			[]LaneState{LaneActivating, LaneActive}, LaneActive},
		// Fine atoms: suspended from its activate to its last resume.
		{"suspended, resumed, torn down", Lane{Activated: 1, Resumed: 3, TornDown: 5, State: "down"},
			[]LaneState{LanePending, LaneActivating, LaneSuspended, LaneSuspended, LaneActive, LaneTearingDown, LaneDown}, LaneDown},
		{"resumed twice: suspended until the last", Lane{Activated: 0, Resumed: 4, TornDown: -1, State: "active"},
			[]LaneState{LaneActivating, LaneSuspended, LaneSuspended, LaneSuspended, LaneSuspended, LaneActive}, LaneActive},
		{"failed in its resume", Lane{Activated: 0, Resumed: 2, TornDown: -1, State: "failed"},
			[]LaneState{LaneActivating, LaneSuspended, LaneSuspended, LaneFailed}, LaneFailed},
		{"still suspended at the end", Lane{Activated: 0, TornDown: -1, State: "activating"},
			[]LaneState{LaneActivating, LaneSuspended, LaneSuspended}, LaneSuspended},
		{"suspended again after a resume, to the end", Lane{Activated: 0, Resumed: 2, TornDown: -1, State: "activating"},
			[]LaneState{LaneActivating, LaneSuspended, LaneSuspended, LaneSuspended}, LaneSuspended},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []LaneState
			for k := range tc.at {
				got = append(got, LaneStateAt(tc.lane, k))
			}
			if !reflect.DeepEqual(got, tc.at) {
				t.Errorf("states %v, want %v", got, tc.at)
			}
			if s := LaneStateAfter(tc.lane, len(tc.at)-1); s != tc.end {
				t.Errorf("after the last decision %s, want %s", s, tc.end)
			}
			// The spans say the same, decision by decision, and cover the run.
			spans := LaneSpans(tc.lane, len(tc.at))
			next := 0
			for _, sp := range spans {
				if sp.From != next || sp.To <= sp.From {
					t.Fatalf("spans %v do not cover 0..%d in order", spans, len(tc.at))
				}
				for k := sp.From; k < sp.To; k++ {
					if sp.State != tc.at[k] {
						t.Errorf("span %v at decision %d, want %s", sp, k, tc.at[k])
					}
				}
				next = sp.To
			}
			if next != len(tc.at) {
				t.Errorf("spans %v end at %d, want %d", spans, next, len(tc.at))
			}
		})
	}
}

func em(text, fiber string, k int) *Emitted { return &Emitted{Text: text, Fiber: fiber, Decision: k} }

// TestNewView builds the read model of runs of each kind the viewers
// show: a divergence where one emission overtook another, commutative
// emissions in another order, a trace without the canonical side (the
// recorded comparison stands in), a redacted trace and a failed atom.
func TestNewView(t *testing.T) {
	two := readFile(t, "../examples/two-consumers.rvl")
	comm := readFile(t, "../testdata/schedule/commutative.rvl")
	failed := readFile(t, "../testdata/schedule/deadlock_failed.rvl")
	for _, tc := range []struct {
		name      string
		cfg       Config
		noCanon   bool
		rows      []EmissionRow
		div       *EmissionDivergence
		findings  []FindingPoint
		note      string
		laneSpans [][]StateSpan
	}{
		{
			name: "B overtook A", cfg: Config{Program: "two.rvl", Source: two, Choices: []int{0, 1}},
			rows: []EmissionRow{
				{Index: 0, Ordered: 0, Got: em(`log.write("B up")`, "B", 1), Canonical: em(`log.write("A up")`, "A", 1), Diverges: true},
				{Index: 1, Ordered: 1, Got: em(`log.write("A up")`, "A", 2), Canonical: em(`log.write("B up")`, "B", 2), Diverges: true},
			},
			div:      &EmissionDivergence{Ordered: 0, Row: 0, Got: em(`log.write("B up")`, "B", 1), Canonical: em(`log.write("A up")`, "A", 1), Overtook: true},
			findings: []FindingPoint{{1, "first divergent emission #0"}},
			laneSpans: [][]StateSpan{
				{{0, 1, LaneActivating}, {1, 5, LaneActive}, {5, 6, LaneTearingDown}},
				{{0, 2, LanePending}, {2, 3, LaneActivating}, {3, 4, LaneTearingDown}, {4, 6, LaneDown}},
				{{0, 1, LanePending}, {1, 2, LaneActivating}, {2, 4, LaneActive}, {4, 5, LaneTearingDown}, {5, 6, LaneDown}},
			},
		},
		{
			name: "commutative emissions pair as a multiset", cfg: Config{Program: "comm.rvl", Source: comm, Choices: []int{0, 1}},
			rows: []EmissionRow{
				{Index: 0, Ordered: -1, Commutative: true, Got: em(`m.count("b")`, "B", 1), Canonical: em(`m.count("a")`, "A", 1)},
				{Index: 1, Ordered: -1, Commutative: true, Got: em(`m.count("a")`, "A", 2), Canonical: em(`m.count("b")`, "B", 2)},
			},
			findings: []FindingPoint{},
		},
		{
			name: "the recorded comparison without the canonical side", cfg: Config{Program: "two.rvl", Source: two, Choices: []int{0, 1}},
			noCanon: true, note: "canonical run not known",
			rows: []EmissionRow{
				{Index: 0, Ordered: 0, Got: em(`log.write("B up")`, "B", 1), Canonical: &Emitted{Text: `log.write("A up")`, Decision: 1}, Diverges: true},
				{Index: 1, Ordered: 1, Got: em(`log.write("A up")`, "A", 2)},
			},
			div:      &EmissionDivergence{Ordered: 0, Row: 0, Got: em(`log.write("B up")`, "B", 1), Canonical: &Emitted{Text: `log.write("A up")`, Decision: 1}, Overtook: true},
			findings: []FindingPoint{{1, "first divergent emission #0"}},
		},
		{
			name: "a redacted trace shows no canonical side", cfg: Config{Program: "two.rvl", Source: two, Choices: []int{0}, Redact: true},
			note: "canonical run not shown: the trace is redacted",
			rows: []EmissionRow{
				{Index: 0, Ordered: 0, Got: em(`log.write(#blake3:`, "A", 1)},
				{Index: 1, Ordered: 1, Got: em(`log.write(#blake3:`, "B", 2)},
			},
			findings: []FindingPoint{},
		},
		{
			name: "a failed activation", cfg: Config{Program: "df.rvl", Source: failed, Seeded: true, Seed: 1},
			rows: []EmissionRow{},
			findings: []FindingPoint{
				{0, "atom failed: df.rvl:6:21: Pool.open boom://primary: connection refused"},
				{0, "deadlock: the ready set emptied with fibers left: Api never activated: key db: provider Db failed to activate (df.rvl:6:21: Pool.open boom://primary: connection refused)"},
			},
			laneSpans: [][]StateSpan{{{0, 1, LaneActivating}}, {{0, 1, LanePending}}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tl := open(t, record(t, tc.cfg))
			opts := TraceCanonical(tl, 0)
			if tc.noCanon {
				opts.Canonical = nil
			}
			v, err := NewView(tl, opts)
			if err != nil {
				t.Fatal(err)
			}
			if tc.cfg.Redact {
				// Hashes differ by argument: compare their prefix.
				for i := range v.Emissions {
					if g := v.Emissions[i].Got; g != nil && len(g.Text) > len(`log.write(#blake3:`) {
						g.Text = g.Text[:len(`log.write(#blake3:`)]
					}
				}
			}
			if !reflect.DeepEqual(v.Emissions, tc.rows) {
				t.Errorf("rows:\n%s\nwant:\n%s", js(v.Emissions), js(tc.rows))
			}
			if !reflect.DeepEqual(v.Divergence, tc.div) {
				t.Errorf("divergence %s, want %s", js(v.Divergence), js(tc.div))
			}
			if !reflect.DeepEqual(v.Findings, tc.findings) {
				t.Errorf("findings %s, want %s", js(v.Findings), js(tc.findings))
			}
			if v.CanonicalKnown != (tc.note == "") || v.CanonicalNote != tc.note {
				t.Errorf("canonical known %v, note %q; want note %q", v.CanonicalKnown, v.CanonicalNote, tc.note)
			}
			for i, want := range tc.laneSpans {
				if got := v.Info.Lanes[i].States; !reflect.DeepEqual(got, want) {
					t.Errorf("lane %d states %v, want %v", i, got, want)
				}
			}
			if len(v.Decisions) != tl.Len() || v.From != 0 {
				t.Errorf("%d decisions from %d, want all %d", len(v.Decisions), v.From, tl.Len())
			}
			// The trace's own lanes are not changed by the view.
			if lanes, _ := tl.Lanes(); len(lanes) > 0 && lanes[0].States != nil {
				t.Errorf("the view wrote states into the trace's lanes")
			}
		})
	}
}

func TestNewViewWindow(t *testing.T) {
	tl := open(t, record(t, Config{Program: "two.rvl", Source: readFile(t, "../examples/two-consumers.rvl"), Choices: []int{0, 1}}))
	for _, tc := range []struct {
		from, to  int
		none      bool
		wantFrom  int
		wantIndex []int
	}{
		{0, 0, false, 0, []int{0, 1, 2, 3, 4, 5}},
		{0, -1, false, 0, []int{0, 1, 2, 3, 4, 5}},
		{1, 3, false, 1, []int{1, 2}},
		{4, 100, false, 4, []int{4, 5}},
		{0, 0, true, 0, nil},
		{-3, 2, false, 0, []int{0, 1}},
		{9, 0, false, 6, nil},
		{3, 1, false, 3, nil},
	} {
		v, err := NewView(tl, ViewOptions{From: tc.from, To: tc.to, NoDecisions: tc.none})
		if err != nil {
			t.Fatal(err)
		}
		var idx []int
		for _, d := range v.Decisions {
			idx = append(idx, d.Index)
		}
		if v.From != tc.wantFrom || !reflect.DeepEqual(idx, tc.wantIndex) {
			t.Errorf("window %d..%d: from %d, decisions %v; want %d, %v", tc.from, tc.to, v.From, idx, tc.wantFrom, tc.wantIndex)
		}
		// The emissions and findings do not depend on the window.
		if len(v.Emissions) != 2 || v.Divergence == nil || len(v.Findings) != 1 {
			t.Errorf("window %d..%d: %d rows, divergence %v, findings %v", tc.from, tc.to, len(v.Emissions), v.Divergence, v.Findings)
		}
	}
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestLaneStatesMatchTheModel: the lane states of the read model, derived
// from each lane's span alone, are the fiber states the event stream
// gives after every decision of every corpus program, on a few schedules.
func TestLaneStatesMatchTheModel(t *testing.T) {
	for _, p := range corpus(t) {
		for _, seed := range []uint64{1, 2, 5} {
			tl := open(t, record(t, Config{Program: p.name, Source: p.src, Seeded: true, Seed: seed, NoCompare: true}))
			lanes, err := tl.Lanes()
			if err != nil {
				t.Fatal(err)
			}
			tl.mu.Lock()
			err = tl.rangeLocked(0, tl.Len(), false, func(d Decision, _ []Event, m *model) error {
				for i, l := range lanes {
					want := LaneState(m.Fibers[i].String())
					if got := LaneStateAfter(l, d.Index); got != want {
						t.Errorf("%s seed %d: lane %s after decision %d: %s, the model has %s", p.name, seed, l.Fiber, d.Index, got, want)
					}
					if at := LaneStateAt(l, d.Index); i != d.Lane && at != LaneStateAfter(l, d.Index-1) {
						t.Errorf("%s seed %d: lane %s changed state (%s) at decision %d, which ran %s", p.name, seed, l.Fiber, at, d.Index, d.Atom)
					}
				}
				return nil
			})
			tl.mu.Unlock()
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestFineLaneStatesMatchTheModel: with fine atoms too, a lane's state
// after each decision is the fiber's state in the model, `activating`
// (suspended at an await) being LaneSuspended, and a lane changes state
// only at a decision that ran one of its atoms.
func TestFineLaneStatesMatchTheModel(t *testing.T) {
	files, err := filepath.Glob("../testdata/fine/*.rvl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fine fixtures: %v", err)
	}
	suspended := 0
	for _, file := range files {
		src := readFile(t, file)
		for _, seed := range []uint64{1, 2, 3, 5, 8} {
			cfg := Config{Program: filepath.Base(file), Source: src, Seeded: true, Seed: seed, NoCompare: true}
			cfg.Options.Atoms = runtime.AtomsFine
			tl := open(t, record(t, cfg))
			lanes, err := tl.Lanes()
			if err != nil {
				t.Fatal(err)
			}
			tl.mu.Lock()
			err = tl.rangeLocked(0, tl.Len(), false, func(d Decision, _ []Event, m *model) error {
				for i, l := range lanes {
					want := LaneState(m.Fibers[i].String())
					if m.Fibers[i] == runtime.Activating {
						want = LaneSuspended
						suspended++
					}
					if got := LaneStateAfter(l, d.Index); got != want {
						t.Errorf("%s seed %d: lane %s after decision %d (%s): %s, the model has %s", file, seed, l.Fiber, d.Index, d.Atom, got, want)
					}
					if at := LaneStateAt(l, d.Index); i != d.Lane && at != LaneStateAfter(l, d.Index-1) {
						t.Errorf("%s seed %d: lane %s changed state (%s) at decision %d, which ran %s", file, seed, l.Fiber, at, d.Index, d.Atom)
					}
				}
				return nil
			})
			tl.mu.Unlock()
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if suspended == 0 {
		t.Error("no fixture schedule had a suspended fiber: the test checks nothing about suspension")
	}
}

func TestPairEmissions(t *testing.T) {
	e := func(text string, k int, comm bool) CanonicalEmission {
		return CanonicalEmission{Emitted{Text: text, Fiber: "F", Decision: k}, comm}
	}
	side := func(text string, k int) *Emitted { return em(text, "F", k) }
	for _, tc := range []struct {
		name       string
		got, canon []CanonicalEmission
		want       []EmissionRow
	}{
		{"the canonical run emits more", []CanonicalEmission{e("a", 0, false)}, []CanonicalEmission{e("a", 0, false), e("m", 1, true), e("b", 2, false)},
			[]EmissionRow{
				{Index: 0, Ordered: 0, Got: side("a", 0), Canonical: side("a", 0)},
				{Index: -1, Ordered: -1, Commutative: true, Canonical: side("m", 1)},
				{Index: -1, Ordered: 1, Canonical: side("b", 2), Diverges: true},
			}},
		{"this run emits more", []CanonicalEmission{e("a", 0, false), e("b", 1, false)}, []CanonicalEmission{e("a", 0, false)},
			[]EmissionRow{
				{Index: 0, Ordered: 0, Got: side("a", 0), Canonical: side("a", 0)},
				{Index: 1, Ordered: 1, Got: side("b", 1), Diverges: true},
			}},
		{"commutative emissions do not shift the ordered index", []CanonicalEmission{e("m", 0, true), e("a", 1, false)}, []CanonicalEmission{e("a", 0, false), e("m", 1, true)},
			[]EmissionRow{
				{Index: 0, Ordered: -1, Commutative: true, Got: side("m", 0), Canonical: side("m", 1)},
				{Index: 1, Ordered: 0, Got: side("a", 1), Canonical: side("a", 0)},
			}},
		{"no canonical side: nothing diverges", []CanonicalEmission{e("a", 0, false)}, nil,
			[]EmissionRow{{Index: 0, Ordered: 0, Got: side("a", 0)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := pairEmissions(tc.got, tc.canon)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("rows:\n%s\nwant:\n%s", js(got), js(tc.want))
			}
			d := divergenceOf(got)
			first := -1
			for i, r := range tc.want {
				if r.Diverges {
					first = i
					break
				}
			}
			if (d == nil) != (first < 0) || (d != nil && d.Row != first) {
				t.Errorf("divergence %s, want row %d", js(d), first)
			}
		})
	}
}

// TestNewViewPage: a paged view holds exactly its window of the whole
// view's lanes, emission rows and ready sets, and the same divergence and
// finding points, whatever the page.
func TestNewViewPage(t *testing.T) {
	w, src := wideWorld(t, 30)
	tl := open(t, record(t, Config{World: w, Program: "wide.rvl", Source: src, Seeded: true, Seed: wideSeed}))
	base := ViewOptions{Program: w.Program(), Canonical: CanonicalEmissionsOf(w)}
	whole, err := NewView(tl, base)
	if err != nil {
		t.Fatal(err)
	}
	if whole.Page != nil || whole.Divergence == nil || len(whole.Emissions) < 40 {
		t.Fatalf("whole view: page %v, divergence %v, %d rows; want no page, a divergence, the run's rows", whole.Page, whole.Divergence, len(whole.Emissions))
	}
	for _, tc := range []struct {
		name                         string
		lanesFrom, lanesTo           int
		rowsFrom, rowsTo             int
		from, to, readyMost          int
		wantLanes, wantRows, wantDec [2]int // [from, to) of the whole view's
	}{
		{"lanes", 5, 9, 0, 0, 0, 0, 0, [2]int{5, 9}, [2]int{0, len(whole.Emissions)}, [2]int{0, 60}},
		{"rows", 0, 0, 10, 15, 0, 0, 0, [2]int{0, 30}, [2]int{10, 15}, [2]int{0, 60}},
		{"ready", 0, 0, 0, 0, 20, 30, 3, [2]int{0, 30}, [2]int{0, len(whole.Emissions)}, [2]int{20, 30}},
		{"past the ends", 28, 100, 1000, 0, 0, 0, 0, [2]int{28, 30}, [2]int{len(whole.Emissions), len(whole.Emissions)}, [2]int{0, 60}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := base
			o.LanesFrom, o.LanesTo, o.RowsFrom, o.RowsTo, o.From, o.To, o.ReadyMost = tc.lanesFrom, tc.lanesTo, tc.rowsFrom, tc.rowsTo, tc.from, tc.to, tc.readyMost
			v, err := NewView(tl, o)
			if err != nil {
				t.Fatal(err)
			}
			want := &ViewPage{LanesFrom: tc.wantLanes[0], Lanes: 30, EmissionsFrom: tc.wantRows[0], Emissions: len(whole.Emissions), ReadyMost: tc.readyMost}
			if !reflect.DeepEqual(v.Page, want) {
				t.Errorf("page %+v, want %+v", v.Page, want)
			}
			if got, w := js(v.Info.Lanes), js(whole.Info.Lanes[tc.wantLanes[0]:tc.wantLanes[1]]); got != w {
				t.Errorf("lanes %s, want %s", got, w)
			}
			if got, w := js(v.Info.Header.Fibers), js(whole.Info.Header.Fibers[tc.wantLanes[0]:tc.wantLanes[1]]); got != w {
				t.Errorf("header fibers %s, want %s", got, w)
			}
			if got, w := js(v.Info.Summary.Lanes), js(whole.Info.Summary.Lanes[tc.wantLanes[0]:tc.wantLanes[1]]); got != w {
				t.Errorf("summary lanes %s, want %s", got, w)
			}
			if got, w := js(v.Info.Summary.Choices), js(whole.Info.Summary.Choices[tc.wantDec[0]:tc.wantDec[1]]); got != w {
				t.Errorf("summary choices %s, want %s", got, w)
			}
			if got, w := js(v.Emissions), js(whole.Emissions[tc.wantRows[0]:tc.wantRows[1]]); got != w {
				t.Errorf("rows %s, want %s", got, w)
			}
			if js(v.Divergence) != js(whole.Divergence) || js(v.Findings) != js(whole.Findings) {
				t.Errorf("divergence %s findings %s, want %s %s", js(v.Divergence), js(v.Findings), js(whole.Divergence), js(whole.Findings))
			}
			wantDec := whole.Decisions[tc.wantDec[0]:tc.wantDec[1]]
			if len(v.Decisions) != len(wantDec) {
				t.Fatalf("%d decisions, want %d", len(v.Decisions), len(wantDec))
			}
			cut := 0
			for i, d := range v.Decisions {
				wd := wantDec[i]
				if tc.readyMost > 0 && len(wd.Ready) > tc.readyMost {
					cut++
					if d.ReadyLen != len(wd.Ready) {
						t.Errorf("decision %d: ready_len %d, want %d", d.Index, d.ReadyLen, len(wd.Ready))
					}
					wd.ReadyLen, wd.Ready = len(wd.Ready), wd.Ready[:tc.readyMost]
				}
				if js(d) != js(wd) {
					t.Errorf("decision %d: %s, want %s", d.Index, js(d), js(wd))
				}
			}
			if tc.readyMost > 0 && cut == 0 {
				t.Errorf("no decision of %d..%d has more than %d atoms ready: the case tests nothing", tc.from, tc.to, tc.readyMost)
			}
		})
	}
}
