package schedule

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestExhaustiveFineAgreesWithNaive is issue 15 item 2 with fine atoms: on
// every fixture of testdata/fine, the naive enumeration of every choice
// vector and the reduced search reach the same classes, fingerprints and
// findings, every schedule of one class has the same outcome, and the
// search runs one schedule per class.
func TestExhaustiveFineAgreesWithNaive(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(fineDir, "*.rvl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fine fixtures: %v", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".rvl"), func(t *testing.T) {
			checkAgainstNaive(t, explorerOf(t, path, fineOpts))
		})
	}
}
