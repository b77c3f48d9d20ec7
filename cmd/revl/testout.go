package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"revl.dev/debug/mocks"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
)

// The parts of `revl check` and `revl test` output that show source: the
// diagnostics and test failures with a snippet on a terminal, the test
// lines, the test results of the JSON dossier, and the config values
// (`--config C.f=v`) that sweeps activate components with.

const configUsage = `	--config C.f=V       a config value for component C's field f, used where
	                     nothing loads C with one (the schedule sweep);
	                     repeatable. A field without a default needs one,
	                     or the sweep cannot schedule C
`

const formatUsage = `	--format F           auto (default: a source snippet with a caret under
	                     each diagnostic on a terminal, plain otherwise),
	                     plain (file:line:col: message [CODE]) or snippet
`

// configFlag collects repeated --config values.
type configFlag struct{ values []runtime.ConfigValue }

func (c *configFlag) String() string { return "" }

func (c *configFlag) Set(s string) error {
	v, err := runtime.ParseConfigValue(s)
	if err != nil {
		return err
	}
	c.values = append(c.values, v)
	return nil
}

func addConfigFlag(fs *flag.FlagSet) *configFlag {
	c := &configFlag{}
	fs.Var(c, "config", "a config value C.f=V (repeatable)")
	return c
}

// formatFlag is --format auto|plain|snippet.
type formatFlag struct{ v string }

func (f *formatFlag) String() string { return f.v }

func (f *formatFlag) Set(s string) error {
	switch s {
	case "auto", "plain", "snippet":
		f.v = s
		return nil
	}
	return fmt.Errorf("want auto, plain or snippet")
}

func addFormatFlag(fs *flag.FlagSet) *formatFlag {
	f := &formatFlag{v: "auto"}
	fs.Var(f, "format", "diagnostic format: auto, plain or snippet")
	return f
}

// snippets reports whether output to w shows source snippets.
func (f *formatFlag) snippets(w io.Writer) bool {
	if f == nil {
		return false
	}
	return f.v == "snippet" || f.v == "auto" && isTerminal(w)
}

// sources reads each file once, for snippets.
type sources map[string][]byte

func (s sources) get(name string) []byte {
	if b, ok := s[name]; ok {
		return b
	}
	b, err := os.ReadFile(name)
	if err != nil {
		b = nil
	}
	s[name] = b
	return b
}

// writeDiagnostics prints diagnostics plain or, per format, with snippets.
func writeDiagnostics(stdout io.Writer, diags []syntax.Diagnostic, format *formatFlag) {
	w := colorOutput(stdout, false)
	if format.snippets(stdout) {
		syntax.WriteDiagnosticsWithSource(w, diags, sources{}.get)
		return
	}
	printDiagnostics(w, diags)
}

// testLine is one test's result as `revl test` prints it.
type testLine struct {
	name, kind string
	skipped    bool
	passed     bool
	message    string
	position   string // where it failed, file:line:col
	span       syntax.Span
	notes      []string
	injection  string // fault tests: `Store dies at step 3 (effect pool)`
	mock       bool
	extra      func(io.Writer) // mock world: the mocks and crossings
}

func lineOf(file string, r runtime.TestResult) testLine {
	return testLine{name: r.Name, kind: r.Kind.String(), skipped: r.Skipped, passed: r.Passed, message: r.Message,
		position: r.Position(file), span: failSpan(r), notes: r.Notes, injection: r.Injection}
}

func failSpan(r runtime.TestResult) syntax.Span {
	if r.Err != nil && r.Err.Span.Start.IsValid() {
		return r.Err.Span
	}
	return r.Span
}

// writeTestLines prints PASS/FAIL/SKIP per test, the notes under it, and
// the totals; a failure names its position and, with snippets, shows the
// source line. It reports whether none failed.
func writeTestLines(w io.Writer, file string, lines []testLine, format *formatFlag) bool {
	passed, failed, skipped := 0, 0, 0
	snip := format.snippets(w)
	w = colorOutput(w, false) // after the terminal test, which needs the real writer
	var src []byte
	if snip {
		src = sources{}.get(file)
	}
	for _, l := range lines {
		tag, name := "", l.name
		if l.injection != "" {
			name += " [" + l.injection + "]"
		}
		if l.mock {
			tag = " [mock world]"
		}
		switch {
		case l.skipped:
			skipped++
			fmt.Fprintf(w, "SKIP %s (%s)%s\n", name, l.message, tag)
		case l.passed:
			passed++
			fmt.Fprintf(w, "PASS %s%s\n", name, tag)
		default:
			failed++
			fmt.Fprintf(w, "FAIL %s: %s: %s%s\n", name, l.position, l.message, tag)
			if snip {
				syntax.WriteSnippet(w, src, l.span)
			}
		}
		for _, n := range l.notes {
			fmt.Fprintf(w, "  note: %s\n", n)
		}
		if l.extra != nil {
			l.extra(w)
		}
	}
	if skipped > 0 {
		fmt.Fprintf(w, "%d passed, %d failed, %d skipped\n", passed, failed, skipped)
	} else {
		fmt.Fprintf(w, "%d passed, %d failed\n", passed, failed)
	}
	return failed == 0
}

// testEntries are the dossier's test results.
func testEntries(lines []testLine) []schedule.TestEntry {
	out := make([]schedule.TestEntry, 0, len(lines))
	for _, l := range lines {
		e := schedule.TestEntry{Name: l.name, Kind: l.kind, OK: l.passed, Skipped: l.skipped, Position: l.position, Notes: l.notes,
			Injection: l.injection}
		if !l.passed {
			e.Message = l.message
		}
		out = append(out, e)
	}
	return out
}

// plainTestLines runs the tests and lifecycle tests of prog.
func plainTestLines(file string, prog *check.Program, opts runtime.Options) []testLine {
	var out []testLine
	for _, r := range runtime.RunTests(prog, opts) {
		out = append(out, lineOf(file, r))
	}
	return out
}

// mockTestLines runs the lifecycle tests of prog in mock world; each line
// carries the mocks it derived and the crossings they recorded.
func mockTestLines(file string, prog *check.Program, opts mocks.Options) ([]testLine, error) {
	results, _, err := mocks.RunTests(prog, opts)
	if err != nil {
		return nil, err
	}
	var out []testLine
	for _, r := range results {
		l := lineOf(file, r.TestResult)
		l.mock = true
		if !r.Skipped {
			ms, ops := r.Mocks, r.Crossings
			l.extra = func(w io.Writer) {
				if len(ms) > 0 {
					fmt.Fprintf(w, "  mocks: %s\n", strings.Join(ms, ", "))
				}
				mocks.WriteCrossings(w, "  ", ops)
			}
		}
		out = append(out, l)
	}
	return out, nil
}

// unschedulable says, once, which components a sweep cannot activate for
// want of config values, or "" when every one can.
func unschedulable(prog *check.Program, given []runtime.ConfigValue) string {
	missing := runtime.MissingConfig(prog, given)
	if len(missing) == 0 {
		return ""
	}
	var comps []string
	fields := map[string][]string{}
	for _, m := range missing {
		c, f, _ := strings.Cut(m, ".")
		if fields[c] == nil {
			comps = append(comps, c)
		}
		fields[c] = append(fields[c], f)
	}
	var parts, flags []string
	for _, c := range comps {
		noun, verb := "field", "has"
		if len(fields[c]) > 1 {
			noun, verb = "fields", "have"
		}
		parts = append(parts, fmt.Sprintf("component %s: it needs config %s %s, which %s no default", c, noun, list(fields[c]), verb))
		for _, f := range fields[c] {
			flags = append(flags, "--config "+c+"."+f+"=VALUE")
		}
	}
	return "no schedule run: the sweep cannot schedule " + strings.Join(parts, "; ") + "; give " + strings.Join(flags, " ")
}

// configArgs are the --config values as the replay commands a report
// prints repeat them (schedule.ReplayTarget.Config), so that they replay
// the same activations.
func configArgs(vs []runtime.ConfigValue) []string {
	var out []string
	for _, v := range vs {
		out = append(out, v.Component+"."+v.Field+"="+v.Text)
	}
	return out
}

// list renders names as 'a', 'b' and 'c'.
func list(names []string) string {
	qs := make([]string, len(names))
	for i, n := range names {
		qs[i] = "'" + n + "'"
	}
	if len(qs) < 2 {
		return strings.Join(qs, "")
	}
	return strings.Join(qs[:len(qs)-1], ", ") + " and " + qs[len(qs)-1]
}
