package tui

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
	"revl.dev/debug/timeline"
)

// DefaultCompareLimit is the number of components above which a session
// does not run the canonical schedule beside the viewed one, nor check a
// trace's program or re-run it for a what-if fork. It was 300 while a run
// kept every ready set and the read model listed every decision's, both
// quadratic in the width of wide compositions; runs and the read model
// are linear now (docs/performance.md), so it is the size the project
// measures: 50,000 components, a 100,000-decision schedule. Above it the
// emissions pane shows this run's side only and the banner says why.
const DefaultCompareLimit = 50_000

// Schedule says which run of a program to open: a seed, or a choice
// vector (empty: the canonical run).
type Schedule struct {
	Seeded  bool
	Seed    uint64
	Choices []int
}

func (s Schedule) String() string {
	if s.Seeded {
		return "seed " + strconv.FormatUint(s.Seed, 10)
	}
	return "choices " + schedule.FlagChoices(s.Choices)
}

// LoadOptions tune how a session is made.
type LoadOptions struct {
	// MaxDecisions bounds the run (0: the scheduler's default).
	MaxDecisions int
	// CompareLimit: see DefaultCompareLimit (0 takes it, < 0 never
	// compares).
	CompareLimit int
	// Config gives config fields from outside the program (revl-tui
	// --config, as revl test's), for the recorded run.
	Config []runtime.ConfigValue
	// Atoms and MaxFires are the scheduler's alphabet and fire bound
	// (revl-tui --atoms, --max-fires, as revl test's).
	Atoms    runtime.AtomMode
	MaxFires int
	// MaxFaults lets each schedule inject that many faults (revl-tui
	// --max-faults, as revl test's): crash(F) and fail@F:N choices after
	// the ready atoms.
	MaxFaults int
}

// worldOptions are the schedule options of a program opened with o: the
// world revl test builds for the same flags (schedule.Options.WithFaults).
func (o LoadOptions) worldOptions() schedule.Options {
	return schedule.Options{MaxDecisions: o.MaxDecisions,
		Runtime: runtime.Options{Config: o.Config, Atoms: o.Atoms, MaxFires: o.MaxFires}}.WithFaults(o.MaxFaults)
}

func (o LoadOptions) compares(components int) bool {
	limit := o.CompareLimit
	if limit == 0 {
		limit = DefaultCompareLimit
	}
	return components <= limit
}

// Session is one run opened for viewing. Its methods are not safe for
// concurrent use (the viewer calls them from its event loop only).
type Session struct {
	// Program is the program's path as the user gave it (the replay
	// command names it); Origin says how the run was chosen.
	Program string
	Origin  string
	// ForkedAt is the decision a what-if fork changed, -1 for none, and
	// Parent the vector it was forked from.
	ForkedAt int
	Parent   []int

	source []byte
	lines  []string
	prog   *check.Program // nil when the source does not check
	// world is prog prepared for schedules (its canonical baseline runs
	// once, when first needed); nil until a schedule of prog is run.
	world *schedule.World
	opts  LoadOptions

	tl      *timeline.Timeline // the cursor's handle: details, stepping
	pane    *timeline.Timeline // the window's handle: cells, search
	pre     *prefetcher        // with a handle of its own
	closers []io.Closer
	hdr     *timeline.Header
	sum     *timeline.Summary // nil for an incomplete trace
	lanes   []timeline.Lane
	choices []int
	nameW   int // widest lane name

	// view is the read model (timeline.View, without decisions): the
	// emissions beside the canonical run's, the divergence, the finding
	// points. got counts its rows of this run's emissions, which come
	// first, in order.
	view *timeline.View
	got  int

	cells   *cellCache
	details *detailCache
}

// LoadProgram checks a program and records the schedule sch of it into
// memory. When the program has errors the session is nil and the
// diagnostics say where; err is for everything else.
func LoadProgram(name string, src []byte, sch Schedule, opts LoadOptions) (*Session, []syntax.Diagnostic, error) {
	prog, diags := check.Source(name, src)
	if check.HasErrors(diags) {
		return nil, diags, nil
	}
	s, err := recordProgram(name, src, prog, sch, opts)
	return s, nil, err
}

// LoadChecked records the schedule sch of a program that checked without
// errors.
func LoadChecked(name string, src []byte, prog *check.Program, sch Schedule, opts LoadOptions) (*Session, error) {
	return recordProgram(name, src, prog, sch, opts)
}

func recordProgram(name string, src []byte, prog *check.Program, sch Schedule, opts LoadOptions) (*Session, error) {
	w, err := schedule.NewWorld(prog, opts.worldOptions())
	if err != nil {
		return nil, err
	}
	return record(name, src, w, sch, opts)
}

// record records schedule sch of the prepared program w into memory.
func record(name string, src []byte, w *schedule.World, sch Schedule, opts LoadOptions) (*Session, error) {
	prog := w.Program()
	compare := opts.compares(len(prog.Components))
	cfg := timeline.Config{World: w, Program: name, Source: src, Seeded: sch.Seeded, Seed: sch.Seed, Choices: sch.Choices,
		NoCompare: !compare, Recorder: "revl-tui"}
	var buf bytes.Buffer
	if _, err := timeline.Record(&buf, cfg); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	s := &Session{Program: name, Origin: sch.String(), ForkedAt: -1, source: src, prog: prog, world: w, opts: opts}
	if err := s.open(bytes.NewReader(data), int64(len(data))); err != nil {
		return nil, err
	}
	vo := timeline.ViewOptions{Program: prog}
	if compare {
		// The world's baseline, which the recording's comparison ran: the
		// world has the options the trace records.
		vo.Canonical = timeline.CanonicalEmissionsOf(w)
	} else {
		vo.CanonicalNote = fmt.Sprintf("canonical run not computed: %d components (more than %d)", len(prog.Components), limitOf(opts))
	}
	if err := s.index(vo); err != nil {
		return nil, err
	}
	return s, nil
}

func limitOf(o LoadOptions) int {
	if o.CompareLimit == 0 {
		return DefaultCompareLimit
	}
	return o.CompareLimit
}

// LoadTrace opens a .rvt trace file. A trace cut short opens with its
// complete decisions.
func LoadTrace(path string, opts LoadOptions) (*Session, error) {
	f, size, err := fileio.OpenRegularSize(path)
	if err != nil {
		return nil, err
	}
	s, err := OpenTrace(f, size, path, opts)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s.closers = append(s.closers, f)
	return s, nil
}

// OpenTrace opens the trace in r (size bytes); name is shown as where it
// came from.
func OpenTrace(r io.ReaderAt, size int64, name string, opts LoadOptions) (*Session, error) {
	s := &Session{Origin: "trace " + name, ForkedAt: -1, opts: opts}
	if err := s.open(r, size); err != nil {
		return nil, err
	}
	s.Program = s.hdr.Program
	var vo timeline.ViewOptions
	if opts.compares(len(s.hdr.Fibers)) {
		vo = timeline.TraceCanonical(s.tl, 0)
	} else {
		// A program too large to re-run is not checked either: checking
		// costs seconds and hundreds of MB at 50,000 components, for the
		// fiber pane's keys only.
		vo.CanonicalNote = fmt.Sprintf("canonical run not computed: %d components (more than %d)", len(s.hdr.Fibers), limitOf(opts))
	}
	s.prog = vo.Program
	if src, err := s.tl.Source(); err == nil {
		s.source = src
	}
	if err := s.index(vo); err != nil {
		return nil, err
	}
	return s, nil
}

// open opens the two handles over the same bytes and reads the summary
// and the lanes.
func (s *Session) open(r io.ReaderAt, size int64) error {
	var err error
	if s.tl, err = timeline.Open(r, size); err != nil {
		return err
	}
	if s.pane, err = timeline.Open(r, size); err != nil {
		return err
	}
	bg, err := timeline.Open(r, size)
	if err != nil {
		return err
	}
	s.hdr = s.tl.Header()
	if s.sum, err = s.tl.Summary(); err != nil {
		return err
	}
	if s.lanes, err = s.tl.Lanes(); err != nil {
		return err
	}
	if s.choices, err = s.tl.Choices(); err != nil {
		return err
	}
	s.nameW = 4
	for _, l := range s.lanes {
		s.nameW = max(s.nameW, len(l.Fiber))
	}
	s.cells = newCellCache(s.pane)
	s.details = newDetailCache(s.tl)
	s.pre = newPrefetcher(bg, s.cells, s.details)
	return nil
}

// Close releases the trace file, if the session opened one.
func (s *Session) Close() error {
	if s.pre != nil {
		s.pre.close()
	}
	var errs []error
	for _, c := range s.closers {
		errs = append(errs, c.Close())
	}
	s.closers = nil
	return errors.Join(errs...)
}

// Len is the number of decisions.
func (s *Session) Len() int { return s.tl.Len() }

// Choices is the vector the run took.
func (s *Session) Choices() []int { return s.choices }

// Lanes are the fibers in load order.
func (s *Session) Lanes() []timeline.Lane { return s.lanes }

// Summary is how the run ended (nil for an incomplete trace).
func (s *Session) Summary() *timeline.Summary { return s.sum }

// Header describes the recorded run.
func (s *Session) Header() *timeline.Header { return s.hdr }

// View is the run's read model (without decisions: the viewer reads
// those through its caches).
func (s *Session) View() *timeline.View { return s.view }

// Emissions are the rows of this run's emissions beside the canonical
// run's: this run's first, in order, then the canonical emissions it
// lacks.
func (s *Session) Emissions() []timeline.EmissionRow { return s.view.Emissions }

// CanonicalKnown says the rows carry the canonical side; CanonicalNote
// says why not.
func (s *Session) CanonicalKnown() bool  { return s.view.CanonicalKnown }
func (s *Session) CanonicalNote() string { return s.view.CanonicalNote }

// Divergence is the first divergent emission, nil when none.
func (s *Session) Divergence() *timeline.EmissionDivergence { return s.view.Divergence }

// Findings are the decisions where findings show, in order.
func (s *Session) Findings() []timeline.FindingPoint { return s.view.Findings }

// CanFork reports whether a what-if fork can re-run the program, and why
// not.
func (s *Session) CanFork() (bool, string) {
	switch {
	case !s.opts.compares(len(s.hdr.Fibers)):
		return false, fmt.Sprintf("the program has %d components: too large to re-run here", len(s.hdr.Fibers))
	case s.prog == nil:
		return false, "the program is not available or does not check"
	case s.hdr.Redacted:
		return false, "the trace is redacted"
	}
	return true, ""
}

// Fork re-runs the program taking ready atom alt at decision k and the
// same choices before it (zeros after, as replay pads).
func (s *Session) Fork(k, alt int) (*Session, error) {
	if ok, why := s.CanFork(); !ok {
		return nil, errors.New(why)
	}
	v := append(append([]int(nil), s.choices[:k]...), alt)
	opts := s.opts
	opts.MaxDecisions = s.hdr.Options.MaxDecisions
	if s.world == nil {
		// A trace recorded with faults forks in a world that offers them,
		// so its fault choices keep their meaning.
		w, err := schedule.NewWorld(s.prog, timeline.WorldOptions(s.hdr))
		if err != nil {
			return nil, err
		}
		s.world = w
	}
	f, err := record(s.Program, s.source, s.world, Schedule{Choices: v}, opts)
	if err != nil {
		return nil, err
	}
	f.Origin = "what-if " + strconv.Itoa(alt) + "@" + strconv.Itoa(k)
	f.ForkedAt, f.Parent = k, s.choices
	return f, nil
}

// ReplayCommand is the command that replays this run.
func (s *Session) ReplayCommand() string {
	o := s.hdr.Options
	return schedule.ReplayTarget{File: s.Program, Atoms: o.Atoms, MaxFires: o.MaxFires, MaxFaults: o.MaxFaults}.TestCommand(s.choices)
}

// SourceLine returns line n (from 1) of the program, and whether it
// exists.
func (s *Session) SourceLine(n int) (string, bool) {
	if s.lines == nil && s.source != nil {
		s.lines = strings.Split(string(s.source), "\n")
	}
	if n < 1 || n > len(s.lines) {
		return "", false
	}
	return s.lines[n-1], true
}

// SourceLines is the number of lines of the program.
func (s *Session) SourceLines() int {
	s.SourceLine(1)
	return len(s.lines)
}

// Component returns the checked component of a fiber, nil when unknown.
func (s *Session) Component(fiber string) *check.Component {
	if s.prog == nil {
		return nil
	}
	return s.prog.CompByName[fiber]
}
