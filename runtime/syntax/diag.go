package syntax

import (
	"fmt"
	"io"
	"sort"
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
	return fmt.Sprintf("%s:%d:%d: %s", d.File, d.Span.Start.Line, d.Span.Start.Col, d.Message)
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
		fmt.Fprintf(w, "%s:%d:%d: %s%s [%s]\n", d.File, d.Span.Start.Line, d.Span.Start.Col, sev, d.Message, d.Code)
		for _, r := range d.Related {
			fmt.Fprintf(w, "\t%s:%d:%d: %s\n", r.File, r.Span.Start.Line, r.Span.Start.Col, r.Message)
		}
	}
}
