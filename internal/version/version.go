// Package version is the one place the revl tools' version comes from:
// every command prints String(name) for --version, and the VS Code
// extension shows it in its status bar.
//
// A release build sets it with the linker:
//
//	go build -ldflags "-X revl.dev/debug/internal/version.Version=0.3.0" ./cmd/revl-dap
//
// Otherwise it is the main module's version from the build information
// (v1.2.3 for `go install revl.dev/debug/cmd/revl-dap@v1.2.3`, a
// pseudo-version from the VCS stamp, or "devel").
package version

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// Version is set by -ldflags "-X revl.dev/debug/internal/version.Version=…"; empty
// means: read the build information.
var Version string

// readBuildInfo is debug.ReadBuildInfo; tests replace it.
var readBuildInfo = debug.ReadBuildInfo

// Number is the version without its tool name: "0.3.0", "devel".
func Number() string {
	v := Version
	if v == "" {
		if bi, ok := readBuildInfo(); ok {
			v = bi.Main.Version
		}
	}
	v = strings.TrimSpace(v)
	if v == "" || v == "(devel)" {
		return "devel"
	}
	// Module versions carry a "v"; the tools print the bare number, as
	// the extension's package.json does.
	if len(v) > 1 && v[0] == 'v' && v[1] >= '0' && v[1] <= '9' {
		v = v[1:]
	}
	return v
}

// String is what `TOOL --version` prints: "revl-dap 0.3.0 (go1.26.8 linux/amd64)".
func String(tool string) string {
	return tool + " " + Number() + " (" + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + ")"
}

// Requested says whether the arguments ask for the version: --version or
// -version as the only argument.
func Requested(args []string) bool {
	return len(args) == 1 && (args[0] == "--version" || args[0] == "-version")
}
