package rvt

import (
	"errors"
	"fmt"
	"math"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/syntax"
)

// A SEGM block holds consecutive decisions with their events:
//
//	meta (Meta)
//	string table
//	time base (varint: the virtual time before its first event)
//	per decision:
//	    ready set, as a change from the previous decision's
//	    chosen index
//	    events, each a kind byte < 0xff and its fields
//	    0xff
//
// Sequence numbers are implicit (each event's is the previous one's plus
// one unless it says otherwise), times and atom indices are deltas, and
// every string is a reference into the block's own table, so a segment
// decodes without the blocks before it, given the previous ready set.

const endOfDecision = 0xff

// Field bits of an event record.
const (
	fFiber = 1 << iota
	fSpan
	fTime
	fAtom
	fDepth
	fText
	fKey
	fMethod
	fCaller
	fProvider
	fLive
	fAcquire
	fRelease
	fStates
	fTimeFrom
	fValue
	fPassed
	fErr
	fSnapshot
	fSeqGap
	fieldBits = iota
)

// SegmentWriter builds one SEGM block. Use Begin, then per decision
// Decision, Event for each of its events and EndDecision; Bytes returns
// the block.
type SegmentWriter struct {
	tab      strTab
	body     encoder
	meta     Meta
	timeBase int64
	prev     []Ready
	seq      int64
	time     int64
	open     bool
}

// Begin starts a segment at decision first, after the event with sequence
// number seqBase at virtual time timeBase, and with prevReady the ready
// set of the decision before it.
func (s *SegmentWriter) Begin(first int, seqBase, timeBase int64, prevReady []Ready) {
	s.tab.reset()
	s.body.buf = s.body.buf[:0]
	s.meta = Meta{FirstDecision: first, SeqBase: seqBase}
	s.timeBase = timeBase
	s.prev = append(s.prev[:0], prevReady...)
	s.seq, s.time = seqBase, timeBase
	s.open = false
}

// Decisions is the number of decisions added since Begin.
func (s *SegmentWriter) Decisions() int { return s.meta.Decisions }

// Size estimates the block's size so far.
func (s *SegmentWriter) Size() int { return len(s.body.buf) + s.tab.size + 16 }

// Decision starts the next decision: ready is the ready set the chooser
// saw, chosen its pick.
func (s *SegmentWriter) Decision(ready []Ready, chosen int) {
	if s.open {
		s.EndDecision()
	}
	s.open = true
	encodeReadyDelta(&s.body, s.prev, ready)
	s.prev = append(s.prev[:0], ready...)
	s.body.int(chosen)
}

// DecisionChange starts the next decision from its ready set's change,
// the bytes Decision writes for a sorted set: removed are the ascending
// positions, in the previous decision's set, of the atoms that left it,
// added the atoms that entered, in ready-set order. It lets a writer that
// knows what changed (the recorder, from the runtime) skip listing and
// comparing both sets, which costs their width at every decision. A
// segment is written with Decision throughout or with DecisionChange and
// DecisionFull: these two do not keep the previous set.
func (s *SegmentWriter) DecisionChange(removed []int, added []Ready, chosen int) {
	if s.open {
		s.EndDecision()
	}
	s.open = true
	encodeReadyChange(&s.body, removed, added)
	s.body.int(chosen)
}

// DecisionFull starts the next decision with its ready set written whole,
// as Decision writes a set that is not in ready-set order.
func (s *SegmentWriter) DecisionFull(ready []Ready, chosen int) {
	if s.open {
		s.EndDecision()
	}
	s.open = true
	s.body.byte(1)
	encodeReadyFull(&s.body, ready)
	s.body.int(chosen)
}

// EndDecision ends the current decision.
func (s *SegmentWriter) EndDecision() {
	if !s.open {
		return
	}
	s.body.byte(endOfDecision)
	s.open = false
	s.meta.Decisions++
}

// Event adds an event of the current decision.
func (s *SegmentWriter) Event(ev *runtime.Event) error {
	if !s.open {
		return errors.New("rvt: an event outside a decision")
	}
	if int(ev.Kind) >= endOfDecision {
		return fmt.Errorf("rvt: event kind %d cannot be stored", ev.Kind)
	}
	if ev.Seq <= s.seq {
		return fmt.Errorf("rvt: event sequence numbers go back: %d after %d", ev.Seq, s.seq)
	}
	dec := s.meta.FirstDecision + s.meta.Decisions
	var mask uint64
	set := func(bit uint64, on bool) {
		if on {
			mask |= bit
		}
	}
	set(fFiber, ev.Fiber != "")
	set(fSpan, ev.Span != syntax.Span{})
	set(fTime, ev.Time != s.time)
	set(fAtom, ev.Atom != dec)
	set(fDepth, ev.Depth != 0)
	set(fText, ev.Text != "")
	set(fKey, ev.Key != "")
	set(fMethod, ev.Method != "")
	set(fCaller, ev.Caller != "")
	set(fProvider, ev.Provider != "")
	set(fLive, ev.Live)
	set(fAcquire, ev.Acquire)
	set(fRelease, ev.Release)
	set(fStates, ev.From != 0 || ev.To != 0)
	set(fTimeFrom, ev.TimeFrom != 0)
	set(fValue, ev.Value != "")
	set(fPassed, ev.Passed)
	set(fErr, ev.Err != nil)
	set(fSnapshot, ev.Snapshot != nil)
	set(fSeqGap, ev.Seq != s.seq+1)
	b := &s.body
	b.byte(byte(ev.Kind))
	b.uvarint(mask)
	if mask&fSeqGap != 0 {
		b.uvarint(uint64(ev.Seq - s.seq - 1))
	}
	if mask&fFiber != 0 {
		b.uvarint(s.tab.ref(ev.Fiber))
	}
	if mask&fSpan != 0 {
		encodeSpan(b, ev.Span)
	}
	if mask&fTime != 0 {
		b.varint(ev.Time - s.time)
	}
	if mask&fAtom != 0 {
		b.varint(int64(ev.Atom - dec))
	}
	if mask&fDepth != 0 {
		b.varint(int64(ev.Depth))
	}
	for _, f := range []struct {
		bit uint64
		s   string
	}{{fText, ev.Text}, {fKey, ev.Key}, {fMethod, ev.Method}, {fCaller, ev.Caller}, {fProvider, ev.Provider}} {
		if mask&f.bit != 0 {
			b.uvarint(s.tab.ref(f.s))
		}
	}
	if mask&fStates != 0 {
		b.byte(byte(ev.From)<<4 | byte(ev.To)&0x0f)
	}
	if mask&fTimeFrom != 0 {
		b.varint(ev.Time - ev.TimeFrom)
	}
	if mask&fValue != 0 {
		b.uvarint(s.tab.ref(ev.Value))
	}
	if mask&fErr != 0 {
		e := ev.Err
		b.int(int(e.Kind))
		b.uvarint(s.tab.ref(e.Msg))
		b.uvarint(s.tab.ref(e.File))
		encodeSpan(b, e.Span)
		b.uvarint(s.tab.ref(e.Fiber))
	}
	if mask&fSnapshot != 0 {
		sn := FromRuntime(*ev.Snapshot)
		for _, l := range sn.lists() {
			b.int(len(*l))
			for _, x := range *l {
				b.uvarint(s.tab.ref(x))
			}
		}
	}
	s.seq, s.time = ev.Seq, ev.Time
	s.meta.Events++
	return nil
}

// Bytes ends the open decision, if any, and returns the block's Meta and
// body, valid until the next Begin.
func (s *SegmentWriter) Bytes() (Meta, []byte) {
	s.EndDecision()
	var e encoder
	s.tab.encode(&e)
	e.varint(s.timeBase)
	e.raw(s.body.buf)
	return s.meta, e.buf
}

// LastSeq and LastTime are those of the last event added.
func (s *SegmentWriter) LastSeq() int64  { return s.seq }
func (s *SegmentWriter) LastTime() int64 { return s.time }

func encodeSpan(b *encoder, sp syntax.Span) {
	b.int(int(sp.Start.Offset))
	b.int(int(sp.Start.Line))
	b.int(int(sp.Start.Col))
	b.varint(int64(sp.End.Offset - sp.Start.Offset))
	b.varint(int64(sp.End.Line - sp.Start.Line))
	b.int(int(sp.End.Col))
}

func decodeSpan(d *decoder) syntax.Span {
	var sp syntax.Span
	sp.Start.Offset = int32(d.int())
	sp.Start.Line = int32(d.int())
	sp.Start.Col = int32(d.int())
	eo, el := d.varint(), d.varint()
	if eo < -1<<30 || eo > 1<<30 || el < -1<<30 || el > 1<<30 {
		d.fail(errRange)
	}
	// d.int is at most MaxInt32, so only the sums can leave a Pos's int32.
	eoff, eline := int64(sp.Start.Offset)+eo, int64(sp.Start.Line)+el
	if eoff < math.MinInt32 || eoff > math.MaxInt32 || eline < math.MinInt32 || eline > math.MaxInt32 {
		d.fail(errRange)
	}
	sp.End.Offset, sp.End.Line = int32(eoff), int32(eline)
	sp.End.Col = int32(d.int())
	return sp
}

// Sorted reports whether rs is in ready-set order (the order in which a
// change's positions and added atoms are written; package timeline keeps
// its copies of the set in it too).
func Sorted(rs []Ready) bool {
	for i := 1; i < len(rs); i++ {
		if !rs[i-1].Less(rs[i]) {
			return false
		}
	}
	return true
}

// encodeReadyDelta writes cur as a change from prev: the positions in
// prev that are gone and the atoms that are new. Both are sorted (the
// runtime's Ready order), so the reader merges them back exactly. A set
// that is not sorted is written whole.
func encodeReadyDelta(e *encoder, prev, cur []Ready) {
	if !Sorted(cur) || !Sorted(prev) {
		e.byte(1)
		encodeReadyFull(e, cur)
		return
	}
	var removed []int
	var added []Ready
	i, j := 0, 0
	for i < len(prev) || j < len(cur) {
		switch {
		case j == len(cur) || (i < len(prev) && prev[i].Less(cur[j])):
			removed = append(removed, i)
			i++
		case i == len(prev) || cur[j].Less(prev[i]):
			added = append(added, cur[j])
			j++
		default:
			i++
			j++
		}
	}
	encodeReadyChange(e, removed, added)
}

func encodeReadyChange(e *encoder, removed []int, added []Ready) {
	e.byte(0)
	e.int(len(removed))
	last := 0
	for _, r := range removed {
		e.int(r - last)
		last = r
	}
	e.int(len(added))
	for _, a := range added {
		encodeReady(e, a)
	}
}

// decodeReadyDelta applies a ready-set change to prev, writing the result
// into dst and the survivors into surv (both reused), with c the change's
// scratch space.
func decodeReadyDelta(d *decoder, prev, dst, surv []Ready, c *ReadyChange, nfibers int) ([]Ready, []Ready) {
	decodeReadyChange(d, len(prev), c, nfibers)
	switch {
	case d.err != nil:
		return dst[:0], surv[:0]
	case c.Whole:
		return append(dst[:0], c.Added...), surv[:0]
	}
	out, surv, ok := ApplyReadyChange(dst, surv, prev, c.Removed, c.Added)
	if !ok {
		d.fail(errRange)
	}
	return out, surv
}

// ApplyReadyChange is the ready set after a change of prev that is not
// Whole: the atoms of prev that stay, in their order, with the added ones
// merged in (each before the first survivor it is Less than), written to
// dst; surv holds the survivors (both are reused from their start). ok is
// false when the change cannot be one of prev: a removal past its end or
// out of order, an added atom out of order or already in it.
func ApplyReadyChange(dst, surv, prev []Ready, removed []int, added []Ready) (out, survivors []Ready, ok bool) {
	dst, surv = dst[:0], surv[:0]
	pos := 0
	for k, r := range removed {
		if r >= len(prev) || k > 0 && r <= removed[k-1] {
			return dst, surv, false
		}
		surv = append(surv, prev[pos:r]...)
		pos = r + 1
	}
	surv = append(surv, prev[pos:]...)
	i := 0
	for k, a := range added {
		if k > 0 && !added[k-1].Less(a) {
			return dst, surv, false
		}
		for i < len(surv) && surv[i].Less(a) {
			dst = append(dst, surv[i])
			i++
		}
		if i < len(surv) && surv[i] == a {
			return dst, surv, false
		}
		dst = append(dst, a)
	}
	return append(dst, surv[i:]...), surv, true
}

// SegmentReader decodes a SEGM block one decision at a time.
type SegmentReader struct {
	d        decoder
	tab      []string
	meta     Meta
	nfibers  int
	decision int
	seq      int64
	time     int64
	ready    []Ready
	spare    []Ready
	surv     []Ready
	events   int
	// changes: the reader returns each decision's ready-set change
	// (NextChange) and keeps only the set's size, so a decision costs its
	// change, not the set's width.
	changes bool
	size    int
	change  ReadyChange
}

// ReadyChange is a decision's ready set as the trace stores it: the
// positions, in the set before, of the atoms that left (ascending) and
// the atoms that entered (in ready-set order), or, when Whole, the whole
// set in Added. It is valid until the next call of NextChange.
type ReadyChange struct {
	Whole   bool
	Removed []int
	Added   []Ready
}

// SegDecision is one decoded decision. Ready is valid until the next call
// of Next.
type SegDecision struct {
	Index  int
	Ready  []Ready
	Chosen int
	Events []runtime.Event
}

// NewSegmentReader starts decoding a SEGM body whose Meta is meta, in a
// trace of nfibers fibers; prevReady is the ready set of the decision
// before the segment.
func NewSegmentReader(meta Meta, body []byte, nfibers int, prevReady []Ready) (*SegmentReader, error) {
	s := &SegmentReader{d: decoder{buf: body}, meta: meta, nfibers: nfibers, decision: meta.FirstDecision, seq: meta.SeqBase}
	s.tab = s.d.strings()
	s.time = s.d.varint()
	s.ready = append([]Ready(nil), prevReady...)
	if s.d.err != nil {
		return nil, s.d.err
	}
	return s, nil
}

// NewSegmentChangeReader is NewSegmentReader for a reader that follows
// the ready set itself from NextChange's changes; prevLen is the size of
// the ready set of the decision before the segment. The reader checks
// that positions fall in the set and that the atoms added are in order;
// that an added atom is not already in the set is the follower's to
// check.
func NewSegmentChangeReader(meta Meta, body []byte, nfibers, prevLen int) (*SegmentReader, error) {
	s, err := NewSegmentReader(meta, body, nfibers, nil)
	if err != nil {
		return nil, err
	}
	s.changes, s.size = true, prevLen
	return s, nil
}

// NextChange is Next for a reader made by NewSegmentChangeReader: the
// decision's Ready is nil and its ready set is the change returned.
func (s *SegmentReader) NextChange(events bool) (SegDecision, ReadyChange, bool) {
	d, ok := s.next(events)
	return d, s.change, ok
}

// decodeReadyChange reads a ready-set change against a set of prevLen
// atoms into c and returns the size of the new set.
func decodeReadyChange(d *decoder, prevLen int, c *ReadyChange, nfibers int) int {
	c.Whole, c.Removed, c.Added = false, c.Removed[:0], c.Added[:0]
	switch d.byte() {
	case 1:
		c.Whole = true
		c.Added = append(c.Added, decodeReadyFull(d, nfibers)...)
		return len(c.Added)
	case 0:
	default:
		d.fail(errRange)
		return 0
	}
	nr := d.count(1)
	if nr > prevLen {
		d.fail(errRange)
		return 0
	}
	last := 0
	for k := 0; k < nr && d.err == nil; k++ {
		r := last + d.int()
		if (k > 0 && r <= last) || r >= prevLen {
			d.fail(errRange)
			return 0
		}
		c.Removed = append(c.Removed, r)
		last = r
	}
	na := d.count(2)
	for k := 0; k < na && d.err == nil; k++ {
		a := decodeReadyAtom(d, nfibers)
		if k > 0 && !c.Added[k-1].Less(a) {
			d.fail(errRange)
			return 0
		}
		c.Added = append(c.Added, a)
	}
	return prevLen - nr + na
}

// Err is the first decoding error.
func (s *SegmentReader) Err() error { return s.d.err }

// Next decodes the next decision. With events false it skips building
// the events (their fields are still checked) and returns none. It
// returns false at the end of the segment or on an error (see Err).
func (s *SegmentReader) Next(events bool) (SegDecision, bool) {
	return s.next(events)
}

func (s *SegmentReader) next(events bool) (SegDecision, bool) {
	d := &s.d
	if d.err != nil {
		return SegDecision{}, false
	}
	if s.decision == s.meta.FirstDecision+s.meta.Decisions {
		if d.left() != 0 {
			d.fail(errors.New("unexpected bytes after the last decision"))
		} else if s.events != s.meta.Events {
			d.fail(fmt.Errorf("the segment holds %d events, its position says %d", s.events, s.meta.Events))
		}
		return SegDecision{}, false
	}
	var out SegDecision
	size := 0
	if s.changes {
		s.size = decodeReadyChange(d, s.size, &s.change, s.nfibers)
		size = s.size
		out = SegDecision{Index: s.decision, Chosen: d.int()}
	} else {
		nr, surv := decodeReadyDelta(d, s.ready, s.spare, s.surv, &s.change, s.nfibers)
		s.spare, s.ready, s.surv = s.ready, nr, surv
		size = len(s.ready)
		out = SegDecision{Index: s.decision, Ready: s.ready, Chosen: d.int()}
	}
	if d.err == nil && (out.Chosen >= size) {
		d.fail(fmt.Errorf("decision %d chooses index %d of a ready set of %d", s.decision, out.Chosen, size))
	}
	for d.err == nil {
		k := d.byte()
		if k == endOfDecision {
			break
		}
		ev := s.event(runtime.EventKind(k))
		if events && d.err == nil {
			out.Events = append(out.Events, ev)
		}
	}
	if d.err != nil {
		return SegDecision{}, false
	}
	s.decision++
	return out, true
}

func (s *SegmentReader) event(kind runtime.EventKind) runtime.Event {
	d := &s.d
	mask := d.uvarint()
	if mask>>fieldBits != 0 {
		d.fail(errRange)
		return runtime.Event{}
	}
	ev := runtime.Event{Kind: kind, Seq: s.seq + 1, Time: s.time, Atom: s.decision}
	if mask&fSeqGap != 0 {
		g := d.uvarint()
		if g > 1<<40 {
			d.fail(errRange)
		}
		ev.Seq += int64(g)
	}
	if mask&fFiber != 0 {
		ev.Fiber = d.strRef(s.tab)
	}
	if mask&fSpan != 0 {
		ev.Span = decodeSpan(d)
	}
	if mask&fTime != 0 {
		ev.Time += d.varint()
	}
	if mask&fAtom != 0 {
		ev.Atom += d.smallInt()
	}
	if mask&fDepth != 0 {
		ev.Depth = d.smallInt()
	}
	for _, f := range []struct {
		bit uint64
		s   *string
	}{{fText, &ev.Text}, {fKey, &ev.Key}, {fMethod, &ev.Method}, {fCaller, &ev.Caller}, {fProvider, &ev.Provider}} {
		if mask&f.bit != 0 {
			*f.s = d.strRef(s.tab)
		}
	}
	ev.Live = mask&fLive != 0
	ev.Acquire = mask&fAcquire != 0
	ev.Release = mask&fRelease != 0
	ev.Passed = mask&fPassed != 0
	if mask&fStates != 0 {
		b := d.byte()
		ev.From, ev.To = runtime.FiberState(b>>4), runtime.FiberState(b&0x0f)
		if ev.From > runtime.Activating || ev.To > runtime.Activating {
			d.fail(errRange)
		}
	}
	if mask&fTimeFrom != 0 {
		ev.TimeFrom = ev.Time - d.varint()
	}
	if mask&fValue != 0 {
		ev.Value = d.strRef(s.tab)
	}
	if mask&fErr != 0 {
		e := &runtime.Error{Kind: runtime.ErrorKind(d.int())}
		e.Msg = d.strRef(s.tab)
		e.File = d.strRef(s.tab)
		e.Span = decodeSpan(d)
		e.Fiber = d.strRef(s.tab)
		ev.Err = e
	}
	if mask&fSnapshot != 0 {
		var sn Snapshot
		for _, l := range sn.lists() {
			n := d.count(1)
			for k := 0; k < n && d.err == nil; k++ {
				*l = append(*l, d.strRef(s.tab))
			}
		}
		rs := sn.Runtime()
		ev.Snapshot = &rs
	}
	s.seq, s.time = ev.Seq, ev.Time
	s.events++
	return ev
}
