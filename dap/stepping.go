package dap

import (
	"fmt"

	godap "github.com/google/go-dap"

	"revl.dev/debug/dap/travel"
	"revl.dev/debug/runtime"
)

// Stepping. Every verb is a motion of the engine followed by the response
// and then a `stopped` event (and `revl/position`):
//
//	next      on the scheduler thread: to the next decision boundary;
//	          on a fiber thread: over one statement (not into methods)
//	stepIn    one stop point, into provider method bodies
//	stepOut   out of the current method, or to the end of the atom
//	continue  to the next breakpoint, property violation, or the end
//	stepBack  undo one step of the granularity last stepped with
//	reverseContinue  back to the previous breakpoint hit, or the start
//
// Forward motions stop at breakpoints and violations on the way, as a
// step over a call stops at a breakpoint inside it. stepBack does not: it
// undoes exactly one step. The granularity argument overrides the thread
// rule: "instruction" is one stop point, "statement" and "line" one
// statement.

// stopInfo says why the session is stopped where it is.
type stopInfo struct {
	reason, desc, text string
	ids                []int
	finding            *travel.Finding
}

const schedulerThread = 1

func (s *session) onNext(req godap.RequestMessage) error {
	r := req.(*godap.NextRequest)
	return s.stepForward(req, s.granularityOf(r.Arguments.ThreadId, string(r.Arguments.Granularity), byDecision))
}

func (s *session) onStepIn(req godap.RequestMessage) error {
	r := req.(*godap.StepInRequest)
	gr := byStop
	if g := string(r.Arguments.Granularity); g == "statement" || g == "line" {
		gr = byStatement
	}
	return s.stepForward(req, gr)
}

func (s *session) onStepOut(req godap.RequestMessage) error {
	return s.stepForward(req, byOut)
}

// granularityOf picks a step's unit from the thread and the granularity
// argument.
func (s *session) granularityOf(thread int, g string, onScheduler granularity) granularity {
	switch g {
	case "instruction":
		return byStop
	case "statement", "line":
		return byStatement
	}
	if thread == schedulerThread || s.eng == nil || !s.eng.InAtom() {
		return onScheduler
	}
	return byStatement
}

func (s *session) stepForward(req godap.RequestMessage, gr granularity) error {
	if err := s.needLaunch(); err != nil {
		return err
	}
	s.lastGr = gr
	e := s.eng
	depth := s.depth()
	var target func() bool
	switch {
	case gr == byStop:
		target = func() bool { return true }
	case gr == byDecision || gr == byOut && depth == 0:
		target = func() bool { return !e.InAtom() }
	case gr == byStatement:
		target = func() bool { return !e.InAtom() || s.depth() <= depth }
	default: // byOut
		target = func() bool { return !e.InAtom() || s.depth() < depth }
	}
	s.reply(req, nil)
	s.forward(func(*travel.Op) bool { return target() })
	return nil
}

// depth is the number of code frames running: 0 at a boundary.
func (s *session) depth() int {
	if !s.eng.InAtom() {
		return 0
	}
	return len(s.eng.Machine().Stack(""))
}

func (s *session) onContinue(req godap.RequestMessage) error {
	if err := s.needLaunch(); err != nil {
		return err
	}
	s.send(&godap.ContinueResponse{Response: response(req), Body: godap.ContinueResponseBody{AllThreadsContinued: true}})
	s.forward(func(*travel.Op) bool { return false })
	return nil
}

// forward runs the engine until target accepts a position, a breakpoint
// or an enabled violation stops it, or the schedule ends; then reports the
// stop. Emissions, findings and logpoints passed on the way go to the
// debug console.
func (s *session) forward(target func(*travel.Op) bool) {
	e := s.eng
	var stop *stopInfo
	o, end := e.Forward(func(o *travel.Op) bool {
		s.narrate(o)
		if !e.Stoppable() {
			return false
		}
		h := s.hits(o)
		s.logpoints(h)
		if h.stops() {
			st := s.hitInfo(h)
			stop = &st
			return true
		}
		return target(o)
	})
	_ = o
	switch {
	case stop != nil:
		s.stopped(*stop)
	case end:
		if !s.endSaid {
			s.output("important", s.endText()+"\n")
			s.endSaid = true
		}
		s.stopped(stopInfo{reason: "end", desc: s.endText()})
	default:
		s.stopped(stopInfo{reason: "step"})
	}
}

func (s *session) endText() string {
	n := len(s.eng.FindingsSoFar())
	return fmt.Sprintf("end of schedule: %d decisions, %d findings", len(s.eng.Decisions()), n)
}

// narrate sends what one op did to the console: emissions (stdout) and
// findings (important). Each position is narrated once: going forward
// again over positions already seen (after a step back) prints nothing
// again, since the console already holds it.
func (s *session) narrate(o *travel.Op) {
	if t := s.eng.Tick(); t <= s.narrated {
		return
	} else {
		s.narrated = t
	}
	for _, ev := range o.Events {
		if ev.Kind == runtime.EvEmission {
			s.output("stdout", fmt.Sprintf("[decision %d] %s: %s\n", ev.Atom, ev.Fiber, ev.Text))
		}
	}
	for _, f := range o.Findings {
		s.output("important", fmt.Sprintf("%s at decision %d: %s\n", f.Tag, f.Decision, f.Message))
	}
}

func (s *session) logpoints(h hitHere) {
	for _, bp := range h.logs {
		s.output("console", s.interpolate(bp.logMsg)+"\n")
	}
}

// hitInfo describes a stop at breakpoints or a violation.
func (s *session) hitInfo(h hitHere) stopInfo {
	if f := h.finding; f != nil {
		return stopInfo{reason: "exception", desc: f.Tag + ": " + f.Message, text: f.Tag, finding: f, ids: h.ids}
	}
	reason, desc := "breakpoint", ""
	for _, bp := range s.bps.funcs {
		if len(h.ids) > 0 && bp.id == h.ids[0] {
			reason = "function breakpoint"
		}
	}
	for _, bp := range s.bps.data {
		if len(h.ids) > 0 && bp.id == h.ids[0] {
			reason, desc = "data breakpoint", h.what
		}
	}
	return stopInfo{reason: reason, desc: desc, ids: h.ids}
}

func (s *session) reportHit(h hitHere, _ *travel.Op) { s.stopped(s.hitInfo(h)) }

func (s *session) onStepBack(req godap.RequestMessage) error {
	if err := s.needLaunch(); err != nil {
		return err
	}
	r := req.(*godap.StepBackRequest)
	gr := s.lastGr
	switch string(r.Arguments.Granularity) {
	case "instruction":
		gr = byStop
	case "statement", "line":
		gr = byStatement
	}
	e := s.eng
	depth := s.depth()
	switch {
	case gr == byDecision || gr == byOut && depth == 0:
		d := e.Decision()
		if !e.InAtom() {
			d--
		}
		e.Goto(e.DecisionTick(max(d, 0)))
	case gr == byStop:
		e.Back(func(*travel.Op) bool { return true })
	case gr == byStatement:
		// From a boundary, statement granularity goes back to the last
		// top-level statement of the previous atom: the undo of the step
		// over it that reached the boundary.
		d := max(depth, 1)
		e.Back(func(*travel.Op) bool { return !e.InAtom() || s.depth() <= d })
	default: // byOut: back to the statement that called this method, or the boundary
		e.Back(func(*travel.Op) bool { return !e.InAtom() || s.depth() < depth })
	}
	s.reply(req, nil)
	s.stopped(stopInfo{reason: "step"})
	return nil
}

func (s *session) onReverseContinue(req godap.RequestMessage) error {
	if err := s.needLaunch(); err != nil {
		return err
	}
	var found hitHere
	_, ok := s.eng.Back(func(o *travel.Op) bool {
		if !s.eng.Stoppable() {
			return false
		}
		h := s.hits(o)
		if h.stops() {
			found = h
			return true
		}
		return false
	})
	s.reply(req, nil)
	if ok {
		// found holds the last match the scan saw, which is where it went.
		s.stopped(s.hitInfo(found))
		return nil
	}
	s.stopped(stopInfo{reason: "entry", desc: "start of " + s.tape})
	return nil
}

func (s *session) onPause(req godap.RequestMessage) error {
	// Requests run one at a time to completion, so the session is always
	// stopped when a pause arrives: there is nothing to interrupt.
	s.reply(req, nil)
	return nil
}

// stopped records a stop, keeps a checkpoint here (stepping back to it
// will replay nothing), flushes the console output and sends `stopped` and
// `revl/position`.
func (s *session) stopped(st stopInfo) {
	s.stop = st
	// The stop cache is already empty: a stop comes only from a request
	// that is not one of the four it answers, and handle empties it
	// before such a request runs.
	s.handles.reset()
	s.eng.Mark()
	s.flush()
	s.send(&godap.StoppedEvent{Event: event("stopped"), Body: godap.StoppedEventBody{
		Reason: st.reason, Description: st.desc, Text: st.text, ThreadId: s.stoppedThread(),
		AllThreadsStopped: true, HitBreakpointIds: st.ids,
	}})
	s.sendEvent(evPosition, s.position())
}

// stoppedThread is the thread to focus: the atom's fiber inside an atom,
// the scheduler at a boundary.
func (s *session) stoppedThread() int {
	if s.eng.InAtom() {
		return fiberThread(s.eng.FiberIndex(s.eng.Atom().Fiber))
	}
	return schedulerThread
}

func fiberThread(i int) int { return i + 2 }
