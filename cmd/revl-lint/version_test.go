package main

import (
	"bytes"
	"regexp"
	"testing"
)

// TestVersion: --version and -version print one line naming the tool, its
// version and the Go toolchain and platform; anything else goes on to the
// analysis driver.
func TestVersion(t *testing.T) {
	line := regexp.MustCompile(`^revl-lint \S+ \(go\S* [a-z0-9]+/[a-z0-9]+\)\n$`)
	tests := []struct {
		args    []string
		handled bool
	}{
		{[]string{"--version"}, true},
		{[]string{"-version"}, true},
		{[]string{"-V=full"}, false},
		{[]string{"./..."}, false},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		if got := printVersion(tt.args, &out); got != tt.handled {
			t.Fatalf("printVersion(%q) = %v, want %v", tt.args, got, tt.handled)
		}
		if tt.handled && !line.MatchString(out.String()) {
			t.Errorf("%q printed %q, want a line like `revl-lint 0.3.0 (go1.26.8 linux/amd64)`", tt.args, out.String())
		}
		if !tt.handled && out.Len() != 0 {
			t.Errorf("%q printed %q", tt.args, out.String())
		}
	}
}
