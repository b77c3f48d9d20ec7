package seam_test

import (
	"testing"
	"time"
)

// The seam's external test package is part of the seam.
func TestClock(t *testing.T) {
	_ = time.Now()
}
