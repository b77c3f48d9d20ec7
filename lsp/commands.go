package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/sourcegraph/jsonrpc2"
	"go.lsp.dev/protocol"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/runtime"
	"revl.dev/debug/schedule"
)

// Commands a client can execute with workspace/executeCommand (the code
// lenses are bound to them). See doc.go and docs/lsp.md for the contract.
const (
	cmdRunSchedules  = "revl.runSchedules"
	cmdDebugSchedule = "revl.debugSchedule"
)

type commandFunc func(s *Server, ctx context.Context, snap *Snapshot, arg json.RawMessage, token *protocol.ProgressToken) (any, error)

var commands = map[string]commandFunc{
	cmdRunSchedules:   (*Server).runSchedulesCommand,
	cmdDebugSchedule:  (*Server).debugScheduleCommand,
	cmdProveSchedules: (*Server).proveSchedulesCommand,
}

// RunSchedulesArgs is the argument of revl.runSchedules.
type RunSchedulesArgs struct {
	Program string `json:"program"`         // the file's path (or its URI)
	Seeds   int    `json:"seeds,omitempty"` // seeds 1..Seeds; 0 means the server default (200)
	// Atoms is the alphabet: "" or "lifecycle", or "fine" (`revl test
	// --atoms fine`); MaxFires its fire bound (0: the default, 3).
	Atoms    string `json:"atoms,omitempty"`
	MaxFires int    `json:"maxFires,omitempty"`
	// MaxFaults lets each schedule inject up to this many faults, a
	// crash(F) or a fail@F:N (`revl test --faults --max-faults K`); 0: none.
	MaxFaults int `json:"maxFaults,omitempty"`
}

// mode reads the sweep mode of the arguments, refusing what `revl test`
// refuses.
func (a RunSchedulesArgs) mode() (sweepMode, error) {
	var m sweepMode
	atoms, ok := runtime.ParseAtomMode(a.Atoms)
	if !ok {
		return m, fmt.Errorf("atoms %q: want \"lifecycle\" or \"fine\"", a.Atoms)
	}
	switch {
	case a.MaxFires < 0:
		return m, fmt.Errorf("maxFires %d: want 1 or more", a.MaxFires)
	case a.MaxFires > 0 && atoms != runtime.AtomsFine:
		return m, fmt.Errorf("maxFires needs atoms \"fine\" (lifecycle schedules fire no timer)")
	case a.MaxFaults < 0 || a.MaxFaults > 16:
		return m, fmt.Errorf("maxFaults %d out of range 0..16", a.MaxFaults)
	}
	return sweepMode{atoms: atoms, maxFires: a.MaxFires, maxFaults: a.MaxFaults}, nil
}

// DebugScheduleArgs is the argument of revl.debugSchedule.
type DebugScheduleArgs struct {
	Program string `json:"program"`
	Choices []int  `json:"choices"`
	// Atoms and MaxFires are the alphabet the vector was found in (a fine
	// vector is another schedule over the lifecycle alphabet), MaxFaults
	// the fault bound of the sweep that found it (a vector that crashes a
	// fiber picks a crash(F) among the ready atoms, which only a world with
	// faults lists). They are revl-dap's launch attributes of the same
	// names.
	Atoms     string `json:"atoms,omitempty"`
	MaxFires  int    `json:"maxFires,omitempty"`
	MaxFaults int    `json:"maxFaults,omitempty"`
}

// RunSchedulesResult answers revl.runSchedules.
type RunSchedulesResult struct {
	Program   string          `json:"program"`
	Seeds     int             `json:"seeds"`
	Schedules int             `json:"schedules"` // run: the canonical one plus the seeds
	Failing   int             `json:"failing"`   // schedules that failed
	Summary   string          `json:"summary"`
	Failures  []FailureReport `json:"failures"`
}

// FailureReport is one distinct failing schedule.
type FailureReport struct {
	Choices  []int             `json:"choices"` // the minimized vector, for revl.debugSchedule
	Seeds    []uint64          `json:"seeds"`   // the seeds that shrank to it; empty for the canonical run
	Findings []FindingReport   `json:"findings"`
	Replay   string            `json:"replay"` // the CLI command that replays it
	Debug    *protocol.Command `json:"debug"`  // the revl.debugSchedule command for it, with the sweep's atoms, maxFires and maxFaults
	// Classes are, for revl.proveSchedules, the equivalence classes that
	// fail this way, numbered as revl test --exhaustive numbers them.
	Classes []int `json:"classes,omitempty"`
}

// FindingReport is one failed property, placed in the source.
type FindingReport struct {
	Tag      string            `json:"tag"`
	Message  string            `json:"message"`
	Location protocol.Location `json:"location"`
}

// DebugScheduleResult answers revl.debugSchedule: the replayed schedule,
// and a debug launch configuration for the revl debug adapter.
type DebugScheduleResult struct {
	Program   string          `json:"program"`
	Choices   []int           `json:"choices"` // as replayed: padded with zeros to the full run
	OK        bool            `json:"ok"`
	Findings  []FindingReport `json:"findings"`
	Atoms     []string        `json:"atoms"`
	Emissions []string        `json:"emissions"`
	Replay    string          `json:"replay"`
	Launch    LaunchConfig    `json:"launch"`
}

// LaunchConfig is the DAP launch request a client starts to open a
// schedule in the debugger.
type LaunchConfig struct {
	Type    string `json:"type"`    // "revl"
	Request string `json:"request"` // "launch"
	Name    string `json:"name"`
	Program string `json:"program"`
	Choices []int  `json:"choices"`
	// Atoms, MaxFires and MaxFaults are revl-dap's attributes of the same
	// names, set for a fine vector and for one of a fault sweep.
	Atoms     string `json:"atoms,omitempty"`
	MaxFires  int    `json:"maxFires,omitempty"`
	MaxFaults int    `json:"maxFaults,omitempty"`
}

func (s *Server) executeCommand(ctx context.Context, snap *Snapshot, p *protocol.ExecuteCommandParams) (any, error) {
	f := commands[p.Command]
	if f == nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("unknown command %q (the server offers %v)", p.Command, commandNames())}
	}
	if len(p.Arguments) != 1 {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("%s takes one argument object, got %d arguments", p.Command, len(p.Arguments))}
	}
	arg, err := json.Marshal(p.Arguments[0])
	if err != nil {
		return nil, err
	}
	return f(s, ctx, snap, arg, p.WorkDoneToken)
}

// program finds the document a command names: an open one (by path or
// URI), else the file on disk, read now (relative paths are taken from
// the first workspace folder).
func (s *Server) program(snap *Snapshot, program string) (*Document, error) {
	if program == "" {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: `missing "program": the path of a .rvl file`}
	}
	for _, d := range snap.Documents() {
		if d.Path == program || string(d.URI) == program {
			return d, nil
		}
	}
	path := uriPath(protocol.DocumentURI(program))
	if !filepath.IsAbs(path) {
		s.mu.Lock()
		if len(s.roots) > 0 {
			path = filepath.Join(s.roots[0], path)
		}
		s.mu.Unlock()
	}
	text, err := fileio.Read(path)
	if err != nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("program %s: %v", program, err)}
	}
	return newDocument(pathURI(path), -1, string(text)), nil
}

func (s *Server) runSchedulesCommand(ctx context.Context, snap *Snapshot, raw json.RawMessage, token *protocol.ProgressToken) (any, error) {
	var a RunSchedulesArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "revl.runSchedules: " + err.Error()}
	}
	if a.Seeds < 0 || a.Seeds > 100000 {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("revl.runSchedules: seeds %d out of range 0..100000", a.Seeds)}
	}
	if a.Seeds == 0 {
		a.Seeds = s.opts.seeds()
	}
	mode, err := a.mode()
	if err != nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "revl.runSchedules: " + err.Error()}
	}
	d, err := s.program(snap, a.Program)
	if err != nil {
		return nil, err
	}
	var res *sweepResult
	if snap.docs[d.URI] == d {
		// An open document: the sweep is the document's, so its findings
		// become diagnostics and lenses, and an edit supersedes it.
		r := s.startSweep(d, a.Seeds, mode, token)
		select {
		case <-r.done:
		case <-ctx.Done():
			r.cancel()
			<-r.done
			return nil, ctx.Err()
		}
		s.mu.Lock()
		res = r.result
		s.mu.Unlock()
		if res == nil {
			return nil, &jsonrpc2.Error{Code: -32801, Message: "the sweep was superseded: the document changed, or another sweep of it started"}
		}
	} else {
		res = runSweep(ctx, d, a.Seeds, mode, s.opts.workers(), func(int, int) {})
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	out := &RunSchedulesResult{Program: res.program, Seeds: res.seeds, Schedules: res.schedules, Failing: res.failing,
		Summary: res.summary(), Failures: []FailureReport{}}
	for _, f := range res.failures {
		fr := FailureReport{Choices: f.result.Choices, Seeds: f.seeds,
			Replay: res.mode.target(res.program).TestCommand(f.result.Choices),
			Debug:  debugCommand(res.program, f.result.Choices, res.mode)}
		if fr.Seeds == nil {
			fr.Seeds = []uint64{}
		}
		for _, l := range f.found {
			fr.Findings = append(fr.Findings, FindingReport{Tag: l.tag, Message: l.message,
				Location: protocol.Location{URI: d.URI, Range: d.Mapper.SpanRange(l.span)}})
		}
		out.Failures = append(out.Failures, fr)
	}
	return out, nil
}

func (s *Server) debugScheduleCommand(ctx context.Context, snap *Snapshot, raw json.RawMessage, _ *protocol.ProgressToken) (any, error) {
	var a DebugScheduleArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "revl.debugSchedule: " + err.Error()}
	}
	for _, c := range a.Choices {
		if c < 0 {
			return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("revl.debugSchedule: choice %d is negative", c)}
		}
	}
	mode, err := RunSchedulesArgs{Atoms: a.Atoms, MaxFires: a.MaxFires, MaxFaults: a.MaxFaults}.mode()
	if err != nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "revl.debugSchedule: " + err.Error()}
	}
	d, p, x, err := s.preparedProgram(snap, a.Program, "replay a schedule", mode)
	if err != nil {
		return nil, err
	}
	r := x.Replay(a.Choices)
	target := mode.target(d.Path)
	out := &DebugScheduleResult{
		Program: d.Path, Choices: r.Choices, OK: r.OK(), Findings: []FindingReport{}, Atoms: r.Atoms, Emissions: []string{},
		Replay: target.TestCommand(r.Choices),
		Launch: LaunchConfig{Type: "revl", Request: "launch", Name: "revl: schedule " + schedule.VectorText(r.Choices),
			Program: d.Path, Choices: r.Choices, Atoms: target.Atoms, MaxFires: target.MaxFires, MaxFaults: target.MaxFaults},
	}
	for _, e := range r.Emissions {
		out.Emissions = append(out.Emissions, e.Text)
	}
	for _, f := range r.Findings {
		l := locate(p.Program(), f, r)
		out.Findings = append(out.Findings, FindingReport{Tag: f.Tag, Message: f.Message,
			Location: protocol.Location{URI: d.URI, Range: d.Mapper.SpanRange(l.span)}})
	}
	verdict := "passes"
	if !r.OK() {
		verdict = "fails " + r.Findings[0].Tag
	}
	s.showMessage(protocol.MessageTypeInfo, "revl: schedule %s of %s %s; replay with: %s",
		schedule.VectorText(r.Choices), filepath.Base(d.Path), verdict, out.Replay)
	return out, nil
}

// preparedProgram finds the document a command names, checks it and
// prepares it for schedules; what says what the command was to do, for
// the error when the program has errors.
func (s *Server) preparedProgram(snap *Snapshot, program, what string, mode sweepMode) (*Document, *Parsed, *schedule.World, error) {
	d, err := s.program(snap, program)
	if err != nil {
		return nil, nil, nil, err
	}
	p := d.Parse()
	if p.HasErrors() {
		return nil, nil, nil, failf("%s has errors; fix them to %s", d.Path, what)
	}
	x, err := newExplorer(p, mode)
	if err != nil {
		return nil, nil, nil, failf("the runtime refused %s: %v", d.Path, err)
	}
	return d, p, x, nil
}

// debugCommand is the revl.debugSchedule command for a vector found in
// mode: its arguments carry the mode as revl-dap's launch takes it, since
// a fine vector, or one that crashes a fiber, is another schedule (or
// none) without it.
func debugCommand(program string, choices []int, mode sweepMode) *protocol.Command {
	t := mode.target(program)
	return &protocol.Command{
		Title:     "debug " + compactChoices(choices),
		Command:   cmdDebugSchedule,
		Arguments: []any{DebugScheduleArgs{Program: program, Choices: choices, Atoms: t.Atoms, MaxFires: t.MaxFires, MaxFaults: t.MaxFaults}},
	}
}

// compactChoices renders a vector as the lens shows it: [0,1,0,0,0,0].
func compactChoices(v []int) string {
	return "[" + schedule.ScheduleKey(v) + "]"
}
