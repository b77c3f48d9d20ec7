package lsp

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/format"
	"revl.dev/debug/runtime/syntax"
)

// completion proposes what may come at the cursor. The file being typed
// is usually broken, so the context comes from the tokens before the
// cursor (scanned from the start of the enclosing declaration) more than
// from the tree:
//
//	after `key.`                  the methods of the key's service (emission
//	                              ones after `emit`, the others elsewhere)
//	after `Map.`, `m.`, `config.`  host statics, host resource methods, config fields
//	after `requires k:`           services
//	after `->`, `x:` in a signature, let, config or record type: types
//	after `emit`, `compensate`    keys of the component
//	after `provide`               the provided keys not yet published
//	after `load`/`unload`/`call`  components / provided keys (lifecycle tests)
//	at the start of a statement   the keywords that body allows, and names
//	elsewhere                     names in scope: locals, keys, config,
//	                              functions, constructors, host resources
func (s *Server) completion(ctx context.Context, snap *Snapshot, p *protocol.CompletionParams) (any, error) {
	d, off, err := docPosition(snap, p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	c := newCompleter(d, off)
	items, incomplete := c.items()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return &protocol.CompletionList{IsIncomplete: incomplete, Items: items}, nil
}

const maxCompletionItems = 200

// completionRank orders the kinds of items: what is most local first.
var completionRank = map[protocol.CompletionItemKind]int{
	protocol.CompletionItemKindVariable:   0,
	protocol.CompletionItemKindField:      1,
	protocol.CompletionItemKindMethod:     2,
	protocol.CompletionItemKindKeyword:    3,
	protocol.CompletionItemKindInterface:  4,
	protocol.CompletionItemKindClass:      5,
	protocol.CompletionItemKindStruct:     6,
	protocol.CompletionItemKindFunction:   7,
	protocol.CompletionItemKindEnumMember: 8,
}

type completer struct {
	d      *Document
	p      *Parsed
	off    int    // the cursor
	ws     int    // start of the word being typed
	prefix string // the word typed so far
	toks   []syntax.Token
	decl   syntax.Decl // the top-level declaration around the cursor, if any
	comp   *check.Component
	out    []candidate
	seen   map[string]bool
	path   []syntax.Node // enclosing nodes of the word, outermost first
}

func newCompleter(d *Document, off int) *completer {
	c := &completer{d: d, p: d.Parse(), off: off, seen: map[string]bool{}}
	ws := off
	for ws > 0 && isWordByte(d.Text[ws-1]) {
		ws--
	}
	c.ws, c.prefix = ws, d.Text[ws:off]
	// Scan from the start of the declaration around the cursor: enough
	// context, and the cost does not grow with the file.
	from := 0
	for _, decl := range c.p.File.Decls {
		if int(decl.Range().Start.Offset) < ws {
			from = int(decl.Range().Start.Offset)
			c.decl = decl
		}
	}
	if _, bad := c.decl.(*syntax.BadDecl); bad {
		c.decl = nil
	}
	toks, _, _ := syntax.Scan(d.Path, []byte(d.Text[from:ws]))
	c.toks = toks[:len(toks)-1] // drop EOF
	depth, opened := 0, false
	for i := range c.toks {
		c.toks[i].Pos.Offset += int32(from)
		c.toks[i].End.Offset += int32(from)
		switch c.toks[i].Kind {
		case syntax.LBRACE:
			depth++
			opened = true
		case syntax.RBRACE:
			depth--
		}
	}
	if c.decl != nil && opened && depth <= 0 {
		// The declaration's body is closed: the cursor is at top level.
		c.decl = nil
	}
	c.path = c.p.PathAt(c.ws)
	if cd, ok := c.decl.(*syntax.ComponentDecl); ok && cd.Name != nil {
		c.comp = c.p.Program().CompByName[cd.Name.Name]
		if c.comp != nil && c.comp.Decl != cd {
			c.comp = nil
		}
	}
	return c
}

func isWordByte(b byte) bool {
	return b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

// tok returns the i-th token before the word (1 = the last one); EOF
// when there is none.
func (c *completer) tok(i int) syntax.Token {
	if i > len(c.toks) {
		return syntax.Token{Kind: syntax.EOF}
	}
	return c.toks[len(c.toks)-i]
}

// wants reports whether label matches the typed prefix and is new, so
// callers can skip computing details for the items filtered out.
func (c *completer) wants(label string) bool {
	return !c.seen[label] && strings.HasPrefix(strings.ToLower(label), strings.ToLower(c.prefix))
}

// candidate is a proposal whose detail is rendered only if it is sent.
type candidate struct {
	label  string
	kind   protocol.CompletionItemKind
	detail func() string
}

func (c *completer) add(label string, kind protocol.CompletionItemKind, detail string) {
	c.addLazy(label, kind, func() string { return detail })
}

func (c *completer) addLazy(label string, kind protocol.CompletionItemKind, detail func() string) {
	if !c.wants(label) {
		return
	}
	c.seen[label] = true
	c.out = append(c.out, candidate{label, kind, detail})
}

// items returns the proposals, best first, and whether the list was cut:
// a large file offers thousands of names at a statement start, so only the
// best maxCompletionItems are sent and the client asks again as the prefix
// grows.
func (c *completer) items() ([]protocol.CompletionItem, bool) {
	t1, t2 := c.tok(1), c.tok(2)
	inComment := false
	for _, cm := range c.p.File.Comments {
		if int(cm.Start.Offset) < c.off && c.off <= int(cm.End.Offset) {
			inComment = true
		}
	}
	switch {
	case inComment || t1.Kind == syntax.STRING && t1.Bad:
		// In a comment or an unterminated string: nothing to propose.
	case t1.Kind == syntax.PERIOD && t2.Kind == syntax.IDENT:
		c.members(t2)
	case t1.Kind == syntax.PERIOD && t2.Kind == syntax.CONFIG:
		c.configFields()
	case c.inHeader():
		c.header(t1)
	case t1.Kind == syntax.ARROW || t1.Kind == syntax.COLON && c.typeContext():
		c.types()
	case t1.Kind == syntax.LBRACK && t2.Kind == syntax.IDENT && c.typeContext():
		c.types()
	case t1.Kind == syntax.EMIT || t1.Kind == syntax.COMPENSATE:
		c.keys()
	case t1.Kind == syntax.PROVIDE:
		c.unprovidedKeys()
	case t1.Kind == syntax.IDENT && (t1.Lit == "load" || t1.Lit == "unload") && c.inLifecycle():
		for _, comp := range c.p.Program().Components {
			c.add(comp.Name, protocol.CompletionItemKindClass, "component")
		}
	case t1.Kind == syntax.IDENT && t1.Lit == "call" && c.inLifecycle():
		for _, comp := range c.p.Program().Components {
			for _, k := range comp.Provides {
				c.add(k.Name, protocol.CompletionItemKindField, serviceName(k)+" provided by "+comp.Name)
			}
		}
	case c.decl == nil && c.stmtStart():
		c.topLevel()
	case c.inService():
		for _, kw := range []string{"fn", "emission fn", "async fn", "commutative emission fn"} {
			c.add(kw, protocol.CompletionItemKindKeyword, "method signature")
		}
	case c.stmtStart():
		c.statementKeywords()
		c.names()
	default:
		c.continuation(t1)
		c.names()
	}
	sort.SliceStable(c.out, func(i, j int) bool {
		return completionRank[c.out[i].kind] < completionRank[c.out[j].kind]
	})
	incomplete := len(c.out) > maxCompletionItems
	if incomplete {
		c.out = c.out[:maxCompletionItems]
	}
	items := make([]protocol.CompletionItem, len(c.out))
	for i, cd := range c.out {
		items[i] = protocol.CompletionItem{Label: cd.label, Kind: cd.kind, Detail: cd.detail(), InsertText: cd.label,
			SortText: fmt.Sprintf("%d%06d", completionRank[cd.kind], i)}
	}
	return items, incomplete
}

// stmtStart reports whether the word starts a statement (or a
// declaration): first on its line, or after `{`, `}` or `;`.
func (c *completer) stmtStart() bool {
	t1 := c.tok(1)
	switch t1.Kind {
	case syntax.EOF, syntax.LBRACE, syntax.RBRACE, syntax.SEMICOLON:
		return true
	}
	return strings.Contains(c.d.Text[t1.End.Offset:c.ws], "\n")
}

// inHeader reports a component header: after `component`, before its `{`.
func (c *completer) inHeader() bool {
	if len(c.toks) == 0 || c.toks[0].Kind != syntax.COMPONENT {
		return false
	}
	for _, t := range c.toks {
		if t.Kind == syntax.LBRACE {
			return false
		}
	}
	return len(c.toks) >= 2
}

func (c *completer) header(t1 syntax.Token) {
	switch t1.Kind {
	case syntax.COLON:
		for _, s := range c.p.Program().Services {
			c.add(s.Name, protocol.CompletionItemKindInterface, "service")
		}
	case syntax.IDENT:
		c.add("requires", protocol.CompletionItemKindKeyword, "requires key: Service, ...")
		c.add("provides", protocol.CompletionItemKindKeyword, "provides key: Service, ...")
	case syntax.REQUIRES, syntax.PROVIDES, syntax.COMMA:
		// A new key name: propose the keys other components provide or
		// require, which is how components are wired.
		for _, comp := range c.p.Program().Components {
			for _, k := range append(append([]*check.Key{}, comp.Provides...), comp.Requires...) {
				c.add(k.Name, protocol.CompletionItemKindField, serviceName(k)+" (key of "+comp.Name+")")
			}
		}
	}
}

func (c *completer) inService() bool {
	_, ok := c.decl.(*syntax.ServiceDecl)
	return ok && c.stmtStart()
}

func (c *completer) inLifecycle() bool {
	t, ok := c.decl.(*syntax.TestDecl)
	return ok && t.Kind != syntax.PureTest
}

// typeContext decides whether a `:` (or `[`) before the cursor is followed
// by a type: in a parameter list, after `let x` / `var x`, in a config
// block, a record type or a type declaration; not in a record literal or
// a conditional.
func (c *completer) typeContext() bool {
	if c.tok(1).Kind == syntax.LBRACK {
		return true // `List[`: only types take brackets after a name here
	}
	if t3 := c.tok(3); t3.Kind == syntax.LET || t3.Kind == syntax.VAR {
		return true
	}
	if c.tok(2).Kind != syntax.IDENT {
		return false
	}
	// The innermost bracket still open before the cursor.
	depth := 0
	for i := len(c.toks) - 1; i >= 0; i-- {
		switch t := c.toks[i]; t.Kind {
		case syntax.RPAREN, syntax.RBRACE, syntax.RBRACK:
			depth++
		case syntax.LPAREN, syntax.LBRACK:
			if depth == 0 {
				return true // parameters: a call argument is never `name:`
			}
			depth--
		case syntax.LBRACE:
			if depth == 0 {
				if i == 0 {
					return false
				}
				switch c.toks[i-1].Kind {
				case syntax.CONFIG, syntax.ASSIGN, syntax.COLON, syntax.ARROW, syntax.LBRACK, syntax.COMMA:
					// config { ... }, type X = { ... }, nested record types
					return c.toks[i-1].Kind != syntax.ASSIGN || c.isTypeDecl()
				}
				return false
			}
			depth--
		}
	}
	return false
}

func (c *completer) isTypeDecl() bool {
	_, ok := c.decl.(*syntax.TypeDecl)
	return ok
}

func (c *completer) types() {
	names := make([]string, 0, len(check.BuiltinTypes))
	for n := range check.BuiltinTypes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c.add(n, protocol.CompletionItemKindStruct, "built-in type "+builtinTypeSig(n, check.BuiltinTypes[n]))
	}
	for _, t := range c.p.Program().Types {
		c.addLazy(t.Name, protocol.CompletionItemKindStruct, func() string { return format.Node(t.Decl) })
	}
	c.add("Pool", protocol.CompletionItemKindClass, "host resource handle")
	c.add("Job", protocol.CompletionItemKindClass, "host resource handle")
}

func (c *completer) keys() {
	if c.comp == nil {
		return
	}
	for _, k := range append(append([]*check.Key{}, c.comp.Requires...), c.comp.Provides...) {
		c.add(k.Name, protocol.CompletionItemKindField, "key: "+serviceName(k))
	}
}

func (c *completer) unprovidedKeys() {
	if c.comp == nil {
		return
	}
	provided := map[string]bool{}
	if c.comp.Decl.Body != nil {
		for _, st := range c.comp.Decl.Body.Stmts {
			if ps, ok := st.(*syntax.ProvideStmt); ok && ps.Key != nil && int(ps.End.Offset) < c.ws {
				provided[ps.Key.Name] = true
			}
		}
	}
	for _, k := range c.comp.Provides {
		if !provided[k.Name] {
			c.add(k.Name, protocol.CompletionItemKindField, "provides "+serviceName(k))
		}
	}
}

// members completes after `x.`.
func (c *completer) members(x syntax.Token) {
	name := x.Lit
	if _, host := check.HostClasses[name]; host {
		for _, st := range check.HostClasses[name] {
			c.add(st, protocol.CompletionItemKindMethod, strings.SplitN(hostClassDocs[name].statics[st], "  \n", 2)[0])
		}
		return
	}
	var key *check.Key
	if c.comp != nil {
		key = c.comp.KeyOf(name)
	}
	if key == nil && c.inLifecycle() {
		if prov := c.p.Program().ProviderOf[name]; prov != nil {
			key = prov.KeyOf(name)
		}
	}
	if key != nil && key.Service != nil {
		emitting := c.afterEmit()
		for _, m := range key.Service.Methods {
			if emitting != m.Emission {
				continue // emit takes emission fns; a plain call takes the others
			}
			c.add(m.Name, protocol.CompletionItemKindMethod, format.Node(m.Sig))
		}
		return
	}
	if class := c.localHostClass(name); class != "" {
		for _, m := range check.HostMethods[class] {
			c.add(m, protocol.CompletionItemKindMethod, strings.SplitN(hostClassDocs[class].methods[m], "  \n", 2)[0])
		}
		return
	}
	for _, kind := range []string{"Str", "List", "Opt"} {
		for _, m := range check.ValueMethods[kind] {
			c.add(m, protocol.CompletionItemKindMethod, kind+" method")
		}
	}
}

// afterEmit reports whether the statement being typed is an emit (or its
// compensate).
func (c *completer) afterEmit() bool {
	for i := len(c.toks) - 1; i >= 0; i-- {
		t := c.toks[i]
		switch t.Kind {
		case syntax.EMIT, syntax.COMPENSATE:
			return true
		case syntax.LBRACE, syntax.RBRACE, syntax.SEMICOLON:
			return false
		}
		if t.NewlineBefore {
			return false
		}
	}
	return false
}

// localHostClass finds a binding of name, before the cursor, to a host
// acquisition (`let m = effect Map.new() undo ...`).
func (c *completer) localHostClass(name string) string {
	if c.decl == nil {
		return ""
	}
	class := ""
	syntax.Inspect(c.decl, func(n syntax.Node) bool {
		if n == nil || int(n.Range().Start.Offset) > c.ws {
			return false
		}
		switch s := n.(type) {
		case *syntax.EffectStmt:
			if s.Name != nil && s.Name.Name == name {
				class = hostClassOf(s.Effect)
			}
		case *syntax.LetStmt:
			if s.Name != nil && s.Name.Name == name {
				class = hostClassOf(s.Value)
			}
		}
		return true
	})
	return class
}

func (c *completer) configFields() {
	if c.comp == nil || c.comp.Config == nil {
		return
	}
	for _, f := range c.comp.Config.Fields {
		c.add(f.Name.Name, protocol.CompletionItemKindField, format.Node(f))
	}
}

func (c *completer) topLevel() {
	for _, kw := range []string{"service", "commutative service", "component", "type", "fn", "test", "lifecycle test", "fault test"} {
		c.add(kw, protocol.CompletionItemKindKeyword, "declaration")
	}
}

// bodyKind names the innermost body around the cursor.
func (c *completer) bodyKind() string {
	kind := ""
	switch d := c.decl.(type) {
	case *syntax.ComponentDecl:
		kind = "activation"
	case *syntax.FnDecl:
		kind = "helper"
	case *syntax.TestDecl:
		kind = "test"
		if d.Kind != syntax.PureTest {
			kind = "lifecycle"
		}
	}
	for _, n := range c.path {
		switch n.(type) {
		case *syntax.MethodImpl:
			kind = "method"
		case *syntax.TimerStmt:
			kind = "timer"
		case *syntax.BlockExpr:
			kind = "effect block"
		}
	}
	return kind
}

var statementKeywords = map[string][]string{
	"activation":   {"config", "let", "effect", "emit", "provide", "every", "after", "if", "fail", "await"},
	"method":       {"let", "var", "if", "while", "for", "return", "effect", "emit", "fail", "await"},
	"helper":       {"let", "var", "if", "while", "for", "return", "fail", "await"},
	"timer":        {"let", "var", "if", "while", "for", "emit", "fail", "await"},
	"effect block": {"let", "var", "if", "while", "for", "fail", "await"},
	"test":         {"assert", "let", "var", "if", "while", "for"},
	"lifecycle":    {"load", "unload", "let", "advance", "assert"},
}

func (c *completer) statementKeywords() {
	kind := c.bodyKind()
	for _, kw := range statementKeywords[kind] {
		c.add(kw, protocol.CompletionItemKindKeyword, kind+" step")
	}
	if t1 := c.tok(1); t1.Kind == syntax.RBRACE && kind != "" {
		c.add("else", protocol.CompletionItemKindKeyword, "")
	}
}

// continuation proposes the keyword that may continue the statement:
// `undo` after an effect, `compensate` after an emit, `no_residue` after
// assert in a lifecycle test, `with` after load, `of` in a for.
func (c *completer) continuation(t1 syntax.Token) {
	first := syntax.Token{Kind: syntax.EOF}
	for i := len(c.toks) - 1; i >= 0; i-- {
		t := c.toks[i]
		if t.Kind == syntax.LBRACE || t.Kind == syntax.SEMICOLON || t.Kind == syntax.RBRACE && i == len(c.toks)-1 {
			break
		}
		first = t
		if t.NewlineBefore {
			break
		}
	}
	endsOperand := t1.Kind == syntax.RPAREN || t1.Kind == syntax.IDENT || t1.Kind == syntax.RBRACK || t1.Kind.IsLiteral() || t1.Kind == syntax.RBRACE
	has := func(k syntax.Kind) bool {
		for _, t := range c.toks {
			if t.Pos.Offset >= first.Pos.Offset && t.Kind == k {
				return true
			}
		}
		return false
	}
	switch {
	case endsOperand && has(syntax.EFFECT) && !has(syntax.UNDO):
		c.add("undo", protocol.CompletionItemKindKeyword, "how to revert the effect")
	case endsOperand && first.Kind == syntax.EMIT && !has(syntax.COMPENSATE):
		c.add("compensate", protocol.CompletionItemKindKeyword, "the call that compensates the emission")
	case first.Kind == syntax.IDENT && first.Lit == "assert" && c.inLifecycle() && t1.Lit == "assert":
		c.add("no_residue", protocol.CompletionItemKindKeyword, "the end state equals the start, nothing unreleased")
	case first.Kind == syntax.IDENT && first.Lit == "load" && c.inLifecycle() && t1.Kind == syntax.IDENT && t1.Lit != "load":
		c.add("with", protocol.CompletionItemKindKeyword, "config values: with { field: value }")
	case first.Kind == syntax.FOR && t1.Kind == syntax.IDENT && c.tok(2).Kind == syntax.LPAREN:
		c.add("of", protocol.CompletionItemKindKeyword, "")
	case t1.Kind == syntax.ASSIGN && c.tok(3).Kind == syntax.LET && c.bodyKind() == "activation":
		c.add("effect", protocol.CompletionItemKindKeyword, "let x = effect E undo U")
	case t1.Kind == syntax.ASSIGN && c.inLifecycle():
		c.add("call", protocol.CompletionItemKindKeyword, "let x = call key.method(...)")
	}
}

// names proposes what an expression can name at the cursor.
func (c *completer) names() {
	kind := c.bodyKind()
	for _, l := range c.locals() {
		c.add(l.name, protocol.CompletionItemKindVariable, l.detail)
	}
	if c.comp != nil && kind != "helper" {
		c.keys()
		if c.comp.Config != nil {
			c.add("config", protocol.CompletionItemKindKeyword, format.Node(c.comp.Config))
		}
	}
	for _, fn := range c.p.Program().Fns {
		c.addLazy(fn.Name.Name, protocol.CompletionItemKindFunction, func() string { return fnSignature(fn) })
	}
	for _, t := range c.p.Program().Types {
		if u, ok := t.Decl.Type.(*syntax.UnionType); ok {
			for _, v := range u.Variants {
				c.addLazy(v.Name.Name, protocol.CompletionItemKindEnumMember, func() string { return format.Node(v) + " of " + t.Name })
			}
		}
	}
	for _, n := range []string{"Some", "None", "Ok", "Err"} {
		c.add(n, protocol.CompletionItemKindEnumMember, builtinCtorSig(n))
	}
	for _, h := range []string{"Map", "Pool", "Job"} {
		c.add(h, protocol.CompletionItemKindClass, hostClassDocs[h].summary)
	}
	for _, kw := range []string{"true", "false", "null", "match", "await"} {
		c.add(kw, protocol.CompletionItemKindKeyword, "")
	}
}

type localName struct{ name, detail string }

// locals lists the bindings visible at the cursor: parameters of the
// enclosing method or function, and bindings made before the cursor in
// the enclosing bodies (a scope approximation that errs on showing more).
func (c *completer) locals() []localName {
	if c.decl == nil {
		return nil
	}
	var out []localName
	inPath := map[syntax.Node]bool{}
	for _, n := range c.path {
		inPath[n] = true
	}
	syntax.Inspect(c.decl, func(n syntax.Node) bool {
		if n == nil || int(n.Range().Start.Offset) >= c.ws {
			return false
		}
		switch s := n.(type) {
		case *syntax.MethodImpl:
			if !inPath[s] {
				return false // another method's body
			}
			for _, p := range s.Params {
				out = append(out, localName{p.Name.Name, "parameter"})
			}
		case *syntax.FnDecl:
			for _, p := range s.Params {
				out = append(out, localName{p.Name.Name, "parameter"})
			}
		case *syntax.LetStmt:
			if s.Name != nil {
				out = append(out, localName{s.Name.Name, "local binding"})
			}
		case *syntax.EffectStmt:
			if s.Name != nil {
				out = append(out, localName{s.Name.Name, "effect binding"})
			}
		case *syntax.ForStmt:
			if inPath[s] && s.Var != nil {
				out = append(out, localName{s.Var.Name, "loop variable"})
			}
		case *syntax.Block:
			if !inPath[s] && int(s.End.Offset) <= c.ws && c.decl.Range().Start.Offset != s.Start.Offset {
				// A closed inner block: its bindings are out of scope,
				// unless it is the declaration's own body.
				if _, top := c.decl.(*syntax.ComponentDecl); !top || c.comp == nil || c.comp.Decl.Body != s {
					return false
				}
			}
		}
		return true
	})
	return out
}
