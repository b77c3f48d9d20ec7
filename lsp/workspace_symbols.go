package lsp

import (
	"context"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"go.lsp.dev/protocol"

	"revl.dev/debug/internal/fileio"
)

const (
	maxWorkspaceFiles   = 2000 // .rvl files read from the workspace folders per request
	maxWorkspaceSymbols = 500
)

// workspaceSymbol searches the declarations of every open document and of
// the .rvl files in the workspace folders (read from disk when not open):
// services, methods, types, functions, components, provide blocks and
// tests. The query matches as a case-insensitive subsequence, so "cach"
// finds Cache and "tdb" finds "the db test".
func (s *Server) workspaceSymbol(ctx context.Context, snap *Snapshot, p *protocol.WorkspaceSymbolParams) (any, error) {
	docs := snap.Documents()
	open := map[string]bool{}
	for _, d := range docs {
		open[d.Path] = true
	}
	s.mu.Lock()
	roots := append([]string(nil), s.roots...)
	s.mu.Unlock()
	files := 0
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
			if err != nil || ctx.Err() != nil || files >= maxWorkspaceFiles {
				return filepath.SkipDir
			}
			if e.IsDir() {
				if n := e.Name(); path != root && (strings.HasPrefix(n, ".") || n == "node_modules") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".rvl") || open[path] {
				return nil
			}
			text, err := fileio.Read(path)
			if err != nil {
				return nil
			}
			files++
			docs = append(docs, newDocument(pathURI(path), -1, string(text)))
			return nil
		})
	}
	query := strings.ToLower(p.Query)
	out := []protocol.SymbolInformation{}
	for _, d := range docs {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var walk func(syms []protocol.DocumentSymbol, container string)
		walk = func(syms []protocol.DocumentSymbol, container string) {
			for _, sym := range syms {
				if subsequence(query, strings.ToLower(sym.Name)) {
					out = append(out, protocol.SymbolInformation{Name: sym.Name, Kind: sym.Kind, ContainerName: container,
						Location: protocol.Location{URI: d.URI, Range: sym.SelectionRange}})
				}
				walk(sym.Children, sym.Name)
			}
		}
		walk(outline(d), "")
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].Name) < len(out[j].Name) })
	if len(out) > maxWorkspaceSymbols {
		out = out[:maxWorkspaceSymbols]
	}
	return out, nil
}

// subsequence reports whether q's letters appear in s in order.
func subsequence(q, s string) bool {
	for _, r := range q {
		i := strings.IndexRune(s, r)
		if i < 0 {
			return false
		}
		s = s[i+len(string(r)):]
	}
	return true
}
