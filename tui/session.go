package tui

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"revl.dev/debug/fileio"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
	"revl.dev/debug/timeline"
)

// DefaultCompareLimit is the number of components above which a session
// does not run the canonical schedule beside the viewed one: the
// scheduler's canonical run keeps every ready set, which is quadratic in
// the width of wide compositions. Above it the emissions pane shows this
// run's side only and the banner says why.
const DefaultCompareLimit = 300

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
}

func (o LoadOptions) compares(components int) bool {
	limit := o.CompareLimit
	if limit == 0 {
		limit = DefaultCompareLimit
	}
	return components <= limit
}

// Emission is one emission of a run, in order.
type Emission struct {
	Index    int
	Decision int
	Fiber    string
	Text     string
}

// Divergence is the first emission where the run parts from the
// canonical one. A side's Decision is -1 when that side has no emission
// there.
type Divergence struct {
	Index         int
	Got           string
	GotFiber      string
	GotDecision   int
	Canon         string
	CanonFiber    string
	CanonDecision int
	// overtook: the canonical emission comes later in this run.
	overtook bool
}

// FindingPoint is a decision where something a finding is about shows.
type FindingPoint struct {
	Decision int
	Text     string
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
	opts   LoadOptions

	tl      *timeline.Timeline // the cursor's handle: details, stepping
	pane    *timeline.Timeline // the window's handle: cells, search
	pre     *prefetcher        // with a handle of its own
	closers []io.Closer
	hdr     *timeline.Header
	sum     *timeline.Summary // nil for an incomplete trace
	lanes   []timeline.Lane
	choices []int
	nameW   int // widest lane name

	emissions []Emission
	canon     []Emission
	canonNote string // why there is no canonical side, when there is none
	div       *Divergence
	findings  []FindingPoint

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
	s, err := record(name, src, prog, sch, opts)
	return s, nil, err
}

// LoadChecked records the schedule sch of a program that checked without
// errors.
func LoadChecked(name string, src []byte, prog *check.Program, sch Schedule, opts LoadOptions) (*Session, error) {
	return record(name, src, prog, sch, opts)
}

func record(name string, src []byte, prog *check.Program, sch Schedule, opts LoadOptions) (*Session, error) {
	compare := opts.compares(len(prog.Components))
	cfg := timeline.Config{Program: name, Source: src, Seeded: sch.Seeded, Seed: sch.Seed, Choices: sch.Choices,
		MaxDecisions: opts.MaxDecisions, NoCompare: !compare, Recorder: "revl-tui"}
	var buf bytes.Buffer
	if _, err := timeline.Record(&buf, cfg); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	s := &Session{Program: name, Origin: sch.String(), ForkedAt: -1, source: src, prog: prog, opts: opts}
	if err := s.open(bytes.NewReader(data), int64(len(data))); err != nil {
		return nil, err
	}
	if compare {
		s.canonical()
	} else {
		s.canonNote = fmt.Sprintf("canonical run not computed: %d components (more than %d)", len(prog.Components), limitOf(opts))
	}
	if err := s.index(); err != nil {
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
	f, err := fileio.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	s, err := OpenTrace(f, st.Size(), path, opts)
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
	src, err := s.tl.Source()
	large := !opts.compares(len(s.hdr.Fibers))
	if err == nil {
		s.source = src
		// A program too large to re-run is not checked either: checking
		// costs seconds and hundreds of MB at 50,000 components, for the
		// fiber pane's keys only.
		if !large {
			if prog, diags := check.Source(s.hdr.Program, src); !check.HasErrors(diags) {
				s.prog = prog
			}
		}
	}
	switch {
	case large:
		s.canonNote = fmt.Sprintf("canonical run not computed: %d components (more than %d)", len(s.hdr.Fibers), limitOf(opts))
	case s.prog == nil:
		s.canonNote = "canonical run not computed: the trace's program is missing or does not check"
	case s.hdr.Redacted:
		s.canonNote = "canonical run not shown: the trace is redacted"
	default:
		s.canonical()
	}
	if err := s.index(); err != nil {
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

// canonical runs the canonical schedule for its emissions.
func (s *Session) canonical() {
	x, err := schedule.NewExplorer(s.prog, schedule.Options{MaxDecisions: s.hdr.Options.MaxDecisions, Runtime: s.hdr.Options.Runtime()})
	if err != nil {
		s.canonNote = "canonical run failed: " + err.Error()
		return
	}
	s.canon = make([]Emission, 0, len(x.Baseline.Emissions))
	for i, e := range x.Baseline.Emissions {
		s.canon = append(s.canon, Emission{Index: i, Decision: e.Decision, Fiber: e.Fiber, Text: e.Text})
	}
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

// Emissions are this run's emissions; Canonical the canonical run's (nil
// when not computed, see CanonicalNote).
func (s *Session) Emissions() []Emission { return s.emissions }

// Canonical is the canonical run's emissions.
func (s *Session) Canonical() []Emission { return s.canon }

// CanonicalNote says why there is no canonical side.
func (s *Session) CanonicalNote() string { return s.canonNote }

// Divergence is the first divergent emission, nil when none.
func (s *Session) Divergence() *Divergence { return s.div }

// Findings are the decisions where findings show, in order.
func (s *Session) Findings() []FindingPoint { return s.findings }

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
	f, err := record(s.Program, s.source, s.prog, Schedule{Choices: v}, opts)
	if err != nil {
		return nil, err
	}
	f.Origin = "what-if " + strconv.Itoa(alt) + "@" + strconv.Itoa(k)
	f.ForkedAt, f.Parent = k, s.choices
	return f, nil
}

// ReplayCommand is the command that replays this run.
func (s *Session) ReplayCommand() string {
	return "revl test " + shellQuote(s.Program) + " --choices " + schedule.FlagChoices(s.choices)
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
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
