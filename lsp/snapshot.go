package lsp

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// Snapshot is an immutable view of every open document at one moment.
// The server replaces its current snapshot on every didOpen, didChange and
// didClose (copy on write), and a request takes the snapshot current when
// it arrives: however long it runs and whatever is edited meanwhile, it
// reads one consistent state, and its results carry that state's versions.
type Snapshot struct {
	ID   uint64
	docs map[protocol.DocumentURI]*Document
}

// Document returns the open document uri, or an error naming it.
func (s *Snapshot) Document(uri protocol.DocumentURI) (*Document, error) {
	if d := s.docs[uri]; d != nil {
		return d, nil
	}
	return nil, &unknownDocError{uri}
}

// warm reports whether the document that params (a request at a position)
// names is open and warm (Document.warm). Only its URI is decoded; the
// handler decodes the rest.
func (s *Snapshot) warm(params json.RawMessage) bool {
	var p struct {
		TextDocument struct {
			URI protocol.DocumentURI `json:"uri"`
		} `json:"textDocument"`
	}
	if json.Unmarshal(params, &p) != nil {
		return false
	}
	d := s.docs[p.TextDocument.URI]
	return d != nil && d.warm()
}

// Documents lists the open documents in URI order.
func (s *Snapshot) Documents() []*Document {
	out := make([]*Document, 0, len(s.docs))
	for _, d := range s.docs {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].URI < out[j].URI })
	return out
}

// with returns a copy of s with d added or replaced (or removed, d nil).
func (s *Snapshot) with(id uint64, uri protocol.DocumentURI, d *Document) *Snapshot {
	docs := make(map[protocol.DocumentURI]*Document, len(s.docs)+1)
	for k, v := range s.docs {
		docs[k] = v
	}
	if d == nil {
		delete(docs, uri)
	} else {
		docs[uri] = d
	}
	return &Snapshot{ID: id, docs: docs}
}

type unknownDocError struct{ uri protocol.DocumentURI }

func (e *unknownDocError) Error() string {
	return fmt.Sprintf("unknown document %s: it is not open (send textDocument/didOpen first)", e.uri)
}

// Document is one version of one open file. Its text never changes; the
// parse and check run at most once, on first use, shared by every request
// that reads this version.
type Document struct {
	URI     protocol.DocumentURI
	Path    string // the file path for file: URIs, else the URI
	Version int32
	Text    string
	Mapper  *Mapper

	once   sync.Once
	parsed *Parsed
	ready  atomic.Pointer[Parsed] // parsed, once Parse has run

	// base is an earlier version whose text agrees with this one's before
	// the byte offset editFrom: Parse reparses from there and keeps base's
	// declarations before it (syntax.Tree.Edit). nil: parse from scratch.
	base     atomic.Pointer[Document]
	editFrom int
	// fullCheck: check with check.Check, keeping nothing for the next
	// version (the baseline of the benchmarks and tests).
	fullCheck bool
}

func newDocument(uri protocol.DocumentURI, version int32, text string) *Document {
	return &Document{URI: uri, Path: uriPath(uri), Version: version, Text: text, Mapper: NewMapper(text)}
}

// edited returns the next version of d: text, whose first editFrom bytes
// are d's. Its parse starts from the newest version before it that was
// parsed (an edit that came while d was still unparsed, in a burst of
// typing, starts from d's own base).
func (d *Document) edited(version int32, text string, editFrom int) *Document {
	next := newDocument(d.URI, version, text)
	if d.ready.Load() != nil {
		next.base.Store(d)
		next.editFrom = editFrom
	} else if base := d.base.Load(); base != nil {
		// (Should d's parse finish meanwhile, base is still a parsed
		// version whose text agrees with the next one's to there.)
		next.base.Store(base)
		next.editFrom = min(d.editFrom, editFrom)
	}
	return next
}

// commonSuffix is the length of the longest common suffix of a and b,
// compared a block at a time (an edit in the middle of a 10,000-line file
// leaves 150 KB the same after it).
func commonSuffix(a, b string) int {
	const block = 512
	n := 0
	for n+block <= len(a) && n+block <= len(b) && a[len(a)-n-block:len(a)-n] == b[len(b)-n-block:len(b)-n] {
		n += block
	}
	for n < len(a) && n < len(b) && a[len(a)-n-1] == b[len(b)-n-1] {
		n++
	}
	return n
}

// uriPath is the local path of a file: URI (the program path that
// commands and diagnostics name), or the URI itself for other schemes.
func uriPath(uri protocol.DocumentURI) string {
	u, err := url.Parse(string(uri))
	if err != nil || u.Scheme != "file" {
		return string(uri)
	}
	return filepath.FromSlash(u.Path)
}

// pathURI is the file: URI of a local path.
func pathURI(path string) protocol.DocumentURI {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	return protocol.DocumentURI(u.String())
}

// Parsed is the frontend's view of one document version.
type Parsed struct {
	File  *syntax.File
	Diags []syntax.Diagnostic // the parse's and the check's, sorted

	tree    *syntax.Tree   // the parse, for the next version's Edit
	checked *check.Checked // the check, for the next version's; nil after a full check

	// prog is the checked program. An edit that moved the declarations
	// after it has its diagnostics before its Program (check.CheckEdited):
	// prog is then computed on first use, off the edit-to-diagnostics
	// path.
	progOnce  sync.Once
	prog      *check.Program
	progReady atomic.Bool // prog is computed

	// idents is every identifier in source order, for position lookups;
	// collected on first use, off the edit-to-diagnostics path.
	identsOnce  sync.Once
	idents      []*syntax.Ident
	identsReady atomic.Bool // idents is collected

	// suspends: the file has an `await` or a timer (the fine-sweep lens),
	// found on the first lens request of this version.
	suspendsOnce sync.Once
	suspends     bool
}

// Parse parses and checks the document, once.
func (d *Document) Parse() *Parsed {
	d.once.Do(func() {
		var tree *syntax.Tree
		var prev *check.Checked
		if base := d.base.Load(); base != nil && base.ready.Load() != nil {
			// The edit ends where the texts' common end begins: the
			// declarations after it can then be found moved.
			end := len(base.Text) - commonSuffix(base.Text[d.editFrom:], d.Text[d.editFrom:])
			tree = base.ready.Load().tree.Edit([]byte(d.Text), d.editFrom, end)
			prev = base.ready.Load().checked
		} else {
			tree = syntax.Parse(d.Path, []byte(d.Text))
		}
		d.base.Store(nil) // the old version can go
		f := tree.File
		p := &Parsed{File: f, Diags: slices.Clone(tree.Diags), tree: tree}
		func() {
			// The checker must not panic on any tree, but if it does the
			// editor keeps parse diagnostics, outline and formatting.
			defer func() {
				if r := recover(); r != nil {
					p.prog, p.checked = check.Check(&syntax.File{Name: d.Path}), nil
					p.Diags = append(p.Diags, internalError(d.Path, r))
				}
			}()
			if d.fullCheck {
				p.prog = check.Check(f)
				p.Diags = append(p.Diags, p.prog.Diagnostics...)
				return
			}
			// Rechecks only the declarations the parse did not keep from
			// prev's, nor found moved, when that gives the same Program.
			p.checked = check.CheckEdited(f, prev, tree.Moved())
			if p.checked.Complete() {
				p.prog = p.checked.Program()
			}
			p.Diags = append(p.Diags, p.checked.Diagnostics()...)
		}()
		syntax.SortDiagnostics(p.Diags)
		d.parsed = p
		d.ready.Store(p)
	})
	return d.parsed
}

// Program is the checked program (never nil), computed on first use after
// an edit that moved declarations (see prog).
func (p *Parsed) Program() *check.Program {
	p.progOnce.Do(func() {
		if p.prog != nil {
			return
		}
		// The diagnostics were published from the same check: should the
		// rest of it panic, features see an empty program.
		defer func() {
			if r := recover(); r != nil {
				p.prog = check.Check(&syntax.File{Name: p.File.Name})
			}
		}()
		p.prog = p.checked.Program()
	})
	p.progReady.Store(true)
	return p.prog
}

// internalError is the diagnostic that says the checker panicked.
func internalError(path string, r any) syntax.Diagnostic {
	return syntax.Diagnostic{File: path, Code: "E-internal", Message: fmt.Sprintf("internal error in the checker: %v", r)}
}

// HasErrors reports whether the parse or the check found an error.
func (p *Parsed) HasErrors() bool { return check.HasErrors(p.Diags) }

// Idents returns every identifier of the file in source order.
func (p *Parsed) Idents() []*syntax.Ident {
	p.identsOnce.Do(func() {
		syntax.Inspect(p.File, func(n syntax.Node) bool {
			if id, ok := n.(*syntax.Ident); ok {
				p.idents = append(p.idents, id)
			}
			return true
		})
		sort.SliceStable(p.idents, func(i, j int) bool { return p.idents[i].Start.Offset < p.idents[j].Start.Offset })
	})
	p.identsReady.Store(true)
	return p.idents
}

// warm reports whether everything a request at a position reads of this
// version is computed: the parse and the check, the program and the
// identifiers. Such a request then waits on none of them.
func (d *Document) warm() bool {
	p := d.ready.Load()
	return p != nil && p.progReady.Load() && p.identsReady.Load()
}

// IdentAt returns the identifier at byte offset off: the one whose span
// contains off or ends exactly at it (the cursor just after a name still
// means that name), preferring one that starts at off.
func (p *Parsed) IdentAt(off int) *syntax.Ident {
	idents := p.Idents()
	i := sort.Search(len(idents), func(i int) bool { return int(idents[i].Start.Offset) > off })
	// idents[i-1] is the last one starting at or before off.
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		id := idents[j]
		if int(id.Start.Offset) <= off && off <= int(id.End.Offset) && id.End.Offset > id.Start.Offset {
			return id
		}
	}
	return nil
}

// declAround returns the top-level declaration of f whose span holds byte
// offset off (its end included), or nil: a binary search, as the
// declarations are in source order.
func declAround(f *syntax.File, off int) syntax.Decl {
	decls := f.Decls
	i := sort.Search(len(decls), func(i int) bool { return int(decls[i].Range().Start.Offset) > off })
	if i == 0 || int(decls[i-1].Range().End.Offset) < off {
		return nil
	}
	return decls[i-1]
}

// PathAt returns the nodes whose span contains off, outermost first. Only
// the declaration around off is walked, so the cost does not grow with
// the file.
func (p *Parsed) PathAt(off int) []syntax.Node {
	path := []syntax.Node{p.File}
	decl := declAround(p.File, off)
	if decl == nil {
		return path
	}
	syntax.Inspect(decl, func(n syntax.Node) bool {
		if n == nil {
			return false
		}
		if _, ok := n.(*syntax.Comment); ok {
			return false
		}
		s := n.Range()
		if int(s.Start.Offset) <= off && off <= int(s.End.Offset) {
			path = append(path, n)
			return true
		}
		return false
	})
	return path
}

// docPosition resolves a request's document and position against the
// snapshot: the two lookups every positional request starts with.
func docPosition(snap *Snapshot, uri protocol.DocumentURI, pos protocol.Position) (*Document, int, error) {
	d, err := snap.Document(uri)
	if err != nil {
		return nil, 0, err
	}
	off, err := d.Mapper.Offset(pos)
	if err != nil {
		return nil, 0, err
	}
	return d, off, nil
}

// isIdentName reports whether s is a revl identifier that is not a
// reserved word.
func isIdentName(s string) bool {
	if s == "" || syntax.IsReserved(s) {
		return false
	}
	for i, c := range s {
		switch {
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && '0' <= c && c <= '9':
		default:
			return false
		}
	}
	return true
}

// lineIndent returns the white space that starts the line holding off.
func lineIndent(text string, off int) string {
	start := strings.LastIndexByte(text[:off], '\n') + 1
	end := start
	for end < len(text) && (text[end] == ' ' || text[end] == '\t') {
		end++
	}
	return text[start:end]
}
