package schedule

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// FormatChoices renders a vector as the spec writes it: `[0, 1, 0]`.
func FormatChoices(v []int) string {
	parts := make([]string, len(v))
	for i, c := range v {
		parts[i] = fmt.Sprint(c)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// FlagChoices renders a vector as the --choices flag takes it: `0,1,0`.
// An empty vector (no atom was ever ready) renders as `0`, which replays
// the same schedule, since replay pads with zeros.
func FlagChoices(v []int) string {
	if len(v) == 0 {
		return "0"
	}
	return ScheduleKey(v)
}

// FindingLines renders findings one line per property, `tag: message`,
// the messages of one property's findings joined by "; ".
func FindingLines(fs []Finding) []string {
	var out []string
	for i := 0; i < len(fs); {
		j := i + 1
		msgs := []string{fs[i].Message}
		for ; j < len(fs) && fs[j].Tag == fs[i].Tag; j++ {
			msgs = append(msgs, fs[j].Message)
		}
		out = append(out, fs[i].Tag+": "+strings.Join(msgs, "; "))
		i = j
	}
	return out
}

// ReplayTarget is what a printed command needs to reproduce a schedule: the
// program as the user named it and the flags that change which schedule a
// vector replays. Every command line built from it quotes the path (see
// ShellQuote), so a file named `x$(id)y;z.rvl` is pasted as a name, not run.
type ReplayTarget struct {
	File         string
	MaxDecisions int    // 0: the default bound
	Mocks        bool   // mock world (--mock-requires)
	MockSeed     uint64 // 0: the default mock seed
	// MemoryBudget is --memory-budget as given ("": the default).
	MemoryBudget string
	// MaxFaults is --max-faults (0: no faults): a vector that injects
	// faults replays only with them.
	MaxFaults int
	// Config are the --config values, `Component.field=value`, in the
	// order given.
	Config []string
	// Atoms is --atoms ("" for the default, lifecycle; "fine"), MaxFires
	// --max-fires (0: the default): a fine vector replays only with them.
	Atoms    string
	MaxFires int
}

// file is the path as one shell word; a relative path that starts with
// `-` gets `./` so no command takes it for a flag.
func (rp ReplayTarget) file() string {
	f := rp.File
	if strings.HasPrefix(f, "-") {
		f = "./" + f
	}
	return ShellQuote(f)
}

func (rp ReplayTarget) flags() string {
	var b strings.Builder
	if rp.Mocks {
		b.WriteString(" --mock-requires")
		if rp.MockSeed != 0 {
			fmt.Fprintf(&b, " --mock-seed %d", rp.MockSeed)
		}
	}
	if rp.MaxDecisions > 0 {
		fmt.Fprintf(&b, " --max-decisions %d", rp.MaxDecisions)
	}
	if rp.MemoryBudget != "" {
		b.WriteString(" --memory-budget " + ShellQuote(rp.MemoryBudget))
	}
	if rp.MaxFaults > 0 {
		fmt.Fprintf(&b, " --max-faults %d", rp.MaxFaults)
	}
	b.WriteString(rp.atomFlags())
	b.WriteString(rp.configFlags())
	return b.String()
}

// atomFlags are --atoms and --max-fires, when not the defaults.
func (rp ReplayTarget) atomFlags() string {
	if rp.Atoms == "" || rp.Atoms == "lifecycle" {
		return ""
	}
	s := " --atoms " + ShellQuote(rp.Atoms)
	if rp.MaxFires > 0 {
		s += fmt.Sprintf(" --max-fires %d", rp.MaxFires)
	}
	return s
}

func (rp ReplayTarget) configFlags() string {
	var b strings.Builder
	for _, c := range rp.Config {
		b.WriteString(" --config " + ShellQuote(c))
	}
	return b.String()
}

// wholeVector is the longest vector the reports and the commands they
// print spell out whole. A schedule of a composition of thousands of
// components has as many decisions, most of them 0 once shrunk: the
// commands drop a longer vector's trailing zeros, which replay pads back
// (the same schedule), and the reports shorten it (VectorText).
const wholeVector = 64

// commandChoices is the vector a printed command replays: choices, or,
// when longer than wholeVector, choices without their trailing zeros.
func commandChoices(choices []int) []int {
	if len(choices) <= wholeVector {
		return choices
	}
	n := len(choices)
	for n > 0 && choices[n-1] == 0 {
		n--
	}
	return choices[:n]
}

// shortRun is the shortest run of zeros a long vector's elements write as
// `0*N` (vectorElements).
const shortRun = 8

// vectorElements are the elements ParseChoices reads back as v: each
// choice, and, in a vector longer than wholeVector, each run of at least
// shortRun zeros as `0*N`.
func vectorElements(v []int) []string {
	var out []string
	for i := 0; i < len(v); i++ {
		if len(v) > wholeVector && v[i] == 0 {
			j := i
			for j < len(v) && v[j] == 0 {
				j++
			}
			if j-i >= shortRun {
				out = append(out, "0*"+strconv.Itoa(j-i))
				i = j - 1
				continue
			}
		}
		out = append(out, strconv.Itoa(v[i]))
	}
	return out
}

// CommandChoices is a vector as the printed commands pass it to
// --choices: FlagChoices for a vector of up to wholeVector decisions;
// a longer one without its trailing zeros and with its runs of zeros as
// `0*N` (`0*9996,1`), which ParseChoices reads back to the same
// schedule.
func CommandChoices(v []int) string {
	if len(v) <= wholeVector {
		return FlagChoices(v)
	}
	e := vectorElements(commandChoices(v))
	if len(e) == 0 {
		return "0"
	}
	return strings.Join(e, ",")
}

// VectorText renders a vector for a person: as FormatChoices up to
// wholeVector decisions; a longer one as CommandChoices writes it, in
// brackets (`[0*9996, 1] and 2 zeros`), when that has at most
// wholeVector elements, else their first wholeVector and how many
// decisions the vector has. The JSON reports have the whole vector.
func VectorText(v []int) string {
	if len(v) <= wholeVector {
		return FormatChoices(v)
	}
	t := commandChoices(v)
	e := vectorElements(t)
	trailing := ""
	if n := len(v) - len(t); n > 0 {
		trailing = fmt.Sprintf(" and %d zeros", n)
	}
	if len(e) <= wholeVector {
		return "[" + strings.Join(e, ", ") + "]" + trailing
	}
	return "[" + strings.Join(e[:wholeVector], ", ") + fmt.Sprintf(", …] (%d decisions)", len(v))
}

// TestCommand is the `revl test` line that replays choices.
func (rp ReplayTarget) TestCommand(choices []int) string {
	return "revl test " + rp.file() + rp.flags() + " --choices " + ShellQuote(CommandChoices(choices))
}

// TUICommand is the `revl-tui` line that opens choices in the terminal
// viewer (which has no mock world: ok is false then).
func (rp ReplayTarget) TUICommand(choices []int) (cmd string, ok bool) {
	if rp.Mocks {
		return "", false
	}
	cmd = "revl-tui " + rp.file() + " --choices " + ShellQuote(CommandChoices(choices))
	if rp.MaxDecisions > 0 {
		cmd += fmt.Sprintf(" --max-decisions %d", rp.MaxDecisions)
	}
	if rp.MaxFaults > 0 {
		cmd += fmt.Sprintf(" --max-faults %d", rp.MaxFaults)
	}
	return cmd + rp.atomFlags() + rp.configFlags(), true
}

// LaunchConfig is the revl-dap launch configuration (JSON) that debugs
// choices in an editor.
func (rp ReplayTarget) LaunchConfig(choices []int) string {
	file, _ := json.Marshal(rp.File)
	// An array; a long vector as the string CommandChoices writes, which
	// the 'choices' attribute reads as --choices does.
	list := "[" + FlagChoices(choices) + "]"
	if len(choices) == 0 {
		list = "[]"
	} else if len(choices) > wholeVector {
		list = `"` + CommandChoices(choices) + `"`
	}
	launch := fmt.Sprintf(`{"type": "revl", "request": "launch", "program": %s, "choices": %s`, file, list)
	if rp.MaxDecisions > 0 {
		launch += `, "maxDecisions": ` + strconv.Itoa(rp.MaxDecisions)
	}
	if rp.MaxFaults > 0 {
		// A vector with fault choices replays only in a world that offers
		// them (revl-dap's 'maxFaults' builds the one revl test --faults
		// does, schedule.Options.WithFaults).
		launch += `, "maxFaults": ` + strconv.Itoa(rp.MaxFaults)
	}
	if rp.atomFlags() != "" {
		aj, _ := json.Marshal(rp.Atoms)
		launch += `, "atoms": ` + string(aj)
		if rp.MaxFires > 0 {
			launch += `, "maxFires": ` + strconv.Itoa(rp.MaxFires)
		}
	}
	if len(rp.Config) > 0 {
		// The attribute {"Component.field": "value"}, as --config takes it.
		parts := make([]string, len(rp.Config))
		for i, c := range rp.Config {
			k, v, _ := strings.Cut(c, "=")
			kj, _ := json.Marshal(k)
			vj, _ := json.Marshal(v)
			parts[i] = string(kj) + ": " + string(vj)
		}
		launch += `, "config": {` + strings.Join(parts, ", ") + `}`
	}
	if rp.Mocks {
		launch += `, "mocks": true`
		if rp.MockSeed != 0 {
			launch = strings.TrimSuffix(launch, "true") + fmt.Sprintf(`{"seed": %d}`, rp.MockSeed)
		}
	}
	return launch + "}"
}

// ShellQuote returns s as one word for a POSIX shell (sh, bash, zsh):
// unchanged when it is made only of characters no shell treats
// specially, else in single quotes, each single quote inside closed,
// escaped and reopened. Every command the tools print for pasting goes
// through it.
func ShellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool { return !shellSafe(r) }) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func shellSafe(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return true
	}
	return strings.ContainsRune("@%+=:,./-_", r)
}

// WriteFailure explains one failing schedule to a person: the findings,
// the vector (and where shrinking took it from), the atoms in order with
// the non-canonical choices marked, the emissions beside the canonical
// run's, and the commands that replay and debug it.
func WriteFailure(w io.Writer, rp ReplayTarget, label SeedLabel, r *Result, shrunk *Shrunk, base *Result) {
	fmt.Fprintf(w, "FAIL %s\n", label)
	for _, l := range FindingLines(r.Findings) {
		fmt.Fprintf(w, "  %s\n", l)
	}
	for _, f := range r.Faults {
		fmt.Fprintf(w, "  injected: %s\n", f)
	}
	if len(r.Stranded) > 0 {
		fmt.Fprintf(w, "  stranded: %s (a provider each requires failed; they never activate and block no teardown)\n", strings.Join(r.Stranded, ", "))
	}
	if shrunk != nil {
		fmt.Fprintf(w, "  minimized: %s (from %s, %d replays)\n", VectorText(r.Choices), VectorText(shrunk.From), shrunk.Replays)
	} else {
		fmt.Fprintf(w, "  choices: %s\n", VectorText(r.Choices))
	}
	if len(r.Atoms) == 0 {
		fmt.Fprintf(w, "  atoms: none (no atom was ever ready)\n")
	} else {
		fmt.Fprintf(w, "  atoms (* = not the canonical choice):\n")
	}
	offCanonical := func(i int) bool { return i < len(r.Choices) && r.Choices[i] != 0 }
	eachShown(len(r.Atoms), offCanonical, func(from, to, interesting int) {
		fmt.Fprintf(w, "         … %s\n", skipped(to-from, "atom", interesting, "each the canonical choice", "not the canonical choice"))
	}, func(i int) {
		mark := " "
		alt := ""
		if offCanonical(i) {
			mark = "*"
			if ready := r.Ready(i); ready != nil {
				alt = fmt.Sprintf("   choice %d of [%s]", r.Choices[i], strings.Join(ready, ", "))
			}
		}
		fmt.Fprintf(w, "   %s %3d  %s%s\n", mark, i, r.Atoms[i], alt)
	})
	writeEmissionDiff(w, r, base)
	fmt.Fprintf(w, "  replay: %s\n", rp.TestCommand(r.Choices))
	// The debuggers build their worlds with the same WithFaults (crash(F)
	// and fail@F:N, either alphabet), so both lines replay this vector.
	if tui, ok := rp.TUICommand(r.Choices); ok {
		fmt.Fprintf(w, "  debug:  %s\n", tui)
	}
	fmt.Fprintf(w, "  debug in an editor (revl-dap launch configuration): %s\n", rp.LaunchConfig(r.Choices))
}

// writeEmissionDiff shows this run's emissions beside the canonical run's
// as `unstable` pairs them (PairEmissions) and marks the first divergence
// that counts; commutative rows, which compare as a multiset, are marked
// `~` and never diverge.
func writeEmissionDiff(w io.Writer, r, base *Result) {
	if base == nil || (len(r.Emissions) == 0 && len(base.Emissions) == 0) {
		return
	}
	width := len("canonical")
	for _, e := range base.Emissions {
		if len(e.Text) > width {
			width = len(e.Text)
		}
	}
	kinds := func(es []Emission) []bool {
		out := make([]bool, len(es))
		for i, e := range es {
			out[i] = e.Commutative
		}
		return out
	}
	pairs := PairEmissions(kinds(r.Emissions), kinds(base.Emissions))
	legend := ""
	if slices.ContainsFunc(pairs, func(p EmissionPair) bool { return p.Commutative }) {
		legend = " (~ = commutative, compared as a multiset)"
	}
	fmt.Fprintf(w, "  emissions%s:\n       %-*s | %s\n", legend, width, "canonical", "this schedule")
	texts := func(p EmissionPair) (b, g string) {
		if p.Canonical >= 0 {
			b = base.Emissions[p.Canonical].Text
		}
		if p.Got >= 0 {
			g = r.Emissions[p.Got].Text
		}
		return b, g
	}
	differs := func(i int) bool { b, g := texts(pairs[i]); return b != g }
	marked := false
	eachShown(len(pairs), differs, func(from, to, interesting int) {
		fmt.Fprintf(w, "        … %s\n", skipped(to-from, "row", interesting, "the same in both runs", "different"))
	}, func(i int) {
		p := pairs[i]
		b, g := texts(p)
		mark, note := " ", ""
		if p.Commutative {
			mark = "~"
		} else if b != g && !marked {
			note = "   <- first divergence"
			marked = true
		}
		fmt.Fprintf(w, "  %s%3d %-*s | %s%s\n", mark, i, width, b, g, note)
	})
}

// A report's list of more than wholeList rows (the atoms of a schedule,
// its emissions beside the canonical run's) shows its rows of interest
// with listContext rows on each side, the first maxInteresting of them
// only, and counts the rest: at 5,000 components a schedule has 10,000
// atoms and 10,000 emissions, most of them as in the canonical run.
const wholeList, listContext, maxInteresting = 40, 3, 20

// eachShown calls row for each of n rows a report shows and skip for
// each run [from, to) of rows it leaves out, with how many of them are of
// interest (beyond the first maxInteresting).
func eachShown(n int, interesting func(int) bool, skip func(from, to, interesting int), row func(int)) {
	show := make([]bool, n)
	if n <= wholeList {
		for i := range show {
			show[i] = true
		}
	} else {
		for i, seen := 0, 0; i < n && seen < maxInteresting; i++ {
			if interesting(i) {
				seen++
				for j := max(0, i-listContext); j <= min(n-1, i+listContext); j++ {
					show[j] = true
				}
			}
		}
		show[0] = true // where the list starts
	}
	for i := 0; i < n; {
		if show[i] {
			row(i)
			i++
			continue
		}
		j, k := i, 0
		for ; j < n && !show[j]; j++ {
			if interesting(j) {
				k++
			}
		}
		skip(i, j, k)
		i = j
	}
}

// skipped says what a run of n rows left out of a report holds: `9990
// atoms, each the canonical choice` (none of interest: plain), or how
// many of them are of interest (what), with where to read them.
func skipped(n int, noun string, interesting int, plain, what string) string {
	rows := fmt.Sprintf("%d %ss", n, noun)
	if n == 1 {
		rows = "1 " + noun
	}
	if interesting == 0 {
		return rows + ", " + plain
	}
	return fmt.Sprintf("%s, %d of them %s (revl test --json lists them all)", rows, interesting, what)
}
