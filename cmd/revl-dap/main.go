// Command revl-dap is the Debug Adapter Protocol server of revl: time-travel
// stepping through the schedules of a composition, in VS Code or any DAP
// client (docs/dap.md).
//
//	revl-dap                          serve one session on stdin/stdout
//	revl-dap --listen 127.0.0.1:4711  serve one session per TCP connection
//
// A --listen address without a host listens on the loopback interface
// only; name another interface explicitly to expose the server. Any local
// user can connect to a loopback port, and a launch reads the file it
// names as the server's owner, so --listen prints a token at start that
// every session's launch must pass (the launch attribute "token");
// --no-auth serves without one, on a machine only you use.
package main

import (
	"context"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"

	"revl.dev/debug/dap"
	"revl.dev/debug/internal/version"
	"revl.dev/debug/runtime/seam"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(runContext(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdin, stdout, stderr)
}

// newToken is 128 bits from the system's entropy (through the seam), in
// hex.
func newToken() string {
	b := make([]byte, 16)
	seam.SystemEntropy{}.Fill(b)
	return hex.EncodeToString(b)
}

// runContext is main until ctx ends (a --listen server runs until then).
func runContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if version.Requested(args) {
		fmt.Fprintln(stdout, version.String("revl-dap"))
		return 0
	}
	fs := flag.NewFlagSet("revl-dap", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen := fs.String("listen", "", "serve over TCP on `ADDR` (host:port; a bare port means 127.0.0.1) instead of stdio")
	fs.Bool("stdio", false, "serve one session on stdin/stdout (the default; for clients that pass an argument)")
	noAuth := fs.Bool("no-auth", false, "with --listen: serve without a token (any local user can then launch, and so read, any file you can)")
	logPath := fs.String("log", "", "append protocol problems (decoding errors, recovered panics) to `FILE`")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: revl-dap [--stdio | --listen ADDR [--no-auth]] [--log FILE]\n       revl-dap --version\n\nDebug Adapter Protocol server for revl schedules; see docs/dap.md.\nWith --listen it prints a token at start: pass it as the launch attribute \"token\".\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	if *noAuth && *listen == "" {
		fmt.Fprintln(stderr, "revl-dap: --no-auth is for --listen: a stdio session belongs to the client that started it")
		return 2
	}
	opts := dap.Options{Errors: stderr}
	if *logPath != "" {
		f, err := os.OpenFile(*logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintf(stderr, "revl-dap: %v\n", err)
			return 2
		}
		defer f.Close()
		opts.Log = func(line string) { fmt.Fprintln(f, line) }
	}
	if *listen == "" {
		// stdout carries the protocol: nothing else may write to it.
		if err := dap.Serve(stdin, stdout, opts); err != nil {
			fmt.Fprintf(stderr, "revl-dap: %v\n", err)
			return 1
		}
		return 0
	}
	if !*noAuth {
		opts.Token = newToken()
	}
	err := dap.Listen(ctx, *listen, opts, func(a net.Addr) {
		if opts.Token == "" {
			fmt.Fprintf(stderr, "revl-dap: listening on %s without a token (--no-auth)\n", a)
			return
		}
		fmt.Fprintf(stderr, "revl-dap: listening on %s\nrevl-dap: token %s (pass it as the launch attribute \"token\")\n", a, opts.Token)
	})
	if err != nil {
		fmt.Fprintf(stderr, "revl-dap: %v\n", err)
		return 1
	}
	return 0
}
