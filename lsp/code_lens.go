package lsp

import (
	"context"
	"fmt"

	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/syntax"
)

// codeLens offers `▶ run 200 schedules` and `prove: explore all
// schedules` (revl.proveSchedules) at the top of the file, the first above
// each component (a sweep always covers the whole composition: a schedule
// is an interleaving of all of its components), then at the top `▶ run
// 200 fine-grained schedules` (`revl test --atoms fine`; only where the
// file has an `await` or a timer, the only places fine atoms differ from
// lifecycle ones) and `▶ run 200 schedules with faults` (`revl test
// --faults`), and `debug [0,1,0,0,0,0]` on the line of each finding of the
// last finished sweep of this version, bound to revl.runSchedules and
// revl.debugSchedule.
func (s *Server) codeLens(_ context.Context, snap *Snapshot, p *protocol.CodeLensParams) (any, error) {
	d, err := snap.Document(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	seeds := s.opts.seeds()
	run := &protocol.Command{
		Title:     fmt.Sprintf("▶ run %d schedules", seeds),
		Command:   cmdRunSchedules,
		Arguments: []any{RunSchedulesArgs{Program: d.Path, Seeds: seeds}},
	}
	prove := &protocol.Command{
		Title:     "prove: explore all schedules",
		Command:   cmdProveSchedules,
		Arguments: []any{ProveSchedulesArgs{Program: d.Path}},
	}
	lenses := []protocol.CodeLens{{Range: protocol.Range{}, Command: run}, {Range: protocol.Range{}, Command: prove}}
	parsed := d.Parse()
	parsed.suspendsOnce.Do(func() { parsed.suspends = suspends(parsed.File) })
	if parsed.suspends {
		fine := sweepMode{atoms: runtime.AtomsFine}
		lenses = append(lenses, protocol.CodeLens{Range: protocol.Range{}, Command: &protocol.Command{
			Title:     "▶ run " + fine.describe(seeds),
			Command:   cmdRunSchedules,
			Arguments: []any{RunSchedulesArgs{Program: d.Path, Seeds: seeds, Atoms: "fine"}},
		}})
	}
	faults := sweepMode{maxFaults: 1}
	lenses = append(lenses, protocol.CodeLens{Range: protocol.Range{}, Command: &protocol.Command{
		Title:     "▶ run " + faults.describe(seeds),
		Command:   cmdRunSchedules,
		Arguments: []any{RunSchedulesArgs{Program: d.Path, Seeds: seeds, MaxFaults: 1}},
	}})
	for _, c := range parsed.Program().Components {
		r := d.Mapper.SpanRange(c.Decl.Name.Span)
		if r.Start.Line == 0 {
			continue // the file's lens is already on this line
		}
		lenses = append(lenses, protocol.CodeLens{Range: r, Command: run})
	}
	if sw := s.finishedSweep(d); sw != nil {
		seen := map[string]bool{}
		for _, f := range sw.result.failures {
			for _, l := range f.found {
				key := fmt.Sprint(l.span.Start.Line, f.result.Choices)
				if seen[key] {
					continue
				}
				seen[key] = true
				cmd := debugCommand(sw.result.program, f.result.Choices, sw.result.mode)
				lenses = append(lenses, protocol.CodeLens{Range: d.Mapper.SpanRange(l.span), Command: cmd})
			}
		}
	}
	return lenses, nil
}

// suspends says whether the file has an `await` or a timer: without
// either no activation suspends and no timer fires, so the fine alphabet
// adds only the completions of jobs nobody awaits, and the fine lens is
// not worth its place.
func suspends(f *syntax.File) bool {
	found := false
	if f == nil {
		return false
	}
	syntax.Inspect(f, func(n syntax.Node) bool {
		if found {
			return false
		}
		switch n.(type) {
		case *syntax.AwaitExpr, *syntax.TimerStmt:
			found = true
		}
		return !found
	})
	return found
}
