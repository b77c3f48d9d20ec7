package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/internal/gcwindow"
	"revl.dev/debug/internal/verdict"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

func checkCommand() *command {
	return &command{
		name:  "check",
		short: "report parse and check diagnostics",
		usage: `usage: revl check [--json] [--format F] FILE...

Check parses and checks each revl file and prints every diagnostic as

	file:line:col: message [CODE]

followed by indented related locations; on a terminal each diagnostic also
shows its source line with a caret under the span. Codes are stable
(E-syntax, E-undo-missing, ...; see docs/diagnostics.md) so tools can key
on them.

A file of 64 KiB to 8 MiB that checks clean is remembered as such, under
$REVL_CACHE/checked (by default the user's cache directory; REVL_CACHE=off
keeps nothing), so that revl-dap's next launch of the same bytes stops
before it checks them (docs/dap.md, "Header-first launch"). revl test and
the other commands that check a file do the same. A verdict unused for five
days is removed (at most once a day, when one is recorded).

Flags:
	--json               print the diagnostics as a JSON array instead
` + formatUsage + `
Exit status: 0 when no file has an error (warnings are printed but pass),
1 when any file has an error, 2 on a usage or I/O error (the rule of every
revl command: 1 means the program needs fixing, 2 the command line or the
files around it).
`,
		run: runCheck,
		flagSets: func() []flagSet {
			fs, _, _ := checkFlagSet(io.Discard)
			return []flagSet{{fs: fs, files: "rvl"}}
		},
	}
}

func checkFlagSet(stderr io.Writer) (*flag.FlagSet, *bool, *formatFlag) {
	fs := newFlagSet("check", stderr)
	return fs, fs.Bool("json", false, "print diagnostics as JSON"), addFormatFlag(fs)
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs, asJSON, format := checkFlagSet(stderr)
	if code, ok := parseFlags(fs, args, stdout); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprint(stderr, "revl check: no files given\n\nusage: revl check [--json] FILE...\n")
		return exitUsage
	}
	status := exitOK
	var all []syntax.Diagnostic
	for _, name := range fs.Args() {
		_, diags, err := loadProgram(name)
		if err != nil {
			fmt.Fprintf(stderr, "revl check: %v\n", err)
			return exitUsage
		}
		if check.HasErrors(diags) {
			status = exitFindings
		}
		all = append(all, diags...)
	}
	if *asJSON {
		if err := writeDiagnosticsJSON(stdout, all); err != nil {
			fmt.Fprintf(stderr, "revl check: %v\n", err)
			return exitUsage
		}
		return status
	}
	writeDiagnostics(stdout, all, format)
	return status
}

// loadProgram reads, parses and checks one file. The error is an I/O error
// only; problems in the program come back as diagnostics.
func loadProgram(name string) (*check.Program, []syntax.Diagnostic, error) {
	src, err := fileio.Read(name)
	if err != nil {
		return nil, nil, err
	}
	// What the frontend allocates stays live until it returns (the tree,
	// the program): no collection until then (internal/gcwindow), bounded
	// by about what it allocates, as for revl-dap's launch. It also leaves
	// the second core to the check's second half (runtime/check/halves.go).
	closeGC := gcwindow.Open(frontendBytesPerSourceByte * int64(len(src)))
	defer closeGC()
	// revl check and revl test never navigate the program: no Program.Uses.
	p, diags := check.SourceWith(name, src, check.Options{NoUses: true})
	if verdict.Useful(len(src)) && !check.HasErrors(diags) {
		// The debugger's next launch of these bytes can stop before it
		// checks them (docs/dap.md, "Header-first launch"), as after a
		// save in revl-lsp. A verdict that cannot be kept (no cache
		// directory, a read-only one) costs only that: the launch checks
		// first, as it would have.
		_ = verdict.Record(src)
	}
	return p, diags, nil
}

// frontendBytesPerSourceByte bounds what parsing and checking a program
// allocate per byte of its source (17 at 50,000 components), for the
// window without collections.
const frontendBytesPerSourceByte = 24

// printDiagnostics writes diagnostics in the `file:line:col: message [CODE]`
// form, with related locations indented below.
func printDiagnostics(w io.Writer, diags []syntax.Diagnostic) { syntax.WriteDiagnostics(w, diags) }

type jsonPos struct {
	Line   int `json:"line"`
	Col    int `json:"col"`
	Offset int `json:"offset"`
}

type jsonRelated struct {
	File    string  `json:"file"`
	Start   jsonPos `json:"start"`
	End     jsonPos `json:"end"`
	Message string  `json:"message"`
}

type jsonDiagnostic struct {
	File     string        `json:"file"`
	Start    jsonPos       `json:"start"`
	End      jsonPos       `json:"end"`
	Severity string        `json:"severity"`
	Code     string        `json:"code"`
	Message  string        `json:"message"`
	Related  []jsonRelated `json:"related,omitempty"`
}

func toJSONPos(p syntax.Pos) jsonPos {
	return jsonPos{Line: int(p.Line), Col: int(p.Col), Offset: int(p.Offset)}
}

func writeDiagnosticsJSON(w io.Writer, diags []syntax.Diagnostic) error {
	out := make([]jsonDiagnostic, 0, len(diags))
	for _, d := range diags {
		jd := jsonDiagnostic{File: d.File, Start: toJSONPos(d.Span.Start), End: toJSONPos(d.Span.End),
			Severity: d.Severity.String(), Code: d.Code, Message: d.Message}
		for _, r := range d.Related {
			jd.Related = append(jd.Related, jsonRelated{File: r.File, Start: toJSONPos(r.Span.Start), End: toJSONPos(r.Span.End), Message: r.Message})
		}
		out = append(out, jd)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// newFlagSet makes a flag set whose errors go to stderr and that does not
// exit the process, so run stays testable.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parseFlags parses args, allowing flags after positional arguments
// (`revl test app.rvl --json`), which the flag package alone stops at. On
// --help it prints the command's usage to stdout and reports exit 0; on a
// bad flag, exit 2. ok is false when the caller should return code.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (code int, ok bool) {
	for _, c := range commands() {
		if c.name == fs.Name() {
			usage := c.usage
			fs.Usage = func() { fmt.Fprint(fs.Output(), usage) }
		}
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(stdout)
			fs.Usage()
			return exitOK, false
		}
	}
	// The flag package's own report of a bad flag is its message and the
	// whole usage; revl says what was wrong, what was probably meant, and
	// where the usage is.
	out := fs.Output()
	fs.SetOutput(io.Discard)
	defer fs.SetOutput(out)
	// Everything after a `--` is positional, even `-app.rvl`.
	var positional, rest []string
	for i, a := range args {
		if a == "--" {
			args, rest = args[:i], args[i+1:]
			break
		}
	}
	for {
		if err := fs.Parse(args); err != nil {
			fmt.Fprintf(out, "revl %s: %v\n", fs.Name(), err)
			if alt := suggestFlag(fs, err); alt != "" {
				fmt.Fprintf(out, "revl %s: did you mean --%s?\n", fs.Name(), alt)
			}
			fmt.Fprintf(out, "run 'revl %s --help' for usage\n", fs.Name())
			return exitUsage, false
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		if a := args[0]; a == "" || a == "-" || a[0] != '-' {
			// A positional argument: keep it and go on parsing after it.
			positional = append(positional, args[0])
			args = args[1:]
			continue
		}
		break
	}
	positional = append(positional, rest...)
	// Re-parse nothing, but make fs.Args() return the positionals.
	_ = fs.Parse(append([]string{"--"}, positional...))
	return 0, true
}
