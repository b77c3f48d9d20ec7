package foo_test

import "testing"

// A deterministic package's external tests are held to the same rule.
func TestX(t *testing.T) {
	for k := range map[string]int{"a": 1} { // want `range over map map\[string\]int{…} in deterministic package`
		t.Log(k)
	}
}
