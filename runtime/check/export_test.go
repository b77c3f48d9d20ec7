package check

// WideForTest is gen.Source(gen.Wide(n)), set by the external test
// package (internal/gen imports check, so this package's tests cannot).
var WideForTest func(n int) []byte
