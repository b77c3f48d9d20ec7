// Package schedulex shares a prefix with revl.dev/debug/schedule but is not
// below it, so it is not a deterministic package.
package schedulex

func Ready(m map[string]bool) (out []string) {
	for k := range m {
		out = append(out, k)
	}
	return out
}
