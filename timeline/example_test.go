package timeline_test

import (
	"bytes"
	"fmt"
	"os"

	"revl.dev/debug/timeline"
)

// Record the worked example's failing schedule, open the trace, look at
// one decision, and replay it.
func Example() {
	src, err := os.ReadFile("../examples/two-consumers.rvl")
	if err != nil {
		panic(err)
	}
	var file bytes.Buffer
	sum, err := timeline.Record(&file, timeline.Config{Program: "two-consumers.rvl", Source: src, Seeded: true, Seed: 3})
	if err != nil {
		panic(err)
	}
	fmt.Println("findings:", sum.Findings[0].Tag, "at emission", sum.Comparison.Divergence)

	t, err := timeline.Open(bytes.NewReader(file.Bytes()), int64(file.Len()))
	if err != nil {
		panic(err)
	}
	d, _ := t.Decision(1)
	fmt.Printf("decision %d of %d: %s, choice %d of %d, canonical %v\n", d.Index, t.Len(), d.Atom, d.Chosen, len(d.Ready), d.Canonical)
	for _, m := range d.Marks {
		fmt.Println("  mark:", m.Kind, m.Text)
	}
	snap, _ := t.Snapshot(1)
	fmt.Println("  registry after:", snap.Registry)

	res, err := timeline.Replay(t, timeline.ReplayOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println("replay identical:", res.OK(), res.Events, "events")
	// Output:
	// findings: unstable at emission 0
	// decision 1 of 6: activate(B), choice 1 of 2, canonical false
	//   mark: emission log.write("B up")
	//   registry after: [Sink B]
	// replay identical: true 33 events
}
