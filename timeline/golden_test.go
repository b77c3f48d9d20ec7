package timeline

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"revl.dev/debug/runtime"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/trace")

// goldens are the traces whose renderings are pinned: the worked example
// of spec §6 failing unstable, a residue leak, a failed activation, a
// composition with timers, jobs, pools and maps, and a fine schedule.
var goldens = []struct {
	name    string
	file    string
	cfg     Config
	showAt  int
	formats []string
}{
	{"two-consumers-seed3", "../examples/two-consumers.rvl", Config{Seeded: true, Seed: 3}, 1, []string{"chrome", "jsonl"}},
	{"two-consumers-redacted", "../examples/two-consumers.rvl", Config{Choices: []int{0, 1}, Redact: true}, 1, []string{"jsonl"}},
	{"residue-leak", "../testdata/schedule/residue_leak.rvl", Config{Choices: []int{0}}, -1, nil},
	{"deadlock-failed", "../testdata/schedule/deadlock_failed.rvl", Config{Choices: []int{0}}, 0, nil},
	{"cache-seed2", "../examples/cache.rvl", Config{Seeded: true, Seed: 2}, 2, []string{"chrome"}},
	// Fine atoms: Warm suspended at its await (":") from its activate to
	// its resume, while its job completes and Cold activates.
	{"fine-resume", "../testdata/fine/resume_lost_update.rvl", Config{Choices: []int{0, 0, 0, 0, 1, 0, 0, 0, 0, 0},
		Options: runtime.Options{Atoms: runtime.AtomsFine}}, 4, nil},
	// Faults (format 5): Migrator's activation fails after its step 1
	// (fail@Migrator:1, choice 2), leaking the pool step 2's undo closes.
	{"failat-migrator", "../testdata/faults/schedules/failpath_undo.rvl", Config{Choices: []int{0, 2, 0}, MaxFaults: 1}, 1, []string{"jsonl"}},
	// Fine atoms and faults: Cache's activation is to fail after its
	// step 3, the await (fail@Cache:3); Writer activates while it waits,
	// and the failure at its resume withdraws kv under Writer.
	{"fine-failat-cache", "../testdata/fine/failed_provider.rvl", Config{Choices: []int{3, 1, 0, 0, 0}, MaxFaults: 1,
		Options: runtime.Options{Atoms: runtime.AtomsFine}}, 0, nil},
}

func goldenCheck(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("..", "testdata", "trace", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./timeline -run Golden -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./timeline -run Golden -update rewrites it):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func goldenTrace(t *testing.T, i int) *Timeline {
	g := goldens[i]
	cfg := g.cfg
	cfg.Program = filepath.Base(g.file)
	cfg.Source = readFile(t, g.file)
	cfg.Recorder = "revl trace record"
	return open(t, record(t, cfg))
}

// TestGolden pins the text rendering (whole and --at), the jsonl export
// and the Chrome export of a few traces.
func TestGolden(t *testing.T) {
	for i, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			tl := goldenTrace(t, i)
			var b bytes.Buffer
			if err := Show(&b, tl, ShowOptions{At: -1}); err != nil {
				t.Fatal(err)
			}
			if g.showAt >= 0 {
				b.WriteString("\n==== show --at " + fmt.Sprint(g.showAt) + " --window 2\n\n")
				if err := Show(&b, tl, ShowOptions{At: g.showAt, Window: 2}); err != nil {
					t.Fatal(err)
				}
			}
			goldenCheck(t, g.name+".show.golden", b.Bytes())
			for _, f := range g.formats {
				var e bytes.Buffer
				if err := Export(&e, tl, f); err != nil {
					t.Fatal(err)
				}
				goldenCheck(t, g.name+"."+f+".golden", e.Bytes())
			}
		})
	}
}

// TestChromeExport validates the export of every corpus program against
// the Trace Event format's rules: a JSON object with traceEvents; every
// event has a name, a phase, a pid and a tid; X events have a
// non-negative duration; every B has an E on the same track, properly
// nested; instant events have a scope; every track used is named.
func TestChromeExport(t *testing.T) {
	for _, p := range corpus(t) {
		for _, seed := range []uint64{0, 4} {
			tl := open(t, record(t, Config{Program: p.name, Source: p.src, Seeded: seed > 0, Seed: seed}))
			var b bytes.Buffer
			if err := ExportChrome(&b, tl); err != nil {
				t.Fatal(err)
			}
			if err := validateChrome(b.Bytes()); err != nil {
				t.Fatalf("%s seed %d: %v", p.name, seed, err)
			}
		}
	}
}

func validateChrome(data []byte) error {
	var doc struct {
		TraceEvents []map[string]json.RawMessage `json:"traceEvents"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return err
	}
	if len(doc.TraceEvents) == 0 {
		return fmt.Errorf("no traceEvents")
	}
	named := map[int]bool{}
	stacks := map[int][]string{}
	var lastTs int64 = -1
	for i, raw := range doc.TraceEvents {
		var e struct {
			Name *string  `json:"name"`
			Ph   *string  `json:"ph"`
			Ts   *float64 `json:"ts"`
			Dur  *float64 `json:"dur"`
			Pid  *int     `json:"pid"`
			Tid  *int     `json:"tid"`
			S    string   `json:"s"`
			Args map[string]any
		}
		b, _ := json.Marshal(raw)
		if err := json.Unmarshal(b, &e); err != nil {
			return fmt.Errorf("event %d: %v", i, err)
		}
		if e.Name == nil || *e.Name == "" || e.Ph == nil || e.Pid == nil || e.Tid == nil {
			return fmt.Errorf("event %d lacks name, ph, pid or tid: %s", i, b)
		}
		tid := *e.Tid
		switch *e.Ph {
		case "M":
			if *e.Name == "thread_name" {
				named[tid] = true
			}
			continue
		case "X":
			if e.Dur == nil || *e.Dur < 0 {
				return fmt.Errorf("event %d: X without a duration: %s", i, b)
			}
		case "B":
			stacks[tid] = append(stacks[tid], *e.Name)
		case "E":
			st := stacks[tid]
			if len(st) == 0 {
				return fmt.Errorf("event %d: E without a B on tid %d", i, tid)
			}
			stacks[tid] = st[:len(st)-1]
		case "i":
			if e.S != "t" && e.S != "p" && e.S != "g" {
				return fmt.Errorf("event %d: instant without a scope", i)
			}
		case "C":
		default:
			return fmt.Errorf("event %d: unexpected phase %q", i, *e.Ph)
		}
		if e.Ts == nil {
			return fmt.Errorf("event %d has no ts", i)
		}
		if !named[tid] {
			return fmt.Errorf("event %d on unnamed tid %d", i, tid)
		}
		if *e.Ph == "B" || *e.Ph == "E" {
			if int64(*e.Ts) < lastTs {
				return fmt.Errorf("event %d: B/E out of order", i)
			}
			lastTs = int64(*e.Ts)
		}
	}
	//seam:unordered reports the first open track found; any one fails the check
	for tid := range stacks {
		if len(stacks[tid]) > 0 {
			return fmt.Errorf("tid %d: %d B events without an E (%s)", tid, len(stacks[tid]), strings.Join(stacks[tid], ", "))
		}
	}
	return nil
}
