package lsp

import (
	"context"
	"sort"

	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime/syntax"
)

// foldingRange folds every braced construct that spans lines (service,
// component, provide, method, test, timer and control-flow bodies,
// records, config blocks, match expressions) and every run of two or more
// consecutive comment lines. A fold ends on the line before the closing
// brace, so the brace stays visible, as clients that fold whole lines
// expect.
func (s *Server) foldingRange(_ context.Context, snap *Snapshot, p *protocol.FoldingRangeParams) (any, error) {
	d, err := snap.Document(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	parsed := d.Parse()
	out := []protocol.FoldingRange{}
	seen := map[[2]uint32]bool{}
	add := func(start, end int, kind protocol.FoldingRangeKind) {
		a, b := d.Mapper.Position(start), d.Mapper.Position(end)
		endLine := b.Line
		if kind != protocol.CommentFoldingRange && endLine > a.Line {
			endLine-- // keep the closing brace's line
		}
		if endLine <= a.Line || seen[[2]uint32{a.Line, endLine}] {
			return
		}
		seen[[2]uint32{a.Line, endLine}] = true
		out = append(out, protocol.FoldingRange{StartLine: a.Line, EndLine: endLine, Kind: kind})
	}
	syntax.Inspect(parsed.File, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ServiceDecl, *syntax.ComponentDecl, *syntax.ProvideStmt, *syntax.MethodImpl,
			*syntax.FnDecl, *syntax.TestDecl, *syntax.Block, *syntax.BlockExpr, *syntax.RecordLit,
			*syntax.RecordType, *syntax.ConfigStmt, *syntax.MatchExpr, *syntax.ListLit, *syntax.CallExpr:
			sp := n.Range()
			add(int(sp.Start.Offset), int(sp.End.Offset), "")
		}
		return true
	})
	// Comment blocks: consecutive lines holding only a comment.
	var runStart, runEnd, lastLine int = -1, -1, -2
	flush := func() {
		if runStart >= 0 && runEnd > runStart {
			add(runStart, runEnd, protocol.CommentFoldingRange)
		}
	}
	for _, c := range parsed.File.Comments {
		ownLine := lineIndent(d.Text, int(c.Start.Offset)) == d.Text[lineStart(d.Text, int(c.Start.Offset)):c.Start.Offset]
		if !ownLine {
			continue
		}
		if int(c.Start.Line) == lastLine+1 && runStart >= 0 {
			runEnd = int(c.End.Offset)
		} else {
			flush()
			runStart, runEnd = int(c.Start.Offset), int(c.Start.Offset)
		}
		lastLine = int(c.Start.Line)
	}
	flush()
	sort.SliceStable(out, func(i, j int) bool { return out[i].StartLine < out[j].StartLine })
	return out, nil
}

func lineStart(text string, off int) int {
	for off > 0 && text[off-1] != '\n' {
		off--
	}
	return off
}
