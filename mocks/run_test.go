package mocks

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
)

// crossingText renders a test's crossing report as the CLI does.
func crossingText(ops []Operation) string {
	var b strings.Builder
	WriteCrossings(&b, "", ops)
	return b.String()
}

// atomCount counts the atoms labelled label among evs.
func atomCount(evs []runtime.Event, label string) int {
	n := 0
	for _, e := range evs {
		if e.Kind == runtime.EvAtomBegin && e.Text == label {
			n++
		}
	}
	return n
}

// index returns the position of the first event whose line contains s,
// or -1.
func index(evs []runtime.Event, s string) int {
	for i, e := range evs {
		if strings.Contains(e.String(), s) {
			return i
		}
	}
	return -1
}

// TestLifecycleMockWorld runs the lifecycle tests of the fixtures in mock
// world and checks each point of the design: typed values, crossings
// recorded and not made, precedence of a real provider, sharing and
// re-derivation, residue, and a failing assertion.
func TestLifecycleMockWorld(t *testing.T) {
	type want struct {
		test      string
		passed    bool
		message   string   // contained in the failure message
		mocks     []string // derived, in order
		crossings string   // the report, exactly
		check     func(t *testing.T, r TestResult)
	}
	cases := []struct {
		file  string
		wants []want
	}{
		{"types.rvl", []want{{
			test: "every value keeps its declared shape", passed: true, mocks: []string{"_RevlMock_Gen_g"},
			crossings: "g.put (Gen) — 1 crossing recorded, none made\n  would have emitted: key=\"k\", value=1\n",
			check: func(t *testing.T, r TestResult) {
				// The async method returns a job that completes (here:
				// awaited), the map is a host map owned by the mock, and
				// the mock's teardown releases all of it.
				for _, s := range []string{"job.run g.warm start [acquire]", "job.run g.warm done [release]",
					"_RevlMock_Gen_g map#1.new [acquire]", "_RevlMock_Gen_g map#1.drop [release]", "withdraw _RevlMock_Gen_g g"} {
					if index(r.Events, s) < 0 {
						t.Errorf("no event %q", s)
					}
				}
			},
		}}},
		{"emissions.rvl", []want{
			{test: "one crossing recorded, none made", passed: true, mocks: []string{"_RevlMock_Database_db"},
				crossings: "db.execute (Database) — 1 crossing recorded, none made\n  would have emitted: sql=\"select 1\"\n"},
			{test: "a compensation is a crossing too", passed: true, mocks: []string{"_RevlMock_Database_db"},
				crossings: "db.execute (Database) — 2 crossings recorded, none made\n  would have emitted: sql=\"create table t\"\n  would have emitted: sql=\"drop table t\"\n"},
		}},
		{"precedence.rvl", []want{
			{test: "a loaded sink serves A", passed: true, check: func(t *testing.T, r TestResult) {
				if len(r.Emissions) != 1 || r.Emissions[0].Mock != "" {
					t.Errorf("the emission should reach Sink, not a mock: %+v", r.Emissions)
				}
			}},
			{test: "no sink loaded: A gets a mock", passed: true, mocks: []string{"_RevlMock_Log_log"},
				crossings: "log.write (Log) — 1 crossing recorded, none made\n  would have emitted: line=\"A up\"\n",
				check: func(t *testing.T, r TestResult) {
					// Recorded, not crossed: the call entered the mock and
					// nothing else.
					for _, e := range r.Events {
						if e.Kind == runtime.EvCallEnter && e.Fiber != "_RevlMock_Log_log" {
							t.Errorf("a call reached %s: %s", e.Fiber, e)
						}
					}
					if len(r.Emissions) != 1 || r.Emissions[0].Mock != "_RevlMock_Log_log" || !slices.Equal(r.Emissions[0].Args, []string{`"A up"`}) {
						t.Errorf("emission record: %+v", r.Emissions)
					}
				}},
			{test: "a sink loaded late waits for the mock to go", passed: true, mocks: []string{"_RevlMock_Log_log"},
				crossings: "log.write (Log) — 1 crossing recorded, none made\n  would have emitted: line=\"A up\"\n",
				check: func(t *testing.T, r TestResult) {
					gone := index(r.Events, "withdraw _RevlMock_Log_log log")
					up := index(r.Events, "fiber Sink pending -> active")
					if gone < 0 || up < gone {
						t.Errorf("Sink should activate after the mock withdrew log (withdraw at %d, Sink up at %d)", gone, up)
					}
				}},
		}},
		{"calls.rvl", []want{
			{test: "call reaches the mock", passed: true, mocks: []string{"_RevlMock_KV_kv"}},
			{test: "call reaches the real one", passed: true},
		}},
		{"sharing.rvl", []want{
			{test: "two consumers share one mock", passed: true, mocks: []string{"_RevlMock_KV_kv"},
				check: func(t *testing.T, r TestResult) {
					if n := atomCount(r.Events, "activate(_RevlMock_KV_kv)"); n != 1 {
						t.Errorf("the mock activated %d times, want once", n)
					}
					// It goes with its last consumer, B, not with A.
					downA := index(r.Events, "fiber A active -> down")
					downB := index(r.Events, "fiber B active -> down")
					gone := index(r.Events, "fiber _RevlMock_KV_kv active -> down")
					if !(downA < downB && downB < gone) {
						t.Errorf("teardown order: A at %d, B at %d, mock at %d", downA, downB, gone)
					}
				}},
			{test: "a fresh mock is identical", passed: true, mocks: []string{"_RevlMock_KV_kv"},
				check: func(t *testing.T, r TestResult) {
					if n := atomCount(r.Events, "activate(_RevlMock_KV_kv)"); n != 2 {
						t.Errorf("the mock activated %d times, want twice (derived again)", n)
					}
					if index(r.Events, "fiber _RevlMock_KV_kv down -> pending") < 0 {
						t.Error("no reset of the mock to pending")
					}
				}},
		}},
		{"async.rvl", []want{
			{test: "the job completes after five turns", passed: true, mocks: []string{"_RevlMock_Warmer_w"},
				check: func(t *testing.T, r TestResult) {
					done := index(r.Events, "job.run w.warm done")
					var advances []int
					for i, e := range r.Events {
						if e.Kind == runtime.EvAtomEnd && e.Text == "advance(1000ms)" {
							advances = append(advances, i)
						}
					}
					if len(advances) != 4 || done < advances[2] || done > advances[3] {
						t.Errorf("the job should complete in the 4th advance (the 5th turn): done at %d, advances end at %v", done, advances)
					}
				}},
			{test: "a job still running is cancelled", passed: true, mocks: []string{"_RevlMock_Warmer_w"},
				check: func(t *testing.T, r TestResult) {
					if index(r.Events, "job.run w.warm cancelled [release]") < 0 {
						t.Error("the job was not cancelled")
					}
				}},
		}},
		{"residue.rvl", []want{{test: "api left loaded", passed: false, mocks: []string{"_RevlMock_KV_kv"},
			message: "assert no_residue failed: registry: [] -> [_RevlMock_KV_kv, Api]; provisions: [] -> [api, kv]; effects: 0 -> 2"}}},
		{"failing.rvl", []want{{test: "the counter starts at 42", passed: false, mocks: []string{"_RevlMock_Counter_counter"},
			message: "assert n == 42 failed"}}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			results, w, err := RunTests(load(t, c.file), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if w.Mode != LifecycleWorld {
				t.Errorf("mode %v", w.Mode)
			}
			if len(results) != len(c.wants) {
				t.Fatalf("%d results, want %d", len(results), len(c.wants))
			}
			for i, wt := range c.wants {
				r := results[i]
				t.Run(wt.test, func(t *testing.T) {
					if r.Name != wt.test {
						t.Fatalf("test %d is %q, want %q", i, r.Name, wt.test)
					}
					if r.Passed != wt.passed {
						t.Errorf("passed = %v (%s), want %v", r.Passed, r.Message, wt.passed)
					}
					if !strings.Contains(r.Message, wt.message) {
						t.Errorf("message %q does not contain %q", r.Message, wt.message)
					}
					if !slices.Equal(r.Mocks, wt.mocks) {
						t.Errorf("mocks %v, want %v", r.Mocks, wt.mocks)
					}
					if got := crossingText(r.Crossings); got != wt.crossings {
						t.Errorf("crossings:\n%s\nwant:\n%s", got, wt.crossings)
					}
					if wt.check != nil {
						wt.check(t, r)
					}
				})
			}
		})
	}
}

// TestPureTestsAreNotPartOfMockWorld: RunTests leaves pure tests out.
func TestPureTestsAreNotPartOfMockWorld(t *testing.T) {
	p := source(t, "pure.rvl", `
service Log { emission fn write(line: Str) }
component A requires log: Log { emit log.write("up") }
test "pure" { assert 1 == 1 }
lifecycle test "life" {
  load A
  unload A
  assert no_residue
}
`)
	results, _, err := RunTests(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 1 || results[0].Name != "life" || !results[0].Passed {
		t.Fatalf("results: %+v", results)
	}
}

// TestMockSeedChangesValues: the seed option reaches the streams; the
// default is 1.
func TestMockSeedChangesValues(t *testing.T) {
	p := load(t, "failing.rvl")
	msg := func(seed uint64) string {
		rs, _, err := RunTests(p, Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		return rs[0].Message
	}
	if msg(0) != msg(runtime.DefaultMockSeed) {
		t.Error("seed 0 is not the default seed")
	}
	if msg(1) == msg(2) && msg(2) == msg(3) {
		t.Errorf("seeds 1, 2, 3 all give %q", msg(1))
	}
}

// TestGoldenEventLogs pins the whole event log of every fixture in mock
// world: its lifecycle tests, then the canonical schedule of its schedule
// world, each with its crossings.
func TestGoldenEventLogs(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(fixtures, "*.rvl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".rvl")
		t.Run(name, func(t *testing.T) {
			p := load(t, name+".rvl")
			var b strings.Builder
			results, _, err := RunTests(p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range results {
				status := "passed"
				if !r.Passed {
					status = "FAILED: " + r.Message
				}
				fmt.Fprintf(&b, "== %s %q %s\n", r.Kind, r.Name, status)
				for _, e := range r.Events {
					b.WriteString(e.String() + "\n")
				}
				WriteCrossings(&b, "crossings: ", r.Crossings)
			}
			w, err := Derive(p, ScheduleWorld)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "== canonical schedule, mocks: %s\n", w.Summary())
			m, err := runtime.New(w.Program, Options{}.RuntimeOptions())
			if err != nil {
				t.Fatal(err)
			}
			m.SetSink(func(e runtime.Event) { b.WriteString(e.String() + "\n") })
			for {
				ready := m.Ready()
				if len(ready) == 0 {
					break
				}
				_ = m.Run(ready[0])
			}
			fmt.Fprintf(&b, "end: %s\n", m.Snapshot())
			WriteCrossings(&b, "crossings: ", Crossings(w.Program, m.Emissions()))
			golden(t, name+".golden", b.String())
		})
	}
}

// TestMockRefsCountConsumers steps through a test in which two consumers
// share a mock: the reference count rises to 2, falls back as each is
// unloaded, and the mock goes with the last one.
func TestMockRefsCountConsumers(t *testing.T) {
	w, err := Derive(load(t, "sharing.rvl"), LifecycleWorld)
	if err != nil {
		t.Fatal(err)
	}
	m, err := runtime.New(w.Program, Options{}.RuntimeOptions())
	if err != nil {
		t.Fatal(err)
	}
	const mock = "_RevlMock_KV_kv"
	var seen []int
	note := func() {
		if n := m.MockRefs(mock); len(seen) == 0 || seen[len(seen)-1] != n {
			seen = append(seen, n)
		}
	}
	if err := m.Begin(runtime.Atom{Kind: runtime.Harness, Test: w.Program.Tests[0]}); err != nil {
		t.Fatal(err)
	}
	for {
		note()
		done, err := m.Step()
		if done {
			if err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	note()
	if !slices.Equal(seen, []int{0, 1, 2, 1, 0}) {
		t.Errorf("references over the test: %v, want [0 1 2 1 0]", seen)
	}
	if s, _ := m.FiberState(mock); s != runtime.Down {
		t.Errorf("the mock is %s after its last consumer went", s)
	}
	if m.MockRefs("A") != 0 || m.MockRefs("nope") != 0 {
		t.Error("MockRefs of a non-mock")
	}
}
