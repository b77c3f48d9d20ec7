package travel

import (
	"fmt"
	"strings"

	"revl.dev/debug/runtime/check"
)

// wide generates the benchmark composition: one Sink and n-1 consumers of
// its log, each holding a Map and emitting on the way up and (as a
// compensation) on the way down. Its schedules have 2n decisions, and
// after the Sink is up every consumer is ready at once: the widest ready
// sets a composition of n components can have.
func wide(n int) *check.Program {
	var b strings.Builder
	b.WriteString("service Log { emission fn write(line: Str) }\n")
	b.WriteString("component Sink provides log: Log { provide log { fn write(line) { } } }\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "component C%d requires log: Log {\n  let m = effect Map.new() undo m.drop()\n  emit log.write(\"C%d up\") compensate log.write(\"C%d down\")\n}\n", i, i, i)
	}
	p, diags := check.Source("wide.rvl", []byte(b.String()))
	if check.HasErrors(diags) {
		panic(diags[0].Error())
	}
	return p
}
