// Package cpuclock is the benchmarks' CPU clock: the CPU time (user and
// system) the process has used, which on a loaded machine measures the
// work where wall time measures the wait for a core. Test-only.
package cpuclock

import (
	"syscall"
	"time"
)

// Process is the CPU time the process has used so far (0 where the system
// cannot say).
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
