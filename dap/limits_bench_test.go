package dap

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"revl.dev/debug/dap/daptest"
	"revl.dev/debug/internal/gen"
)

// The sessions of docs/performance.md at 5,000 and 50,000 components
// (internal/gen.Wide, seed 7: 10,000 and 100,000 decisions), each in a
// fresh revl-dap: launch → first stop (initialize, launch,
// configurationDone, stopped), the first revl/timeline after it (its
// default first page: the schedule recorded, the read model's one pass),
// a sweep of two seeds without shrinking, an exhaustive search bounded at
// three schedules without shrinking, and a launch with `minimize`.
// Each reports the adapter's peak resident memory (the kernel's maxrss of
// the process, which ends after the part measured) as peak-MB, and the
// CPU time of the whole adapter process (launch included) as cpu-s: on a
// shared machine the wall time is mostly waiting for a core.
//
//	go test ./dap -run XXX -bench Limits -benchtime 1x
//	go test ./dap -run XXX -bench 'Limits/wide=5000' -benchtime 3x
//	go test ./dap -run XXX -bench 'Limits/wide=50000/exhaustive' -benchtime 1x
func BenchmarkLimits(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Minute)
	defer cancel()
	bin := buildAdapter(b, ctx)
	ok := okOrFatal(b)
	for _, n := range []int{5_000, 50_000} {
		prog := filepath.Join(b.TempDir(), fmt.Sprintf("wide%d.rvl", n))
		if err := os.WriteFile(prog, gen.Source(gen.Wide(n)), 0o644); err != nil {
			b.Fatal(err)
		}
		for _, part := range []string{"first-stop", "timeline", "explore", "exhaustive", "minimize"} {
			b.Run(fmt.Sprintf("wide=%d/%s", n, part), func(b *testing.B) {
				b.StopTimer()
				var peak int64
				var cpu time.Duration
				for range b.N {
					c, stop := startMeasured(b, ctx, bin)
					ok(c.Request("initialize", map[string]any{"adapterID": "revl"}))
					args := map[string]any{"program": prog, "seed": 7}
					if part == "minimize" {
						args["minimize"] = true
					}
					if part == "first-stop" || part == "minimize" {
						b.StartTimer()
					}
					ok(c.Request("launch", args))
					ok(c.Event("initialized"))
					ok(c.Request("configurationDone", nil))
					ok(c.Event("stopped"))
					b.StopTimer()
					c.Transcript()
					c.Drain()
					switch part {
					case "timeline":
						b.StartTimer()
						ok(c.Request(cmdTimeline, map[string]any{}))
						b.StopTimer()
					case "explore":
						b.StartTimer()
						ok(c.Request(cmdExplore, map[string]any{"seeds": 2, "shrink": false}))
						b.StopTimer()
					case "exhaustive":
						b.StartTimer()
						ok(c.Request(cmdExplore, map[string]any{"exhaustive": true, "maxSchedules": 3, "shrink": false}))
						b.StopTimer()
					}
					p, u := stop()
					peak, cpu = max(peak, p), cpu+u
				}
				b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
				b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s")
			})
		}
	}
}

// startMeasured is startAdapter whose stop returns the process's peak
// resident memory in bytes and its CPU time (user and system).
func startMeasured(b *testing.B, ctx context.Context, bin string) (*daptest.Client, func() (int64, time.Duration)) {
	b.Helper()
	c, cmd, stop := startAdapterCmd(b, ctx, bin)
	return c, func() (int64, time.Duration) {
		stop()
		cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			return ru.Maxrss << 10, cpu // kilobytes on Linux
		}
		return 0, cpu
	}
}
