package lsp

import (
	"context"
	"fmt"
	"strings"

	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/format"
	"revl.dev/debug/runtime/syntax"
)

// hover describes the name under the cursor in Markdown: a service's
// signature and who provides and requires it; a method's signature and
// kind (emission, async); a component's requires and provides with their
// providers and consumers and its place in the load order; a key's
// service and provider; a host resource class or method and what it
// acquires and releases; types, functions, constructors, config fields and
// locals with their declarations.
func (s *Server) hover(_ context.Context, snap *Snapshot, p *protocol.HoverParams) (any, error) {
	d, off, err := docPosition(snap, p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	parsed := d.Parse()
	r := resolveAt(parsed, off)
	if r.id == nil {
		return nil, nil
	}
	text := describe(parsed.Program(), r)
	if text == "" {
		return nil, nil
	}
	rng := d.Mapper.SpanRange(r.id.Span)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: text}, Range: &rng}, nil
}

func code(lines ...string) string {
	return "```revl\n" + strings.Join(lines, "\n") + "\n```"
}

func describe(prog *check.Program, r resolved) string {
	if !r.ok {
		return describeMember(prog, r)
	}
	switch r.ref.Kind {
	case check.RefService:
		if decl, ok := r.ref.Decl.(*syntax.ServiceDecl); ok {
			return describeService(prog, prog.ServiceByID[decl.Name.Name])
		}
	case check.RefMethod:
		if sig, ok := r.ref.Decl.(*syntax.MethodSig); ok {
			return describeMethod(prog, sig, r)
		}
	case check.RefKey:
		if b, ok := r.ref.Decl.(*syntax.KeyBinding); ok {
			return describeKey(prog, b)
		}
	case check.RefComponent:
		if decl, ok := r.ref.Decl.(*syntax.ComponentDecl); ok && decl.Name != nil {
			return describeComponent(prog, prog.CompByName[decl.Name.Name])
		}
	case check.RefType:
		if decl, ok := r.ref.Decl.(*syntax.TypeDecl); ok {
			return code(format.Node(decl))
		}
		if n, ok := check.BuiltinTypes[r.id.Name]; ok {
			return code(builtinTypeSig(r.id.Name, n)) + "\n\nbuilt-in type"
		}
		return code(r.id.Name) + "\n\nhost resource type: a handle to a live " + r.id.Name
	case check.RefCtor:
		if v, ok := r.ref.Decl.(*syntax.Variant); ok {
			ct := prog.Ctors[v.Name.Name]
			return code(format.Node(v)) + fmt.Sprintf("\n\nconstructor of union `%s`", ct.Type.Name)
		}
		return code(builtinCtorSig(r.id.Name)) + "\n\nbuilt-in constructor"
	case check.RefFn:
		if fn, ok := r.ref.Decl.(*syntax.FnDecl); ok {
			return code(fnSignature(fn)) + "\n\npure helper function"
		}
	case check.RefConfig:
		if cfg, ok := r.ref.Decl.(*syntax.ConfigStmt); ok {
			return code(format.Node(cfg)) + "\n\nthe component's config: defaults, or the values of `load C with { ... }`"
		}
	case check.RefConfigField:
		if f, ok := r.ref.Decl.(*syntax.ConfigField); ok {
			return code(format.Node(f)) + "\n\nconfig field"
		}
	case check.RefLocal:
		return describeLocal(prog, r)
	case check.RefHostClass:
		return describeHostClass(r.id.Name)
	}
	return ""
}

func builtinTypeSig(name string, args int) string {
	switch args {
	case 1:
		return name + "[T]"
	case 2:
		if name == "Map" {
			return "Map[K, V]"
		}
		return name + "[T, E]"
	}
	return name
}

func builtinCtorSig(name string) string {
	switch name {
	case "Some":
		return "Some(value) -> Opt[T]"
	case "None":
		return "None -> Opt[T]"
	case "Ok":
		return "Ok(value) -> Result[T, E]"
	case "Err":
		return "Err(error) -> Result[T, E]"
	}
	return name
}

func describeService(prog *check.Program, svc *check.Service) string {
	if svc == nil {
		return ""
	}
	head := "service " + svc.Name + " {"
	if svc.Commutative {
		head = "commutative " + head
	}
	lines := []string{head}
	for _, m := range svc.Methods {
		lines = append(lines, "  "+format.Node(m.Sig))
	}
	lines = append(lines, "}")
	var b strings.Builder
	b.WriteString(code(lines...))
	if svc.Commutative {
		b.WriteString("\n\ncommutative: the order of its emissions is not observable")
	}
	var provided, required nameList
	for _, c := range prog.Components {
		for _, k := range c.Provides {
			if k.Service == svc {
				provided.add(c.Name, k.Name)
			}
		}
		for _, k := range c.Requires {
			if k.Service == svc {
				required.add(c.Name, k.Name)
			}
		}
	}
	b.WriteString("\n\nprovided by: " + provided.String())
	b.WriteString("\n\nrequired by: " + required.String())
	return b.String()
}

// hoverListMax bounds a list of names in a hover: a service that 50,000
// components require is a hover of the first few and a count, not a page
// of names.
const hoverListMax = 20

// nameList is a hover's list of names, of which only the first
// hoverListMax are kept (and formatted); the rest are counted.
type nameList struct {
	shown []string
	more  int
}

// add appends a name, and the key it comes through unless key is "".
func (l *nameList) add(name, key string) {
	if len(l.shown) == hoverListMax {
		l.more++
		return
	}
	item := "`" + name + "`"
	if key != "" {
		item += " (key `" + key + "`)"
	}
	l.shown = append(l.shown, item)
}

// String is the list, "none" when empty.
func (l *nameList) String() string {
	switch {
	case len(l.shown) == 0:
		return "none"
	case l.more > 0:
		return strings.Join(l.shown, ", ") + fmt.Sprintf(" and %d more", l.more)
	}
	return strings.Join(l.shown, ", ")
}

func describeMethod(prog *check.Program, sig *syntax.MethodSig, r resolved) string {
	var svc *check.Service
	if decl, ok := declAround(prog.File, int(sig.Start.Offset)).(*syntax.ServiceDecl); ok {
		if s := prog.ServiceByID[decl.Name.Name]; s != nil {
			if m := s.MethodByID[sig.Name.Name]; m != nil && m.Sig == sig {
				svc = s
			}
		}
	}
	var b strings.Builder
	b.WriteString(code(format.Node(sig)))
	if svc != nil {
		fmt.Fprintf(&b, "\n\nmethod of service `%s`", svc.Name)
		m := svc.MethodByID[sig.Name.Name]
		switch {
		case m.Emission && m.Commutative:
			b.WriteString("\n\ncommutative emission: `emit` it as a step; the order of its emissions is not observable")
		case m.Emission:
			b.WriteString("\n\nemission: an irreversible, observable crossing; `emit key." + m.Name + "(...)` as a step. The order of emissions is part of a schedule's fingerprint")
		case m.Async:
			b.WriteString("\n\nasync: returns a value to `await`")
		default:
			b.WriteString("\n\nplain call: `key." + m.Name + "(...)` in an expression")
		}
	}
	// Through a key: say which component serves the call.
	if sel, ok := parentOf(r.path, r.id).(*syntax.SelectorExpr); ok {
		if x, ok := sel.X.(*syntax.Ident); ok {
			if ref, ok := prog.Uses[x]; ok && ref.Kind == check.RefKey {
				if kb, ok := ref.Decl.(*syntax.KeyBinding); ok {
					if p := providerOfBinding(prog, kb); p != nil {
						fmt.Fprintf(&b, "\n\nserved by `%s` through key `%s`", p.Name, x.Name)
					} else {
						fmt.Fprintf(&b, "\n\nno component provides key `%s`", x.Name)
					}
				}
			}
		}
	}
	return b.String()
}

// providerOfBinding is the component that serves key binding b.
func providerOfBinding(prog *check.Program, b *syntax.KeyBinding) *check.Component {
	c, k := keyOfBinding(prog, b)
	switch {
	case k == nil:
		return nil
	case k.Provided:
		return c
	}
	return k.Provider
}

// keyOfBinding is the component that declares key binding b, and its key;
// found through the declaration around b, not by looking at every
// component.
func keyOfBinding(prog *check.Program, b *syntax.KeyBinding) (*check.Component, *check.Key) {
	decl, ok := declAround(prog.File, int(b.Start.Offset)).(*syntax.ComponentDecl)
	if !ok || decl.Name == nil {
		return nil, nil
	}
	c := prog.CompByName[decl.Name.Name]
	if c == nil || c.Decl != decl {
		return nil, nil
	}
	if k := c.KeyOf(b.Key.Name); k != nil && k.Binding == b {
		return c, k
	}
	return nil, nil
}

func describeKey(prog *check.Program, b *syntax.KeyBinding) string {
	comp, key := keyOfBinding(prog, b)
	if key == nil {
		return code(format.Node(b))
	}
	clause := "requires"
	if key.Provided {
		clause = "provides"
	}
	var bld strings.Builder
	bld.WriteString(code(clause + " " + format.Node(b)))
	fmt.Fprintf(&bld, "\n\nkey of component `%s`", comp.Name)
	if key.Service != nil {
		lines := make([]string, 0, len(key.Service.Methods))
		for _, m := range key.Service.Methods {
			lines = append(lines, format.Node(m.Sig))
		}
		fmt.Fprintf(&bld, ", service `%s`:\n\n%s", key.Service.Name, code(lines...))
	}
	if key.Provided {
		var consumers nameList
		for _, d := range prog.Dependents(comp) {
			consumers.add(d.Name, "")
		}
		bld.WriteString("\n\nconsumers: " + consumers.String())
	} else if key.Provider != nil {
		fmt.Fprintf(&bld, "\n\nprovided by `%s`", key.Provider.Name)
	} else {
		fmt.Fprintf(&bld, "\n\nno component provides `%s`: `%s` cannot activate in a plain schedule run", key.Name, comp.Name)
	}
	return bld.String()
}

func describeComponent(prog *check.Program, c *check.Component) string {
	if c == nil {
		return ""
	}
	header := &syntax.ComponentDecl{Name: c.Decl.Name, Requires: c.Decl.Requires, Provides: c.Decl.Provides, Body: &syntax.Block{}}
	var b strings.Builder
	b.WriteString(code(strings.TrimSuffix(format.Node(header), " { }")))
	if len(c.Requires) > 0 {
		b.WriteString("\n\nrequires:")
		for _, k := range c.Requires {
			from := "no provider"
			if k.Provider != nil {
				from = "from `" + k.Provider.Name + "`"
			}
			fmt.Fprintf(&b, "\n- `%s: %s` %s", k.Name, serviceName(k), from)
		}
	}
	if len(c.Provides) > 0 {
		b.WriteString("\n\nprovides:")
		// The consumers of each key, in one walk of c's dependents (a
		// hub of 50,000 is walked once, not once a key).
		to := make([]nameList, len(c.Provides))
		for _, d := range prog.Dependents(c) {
			for _, rk := range d.Requires {
				if rk.Provider != c {
					continue
				}
				for i, k := range c.Provides {
					if k.Name == rk.Name {
						to[i].add(d.Name, "")
						break
					}
				}
			}
		}
		for i, k := range c.Provides {
			fmt.Fprintf(&b, "\n- `%s: %s` to %s", k.Name, serviceName(k), to[i].String())
		}
	}
	fmt.Fprintf(&b, "\n\nload order: %d of %d — %s", c.LoadIndex+1, len(prog.LoadOrder), loadOrderAround(prog, c))
	for _, x := range prog.Cycle {
		if x == c {
			b.WriteString(" (on a dependency cycle: it can never activate)")
		}
	}
	return b.String()
}

// loadOrderAround is the load order with c in bold: all of it, or, in a
// large program, the hoverListMax/2 components either side of c.
func loadOrderAround(prog *check.Program, c *check.Component) string {
	from, to := 0, len(prog.LoadOrder)
	if to > hoverListMax {
		at := c.LoadIndex
		from, to = max(at-hoverListMax/2, 0), min(at+hoverListMax/2+1, to)
	}
	var b strings.Builder
	if from > 0 {
		b.WriteString("… → ")
	}
	for i, x := range prog.LoadOrder[from:to] {
		if i > 0 {
			b.WriteString(" → ")
		}
		if x == c {
			b.WriteString("**" + x.Name + "**")
		} else {
			b.WriteString(x.Name)
		}
	}
	if to < len(prog.LoadOrder) {
		b.WriteString(" → …")
	}
	return b.String()
}

// serviceName is the key's service for a hover, "?" when unknown.
func serviceName(k *check.Key) string {
	if s := k.ServiceName(); s != "" {
		return s
	}
	return "?"
}

// describeLocal describes a local: its declaration, what kind of binding
// it is, and the type the checker inferred for it (when it knows one).
func describeLocal(prog *check.Program, r resolved) string {
	text := describeLocalDecl(prog, r)
	if t := prog.TypeOfIdent(r.ref.Def); t.Known() {
		text += "\n\ntype `" + t.String() + "`"
	}
	return text
}

func describeLocalDecl(prog *check.Program, r resolved) string {
	name := r.ref.Def.Name
	switch decl := r.ref.Decl.(type) {
	case *syntax.Param:
		return code(format.Node(decl)) + "\n\nparameter"
	case *syntax.LetStmt:
		kw := "let"
		if decl.Mutable {
			kw = "var"
		}
		sig := kw + " " + name
		if decl.Type != nil {
			sig += ": " + format.Node(decl.Type)
		}
		return code(sig+" = "+format.Node(decl.Value)) + "\n\nlocal binding"
	case *syntax.EffectStmt:
		text := code("let " + name + " = effect " + format.Node(decl.Effect))
		if decl.Undo != nil {
			text += "\n\neffect binding, undone by `" + format.Node(decl.Undo) + "`"
		} else {
			text += "\n\neffect binding with no undo"
		}
		if class := hostClassOf(decl.Effect); class != "" {
			text += "\n\n" + hostClassDocs[class].summary
		}
		return text
	case *syntax.ForStmt:
		return code("for ("+name+" of "+format.Node(decl.Iter)+")") + "\n\nloop variable"
	case *syntax.ArrowExpr:
		return code(name) + "\n\narrow function parameter"
	case *syntax.NamePat:
		return code(name) + "\n\nmatch binding"
	}
	return code(name)
}

// hostDoc documents one host resource class (spec §5).
type hostDoc struct {
	summary string
	statics map[string]string
	methods map[string]string
}

var hostClassDocs = map[string]hostDoc{
	"Map": {
		summary: "host resource `Map`: `Map.new()` acquires `map#N`; `drop()` releases it. Left undropped, it is residue.",
		statics: map[string]string{"new": "Map.new() -> map  \nacquires a new map `map#N` (trace `map#N.new`); release it with `drop()`"},
		methods: map[string]string{
			"get":    "get(key) -> Opt[V]  \nthe value at key, or None",
			"insert": "insert(key, value)  \nsets key (trace `map#N.insert key`)",
			"remove": "remove(key)  \nremoves key",
			"len":    "len() -> Int  \nthe number of keys",
			"drop":   "drop()  \nreleases the map (trace `map#N.drop`); any later use is use-after-free",
		},
	},
	"Pool": {
		summary: "host resource `Pool`: `Pool.open(url, size)` acquires `pool#N`; `close()` releases it. Left open, it is residue.",
		statics: map[string]string{"open": "Pool.open(url, size) -> pool  \nopens a connection pool `pool#N` (trace `pool#N.open url`); `size < 1` is an error and a `boom://` url is refused"},
		methods: map[string]string{
			"query":   "query(sql) -> Opt[Str]  \nruns a query",
			"execute": "execute(sql)  \nruns a statement",
			"close":   "close()  \nreleases the pool (trace `pool#N.close url`); any later use is use-after-free",
		},
	},
	"Job": {
		summary: "host resource `Job`: `Job.run(name)` starts an async job that completes after 5 turns; `cancel()` stops it. A job still running at the end is residue.",
		statics: map[string]string{"run": "Job.run(name) -> job  \nstarts an async job (trace `job.run name start`, then `done` or `cancelled`); `await` it"},
		methods: map[string]string{"cancel": "cancel()  \ncancels the job (trace `job.run name cancelled`)"},
	},
}

func describeHostClass(name string) string {
	doc, ok := hostClassDocs[name]
	if !ok {
		return ""
	}
	var lines []string
	for _, st := range check.HostClasses[name] {
		lines = append(lines, strings.SplitN(doc.statics[st], "  \n", 2)[0])
	}
	for _, m := range check.HostMethods[name] {
		lines = append(lines, "  ."+strings.SplitN(doc.methods[m], "  \n", 2)[0])
	}
	return code(lines...) + "\n\n" + doc.summary
}

// hostClassOf names the host class an expression acquires from, when it
// is (or contains, as in `c ? Some(Pool.open(...)) : None`) a host static.
func hostClassOf(e syntax.Expr) string {
	class := ""
	syntax.Inspect(e, func(n syntax.Node) bool {
		if class != "" {
			return false
		}
		if sel, ok := n.(*syntax.SelectorExpr); ok {
			if id, ok := sel.X.(*syntax.Ident); ok {
				if _, host := check.HostClasses[id.Name]; host {
					class = id.Name
				}
			}
		}
		return true
	})
	return class
}

// describeMember describes a name the checker does not record: a host
// static (`Map.new`), a method of a host resource (`m.drop()`), or a
// method of a plain value (`xs.len()`).
func describeMember(prog *check.Program, r resolved) string {
	sel, ok := parentOf(r.path, r.id).(*syntax.SelectorExpr)
	if !ok || sel.Sel != r.id {
		return ""
	}
	x, ok := sel.X.(*syntax.Ident)
	if !ok {
		return describeValueMethod(r.id.Name)
	}
	ref, ok := prog.Uses[x]
	if !ok {
		return ""
	}
	switch ref.Kind {
	case check.RefHostClass:
		if doc := hostClassDocs[x.Name].statics[r.id.Name]; doc != "" {
			return code(strings.SplitN(doc, "  \n", 2)[0]) + "\n\n" + strings.SplitN(doc, "  \n", 2)[1]
		}
	case check.RefLocal:
		var init syntax.Expr
		switch decl := ref.Decl.(type) {
		case *syntax.EffectStmt:
			init = decl.Effect
		case *syntax.LetStmt:
			init = decl.Value
		}
		if class := hostClassOf(init); class != "" {
			if doc := hostClassDocs[class].methods[r.id.Name]; doc != "" {
				parts := strings.SplitN(doc, "  \n", 2)
				return code(x.Name+"."+parts[0]) + "\n\n" + parts[1] + fmt.Sprintf("\n\nmethod of host resource `%s`", class)
			}
		}
	}
	return describeValueMethod(r.id.Name)
}

func describeValueMethod(name string) string {
	var kinds []string
	for _, kind := range []string{"Str", "List", "Opt"} {
		for _, m := range check.ValueMethods[kind] {
			if m == name {
				kinds = append(kinds, "`"+kind+"`")
			}
		}
	}
	if len(kinds) == 0 {
		return ""
	}
	return code("."+name+"(...)") + "\n\nbuilt-in method of " + strings.Join(kinds, ", ") + " values"
}

// fnSignature renders a helper's signature without its body.
func fnSignature(fn *syntax.FnDecl) string {
	return strings.TrimSuffix(format.Node(&syntax.FnDecl{Name: fn.Name, Params: fn.Params, Result: fn.Result, Body: &syntax.Block{}}), " { }")
}
