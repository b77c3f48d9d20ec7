package dap

import (
	"fmt"
	"strings"

	godap "github.com/google/go-dap"

	"revl.dev/debug/dap/travel"
)

// Jump to Cursor (gotoTargets, goto) and restartFrame: motions of the
// engine to a position named by the source, not by a step.
//
// A goto target is a stop location of the program (locations.go): its id
// is the location's index + 1, fixed for the launch. goto moves to the
// first position of the schedule that runs the target's statement,
// searching forward from the current position first and then back from it:
// "run to here" is what a user at a position means first, and the only
// thing a live debugger could do; going back is what time travel adds
// when the statement already ran and never runs again. Nothing between is
// skipped (the schedule is fixed): goto moves through it without stopping
// at breakpoints, as a jump does.

func (s *session) onGotoTargets(req godap.RequestMessage) error {
	r := req.(*godap.GotoTargetsRequest)
	line := s.lineIn(r.Arguments.Line)
	col := 0
	if r.Arguments.Column > 0 {
		col = s.colIn(r.Arguments.Column)
	}
	targets := []godap.GotoTarget{}
	for i, l := range s.stopLocations() {
		if int(l.Start.Line) != line || col > 0 && int(l.End.Line) == line && int(l.End.Col) < col {
			continue
		}
		targets = append(targets, godap.GotoTarget{
			Id: i + 1, Label: s.targetLabel(l),
			Line: s.lineOut(int(l.Start.Line)), Column: s.colOut(int(l.Start.Col)),
			EndLine: s.lineOut(int(l.End.Line)), EndColumn: s.colOut(int(l.End.Col)),
		})
	}
	s.reply(req, godap.GotoTargetsResponseBody{Targets: targets})
	return nil
}

// targetLabel is the statement's first source line, trimmed, with its
// position.
func (s *session) targetLabel(l location) string {
	text := ""
	if int(l.Start.Offset) < len(s.src) && int(l.End.Offset) <= len(s.src) && l.Start.Offset <= l.End.Offset {
		text, _, _ = strings.Cut(string(s.src[l.Start.Offset:l.End.Offset]), "\n")
	}
	line, col := s.posOut(l.Start)
	return fmt.Sprintf("%d:%d %s", line, col, strings.TrimSpace(text))
}

// at reports whether the current position is about to run the statement
// at l.
func (s *session) at(l location) bool {
	e := s.eng
	if !e.InAtom() {
		return false
	}
	sp, ok := e.Machine().CurrentSpan()
	return ok && sp.Start.Line == l.Start.Line && sp.Start.Col == l.Start.Col
}

func (s *session) onGoto(req godap.RequestMessage) error {
	r := req.(*godap.GotoRequest)
	l := s.stopLocations()[r.Arguments.TargetId-1]
	e := s.eng
	from := e.Tick()
	match := func(*travel.Op) bool { return s.at(l) }
	dir := "forward"
	if _, end := e.Forward(match); end && !s.at(l) {
		e.Goto(from)
		dir = "back"
		if _, ok := e.Back(match); !ok {
			e.Goto(from)
			return fmt.Errorf("goto: %s never runs in this schedule (%s)", s.targetLabel(l), s.tape)
		}
	}
	s.reply(req, nil)
	s.stopped(stopInfo{reason: "goto", desc: fmt.Sprintf("%s to %s", dir, s.targetLabel(l))})
	return nil
}

// onRestartFrame goes back to where the current atom began: its decision
// boundary. At a boundary the atom the schedule picks has not begun, and
// the position stays.
func (s *session) onRestartFrame(req godap.RequestMessage) error {
	e := s.eng
	if e.InAtom() {
		e.Goto(e.DecisionTick(e.Decision()))
	}
	s.reply(req, nil)
	s.stopped(stopInfo{reason: "restart", desc: s.decisionLabel()})
	return nil
}
