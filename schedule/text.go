package schedule

import (
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

// WriteFailure explains one failing schedule to a person: the findings,
// the vector (and where shrinking took it from), the atoms in order with
// the non-canonical choices marked, the emissions beside the canonical
// run's, and the command that replays it. program is the path as the user
// gave it, for the replay command.
func WriteFailure(w io.Writer, program string, label SeedLabel, r *Result, shrunk *Shrunk, base *Result) {
	fmt.Fprintf(w, "FAIL %s\n", label)
	for _, f := range r.Findings {
		fmt.Fprintf(w, "  %s: %s\n", f.Tag, f.Message)
	}
	if shrunk != nil {
		fmt.Fprintf(w, "  minimized: %s (from %s, %d replays)\n", FormatChoices(r.Choices), FormatChoices(shrunk.From), shrunk.Replays)
	} else {
		fmt.Fprintf(w, "  choices: %s\n", FormatChoices(r.Choices))
	}
	if len(r.Atoms) == 0 {
		fmt.Fprintf(w, "  atoms: none (no atom was ever ready)\n")
	} else {
		fmt.Fprintf(w, "  atoms (* = not the canonical choice):\n")
	}
	for i, a := range r.Atoms {
		mark := " "
		alt := ""
		if i < len(r.Choices) && r.Choices[i] != 0 {
			mark = "*"
			if i < len(r.Readies) {
				alt = fmt.Sprintf("   choice %d of [%s]", r.Choices[i], strings.Join(r.Readies[i], ", "))
			}
		}
		fmt.Fprintf(w, "   %s %3d  %s%s\n", mark, i, a, alt)
	}
	writeEmissionDiff(w, r, base)
	fmt.Fprintf(w, "  replay: revl test %s --choices %s\n", program, FlagChoices(r.Choices))
	writeDebugHint(w, program, r.Choices)
}

// writeDebugHint prints how to open the schedule in the debuggers: the
// terminal viewer, and the launch configuration of revl-dap (VS Code's
// launch.json or any DAP client). program may carry flags after the file
// (` --mock-requires`), which map to the launch attribute `mocks`.
func writeDebugHint(w io.Writer, program string, choices []int) {
	file, flags, _ := strings.Cut(program, " --")
	args := strings.Fields("--" + flags)
	mocks := slices.Contains(args, "--mock-requires")
	maxDecisions := ""
	if i := slices.Index(args, "--max-decisions"); i >= 0 && i+1 < len(args) {
		maxDecisions = args[i+1]
	}
	// --config C.f=V, repeated: the tui takes the same flags, the launch
	// configuration the attribute {"C.f": "V"}.
	var tuiConfig, launchConfig []string
	for i, a := range args {
		if a == "--config" && i+1 < len(args) {
			tuiConfig = append(tuiConfig, " --config "+args[i+1])
			k, v, _ := strings.Cut(args[i+1], "=")
			launchConfig = append(launchConfig, strconv.Quote(k)+": "+strconv.Quote(v))
		}
	}
	v := make([]string, len(choices))
	for i, c := range choices {
		v[i] = fmt.Sprint(c)
	}
	launch := fmt.Sprintf(`{"type": "revl", "request": "launch", "program": %q, "choices": [%s]`, file, strings.Join(v, ","))
	if maxDecisions != "" {
		launch += `, "maxDecisions": ` + maxDecisions
	}
	if len(launchConfig) > 0 {
		launch += `, "config": {` + strings.Join(launchConfig, ", ") + `}`
	}
	if mocks {
		launch += `, "mocks": true`
	} else {
		tui := "revl-tui " + file + " --choices " + FlagChoices(choices)
		if maxDecisions != "" {
			tui += " --max-decisions " + maxDecisions
		}
		tui += strings.Join(tuiConfig, "")
		fmt.Fprintf(w, "  debug:  %s\n", tui)
	}
	fmt.Fprintf(w, "  debug in an editor (revl-dap launch configuration): %s}\n", launch)
}

// writeEmissionDiff shows this run's emissions beside the canonical run's
// and marks the first divergence.
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
	fmt.Fprintf(w, "  emissions:\n       %-*s | %s\n", width, "canonical", "this schedule")
	n := len(base.Emissions)
	if len(r.Emissions) > n {
		n = len(r.Emissions)
	}
	marked := false
	for i := 0; i < n; i++ {
		b, g := "", ""
		if i < len(base.Emissions) {
			b = base.Emissions[i].Text
		}
		if i < len(r.Emissions) {
			g = r.Emissions[i].Text
		}
		note := ""
		if b != g && !marked {
			note = "   <- first divergence"
			marked = true
		}
		fmt.Fprintf(w, "   %3d %-*s | %s%s\n", i, width, b, g, note)
	}
}
