// Command revl checks and tests revl compositions.
//
//	revl check FILE...   report parse and check diagnostics
//	revl test FILE       run the file's tests and lifecycle tests
//	revl --version       print the version
//
// Run `revl help COMMAND` for a command's flags.
package main

import (
	"fmt"
	"io"
	"os"

	"revl.dev/debug/version"
)

// Exit codes shared by every command: 0 clean, 1 findings (diagnostics or
// failed tests), 2 usage or I/O errors.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
)

// command is one subcommand of revl.
type command struct {
	name  string
	short string // one line for the command list
	usage string // the full help text
	run   func(args []string, stdout, stderr io.Writer) int
}

func commands() []*command {
	return []*command{checkCommand(), testCommand(), reportCommand(), fmtCommand(), traceCommand()}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the process: testscript and unit tests call it.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name, rest := args[0], args[1:]
	switch name {
	case "-h", "-help", "--help":
		usage(stdout)
		return exitOK
	case "--version", "-version":
		fmt.Fprintln(stdout, version.String("revl"))
		return exitOK
	case "help":
		if len(rest) == 0 {
			usage(stdout)
			return exitOK
		}
		for _, c := range commands() {
			if c.name == rest[0] {
				fmt.Fprint(stdout, c.usage)
				return exitOK
			}
		}
		fmt.Fprintf(stderr, "revl help: unknown command %q\n", rest[0])
		return exitUsage
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(rest, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "revl: unknown command %q\n\n", name)
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprint(w, "revl checks and tests revl compositions.\n\nUsage:\n\n\trevl COMMAND [flags] [arguments]\n\nCommands:\n\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "\t%-8s %s\n", c.name, c.short)
	}
	fmt.Fprint(w, "\nRun 'revl help COMMAND' or 'revl COMMAND --help' for details; 'revl --version' for the version.\n")
}
