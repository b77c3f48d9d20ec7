package main

import (
	"bytes"
	"context"
	"regexp"
	"testing"
)

// TestVersion: --version and -version print one line naming the tool, its
// version and the Go toolchain and platform, on stdout, and exit 0. It
// calls runContext, what main calls.
func TestVersion(t *testing.T) {
	line := regexp.MustCompile(`^revl-dap \S+ \(go\S* [a-z0-9]+/[a-z0-9]+\)\n$`)
	for _, args := range [][]string{{"--version"}, {"-version"}} {
		var out, errb bytes.Buffer
		if code := runContext(context.Background(), args, nil, &out, &errb); code != 0 {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errb.String())
		}
		if !line.MatchString(out.String()) {
			t.Errorf("%q printed %q, want a line like `revl-dap 0.3.0 (go1.26.8 linux/amd64)`", args, out.String())
		}
		if errb.Len() != 0 {
			t.Errorf("%q wrote to stderr: %q", args, errb.String())
		}
	}
}
