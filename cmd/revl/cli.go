package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/muesli/termenv"

	"revl.dev/debug/schedule"
)

// shellQuote is the one shell quoting of every command revl prints.
func shellQuote(s string) string { return schedule.ShellQuote(s) }

// setFlags names the flags the command line set explicitly, so that an
// explicit `--choices ”` or `--max-decisions 0` is refused rather than
// read as "not given".
func setFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// positiveFlag refuses an explicitly set count below 1.
func positiveFlag(set map[string]bool, name string, v int) error {
	if set[name] && v < 1 {
		return fmt.Errorf("--%s must be at least 1, got %d", name, v)
	}
	return nil
}

// flagAliases are the names other revl tools give a flag: `revl test
// --seed 3` is what revl-tui and trace record call --schedule-seed.
var flagAliases = map[string]map[string]string{
	"test":         {"seed": "schedule-seed", "seeds": "schedule-seeds", "explore": "schedule-seeds", "o": "record"},
	"trace record": {"schedule-seed": "seed", "schedule-seeds": "seed"},
}

var undefinedFlag = regexp.MustCompile(`^flag provided but not defined: -+(.*)$`)

// suggestFlag names the flag the user probably meant, or "".
func suggestFlag(fs *flag.FlagSet, err error) string {
	m := undefinedFlag.FindStringSubmatch(err.Error())
	if m == nil {
		return ""
	}
	name := m[1]
	if alt := flagAliases[fs.Name()][name]; alt != "" && fs.Lookup(alt) != nil {
		return alt
	}
	best, bestD := "", 3
	fs.VisitAll(func(f *flag.Flag) {
		if d := editDistance(name, f.Name); d < bestD {
			best, bestD = f.Name, d
		}
	})
	return best
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// colorEnabled decides whether output to w is coloured: only on a
// terminal, never with NO_COLOR set (https://no-color.org) or TERM=dumb.
func colorEnabled(terminal bool, getenv func(string) string) bool {
	return terminal && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb"
}

// colorOutput returns w itself unless it is a terminal that takes colour
// and the output is not JSON; then a writer that colours PASS/FAIL lines,
// findings and diagnostics. Pipes, files and goldens stay plain.
func colorOutput(w io.Writer, json bool) io.Writer {
	if json || !colorEnabled(isTerminal(w), os.Getenv) {
		return w
	}
	return &colorWriter{w: w}
}

// colorWriter colours whole lines as they complete; a partial line waits
// for the rest of it (every line revl writes ends in a newline).
type colorWriter struct {
	w   io.Writer
	buf []byte
}

func (c *colorWriter) Write(p []byte) (int, error) {
	c.buf = append(c.buf, p...)
	for {
		i := bytes.IndexByte(c.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := string(c.buf[:i])
		c.buf = c.buf[i+1:]
		if _, err := io.WriteString(c.w, colorLine(line)+"\n"); err != nil {
			return len(p), err
		}
	}
}

func paint(s string, c termenv.Color, bold bool) string {
	st := termenv.String(s).Foreground(c)
	if bold {
		st = st.Bold()
	}
	return st.String()
}

var (
	findingLine = regexp.MustCompile(`^(  )(residue|deadlock|unstable|use-after-withdrawal|teardown-order|unbounded)(:.*)$`)
	diagLine    = regexp.MustCompile(`^(\S+:\d+:\d+:)(.*) \[((E|W)-[a-z0-9-]+)\]$`)
	totalsLine  = regexp.MustCompile(`^\d+ passed, (\d+) failed`)
)

// colorLine colours one line of revl's text output.
func colorLine(line string) string {
	head := func(word string, c termenv.Color) string {
		return paint(word, c, true) + strings.TrimPrefix(line, word)
	}
	switch {
	case strings.HasPrefix(line, "PASS "):
		return head("PASS", termenv.ANSIGreen)
	case strings.HasPrefix(line, "ok "):
		return head("ok", termenv.ANSIGreen)
	case strings.HasPrefix(line, "FAIL "), line == "FAIL":
		return head("FAIL", termenv.ANSIRed)
	case strings.HasPrefix(line, "DIVERGED "):
		return head("DIVERGED", termenv.ANSIRed)
	case strings.HasPrefix(line, "SKIP "), strings.HasPrefix(line, "INCOMPLETE "):
		w, _, _ := strings.Cut(line, " ")
		return head(w, termenv.ANSIYellow)
	}
	if m := findingLine.FindStringSubmatch(line); m != nil {
		return m[1] + paint(m[2], termenv.ANSIYellow, true) + m[3]
	}
	if m := diagLine.FindStringSubmatch(line); m != nil {
		c := termenv.Color(termenv.ANSIRed)
		if m[4] == "W" {
			c = termenv.ANSIYellow
		}
		return paint(m[1], termenv.ANSIWhite, true) + m[2] + " " + paint("["+m[3]+"]", c, false)
	}
	if m := totalsLine.FindStringSubmatch(line); m != nil {
		if m[1] == "0" {
			return paint(line, termenv.ANSIGreen, false)
		}
		return paint(line, termenv.ANSIRed, false)
	}
	return line
}
