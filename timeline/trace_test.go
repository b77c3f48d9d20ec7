package timeline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	goruntime "runtime"
	"strings"
	"sync"
	"testing"

	"revl.dev/debug/runtime"
	"revl.dev/debug/timeline/rvt"
)

// TestRoundTrip records every corpus program under several schedules,
// opens the trace, checks every event against a live run of the same
// vector, and replays it.
func TestRoundTrip(t *testing.T) {
	for _, p := range corpus(t) {
		for seed := uint64(0); seed < 4; seed++ {
			for _, opts := range []RecorderOptions{{}, small} {
				cfg := Config{Program: p.name, Source: p.src, Seeded: seed > 0, Seed: seed, RecorderOptions: opts}
				name := fmt.Sprintf("%s/seed%d/seg%d", p.name, seed, opts.SegmentSize)
				t.Run(name, func(t *testing.T) {
					b := record(t, cfg)
					tl := open(t, b)
					if err := tl.Verify(); err != nil {
						t.Fatal(err)
					}
					sum, err := tl.Summary()
					if err != nil || sum == nil {
						t.Fatalf("summary: %v %v", sum, err)
					}
					live, final := liveRun(t, p, sum.Choices, runtime.Options{})
					if len(live) != tl.Len() {
						t.Fatalf("trace has %d decisions, live run %d", tl.Len(), len(live))
					}
					err = tl.Range(0, tl.Len(), func(d Decision, evs []Event) error {
						want := live[d.Index]
						if len(evs) != len(want) {
							return fmt.Errorf("decision %d: %d events, want %d", d.Index, len(evs), len(want))
						}
						for i := range evs {
							if f := eventDiff(evs[i].Event, want[i]); f != "" {
								return fmt.Errorf("decision %d event %d: %s differs:\n got %s\nwant %s", d.Index, i, f, evs[i].Line(), want[i].String())
							}
						}
						return nil
					})
					if err != nil {
						t.Fatal(err)
					}
					if !snapshotEqual(sum.Final, rvt.FromRuntime(final)) {
						t.Fatalf("final %v, live %v", sum.Final, final)
					}
					res, err := Replay(tl, ReplayOptions{})
					if err != nil {
						t.Fatal(err)
					}
					if !res.OK() {
						t.Fatalf("replay: %v", res.Divergence)
					}
				})
			}
		}
	}
}

// TestRandomAccess checks that Decision, Events and Snapshot give the
// same answers in any order as in a sequential scan.
func TestRandomAccess(t *testing.T) {
	p := program{"hubs40.rvl", genSource(40, 4)}
	b := record(t, Config{Program: p.name, Source: p.src, Seeded: true, Seed: 7, RecorderOptions: small})
	tl := open(t, b)
	type at struct {
		d    Decision
		evs  []Event
		snap Snapshot
	}
	var seq []at
	for k := 0; k < tl.Len(); k++ {
		d, err1 := tl.Decision(k)
		evs, err2 := tl.Events(k)
		s, err3 := tl.Snapshot(k)
		if err := firstErr(err1, err2, err3); err != nil {
			t.Fatal(err)
		}
		seq = append(seq, at{d, evs, s})
	}
	if n := len(tl.Reader().Blocks()); n < 10 {
		t.Fatalf("only %d blocks; the test wants many checkpoints", n)
	}
	order := []int{tl.Len() - 1, 0, tl.Len() / 2, 3, tl.Len() - 2, 1, tl.Len() / 3, tl.Len() / 3, 2 * tl.Len() / 3}
	for i := 0; i < tl.Len(); i += 7 {
		order = append(order, (i*37)%tl.Len())
	}
	for _, k := range order {
		s, err3 := tl.Snapshot(k)
		evs, err2 := tl.Events(k)
		d, err1 := tl.Decision(k)
		if err := firstErr(err1, err2, err3); err != nil {
			t.Fatal(err)
		}
		w := seq[k]
		if fmt.Sprint(d) != fmt.Sprint(w.d) || fmt.Sprint(evs) != fmt.Sprint(w.evs) || fmt.Sprint(s) != fmt.Sprint(w.snap) {
			t.Fatalf("decision %d differs in random access:\n%v\n%v", k, d, w.d)
		}
	}
	if _, err := tl.Decision(tl.Len()); err == nil {
		t.Fatal("a decision past the end")
	}
	s, err := tl.Snapshot(-1)
	if err != nil || len(s.Registry) != 0 {
		t.Fatalf("initial snapshot %v %v", s, err)
	}
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// TestModelMatchesRuntime checks the snapshot the timeline derives from
// events against the runtime's own after every atom of every corpus
// program, on several schedules.
func TestModelMatchesRuntime(t *testing.T) {
	for _, p := range corpus(t) {
		prog, err := Compile(p.name, p.src)
		if err != nil {
			t.Fatal(err)
		}
		var fibers []string
		for _, c := range prog.LoadOrder {
			fibers = append(fibers, c.Name)
		}
		for seed := uint64(0); seed < 6; seed++ {
			b := record(t, Config{Program: p.name, Source: p.src, Seeded: seed > 0, Seed: seed, NoCompare: true})
			sum, _ := open(t, b).Summary()
			m, err := runtime.New(prog, runtime.Options{AtomSnapshots: true})
			if err != nil {
				t.Fatal(err)
			}
			mod := newModel(fibers)
			checked := 0
			m.SetSink(func(e runtime.Event) {
				mod.apply(&e)
				if e.Kind == runtime.EvAtomEnd {
					got, want := mod.snapshot(), rvt.FromRuntime(*e.Snapshot)
					if !snapshotEqual(got, want) {
						t.Errorf("%s seed %d after %s:\n got %v\nwant %v", p.name, seed, e.Text, got.Runtime(), want.Runtime())
					}
					checked++
				}
			})
			for k := 0; ; k++ {
				ready := m.Ready()
				if len(ready) == 0 || k >= len(sum.Choices) {
					break
				}
				m.Run(ready[min(sum.Choices[k], len(ready)-1)])
			}
			if checked == 0 && sum.Decisions > 0 {
				t.Errorf("%s: no atom checked", p.name)
			}
		}
	}
}

// TestDeterministicBytes records the same runs in parallel, at different
// GOMAXPROCS, and wants the same bytes every time.
func TestDeterministicBytes(t *testing.T) {
	src := readFile(t, "../examples/cache.rvl")
	cfgs := []Config{
		{Program: "cache.rvl", Source: src, Seeded: true, Seed: 5, Recorder: "test"},
		{Program: "cache.rvl", Source: src, Choices: []int{0, 1, 0, 1}, Redact: true, Recorder: "test", RecorderOptions: small},
		{Program: "wide.rvl", Source: genSource(30, 0), Seeded: true, Seed: 11, Recorder: "test", RecorderOptions: small},
	}
	var want [][]byte
	for _, c := range cfgs {
		want = append(want, record(t, c))
	}
	defer goruntime.GOMAXPROCS(goruntime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 8} {
		goruntime.GOMAXPROCS(procs)
		var wg sync.WaitGroup
		got := make([][]byte, len(cfgs)*3)
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var buf bytes.Buffer
				if _, err := Record(&buf, cfgs[i%len(cfgs)]); err != nil {
					t.Error(err)
				}
				got[i] = buf.Bytes()
			}()
		}
		wg.Wait()
		for i, g := range got {
			if w := want[i%len(cfgs)]; !bytes.Equal(g, w) {
				at := 0
				for at < min(len(g), len(w)) && g[at] == w[at] {
					at++
				}
				t.Fatalf("GOMAXPROCS=%d: run %d gave different bytes from offset %d (%d and %d bytes)", procs, i, at, len(g), len(w))
			}
		}
	}
}

// TestRedaction: a redacted trace holds no emission argument, call
// result or fail message in its events, and still replays.
func TestRedaction(t *testing.T) {
	src := readFile(t, "../examples/cache.rvl")
	b := record(t, Config{Program: "cache.rvl", Source: src, Seeded: true, Seed: 2, Redact: true})
	tl := open(t, b)
	if !tl.Header().Redacted {
		t.Fatal("header not redacted")
	}
	emissions := 0
	err := tl.Range(0, tl.Len(), func(d Decision, evs []Event) error {
		for _, e := range evs {
			switch e.Kind {
			case runtime.EvEmission, runtime.EvCallEnter:
				if i := strings.IndexByte(e.Text, '('); i >= 0 && e.Text[i+1:] != ")" && !strings.HasPrefix(e.Text[i+1:], RedactedPrefix) {
					return fmt.Errorf("plain arguments in %s", e.Line())
				}
				emissions++
			case runtime.EvCallExit:
				if e.Value != "" && !strings.HasPrefix(e.Value, RedactedPrefix) {
					return fmt.Errorf("plain result in %s", e.Line())
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if emissions == 0 {
		t.Fatal("no emission to check")
	}
	res, err := Replay(tl, ReplayOptions{})
	if err != nil || !res.OK() {
		t.Fatalf("redacted replay: %v %v", res, err)
	}
	// A program whose data changed but whose shape did not is caught in
	// the hashed form too.
	changed := bytes.Replace(src, []byte(`"cache refresh"`), []byte(`"cache refreshed"`), 1)
	if bytes.Equal(changed, src) {
		t.Fatal("the test's edit did not apply")
	}
	if got := Redact("a"); got != Redact("a") || got == Redact("b") || !strings.HasPrefix(got, RedactedPrefix) || len(got) != len(RedactedPrefix)+32 {
		t.Fatalf("Redact gives %q", got)
	}
	if got := redactCall(`log.write("A up")`); got != "log.write("+Redact(`"A up"`)+")" {
		t.Fatalf("redactCall: %s", got)
	}
	if got := redactHost("pool#1.open pg://secret"); got != "pool#1.open "+Redact("pg://secret") {
		t.Fatalf("redactHost: %s", got)
	}
	if got := redactHost("timer#1.cancel"); got != "timer#1.cancel" {
		t.Fatalf("redactHost: %s", got)
	}
}

// TestRedactedFindings: the finding messages and the comparison of a
// redacted trace name emissions by hash.
func TestRedactedFindings(t *testing.T) {
	src := readFile(t, "../examples/two-consumers.rvl")
	tl := open(t, record(t, Config{Program: "two-consumers.rvl", Source: src, Choices: []int{0, 1}, Redact: true}))
	s, err := tl.Summary()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Findings) == 0 {
		t.Fatal("no finding")
	}
	text := fmt.Sprint(s.Findings, *s.Comparison)
	if strings.Contains(text, "A up") || strings.Contains(text, "B up") || !strings.Contains(text, RedactedPrefix) {
		t.Fatalf("findings not redacted: %s", text)
	}
}

// TestReplayDivergence: a changed program diverges at the first event
// whose behaviour it changes, and the divergence says where (in the
// program replayed) and shows both sides; a change of positions alone is
// no divergence, and the events that moved are counted.
func TestReplayDivergence(t *testing.T) {
	src := readFile(t, "../examples/two-consumers.rvl")
	tl := open(t, record(t, Config{Program: "two-consumers.rvl", Source: src, Choices: []int{0, 1}}))
	cases := []struct {
		name, old, new string
		want           []string
	}{
		{"emission", `log.write("B up")`, `log.write("B is up")`, []string{"decision 1 (activate(B))", `recorded: 8 t=0 stmt B d=0 11:33 emit log.write("B up")`,
			`replayed: 8 t=0 stmt B d=0 11:33 emit log.write("B is up")`, "two-consumers.rvl:11:"}},
		{"ready set", "component B requires log: Log", "component B requires log: Log, x: Log", nil},
		{"same", "", "", nil},
		{"offsets only", "// The worked", "//  The worked", nil},
		{"lines shifted", "// The worked", "// A new first line.\n\n// The worked", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			changed := []byte(strings.Replace(string(src), c.old, c.new, 1))
			res, err := Replay(tl, ReplayOptions{Source: changed})
			if c.name == "ready set" {
				// An unprovided key: the checker accepts it, B never becomes ready.
				if err != nil {
					t.Skipf("program refused: %v", err)
				}
				if res.Divergence == nil || res.Divergence.Reason != "the ready set differs" {
					t.Fatalf("want a ready-set divergence, got %+v", res.Divergence)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.old == "" {
				if !res.OK() || res.ProgramChanged {
					t.Fatalf("the same program: %+v", res)
				}
				return
			}
			if c.want == nil {
				if !res.OK() || !res.ProgramChanged {
					t.Fatalf("a change of positions only: %+v %v", res, res.Divergence)
				}
				if moved := strings.Count(c.new, "\n") > 0; (res.Moved > 0) != moved {
					t.Fatalf("moved = %d, want moved %v", res.Moved, moved)
				}
				if res.Moved > 0 && (res.FirstMove.Recorded != "two-consumers.rvl:9:36" || res.FirstMove.Replayed != "two-consumers.rvl:11:36") {
					t.Errorf("first move %+v", res.FirstMove)
				}
				return
			}
			if res.Divergence == nil || !res.ProgramChanged {
				t.Fatalf("no divergence: %+v", res)
			}
			msg := res.Divergence.Error()
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("divergence message lacks %q:\n%s", w, msg)
				}
			}
		})
	}
}

// TestInfoJSON: the overview the debugger asks for first marshals, for a
// complete and for an incomplete trace.
func TestInfoJSON(t *testing.T) {
	b := multiBlock(t)
	for _, data := range [][]byte{b, b[:len(b)-400]} {
		tl := open(t, data)
		in, err := tl.Info()
		if err != nil {
			t.Fatal(err)
		}
		j, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(j), `"lanes":[{"index":0,"fiber":"Audit","activated":0,`) {
			t.Fatalf("info: %s", j)
		}
		if tl.Complete() == (in.Damage != "") {
			t.Fatalf("damage %q for complete=%v", in.Damage, tl.Complete())
		}
		d, _ := tl.Decision(0)
		if _, err := json.Marshal(d); err != nil {
			t.Fatal(err)
		}
		evs, _ := tl.Events(0)
		if j, _ := json.Marshal(evs[0]); !strings.Contains(string(j), `"kind":"atom-begin"`) {
			t.Fatalf("event JSON: %s", j)
		}
	}
}

// TestReplayChangedProgramNamesIt: against a changed program given with
// its own name, positions and diagnostics name that file, and a moved
// divergence shows where it was recorded.
func TestReplayChangedProgramNamesIt(t *testing.T) {
	src := readFile(t, "../examples/two-consumers.rvl")
	tl := open(t, record(t, Config{Program: "two-consumers.rvl", Source: src, Choices: []int{0, 1}}))
	shifted := "// one more line\n" + strings.Replace(string(src), `log.write("B up")`, `log.write("B is up")`, 1)
	res, err := Replay(tl, ReplayOptions{Source: []byte(shifted), File: "changed.rvl"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Divergence == nil || !strings.Contains(res.Divergence.Pos, "changed.rvl:12:33 (recorded at two-consumers.rvl:11:33)") {
		t.Fatalf("divergence %+v", res.Divergence)
	}
	_, err = Replay(tl, ReplayOptions{Source: []byte(string(src) + "\ncomponent C requires x: Nope { }\n"), File: "changed.rvl"})
	if err == nil || !strings.HasPrefix(err.Error(), "changed.rvl:") {
		t.Fatalf("a program that does not check: %v", err)
	}
}

// TestReplayRefusesOtherRuntimes: a trace stamped by a runtime of another
// major or minor version is refused with a message, not replayed into a
// divergence; a version 1 trace reads as runtime 1.0.0 and replays.
func TestReplayRefusesOtherRuntimes(t *testing.T) {
	cases := []struct {
		recorded string
		ok       bool
	}{
		{runtime.Version, true},
		{"1.0.7", true},
		{"0.9.0", false},
		{"1.1.0", false},
		{"2.0.0", false},
		{"", false},
		{"one", false},
	}
	for _, c := range cases {
		err := checkRuntime(c.recorded, "1.0.0")
		if (err == nil) != c.ok {
			t.Errorf("checkRuntime(%q, 1.0.0) = %v, want ok %v", c.recorded, err, c.ok)
		}
	}
	// End to end: rewrite a trace's header with another runtime version.
	src := readFile(t, "../examples/two-consumers.rvl")
	b := record(t, Config{Program: "two-consumers.rvl", Source: src, Choices: []int{0, 1}})
	tl := open(t, restamp(t, b, "0.9.0"))
	_, err := Replay(tl, ReplayOptions{})
	var rv *RuntimeVersionError
	if !errors.As(err, &rv) || !strings.Contains(err.Error(), "recorded by revl runtime 0.9.0 and this revl runs runtime "+runtime.Version) {
		t.Fatalf("replay of a 0.9.0 trace: %v", err)
	}
	v1, err := os.ReadFile("testdata/v1/two-consumers-seed3.rvt")
	if err != nil {
		t.Fatal(err)
	}
	old := open(t, v1)
	if old.Reader().Version() != 1 || old.Header().Runtime != "1.0.0" {
		t.Fatalf("v1 trace: format %d, runtime %q", old.Reader().Version(), old.Header().Runtime)
	}
	if err := old.Verify(); err != nil {
		t.Fatal(err)
	}
	if res, err := Replay(old, ReplayOptions{}); err != nil || !res.OK() {
		t.Fatalf("v1 trace replay: %+v %v", res, err)
	}
}

// restamp copies trace b with its header's runtime version replaced.
func restamp(t *testing.T, b []byte, version string) []byte {
	t.Helper()
	rd, err := rvt.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w, err := rvt.NewWriter(&out)
	if err != nil {
		t.Fatal(err)
	}
	for i, info := range rd.Blocks() {
		if info.Kind == rvt.KindIndex {
			continue
		}
		body, err := rd.Read(i)
		if err != nil {
			t.Fatal(err)
		}
		if info.Kind == rvt.KindHeader {
			h, err := rvt.DecodeHeader(body, rd.Version())
			if err != nil {
				t.Fatal(err)
			}
			h.Runtime = version
			body = rvt.EncodeHeader(h)
		}
		if err := w.Append(info.Kind, info.Meta, body); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}
