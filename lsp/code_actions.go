package lsp

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// codeAction offers quick fixes for the diagnostics in the requested range:
//
//	E-provide-missing-method  add the service's missing methods to the provide block
//	E-provide-missing         add a provide block with every method of the service
//	E-undo-missing            add an undo: the release of a host resource the effect
//	                          acquires (m.drop(), p.close(), j.cancel()), else a placeholder
//	E-unknown-name,           declare `requires k: S` on the component, for an undefined
//	E-emit-unknown-key        name k that matches a service S: the service of the key's
//	                          provider, a service named like k, or one with the method called
//
// The fixes are computed from the server's own diagnostics for the
// document version, so they do not depend on what the client echoes back.
func (s *Server) codeAction(_ context.Context, snap *Snapshot, p *protocol.CodeActionParams) (any, error) {
	d, err := snap.Document(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	start, end, err := d.Mapper.Offsets(p.Range)
	if err != nil {
		return nil, err
	}
	if len(p.Context.Only) > 0 && !wantsQuickFix(p.Context.Only) {
		return []protocol.CodeAction{}, nil
	}
	parsed := d.Parse()
	out := []protocol.CodeAction{}
	done := map[string]bool{}
	for _, diag := range parsed.Diags {
		if int(diag.Span.End.Offset) < start || int(diag.Span.Start.Offset) > end {
			continue
		}
		var actions []fix
		switch diag.Code {
		case "E-provide-missing-method":
			actions = fixMissingMethods(d, parsed, diag)
		case "E-provide-missing":
			actions = fixMissingProvide(d, parsed, diag)
		case "E-undo-missing":
			actions = fixMissingUndo(d, parsed, diag)
		case "E-unknown-name", "E-emit-unknown-key":
			actions = fixMissingRequires(d, parsed, diag)
		}
		for _, a := range actions {
			if done[a.title] {
				continue // one action for the several diagnostics it fixes
			}
			done[a.title] = true
			out = append(out, protocol.CodeAction{
				Title:       a.title,
				Kind:        protocol.QuickFix,
				Diagnostics: []protocol.Diagnostic{toProtocolDiagnostic(d, diag)},
				IsPreferred: len(actions) == 1,
				Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{
					d.URI: {{Range: d.Mapper.Range(a.at, a.at), NewText: a.text}},
				}},
			})
		}
	}
	return out, nil
}

func wantsQuickFix(only []protocol.CodeActionKind) bool {
	for _, k := range only {
		if k == protocol.QuickFix || k == "" {
			return true
		}
	}
	return false
}

// fix is one insertion.
type fix struct {
	title string
	at    int
	text  string
}

func skeleton(sig *syntax.MethodSig) string {
	params := make([]string, len(sig.Params))
	for i, p := range sig.Params {
		params[i] = p.Name.Name
	}
	return "fn " + sig.Name.Name + "(" + strings.Join(params, ", ") + ") { }"
}

// componentOf returns the component whose declaration contains off.
func componentOf(prog *check.Program, off int) *check.Component {
	for _, c := range prog.Components {
		if int(c.Decl.Start.Offset) <= off && off < int(c.Decl.End.Offset) {
			return c
		}
	}
	return nil
}

func fixMissingMethods(d *Document, p *Parsed, diag syntax.Diagnostic) []fix {
	var ps *syntax.ProvideStmt
	syntax.Inspect(p.File, func(n syntax.Node) bool {
		if s, ok := n.(*syntax.ProvideStmt); ok && s.Key != nil && s.Key.Span == diag.Span {
			ps = s
		}
		return ps == nil
	})
	c := componentOf(p.Program(), int(diag.Span.Start.Offset))
	if ps == nil || c == nil {
		return nil
	}
	k := c.KeyOf(ps.Key.Name)
	if k == nil || k.Service == nil {
		return nil
	}
	svc := k.Service
	have := map[string]bool{}
	for _, m := range ps.Methods {
		have[m.Name.Name] = true
	}
	var missing []string
	for _, m := range svc.Methods {
		if !have[m.Name] {
			missing = append(missing, skeleton(m.Sig))
		}
	}
	if len(missing) == 0 || !strings.HasSuffix(d.Text[:ps.End.Offset], "}") {
		return nil
	}
	title := fmt.Sprintf("Add the missing method%s of %s to 'provide %s'", plural(len(missing)), svc.Name, ps.Key.Name)
	closing := int(ps.End.Offset) - 1
	if ps.Start.Line != ps.End.Line && strings.TrimSpace(d.Text[lineStart(d.Text, closing):closing]) == "" {
		// One method per line, before the closing brace's line.
		indent := lineIndent(d.Text, int(ps.Start.Offset)) + "  "
		var b strings.Builder
		for _, m := range missing {
			b.WriteString(indent + m + "\n")
		}
		return []fix{{title, lineStart(d.Text, closing), b.String()}}
	}
	// A one-line block: after the last method, or right after the `{`.
	if n := len(ps.Methods); n > 0 {
		return []fix{{title, int(ps.Methods[n-1].End.Offset), "; " + strings.Join(missing, "; ")}}
	}
	open := strings.IndexByte(d.Text[ps.Key.End.Offset:ps.End.Offset], '{')
	if open < 0 {
		return nil
	}
	return []fix{{title, int(ps.Key.End.Offset) + open + 1, " " + strings.Join(missing, "; ")}}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func fixMissingProvide(d *Document, p *Parsed, diag syntax.Diagnostic) []fix {
	c := componentOf(p.Program(), int(diag.Span.Start.Offset))
	if c == nil || c.Decl.Body == nil {
		return nil
	}
	k := c.KeyOf(d.Text[diag.Span.Start.Offset:diag.Span.End.Offset])
	if k == nil || k.Service == nil {
		return nil
	}
	var methods []string
	for _, m := range k.Service.Methods {
		methods = append(methods, skeleton(m.Sig))
	}
	title := fmt.Sprintf("Add 'provide %s' with the methods of %s", k.Name, k.Service.Name)
	body := c.Decl.Body
	closing := int(body.End.Offset) - 1
	if closing < 0 || d.Text[closing] != '}' {
		return nil
	}
	if body.Start.Line != body.End.Line && strings.TrimSpace(d.Text[lineStart(d.Text, closing):closing]) == "" {
		indent := lineIndent(d.Text, int(c.Decl.Start.Offset)) + "  "
		var b strings.Builder
		b.WriteString(indent + "provide " + k.Name + " {\n")
		for _, m := range methods {
			b.WriteString(indent + "  " + m + "\n")
		}
		b.WriteString(indent + "}\n")
		return []fix{{title, lineStart(d.Text, closing), b.String()}}
	}
	text := "provide " + k.Name + " { " + strings.Join(methods, "; ") + " }"
	if n := len(body.Stmts); n > 0 {
		return []fix{{title, int(body.Stmts[n-1].Range().End.Offset), "; " + text}}
	}
	return []fix{{title, int(body.Start.Offset + 1), " " + text}}
}

// releases is the call that gives back what a host static acquired.
var releases = map[string]string{"Map": "drop", "Pool": "close", "Job": "cancel"}

func fixMissingUndo(d *Document, p *Parsed, diag syntax.Diagnostic) []fix {
	var es *syntax.EffectStmt
	syntax.Inspect(p.File, func(n syntax.Node) bool {
		if s, ok := n.(*syntax.EffectStmt); ok && s.Span == diag.Span {
			es = s
		}
		return es == nil
	})
	if es == nil || es.Undo != nil {
		return nil
	}
	undo := `"TODO: undo this effect"`
	title := "Add a placeholder 'undo'"
	if class := hostClassOf(es.Effect); class != "" && es.Name != nil {
		undo = es.Name.Name + "." + releases[class] + "()"
		title = "Add 'undo " + undo + "' (releases the " + class + ")"
	}
	return []fix{{title, int(es.End.Offset), " undo " + undo}}
}

func fixMissingRequires(d *Document, p *Parsed, diag syntax.Diagnostic) []fix {
	name := d.Text[diag.Span.Start.Offset:diag.Span.End.Offset]
	if !isIdentName(name) {
		return nil
	}
	c := componentOf(p.Program(), int(diag.Span.Start.Offset))
	if c == nil || c.KeyOf(name) != nil {
		return nil
	}
	// The method called through the name, if any: `name.m(...)`.
	method := ""
	path := p.PathAt(int(diag.Span.Start.Offset))
	for i := len(path) - 1; i >= 0; i-- {
		if sel, ok := path[i].(*syntax.SelectorExpr); ok {
			if x, ok := sel.X.(*syntax.Ident); ok && x.Span == diag.Span && sel.Sel != nil {
				method = sel.Sel.Name
			}
			break
		}
	}
	var services []*check.Service
	add := func(s *check.Service) {
		for _, have := range services {
			if have == s {
				return
			}
		}
		services = append(services, s)
	}
	if prov := p.Program().ProviderOf[name]; prov != nil && prov != c {
		if svc := prov.KeyOf(name).Service; svc != nil {
			add(svc) // the key is wired already: its service is the one
		}
	}
	for _, s := range p.Program().Services {
		if strings.EqualFold(s.Name, name) {
			add(s)
		}
	}
	if method != "" {
		var withMethod []*check.Service
		for _, s := range p.Program().Services {
			if s.MethodByID[method] != nil {
				withMethod = append(withMethod, s)
			}
		}
		sort.SliceStable(withMethod, func(i, j int) bool { return withMethod[i].Name < withMethod[j].Name })
		for _, s := range withMethod {
			add(s)
		}
	}
	var fixes []fix
	for _, s := range services {
		if method != "" && s.MethodByID[method] == nil {
			continue // the name is used with a method this service lacks
		}
		binding := name + ": " + s.Name
		title := fmt.Sprintf("Declare 'requires %s' on component %s", binding, c.Name)
		if n := len(c.Decl.Requires); n > 0 {
			fixes = append(fixes, fix{title, int(c.Decl.Requires[n-1].End.Offset), ", " + binding})
		} else {
			fixes = append(fixes, fix{title, int(c.Decl.Name.End.Offset), " requires " + binding})
		}
	}
	return fixes
}
