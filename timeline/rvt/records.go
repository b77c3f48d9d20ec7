package rvt

import (
	"fmt"
	"math"

	"revl.dev/debug/runtime"
)

// Header is the HEAD block: everything a replay needs besides the
// program text, which follows in the PROG block.
type Header struct {
	// Program is the program's file name as given when recording; it is
	// the file name in every position of the event log.
	Program string `json:"program"`
	// SourceHash is BLAKE3-256 of the program source; SourceLen its size.
	SourceHash Sum `json:"-"`
	SourceLen  int `json:"source_len"`
	// Fibers are the components in load order: the timeline's lanes, and
	// what fiber numbers in ready sets refer to.
	Fibers  []string `json:"fibers"`
	Options Options  `json:"options"`
	// Seeded says the schedule was chosen by the seeded chooser with Seed;
	// otherwise Choices is the vector that was asked for (padded with
	// zeros and clamped as spec §6 says). The vector actually taken is in
	// the summary and in the decisions themselves.
	Seeded  bool   `json:"seeded"`
	Seed    uint64 `json:"seed"`
	Choices []int  `json:"choices,omitempty"`
	// EntropySeed is the run seed of the seam's seeded entropy (spec §8).
	// The runtime draws no entropy yet; it is recorded so that a runtime
	// that does (mocks) replays with the same substreams.
	EntropySeed uint64 `json:"entropy_seed"`
	// Redacted says emission arguments, call arguments and results, host
	// operation arguments and fail messages are stored as hashes.
	Redacted bool `json:"redacted"`
	// Recorder names what wrote the trace, e.g. "revl trace record".
	Recorder string `json:"recorder"`
	// Runtime is the semantic version of the runtime that recorded the
	// trace (runtime.Version); a replay refuses a trace whose runtime
	// behaves differently. Version 1 traces read as "1.0.0".
	Runtime string `json:"runtime"`
}

// Options are the run options a replay must use.
type Options struct {
	StepBudget    int  `json:"step_budget"`
	CallBudget    int  `json:"call_budget"`
	RunBudget     int  `json:"run_budget"`
	MaxDepth      int  `json:"max_depth"`
	AtomSnapshots bool `json:"atom_snapshots"`
	MaxDecisions  int  `json:"max_decisions"`
	// MemoryBudget is runtime.Options.MemoryBudget; 0 (and every
	// version 1 trace) means the default.
	MemoryBudget int64 `json:"memory_budget,omitempty"`
	// Atoms is the scheduler's alphabet, "fine" or "" (lifecycle, and
	// every trace before version 3); MaxFires its fire bound (0: the
	// default).
	Atoms    string `json:"atoms,omitempty"`
	MaxFires int    `json:"max_fires,omitempty"`
	// MaxFaults is schedule.Options.MaxFaults, the faults the schedule may
	// inject (crash(F) choices after the ready atoms); 0, and every trace
	// before version 4, none.
	MaxFaults int `json:"max_faults,omitempty"`
	// Failures is schedule.Options.Failures: the faults include fail@F:N,
	// an activation failing after its top-level step N (choices after the
	// crashes); false, and every trace before version 5, crashes only.
	Failures bool `json:"failures,omitempty"`
}

// Runtime returns the runtime options.
func (o Options) Runtime() runtime.Options {
	atoms, _ := runtime.ParseAtomMode(o.Atoms)
	return runtime.Options{StepBudget: o.StepBudget, CallBudget: o.CallBudget, RunBudget: o.RunBudget,
		MaxDepth: o.MaxDepth, AtomSnapshots: o.AtomSnapshots, MemoryBudget: o.MemoryBudget,
		Atoms: atoms, MaxFires: o.MaxFires}
}

// EncodeHeader encodes h as a HEAD payload.
func EncodeHeader(h *Header) []byte {
	var e encoder
	e.string(h.Program)
	e.raw(h.SourceHash[:])
	e.int(h.SourceLen)
	e.strings(h.Fibers)
	o := h.Options
	e.int(o.StepBudget)
	e.int(o.CallBudget)
	e.int(o.RunBudget)
	e.int(o.MaxDepth)
	e.bool(o.AtomSnapshots)
	e.int(o.MaxDecisions)
	e.bool(h.Seeded)
	e.uvarint(h.Seed)
	e.ints(h.Choices)
	e.uvarint(h.EntropySeed)
	e.bool(h.Redacted)
	e.string(h.Recorder)
	// Version 2.
	e.string(h.Runtime)
	e.uvarint(uint64(o.MemoryBudget))
	if VersionFor(h) >= 3 {
		e.string(o.Atoms)
		e.int(o.MaxFires)
	}
	if VersionFor(h) >= 4 {
		e.int(o.MaxFaults)
	}
	if VersionFor(h) >= 5 {
		e.bool(o.Failures)
	}
	return e.buf
}

// Version1Runtime is the runtime version of every version 1 trace: the
// runtime that wrote them, before traces carried one.
const Version1Runtime = "1.0.0"

// DecodeHeader decodes a HEAD payload of a trace of format version.
func DecodeHeader(b []byte, version uint32) (*Header, error) {
	d := decoder{buf: b}
	h := &Header{Program: d.string()}
	copy(h.SourceHash[:], d.bytes(sumSize))
	h.SourceLen = d.int()
	h.Fibers = d.strings()
	h.Options = Options{StepBudget: d.int(), CallBudget: d.int(), RunBudget: d.int(), MaxDepth: d.int(),
		AtomSnapshots: d.bool(), MaxDecisions: d.int()}
	h.Seeded = d.bool()
	h.Seed = d.uvarint()
	h.Choices = d.ints()
	h.EntropySeed = d.uvarint()
	h.Redacted = d.bool()
	h.Recorder = d.string()
	if version >= 2 {
		h.Runtime = d.string()
		if mb := d.uvarint(); mb <= math.MaxInt64 {
			h.Options.MemoryBudget = int64(mb)
		} else {
			d.fail(errRange)
		}
	} else {
		h.Runtime = Version1Runtime
	}
	if version >= 3 {
		h.Options.Atoms = d.string()
		h.Options.MaxFires = d.int()
		if _, ok := runtime.ParseAtomMode(h.Options.Atoms); !ok {
			d.fail(errRange)
		}
	}
	if version >= 4 {
		if h.Options.MaxFaults = d.int(); h.Options.MaxFaults < 0 {
			d.fail(errRange)
		}
	}
	if version >= 5 {
		// Failures are faults: a bound of 0 with them is no header this
		// package writes.
		if h.Options.Failures = d.bool(); h.Options.Failures && h.Options.MaxFaults == 0 {
			d.fail(errRange)
		}
	}
	d.end()
	return h, d.err
}

// Ready is one atom of a ready set: its kind (runtime.Activate or
// runtime.Teardown; with fine atoms Resume, Fire, Complete; with faults
// Crash and fail@F:N, the choices after the ready atoms) and its fiber's
// load-order index.
type Ready struct {
	Kind runtime.AtomKind
	// Fiber is the fiber's load index; for a complete(job N) atom (fine
	// atoms, version 3) the job's index, its serial - 1.
	Fiber int
	// FailAt, on an Activate, is the step after which the injected
	// failure strikes (runtime.Atom.FailAt, fail@F:N, version 5); 0 for a
	// plain activation.
	FailAt int
}

// Less is ready-set order: by kind, then by fiber (or job), then a plain
// activation before its failing ones.
func (a Ready) Less(b Ready) bool {
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if a.Fiber != b.Fiber {
		return a.Fiber < b.Fiber
	}
	return a.FailAt < b.FailAt
}

// Job is a running job: its serial (start order, from 1) and name.
type Job struct {
	Serial int
	Name   string
}

// State is a CKPT block: the timeline's model state between two
// decisions, from which the snapshot (spec §5) and the residue counts are
// derived. Lists are in the order the snapshot shows them.
type State struct {
	Decisions  int   // decisions completed
	Seq        int64 // the last event's sequence number
	Time       int64 // virtual ms
	Emissions  int   // emissions so far
	Events     int64 // events so far
	Fibers     []runtime.FiberState
	Frames     [][]string // per fiber, oldest first
	Provisions []string   // sorted
	Maps       []int      // live maps, by serial
	Pools      []int      // open pools, by serial
	Timers     []int      // armed timers, by serial
	Jobs       []Job      // running jobs, in start order
	JobsRun    int        // jobs started so far
	Ready      []Ready    // the ready set of the last decision (empty before the first)
}

// EncodeState encodes s as a CKPT body.
func EncodeState(s *State) []byte {
	var tab strTab
	var b encoder
	b.int(s.Decisions)
	b.uvarint(uint64(s.Seq))
	b.varint(s.Time)
	b.int(s.Emissions)
	b.uvarint(uint64(s.Events))
	// Fiber states, run-length encoded: runs of one state are long at
	// both ends of a schedule (all pending, all down).
	b.int(len(s.Fibers))
	for i := 0; i < len(s.Fibers); {
		j := i
		for j < len(s.Fibers) && s.Fibers[j] == s.Fibers[i] {
			j++
		}
		b.byte(byte(s.Fibers[i]))
		b.int(j - i)
		i = j
	}
	// Frames: only the non-empty ones, by fiber distance.
	nonEmpty := 0
	for _, f := range s.Frames {
		if len(f) > 0 {
			nonEmpty++
		}
	}
	b.int(nonEmpty)
	last := 0
	for i, f := range s.Frames {
		if len(f) == 0 {
			continue
		}
		b.int(i - last)
		last = i
		b.int(len(f))
		for _, t := range f {
			b.uvarint(tab.ref(t))
		}
	}
	b.int(len(s.Provisions))
	for _, p := range s.Provisions {
		b.uvarint(tab.ref(p))
	}
	for _, serials := range [][]int{s.Maps, s.Pools, s.Timers} {
		b.int(len(serials))
		prev := 0
		for _, x := range serials {
			b.int(x - prev)
			prev = x
		}
	}
	b.int(len(s.Jobs))
	for _, j := range s.Jobs {
		b.int(j.Serial)
		b.uvarint(tab.ref(j.Name))
	}
	b.int(s.JobsRun)
	encodeReadyFull(&b, s.Ready)
	var e encoder
	tab.encode(&e)
	e.raw(b.buf)
	return e.buf
}

// DecodeState decodes a CKPT body for a program with nfibers fibers.
func DecodeState(body []byte, nfibers int) (*State, error) {
	d := decoder{buf: body}
	tab := d.strings()
	s := &State{Decisions: d.int()}
	s.Seq = int64(d.uvarint())
	s.Time = d.varint()
	s.Emissions = d.int()
	s.Events = int64(d.uvarint())
	if s.Seq < 0 || s.Events < 0 {
		d.fail(errRange)
	}
	n := d.int()
	if d.err == nil && n != nfibers {
		return nil, fmt.Errorf("the checkpoint has %d fibers, the header %d", n, nfibers)
	}
	s.Fibers = make([]runtime.FiberState, 0, n)
	for len(s.Fibers) < n && d.err == nil {
		st := d.byte()
		run := d.int()
		if st > byte(runtime.Activating) || run == 0 || run > n-len(s.Fibers) {
			d.fail(errRange)
			break
		}
		for k := 0; k < run; k++ {
			s.Fibers = append(s.Fibers, runtime.FiberState(st))
		}
	}
	s.Frames = make([][]string, n)
	ne := d.count(2)
	at := 0
	for k := 0; k < ne && d.err == nil; k++ {
		at += d.int()
		c := d.count(1)
		if at >= n || (k > 0 && s.Frames[at] != nil) || c == 0 {
			d.fail(errRange)
			break
		}
		fr := make([]string, c)
		for j := range fr {
			fr[j] = d.strRef(tab)
		}
		s.Frames[at] = fr
	}
	np := d.count(1)
	for k := 0; k < np && d.err == nil; k++ {
		s.Provisions = append(s.Provisions, d.strRef(tab))
	}
	for _, dst := range []*[]int{&s.Maps, &s.Pools, &s.Timers} {
		c := d.count(1)
		prev := 0
		for k := 0; k < c && d.err == nil; k++ {
			x := prev + d.int()
			if x <= prev || x > 1<<30 {
				d.fail(errRange)
			}
			*dst = append(*dst, x)
			prev = x
		}
	}
	nj := d.count(2)
	for k := 0; k < nj && d.err == nil; k++ {
		s.Jobs = append(s.Jobs, Job{Serial: d.int(), Name: d.strRef(tab)})
	}
	s.JobsRun = d.int()
	s.Ready = decodeReadyFull(&d, nfibers)
	d.end()
	if d.err != nil {
		return nil, d.err
	}
	return s, nil
}

// readyFailAt is the kind byte of a fail@F:N ready atom (version 5): an
// Activate whose fiber is followed by its FailAt. It is no runtime atom
// kind, so a reader of version 4 or older refuses it as damage instead of
// reading a plain activation.
const readyFailAt = 0x80 | byte(runtime.Activate)

// maxFailAt bounds a decoded FailAt: a step of a component's body.
const maxFailAt = 1 << 24

func encodeReady(e *encoder, r Ready) {
	if r.Kind == runtime.Activate && r.FailAt > 0 {
		e.byte(readyFailAt)
		e.int(r.Fiber)
		e.int(r.FailAt)
		return
	}
	e.byte(byte(r.Kind))
	e.int(r.Fiber)
}

func decodeReadyAtom(d *decoder, nfibers int) Ready {
	k := d.byte()
	f := d.int()
	if k == readyFailAt {
		n := d.int()
		if f >= nfibers || n < 1 || n > maxFailAt {
			d.fail(errRange)
		}
		return Ready{Kind: runtime.Activate, Fiber: f, FailAt: n}
	}
	switch runtime.AtomKind(k) {
	case runtime.Activate, runtime.Teardown, runtime.Resume, runtime.Fire, runtime.Crash:
		// Crash: an injected fault, a choice after the ready atoms of a
		// trace recorded with faults (version 4).
		if f >= nfibers {
			d.fail(errRange)
		}
	case runtime.Complete:
		// Fiber is the job's index (serial - 1), not a fiber.
	default:
		d.fail(errRange)
	}
	return Ready{Kind: runtime.AtomKind(k), Fiber: f}
}

func encodeReadyFull(e *encoder, rs []Ready) {
	e.int(len(rs))
	for _, r := range rs {
		encodeReady(e, r)
	}
}

func decodeReadyFull(d *decoder, nfibers int) []Ready {
	n := d.count(2)
	out := make([]Ready, 0, n)
	for k := 0; k < n && d.err == nil; k++ {
		out = append(out, decodeReadyAtom(d, nfibers))
	}
	return out
}

// Snapshot is the observable state of spec §5 (runtime.Snapshot with JSON
// names).
type Snapshot struct {
	Registry   []string `json:"registry"`
	Provisions []string `json:"provisions"`
	Effects    []string `json:"effects"`
	Listeners  []string `json:"listeners"`
	Unreleased []string `json:"unreleased"`
}

// FromRuntime converts a runtime snapshot.
func FromRuntime(s runtime.Snapshot) Snapshot {
	return Snapshot{Registry: s.Registry, Provisions: s.Provisions, Effects: s.Effects, Listeners: s.Listeners, Unreleased: s.Unreleased}
}

// Runtime converts back.
func (s Snapshot) Runtime() runtime.Snapshot {
	return runtime.Snapshot{Registry: s.Registry, Provisions: s.Provisions, Effects: s.Effects, Listeners: s.Listeners, Unreleased: s.Unreleased}
}

func (s *Snapshot) lists() []*[]string {
	return []*[]string{&s.Registry, &s.Provisions, &s.Effects, &s.Listeners, &s.Unreleased}
}

// Finding is a failed property (schedule.Finding).
type Finding struct {
	Tag        string `json:"tag"`
	Message    string `json:"message"`
	Divergence int    `json:"divergence"`
}

// LaneSpan is where one fiber's life lies on the timeline.
type LaneSpan struct {
	Activated int    `json:"activated"` // the decision that activated it, -1 for none
	TornDown  int    `json:"torn_down"` // the decision that tore it down, -1 for none
	State     string `json:"state"`     // its final state
	Error     string `json:"error,omitempty"`
}

// Comparison is this schedule against the canonical run.
type Comparison struct {
	Emissions          int `json:"emissions"`
	CanonicalEmissions int `json:"canonical_emissions"`
	// Divergence is the index of the first emission that differs (or has
	// no counterpart), -1 when the emission lists are equal.
	Divergence        int    `json:"divergence"`
	Got               string `json:"got,omitempty"`
	Canonical         string `json:"canonical,omitempty"`
	GotDecision       int    `json:"got_decision"`       // -1 when Got is missing
	CanonicalDecision int    `json:"canonical_decision"` // -1 when Canonical is missing
	// States lists the fibers whose final state differs:
	// `B: failed (canonical: down)`.
	States []string `json:"states,omitempty"`
	// Snapshot is runtime.Diff(canonical end state, this end state).
	Snapshot []string `json:"snapshot,omitempty"`
}

// Summary is the DONE block, written when the schedule ended.
type Summary struct {
	Decisions int        `json:"decisions"`
	Events    int64      `json:"events"`
	Choices   []int      `json:"choices"` // the vector taken, one index per decision
	Stop      string     `json:"stop"`    // why the schedule ended
	Final     Snapshot   `json:"final"`
	Lanes     []LaneSpan `json:"lanes"`
	// Compared says the run was checked against the canonical run: then
	// Findings, Signature and Comparison are set.
	Compared   bool        `json:"compared"`
	Findings   []Finding   `json:"findings"`
	Signature  string      `json:"signature,omitempty"`
	Comparison *Comparison `json:"comparison,omitempty"`
}

// EncodeSummary encodes s as a DONE payload.
func EncodeSummary(s *Summary) []byte {
	var e encoder
	e.int(s.Decisions)
	e.uvarint(uint64(s.Events))
	e.ints(s.Choices)
	e.string(s.Stop)
	for _, l := range s.Final.lists() {
		e.strings(*l)
	}
	e.int(len(s.Lanes))
	for _, l := range s.Lanes {
		e.varint(int64(l.Activated))
		e.varint(int64(l.TornDown))
		e.string(l.State)
		e.string(l.Error)
	}
	e.bool(s.Compared)
	e.int(len(s.Findings))
	for _, f := range s.Findings {
		e.string(f.Tag)
		e.string(f.Message)
		e.varint(int64(f.Divergence))
	}
	e.string(s.Signature)
	e.bool(s.Comparison != nil)
	if c := s.Comparison; c != nil {
		e.int(c.Emissions)
		e.int(c.CanonicalEmissions)
		e.varint(int64(c.Divergence))
		e.string(c.Got)
		e.string(c.Canonical)
		e.varint(int64(c.GotDecision))
		e.varint(int64(c.CanonicalDecision))
		e.strings(c.States)
		e.strings(c.Snapshot)
	}
	return e.buf
}

func (d *decoder) smallInt() int {
	v := d.varint()
	if v < -1<<31 || v > 1<<31 {
		d.fail(errRange)
		return 0
	}
	return int(v)
}

// DecodeSummary decodes a DONE payload.
func DecodeSummary(b []byte) (*Summary, error) {
	d := decoder{buf: b}
	s := &Summary{Decisions: d.int()}
	s.Events = int64(d.uvarint())
	s.Choices = d.ints()
	s.Stop = d.string()
	for _, l := range s.Final.lists() {
		*l = d.strings()
	}
	n := d.count(4)
	for k := 0; k < n && d.err == nil; k++ {
		s.Lanes = append(s.Lanes, LaneSpan{Activated: d.smallInt(), TornDown: d.smallInt(), State: d.string(), Error: d.string()})
	}
	s.Compared = d.bool()
	nf := d.count(3)
	for k := 0; k < nf && d.err == nil; k++ {
		s.Findings = append(s.Findings, Finding{Tag: d.string(), Message: d.string(), Divergence: d.smallInt()})
	}
	s.Signature = d.string()
	if d.bool() {
		c := &Comparison{Emissions: d.int(), CanonicalEmissions: d.int(), Divergence: d.smallInt(),
			Got: d.string(), Canonical: d.string(), GotDecision: d.smallInt(), CanonicalDecision: d.smallInt()}
		c.States = d.strings()
		c.Snapshot = d.strings()
		s.Comparison = c
	}
	d.end()
	if d.err != nil {
		return nil, d.err
	}
	return s, nil
}
