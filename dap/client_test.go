package dap

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"revl.dev/debug/internal/gen"
	"revl.dev/debug/internal/verdict"
)

// TestMicrosoftClient runs the suite of dap/testdata/client: Microsoft's
// DAP test client (@vscode/debugadapter-testsupport) spawning the built
// revl-dap over stdio. It needs node and the suite's node_modules:
//
//	npm ci --prefix dap/testdata/client
//
// and skips, saying so, when either is missing. It hands the suite a
// composition large enough for a header-first launch (REVL_HEADER_FIRST)
// and a cache directory of its own.
func TestMicrosoftClient(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the client suite builds and spawns revl-dap")
	}
	dir, _ := filepath.Abs(filepath.Join("testdata", "client"))
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@vscode", "debugadapter-testsupport")); err != nil {
		t.Skip("the Microsoft client suite is not installed: run `npm ci --prefix dap/testdata/client` to enable it")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the Microsoft client suite needs it")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	bin := filepath.Join(t.TempDir(), "revl-dap")
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	build := exec.CommandContext(ctx, gobin, "build", "-o", bin, "revl.dev/debug/cmd/revl-dap")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// A composition the launch after its first one reads from the
	// components' headers (docs/dap.md, "Header-first launch"), with a
	// cache of its own for the verdict that makes it so.
	tmp := t.TempDir()
	wide := filepath.Join(tmp, "header-first.rvl")
	if err := os.WriteFile(wide, gen.Source(gen.Wide(eagerLaunch+100)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, node, "--test", "--test-reporter=spec", "test/")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "REVL_DAP="+bin, "REVL_HEADER_FIRST="+wide,
		"REVL_HEADER_FIRST_LOG="+filepath.Join(tmp, "revl-dap.log"), verdict.EnvCache+"="+filepath.Join(tmp, "cache"))
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("the Microsoft client suite failed: %v", err)
	}
}
