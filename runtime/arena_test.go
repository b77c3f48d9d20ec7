package runtime

import "testing"

// TestArenaSparesClones: a machine reset with ResetFrom makes its
// closures and provisions in memory it reuses from schedule to schedule
// (arena.go). A clone taken in the middle of one of its schedules shares
// them, so the next schedule of the reset machine, which makes other
// objects in another order, must not make them where the clone's are.
func TestArenaSparesClones(t *testing.T) {
	const src = `
service Named { fn name() -> Str }
service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component A provides a: Named { let m = effect Map.new() undo m.drop()
  provide a { fn name() = ` + "`A holds ${m.len()}`" + ` } }
component B provides b: Named { let m = effect Map.new() undo m.drop()
  provide b { fn name() = ` + "`B holds ${m.len()}`" + ` } }
component C requires a: Named, b: Named, log: Log {
  emit log.write(a.name())
  emit log.write(b.name())
}
`
	base, _ := machineNamed(t, "arena.rvl", src, Options{})
	base.SetSink(nil)
	ab := parseAtoms(t, "activate Sink, activate A, activate B, activate C, teardown C, teardown B, teardown A, teardown Sink")
	ba := parseAtoms(t, "activate Sink, activate B, activate A, activate C, teardown C, teardown A, teardown B, teardown Sink")
	for _, c := range []struct {
		name   string
		before int // schedules the machine ran (and was reset after) before the clone
	}{{"first reset", 0}, {"rewound", 1}, {"rewound often", 3}} {
		t.Run(c.name, func(t *testing.T) {
			m := base.Clone()
			for range c.before + 1 {
				m.ResetFrom(base)
				finish(t, m, ba, 0)
			}
			m.ResetFrom(base)
			runAtoms(t, m, ab[:3])
			mid := m.Clone()
			want := finish(t, mid.Clone(), ab, 3)
			for range 2 {
				m.ResetFrom(base)
				finish(t, m, ba, 0)
			}
			if got := finish(t, mid, ab, 3); got != want {
				t.Fatalf("the clone was changed by the reset machine's next schedules:\n%s", firstDiff(want, got))
			}
			// And the reset machine itself runs as a clone of the source.
			m.ResetFrom(base)
			if got, want := finish(t, m, ab, 0), finish(t, base.Clone(), ab, 0); got != want {
				t.Fatalf("the reset machine runs differently:\n%s", firstDiff(want, got))
			}
		})
	}
}
