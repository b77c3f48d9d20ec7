// Package benchstat summarises a benchmark's samples as docs/performance.md
// quotes them: nearest-rank quantiles, a median with its quartiles.
// Test-only.
package benchstat

import (
	"cmp"
	"slices"
	"testing"
	"time"
)

// Quantile is the q-quantile of xs by nearest rank (the sample of rank
// q·len(xs), rounded down, and the last for q = 1), 0 for no samples. xs
// is not changed.
func Quantile[T cmp.Ordered](xs []T, q float64) T {
	var zero T
	if len(xs) == 0 {
		return zero
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// ReportQuartiles reports the median of xs as unit and its quartiles as
// unit-p25 and unit-p75.
func ReportQuartiles(b *testing.B, xs []float64, unit string) {
	b.ReportMetric(Quantile(xs, 0.5), unit)
	b.ReportMetric(Quantile(xs, 0.25), unit+"-p25")
	b.ReportMetric(Quantile(xs, 0.75), unit+"-p75")
}

// Ms is d in milliseconds.
func Ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
