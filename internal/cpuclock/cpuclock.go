// Package cpuclock is the benchmarks' CPU clock: the CPU time (user and
// system) this process, or a server it runs, has used, which on a loaded
// machine measures the work where wall time measures the wait for a core.
// Test-only.
package cpuclock

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
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

// Of is the CPU time process pid's threads have run so far, in
// nanoseconds (Linux's /proc/PID/task/TID/schedstat; threads that exited
// are not counted, and the Go runtime rarely ends one). It is 0 where
// there is no such file.
func Of(pid int) time.Duration {
	if pid <= 0 {
		return 0
	}
	dir := filepath.Join("/proc", strconv.Itoa(pid), "task")
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	var sum time.Duration
	for _, t := range tasks {
		raw, err := os.ReadFile(filepath.Join(dir, t.Name(), "schedstat"))
		if err != nil {
			continue
		}
		if f := strings.Fields(string(raw)); len(f) > 0 {
			if ns, err := strconv.ParseInt(f[0], 10, 64); err == nil {
				sum += time.Duration(ns)
			}
		}
	}
	return sum
}
