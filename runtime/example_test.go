package runtime_test

import (
	"fmt"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

// Example runs the worked example of spec §6: the canonical schedule,
// stepping through one activation statement by statement.
func Example() {
	src := `service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component A requires log: Log { emit log.write("A up") }
component B requires log: Log { emit log.write("B up") }
`
	prog, diags := check.Source("app.rvl", []byte(src))
	if check.HasErrors(diags) {
		panic(diags)
	}
	m, err := runtime.New(prog, runtime.Options{})
	if err != nil {
		panic(err)
	}
	m.SetSink(func(e runtime.Event) {
		if e.Kind == runtime.EvAtomBegin || e.Kind == runtime.EvEmission {
			fmt.Println(e)
		}
	})
	// The canonical schedule: always the first ready atom.
	for ready := m.Ready(); len(ready) > 0; ready = m.Ready() {
		if err := m.Begin(ready[0]); err != nil {
			panic(err)
		}
		for {
			if span, ok := m.CurrentSpan(); ok && ready[0].Fiber == "A" {
				fmt.Printf("  paused at %d:%d\n", span.Start.Line, span.Start.Col)
			}
			if done, err := m.Step(); done {
				if err != nil {
					panic(err)
				}
				break
			}
		}
	}
	for _, e := range m.Emissions() {
		fmt.Println(e.Text)
	}
	fmt.Println(m.Snapshot())
	// Output:
	// 1 t=0 atom-begin Sink activate(Sink)
	// 7 t=0 atom-begin A activate(A)
	//   paused at 3:33
	// 10 t=0 emission A log.write("A up")
	// 15 t=0 atom-begin B activate(B)
	// 18 t=0 emission B log.write("B up")
	// 23 t=0 atom-begin A teardown(A)
	// 26 t=0 atom-begin B teardown(B)
	// 29 t=0 atom-begin Sink teardown(Sink)
	// log.write("A up")
	// log.write("B up")
	// registry [] provisions [] effects [] listeners [] unreleased []
}
