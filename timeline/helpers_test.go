package timeline

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/runtime"
	"revl.dev/debug/schedule"
)

// corpus is every program the timeline tests run: the examples, the
// scheduler's property fixtures, the runtime's golden programs and two
// generated compositions.
type program struct {
	name string
	src  []byte
}

func corpus(t testing.TB) []program {
	t.Helper()
	var out []program
	for _, pat := range []string{"../examples/*.rvl", "../testdata/schedule/*.rvl", "../testdata/runtime/*.rvl"} {
		files, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(files)
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Compile(filepath.Base(f), src); err != nil {
				continue
			}
			out = append(out, program{filepath.Base(f), src})
		}
	}
	out = append(out, program{"wide12.rvl", gen.Source(gen.Wide(12))}, program{"hubs20.rvl", gen.Source(gen.Hubs(20, 3))})
	if len(out) < 15 {
		t.Fatalf("only %d programs in the corpus", len(out))
	}
	return out
}

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// small makes many blocks: a segment per decision or two, a checkpoint
// every few segments.
var small = RecorderOptions{SegmentSize: 200, CheckpointGap: 600}

func record(t testing.TB, cfg Config) []byte {
	t.Helper()
	if cfg.Recorder == "" {
		cfg.Recorder = "test"
	}
	var buf bytes.Buffer
	if _, err := Record(&buf, cfg); err != nil {
		t.Fatalf("%s: %v", cfg.Program, err)
	}
	return buf.Bytes()
}

func open(t testing.TB, b []byte) *Timeline {
	t.Helper()
	tl, err := Open(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// liveRun runs choices on a fresh machine and returns the events of each
// decision and the final snapshot.
func liveRun(t testing.TB, p program, choices []int, opts runtime.Options) ([][]runtime.Event, runtime.Snapshot) {
	t.Helper()
	prog, err := Compile(p.name, p.src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := runtime.New(prog, opts)
	if err != nil {
		t.Fatal(err)
	}
	var cur []runtime.Event
	m.SetSink(func(e runtime.Event) { cur = append(cur, e) })
	var out [][]runtime.Event
	ch := schedule.NewReplay(choices)
	for len(out) < len(choices) {
		ready := m.Ready()
		if len(ready) == 0 {
			break
		}
		cur = nil
		m.Run(ready[ch.Choose(len(ready))])
		out = append(out, cur)
	}
	return out, m.Snapshot()
}

func genSource(n, fanout int) []byte {
	if fanout == 0 {
		return gen.Source(gen.Wide(n))
	}
	return gen.Source(gen.Hubs(n, fanout))
}
