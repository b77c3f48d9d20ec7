package syntax

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Severity orders diagnostics by how much they matter.
type Severity int

const (
	SeverityError Severity = iota
	SeverityWarning
	SeverityInfo
)

func (s Severity) String() string {
	switch s {
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "info"
	}
	return "error"
}

// Diagnostic is one problem found in a file, by the parser or the checker.
// Code is stable (E-syntax, E-undo-missing, ...) so that tools can key on it;
// Message is for people.
type Diagnostic struct {
	File     string
	Span     Span
	Severity Severity
	Code     string
	Message  string
	Related  []Related
}

// Related points at another place that explains a diagnostic, such as the
// first declaration of a duplicated name.
type Related struct {
	File    string
	Span    Span
	Message string
}

// Error renders the diagnostic as `file:line:col: message`, the form every
// command-line tool and editor problem matcher understands.
func (d Diagnostic) Error() string {
	return d.Span.Start.In(d.File) + ": " + d.Message
}

// SortDiagnostics orders diagnostics by file, position, then code, so
// output is stable whatever order the passes found them in.
func SortDiagnostics(ds []Diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Span.Start.Offset != b.Span.Start.Offset {
			return a.Span.Start.Offset < b.Span.Start.Offset
		}
		return a.Code < b.Code
	})
}

// WriteDiagnostics writes diagnostics as every revl tool prints them:
// `file:line:col: [severity: ]message [CODE]`, with each related location
// indented on its own line below.
func WriteDiagnostics(w io.Writer, diags []Diagnostic) {
	for _, d := range diags {
		sev := ""
		if d.Severity != SeverityError {
			sev = d.Severity.String() + ": "
		}
		fmt.Fprintf(w, "%s: %s%s [%s]\n", d.Span.Start.In(d.File), sev, d.Message, d.Code)
		for _, r := range d.Related {
			fmt.Fprintf(w, "\t%s: %s\n", r.Span.Start.In(r.File), r.Message)
		}
	}
}

// WriteDiagnosticsWithSource writes diagnostics as WriteDiagnostics does,
// each followed by its source line and a caret line marking the span on
// it (`^` at the start, `~` under the rest), as a terminal shows them.
// src returns a file's source; a diagnostic whose line it cannot supply is
// printed without a snippet.
func WriteDiagnosticsWithSource(w io.Writer, diags []Diagnostic, src func(file string) []byte) {
	for _, d := range diags {
		WriteDiagnostics(w, []Diagnostic{{File: d.File, Span: d.Span, Severity: d.Severity, Code: d.Code, Message: d.Message}})
		WriteSnippet(w, src(d.File), d.Span)
		for _, r := range d.Related {
			fmt.Fprintf(w, "\t%s: %s\n", r.Span.Start.In(r.File), r.Message)
		}
	}
}

// WriteSnippet writes the source line of sp's start, numbered, and a caret
// line under the span's part on that line. It writes nothing when the line
// is not in src.
func WriteSnippet(w io.Writer, src []byte, sp Span) {
	n := int(sp.Start.Line)
	if n < 1 || src == nil {
		return
	}
	lines := strings.Split(string(src), "\n")
	if n > len(lines) {
		return
	}
	text := strings.TrimRight(lines[n-1], "\r")
	col := min(max(int(sp.Start.Col)-1, 0), len(text))
	end := len(text)
	if int(sp.End.Line) == n {
		end = min(max(int(sp.End.Col)-1, col+1), len(text))
	}
	var caret strings.Builder
	for _, c := range []byte(text[:col]) {
		if c == '\t' {
			caret.WriteByte('\t')
		} else if c < 0x80 || c >= 0xC0 {
			caret.WriteByte(' ') // one column per character, not per byte
		}
	}
	caret.WriteByte('^')
	for _, c := range []byte(text[min(col+1, end):end]) {
		if c < 0x80 || c >= 0xC0 {
			caret.WriteByte('~')
		}
	}
	num := strconv.Itoa(n)
	gutter := strings.Repeat(" ", max(5-len(num), 0))
	fmt.Fprintf(w, "%s%s | %s\n", gutter, num, text)
	fmt.Fprintf(w, "%s | %s\n", strings.Repeat(" ", len(gutter)+len(num)), caret.String())
}
