// Command revl-tui is the terminal timeline viewer and time-travel stepper
// for revl schedules.
//
//	revl-tui FILE.rvl [--seed S | --choices V]   record that run in memory and view it
//	revl-tui TRACE.rvt                           view a recorded trace
//	revl-tui FILE.rvl --explore N                sweep seeds 1..N, list them failing first, open one
//
// Keys are listed by `?` in the viewer and in docs/tui.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"golang.org/x/term"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/internal/flagcheck"
	"revl.dev/debug/internal/version"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
	"revl.dev/debug/tui"
)

const (
	exitOK       = 0
	exitFindings = 1 // the program has errors
	exitUsage    = 2
)

const usage = `usage: revl-tui FILE.rvl [--seed S | --choices V] [--max-decisions N] [--atoms fine [--max-fires N]] [--max-faults K]
       revl-tui TRACE.rvt
       revl-tui FILE.rvl --explore N
       revl-tui --version

revl-tui shows one schedule of a revl composition as a timeline you can
step through: one lane per fiber, a column per decision, the ready set,
the fiber, the emissions beside the canonical run's, the residue and the
source at the cursor. Without --seed or --choices it shows the canonical
run. With --explore it sweeps seeds 1..N with a progress bar first, lists
them failing first, and opens the one you pick.

Flags:
	--seed S            the seeded schedule S
	--choices V         the choice vector V, e.g. 0,1,0,0,0,0
	--explore N         sweep seeds 1..N and pick one
	--max-decisions N   atoms allowed per schedule (default: the scheduler's)
	--atoms MODE        lifecycle (default) or fine: schedule inside activations
	                    too, as revl test --atoms fine (resume, complete, fire)
	--max-fires N       with --atoms fine: fires of an every timer (default 3)
	--max-faults K      let the schedule inject up to K faults, as revl test
	                    --max-faults (crash(F) of a live fiber, fail@F:N of an
	                    activation; lifecycle or fine atoms): the vector of a
	                    revl test --faults failure opens with its fault decisions
	--config C.f=V      a config value for component C's field f (repeatable),
	                    as revl test --config
	--no-mouse          do not capture the mouse (clicks on the timeline move the cursor)

Press ? in the viewer for the keys. NO_COLOR=1 turns colours off.
Exit status: 0 after viewing, 1 when the program has errors (they are
shown with their positions, then printed), 2 on a usage or I/O error.
`

// config is what the command line asks for.
type config struct {
	file     string
	sched    tui.Schedule
	explore  int
	maxDec   int
	atoms    runtime.AtomMode
	maxFires int
	// maxFaults is --max-faults (0: none).
	maxFaults int
	noMouse   bool
	config    []runtime.ConfigValue
	hasSched  bool
}

// parseArgs reads flags before and after the file name.
func parseArgs(args []string) (config, error) {
	var c config
	fs := flag.NewFlagSet("revl-tui", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	seed := fs.String("seed", "", "")
	choices := fs.String("choices", "", "")
	fs.IntVar(&c.explore, "explore", 0, "")
	fs.IntVar(&c.maxDec, "max-decisions", 0, "")
	atoms := fs.String("atoms", "lifecycle", "")
	fs.IntVar(&c.maxFires, "max-fires", 0, "")
	fs.IntVar(&c.maxFaults, "max-faults", 0, "")
	fs.BoolVar(&c.noMouse, "no-mouse", false, "")
	fs.Func("config", "", func(s string) error {
		v, err := runtime.ParseConfigValue(s)
		c.config = append(c.config, v)
		return err
	})
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return c, err
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case len(files) != 1:
		return c, fmt.Errorf("want exactly one FILE.rvl or TRACE.rvt, got %d", len(files))
	case set["seed"] && set["choices"]:
		return c, errors.New("give at most one of --seed and --choices")
	case set["explore"] && c.explore < 1:
		return c, fmt.Errorf("--explore must be at least 1 (seeds 1..N are swept), got %d", c.explore)
	case set["max-decisions"] && c.maxDec < 1:
		return c, fmt.Errorf("--max-decisions must be at least 1, got %d", c.maxDec)
	case set["max-faults"] && c.maxFaults < 1:
		return c, fmt.Errorf("--max-faults must be at least 1, got %d", c.maxFaults)
	case c.explore > 0 && (set["seed"] || set["choices"]):
		return c, errors.New("--explore picks the seed itself: drop --seed and --choices")
	}
	// The same checker, and words, as revl test and revl trace record.
	mode, err := flagcheck.Atoms(set, *atoms, c.maxFires)
	if err != nil {
		return c, err
	}
	c.atoms = mode
	c.file = files[0]
	if set["seed"] {
		s, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			return c, fmt.Errorf("--seed %q: want a non-negative integer", *seed)
		}
		c.sched, c.hasSched = tui.Schedule{Seeded: true, Seed: s}, true
	}
	if set["choices"] {
		v, err := schedule.ParseChoices(*choices)
		if err != nil {
			return c, fmt.Errorf("--choices: %v", err)
		}
		c.sched, c.hasSched = tui.Schedule{Choices: v}, true
	}
	if isTrace(c.file) && (c.hasSched || c.explore > 0 || set["atoms"] || set["max-faults"]) {
		return c, errors.New("a trace holds its own schedule, alphabet and fault bound: --seed, --choices, --explore, --atoms and --max-faults are for a program")
	}
	return c, nil
}

// needTerminal refuses to start the viewer when standard input or output
// is a file or a pipe: it would write escape codes into them and fail on
// reading keys. A reader or writer that is not a file (the tests drive
// the viewer in process) is taken as is.
func needTerminal(stdin io.Reader, stdout io.Writer) error {
	for _, s := range []struct {
		name string
		v    any
	}{{"standard input", stdin}, {"standard output", stdout}} {
		if f, ok := s.v.(*os.File); ok && !term.IsTerminal(int(f.Fd())) {
			return fmt.Errorf("needs a terminal: %s is not one (to print a schedule instead, use revl test FILE --choices V or revl trace show TRACE.rvt)", s.name)
		}
	}
	return nil
}

func isTrace(name string) bool { return strings.HasSuffix(name, ".rvt") }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout io.Writer, stderr io.Writer) int {
	if version.Requested(args) {
		fmt.Fprintln(stdout, version.String("revl-tui"))
		return exitOK
	}
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fmt.Fprint(stdout, usage)
			return exitOK
		}
	}
	c, err := parseArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "revl-tui: %v\n\n%s", err, usage)
		return exitUsage
	}
	if err := needTerminal(stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "revl-tui: %v\n", err)
		return exitUsage
	}
	if os.Getenv("NO_COLOR") != "" {
		lipgloss.SetColorProfile(termenv.Ascii)
	}
	lo := tui.LoadOptions{MaxDecisions: c.maxDec, Config: c.config, Atoms: c.atoms, MaxFires: c.maxFires, MaxFaults: c.maxFaults}
	out := serialOutput(stdout)
	vo := tui.Options{Clipboard: out}
	opts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithInput(stdin), tea.WithOutput(out)}
	if !c.noMouse {
		opts = append(opts, tea.WithMouseCellMotion())
	}
	var model tea.Model
	var s *tui.Session
	status := exitOK
	var after func()
	switch {
	case isTrace(c.file):
		if s, err = tui.LoadTrace(c.file, lo); err != nil {
			fmt.Fprintf(stderr, "revl-tui: %v\n", err)
			return exitUsage
		}
		defer s.Close()
		model = tui.New(s, vo)
	default:
		src, err := fileio.Read(c.file)
		if err != nil {
			fmt.Fprintf(stderr, "revl-tui: %v\n", err)
			return exitUsage
		}
		prog, diags := check.Source(c.file, src)
		switch {
		case check.HasErrors(diags):
			model = tui.NewDiagnostics(c.file, src, diags)
			status = exitFindings
			after = func() {
				syntax.WriteDiagnostics(stderr, diags)
				fmt.Fprintf(stderr, "revl-tui: %s has errors; fix them first (revl check %s)\n", c.file, schedule.ShellQuote(c.file))
			}
		case c.explore > 0:
			model = tui.NewExplore(c.file, src, prog, c.explore, lo, vo)
		default:
			s, err = tui.LoadChecked(c.file, src, prog, c.sched, lo)
			if err != nil {
				fmt.Fprintf(stderr, "revl-tui: %s: %v\n", c.file, err)
				return exitUsage
			}
			model = tui.New(s, vo)
		}
	}
	if _, err := tea.NewProgram(model, opts...).Run(); err != nil {
		fmt.Fprintf(stderr, "revl-tui: %v\n", err)
		return exitUsage
	}
	if after != nil {
		after()
	}
	return status
}
