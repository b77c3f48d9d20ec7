// Command revl-lsp is the revl language server. It speaks the Language
// Server Protocol on standard input and output, for any LSP editor:
//
//	revl-lsp [-seeds N] [-workers N] [-log FILE] [-v]
//
// Editors start it themselves (see docs/lsp.md for Neovim, VS Code and
// Helix settings). It exits 0 after shutdown and exit, 1 when the client
// exits (or closes standard input) without a shutdown request, and 2 on
// a usage error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"revl.dev/debug/internal/version"
	"revl.dev/debug/lsp"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: revl-lsp [-seeds N] [-workers N] [-log FILE] [-v]
       revl-lsp --version

revl-lsp is the revl language server: diagnostics, navigation, completion,
formatting, quick fixes, and schedule sweeps whose findings show as
diagnostics where the interleaving bug is written. It speaks LSP on
standard input and output; an editor starts it.

Flags:
	-seeds N     seeds per schedule sweep (on save, in code lenses); default 200
	-workers N   schedules run in parallel; default GOMAXPROCS-1, at least 1
	-log FILE    append the server's log to FILE (default: standard error with -v)
	-v           log to standard error
	-stdio       accepted and ignored (stdio is the only transport)

Exit status: 0 after shutdown and exit; 1 when the connection ends without
a shutdown request; 2 on a usage error.
`

// stdio joins standard input and output into the server's connection.
type stdio struct {
	io.Reader
	io.Writer
	closers []io.Closer
}

func (s stdio) Close() error {
	for _, c := range s.closers {
		c.Close()
	}
	return nil
}

func run(args []string, stdin io.ReadCloser, stdout io.WriteCloser, stderr io.Writer) int {
	if version.Requested(args) {
		fmt.Fprintln(stdout, version.String("revl-lsp"))
		return 0
	}
	fs := flag.NewFlagSet("revl-lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), usage) }
	seeds := fs.Int("seeds", 200, "seeds per schedule sweep")
	workers := fs.Int("workers", 0, "schedules run in parallel")
	logFile := fs.String("log", "", "append the log to this file")
	verbose := fs.Bool("v", false, "log to standard error")
	fs.Bool("stdio", true, "use standard input and output (the only transport)")
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fmt.Fprint(stdout, usage)
			return 0
		}
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *seeds < 1 || *workers < 0 {
		fs.Usage()
		return 2
	}
	var logw io.Writer
	switch {
	case *logFile != "":
		f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintf(stderr, "revl-lsp: %v\n", err)
			return 2
		}
		defer f.Close()
		logw = f
	case *verbose:
		logw = stderr
	}
	srv := lsp.NewServer(lsp.Options{Seeds: *seeds, Workers: *workers, SweepOnSave: true, Log: logw, Errors: stderr})
	err := srv.Serve(context.Background(), stdio{Reader: stdin, Writer: stdout, closers: []io.Closer{stdin, stdout}})
	if errors.Is(err, lsp.ErrNoShutdown) {
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "revl-lsp: %v\n", err)
		return 1
	}
	return 0
}
