package benchstat

import (
	"testing"
	"time"
)

func TestQuantile(t *testing.T) {
	xs := []float64{5, 1, 4, 2, 3}
	for _, tc := range []struct {
		q    float64
		want float64
	}{{0, 1}, {0.25, 2}, {0.5, 3}, {0.75, 4}, {1, 5}} {
		if got := Quantile(xs, tc.q); got != tc.want {
			t.Errorf("Quantile(%v, %v) = %v, want %v", xs, tc.q, got, tc.want)
		}
	}
	if xs[0] != 5 {
		t.Errorf("Quantile sorted its argument: %v", xs)
	}
	if got := Quantile([]time.Duration{3 * time.Second, time.Second}, 0.5); got != 3*time.Second {
		t.Errorf("median of two durations = %v, want the upper (nearest rank)", got)
	}
	if got := Quantile[float64](nil, 0.5); got != 0 {
		t.Errorf("Quantile of no samples = %v, want 0", got)
	}
}

func TestMs(t *testing.T) {
	if got := Ms(1500 * time.Microsecond); got != 1.5 {
		t.Errorf("Ms(1.5ms) = %v", got)
	}
}
