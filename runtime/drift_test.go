package runtime

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// TestBuiltinsMatchTheChecker: every value method, host class and host
// method the checker accepts is implemented here, so the two cannot drift.
func TestBuiltinsMatchTheChecker(t *testing.T) {
	samples := map[string]value{"Str": vStr("a,b"), "List": &vList{elems: []value{vInt(1)}}, "Opt": none}
	for _, kind := range slices.Sorted(maps.Keys(check.ValueMethods)) {
		for _, name := range check.ValueMethods[kind] {
			if name == "map" || name == "filter" {
				continue // run by the VM through an iter frame; see TestPureValueTests
			}
			_, err := valueMethod(samples[kind], name, nil)
			if err != nil && strings.Contains(err.Msg, "has no method") {
				t.Errorf("%s.%s is not implemented", kind, name)
			}
		}
	}
	for _, class := range slices.Sorted(maps.Keys(check.HostClasses)) {
		c, ok := hostClassOf(class)
		if !ok {
			t.Errorf("host class %s is not implemented", class)
			continue
		}
		m, _ := machine(t, `component X { }`, Options{})
		for _, st := range check.HostClasses[class] {
			n := check.HostStaticArity[class][st]
			args := []value{vStr("pg://x"), vInt(1)}[:n]
			if _, err := m.hostNew(0, &hostSite{class: c, method: st, nargs: n}, args, syntax.Span{}); err != nil {
				t.Errorf("%s.%s: %v", class, st, err)
			}
		}
		for _, name := range check.HostMethods[class] {
			_, err := m.hostMethod(0, vHandle{c, 1}, name, nil)
			if err != nil && strings.Contains(err.Msg, "has no method") {
				t.Errorf("%s.%s is not implemented", class, name)
			}
		}
	}
}
