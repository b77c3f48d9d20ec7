package timeline

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
	"revl.dev/debug/timeline/rvt"
)

// Default block sizes: a segment is flushed once it holds about
// SegmentSize bytes, and a checkpoint is written before a segment once the
// segments since the last one hold max(CheckpointGap, 2 × the last
// checkpoint's size) bytes, so checkpoints never cost more than the log
// they index and opening at any decision decodes one checkpoint and at
// most about CheckpointGap bytes of events.
const (
	DefaultSegmentSize   = 32 << 10
	DefaultCheckpointGap = 96 << 10
)

// Recorder writes a trace while a run happens: Decide at every decision,
// Event for every event (it is a runtime sink), Finish at the end. Blocks
// are appended as they fill, so memory stays bounded by one segment and
// the model state, whatever the length of the run, and a process killed
// mid-run leaves a trace whose complete prefix opens.
type Recorder struct {
	w        *rvt.Writer
	hdr      *rvt.Header
	m        *model
	seg      rvt.SegmentWriter
	segOpen  bool
	segSize  int
	ckptGap  int
	since    int // bytes of segments since the last checkpoint
	lastCkpt int
	redact   bool
	fine     bool // the run has fine atoms: ready sets may hold complete, resume and fire
	err      error
	open     bool // a decision is in progress
	lanes    []rvt.LaneSpan
	choices  []int
	ready    []rvt.Ready
	set      *readyCopy // the ready set of the last decision
}

// RecorderOptions tune the block sizes; zero fields take the defaults.
type RecorderOptions struct {
	SegmentSize   int
	CheckpointGap int
}

// NewRecorder writes the header and the program to w and returns a
// recorder for the run. hdr.SourceHash and SourceLen are set from source.
func NewRecorder(w io.Writer, hdr *Header, source []byte, opts RecorderOptions) (*Recorder, error) {
	hdr.SourceHash = rvt.Hash(source)
	hdr.SourceLen = len(source)
	wr, err := rvt.NewWriterVersion(w, rvt.VersionFor(hdr))
	if err != nil {
		return nil, err
	}
	r := &Recorder{w: wr, hdr: hdr, m: newModel(hdr.Fibers), redact: hdr.Redacted, set: newReadyCopy(len(hdr.Fibers)),
		fine:    hdr.Options.Atoms == "fine",
		segSize: opts.SegmentSize, ckptGap: opts.CheckpointGap}
	if r.segSize <= 0 {
		r.segSize = DefaultSegmentSize
	}
	if r.ckptGap <= 0 {
		r.ckptGap = DefaultCheckpointGap
	}
	r.lanes = make([]rvt.LaneSpan, len(hdr.Fibers))
	for i := range r.lanes {
		r.lanes[i] = rvt.LaneSpan{Activated: -1, TornDown: -1}
	}
	if err := wr.Append(rvt.KindHeader, rvt.Meta{}, rvt.EncodeHeader(hdr)); err != nil {
		return nil, err
	}
	if err := wr.Append(rvt.KindProgram, rvt.Meta{}, source); err != nil {
		return nil, err
	}
	if err := r.checkpoint(); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *Recorder) fail(err error) error {
	if r.err == nil {
		r.err = err
	}
	return r.err
}

func (r *Recorder) checkpoint() error {
	r.m.Ready = append(r.m.Ready[:0], r.set.current()...)
	body := rvt.EncodeState(r.m.save())
	if err := r.w.Append(rvt.KindCheckpoint, rvt.Meta{FirstDecision: r.m.Decisions, SeqBase: r.m.Seq}, body); err != nil {
		return r.fail(err)
	}
	r.lastCkpt, r.since = len(body), 0
	return nil
}

func (r *Recorder) flush() error {
	if !r.segOpen {
		return nil
	}
	meta, body := r.seg.Bytes()
	r.segOpen = false
	if meta.Decisions == 0 {
		return nil
	}
	if err := r.w.Append(rvt.KindSegment, meta, body); err != nil {
		return r.fail(err)
	}
	r.since += len(body)
	return nil
}

func (r *Recorder) endDecision() {
	if r.open {
		r.seg.EndDecision()
		r.m.Decisions++
		r.open = false
	}
}

// Decide records the next decision: ready is the ready set the chooser
// saw (runtime.Machine.Ready), chosen its pick. It compares the set with
// the previous one, which costs both their widths; DecideChanges records
// the same decision from what changed.
func (r *Recorder) Decide(ready []runtime.Atom, chosen int) error {
	if err := r.beginDecision(); err != nil {
		return err
	}
	if chosen < 0 || chosen >= len(ready) {
		return r.fail(fmt.Errorf("timeline: decision %d chooses %d of %d ready atoms", r.m.Decisions, chosen, len(ready)))
	}
	r.ready = r.ready[:0]
	fine := false
	for _, a := range ready {
		i := r.m.fiber(a.Fiber)
		switch {
		case a.Kind == runtime.Complete && r.fine:
			i, fine = a.Job, true
		case (a.Kind == runtime.Resume || a.Kind == runtime.Fire) && r.fine && i >= 0:
			fine = true
		case (a.Kind == runtime.Crash || a.Kind == runtime.Activate && a.FailAt > 0) && i >= 0:
			// An injected fault, crash(F) or fail@F:N, listed after the
			// ready atoms (a world with MaxFaults): not in the lifecycle
			// copy's slot order either.
			fine = true
		case i < 0 || (a.Kind != runtime.Activate && a.Kind != runtime.Teardown):
			return r.fail(fmt.Errorf("timeline: decision %d: %s is not a schedulable atom of this program", r.m.Decisions, a))
		}
		r.ready = append(r.ready, rvt.Ready{Kind: a.Kind, Fiber: i, FailAt: int(a.FailAt)})
	}
	if fine {
		// Fine ready sets are not in the slot order of the lifecycle copy
		// (resume and complete rank first): stored whole, and the copy
		// only remembers the set for the next decision and checkpoints.
		r.seg.DecisionFull(r.ready, chosen)
		r.set.prev, r.set.listed, r.set.sorted = append(r.set.prev[:0], r.ready...), true, false
		r.chose(r.ready[chosen], chosen)
		return nil
	}
	if removed, added, whole := r.set.full(r.ready); whole {
		r.seg.DecisionFull(r.ready, chosen)
	} else {
		r.seg.DecisionChange(removed, added, chosen)
	}
	r.chose(r.ready[chosen], chosen)
	return nil
}

// DecideChanges records the next decision from the runtime's changes to
// the ready set since the previous decision (runtime.Machine.ReadyChanges,
// whose fibers are load indices: the header's Fibers must be the program's
// load order), chosen the chooser's pick. It writes what Decide writes for
// the same set, in time proportional to the changes: a decision of a run
// with 50,000 atoms ready costs what one with 5 does.
func (r *Recorder) DecideChanges(changes []runtime.ReadyChange, chosen int) error {
	if err := r.beginDecision(); err != nil {
		return err
	}
	removed, added, err := r.set.change(changes)
	if err != nil {
		return r.fail(fmt.Errorf("timeline: decision %d: %w", r.m.Decisions, err))
	}
	if chosen < 0 || chosen >= r.set.size {
		return r.fail(fmt.Errorf("timeline: decision %d chooses %d of %d ready atoms", r.m.Decisions, chosen, r.set.size))
	}
	if r.set.sorted {
		r.seg.DecisionChange(removed, added, chosen)
	} else {
		// After a set stored whole because it was out of order (only a
		// caller of Decide can give one), the format stores the next whole.
		r.seg.DecisionFull(r.set.current(), chosen)
		r.set.sorted = true
	}
	r.chose(r.set.atom(r.set.at(chosen)), chosen)
	return nil
}

// beginDecision ends the previous decision and opens a segment (after a
// checkpoint when one is due) for the next.
func (r *Recorder) beginDecision() error {
	if r.err != nil {
		return r.err
	}
	r.endDecision()
	if r.segOpen && r.seg.Size() >= r.segSize {
		if err := r.flush(); err != nil {
			return err
		}
	}
	if !r.segOpen {
		if r.since >= max(r.ckptGap, 2*r.lastCkpt) {
			if err := r.checkpoint(); err != nil {
				return err
			}
		}
		// The recorder writes ready sets as changes it computed itself, so
		// the segment needs no previous set.
		r.seg.Begin(r.m.Decisions, r.m.Seq, r.m.Time, nil)
		r.segOpen = true
	}
	return nil
}

// chose notes the decision's pick c (at index chosen).
func (r *Recorder) chose(c rvt.Ready, chosen int) {
	k := r.m.Decisions
	switch c.Kind {
	case runtime.Activate:
		r.lanes[c.Fiber].Activated = k
	case runtime.Teardown, runtime.Crash:
		// An injected crash ends the fiber's life as its teardown would:
		// the lane is active up to it and failed after.
		r.lanes[c.Fiber].TornDown = k
	}
	r.choices = append(r.choices, chosen)
	r.open = true
}

// Event records one event of the current decision. Its signature makes it
// a runtime sink; an error is kept and returned by Finish.
func (r *Recorder) Event(ev runtime.Event) {
	if r.err != nil {
		return
	}
	if r.redact {
		ev = RedactEvent(ev)
	}
	if err := r.seg.Event(&ev); err != nil {
		r.fail(fmt.Errorf("timeline: decision %d: %w", r.m.Decisions, err))
		return
	}
	r.m.apply(&ev)
}

// Snapshot is the state after the events recorded so far, derived from
// them.
func (r *Recorder) Snapshot() Snapshot { return r.m.snapshot() }

// Choices is the vector recorded so far.
func (r *Recorder) Choices() []int { return r.choices }

// Finish ends the run: it writes the last segment, the summary (its
// Decisions, Events, Choices and the lanes' decisions are filled in) and
// the index.
func (r *Recorder) Finish(sum *Summary) error {
	if r.err != nil {
		return r.err
	}
	r.endDecision()
	if err := r.flush(); err != nil {
		return err
	}
	sum.Decisions = r.m.Decisions
	sum.Events = r.m.Events
	sum.Choices = slices.Clone(r.choices)
	for i := range sum.Lanes {
		if i < len(r.lanes) {
			sum.Lanes[i].Activated, sum.Lanes[i].TornDown = r.lanes[i].Activated, r.lanes[i].TornDown
		}
	}
	if err := r.w.Append(rvt.KindSummary, rvt.Meta{}, rvt.EncodeSummary(sum)); err != nil {
		return r.fail(err)
	}
	if err := r.w.Close(); err != nil {
		return r.fail(err)
	}
	r.err = errors.New("timeline: the recorder is finished")
	return nil
}

// Config says what to record.
type Config struct {
	// World is the prepared program to run; when nil, Record checks Source
	// and prepares it with Options and MaxDecisions.
	World *schedule.World
	// Program is the file name used in positions; Source its text (stored
	// in the trace, so a replay needs nothing else).
	Program string
	Source  []byte
	// Seeded selects the seeded chooser with Seed; otherwise Choices is
	// replayed (an empty vector is the canonical run).
	Seeded  bool
	Seed    uint64
	Choices []int
	// Options bound the run and MaxDecisions the atoms of the schedule (0:
	// schedule.DecisionBound); both are the World's when World is set.
	Options      runtime.Options
	MaxDecisions int
	// MaxFaults lets the schedule inject that many faults, crash(F) and
	// fail@F:N, as revl test --faults does (schedule.Options.WithFaults);
	// the World's when World is set. The trace keeps the bound and the
	// kinds of fault (format version 5) for its replay.
	MaxFaults int
	// Redact stores hashes of the run's data instead of the data.
	Redact bool
	// NoCompare skips the canonical run and the property checks: the
	// summary then has no findings and no comparison.
	NoCompare bool
	// Recorder names the tool in the header ("revl trace record").
	Recorder string
	RecorderOptions
}

// ErrModel is wrapped by the error Record returns when the snapshot the
// timeline derives from the events disagrees with the machine's own.
var ErrModel = errors.New("the timeline's model disagrees with the runtime")

// Compile parses and checks a program, with the first error diagnostic as
// the error.
func Compile(name string, src []byte) (*check.Program, error) {
	prog, diags := check.Source(name, src)
	if check.HasErrors(diags) {
		n := 0
		for _, d := range diags {
			if d.Severity == syntax.SeverityError {
				n++
			}
		}
		for _, d := range diags {
			if d.Severity == syntax.SeverityError {
				if n > 1 {
					return nil, fmt.Errorf("%s (and %d more errors)", d.Error(), n-1)
				}
				return nil, errors.New(d.Error())
			}
		}
	}
	return prog, nil
}

// Record runs one schedule of cfg's world and writes its trace to w as it
// runs: the recorder is an observer of the schedule's one driver loop,
// beside the property monitor, so the findings and the comparison with
// the canonical run (the world's baseline) come from the same run.
func Record(w io.Writer, cfg Config) (*Summary, error) { return recordRun(w, cfg, false) }

// recordRun is Record; list makes the recorder list every ready set instead
// of following the runtime's changes (the reference its tests compare
// with).
func recordRun(w io.Writer, cfg Config, list bool) (*Summary, error) {
	world := cfg.World
	if world == nil {
		prog, err := Compile(cfg.Program, cfg.Source)
		if err != nil {
			return nil, err
		}
		if world, err = schedule.NewWorld(prog, schedule.Options{MaxDecisions: cfg.MaxDecisions, Runtime: cfg.Options}.WithFaults(cfg.MaxFaults)); err != nil {
			return nil, err
		}
	}
	prog, wopts := world.Program(), world.Options()
	var ch schedule.Chooser
	if cfg.Seeded {
		ch = schedule.NewSeeded(cfg.Seed)
	} else {
		ch = schedule.NewReplay(cfg.Choices)
	}
	hdr := &Header{Program: cfg.Program, Options: optionsOf(wopts.Runtime, wopts.MaxDecisions), Seeded: cfg.Seeded, Seed: cfg.Seed,
		Redacted: cfg.Redact, Recorder: cfg.Recorder, Runtime: runtime.Version}
	hdr.Options.MaxFaults, hdr.Options.Failures = wopts.MaxFaults, wopts.Failures && wopts.MaxFaults > 0
	if cfg.Seeded {
		hdr.EntropySeed = cfg.Seed
	} else {
		hdr.Choices = slices.Clone(cfg.Choices)
	}
	for _, c := range prog.LoadOrder {
		hdr.Fibers = append(hdr.Fibers, c.Name)
	}
	rec, err := NewRecorder(w, hdr, cfg.Source, cfg.RecorderOptions)
	if err != nil {
		return nil, err
	}
	// With faults a decision's set is the runtime's ready set and the fault
	// choices after it, which the runtime's changes do not describe: listed.
	obs := &recording{rec: rec, list: list || wopts.MaxFaults > 0}
	res := world.RunObserved(ch, obs, !cfg.NoCompare)
	if rec.err != nil {
		return nil, rec.err
	}
	sum := &Summary{Stop: "no atom is ready", Final: rvt.FromRuntime(res.Snapshot), Lanes: obs.lanes}
	if res.Truncated {
		sum.Stop = fmt.Sprintf("the schedule reached --max-decisions=%d", wopts.MaxDecisions)
	}
	if got := rec.Snapshot(); !snapshotEqual(got, sum.Final) {
		return nil, fmt.Errorf("timeline: %w: at the end of the run it derives %s, the machine has %s", ErrModel, got.Runtime(), sum.Final.Runtime())
	}
	if !cfg.NoCompare {
		base := world.Baseline()
		var red *textRedactor
		if cfg.Redact {
			var texts []string
			for _, e := range res.Emissions {
				texts = append(texts, e.Text)
			}
			for _, e := range base.Emissions {
				texts = append(texts, e.Text)
			}
			red = newTextRedactor(texts)
		}
		sum.Compared = true
		sum.Signature = res.Signature()
		for _, f := range res.Findings {
			msg := f.Message
			if red != nil {
				msg = red.text(msg)
			}
			sum.Findings = append(sum.Findings, rvt.Finding{Tag: f.Tag, Message: msg, Divergence: f.Divergence})
		}
		sum.Comparison = compare(base, res, red)
	}
	if err := rec.Finish(sum); err != nil {
		return nil, err
	}
	return sum, nil
}

// recording feeds a schedule's driver loop to a Recorder.
type recording struct {
	rec   *Recorder
	list  bool
	ready []runtime.Atom
	lanes []rvt.LaneSpan
}

// Decide records the decision from the runtime's changes to its ready
// set, so recording costs what changed, not the set's width; when the
// runtime cannot say what changed (the first decision, a mock world) it
// lists the set. An error is kept and returned by Finish.
func (o *recording) Decide(d *schedule.Driver, ready, chosen int) {
	if changes, ok := d.M.ReadyChanges(); ok && !o.list {
		o.rec.DecideChanges(changes, chosen)
		return
	}
	o.ready = o.ready[:0]
	for i := range ready {
		// The driver's set: the runtime's, then any fault choices.
		o.ready = append(o.ready, d.ReadyAt(i))
	}
	o.rec.Decide(o.ready, chosen)
}

func (o *recording) Event(ev runtime.Event) { o.rec.Event(ev) }

// End keeps each lane's final state and error.
func (o *recording) End(d *schedule.Driver) {
	for _, f := range d.M.Fibers() {
		l := rvt.LaneSpan{State: f.State.String()}
		if f.Err != nil {
			e := f.Err
			if o.rec.redact {
				e = redactErr(e)
			}
			l.Error = e.Error()
		}
		o.lanes = append(o.lanes, l)
	}
}

func optionsOf(o runtime.Options, maxDec int) Options {
	opts := Options{StepBudget: o.StepBudget, CallBudget: o.CallBudget, RunBudget: o.RunBudget, MaxDepth: o.MaxDepth,
		AtomSnapshots: o.AtomSnapshots, MaxDecisions: maxDec, MemoryBudget: o.MemoryBudget}
	if o.Atoms == runtime.AtomsFine {
		opts.Atoms, opts.MaxFires = o.Atoms.String(), o.MaxFires
	}
	return opts
}

func snapshotEqual(a, b Snapshot) bool {
	return slices.Equal(a.Registry, b.Registry) && slices.Equal(a.Provisions, b.Provisions) &&
		slices.Equal(a.Effects, b.Effects) && slices.Equal(a.Listeners, b.Listeners) && slices.Equal(a.Unreleased, b.Unreleased)
}

// compare sets the run beside the canonical run. The first divergent
// emission is the monitor's (got.Divergence, an index among the emissions
// that count: commutative ones compare as a multiset); Divergence is its
// index in this run's list of all emissions.
func compare(base, got *schedule.Result, red *textRedactor) *Comparison {
	c := &Comparison{Emissions: len(got.Emissions), CanonicalEmissions: len(base.Emissions), Divergence: -1,
		GotDecision: -1, CanonicalDecision: -1}
	if i := got.Divergence; i >= 0 {
		c.Divergence = len(got.Emissions)
		if at, e := nthOrdered(got.Emissions, i); e != nil {
			c.Divergence, c.Got, c.GotDecision = at, e.Text, e.Decision
		}
		if _, e := nthOrdered(base.Emissions, i); e != nil {
			c.Canonical, c.CanonicalDecision = e.Text, e.Decision
		}
	}
	for i, s := range got.States {
		if i < len(base.States) && s != base.States[i] {
			name, st, _ := strings.Cut(s, "=")
			_, bst, _ := strings.Cut(base.States[i], "=")
			c.States = append(c.States, name+": "+st+" (canonical: "+bst+")")
		}
	}
	c.Snapshot = runtime.Diff(base.Snapshot, got.Snapshot)
	if red != nil {
		c.Got, c.Canonical = red.text(c.Got), red.text(c.Canonical)
		for i := range c.Snapshot {
			c.Snapshot[i] = red.text(c.Snapshot[i])
		}
	}
	return c
}

// nthOrdered finds the i-th non-commutative emission and its index in es.
func nthOrdered(es []schedule.Emission, i int) (int, *schedule.Emission) {
	for k := range es {
		if es[k].Commutative {
			continue
		}
		if i == 0 {
			return k, &es[k]
		}
		i--
	}
	return -1, nil
}
