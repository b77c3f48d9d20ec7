// Package seam is the one package allowed to touch the clock and entropy.
package seam

import (
	"crypto/rand"
	"time"
)

func Now() time.Time        { return time.Now() }
func Sleep(d time.Duration) { time.Sleep(d) }
func Fill(p []byte)         { rand.Read(p) }

// The seam is also exempt from the map-order check.
func Sum(m map[string]int) (n int) {
	for _, v := range m {
		n += v
	}
	return n
}
