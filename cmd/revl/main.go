// Command revl checks and tests revl compositions.
//
//	revl check FILE...   report parse and check diagnostics
//	revl test FILE       run the file's tests and lifecycle tests
//	revl eval [DIR]      measure detection on a mutant corpus
//	revl --version       print the version
//
// Run `revl help COMMAND` for a command's flags.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"revl.dev/debug/internal/version"
)

// Exit codes shared by every command (docs/decisions.md, "Exit status"):
// 0 clean; 1 findings, that is the program needs fixing (error
// diagnostics, failed tests, failing schedules, a diverging replay, a file
// not formatted); 2 the command could not do its job (usage, I/O, a
// damaged trace, reports that do not merge).
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
	// flagSets are the command's flag definitions, one per subcommand
	// (sub "" for a command without subcommands), with the kind of file
	// its arguments name: what the shell completions are generated from.
	flagSets func() []flagSet
}

// flagSet is the flags of one command or subcommand.
type flagSet struct {
	sub   string
	fs    *flag.FlagSet
	files string // extension of the files it takes ("rvl", "rvt", "json"), or ""
}

func commands() []*command {
	return []*command{checkCommand(), testCommand(), reportCommand(), fmtCommand(), traceCommand(), evalCommand(), completionCommand()}
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
		fmt.Fprintf(w, "\t%-10s %s\n", c.name, c.short)
	}
	fmt.Fprint(w, "\nRun 'revl help COMMAND' or 'revl COMMAND --help' for details; 'revl --version' for the version.\n")
}
