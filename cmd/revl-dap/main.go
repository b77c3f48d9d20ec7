// Command revl-dap is the Debug Adapter Protocol server of revl: time-travel
// stepping through the schedules of a composition, in VS Code or any DAP
// client (docs/dap.md).
//
//	revl-dap                          serve one session on stdin/stdout
//	revl-dap --listen 127.0.0.1:4711  serve one session per TCP connection
//
// A --listen address without a host listens on the loopback interface
// only; name another interface explicitly to expose the server.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"

	"revl.dev/debug/dap"
	"revl.dev/debug/version"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if version.Requested(args) {
		fmt.Fprintln(stdout, version.String("revl-dap"))
		return 0
	}
	fs := flag.NewFlagSet("revl-dap", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen := fs.String("listen", "", "serve over TCP on `ADDR` (host:port; a bare port means 127.0.0.1) instead of stdio")
	fs.Bool("stdio", false, "serve one session on stdin/stdout (the default; for clients that pass an argument)")
	logPath := fs.String("log", "", "append protocol problems (decoding errors, recovered panics) to `FILE`")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: revl-dap [--stdio | --listen ADDR] [--log FILE]\n       revl-dap --version\n\nDebug Adapter Protocol server for revl schedules; see docs/dap.md.\n\n")
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
	var opts dap.Options
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := dap.Listen(ctx, *listen, opts, func(a net.Addr) {
		fmt.Fprintf(stderr, "revl-dap: listening on %s\n", a)
	})
	if err != nil {
		fmt.Fprintf(stderr, "revl-dap: %v\n", err)
		return 1
	}
	return 0
}
