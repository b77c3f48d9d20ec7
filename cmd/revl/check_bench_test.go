package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"revl.dev/debug/internal/gen"
)

// BenchmarkCheckCommand times `revl check` on gen.Wide(n), each run a
// fresh process (ns/op is its wall time), and reports its CPU time (user
// and system) and its peak resident memory:
//
//	go test ./cmd/revl -run XXX -bench CheckCommand -benchtime 10x -count 3
func BenchmarkCheckCommand(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	bin := filepath.Join(b.TempDir(), "revl")
	if out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	for _, n := range gen.LimitSizes {
		prog := filepath.Join(b.TempDir(), fmt.Sprintf("wide%d.rvl", n))
		if err := os.WriteFile(prog, gen.Source(gen.Wide(n)), 0o644); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("wide=%d", n), func(b *testing.B) {
			var cpu time.Duration
			var peak int64
			for b.Loop() {
				cmd := exec.CommandContext(ctx, bin, "check", prog)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("revl check: %v\n%s", err, out)
				}
				st := cmd.ProcessState
				cpu += st.UserTime() + st.SystemTime()
				if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
					peak = max(peak, ru.Maxrss<<10) // kilobytes on Linux
				}
			}
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s")
			if peak > 0 {
				b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
			}
		})
	}
}
