// Command revl-lint runs the seamlint analyzer, which keeps the wall clock,
// random sources and map iteration order behind the determinism seam
// (spec §8; see package revl.dev/debug/runtime/seam/seamlint).
//
// It works standalone:
//
//	go run ./cmd/revl-lint ./...
//
// and as a vet tool, which reuses go vet's build cache and package loading:
//
//	go build -o "$(go env GOPATH)/bin/revl-lint" ./cmd/revl-lint
//	go vet -vettool="$(go env GOPATH)/bin/revl-lint" ./...
//
// Either way it prints file:line:column: message for each leak and exits
// non-zero (3 standalone, 1 under go vet) if there are any. Test files are
// checked too; pass -test=false standalone to skip them. `revl-lint
// --version` prints the version (go vet's own -V=full query is answered
// by the analysis driver as before).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/singlechecker"

	"revl.dev/debug/internal/version"
	"revl.dev/debug/runtime/seam/seamlint"
)

func main() {
	if printVersion(os.Args[1:], os.Stdout) {
		return
	}
	// singlechecker names the tool after its analyzer (seamlint), which is
	// not the command people type. Its flag set calls CommandLine.Usage on
	// -h/-help, once every flag is registered, so the usage is revl-lint's.
	flag.CommandLine.Usage = func() { usage(os.Stderr) }
	if len(os.Args) == 1 {
		usage(os.Stderr)
		os.Exit(1)
	}
	singlechecker.Main(seamlint.Analyzer)
}

// printVersion answers --version before the analysis driver sees the
// arguments (it has no such flag); it reports whether it did.
func printVersion(args []string, stdout io.Writer) bool {
	if !version.Requested(args) {
		return false
	}
	fmt.Fprintln(stdout, version.String("revl-lint"))
	return true
}

func usage(w io.Writer) {
	doc := seamlint.Analyzer.Doc
	title, rest, _ := strings.Cut(doc, "\n\n")
	fmt.Fprintf(w, "revl-lint: %s\n\n", title)
	fmt.Fprint(w, "Usage:\n\trevl-lint [-flag] [package...]\n\trevl-lint --version\n\tgo vet -vettool=$(command -v revl-lint) [package...]\n\n")
	if rest != "" {
		fmt.Fprintln(w, rest)
	}
	fmt.Fprintln(w, "\nFlags:")
	flag.CommandLine.SetOutput(w)
	flag.PrintDefaults()
}
