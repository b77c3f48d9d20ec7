package dap

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"

	godap "github.com/google/go-dap"

	"revl.dev/debug/schedule"
)

// The custom requests and events of docs/dap.md: time travel beyond DAP's
// verbs, and the timeline view's feed.

const (
	cmdGotoDecision = "revl/gotoDecision"
	cmdChoose       = "revl/choose"
	cmdTimeline     = "revl/timeline"
	cmdExplore      = "revl/explore"
	evPosition      = "revl/position"
)

// rawRequest is a custom request; handlers decode its arguments.
type rawRequest struct {
	godap.Request
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

var customRequests = map[string]func() godap.Message{
	cmdGotoDecision: func() godap.Message { return &rawRequest{} },
	cmdChoose:       func() godap.Message { return &rawRequest{} },
	cmdTimeline:     func() godap.Message { return &rawRequest{} },
	cmdExplore:      func() godap.Message { return &rawRequest{} },
}

// position is the body of revl/position, sent after every stop.
type position struct {
	Decision  int      `json:"decision"`  // index, from 0; equals decisions at the end
	Decisions int      `json:"decisions"` // in the schedule
	Label     string   `json:"label"`     // `decision 2/6: activate(B)`
	Atom      string   `json:"atom,omitempty"`
	InAtom    bool     `json:"inAtom"`
	End       bool     `json:"end"`
	Tick      int64    `json:"tick"`
	Ticks     int64    `json:"ticks"`
	Fiber     string   `json:"fiber,omitempty"`
	Line      int      `json:"line,omitempty"`
	Column    int      `json:"column,omitempty"`
	Time      int64    `json:"time"`
	Emissions int      `json:"emissions"`
	Diverged  bool     `json:"diverged"` // an emission so far differs from the canonical run
	Findings  []string `json:"findings"`
}

func (s *session) position() position {
	e := s.eng
	p := position{Decision: e.Decision(), Decisions: len(e.Decisions()), Label: s.decisionLabel(), InAtom: e.InAtom(),
		End: e.AtEnd(), Tick: e.Tick(), Ticks: e.EndTick(), Time: e.Machine().Now(), Findings: []string{}}
	if a, ok := s.currentAtom(); ok {
		p.Atom = a.String()
	}
	if sp, ok := e.Machine().CurrentSpan(); ok {
		p.Line, p.Column = s.lineOut(sp.Start.Line), s.colOut(sp.Start.Col)
		p.Fiber = e.Machine().CurrentFiber()
	}
	p.Emissions = len(e.EmissionsSoFar())
	p.Diverged = e.Diverged()
	for _, f := range e.FindingsSoFar() {
		p.Findings = append(p.Findings, f.Tag)
	}
	return p
}

func (s *session) onGotoDecision(req godap.RequestMessage) error {
	if err := s.needLaunch(); err != nil {
		return err
	}
	var args struct {
		Index *int `json:"index"`
	}
	if err := decodeArgs(req.(*rawRequest).Arguments, &args); err != nil {
		return err
	}
	n := len(s.eng.Decisions())
	if args.Index == nil || *args.Index < 0 || *args.Index > n {
		return fmt.Errorf("revl/gotoDecision: 'index' must be a decision index from 0 to %d", n)
	}
	s.eng.Goto(s.eng.DecisionTick(*args.Index))
	s.reply(req, s.position())
	s.stopped(stopInfo{reason: "goto", desc: s.decisionLabel()})
	return nil
}

// chooseBody answers revl/choose: the new schedule, ready to export.
type chooseBody struct {
	Choices  []int    `json:"choices"`
	Command  string   `json:"command"`
	Findings []string `json:"findings"`
}

func (s *session) onChoose(req godap.RequestMessage) error {
	if err := s.needLaunch(); err != nil {
		return err
	}
	var args struct {
		Index *int `json:"index"`
	}
	if err := decodeArgs(req.(*rawRequest).Arguments, &args); err != nil {
		return err
	}
	body, desc, err := s.fork("revl/choose", args.Index)
	if err != nil {
		return err
	}
	s.reply(req, body)
	s.stopped(stopInfo{reason: "goto", desc: desc})
	return nil
}

// fork makes the current decision pick ready atom *index (going to its
// boundary first when inside its atom): the what-if of revl/choose and of
// setVariable on a decision's choice. It tells the console and returns the
// new schedule and the description of the stop to report.
func (s *session) fork(cmd string, index *int) (chooseBody, string, error) {
	e := s.eng
	if e.InAtom() {
		e.Goto(e.DecisionTick(e.Decision()))
	}
	if e.AtEnd() {
		return chooseBody{}, "", fmt.Errorf("%s: the schedule is over: nothing is ready", cmd)
	}
	if index == nil || *index < 0 || *index >= e.ReadyLen() {
		return chooseBody{}, "", fmt.Errorf("%s: 'index' must be an index into the ready set, from 0 to %d", cmd, e.ReadyLen()-1)
	}
	d, was := e.Decision(), e.ReadyAt(e.Next())
	took := e.ReadyAt(*index)
	if err := e.Fork(*index); err != nil {
		return chooseBody{}, "", err
	}
	s.tape = "choices " + schedule.ScheduleKey(e.Choices()) + " (forked)"
	body := chooseBody{Choices: e.Choices(), Command: s.command(), Findings: []string{}}
	for _, f := range e.AllFindings() {
		body.Findings = append(body.Findings, f.Tag+": "+f.Message)
	}
	s.output("important", fmt.Sprintf("forked at decision %d: %s instead of %s; the schedule is now %s\n", d+1, took, was, s.command()))
	return body, fmt.Sprintf("forked: %s at decision %d", took, d+1), nil
}

// replayTarget is what the printed commands repeat: the program (by its
// base name: the client runs them in the program's folder), the decision
// bound and mock world.
func (s *session) replayTarget() schedule.ReplayTarget {
	rp := schedule.ReplayTarget{File: filepath.Base(s.path)}
	if s.args != nil {
		rp.MaxDecisions = s.args.MaxDecisions
		if on, seed, err := parseMocks(s.args.Mocks); err == nil {
			rp.Mocks, rp.MockSeed = on, seed
		}
	}
	return rp
}

// command is the revl CLI line that replays the session's schedule.
func (s *session) command() string {
	return s.replayTarget().TestCommand(s.eng.Choices())
}

// exploreBody answers revl/explore.
type exploreBody struct {
	// Cancelled: a cancel request stopped the sweep early; the counts are
	// of the seeds run before it (seeds 1..schedules).
	Cancelled bool          `json:"cancelled,omitempty"`
	Schedules int           `json:"schedules"`
	Failures  int           `json:"failures"`
	Failing   []failingSeed `json:"failing"`
}

type failingSeed struct {
	Seed      uint64   `json:"seed"`
	Tags      []string `json:"tags"`
	Findings  []string `json:"findings"`
	Choices   []int    `json:"choices"`   // the seed's own vector
	Minimized []int    `json:"minimized"` // the shrunk one (= choices when not shrunk)
	Command   string   `json:"command"`
}

func (s *session) onExplore(req godap.RequestMessage) error {
	if err := s.needLaunch(); err != nil {
		return err
	}
	var args struct {
		Seeds  int   `json:"seeds"`
		Shrink *bool `json:"shrink"`
	}
	if err := decodeArgs(req.(*rawRequest).Arguments, &args); err != nil {
		return err
	}
	if args.Seeds < 1 {
		return fmt.Errorf("revl/explore: 'seeds' must be a positive number (runs seeds 1..seeds)")
	}
	if len(s.prog.Components) > explorerLimit {
		return fmt.Errorf("revl/explore: sweeps from the debugger are limited to compositions of %d components; use revl test", explorerLimit)
	}
	shrink := args.Shrink == nil || *args.Shrink
	seq := req.GetRequest().Seq
	id := exploreProgress + strconv.Itoa(seq)
	if s.progress {
		s.sendEvent("progressStart", map[string]any{"progressId": id, "title": "Exploring schedules", "message": fmt.Sprintf("%d seeds", args.Seeds), "percentage": 0, "cancellable": true})
	}
	body := exploreBody{Failing: []failingSeed{}}
	opts := schedule.SweepOptions{Seeds: args.Seeds, NoShrink: !shrink, Stop: func() bool { return s.cancelled(seq) }}
	body.Cancelled = !s.world.Sweep(opts, func(o schedule.Outcome) {
		body.Schedules++
		if !o.Result.OK() {
			body.Failures++
			f := failingSeed{Seed: o.Seed, Choices: o.Result.Choices, Minimized: o.Result.Choices}
			if o.Shrunk != nil {
				f.Minimized = o.Shrunk.Result.Choices
			}
			for _, x := range o.Result.Findings {
				f.Tags = append(f.Tags, x.Tag)
				f.Findings = append(f.Findings, x.Tag+": "+x.Message)
			}
			f.Command = s.replayTarget().TestCommand(f.Minimized)
			body.Failing = append(body.Failing, f)
		}
		if s.progress && (body.Schedules%max(1, args.Seeds/20) == 0 || body.Schedules == args.Seeds) {
			s.sendEvent("progressUpdate", map[string]any{"progressId": id,
				"message":    fmt.Sprintf("%d/%d seeds, %d failing", body.Schedules, args.Seeds, body.Failures),
				"percentage": 100 * body.Schedules / args.Seeds})
		}
	})
	if s.progress {
		msg := fmt.Sprintf("%d failing of %d", body.Failures, body.Schedules)
		if body.Cancelled {
			msg += " (cancelled)"
		}
		s.sendEvent("progressEnd", map[string]any{"progressId": id, "message": msg})
	}
	s.reply(req, body)
	return nil
}

// exploreProgress prefixes the progressId of a revl/explore (then its seq).
const exploreProgress = "revl-explore-"
