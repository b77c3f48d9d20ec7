package timeline

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	goldenfile "revl.dev/debug/internal/golden"
)

// fuzzSeeds are small traces of every block kind, complete, cut and
// redacted.
func fuzzSeeds(t testing.TB) map[string][]byte {
	two := readFile(t, "../examples/two-consumers.rvl")
	leak := readFile(t, "../testdata/schedule/residue_leak.rvl")
	full := record(t, Config{Program: "two-consumers.rvl", Source: two, Choices: []int{0, 1}, RecorderOptions: small})
	failat := readFile(t, "../testdata/faults/schedules/failpath_undo.rvl")
	return map[string][]byte{
		// Version 5: a fail@F:N decision and fault choices in every set.
		"failat":            record(t, Config{Program: "failpath_undo.rvl", Source: failat, Choices: []int{0, 2, 0}, MaxFaults: 1, RecorderOptions: small}),
		"two-consumers":     full,
		"two-consumers-cut": full[:len(full)*2/3],
		"redacted":          record(t, Config{Program: "two-consumers.rvl", Source: two, Seeded: true, Seed: 3, Redact: true}),
		"residue-leak":      record(t, Config{Program: "residue_leak.rvl", Source: leak, Choices: []int{0}}),
	}
}

// TestFuzzCorpus keeps the seed corpus under testdata/fuzz/FuzzOpen in
// step with the format: -update rewrites it.
func TestFuzzCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzOpen")
	seeds := fuzzSeeds(t)
	for _, name := range []string{"two-consumers", "two-consumers-cut", "redacted", "residue-leak", "failat"} {
		want := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", seeds[name])
		path := filepath.Join(dir, name)
		goldenfile.Check(t, path, want, *update)
	}
}

// FuzzOpen feeds arbitrary bytes to the reader and every decoder behind
// it: whatever the input, Open and reading everything return a value or
// an error, never panic, and a file that opens reads consistently.
func FuzzOpen(f *testing.F) {
	seeds := fuzzSeeds(f)
	for _, name := range []string{"two-consumers", "two-consumers-cut", "redacted", "residue-leak", "failat"} {
		f.Add(seeds[name])
	}
	// The traces of earlier format versions, kept as files.
	old, _ := filepath.Glob("testdata/v*/*.rvt")
	for _, path := range old {
		f.Add(readFile(f, path))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tl, err := Open(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		if err := readAll(tl); err != nil {
			return
		}
		for k := tl.Len() - 1; k >= 0; k -= 3 {
			if _, err := tl.Decision(k); err != nil {
				t.Fatalf("decision %d: %v after a clean read", k, err)
			}
		}
		var b bytes.Buffer
		_ = Show(&b, tl, ShowOptions{At: -1})
		_ = ExportChrome(&b, tl)
	})
}
