package lsp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/sourcegraph/jsonrpc2"
	"go.lsp.dev/protocol"

	"revl.dev/debug/schedule"
)

// cmdProveSchedules runs one schedule of every equivalence class of a
// program (schedule.World.Exhaustive): the verdict that no interleaving
// violates a property, or the classes that do. The code lens "prove:
// explore all schedules" is bound to it; it reports progress and a client
// cancels it with window/workDoneProgress/cancel or $/cancelRequest.
const cmdProveSchedules = "revl.proveSchedules"

// ProveSchedulesArgs is the argument of revl.proveSchedules.
type ProveSchedulesArgs struct {
	Program string `json:"program"`
	// MaxSchedules bounds the search (0: no bound); the verdict then says
	// it was bounded out.
	MaxSchedules int `json:"maxSchedules,omitempty"`
	// Atoms and MaxFires are the alphabet, as for revl.runSchedules
	// (`revl test --exhaustive --atoms fine`).
	Atoms    string `json:"atoms,omitempty"`
	MaxFires int    `json:"maxFires,omitempty"`
}

// ProveSchedulesResult answers revl.proveSchedules.
type ProveSchedulesResult struct {
	Program    string                    `json:"program"`
	Verdict    string                    `json:"verdict"` // as revl test --exhaustive says it
	Exhaustive schedule.ExhaustiveReport `json:"exhaustive"`
	// Failures are the distinct failures of revl test --exhaustive, in its
	// order: each shown by its first class, shrunk, with the classes
	// (numbered as the CLI numbers them) that fail that way.
	Failures []FailureReport `json:"failures"`
}

func (s *Server) proveSchedulesCommand(ctx context.Context, snap *Snapshot, raw json.RawMessage, token *protocol.ProgressToken) (any, error) {
	var a ProveSchedulesArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "revl.proveSchedules: " + err.Error()}
	}
	if a.MaxSchedules < 0 {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("revl.proveSchedules: maxSchedules %d: want 0 (no bound) or more", a.MaxSchedules)}
	}
	mode, err := RunSchedulesArgs{Atoms: a.Atoms, MaxFires: a.MaxFires}.mode()
	if err != nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "revl.proveSchedules: " + err.Error()}
	}
	d, p, x, err := s.preparedProgram(snap, a.Program, "explore its schedules", mode)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	prog := s.beginProgress(ctx, token, "revl: exploring every schedule", cancel)
	out := &ProveSchedulesResult{Program: d.Path, Failures: []FailureReport{}}
	runs, failing := 0, 0
	// schedule owns which classes the report shows, their numbers, the
	// grouping and the class each failure is shrunk from: the same as
	// revl test --exhaustive and the debugger's revl/explore.
	search := x.ExhaustiveFailures(schedule.SearchOptions{
		ExhaustiveOptions: schedule.ExhaustiveOptions{MaxSchedules: a.MaxSchedules, Distinct: true, Stop: func() bool { return ctx.Err() != nil }},
		Each: func(run schedule.ExhaustiveRun, _ *schedule.Result) {
			runs++
			if !run.Result.OK() {
				failing++
			}
			// No total is known in advance: the percentage stays 0 and the
			// message counts.
			prog.report(fmt.Sprintf("%d classes, %d failing", runs, failing), 0)
		},
	})
	rep := search.Report
	if rep.Stopped {
		prog.end("cancelled")
		return nil, ctx.Err()
	}
	out.Exhaustive = rep
	target := mode.target(d.Path)
	for k, g := range search.Failures {
		shown := search.Failing[search.First[k]].Shown()
		fr := FailureReport{Choices: shown.Choices, Seeds: []uint64{}, Classes: g.Classes,
			Replay: target.TestCommand(shown.Choices),
			Debug:  debugCommand(d.Path, shown.Choices, mode)}
		for _, f := range shown.Findings {
			l := locate(p.Program(), f, shown)
			fr.Findings = append(fr.Findings, FindingReport{Tag: l.tag, Message: l.message,
				Location: protocol.Location{URI: d.URI, Range: d.Mapper.SpanRange(l.span)}})
		}
		out.Failures = append(out.Failures, fr)
	}
	switch {
	case rep.BoundedOut:
		out.Verdict = fmt.Sprintf("bounded-out after %d schedules: %d classes covered, %d failing", rep.Schedules, rep.Classes, failing)
	case failing == 0:
		out.Verdict = fmt.Sprintf("exhaustive: %d equivalence classes, none violates", rep.Classes)
	default:
		out.Verdict = fmt.Sprintf("exhaustive: %d equivalence classes, %d %s", rep.Classes, failing, map[bool]string{true: "violates", false: "violate"}[failing == 1])
	}
	prog.end(out.Verdict)
	s.showMessage(protocol.MessageTypeInfo, "revl: %s", out.Verdict)
	return out, nil
}
