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
// checked too; pass -test=false standalone to skip them.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"revl.dev/debug/runtime/seam/seamlint"
)

func main() { singlechecker.Main(seamlint.Analyzer) }
