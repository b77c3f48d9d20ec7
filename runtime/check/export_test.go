package check

// WideForTest is gen.Source(gen.Wide(n)), set by the external test
// package (internal/gen imports check, so this package's tests cannot).
var WideForTest func(n int) []byte

// SerialForTest makes lean checks serial (no halves, halves.go) until
// the function it returns is called.
func SerialForTest() (restore func()) {
	old := halvesCores
	halvesCores = func() bool { return false }
	return func() { halvesCores = old }
}
