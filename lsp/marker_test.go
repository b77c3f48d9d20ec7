package lsp

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"golang.org/x/tools/txtar"

	"revl.dev/debug/runtime/format"
	"revl.dev/debug/runtime/syntax"
)

// Marker tests, in the style of gopls's: each testdata/*.txtar holds .rvl
// files whose comments carry markers, `//@name(args) name(args)`, and the
// golden outputs the markers name. A marker runs one request at a place in
// the file and compares the answer with its expectation:
//
//	@loc(name, "text")           names the place where text starts on this line
//	@diag("text", "CODE")        a diagnostic with CODE starts at text (every published
//	@diag("text", "CODE", "msg")   diagnostic must be matched by one, unless the archive's
//	                             flags file says ignore_extra_diags); S-* codes are the
//	                             schedule findings, checked after @schedules ran
//	@hover("text", golden)       the hover at text, as Markdown
//	@nohover("text")             no hover there
//	@def("text", loc)            definition at text goes to loc (a @loc name or "text")
//	@nodef("text")               no definition (a built-in)
//	@refs("text", loc, ...)      the references (declarations included), in order
//	@highlight("text", loc, ...) the document highlights, in order
//	@rename("text", "new", golden)        the rename, as a diff of the file
//	@renameerr("text", "new", "msg")      the rename fails with msg
//	@complete("text", "label", ...)       completion right after text offers the labels
//	@nocomplete("text", "label", ...)     ... and not these
//	@diags(golden)               every published diagnostic, with related information
//	@symbols(golden)  @wsymbols("query", golden)  @tokens(golden)  @fold(golden)
//	@format(golden) (a diff)   @formaterr("msg")   @lens(golden)
//	@codeaction("text", "title", golden)  the quick fix whose title contains title,
//	                                      offered at text, as a diff of the file
//	@schedules(golden)           runs revl.runSchedules (40 seeds): the findings as
//	                             published diagnostics, then the code lenses
//	@schedules(golden, "fine")   ... a fine-grained sweep (atoms "fine")
//	@schedules(golden, "faults") ... a sweep whose schedules may crash a fiber (maxFaults 1)
//
// "text" is searched on the marker's line, left of the comment; a marker
// alone on its line looks at the nearest code line above. Positions in goldens are
// line:col, 1-based, columns in UTF-16 code units as LSP counts them. Run
// `go test ./lsp -run TestMarkers -update` to rewrite the goldens.

var update = flag.Bool("update", false, "rewrite the golden sections of testdata/*.txtar")

func TestMarkers(t *testing.T) {
	archives, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(archives) == 0 {
		t.Fatal("no marker tests in testdata/")
	}
	for _, path := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			t.Parallel()
			runArchive(t, path)
		})
	}
}

type marker struct {
	name string
	args []markerArg
	file *markerFile
	line int // 0-based line of the comment
	col  int // byte offset of the comment in its line
}

type markerArg struct {
	str   string
	ident string // set for a bare identifier (a golden or @loc name)
	isStr bool
}

type markerFile struct {
	name string
	uri  protocol.DocumentURI
	text string
	doc  *Mapper
}

type markerRun struct {
	t       *testing.T
	c       *testClient
	ar      *txtar.Archive
	files   []*markerFile
	locs    map[string]protocol.Location
	golden  map[string]string // archive sections that are not sources
	updated map[string]string
	flags   string
}

func runArchive(t *testing.T, path string) {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	r := &markerRun{t: t, ar: ar, locs: map[string]protocol.Location{}, golden: map[string]string{}, updated: map[string]string{}}
	for _, f := range ar.Files {
		switch {
		case strings.HasSuffix(f.Name, ".rvl"):
			full := filepath.Join(dir, f.Name)
			if err := os.WriteFile(full, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			r.files = append(r.files, &markerFile{name: f.Name, uri: pathURI(full), text: string(f.Data), doc: NewMapper(string(f.Data))})
		case f.Name == "flags":
			r.flags = string(f.Data)
		default:
			r.golden[f.Name] = string(f.Data)
		}
	}
	r.c = newTestClient(t, Options{Workers: 2})
	r.c.initialize(true, dir)
	var markers []*marker
	for _, f := range r.files {
		r.c.open(f.uri, f.text)
		markers = append(markers, parseMarkers(t, f)...)
	}
	for _, m := range markers {
		if m.name == "loc" {
			if len(m.args) != 2 || m.args[0].ident == "" {
				t.Fatalf("%s: @loc(name, \"text\") takes a name and a text", m.pos())
			}
			r.locs[m.args[0].ident] = r.location(m, m.args[1])
		}
	}
	published := map[protocol.DocumentURI][]protocol.Diagnostic{}
	for _, f := range r.files {
		published[f.uri] = r.c.diagnosticsAt(f.uri, 1)
	}
	var scheduleMarkers []*marker
	for _, m := range markers {
		switch m.name {
		case "loc", "diag":
		case "schedules":
			scheduleMarkers = append(scheduleMarkers, m)
		default:
			r.run(m)
		}
	}
	r.checkDiagnostics(markers, published, false)
	for _, m := range scheduleMarkers {
		r.schedules(m)
	}
	if len(scheduleMarkers) > 0 {
		for _, f := range r.files {
			published[f.uri] = r.c.waitDiagnostics(f.uri, func(protocol.PublishDiagnosticsParams) bool { return true }).Diagnostics
		}
		r.checkDiagnostics(markers, published, true)
	}
	if *update && len(r.updated) > 0 {
		r.writeArchive(path)
	}
}

func (m *marker) pos() string {
	return fmt.Sprintf("%s:%d: @%s", m.file.name, m.line+1, m.name)
}

// parseMarkers reads the markers from the comments of f.
func parseMarkers(t *testing.T, f *markerFile) []*marker {
	_, comments, _ := syntax.Scan(f.name, []byte(f.text))
	var out []*marker
	for _, c := range comments {
		if !strings.HasPrefix(c.Text, "//@") {
			continue
		}
		ms, err := parseMarkerText(c.Text[2:])
		if err != nil {
			t.Fatalf("%s:%d: %v", f.name, c.Start.Line, err)
		}
		for _, m := range ms {
			m.file, m.line, m.col = f, int(c.Start.Line)-1, int(c.Start.Col)-1
			out = append(out, m)
		}
	}
	return out
}

// parseMarkerText parses `@a(x, "y") @b(z)` (the second @ is optional).
func parseMarkerText(s string) ([]*marker, error) {
	var out []*marker
	for {
		s = strings.TrimSpace(s)
		if s == "" {
			return out, nil
		}
		if s[0] != '@' && len(out) == 0 {
			return nil, fmt.Errorf("expected @marker, found %q", s)
		}
		s = strings.TrimPrefix(s, "@") // optional after the first marker
		open := strings.IndexByte(s, '(')
		if open < 0 {
			return nil, fmt.Errorf("marker %q without arguments", s)
		}
		m := &marker{name: s[:open]}
		s = s[open+1:]
		for {
			s = strings.TrimLeft(s, " ,")
			if s == "" {
				return nil, fmt.Errorf("unclosed marker @%s", m.name)
			}
			if s[0] == ')' {
				s = s[1:]
				break
			}
			if s[0] == '"' {
				end := 1
				for end < len(s) && (s[end] != '"' || s[end-1] == '\\') {
					end++
				}
				v, err := strconv.Unquote(s[:end+1])
				if err != nil {
					return nil, fmt.Errorf("bad string in @%s: %v", m.name, err)
				}
				m.args = append(m.args, markerArg{str: v, isStr: true})
				s = s[end+1:]
				continue
			}
			end := strings.IndexAny(s, ", )")
			if end < 0 {
				return nil, fmt.Errorf("unclosed marker @%s", m.name)
			}
			m.args = append(m.args, markerArg{ident: s[:end]})
			s = s[end:]
		}
		out = append(out, m)
	}
}

// location resolves a place argument: a @loc name, or text on the line.
func (r *markerRun) location(m *marker, a markerArg) protocol.Location {
	r.t.Helper()
	if !a.isStr {
		l, ok := r.locs[a.ident]
		if !ok {
			r.t.Fatalf("%s: no @loc named %s", m.pos(), a.ident)
		}
		return l
	}
	off, ok := r.find(m, a.str)
	if !ok {
		r.t.Fatalf("%s: %q is not on the marker's line", m.pos(), a.str)
	}
	return protocol.Location{URI: m.file.uri, Range: m.file.doc.Range(off, off+len(a.str))}
}

func (r *markerRun) find(m *marker, text string) (int, bool) {
	f := m.file
	lineStart := f.doc.lines[m.line]
	code := f.text[lineStart : lineStart+m.col]
	if i := strings.Index(code, text); i >= 0 {
		return lineStart + i, true
	}
	if strings.TrimSpace(code) != "" {
		return 0, false
	}
	// A marker alone on its line is about the nearest code line above.
	for l := m.line - 1; l >= 0; l-- {
		start, end := f.doc.lineBounds(l)
		line := f.text[start:end]
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "//") {
			continue
		}
		if c := strings.Index(line, "//"); c >= 0 {
			line = line[:c]
		}
		if i := strings.Index(line, text); i >= 0 {
			return start + i, true
		}
		break
	}
	return 0, false
}

func (r *markerRun) pos(m *marker, a markerArg) protocol.TextDocumentPositionParams {
	l := r.location(m, a)
	return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: l.URI}, Position: l.Range.Start}
}

func (r *markerRun) endPos(m *marker, a markerArg) protocol.TextDocumentPositionParams {
	l := r.location(m, a)
	return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: l.URI}, Position: l.Range.End}
}

func (r *markerRun) want(m *marker, n int) {
	if len(m.args) < n {
		r.t.Fatalf("%s: want at least %d arguments", m.pos(), n)
	}
}

// checkGolden compares got with the archive section name.
func (r *markerRun) checkGolden(m *marker, name, got string) {
	r.t.Helper()
	if !strings.HasSuffix(got, "\n") {
		got += "\n"
	}
	if *update {
		r.updated[name] = got
		return
	}
	want, ok := r.golden[name]
	if !ok {
		r.t.Errorf("%s: no golden section %q (run with -update)\ngot:\n%s", m.pos(), name, got)
		return
	}
	if got != want {
		r.t.Errorf("%s: %s differs:\n%s", m.pos(), name, lineDiff(want, got))
	}
}

func lineDiff(want, got string) string {
	var b strings.Builder
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			fmt.Fprintf(&b, "line %d:\n  want %q\n  got  %q\n", i+1, a, c)
		}
	}
	return b.String()
}

func (r *markerRun) writeArchive(path string) {
	for i, f := range r.ar.Files {
		if v, ok := r.updated[f.Name]; ok {
			r.ar.Files[i].Data = []byte(v)
			delete(r.updated, f.Name)
		}
	}
	names := make([]string, 0, len(r.updated))
	for n := range r.updated {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		r.ar.Files = append(r.ar.Files, txtar.File{Name: n, Data: []byte(r.updated[n])})
	}
	if err := os.WriteFile(path, txtar.Format(r.ar), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

// lc renders an LSP position 1-based.
func lc(p protocol.Position) string { return fmt.Sprintf("%d:%d", p.Line+1, p.Character+1) }

func rng(r protocol.Range) string { return lc(r.Start) + "-" + lc(r.End) }

func (r *markerRun) fileOf(uri protocol.DocumentURI) *markerFile {
	for _, f := range r.files {
		if f.uri == uri {
			return f
		}
	}
	return nil
}

func (r *markerRun) locString(l protocol.Location) string {
	name := string(l.URI)
	if f := r.fileOf(l.URI); f != nil {
		name = f.name
	}
	return name + ":" + rng(l.Range)
}

// diff renders an edited file as a unified diff against the original:
// goldens show what an edit changed, not the whole file again.
func (r *markerRun) diff(f *markerFile, after string) string {
	d := format.Diff(f.name, f.name+" (edited)", []byte(f.text), []byte(after))
	if d == "" {
		return "(no change)\n"
	}
	return d
}

// applyEdits applies non-overlapping edits to the text of f.
func applyEdits(t *testing.T, f *markerFile, edits []protocol.TextEdit) string {
	type edit struct {
		start, end int
		text       string
	}
	var es []edit
	for _, e := range edits {
		s, en, err := f.doc.Offsets(e.Range)
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, edit{s, en, e.NewText})
	}
	sort.SliceStable(es, func(i, j int) bool { return es[i].start < es[j].start })
	var b strings.Builder
	last := 0
	for _, e := range es {
		if e.start < last {
			t.Fatalf("overlapping edits: %+v", edits)
		}
		b.WriteString(f.text[last:e.start])
		b.WriteString(e.text)
		last = e.end
	}
	b.WriteString(f.text[last:])
	return b.String()
}

func (r *markerRun) run(m *marker) {
	t, c := r.t, r.c
	doc := protocol.TextDocumentIdentifier{URI: m.file.uri}
	switch m.name {
	case "hover", "nohover":
		r.want(m, 1)
		var h *protocol.Hover
		c.mustCall("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: r.pos(m, m.args[0])}, &h)
		if m.name == "nohover" {
			if h != nil {
				t.Errorf("%s: want no hover, got %q", m.pos(), h.Contents.Value)
			}
			return
		}
		r.want(m, 2)
		if h == nil {
			t.Errorf("%s: no hover", m.pos())
			return
		}
		r.checkGolden(m, m.args[1].ident, h.Contents.Value)
	case "def", "nodef":
		r.want(m, 1)
		var locs []protocol.Location
		c.mustCall("textDocument/definition", &protocol.DefinitionParams{TextDocumentPositionParams: r.pos(m, m.args[0])}, &locs)
		if m.name == "nodef" {
			if len(locs) > 0 {
				t.Errorf("%s: want no definition, got %v", m.pos(), locs)
			}
			return
		}
		r.want(m, 2)
		want := r.location(m, m.args[1])
		if len(locs) != 1 || locs[0].URI != want.URI || locs[0].Range.Start != want.Range.Start {
			t.Errorf("%s: definition = %v, want %s", m.pos(), locs, r.locString(want))
		}
	case "refs", "highlight":
		r.want(m, 1)
		var got []string
		if m.name == "refs" {
			var locs []protocol.Location
			c.mustCall("textDocument/references", &protocol.ReferenceParams{TextDocumentPositionParams: r.pos(m, m.args[0]),
				Context: protocol.ReferenceContext{IncludeDeclaration: true}}, &locs)
			for _, l := range locs {
				got = append(got, r.locString(protocol.Location{URI: l.URI, Range: protocol.Range{Start: l.Range.Start, End: l.Range.Start}}))
			}
		} else {
			var hs []protocol.DocumentHighlight
			c.mustCall("textDocument/documentHighlight", &protocol.DocumentHighlightParams{TextDocumentPositionParams: r.pos(m, m.args[0])}, &hs)
			for _, h := range hs {
				got = append(got, r.locString(protocol.Location{URI: m.file.uri, Range: protocol.Range{Start: h.Range.Start, End: h.Range.Start}}))
			}
		}
		var want []string
		for _, a := range m.args[1:] {
			l := r.location(m, a)
			want = append(want, r.locString(protocol.Location{URI: l.URI, Range: protocol.Range{Start: l.Range.Start, End: l.Range.Start}}))
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s:\n got  %v\n want %v", m.pos(), got, want)
		}
	case "rename", "renameerr":
		r.want(m, 3)
		var edit protocol.WorkspaceEdit
		err := c.call("textDocument/rename", &protocol.RenameParams{TextDocumentPositionParams: r.pos(m, m.args[0]), NewName: m.args[1].str}, &edit)
		if m.name == "renameerr" {
			if err == nil || !strings.Contains(err.Error(), m.args[2].str) {
				t.Errorf("%s: rename error = %v, want one containing %q", m.pos(), err, m.args[2].str)
			}
			return
		}
		if err != nil {
			t.Errorf("%s: %v", m.pos(), err)
			return
		}
		r.checkGolden(m, m.args[2].ident, r.diff(m.file, applyEdits(t, m.file, edit.Changes[m.file.uri])))
	case "complete", "nocomplete":
		r.want(m, 2)
		var list protocol.CompletionList
		c.mustCall("textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: r.endPos(m, m.args[0])}, &list)
		have := map[string]bool{}
		var labels []string
		for _, it := range list.Items {
			have[it.Label] = true
			labels = append(labels, it.Label)
		}
		for _, a := range m.args[1:] {
			if have[a.str] != (m.name == "complete") {
				t.Errorf("%s: %q: offered=%v; items: %v", m.pos(), a.str, have[a.str], labels)
			}
		}
	case "symbols":
		r.want(m, 1)
		var syms []protocol.DocumentSymbol
		c.mustCall("textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: doc}, &syms)
		var b strings.Builder
		var walk func([]protocol.DocumentSymbol, string)
		walk = func(ss []protocol.DocumentSymbol, indent string) {
			for _, s := range ss {
				fmt.Fprintf(&b, "%s%s %s %q %s\n", indent, s.Name, s.Kind, s.Detail, rng(s.SelectionRange))
				walk(s.Children, indent+"  ")
			}
		}
		walk(syms, "")
		r.checkGolden(m, m.args[0].ident, b.String())
	case "wsymbols":
		r.want(m, 2)
		var syms []protocol.SymbolInformation
		c.mustCall("workspace/symbol", &protocol.WorkspaceSymbolParams{Query: m.args[0].str}, &syms)
		var b strings.Builder
		for _, s := range syms {
			fmt.Fprintf(&b, "%s %s in %q at %s\n", s.Name, s.Kind, s.ContainerName, r.locString(s.Location))
		}
		r.checkGolden(m, m.args[1].ident, b.String())
	case "tokens":
		r.want(m, 1)
		var toks protocol.SemanticTokens
		c.mustCall("textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}, &toks)
		r.checkGolden(m, m.args[0].ident, renderTokens(m.file, toks.Data))
	case "fold":
		r.want(m, 1)
		var folds []protocol.FoldingRange
		c.mustCall("textDocument/foldingRange", &protocol.FoldingRangeParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc}}, &folds)
		var b strings.Builder
		lines := strings.Split(m.file.text, "\n")
		for _, f := range folds {
			fmt.Fprintf(&b, "%d-%d %s: %s\n", f.StartLine+1, f.EndLine+1, f.Kind, strings.TrimSpace(lines[f.StartLine]))
		}
		r.checkGolden(m, m.args[0].ident, b.String())
	case "format", "formaterr":
		r.want(m, 1)
		var edits []protocol.TextEdit
		err := c.call("textDocument/formatting", &protocol.DocumentFormattingParams{TextDocument: doc, Options: protocol.FormattingOptions{TabSize: 2, InsertSpaces: true}}, &edits)
		if m.name == "formaterr" {
			if err == nil || !strings.Contains(err.Error(), m.args[0].str) {
				t.Errorf("%s: error = %v, want one containing %q", m.pos(), err, m.args[0].str)
			}
			return
		}
		if err != nil {
			t.Errorf("%s: %v", m.pos(), err)
			return
		}
		r.checkGolden(m, m.args[0].ident, r.diff(m.file, applyEdits(t, m.file, edits)))
	case "codeaction":
		r.want(m, 3)
		l := r.location(m, m.args[0])
		var actions []protocol.CodeAction
		c.mustCall("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: doc, Range: l.Range,
			Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{}}}, &actions)
		var titles []string
		for _, a := range actions {
			titles = append(titles, a.Title)
			if strings.Contains(a.Title, m.args[1].str) {
				if a.Edit == nil {
					t.Fatalf("%s: action %q has no edit", m.pos(), a.Title)
				}
				r.checkGolden(m, m.args[2].ident, "# "+a.Title+"\n"+r.diff(m.file, applyEdits(t, m.file, a.Edit.Changes[m.file.uri])))
				return
			}
		}
		t.Errorf("%s: no action titled %q among %q", m.pos(), m.args[1].str, titles)
	case "diags":
		r.want(m, 1)
		var b strings.Builder
		for _, d := range r.c.diagnosticsAt(m.file.uri, 1) {
			fmt.Fprintf(&b, "%s %s %v [%s]: %s\n", rng(d.Range), severityName(d.Severity), d.Code, d.Source, d.Message)
			for _, rel := range d.RelatedInformation {
				fmt.Fprintf(&b, "  related %s: %s\n", r.locString(rel.Location), rel.Message)
			}
		}
		r.checkGolden(m, m.args[0].ident, b.String())
	case "lens":
		r.want(m, 1)
		r.checkGolden(m, m.args[0].ident, r.lenses(m.file))
	default:
		t.Fatalf("%s: unknown marker", m.pos())
	}
}

func (r *markerRun) lenses(f *markerFile) string {
	var lenses []protocol.CodeLens
	r.c.mustCall("textDocument/codeLens", &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: f.uri}}, &lenses)
	var b strings.Builder
	for _, l := range lenses {
		args, _ := json.Marshal(l.Command.Arguments)
		args = bytes.ReplaceAll(args, []byte(uriPath(f.uri)), []byte(f.name))
		fmt.Fprintf(&b, "%s %q %s %s\n", lc(l.Range.Start), l.Command.Title, l.Command.Command, args)
	}
	return b.String()
}

// schedules runs the sweep command and renders its findings as the client
// receives them.
func (r *markerRun) schedules(m *marker) {
	r.want(m, 1)
	f := m.file
	args := RunSchedulesArgs{Program: uriPath(f.uri), Seeds: 40}
	if len(m.args) > 1 {
		switch m.args[1].str {
		case "fine":
			args.Atoms = "fine"
		case "faults":
			args.MaxFaults = 1
		default:
			r.t.Fatalf("%s: the mode is \"fine\" or \"faults\", not %q", m.pos(), m.args[1].str)
		}
	}
	var res RunSchedulesResult
	r.c.mustCall("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cmdRunSchedules,
		Arguments: []any{args}}, &res)
	p := r.c.waitDiagnostics(f.uri, func(p protocol.PublishDiagnosticsParams) bool {
		n := 0
		for _, d := range p.Diagnostics {
			if strings.HasPrefix(fmt.Sprint(d.Code), "S-") {
				n++
			}
		}
		return n > 0 || len(res.Failures) == 0
	})
	var b strings.Builder
	fmt.Fprintf(&b, "summary: %s\n", res.Summary)
	for _, fr := range res.Failures {
		debug := "none"
		if fr.Debug != nil {
			a, _ := json.Marshal(fr.Debug.Arguments)
			debug = string(bytes.ReplaceAll(a, []byte(uriPath(f.uri)), []byte(f.name)))
		}
		fmt.Fprintf(&b, "failure %s: replay %s; debug %s\n", compactChoices(fr.Choices), strings.ReplaceAll(fr.Replay, uriPath(f.uri), f.name), debug)
	}
	for _, d := range p.Diagnostics {
		if !strings.HasPrefix(fmt.Sprint(d.Code), "S-") {
			continue
		}
		msg := strings.ReplaceAll(d.Message, uriPath(f.uri), f.name)
		fmt.Fprintf(&b, "%s %v: %s\n", rng(d.Range), d.Code, strings.ReplaceAll(msg, "\n", "\n    "))
		for _, rel := range d.RelatedInformation {
			fmt.Fprintf(&b, "  related %s: %s\n", rng(rel.Location.Range), rel.Message)
		}
	}
	b.WriteString("lenses:\n")
	b.WriteString(r.lenses(f))
	r.checkGolden(m, m.args[0].ident, b.String())
}

// checkDiagnostics matches the @diag markers against what was published:
// every marker must find its diagnostic and, unless the flags allow extra
// ones, every diagnostic its marker. schedule selects the S-* codes.
func (r *markerRun) checkDiagnostics(markers []*marker, published map[protocol.DocumentURI][]protocol.Diagnostic, schedule bool) {
	t := r.t
	matched := map[protocol.DocumentURI]map[int]bool{}
	for _, m := range markers {
		if m.name != "diag" {
			continue
		}
		r.want(m, 2)
		if strings.HasPrefix(m.args[1].str, "S-") != schedule {
			continue
		}
		l := r.location(m, m.args[0])
		found := false
		for i, d := range published[l.URI] {
			if d.Range.Start == l.Range.Start && fmt.Sprint(d.Code) == m.args[1].str &&
				(len(m.args) < 3 || strings.Contains(d.Message, m.args[2].str)) {
				if matched[l.URI] == nil {
					matched[l.URI] = map[int]bool{}
				}
				matched[l.URI][i] = true
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%s: no %s diagnostic at %s; published: %s", m.pos(), m.args[1].str, rng(l.Range), renderDiags(published[l.URI]))
		}
	}
	if strings.Contains(r.flags, "ignore_extra_diags") {
		return
	}
	for _, f := range r.files {
		for i, d := range published[f.uri] {
			if strings.HasPrefix(fmt.Sprint(d.Code), "S-") == schedule && !matched[f.uri][i] {
				t.Errorf("%s: unexpected diagnostic %s %v: %s", f.name, rng(d.Range), d.Code, d.Message)
			}
		}
	}
}

func severityName(s protocol.DiagnosticSeverity) string {
	return map[protocol.DiagnosticSeverity]string{1: "error", 2: "warning", 3: "info", 4: "hint"}[s]
}

func renderDiags(ds []protocol.Diagnostic) string {
	var parts []string
	for _, d := range ds {
		parts = append(parts, fmt.Sprintf("%s %v %q", rng(d.Range), d.Code, d.Message))
	}
	return "[" + strings.Join(parts, "; ") + "]"
}

// renderTokens decodes semantic tokens into one line each.
func renderTokens(f *markerFile, data []uint32) string {
	var b strings.Builder
	var line, char uint32
	for i := 0; i+4 < len(data); i += 5 {
		if data[i] > 0 {
			line += data[i]
			char = data[i+1]
		} else {
			char += data[i+1]
		}
		start, _ := f.doc.Offset(protocol.Position{Line: line, Character: char})
		end, _ := f.doc.Offset(protocol.Position{Line: line, Character: char + data[i+2]})
		var mods []string
		for bit, name := range tokenModifiers {
			if data[i+4]&(1<<bit) != 0 {
				mods = append(mods, string(name))
			}
		}
		fmt.Fprintf(&b, "%d:%d %s %s %q\n", line+1, char+1, tokenTypes[data[i+3]], strings.Join(mods, ","), f.text[start:end])
	}
	return b.String()
}
