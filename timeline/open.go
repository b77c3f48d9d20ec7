package timeline

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/runtime"
	"revl.dev/debug/timeline/rvt"
)

// Timeline is a recorded schedule opened for random access by decision.
// Opening reads only the header and the index; Decision, Events and
// Snapshot for decision k decode the checkpoint at or before k and the
// events from there to k, so their cost does not grow with k or with the
// length of the run. Sequential access (Range, or k, k+1, ...) continues
// from where the last call stopped.
//
// A Timeline is safe for concurrent use; calls are serialized.
type Timeline struct {
	rd     *rvt.Reader
	closer io.Closer
	hdr    *rvt.Header
	ckpts  []int // block numbers of checkpoints, by decision
	segs   []int // block numbers of segments, by decision
	prog   int   // block number of the program, -1 if missing
	done   int   // block number of the summary, -1 if missing
	n      int   // decisions in the trace

	mu      sync.Mutex
	cur     *cursor
	last    *decoded
	summary *Summary
	lanes   []Lane
	// readyBuf lists a decision's ready set while it is built; readyMost >
	// 0 lists only its first readyMost atoms (a paged View's pass sets it).
	readyBuf  []rvt.Ready
	readyMost int
}

// cursor is a position in the run: the model state after pos decisions,
// and the segment reader that decodes decision pos next.
type cursor struct {
	// m is the state after pos decisions; its Ready is not kept up to
	// date: ready follows the set.
	m     *model
	ready *readyFollow
	seg   int // index into segs
	sr    *rvt.SegmentReader
	pos   int
}

// decoded is the last decision decoded, kept so that Decision(k),
// Events(k) and Snapshot(k) in a row decode it once.
type decoded struct {
	d      Decision
	events []Event
	snap   *Snapshot
}

// OpenFile opens a trace file. Close it when done.
func OpenFile(name string) (*Timeline, error) {
	f, size, err := fileio.OpenRegularSize(name)
	if err != nil {
		return nil, err
	}
	t, err := Open(f, size)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	t.closer = f
	return t, nil
}

// Open opens the trace in r, which holds size bytes.
//
// A trace whose writer stopped before the end opens with the decisions
// of its complete blocks: Complete is then false and Damage says where it
// was cut. Any other damage is an error that names the block.
func Open(r io.ReaderAt, size int64) (*Timeline, error) {
	rd, err := rvt.NewReader(r, size)
	if err != nil {
		return nil, err
	}
	t := &Timeline{rd: rd, prog: -1, done: -1}
	blocks := rd.Blocks()
	if len(blocks) == 0 {
		return nil, fmt.Errorf("%w: the file ends before its header is complete", rd.Damage())
	}
	body, err := rd.Read(0)
	if err != nil {
		return nil, err
	}
	if t.hdr, err = rvt.DecodeHeader(body, rd.Version()); err != nil {
		return nil, rd.Damaged(0, "the header does not decode: "+err.Error())
	}
	nf := len(t.hdr.Fibers)
	next := 0 // the decision the next segment must start at
	for i, b := range blocks[1:] {
		i++
		switch b.Kind {
		case rvt.KindHeader:
			return nil, rd.Damaged(i, "a second header")
		case rvt.KindProgram:
			if t.prog >= 0 {
				return nil, rd.Damaged(i, "a second program")
			}
			t.prog = i
		case rvt.KindCheckpoint:
			if b.FirstDecision != next {
				return nil, rd.Damaged(i, fmt.Sprintf("a checkpoint at decision %d where decision %d comes next", b.FirstDecision, next))
			}
			t.ckpts = append(t.ckpts, i)
		case rvt.KindSegment:
			if b.FirstDecision != next || b.Decisions == 0 {
				return nil, rd.Damaged(i, fmt.Sprintf("a segment of decisions %d+%d where decision %d comes next", b.FirstDecision, b.Decisions, next))
			}
			if len(t.ckpts) == 0 {
				return nil, rd.Damaged(i, "a segment before any checkpoint")
			}
			t.segs = append(t.segs, i)
			next += b.Decisions
		case rvt.KindSummary:
			t.done = i
		}
		if t.done >= 0 && t.done != i && b.Kind != rvt.KindIndex {
			return nil, rd.Damaged(i, "a block after the summary")
		}
	}
	_ = nf
	t.n = next
	if rd.Complete() && t.done < 0 {
		return nil, errors.New("rvt: the trace has an index but no summary")
	}
	return t, nil
}

// Close closes the file OpenFile opened.
func (t *Timeline) Close() error {
	if t.closer != nil {
		return t.closer.Close()
	}
	return nil
}

// Header describes the recorded run.
func (t *Timeline) Header() *Header { return t.hdr }

// Len is the number of decisions in the trace.
func (t *Timeline) Len() int { return t.n }

// Complete reports whether the trace was written to its end. An
// incomplete trace still gives access to its first Len decisions.
func (t *Timeline) Complete() bool { return t.rd.Complete() }

// Damage is nil for a complete trace and says where an incomplete one
// was cut (a *rvt.TruncatedError).
func (t *Timeline) Damage() error { return t.rd.Damage() }

// Size is the size of the trace file in bytes.
func (t *Timeline) Size() int64 { return t.rd.Size() }

// Reader gives access to the blocks, for tools that inspect the file.
func (t *Timeline) Reader() *rvt.Reader { return t.rd }

// Verify reads and checks every block of the file against its hash and
// the index's, and the program against the header's hash and size.
func (t *Timeline) Verify() error {
	if err := t.rd.Verify(); err != nil {
		return err
	}
	if t.prog >= 0 {
		if _, err := t.Source(); err != nil {
			return err
		}
	}
	return nil
}

// Source returns the recorded program text, checked against the header's
// hash.
func (t *Timeline) Source() ([]byte, error) {
	if t.prog < 0 {
		return nil, fmt.Errorf("rvt: the trace has no program block (%v)", t.rd.Damage())
	}
	b, err := t.rd.Read(t.prog)
	if err != nil {
		return nil, err
	}
	if len(b) != t.hdr.SourceLen || rvt.Hash(b) != t.hdr.SourceHash {
		return nil, t.rd.Damaged(t.prog, fmt.Sprintf("the program's BLAKE3 hash %s… is not the header's %s…", rvt.Hash(b).Short(), t.hdr.SourceHash.Short()))
	}
	return b, nil
}

// Summary returns how the run ended; nil for an incomplete trace.
func (t *Timeline) Summary() (*Summary, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.summaryLocked()
}

func (t *Timeline) summaryLocked() (*Summary, error) {
	if t.summary != nil || t.done < 0 {
		return t.summary, nil
	}
	b, err := t.rd.Read(t.done)
	if err != nil {
		return nil, err
	}
	s, err := rvt.DecodeSummary(b)
	if err != nil {
		return nil, t.rd.Damaged(t.done, "the summary does not decode: "+err.Error())
	}
	if s.Decisions != t.n || len(s.Choices) != t.n || (len(s.Lanes) != 0 && len(s.Lanes) != len(t.hdr.Fibers)) {
		return nil, t.rd.Damaged(t.done, fmt.Sprintf("the summary counts %d decisions and %d lanes, the trace has %d and %d", s.Decisions, len(s.Lanes), t.n, len(t.hdr.Fibers)))
	}
	t.summary = s
	return s, nil
}

// Choices is the vector the run took: the summary's, or for an incomplete
// trace the choices of its decisions.
func (t *Timeline) Choices() ([]int, error) {
	if s, err := t.Summary(); err != nil || s != nil {
		if s == nil {
			return nil, err
		}
		return s.Choices, nil
	}
	out := make([]int, 0, t.n)
	err := t.Range(0, t.n, func(d Decision, _ []Event) error {
		out = append(out, d.Chosen)
		return nil
	})
	return out, err
}

// Lanes returns one lane per fiber, in load order. For an incomplete
// trace the spans come from its decisions.
func (t *Timeline) Lanes() ([]Lane, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.lanes != nil {
		return t.lanes, nil
	}
	s, err := t.summaryLocked()
	if err != nil {
		return nil, err
	}
	lanes := make([]Lane, len(t.hdr.Fibers))
	for i, f := range t.hdr.Fibers {
		lanes[i] = Lane{Index: i, Fiber: f, Activated: -1, TornDown: -1}
		if s != nil && i < len(s.Lanes) {
			l := s.Lanes[i]
			lanes[i].Activated, lanes[i].TornDown, lanes[i].State, lanes[i].Error = l.Activated, l.TornDown, l.State, l.Error
		}
	}
	// A fine trace's lanes also need their last resumes, which the
	// summary does not keep: read them from the decisions.
	if fine := t.hdr.Options.Atoms == "fine"; s == nil || fine {
		var last []runtime.FiberState
		err := t.rangeLocked(0, t.n, false, func(d Decision, _ []Event, m *model) error {
			switch {
			case d.Kind == "resume":
				lanes[d.Lane].Resumed = d.Index
			case s != nil:
			case d.Kind == "activate":
				lanes[d.Lane].Activated = d.Index
			case d.Kind == "teardown", d.Kind == "crash":
				lanes[d.Lane].TornDown = d.Index
			}
			last = m.Fibers
			return nil
		})
		if err != nil {
			return nil, err
		}
		for i := range lanes {
			if s == nil && last != nil && (lanes[i].Activated >= 0 || lanes[i].TornDown >= 0) {
				lanes[i].State = last[i].String()
			}
		}
	}
	t.lanes = lanes
	return lanes, nil
}

func (t *Timeline) checkK(k int) error {
	if k < 0 || k >= t.n {
		if !t.Complete() {
			return fmt.Errorf("timeline: no decision %d: the trace is incomplete and holds decisions 0 to %d", k, t.n-1)
		}
		return fmt.Errorf("timeline: no decision %d: the trace has %d decisions", k, t.n)
	}
	return nil
}

// Decision returns decision k.
func (t *Timeline) Decision(k int) (Decision, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	d, err := t.at(k)
	if err != nil {
		return Decision{}, err
	}
	return d.d, nil
}

// Events returns the events of decision k.
func (t *Timeline) Events(k int) ([]Event, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	d, err := t.at(k)
	if err != nil {
		return nil, err
	}
	return d.events, nil
}

// Snapshot returns the state after decision k; k = -1 is the state
// before the first decision.
func (t *Timeline) Snapshot(k int) (Snapshot, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if k == -1 {
		if len(t.ckpts) == 0 {
			return Snapshot{}, nil
		}
		c, err := t.checkpointAt(0)
		if err != nil {
			return Snapshot{}, err
		}
		return c.m.snapshot(), nil
	}
	d, err := t.at(k)
	if err != nil {
		return Snapshot{}, err
	}
	if d.snap == nil {
		s := t.cur.m.snapshot()
		d.snap = &s
	}
	return *d.snap, nil
}

// Range calls fn for decisions from to to-1 in order, with their events,
// decoding each once. fn must not call the Timeline.
func (t *Timeline) Range(from, to int, fn func(Decision, []Event) error) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.rangeLocked(from, to, true, func(d Decision, evs []Event, _ *model) error { return fn(d, evs) })
}

// Residue returns the residue counts after each decision from from to
// to-1.
func (t *Timeline) Residue(from, to int) ([]Residue, error) {
	var out []Residue
	err := t.Range(from, to, func(d Decision, _ []Event) error {
		out = append(out, d.Residue)
		return nil
	})
	return out, err
}

func (t *Timeline) rangeLocked(from, to int, events bool, fn func(Decision, []Event, *model) error) error {
	what := detailNone
	if events {
		what = detailAll
	}
	return t.rangeDetail(from, to, func(int) detail { return what }, fn)
}

// detail says what decoding a decision builds beyond its fields: its
// events, its ready set's labels (O(ready): at a wide composition's
// widest, tens of thousands of atoms a decision, so a pass over the
// whole trace builds them only where it shows them).
type detail uint8

const (
	detailNone   detail = 0
	detailEvents detail = 1
	detailReady  detail = 2
	detailAll           = detailEvents | detailReady
)

// rangeDetail is rangeLocked with what(k) saying what to build for
// decision k.
func (t *Timeline) rangeDetail(from, to int, what func(k int) detail, fn func(Decision, []Event, *model) error) error {
	to = min(to, t.n)
	for k := max(from, 0); k < to; k++ {
		d, err := t.decodeDetail(k, what(k))
		if err != nil {
			return err
		}
		if err := fn(d.d, d.events, t.cur.m); err != nil {
			return err
		}
	}
	return nil
}

func (t *Timeline) at(k int) (*decoded, error) {
	if t.last != nil && t.last.d.Index == k && t.cur != nil && t.cur.pos == k+1 {
		return t.last, nil
	}
	return t.decodeDetail(k, detailAll)
}

// checkpointAt loads checkpoint number i into a fresh cursor.
func (t *Timeline) checkpointAt(i int) (*cursor, error) {
	bi := t.ckpts[i]
	body, err := t.rd.Read(bi)
	if err != nil {
		return nil, err
	}
	s, err := rvt.DecodeState(body, len(t.hdr.Fibers))
	if err != nil {
		return nil, t.rd.Damaged(bi, "the checkpoint does not decode: "+err.Error())
	}
	info := t.rd.Blocks()[bi]
	if s.Decisions != info.FirstDecision || s.Seq != info.SeqBase {
		return nil, t.rd.Damaged(bi, "the checkpoint's state is not at its position")
	}
	m := newModel(t.hdr.Fibers)
	m.load(s)
	m.Ready = nil
	c := &cursor{m: m, ready: newReadyFollow(len(t.hdr.Fibers), s.Ready), pos: s.Decisions}
	c.seg = sort.Search(len(t.segs), func(j int) bool { return t.rd.Blocks()[t.segs[j]].FirstDecision >= s.Decisions })
	return c, nil
}

// seek places the cursor so that it decodes decision k next.
func (t *Timeline) seek(k int) error {
	ci := sort.Search(len(t.ckpts), func(j int) bool { return t.rd.Blocks()[t.ckpts[j]].FirstDecision > k }) - 1
	if ci < 0 {
		return fmt.Errorf("timeline: no checkpoint before decision %d", k)
	}
	start := t.rd.Blocks()[t.ckpts[ci]].FirstDecision
	if t.cur == nil || t.cur.pos > k || t.cur.pos < start {
		c, err := t.checkpointAt(ci)
		if err != nil {
			return err
		}
		t.cur = c
	}
	for t.cur.pos < k {
		if _, err := t.next(detailNone); err != nil {
			return err
		}
	}
	return nil
}

// next decodes the decision at the cursor and applies its events.
func (t *Timeline) next(what detail) (*decoded, error) {
	c := t.cur
	blocks := t.rd.Blocks()
	for {
		if c.sr == nil {
			if c.seg >= len(t.segs) {
				return nil, fmt.Errorf("timeline: decision %d is past the last segment", c.pos)
			}
			bi := t.segs[c.seg]
			info := blocks[bi]
			if info.FirstDecision != c.pos || info.SeqBase != c.m.Seq {
				return nil, t.rd.Damaged(bi, fmt.Sprintf("the segment starts at decision %d after event %d, but the run before it ends at decision %d after event %d", info.FirstDecision, info.SeqBase, c.pos, c.m.Seq))
			}
			body, err := t.rd.Read(bi)
			if err != nil {
				return nil, err
			}
			sr, err := rvt.NewSegmentChangeReader(info.Meta, body, len(t.hdr.Fibers), c.ready.len())
			if err != nil {
				return nil, t.rd.Damaged(bi, "the segment does not decode: "+err.Error())
			}
			c.sr = sr
		}
		sd, change, ok := c.sr.NextChange(true)
		if ok {
			if err := c.ready.apply(change); err != nil {
				return nil, t.rd.Damaged(t.segs[c.seg], "the segment does not decode: "+err.Error())
			}
		}
		if !ok {
			if err := c.sr.Err(); err != nil {
				return nil, t.rd.Damaged(t.segs[c.seg], "the segment does not decode: "+err.Error())
			}
			c.sr = nil
			c.seg++
			continue
		}
		return t.build(sd, what), nil
	}
}

// build turns a decoded decision into a Decision and applies it.
func (t *Timeline) build(sd rvt.SegDecision, what detail) *decoded {
	events := what&detailEvents != 0
	c := t.cur
	m := c.m
	ch := c.ready.at(sd.Chosen)
	ra := readyAtom(ch, t.hdr.Fibers, m.Jobs)
	d := Decision{Index: sd.Index, Chosen: sd.Chosen, Canonical: sd.Chosen == 0, Lane: ra.Lane,
		Fiber: ra.Fiber, FirstSeq: m.Seq + 1, TimeStart: m.Time, Events: len(sd.Events)}
	if ra.Lane < 0 {
		// complete(job N): the lane of the job's owner, whose context the
		// atom's events are in.
		for i := range sd.Events {
			if ev := &sd.Events[i]; ev.Kind == runtime.EvAtomBegin {
				d.Fiber, d.Lane = ev.Fiber, m.fiber(ev.Fiber)
				break
			}
		}
	}
	d.Atom, d.Kind = ra.Label, ra.Kind
	if what&detailReady != 0 {
		if k := c.ready.len(); t.readyMost > 0 && k > t.readyMost {
			t.readyBuf = t.readyBuf[:0]
			for i := range t.readyMost {
				t.readyBuf = append(t.readyBuf, c.ready.at(i))
			}
			d.ReadyLen = k
		} else {
			t.readyBuf = c.ready.all(t.readyBuf[:0])
		}
		d.Ready = make([]ReadyAtom, len(t.readyBuf))
		for i, r := range t.readyBuf {
			d.Ready[i] = readyAtom(r, t.hdr.Fibers, m.Jobs)
		}
	}
	var evs []Event
	if events {
		evs = make([]Event, len(sd.Events))
	}
	for i := range sd.Events {
		ev := &sd.Events[i]
		m.apply(ev)
		if events {
			evs[i] = Event{*ev}
			if mk, ok := markOf(ev); ok {
				d.Marks = append(d.Marks, mk)
			}
		}
		if ev.Kind == runtime.EvAtomEnd && ev.Err != nil && ev.Atom == sd.Index {
			d.Error = ev.Err.Error()
		}
	}
	m.Decisions = sd.Index + 1
	d.LastSeq, d.TimeEnd = m.Seq, m.Time
	d.Residue = m.residue()
	c.pos = sd.Index + 1
	out := &decoded{d: d, events: evs}
	if what == detailAll && d.ReadyLen == 0 {
		t.last = out
	}
	return out
}

// decodeDetail returns decision k with what, moving the cursor past it.
func (t *Timeline) decodeDetail(k int, what detail) (*decoded, error) {
	if err := t.checkK(k); err != nil {
		return nil, err
	}
	if err := t.seek(k); err != nil {
		return nil, err
	}
	return t.next(what)
}

// Info is a trace at a glance, in one JSON-ready value: what the debugger
// sends first, before asking for decisions.
type Info struct {
	Header     *Header  `json:"header"`
	SourceHash string   `json:"source_blake3"`
	Decisions  int      `json:"decisions"`
	Complete   bool     `json:"complete"`
	Damage     string   `json:"damage,omitempty"`
	Lanes      []Lane   `json:"lanes"`
	Summary    *Summary `json:"summary,omitempty"`
}

// Info returns the trace at a glance. For an incomplete trace it scans
// the decisions once to find the lanes' spans.
func (t *Timeline) Info() (*Info, error) {
	lanes, err := t.Lanes()
	if err != nil {
		return nil, err
	}
	s, err := t.Summary()
	if err != nil {
		return nil, err
	}
	in := &Info{Header: t.hdr, SourceHash: t.hdr.SourceHash.String(), Decisions: t.n, Complete: t.Complete(), Lanes: lanes, Summary: s}
	if d := t.Damage(); d != nil {
		in.Damage = d.Error()
	}
	return in, nil
}
