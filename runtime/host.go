package runtime

import (
	"maps"
	"strconv"
	"strings"

	"revl.dev/debug/runtime/syntax"
)

// hostClass is a class of host resource (spec §5). Each class numbers its
// resources from 1 in creation order: `map#1`, `pool#2`.
type hostClass uint8

const (
	hMap hostClass = iota
	hPool
	hJob
	hTimer
)

var hostClassNames = [...]string{"Map", "Pool", "Job", "Timer"}
var hostClassTags = [...]string{"map", "pool", "job", "timer"}

func (c hostClass) typeName() string { return hostClassNames[c] }

func (c hostClass) tag(id int) string { return hostClassTags[c] + "#" + strconv.Itoa(id) }

func hostClassOf(name string) (hostClass, bool) {
	for i, n := range hostClassNames[:hTimer] { // timers are not constructible values
		if n == name {
			return hostClass(i), true
		}
	}
	return 0, false
}

// jobTurns is how many turns a job takes (spec §5; see doc.go for turns).
const jobTurns = 5

// hostTable holds every host resource ever created, by class, indexed by
// serial-1. Released resources stay in the table (marked) so that a later
// operation through a stale handle is reported as use-after-free.
//
// Pools, jobs and timers are small and held by value, so cloning the
// table copies them; maps can be large and are copied on write.
type hostTable struct {
	maps   []*mapRes
	pools  []poolRes
	jobs   []jobRes
	timers []timerRes
}

type mapRes struct {
	own     *owner
	entries map[string]mapEntry // keyed by the rendered key, so 1 and "1" differ
	// spare is the emptied table of a dropped map, for takeMap; never
	// copied to a clone.
	spare   map[string]mapEntry
	dropped bool
	acq     acquisition
}

// acquisition is where a host resource was acquired: the context whose
// code acquired it, the atom it ran in and the expression, so that a
// residue finding can point at the acquisition of what leaked.
type acquisition struct {
	ctx   int
	atom  int
	label Atom // the innermost atom running
	span  syntax.Span
}

func (m *Machine) acquiredHere(ctx int, span syntax.Span) acquisition {
	a := acquisition{ctx: ctx, atom: m.atomIdx, span: span}
	for i := len(m.frames) - 1; i >= 0; i-- {
		if m.frames[i].kind == fAtom {
			a.label = m.frames[i].atom
			break
		}
	}
	return a
}

type mapEntry struct{ k, v value }

// get looks the entry of key value k up. A short string key is looked up
// without building its text (Go does not copy a []byte converted to a
// string only to index a map).
func (r *mapRes) get(m *Machine, k value) (mapEntry, bool, *Error) {
	if s, ok := k.(vStr); ok && len(s)+2 <= 128 && int64(len(s)+2) <= m.opts.MemoryBudget {
		var buf [128]byte
		b := append(append(append(buf[:0], '"'), s...), '"')
		e, ok := r.entries[string(b)]
		return e, ok, nil
	}
	t, err := m.text(k, true)
	if err != nil {
		return mapEntry{}, false, err
	}
	e, ok := r.entries[t]
	return e, ok, nil
}

// boxedHandles are the first handles of every class as values, boxed
// once: a handle in an interface is an allocation, and every activation of
// a typical component makes a Map. They are immutable, so machines on any
// goroutine share them.
var boxedHandles = func() (t [4][128]value) {
	for c := range t {
		for id := range t[c] {
			t[c][id] = vHandle{hostClass(c), id}
		}
	}
	return t
}()

// handleValue is vHandle{c, id} as a value.
func handleValue(c hostClass, id int) value {
	if id < len(boxedHandles[c]) {
		return boxedHandles[c][id]
	}
	return vHandle{c, id}
}

type poolRes struct {
	url    string
	size   int64
	closed bool
	acq    acquisition
}

type jobState uint8

const (
	jobRunning jobState = iota
	jobDone
	jobCancelled
)

type jobRes struct {
	name  string
	fiber int // the context that started it; its trace lines are attributed there
	state jobState
	left  int // turns still needed
	acq   acquisition
}

func (t hostTable) clone() hostTable {
	return hostTable{
		maps:   append([]*mapRes(nil), t.maps...),
		pools:  append([]poolRes(nil), t.pools...),
		jobs:   append([]jobRes(nil), t.jobs...),
		timers: append([]timerRes(nil), t.timers...),
	}
}

// wmap returns map id ready to be changed, copying it first when a clone
// shares it.
func (m *Machine) wmap(id int) *mapRes {
	r := m.host.maps[id-1]
	if tok := m.token(); r.own != tok {
		r = &mapRes{own: tok, entries: maps.Clone(r.entries), dropped: r.dropped, acq: r.acq}
		m.host.maps[id-1] = r
	}
	return r
}

// trace emits the host trace line of a resource operation.
func (m *Machine) trace(ctx int, line string, acquire, release bool) {
	if m.wants(EvHost) {
		m.traceLine(ctx, line, acquire, release)
	}
}

// traceOn is trace's test on its own, for a line that costs something to
// build: when it says false it has consumed the event's sequence number,
// and the caller builds no line and calls neither trace nor traceLine.
func (m *Machine) traceOn() bool { return m.wants(EvHost) }

// traceLine emits the line once traceOn said yes.
func (m *Machine) traceLine(ctx int, line string, acquire, release bool) {
	m.emit(Event{Kind: EvHost, Fiber: m.fiberName(ctx), Text: line, Acquire: acquire, Release: release})
}

// wantArgs checks an operation's argument count; what names the operation
// and is called only for the error.
func wantArgs(what func() string, args []value, n int) *Error {
	if len(args) != n {
		return rtErr(KindEval, "%s takes %d argument(s), got %d", what(), n, len(args))
	}
	return nil
}

func wantStr(what string, v value) (string, *Error) {
	s, ok := v.(vStr)
	if !ok {
		return "", rtErr(KindEval, "%s: want Str, got %s", what, kindName(v))
	}
	return string(s), nil
}

// hostNew runs a static host constructor: Map.new(), Pool.open(url, size),
// Job.run(name).
func (m *Machine) hostNew(ctx int, s *hostSite, args []value, span syntax.Span) (value, *Error) {
	// The operation's name is built only for an error or a trace line.
	what := func() string { return s.class.typeName() + "." + s.method }
	switch {
	case s.class == hMap && s.method == "new":
		if err := wantArgs(what, args, 0); err != nil {
			return nil, err
		}
		m.host.maps = append(m.host.maps, m.takeMap(m.acquiredHere(ctx, span)))
		id := len(m.host.maps)
		if m.traceOn() {
			m.traceLine(ctx, hMap.tag(id)+".new", true, false)
		}
		return handleValue(hMap, id), nil
	case s.class == hPool && s.method == "open":
		if err := wantArgs(what, args, 2); err != nil {
			return nil, err
		}
		url, err := wantStr(what()+" url", args[0])
		if err != nil {
			return nil, err
		}
		size, ok := args[1].(vInt)
		if !ok {
			return nil, rtErr(KindEval, "%s size: want Int, got %s", what(), kindName(args[1]))
		}
		// A refused open acquires nothing, so it takes no serial number.
		if size < 1 {
			return nil, rtErr(KindHost, "Pool.open %s: size %d < 1", url, int64(size))
		}
		if strings.HasPrefix(url, "boom://") {
			return nil, rtErr(KindHost, "Pool.open %s: connection refused", url)
		}
		m.host.pools = append(m.host.pools, poolRes{url: url, size: int64(size), acq: m.acquiredHere(ctx, span)})
		id := len(m.host.pools)
		m.trace(ctx, hPool.tag(id)+".open "+url, true, false)
		return handleValue(hPool, id), nil
	case s.class == hJob && s.method == "run":
		if err := wantArgs(what, args, 1); err != nil {
			return nil, err
		}
		name, err := wantStr(what()+" name", args[0])
		if err != nil {
			return nil, err
		}
		m.host.jobs = append(m.host.jobs, jobRes{name: name, fiber: ctx, left: jobTurns, acq: m.acquiredHere(ctx, span)})
		m.running++
		m.trace(ctx, "job.run "+name+" start", true, false)
		return handleValue(hJob, len(m.host.jobs)), nil
	}
	return nil, rtErr(KindEval, "%s is not a host constructor", what())
}

// hostMethod runs an operation on a live host resource.
func (m *Machine) hostMethod(ctx int, h vHandle, name string, args []value) (value, *Error) {
	// The operation's name (`map#1.get`) is built only for an error or a
	// trace line: a sweep builds neither.
	what := func() string { return h.class.tag(h.id) + "." + name }
	switch h.class {
	case hMap:
		r := m.host.maps[h.id-1]
		if r.dropped {
			return nil, rtErr(KindUseAfterFree, "use-after-free: %s after drop()", what())
		}
		switch name {
		case "get":
			if err := wantArgs(what, args, 1); err != nil {
				return nil, err
			}
			if m.traceOn() {
				m.traceLine(ctx, what()+" "+display(args[0]), false, false)
			}
			e, ok, err := r.get(m, args[0])
			if err != nil {
				return nil, err
			}
			if ok {
				return vOpt{true, e.v}, nil
			}
			return none, nil
		case "insert":
			if err := wantArgs(what, args, 2); err != nil {
				return nil, err
			}
			if m.traceOn() {
				m.traceLine(ctx, what()+" "+display(args[0]), false, false)
			}
			k, err := m.text(args[0], true)
			if err != nil {
				return nil, err
			}
			if err := m.charge(sizeEntry + sizeString(len(k))); err != nil {
				return nil, err
			}
			m.wmap(h.id).entries[k] = mapEntry{args[0], args[1]}
			return unit, nil
		case "remove":
			if err := wantArgs(what, args, 1); err != nil {
				return nil, err
			}
			if m.traceOn() {
				m.traceLine(ctx, what()+" "+display(args[0]), false, false)
			}
			k, err := m.text(args[0], true)
			if err != nil {
				return nil, err
			}
			e, ok := r.entries[k]
			if !ok {
				return none, nil
			}
			delete(m.wmap(h.id).entries, k)
			return vOpt{true, e.v}, nil
		case "len":
			if err := wantArgs(what, args, 0); err != nil {
				return nil, err
			}
			if m.traceOn() {
				m.traceLine(ctx, what(), false, false)
			}
			return vInt(len(r.entries)), nil
		case "drop":
			if err := wantArgs(what, args, 0); err != nil {
				return nil, err
			}
			if m.traceOn() {
				m.traceLine(ctx, what(), false, true)
			}
			w := m.wmap(h.id)
			// The emptied table is kept for Map.new to take again once the
			// machine is reset (Machine.takeMap); it is the machine's own.
			clear(w.entries)
			w.dropped, w.entries, w.spare = true, nil, w.entries
			return unit, nil
		}
	case hPool:
		p := &m.host.pools[h.id-1]
		if p.closed {
			return nil, rtErr(KindUseAfterFree, "use-after-free: %s after close()", what())
		}
		switch name {
		case "query", "execute":
			if err := wantArgs(what, args, 1); err != nil {
				return nil, err
			}
			sql, err := wantStr(what(), args[0])
			if err != nil {
				return nil, err
			}
			if m.traceOn() {
				m.traceLine(ctx, what()+" "+sql, false, false)
			}
			// The pool is a stand-in with no database behind it: a query
			// finds no rows, a statement changes none.
			if name == "query" {
				return emptyLs, nil
			}
			return vInt(0), nil
		case "close":
			if err := wantArgs(what, args, 0); err != nil {
				return nil, err
			}
			if m.traceOn() {
				m.traceLine(ctx, what()+" "+p.url, false, true)
			}
			p.closed = true
			return unit, nil
		}
	case hJob:
		if name == "cancel" {
			if err := wantArgs(what, args, 0); err != nil {
				return nil, err
			}
			// Cancelling a job that already ended is a no-op rather than a
			// use-after-free: `undo j.cancel()` must be safe whether or
			// not the job finished first.
			j := &m.host.jobs[h.id-1]
			if j.state == jobRunning {
				m.running--
				j.state = jobCancelled
				m.trace(ctx, "job.run "+j.name+" cancelled", false, true)
			}
			return unit, nil
		}
	}
	return nil, rtErr(KindEval, "%s has no method %s", h.class.typeName(), name)
}

// await waits for v. Awaiting a running job consumes its remaining turns:
// the job completes now (see doc.go). Awaiting any other value yields it.
func (m *Machine) await(ctx int, v value) (value, *Error) {
	h, ok := v.(vHandle)
	if !ok || h.class != hJob {
		return v, nil
	}
	j := &m.host.jobs[h.id-1]
	switch j.state {
	case jobCancelled:
		return nil, rtErr(KindHost, "await: job %s was cancelled", j.name)
	case jobRunning:
		m.finishJob(h.id - 1)
	}
	return unit, nil
}

func (m *Machine) finishJob(i int) {
	j := &m.host.jobs[i]
	if j.state == jobRunning {
		m.running--
	}
	j.state, j.left = jobDone, 0
	m.trace(j.fiber, "job.run "+j.name+" done", false, true)
}

// endTurn is called at the end of every turn: each running job has one
// turn fewer to go, and those with none left complete, in start order.
func (m *Machine) endTurn() {
	m.turns++
	if m.opts.Atoms == AtomsFine {
		return // a job finishes by its complete(job N) atom (fine.go)
	}
	for i := range m.host.jobs {
		j := &m.host.jobs[i]
		if j.state != jobRunning {
			continue
		}
		j.left--
		if j.left <= 0 {
			m.finishJob(i)
		}
	}
}

// Resource is a host resource acquired and never released, with where it
// was acquired.
type Resource struct {
	Text  string // `map#1 (new() with no drop())`, as Unreleased renders it
	Tag   string // `map#1`, `pool#2`, `timer#1`, `job warmup`
	Fiber string // the context whose code acquired it: a component, "test", or ""
	Atom  int    // the atom (decision) it was acquired in
	// During is that atom's label: `activate(Store)`, `teardown(Writer)`.
	During string
	Span   syntax.Span
}

// UnreleasedResources lists the host resources acquired and never
// released, in the order of Unreleased.
func (m *Machine) UnreleasedResources() []Resource {
	var out []Resource
	add := func(tag, what string, a acquisition) {
		out = append(out, Resource{Text: tag + " (" + what + ")", Tag: tag, Fiber: m.fiberName(a.ctx), Atom: a.atom,
			During: a.label.String(), Span: a.span})
	}
	for i, r := range m.host.maps {
		if !r.dropped {
			add(hMap.tag(i+1), "new() with no drop()", r.acq)
		}
	}
	for i, p := range m.host.pools {
		if !p.closed {
			add(hPool.tag(i+1), "open() with no close()", p.acq)
		}
	}
	for i, t := range m.host.timers {
		if t.armed {
			add(hTimer.tag(i+1), "schedule() with no cancel()", t.acq)
		}
	}
	for _, j := range m.host.jobs {
		if j.state == jobRunning {
			add("job "+j.name, "start with no done", j.acq)
		}
	}
	return out
}

// Unreleased lists the host resources acquired and never released, by
// class (maps, pools, timers, jobs), then serial:
// `map#1 (new() with no drop())`, `pool#1 (open() with no close())`,
// `timer#1 (schedule() with no cancel())`, `job warmup (start with no done)`.
func (m *Machine) Unreleased() []string {
	rs := m.UnreleasedResources()
	if rs == nil {
		return nil
	}
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Text
	}
	return out
}
