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
	Decision  int    `json:"decision"`  // index, from 0; equals decisions at the end
	Decisions int    `json:"decisions"` // in the schedule
	Label     string `json:"label"`     // `decision 1: activate(B)`
	// Forks counts the what-if forks of the session (revl/choose,
	// setVariable): a client that holds the schedule's timeline refetches
	// it when the count changes, even when the length did not.
	Forks     int    `json:"forks"`
	Atom      string `json:"atom,omitempty"`
	InAtom    bool   `json:"inAtom"`
	End       bool   `json:"end"`
	Tick      int64  `json:"tick"`
	Ticks     int64  `json:"ticks"`
	Fiber     string `json:"fiber,omitempty"`
	Line      int    `json:"line,omitempty"`
	Column    int    `json:"column,omitempty"`
	Time      int64  `json:"time"`
	Emissions int    `json:"emissions"`
	// Partial: the schedule's end is not known yet (a large composition's
	// schedule is learnt as the session goes): Decisions counts the
	// decisions run so far and Ticks is -1.
	Partial  bool     `json:"partial,omitempty"`
	Diverged bool     `json:"diverged"` // an emission so far differs from the canonical run
	Findings []string `json:"findings"`
}

func (s *session) position() position {
	e := s.eng
	p := position{Decision: e.Decision(), Decisions: len(e.Decisions()), Label: s.decisionLabel(), Forks: s.forks, InAtom: e.InAtom(),
		End: e.AtEnd(), Tick: e.Tick(), Ticks: e.EndTick(), Time: e.Machine().Now(), Findings: []string{}}
	if a, ok := s.currentAtom(); ok {
		p.Atom = a.String()
	}
	if sp, ok := e.Machine().CurrentSpan(); ok {
		p.Line, p.Column = s.posOut(sp.Start)
		p.Fiber = e.Machine().CurrentFiber()
	}
	p.Emissions = len(e.EmissionsSoFar())
	p.Partial = !e.Known()
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
	if args.Index != nil && *args.Index >= 0 {
		s.eng.Learn(*args.Index)
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
	// What comes after the fork is new: narrate it when the user steps on.
	s.narrated, s.endSaid = min(s.narrated, e.Tick()), false
	s.forks++
	s.tape = "choices " + schedule.ScheduleKey(e.Choices()) + " (forked)"
	body := chooseBody{Choices: e.Choices(), Command: s.command(), Findings: []string{}}
	for _, f := range e.AllFindings() {
		body.Findings = append(body.Findings, f.Tag+": "+f.Message)
	}
	s.output("important", fmt.Sprintf("forked at decision %d: %s instead of %s; the schedule is now %s\n", d, took, was, s.command()))
	return body, fmt.Sprintf("forked: %s at decision %d", took, d), nil
}

// replayTarget is what the printed commands repeat: the program (by its
// base name: the client runs them in the program's folder), the decision
// bound, mock world, alphabet and fault bound (the world's: a trace's own
// when replaying one).
func (s *session) replayTarget() schedule.ReplayTarget {
	rp := schedule.ReplayTarget{File: filepath.Base(s.path)}
	if s.world != nil {
		rp.MaxFaults = s.world.Options().MaxFaults
	}
	if s.args != nil {
		rp.MaxDecisions = s.args.MaxDecisions
		if s.args.Atoms == "fine" {
			// A fine vector replays only with the fine alphabet.
			rp.Atoms, rp.MaxFires = s.args.Atoms, s.args.MaxFires
		}
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
	// Exhaustive is, for `exhaustive: true`, what the search covered:
	// classes, schedules run, whether a bound or a cancel cut it short.
	Exhaustive *schedule.ExhaustiveReport `json:"exhaustive,omitempty"`
	// Verdict is the exhaustive search's verdict line, as revl test
	// --exhaustive prints it.
	Verdict string `json:"verdict,omitempty"`
	// Distinct, for `exhaustive: true`, are the distinct failures as the
	// dossier of revl test --exhaustive --json lists them: what fails and
	// the classes that fail that way, the first shown (its failing entry
	// has the minimized vector).
	Distinct []schedule.ExhaustiveFailure `json:"distinct,omitempty"`
}

type failingSeed struct {
	// Seed is the seed of a sweep's failing run (0 for a class of an
	// exhaustive search, which has no seed).
	Seed uint64 `json:"seed"`
	// Class is, for an exhaustive search, the class's number in the
	// report: the canonical run's class is 1, the others follow by class
	// hash, as in revl test --exhaustive.
	Class     int      `json:"class,omitempty"`
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
		Seeds        int   `json:"seeds"`
		Shrink       *bool `json:"shrink"`
		Exhaustive   bool  `json:"exhaustive"`
		MaxSchedules int   `json:"maxSchedules"`
	}
	if err := decodeArgs(req.(*rawRequest).Arguments, &args); err != nil {
		return err
	}
	if args.Exhaustive {
		if args.MaxSchedules < 0 {
			return fmt.Errorf("revl/explore: 'maxSchedules' must be 0 (no bound) or more, got %d", args.MaxSchedules)
		}
		return s.exploreAll(req, args.MaxSchedules, args.Shrink == nil || *args.Shrink)
	}
	if args.Seeds < 1 {
		return fmt.Errorf("revl/explore: 'seeds' must be a positive number (runs seeds 1..seeds), or give 'exhaustive': true")
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
	// Only failing seeds' results are kept: passing ones are reused.
	opts := schedule.SweepOptions{Seeds: args.Seeds, NoShrink: !shrink, Reuse: true, Stop: func() bool { return s.cancelled(seq) }}
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

// exploreAll answers revl/explore with `exhaustive: true`: one schedule of
// every equivalence class (World.Exhaustive), with progress events per
// class and a cancel that stops it between schedules. The failing classes
// are those of revl test --exhaustive (World.ExhaustiveFailures): the run
// of each class's normal form, in class order, the first class of each
// failure signature shrunk.
func (s *session) exploreAll(req godap.RequestMessage, maxSchedules int, shrink bool) error {
	if len(s.prog.Components) > exhaustiveLimit {
		return fmt.Errorf("revl/explore: exhaustive searches from the debugger are limited to compositions of %d components; use revl test --exhaustive", exhaustiveLimit)
	}
	if s.world.Options().MaxFaults > 0 {
		return fmt.Errorf("revl/explore: the exhaustive search does not inject faults yet (as revl test --faults --exhaustive); explore seeds instead")
	}
	seq := req.GetRequest().Seq
	id := exploreProgress + strconv.Itoa(seq)
	if s.progress {
		s.sendEvent("progressStart", map[string]any{"progressId": id, "title": "Exploring every schedule",
			"message": "one schedule per equivalence class", "cancellable": true})
	}
	body := exploreBody{Failing: []failingSeed{}}
	opts := schedule.SearchOptions{NoShrink: !shrink,
		ExhaustiveOptions: schedule.ExhaustiveOptions{MaxSchedules: maxSchedules, Distinct: true, Stop: func() bool { return s.cancelled(seq) }},
		Each: func(run schedule.ExhaustiveRun, _ *schedule.Result) {
			body.Schedules++
			if !run.Result.OK() {
				body.Failures++
			}
			if s.progress && body.Schedules%10 == 0 {
				s.sendEvent("progressUpdate", map[string]any{"progressId": id,
					"message": fmt.Sprintf("%d classes, %d failing", body.Schedules, body.Failures)})
			}
		}}
	search := s.world.ExhaustiveFailures(opts)
	rep := search.Report
	// The classes as revl test --exhaustive reports them (schedule owns
	// the numbering, the grouping and which class is shrunk).
	body.Distinct = search.Failures
	for _, c := range search.Failing {
		r := c.Result
		f := failingSeed{Class: c.Class, Choices: r.Choices, Minimized: c.Shown().Choices}
		for _, x := range r.Findings {
			f.Tags = append(f.Tags, x.Tag)
			f.Findings = append(f.Findings, x.Tag+": "+x.Message)
		}
		f.Command = s.replayTarget().TestCommand(f.Minimized)
		body.Failing = append(body.Failing, f)
	}
	body.Exhaustive, body.Cancelled = &rep, rep.Stopped
	switch {
	case rep.Stopped:
		body.Verdict = fmt.Sprintf("cancelled after %d schedules: %d classes covered, %d failing", rep.Schedules, rep.Classes, body.Failures)
	case rep.BoundedOut:
		body.Verdict = fmt.Sprintf("bounded-out after %d schedules: %d classes covered, %d failing", rep.Schedules, rep.Classes, body.Failures)
	case body.Failures == 0:
		body.Verdict = fmt.Sprintf("exhaustive: %d equivalence classes, none violates", rep.Classes)
	default:
		verb := "violate"
		if body.Failures == 1 {
			verb = "violates"
		}
		body.Verdict = fmt.Sprintf("exhaustive: %d equivalence classes, %d %s", rep.Classes, body.Failures, verb)
	}
	if s.progress {
		s.sendEvent("progressEnd", map[string]any{"progressId": id, "message": body.Verdict})
	}
	s.output("important", body.Verdict+"\n")
	s.reply(req, body)
	return nil
}
