// Package eval measures how well the schedule tester finds lifecycle bugs:
// it loads a corpus of compositions (a correct program and mutants of it,
// each with a bug of a known class), runs every mutant under each sampler
// for growing seed counts, establishes the ground truth by exhaustive
// search (the partial-order search in coarse mode; the enumeration of
// every schedule where it does not go yet: injected crashes, fine atoms),
// and reports detection rates, the classes sampling covers, and
// how well failures shrink (`revl eval`, docs/evaluation.md).
//
// Everything it reports is deterministic — the same corpus and options give
// the same report at any worker count — except the time per schedule,
// which is kept in a field of its own (Report.Timing) that --no-timing
// leaves out.
package eval

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
)

// The modes a mutant runs in.
const (
	// ModeCoarse is the default sweep: activate and teardown atoms.
	ModeCoarse = "coarse"
	// ModeFaults injects failures: with a schedule property, crash(F) as a
	// choice of the sweep (revl test --faults); with PropFaultTest, a
	// failure after every top-level step (revl test --sweep faults).
	ModeFaults = "faults"
	// ModeFine schedules fine atoms (revl test --atoms fine): activations
	// suspend at await, and complete(job N), resume(F) and fire(F) are
	// choices of the sweep.
	ModeFine = "fine"
)

// PropFaultTest is the property of a bug only the fault sweep finds: a
// failed oracle at some injection point.
const PropFaultTest = "fault-test"

// Properties lists what a label may name: the schedule properties, then
// a fault-test failure.
var Properties = append(slices.Clone(schedule.Tags), PropFaultTest)

// Composition is one file of the corpus: the correct (fixed) program and
// its mutants.
type Composition struct {
	Name   string // the file's base name without .rvl
	File   string // the path it was read from
	Source []byte
	// Modes are the modes the fixed version is claimed correct in, and
	// checked in: always coarse, and every mode of its mutants.
	Modes   []string
	Mutants []*Mutant
}

// Mutant is the fixed program with one labelled bug.
type Mutant struct {
	Comp     *Composition
	Name     string
	Class    string // the bug class: order-emission, teardown-leak, ...
	Property string // the property that must catch it (Properties)
	Mode     string // ModeCoarse, ModeFaults or ModeFine
	Depth    int    // the fewest non-canonical choices that trigger it
	Source   []byte // the fixed source with the mutation applied
	Line     int    // the line of its `eval: mutant` directive
}

// ID names a mutant in reports: `file/mutant`.
func (m *Mutant) ID() string { return m.Comp.Name + "/" + m.Name }

// Faulty says the mutant's sweep injects crashes as choices.
func (m *Mutant) Faulty() bool { return m.Mode == ModeFaults && m.Property != PropFaultTest }

// LoadDir reads every .rvl file of dir, in name order.
func LoadDir(dir string) ([]*Composition, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var comps []*Composition
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".rvl") {
			continue
		}
		name := filepath.Join(dir, e.Name())
		src, err := fileio.Read(name)
		if err != nil {
			return nil, err
		}
		c, err := Parse(name, src)
		if err != nil {
			return nil, err
		}
		comps = append(comps, c)
	}
	if len(comps) == 0 {
		return nil, fmt.Errorf("%s: no .rvl files", dir)
	}
	return comps, nil
}

// Parse reads one corpus file. Its labels are `// eval:` comment lines:
//
//	// eval: fixed modes=coarse,faults,fine
//	// eval: mutant NAME class=CLASS property=TAG mode=MODE depth=N
//	// eval: - a line of the fixed program
//	// eval: + the line that replaces it in the mutant
//
// Consecutive `-` lines are one block of text that must occur exactly once
// in the program (outside the eval lines); the `+` lines after them
// replace it (none: it is deleted). A mutant may have several blocks.
func Parse(file string, src []byte) (*Composition, error) {
	c := &Composition{Name: strings.TrimSuffix(filepath.Base(file), ".rvl"), File: file, Source: src}
	lines := strings.SplitAfter(string(src), "\n")
	// blank is the source with every eval line blanked (same length), so
	// a block is found only in the program and offsets carry over.
	blank := []byte(string(src))
	type hunk struct {
		old, new []string
		line     int
	}
	var hunks [][]hunk
	var cur *Mutant
	sawFixed := false
	off := 0
	errAt := func(line, col int, format string, a ...any) error {
		return fmt.Errorf("%s:%d:%d: %s", file, line, col, fmt.Sprintf(format, a...))
	}
	for i, raw := range lines {
		ln := i + 1
		text := strings.TrimRight(raw, "\r\n")
		start := off
		off += len(raw)
		trimmed := strings.TrimLeft(text, " \t")
		const tag = "// eval:"
		if !strings.HasPrefix(trimmed, tag) {
			continue
		}
		for j := start; j < start+len(text); j++ {
			blank[j] = ' '
		}
		col := len(text) - len(trimmed) + len(tag) + 1
		rest := strings.TrimPrefix(trimmed, tag)
		if strings.HasPrefix(rest, " - ") || rest == " -" || strings.HasPrefix(rest, " + ") || rest == " +" {
			if cur == nil {
				return nil, errAt(ln, col+1, "a %q line outside a mutant", rest[1:2])
			}
			body := ""
			if len(rest) > 3 {
				body = rest[3:]
			}
			hs := hunks[len(hunks)-1]
			if rest[1] == '-' {
				if len(hs) == 0 || len(hs[len(hs)-1].new) > 0 {
					hs = append(hs, hunk{line: ln})
				}
				hs[len(hs)-1].old = append(hs[len(hs)-1].old, body)
			} else {
				if len(hs) == 0 {
					return nil, errAt(ln, col+1, "a '+' line before any '-' line")
				}
				hs[len(hs)-1].new = append(hs[len(hs)-1].new, body)
			}
			hunks[len(hunks)-1] = hs
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) == 0 {
			return nil, errAt(ln, col, "empty eval directive (want fixed, mutant, - or +)")
		}
		switch fields[0] {
		case "fixed":
			if sawFixed {
				return nil, errAt(ln, col, "a second 'fixed' directive")
			}
			sawFixed = true
			kv, err := keyValues(fields[1:], []string{"modes"})
			if err != nil {
				return nil, errAt(ln, col, "%v", err)
			}
			for _, m := range strings.Split(kv["modes"], ",") {
				if m != ModeCoarse && m != ModeFaults && m != ModeFine {
					return nil, errAt(ln, col, "fixed: mode %q: want coarse, faults or fine", m)
				}
				if slices.Contains(c.Modes, m) {
					return nil, errAt(ln, col, "fixed: mode %q given twice", m)
				}
				c.Modes = append(c.Modes, m)
			}
			if !slices.Contains(c.Modes, ModeCoarse) {
				return nil, errAt(ln, col, "fixed: modes must include coarse")
			}
		case "mutant":
			if len(fields) < 2 || strings.Contains(fields[1], "=") {
				return nil, errAt(ln, col, "mutant: want a name after 'mutant'")
			}
			kv, err := keyValues(fields[2:], []string{"class", "property", "mode", "depth"})
			if err != nil {
				return nil, errAt(ln, col, "mutant %s: %v", fields[1], err)
			}
			m := &Mutant{Comp: c, Name: fields[1], Class: kv["class"], Property: kv["property"], Mode: kv["mode"], Line: ln}
			if !slices.Contains(Properties, m.Property) {
				return nil, errAt(ln, col, "mutant %s: unknown property %q (want one of %s)", m.Name, m.Property, strings.Join(Properties, ", "))
			}
			switch m.Mode {
			case ModeCoarse, ModeFaults, ModeFine:
			default:
				return nil, errAt(ln, col, "mutant %s: unknown mode %q (want coarse, faults or fine)", m.Name, m.Mode)
			}
			if m.Property == PropFaultTest && m.Mode != ModeFaults {
				return nil, errAt(ln, col, "mutant %s: property fault-test needs mode faults", m.Name)
			}
			d, err := strconv.Atoi(kv["depth"])
			if err != nil || d < 0 {
				return nil, errAt(ln, col, "mutant %s: depth %q: want a non-negative integer", m.Name, kv["depth"])
			}
			m.Depth = d
			for _, o := range c.Mutants {
				if o.Name == m.Name {
					return nil, errAt(ln, col, "mutant %s: a second mutant of that name (line %d)", m.Name, o.Line)
				}
			}
			c.Mutants = append(c.Mutants, m)
			hunks = append(hunks, nil)
			cur = m
		default:
			return nil, errAt(ln, col, "unknown eval directive %q (want fixed, mutant, - or +)", fields[0])
		}
	}
	if !sawFixed {
		return nil, fmt.Errorf("%s:1:1: no '// eval: fixed modes=...' line", file)
	}
	if len(c.Mutants) == 0 {
		return nil, fmt.Errorf("%s:1:1: no mutant", file)
	}
	for i, m := range c.Mutants {
		if len(hunks[i]) == 0 {
			return nil, fmt.Errorf("%s:%d:1: mutant %s changes nothing (no '-' line)", file, m.Line, m.Name)
		}
		if m.Mode == ModeFaults && !slices.Contains(c.Modes, ModeFaults) {
			return nil, fmt.Errorf("%s:%d:1: mutant %s runs in faults mode, but the fixed version is not claimed correct there (add faults to its modes)", file, m.Line, m.Name)
		}
		if m.Mode == ModeFine && !slices.Contains(c.Modes, ModeFine) {
			return nil, fmt.Errorf("%s:%d:1: mutant %s runs in fine mode, but the fixed version is not claimed correct there (add fine to its modes)", file, m.Line, m.Name)
		}
		out := slices.Clone(src)
		// Apply the blocks from the last to the first, so earlier offsets
		// stay valid.
		type edit struct {
			at, n int
			new   string
		}
		var edits []edit
		for _, h := range hunks[i] {
			old := strings.Join(h.old, "\n")
			if strings.TrimSpace(old) == "" {
				return nil, fmt.Errorf("%s:%d:1: mutant %s: an empty '-' block", file, h.line, m.Name)
			}
			at := bytes.Index(blank, []byte(old))
			if at < 0 {
				return nil, fmt.Errorf("%s:%d:1: mutant %s: the '-' text %q is not in the program", file, h.line, m.Name, firstLine(old))
			}
			if bytes.Index(blank[at+1:], []byte(old)) >= 0 {
				return nil, fmt.Errorf("%s:%d:1: mutant %s: the '-' text %q occurs more than once", file, h.line, m.Name, firstLine(old))
			}
			edits = append(edits, edit{at, len(old), strings.Join(h.new, "\n")})
		}
		slices.SortFunc(edits, func(a, b edit) int { return b.at - a.at })
		for j := 1; j < len(edits); j++ {
			if edits[j].at+edits[j].n > edits[j-1].at {
				return nil, fmt.Errorf("%s:%d:1: mutant %s: two '-' blocks overlap", file, m.Line, m.Name)
			}
		}
		for _, e := range edits {
			repl := e.new
			if repl == "" && e.at+e.n < len(out) && out[e.at+e.n] == '\n' {
				e.n++ // a deleted block takes its line with it
			}
			out = slices.Concat(out[:e.at], []byte(repl), out[e.at+e.n:])
		}
		m.Source = out
	}
	return c, nil
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(l)
}

// keyValues reads `key=value` fields, each of want exactly once.
func keyValues(fields, want []string) (map[string]string, error) {
	kv := map[string]string{}
	for _, f := range fields {
		k, v, ok := strings.Cut(f, "=")
		if !ok || v == "" {
			return nil, fmt.Errorf("%q: want key=value", f)
		}
		if !slices.Contains(want, k) {
			return nil, fmt.Errorf("unknown key %q (want %s)", k, strings.Join(want, ", "))
		}
		if _, dup := kv[k]; dup {
			return nil, fmt.Errorf("%s given twice", k)
		}
		kv[k] = v
	}
	for _, k := range want {
		if kv[k] == "" {
			return nil, fmt.Errorf("missing %s=", k)
		}
	}
	return kv, nil
}

// Compile checks a source of the corpus; the error carries the checker's
// diagnostics, `file:line:col: message [CODE]`.
func Compile(name string, src []byte) (*check.Program, error) {
	p, diags := check.Source(name, src)
	if check.HasErrors(diags) {
		var b strings.Builder
		syntax.WriteDiagnostics(&b, diags)
		return nil, fmt.Errorf("%s", strings.TrimRight(b.String(), "\n"))
	}
	return p, nil
}
