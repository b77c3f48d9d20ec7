package timeline

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"

	"revl.dev/debug/timeline/rvt"
)

// readAll touches everything a trace holds: every decision with its
// events and snapshot, the lanes, the summary and the program.
func readAll(tl *Timeline) error {
	if err := tl.Verify(); err != nil {
		return err
	}
	err := tl.Range(0, tl.Len(), func(Decision, []Event) error { return nil })
	if err != nil {
		return err
	}
	if tl.Len() > 0 {
		if _, err := tl.Snapshot(tl.Len() - 1); err != nil {
			return err
		}
	}
	if _, err := tl.Lanes(); err != nil {
		return err
	}
	if _, err := tl.Summary(); err != nil {
		return err
	}
	if tl.Complete() {
		if _, err := tl.Source(); err != nil {
			return err
		}
	}
	return nil
}

// multiBlock is a trace with many blocks of every kind.
func multiBlock(t testing.TB) []byte {
	src := readFile(t, "../examples/cache.rvl")
	return record(t, Config{Program: "cache.rvl", Source: src, Seeded: true, Seed: 3, RecorderOptions: small})
}

// decisionsOf renders every decision and its events, for comparing a
// prefix with the whole.
func decisionsOf(t testing.TB, tl *Timeline) []string {
	var out []string
	err := tl.Range(0, tl.Len(), func(d Decision, evs []Event) error {
		out = append(out, fmt.Sprint(d, evs))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTruncated cuts a trace at every byte offset: each prefix either
// opens as an incomplete trace whose decisions are a prefix of the
// whole's, or (when it ends before the header is complete) fails with
// an error that says so. A prefix never opens as complete, and a
// prefix's decisions replay without divergence.
func TestTruncated(t *testing.T) {
	full := multiBlock(t)
	whole := open(t, full)
	all := decisionsOf(t, whole)
	boundaries := map[int64]bool{}
	for _, b := range whole.Reader().Blocks() {
		boundaries[b.Offset] = true
	}
	opened, replayed := 0, 0
	for n := 0; n < len(full); n++ {
		tl, err := Open(bytes.NewReader(full[:n]), int64(n))
		if err != nil {
			var te *rvt.TruncatedError
			if !errors.Is(err, rvt.ErrNotTrace) && !errors.As(err, &te) {
				t.Fatalf("cut at %d: %v", n, err)
			}
			if n > 200 {
				t.Fatalf("cut at %d: a prefix past the header does not open: %v", n, err)
			}
			continue
		}
		opened++
		if tl.Complete() {
			t.Fatalf("cut at %d opens as complete", n)
		}
		if !strings.Contains(tl.Damage().Error(), "incomplete") {
			t.Fatalf("cut at %d: damage %q does not say incomplete", n, tl.Damage())
		}
		if err := readAll(tl); err != nil {
			t.Fatalf("cut at %d: %v", n, err)
		}
		got := decisionsOf(t, tl)
		for i := range got {
			if got[i] != all[i] {
				t.Fatalf("cut at %d: decision %d differs from the whole trace's", n, i)
			}
		}
		// Replaying every prefix is slow under the race detector; the
		// block boundaries (a killed writer's clean cuts) and every 97th
		// offset are enough.
		if boundaries[int64(n)] || n%97 == 0 {
			res, err := Replay(tl, ReplayOptions{})
			if tl.Len() > 0 || err == nil {
				if err != nil || res.Divergence != nil || res.Complete {
					t.Fatalf("cut at %d: replay %+v %v", n, res, err)
				}
				replayed++
			}
		}
	}
	if opened < len(full)-300 || replayed < 10 {
		t.Fatalf("only %d of %d prefixes opened, %d replayed", opened, len(full), replayed)
	}
}

// killWriter keeps a copy of what was written after every Write call: the
// files a process killed between two writes leaves.
type killWriter struct {
	buf   bytes.Buffer
	after [][]byte
}

func (k *killWriter) Write(p []byte) (int, error) {
	k.buf.Write(p)
	k.after = append(k.after, bytes.Clone(k.buf.Bytes()))
	return len(p), nil
}

// TestKilledWriter: the recorder writes whole blocks, append-only, while
// the run goes on; whatever it has written at any moment opens.
func TestKilledWriter(t *testing.T) {
	src := readFile(t, "../examples/cache.rvl")
	var kw killWriter
	if _, err := Record(&kw, Config{Program: "cache.rvl", Source: src, Seeded: true, Seed: 3, RecorderOptions: small}); err != nil {
		t.Fatal(err)
	}
	if len(kw.after) < 10 {
		t.Fatalf("only %d writes", len(kw.after))
	}
	prev := -1
	for i, b := range kw.after[1:] {
		tl, err := Open(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatalf("after write %d: %v", i+1, err)
		}
		if err := readAll(tl); err != nil {
			t.Fatalf("after write %d: %v", i+1, err)
		}
		if tl.Len() < prev {
			t.Fatalf("after write %d: %d decisions, fewer than before", i+1, tl.Len())
		}
		prev = tl.Len()
		if last := i == len(kw.after)-2; tl.Complete() != last {
			t.Fatalf("after write %d of %d: complete=%v", i+1, len(kw.after)-1, tl.Complete())
		}
	}
}

// TestFlippedBytes flips each byte of a trace in turn: opening and
// reading it all must fail with an error, or report the file incomplete
// (a flipped length can make the last block look cut); it never reads
// as a complete, valid trace.
func TestFlippedBytes(t *testing.T) {
	full := multiBlock(t)
	step := 1
	if testing.Short() {
		step = 7
	}
	named := 0
	for i := 0; i < len(full); i += step {
		b := bytes.Clone(full)
		b[i] ^= 0x55
		tl, err := Open(bytes.NewReader(b), int64(len(b)))
		if err == nil {
			err = readAll(tl)
			if err == nil && tl.Complete() {
				t.Fatalf("flipping byte %d went unnoticed", i)
			}
			// The tail is written whole and last: damage to it is never
			// a writer that stopped.
			if err == nil && i >= len(b)-80 {
				t.Fatalf("flipping byte %d of the tail reads as an incomplete trace: %v", i, tl.Damage())
			}
		}
		if err != nil && strings.Contains(err.Error(), "block #") {
			named++
		}
	}
	if named < len(full)/step/2 {
		t.Fatalf("only %d of %d errors name a block", named, len(full)/step)
	}
}

// TestDamageMessages checks what the user reads for each kind of damage.
func TestDamageMessages(t *testing.T) {
	full := multiBlock(t)
	blocks := open(t, full).Reader().Blocks()
	var seg rvt.BlockInfo
	for _, b := range blocks {
		if b.Kind == rvt.KindSegment && b.FirstDecision > 0 {
			seg = b
			break
		}
	}
	mutate := func(f func([]byte)) []byte {
		b := bytes.Clone(full)
		f(b)
		return b
	}
	cases := []struct {
		name string
		file []byte
		want string
	}{
		{"bad magic", mutate(func(b []byte) { b[1] = 'X' }), "not a revl trace file"},
		{"newer version", mutate(func(b []byte) { binary.BigEndian.PutUint32(b[8:], 7) }), "trace format version 7 is newer than this revl reads (versions 1 to 5): open it with a newer revl"},
		{"version 0", mutate(func(b []byte) { binary.BigEndian.PutUint32(b[8:], 0) }), "unknown trace format version 0 (this revl reads versions 1 to 5)"},
		{"tail length", mutate(func(b []byte) { b[len(b)-80+5] ^= 1 }), "(TAIL) at offset"},
		{"program", mutate(func(b []byte) { b[blocks[1].Offset+20] ^= 1 }), "block #1 (PROG) at offset"},
		{"segment payload", mutate(func(b []byte) { b[seg.Offset+20] ^= 1 }),
			fmt.Sprintf("(SEGM, decisions %d-%d) at offset %d: hash mismatch", seg.FirstDecision, seg.FirstDecision+seg.Decisions-1, seg.Offset)},
		{"segment hash", mutate(func(b []byte) { b[seg.End()-1] ^= 1 }), "hash mismatch"},
		{"tail", mutate(func(b []byte) { b[len(b)-40] ^= 1 }), "(TAIL) at offset"},
		{"empty", nil, "not a revl trace file"},
		{"cut header", full[:20], "the trace is incomplete"},
		{"cut after the prelude", full[:12], "it ends after its prelude (offset 12), before its first block"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tl, err := Open(bytes.NewReader(c.file), int64(len(c.file)))
			if err == nil {
				err = readAll(tl)
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}

// TestProgramFlipsFailVerify: every single-byte flip in the program block
// fails Verify, which show and export run first (706 such flips used to
// pass them with exit 0).
func TestProgramFlipsFailVerify(t *testing.T) {
	full := multiBlock(t)
	prog := open(t, full).Reader().Blocks()[1]
	if prog.Kind != rvt.KindProgram {
		t.Fatalf("block #1 is %s", prog.Kind)
	}
	for i := prog.Offset; i < prog.End(); i++ {
		b := bytes.Clone(full)
		b[i] ^= 0x01
		tl, err := Open(bytes.NewReader(b), int64(len(b)))
		if err == nil {
			err = tl.Verify()
		}
		if err == nil {
			t.Fatalf("flipping byte %d (PROG at %d) passed Verify", i, prog.Offset)
		}
	}
}
