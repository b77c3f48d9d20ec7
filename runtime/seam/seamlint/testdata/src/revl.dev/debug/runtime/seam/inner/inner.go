// Package inner is below the seam but is not the seam: leaks are reported.
// Like the seam it is not a deterministic package, so map order is not.
package inner

import "time"

func Now() time.Time { return time.Now() } // want `time.Now called outside the seam`

func Keys(m map[string]int) (out []string) {
	for k := range m {
		out = append(out, k)
	}
	return out
}
