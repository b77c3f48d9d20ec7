package schedule_test

import (
	"fmt"
	"testing"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/schedule"
)

// BenchmarkPrepare measures what a debug launch pays before its first
// stop: check the source, make the world (runtime.New) and take its first
// machine. The source is generated once, outside the timer.
func BenchmarkPrepare(b *testing.B) {
	for _, n := range gen.LimitSizes {
		src := gen.Source(gen.Wide(n))
		b.Run(fmt.Sprintf("wide=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				p, diags := check.Source("wide.revl", src)
				if check.HasErrors(diags) {
					b.Fatalf("generated source has errors: %v", diags[0])
				}
				w, err := schedule.NewWorld(p, schedule.Options{})
				if err != nil {
					b.Fatal(err)
				}
				if m := w.Machine(); len(m.Fibers()) != n {
					b.Fatalf("machine has %d fibers, want %d", len(m.Fibers()), n)
				}
			}
		})
	}
}
