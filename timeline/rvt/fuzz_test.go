package rvt_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	goldenfile "revl.dev/debug/internal/golden"
	"revl.dev/debug/timeline"
	"revl.dev/debug/timeline/rvt"
)

var update = flag.Bool("update", false, "rewrite the fuzz seed corpus")

// blocks returns the (kind, body) of every block of a few real traces:
// hashes guard the decoders in a file, so the decoders are fuzzed
// directly from these.
func blocks(t testing.TB) [][2][]byte {
	src, err := os.ReadFile("../../examples/cache.rvl")
	if err != nil {
		t.Fatal(err)
	}
	faulted, err := os.ReadFile("../../testdata/faults/schedules/failpath_undo.rvl")
	if err != nil {
		t.Fatal(err)
	}
	var out [][2][]byte
	for _, cfg := range []timeline.Config{
		{Program: "cache.rvl", Source: src, Seeded: true, Seed: 2},
		{Program: "cache.rvl", Source: src, Choices: []int{0, 1}, Redact: true, RecorderOptions: timeline.RecorderOptions{SegmentSize: 300, CheckpointGap: 300}},
		// Version 5: fail@F:N and crash(F) choices in the ready sets.
		{Program: "failpath_undo.rvl", Source: faulted, Choices: []int{0, 2, 0}, MaxFaults: 1, RecorderOptions: timeline.RecorderOptions{SegmentSize: 200, CheckpointGap: 200}},
	} {
		var buf bytes.Buffer
		if _, err := timeline.Record(&buf, cfg); err != nil {
			t.Fatal(err)
		}
		r, err := rvt.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range r.Blocks() {
			body, err := r.Read(i)
			if err != nil {
				t.Fatal(err)
			}
			meta := []byte(fmt.Sprintf("%d,%d,%d,%d", b.FirstDecision, b.Decisions, b.SeqBase, b.Events))
			out = append(out, [2][]byte{append([]byte(b.Kind.String()+":"), meta...), body})
		}
	}
	return out
}

func TestFuzzCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzDecode")
	for i, b := range blocks(t) {
		want := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n[]byte(%q)\n", b[0], b[1])
		path := filepath.Join(dir, fmt.Sprintf("block%02d-%s", i, b[0][:4]))
		goldenfile.Check(t, path, want, *update)
	}
}

// FuzzDecode decodes arbitrary block bodies with every decoder: they
// return an error or a value, never panic or allocate beyond the input.
func FuzzDecode(f *testing.F) {
	for _, b := range blocks(f) {
		f.Add(b[0], b[1])
	}
	f.Fuzz(func(t *testing.T, kind, body []byte) {
		var meta rvt.Meta
		k := string(kind)
		if len(k) >= 5 {
			fmt.Sscanf(k[5:], "%d,%d,%d,%d", &meta.FirstDecision, &meta.Decisions, &meta.SeqBase, &meta.Events)
			k = k[:4]
		}
		const fibers = 4
		switch k {
		case "HEAD":
			rvt.DecodeHeader(body, rvt.Version)
		case "DONE":
			rvt.DecodeSummary(body)
		case "CKPT":
			if s, err := rvt.DecodeState(body, fibers); err == nil {
				if again, err := rvt.DecodeState(rvt.EncodeState(s), fibers); err != nil || fmt.Sprint(again) != fmt.Sprint(s) {
					t.Fatalf("a decoded state does not round-trip: %v", err)
				}
			}
		default:
			if meta.Decisions > 1<<16 || meta.Decisions < 0 {
				return
			}
			sr, err := rvt.NewSegmentReader(meta, body, fibers, []rvt.Ready{{Fiber: 0}, {Fiber: 2}})
			if err != nil {
				return
			}
			for {
				if _, ok := sr.Next(true); !ok {
					break
				}
			}
		}
	})
}
