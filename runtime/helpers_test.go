package runtime

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	goldenfile "revl.dev/debug/internal/golden"
	"revl.dev/debug/runtime/check"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/runtime")

// goldenDir holds the programs and golden logs (the module's
// testdata/runtime, shared with the other runtime tools).
const goldenDir = "../testdata/runtime"

// program parses and checks src, failing the test on any error diagnostic.
func program(t testing.TB, name, src string) *check.Program {
	t.Helper()
	p, diags := check.Source(name, []byte(src))
	if check.HasErrors(diags) {
		var b strings.Builder
		for _, d := range diags {
			b.WriteString(d.Error() + "\n")
		}
		t.Fatalf("%s does not check:\n%s", name, b.String())
	}
	return p
}

// machine returns a machine for src and the log its sink fills.
func machine(t testing.TB, src string, opts Options) (*Machine, *[]Event) {
	t.Helper()
	return machineNamed(t, "app.rvl", src, opts)
}

func machineNamed(t testing.TB, name, src string, opts Options) (*Machine, *[]Event) {
	t.Helper()
	m, err := New(program(t, name, src), opts)
	if err != nil {
		t.Fatal(err)
	}
	var evs []Event
	m.SetSink(func(e Event) { evs = append(evs, e) })
	return m, &evs
}

// parseAtoms reads a script such as "activate Sink, activate A, advance 30s,
// teardown A".
func parseAtoms(t testing.TB, script string) []Atom {
	t.Helper()
	var out []Atom
	for _, item := range strings.Split(script, ",") {
		f := strings.Fields(item)
		if len(f) != 2 {
			t.Fatalf("bad atom %q", item)
		}
		switch f[0] {
		case "activate":
			out = append(out, Atom{Kind: Activate, Fiber: f[1]})
		case "teardown":
			out = append(out, Atom{Kind: Teardown, Fiber: f[1]})
		case "advance":
			out = append(out, Atom{Kind: Advance, Millis: parseDuration(t, f[1])})
		default:
			t.Fatalf("bad atom %q", item)
		}
	}
	return out
}

func parseDuration(t testing.TB, s string) int64 {
	units := []struct {
		suffix string
		ms     int64
	}{{"ms", 1}, {"s", 1000}, {"m", 60000}, {"h", 3600000}, {"d", 86400000}}
	for _, u := range units {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			if v, err := strconv.ParseInt(n, 10, 64); err == nil {
				return v * u.ms
			}
		}
	}
	t.Fatalf("bad duration %q", s)
	return 0
}

// runAtoms runs each atom and renders the outcome of each.
func runAtoms(t testing.TB, m *Machine, atoms []Atom) []string {
	t.Helper()
	var out []string
	for _, a := range atoms {
		err := m.Run(a)
		if _, ok := err.(*NotReadyError); ok || err == ErrAtomInProgress || err == ErrNoAtom {
			t.Fatalf("%s: %v", a, err)
		}
		out = append(out, fmt.Sprintf("%s: %v", a, err))
	}
	return out
}

func eventLines(evs []Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// report renders everything observable about a finished run: the events,
// the outcome of each atom, the emissions, the fibers and the end state.
func report(m *Machine, evs []Event, outcomes []string) string {
	var b strings.Builder
	b.WriteString(eventLines(evs))
	b.WriteString("-- atoms --\n")
	for _, o := range outcomes {
		b.WriteString(o + "\n")
	}
	b.WriteString("-- emissions --\n")
	for _, e := range m.Emissions() {
		fmt.Fprintf(&b, "%s by %s in atom %d at %dms\n", e.Text, e.Fiber, e.Atom, e.Time)
	}
	b.WriteString("-- fibers --\n")
	for _, f := range m.Fibers() {
		fmt.Fprintf(&b, "%s %s", f.Name, f.State)
		if f.Err != nil {
			fmt.Fprintf(&b, " (%s: %s)", f.Err.Kind, f.Err.Error())
		}
		if len(f.Frame) > 0 {
			fmt.Fprintf(&b, " frame %q", f.Frame)
		}
		b.WriteByte('\n')
	}
	b.WriteString("-- snapshot --\n")
	b.WriteString(m.Snapshot().String() + "\n")
	return b.String()
}

// golden compares got with testdata/runtime/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join(goldenDir, name), got, *update)
}

// firstDiff shows the first differing line with a little context.
func firstDiff(want, got string) string { return goldenfile.FirstDiff(want, got) }

// header reads a `// key: ...` line (atoms, options) from a program.
func header(src, key string) string {
	for _, l := range strings.Split(src, "\n") {
		if s, ok := strings.CutPrefix(strings.TrimSpace(l), "// "+key+":"); ok {
			return strings.TrimSpace(s)
		}
	}
	return ""
}

// parseOptions reads `step=60 call=20 run=1000 depth=16`.
func parseOptions(t testing.TB, s string) Options {
	var o Options
	for _, kv := range strings.Fields(s) {
		k, v, _ := strings.Cut(kv, "=")
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("bad option %q", kv)
		}
		switch k {
		case "step":
			o.StepBudget = n
		case "call":
			o.CallBudget = n
		case "run":
			o.RunBudget = n
		case "depth":
			o.MaxDepth = n
		default:
			t.Fatalf("bad option %q", kv)
		}
	}
	return o
}

// eachProgram runs fn as a subtest for every NAME.rvl in dir, with NAME
// and the program's source; a dir without programs fails the test.
func eachProgram(t *testing.T, dir string, fn func(t *testing.T, name, src string)) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.rvl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs in %s: %v", dir, err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".rvl")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			fn(t, name, string(src))
		})
	}
}

// corpusProgram is a program of the fixture corpus, checked, with a
// machine that has never run (clone it per schedule).
type corpusProgram struct {
	name string
	prog *check.Program
	base *Machine
}

// corpusPrograms reads every program the glob patterns name, and keeps
// those that check clean, have components and build a plain machine
// (mock worlds and the like need more set-up).
func corpusPrograms(t testing.TB, patterns ...string) []corpusProgram {
	t.Helper()
	var out []corpusProgram
	for _, pat := range patterns {
		files, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			p, diags := check.Source(name, src)
			if check.HasErrors(diags) || len(p.Components) == 0 {
				continue
			}
			base, err := New(p, Options{})
			if err != nil {
				continue
			}
			out = append(out, corpusProgram{name, p, base})
		}
	}
	return out
}
