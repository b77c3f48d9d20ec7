package check

// MockInfo marks a synthetic component derived from a service declaration
// to stand in for a required key (spec's auto-mocks; package
// revl.dev/debug/mocks builds them). The checker never creates one: a
// source file has none. The runtime implements a mock's provision methods
// natively instead of compiling a body.
type MockInfo struct {
	// Key is the key the mock provides; Service the declaration it was
	// derived from.
	Key     string
	Service *Service
	// Standby is set when a real component of the composition provides
	// Key: the mock is used only by a lifecycle test that loads a consumer
	// while no provider of Key is loaded.
	Standby bool
}

// IsMock reports whether c is a synthetic mock component.
func (c *Component) IsMock() bool { return c != nil && c.Mock != nil }
