package dap

import (
	"fmt"
	"strconv"
	"strings"

	godap "github.com/google/go-dap"
)

// setVariable is the what-if fork from the Variables pane: the Decision
// scope's `choice` (the index into the ready set the decision picks) can be
// set to another index, and the run forks there (Engine.Fork, as
// revl/choose). Every other variable is a fact of the schedule and is
// refused: a schedule's state follows from its choices, so nothing else can
// change without the run lying about what it did.

// choiceVar is the Decision scope's `choice`; none at the end.
func (s *session) choiceVar() (godap.Variable, bool) {
	e := s.eng
	if e.AtEnd() {
		return godap.Variable{}, false
	}
	pick, n := e.Next(), e.ReadyLen()
	if e.InAtom() {
		d := e.Decisions()[e.Decision()]
		pick, n = d.Choice, d.Ready
	}
	return godap.Variable{Name: "choice", Value: strconv.Itoa(pick),
		Type: fmt.Sprintf("index into ready, 0 to %d (set it to fork the run here)", n-1)}, true
}

func (s *session) onSetVariable(req godap.RequestMessage) error {
	r := req.(*godap.SetVariableRequest)
	c := s.handles.at(r.Arguments.VariablesReference)
	if c.set == nil {
		return fmt.Errorf("setVariable: %q cannot be set: only a decision's 'choice' (the scheduler frame's Decision scope) can, which forks the run", r.Arguments.Name)
	}
	body, err := c.set(r.Arguments.Name, r.Arguments.Value)
	if err != nil {
		return err
	}
	s.reply(req, body)
	s.stopped(s.stop)
	return nil
}

// setDecisionVar sets a variable of the Decision scope: only `choice`.
func (s *session) setDecisionVar(name, value string) (godap.SetVariableResponseBody, error) {
	if name != "choice" {
		return godap.SetVariableResponseBody{}, fmt.Errorf("setVariable: %q cannot be set: of the Decision scope only 'choice' can, which forks the run", name)
	}
	e := s.eng
	if e.AtEnd() {
		return godap.SetVariableResponseBody{}, fmt.Errorf("setVariable: the schedule is over: nothing is ready")
	}
	n := e.ReadyLen()
	if e.InAtom() {
		n = e.Decisions()[e.Decision()].Ready
	}
	idx, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil || idx < 0 || idx >= n {
		return godap.SetVariableResponseBody{}, fmt.Errorf("setVariable: 'choice' must be an index into the ready set, from 0 to %d, got %q", n-1, value)
	}
	body, desc, err := s.fork("setVariable", &idx)
	if err != nil {
		return godap.SetVariableResponseBody{}, err
	}
	s.output("console", fmt.Sprintf("choice vector %s; replay it with: %s\n", intsText(body.Choices), body.Command))
	s.stop = stopInfo{reason: "goto", desc: desc}
	v, _ := s.choiceVar()
	return godap.SetVariableResponseBody{Value: v.Value, Type: v.Type}, nil
}
