package lsp

import (
	"context"
	"fmt"

	"go.lsp.dev/protocol"
)

// codeLens offers `▶ run 200 schedules` and `prove: explore all
// schedules` (revl.proveSchedules) at the top of the file, the first above
// each component (a sweep always covers the whole composition: a schedule
// is an interleaving of all of its components), and `debug [0,1,0,0,0,0]`
// on the line of each finding of the last finished sweep of this version,
// bound to revl.runSchedules and revl.debugSchedule.
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
	for _, c := range parsed.Prog.Components {
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
				lenses = append(lenses, protocol.CodeLens{
					Range:   d.Mapper.SpanRange(l.span),
					Command: debugCommand(sw.result.program, f.result.Choices),
				})
			}
		}
	}
	return lenses, nil
}
