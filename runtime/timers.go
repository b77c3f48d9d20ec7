package runtime

import (
	"strconv"

	"revl.dev/debug/runtime/syntax"
)

// timerRes is an armed (or spent) `every`/`after` timer. Timers live in the
// host table because they are host resources with a serial tag and an
// unreleased state; the body is a closure over the activation's locals.
type timerRes struct {
	kind     syntax.TimerKind
	interval int64
	due      int64
	fires    int
	fiber    int
	body     *vClosure
	armed    bool
	acq      acquisition
}

// arm schedules a timer owned by fiber ctx and pushes its cancellation on
// the fiber's frame.
func (m *Machine) arm(ctx int, s *timerSite, body *vClosure, span syntax.Span) *Error {
	if ctx < 0 {
		return rtErr(KindEval, "a timer needs a component to own it")
	}
	if s.interval <= 0 {
		return rtErr(KindEval, "timer interval must be positive, got %dms", s.interval)
	}
	m.host.timers = append(m.host.timers, timerRes{
		kind: s.kind, interval: s.interval, due: m.now + s.interval, fiber: ctx, body: body, armed: true,
		acq: m.acquiredHere(ctx, span),
	})
	m.armed++
	id := len(m.host.timers)
	tag := hTimer.tag(id)
	m.trace(ctx, tag+".schedule "+s.kind.String()+" "+strconv.FormatInt(s.interval, 10)+"ms", true, false)
	m.pushInverse(ctx, &inverse{
		kind: invCancel, text: "cancel " + tag, span: span,
		fn: m.prog.cancelFn, timer: id - 1, fiber: ctx,
	})
	return nil
}

// nextDue returns the index of the armed timer that fires next at or before
// target: earliest due time first, ties in arm order. -1 when none.
func (m *Machine) nextDue(target int64) int {
	best := -1
	for i := range m.host.timers {
		t := &m.host.timers[i]
		if t.armed && t.due <= target && (best < 0 || t.due < m.host.timers[best].due) {
			best = i
		}
	}
	return best
}

// fire is the stop point at the start of a timer body: virtual time moves
// to the timer's due time and the firing is recorded. An `after` timer's
// only firing releases it, and its cancellation leaves the owner's frame.
func (m *Machine) fire(i int, span syntax.Span) {
	t := &m.host.timers[i]
	m.moveTime(t.due)
	t.fires++
	final := t.kind == syntax.After
	if final {
		t.armed = false
		m.armed--
	} else {
		t.due += t.interval
	}
	fiberIdx, fires, due := t.fiber, t.fires, m.now
	if final {
		f := m.wfiber(fiberIdx)
		for j := len(f.frame) - 1; j >= 0; j-- {
			if inv := f.frame[j]; inv.kind == invCancel && inv.timer == i {
				f.frame = append(f.frame[:j:j], f.frame[j+1:]...)
				break
			}
		}
	}
	if m.want() {
		m.emit(Event{
			Kind: EvTimerFire, Fiber: m.fiberName(fiberIdx), Span: span, Release: final,
			Text: hTimer.tag(i+1) + ".fire #" + strconv.Itoa(fires) + " at " + strconv.FormatInt(due, 10) + "ms",
		})
	}
}

// cancel runs a timer's inverse.
func (m *Machine) cancel(ctx, i int) {
	t := &m.host.timers[i]
	if !t.armed {
		return
	}
	t.armed = false
	m.armed--
	m.trace(ctx, hTimer.tag(i+1)+".cancel", false, true)
}

// moveTime sets the virtual time forward to ms, recording the move.
func (m *Machine) moveTime(ms int64) {
	if ms <= m.now {
		return
	}
	from := m.now
	m.now = ms
	if m.want() {
		m.emit(Event{Kind: EvTimeAdvance, TimeFrom: from})
	}
}
