package x

import "maps"

// Outside the deterministic packages map order is not checked.
func mapOrder(m map[string]int) (out []string) {
	for k := range m {
		out = append(out, k)
	}
	for k := range maps.Keys(m) {
		out = append(out, k)
	}
	return out
}
