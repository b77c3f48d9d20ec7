package lsp

import (
	"context"
	"strings"

	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime/format"
	"revl.dev/debug/runtime/syntax"
)

// documentSymbol is the outline: services with their methods, types,
// functions, components with their keys, config and provide blocks (and
// the provided methods), and tests.
func (s *Server) documentSymbol(_ context.Context, snap *Snapshot, p *protocol.DocumentSymbolParams) (any, error) {
	d, err := snap.Document(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	return outline(d), nil
}

func outline(d *Document) []protocol.DocumentSymbol {
	m := d.Mapper
	sym := func(name, detail string, kind protocol.SymbolKind, n syntax.Node, sel syntax.Node) protocol.DocumentSymbol {
		if name == "" {
			name = "_" // an LSP symbol needs a non-empty name
		}
		return protocol.DocumentSymbol{Name: name, Detail: detail, Kind: kind, Range: m.SpanRange(n.Range()), SelectionRange: m.SpanRange(sel.Range())}
	}
	out := []protocol.DocumentSymbol{}
	for _, decl := range d.Parse().File.Decls {
		switch decl := decl.(type) {
		case *syntax.ServiceDecl:
			detail := "service"
			if decl.Commutative {
				detail = "commutative service"
			}
			s := sym(decl.Name.Name, detail, protocol.SymbolKindInterface, decl, decl.Name)
			for _, sig := range decl.Methods {
				s.Children = append(s.Children, sym(sig.Name.Name, strings.TrimPrefix(format.Node(sig), "fn "), protocol.SymbolKindMethod, sig, sig.Name))
			}
			out = append(out, s)
		case *syntax.TypeDecl:
			kind := protocol.SymbolKindStruct
			if _, ok := decl.Type.(*syntax.UnionType); ok {
				kind = protocol.SymbolKindEnum
			}
			s := sym(decl.Name.Name, format.Node(decl.Type), kind, decl, decl.Name)
			if u, ok := decl.Type.(*syntax.UnionType); ok {
				for _, v := range u.Variants {
					s.Children = append(s.Children, sym(v.Name.Name, format.Node(v), protocol.SymbolKindEnumMember, v, v.Name))
				}
			}
			out = append(out, s)
		case *syntax.FnDecl:
			out = append(out, sym(decl.Name.Name, strings.TrimPrefix(fnSignature(decl), "fn "+decl.Name.Name), protocol.SymbolKindFunction, decl, decl.Name))
		case *syntax.ComponentDecl:
			out = append(out, componentSymbol(d, decl, sym))
		case *syntax.TestDecl:
			if decl.Name == nil {
				continue
			}
			out = append(out, sym(`"`+decl.Name.Value+`"`, decl.Kind.String(), protocol.SymbolKindEvent, decl, decl.Name))
		}
	}
	return out
}

type symFunc func(name, detail string, kind protocol.SymbolKind, n, sel syntax.Node) protocol.DocumentSymbol

func componentSymbol(d *Document, decl *syntax.ComponentDecl, sym symFunc) protocol.DocumentSymbol {
	var parts []string
	if len(decl.Requires) > 0 {
		parts = append(parts, "requires "+bindings(decl.Requires))
	}
	if len(decl.Provides) > 0 {
		parts = append(parts, "provides "+bindings(decl.Provides))
	}
	s := sym(decl.Name.Name, strings.Join(parts, " "), protocol.SymbolKindClass, decl, decl.Name)
	for _, b := range decl.Requires {
		s.Children = append(s.Children, sym(b.Key.Name, "requires "+b.Service.Name, protocol.SymbolKindField, b, b.Key))
	}
	for _, b := range decl.Provides {
		s.Children = append(s.Children, sym(b.Key.Name, "provides "+b.Service.Name, protocol.SymbolKindField, b, b.Key))
	}
	if decl.Body == nil {
		return s
	}
	for _, st := range decl.Body.Stmts {
		switch st := st.(type) {
		case *syntax.ConfigStmt:
			c := sym("config", "", protocol.SymbolKindStruct, st, st)
			for _, f := range st.Fields {
				c.Children = append(c.Children, sym(f.Name.Name, format.Node(f.Type), protocol.SymbolKindField, f, f.Name))
			}
			s.Children = append(s.Children, c)
		case *syntax.ProvideStmt:
			pv := sym("provide "+st.Key.Name, "", protocol.SymbolKindNamespace, st, st.Key)
			for _, m := range st.Methods {
				pv.Children = append(pv.Children, sym(m.Name.Name, "", protocol.SymbolKindMethod, m, m.Name))
			}
			s.Children = append(s.Children, pv)
		case *syntax.TimerStmt:
			s.Children = append(s.Children, sym(st.Kind.String()+" "+st.Interval.Raw, "timer", protocol.SymbolKindEvent, st, st))
		}
	}
	return s
}

func bindings(bs []*syntax.KeyBinding) string {
	parts := make([]string, len(bs))
	for i, b := range bs {
		parts[i] = format.Node(b)
	}
	return strings.Join(parts, ", ")
}
