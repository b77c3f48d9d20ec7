package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/runtime/format"
)

func fmtCommand() *command {
	return &command{
		name:  "fmt",
		short: "format revl files in the canonical layout",
		usage: `usage: revl fmt [-w] [-l] [-d] [FILE|DIR]...

Fmt prints each revl file in the canonical layout (two-space indentation,
one statement per line in bodies written over several lines, one-line
bodies kept on one line, normalized spacing; every comment is kept). A
directory stands for every .rvl file below it. With no arguments, fmt
formats standard input to standard output.

Formatting is idempotent and never changes what a program means: the
output parses to the same syntax tree as the input. A file with syntax
errors is reported and left alone.

Flags:
	-w   write the result back to each file instead of printing it
	-l   list the files whose formatting differs, instead of printing them
	-d   print a unified diff of the changes instead of the result

Exit status: 0 when all went well; 1 when a file has syntax errors, or
with -l or -d when some file is not formatted; 2 on a usage or I/O error.
`,
		run: runFmt,
		flagSets: func() []flagSet {
			fs, _, _, _ := fmtFlagSet(io.Discard)
			return []flagSet{{fs: fs, files: "rvl"}}
		},
	}
}

func fmtFlagSet(stderr io.Writer) (fs *flag.FlagSet, write, listOnly, diff *bool) {
	fs = newFlagSet("fmt", stderr)
	write = fs.Bool("w", false, "write the result back to the file")
	listOnly = fs.Bool("l", false, "list files whose formatting differs")
	diff = fs.Bool("d", false, "print a unified diff of the changes")
	return fs, write, listOnly, diff
}

func runFmt(args []string, stdout, stderr io.Writer) int {
	fset, write, listOnly, diff := fmtFlagSet(stderr)
	if code, ok := parseFlags(fset, args, stdout); !ok {
		return code
	}
	if fset.NArg() == 0 {
		if *write {
			fmt.Fprint(stderr, "revl fmt: cannot use -w with standard input\n")
			return exitUsage
		}
		src, err := fileio.ReadAll(os.Stdin, "<standard input>")
		if err != nil {
			fmt.Fprintf(stderr, "revl fmt: reading standard input: %v\n", err)
			return exitUsage
		}
		return fmtOne("<standard input>", src, false, *listOnly, *diff, stdout, stderr)
	}
	files, err := rvlFiles(fset.Args())
	if err != nil {
		fmt.Fprintf(stderr, "revl fmt: %v\n", err)
		return exitUsage
	}
	status := exitOK
	for _, name := range files {
		src, err := fileio.Read(name)
		if err != nil {
			fmt.Fprintf(stderr, "revl fmt: %v\n", err)
			status = exitUsage
			continue
		}
		if code := fmtOne(name, src, *write, *listOnly, *diff, stdout, stderr); code > status {
			status = code
		}
	}
	return status
}

// fmtOne formats one file and reports it as the flags ask.
func fmtOne(name string, src []byte, write, listOnly, diff bool, stdout, stderr io.Writer) int {
	out, err := format.Source(name, src)
	if err != nil {
		var se *format.SyntaxError
		if errors.As(err, &se) {
			for _, d := range se.Diagnostics {
				fmt.Fprintf(stderr, "%s [%s]\n", d.Error(), d.Code)
			}
			return exitFindings // the program is at fault, as in revl check
		}
		fmt.Fprintf(stderr, "revl fmt: %v\n", err)
		return exitUsage
	}
	changed := !bytes.Equal(src, out)
	status := exitOK
	if listOnly || diff {
		if changed {
			status = exitFindings
		}
		if listOnly && changed {
			fmt.Fprintln(stdout, name)
		}
		if diff && changed {
			fmt.Fprint(stdout, format.Diff(name+".orig", name, src, out))
		}
	}
	if write {
		if changed {
			// Whole or not at all, keeping the file's permissions.
			if err := fileio.WriteFile(name, out); err != nil {
				fmt.Fprintf(stderr, "revl fmt: %v\n", err)
				return exitUsage
			}
		}
		return status
	}
	if !listOnly && !diff {
		if _, err := stdout.Write(out); err != nil {
			fmt.Fprintf(stderr, "revl fmt: %v\n", err)
			return exitUsage
		}
	}
	return status
}

// rvlFiles expands directories into the .rvl files below them, in lexical
// order; plain file arguments are taken whatever their extension.
func rvlFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, a)
			continue
		}
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".rvl") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}
