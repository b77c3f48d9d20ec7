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
}

// ProveSchedulesResult answers revl.proveSchedules.
type ProveSchedulesResult struct {
	Program    string                    `json:"program"`
	Verdict    string                    `json:"verdict"` // as revl test --exhaustive says it
	Exhaustive schedule.ExhaustiveReport `json:"exhaustive"`
	Failures   []FailureReport           `json:"failures"` // one per failing class, the first of each failure shrunk
}

func (s *Server) proveSchedulesCommand(ctx context.Context, snap *Snapshot, raw json.RawMessage, token *protocol.ProgressToken) (any, error) {
	var a ProveSchedulesArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "revl.proveSchedules: " + err.Error()}
	}
	if a.MaxSchedules < 0 {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("revl.proveSchedules: maxSchedules %d: want 0 (no bound) or more", a.MaxSchedules)}
	}
	d, p, x, err := s.preparedProgram(snap, a.Program, "explore its schedules", sweepMode{})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	prog := s.beginProgress(ctx, token, "revl: exploring every schedule", cancel)
	out := &ProveSchedulesResult{Program: d.Path, Failures: []FailureReport{}}
	shrunk := map[string]bool{}
	runs, failing := 0, 0
	opts := schedule.ExhaustiveOptions{MaxSchedules: a.MaxSchedules, Distinct: true, Stop: func() bool { return ctx.Err() != nil }}
	rep := x.Exhaustive(opts, func(run schedule.ExhaustiveRun) {
		runs++
		r := run.Result
		if !r.OK() {
			failing++
			shown := r
			if sig := r.Failure(); !shrunk[sig] {
				shrunk[sig] = true
				shown = schedule.Shrink(r, x.Replay).Result
			}
			fr := FailureReport{Choices: shown.Choices, Seeds: []uint64{},
				Replay: schedule.ReplayTarget{File: d.Path}.TestCommand(shown.Choices),
				Debug:  debugCommand(d.Path, shown.Choices, sweepMode{})}
			for _, f := range shown.Findings {
				l := locate(p.Prog, f, shown)
				fr.Findings = append(fr.Findings, FindingReport{Tag: l.tag, Message: l.message,
					Location: protocol.Location{URI: d.URI, Range: d.Mapper.SpanRange(l.span)}})
			}
			out.Failures = append(out.Failures, fr)
		}
		// No total is known in advance: the percentage stays 0 and the
		// message counts.
		prog.report(fmt.Sprintf("%d classes, %d failing", runs, failing), 0)
	})
	out.Exhaustive = rep
	switch {
	case rep.Stopped:
		prog.end("cancelled")
		return nil, ctx.Err()
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
