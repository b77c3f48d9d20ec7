package seamlint_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"revl.dev/debug/runtime/seam/seamlint"
)

// Each testdata package states its expected diagnostics in // want comments;
// analysistest fails on any diagnostic that is missing or unexpected, so the
// packages without want comments (the seam, schedulex) check that nothing is
// reported there.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), seamlint.Analyzer,
		"revl.dev/debug/cmd/x",
		"revl.dev/debug/runtime/seam",
		"revl.dev/debug/runtime/seam/inner",
		"revl.dev/debug/runtime/foo",
		"revl.dev/debug/schedule",
		"revl.dev/debug/schedulex",
		"revl.dev/debug/timeline/render",
		"revl.dev/debug/mocks/db",
	)
}
