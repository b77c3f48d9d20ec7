package check

import (
	"revl.dev/debug/runtime/syntax"
)

// typer is the state of the type pass (see types.go).
type typer struct {
	c     *checker
	types typeCache
	// locals maps each declaring identifier of a local to its type; uses
	// find their declaration through Program.Uses.
	locals map[*syntax.Ident]*Type
	sigs   map[*Method]*methodSig // see signature
	comps  componentCursor        // of the declarations decl types
}

// tctx is where an expression is typed: the component whose keys and
// config it sees (nil outside components), and what a `return` must give
// (nil: not checked).
type tctx struct {
	comp *Component
	cfg  *Type
	ret  *Type
	// What ret belongs to, for messages (see retWhy): fn retName, or
	// method retName of key retKey (retSvc).
	retSvc          bool
	retKey, retName string
}

// checkTypes runs the type pass over every body, in declaration order.
func (c *checker) checkTypes() {
	tc := c.newTyper()
	for i, d := range c.p.File.Decls {
		tc.decl(i, d)
	}
}

// newTyper starts the type pass; it fills Program.TypeOf.
func (c *checker) newTyper() *typer { return c.newTyperWith(localsFor(len(c.p.File.Src))) }

// localsFor is a map of locals' types for a pass over n bytes of source:
// about a local per 96 bytes.
func localsFor(n int) map[*syntax.Ident]*Type { return make(map[*syntax.Ident]*Type, n/96) }

// newTyperWith is newTyper filling locals, which may hold types already
// (CheckIncremental's kept declarations).
func (c *checker) newTyperWith(locals map[*syntax.Ident]*Type) *typer {
	tc := &typer{c: c, types: typeCache{named: map[string]*Type{}, busy: map[string]bool{}}, locals: locals}
	c.p.TypeOf = tc.locals
	return tc
}

// decl types the bodies of declaration i, d, reading what the body pass
// resolved there from the trail (checkBody recorded it from the same
// index; anything not on it is asked of Program.Uses).
func (tc *typer) decl(i int, d syntax.Decl) {
	tc.c.trail.seek(i)
	switch d := d.(type) {
	case *syntax.FnDecl:
		tc.fnDecl(d)
	case *syntax.ComponentDecl:
		if comp := tc.comps.of(tc.c.p, d); comp != nil {
			tc.component(comp)
		}
	case *syntax.TestDecl:
		tc.test(d)
	}
}

// TypeOfIdent returns the inferred type of the local that id declares or uses,
// or nil when id is no local (or the pass did not reach it).
func (p *Program) TypeOfIdent(id *syntax.Ident) *Type {
	if p == nil || id == nil || p.TypeOf == nil {
		return nil
	}
	if t := p.TypeOf[id]; t != nil {
		return t
	}
	if r, ok := p.Uses[id]; ok && r.Kind == RefLocal && r.Def != nil {
		return p.TypeOf[r.Def]
	}
	return nil
}

func (tc *typer) bind(id *syntax.Ident, t *Type) {
	if id != nil && id.Name != "_" {
		if t == nil {
			t = unknownT
		}
		tc.locals[id] = t
		if tc.c.trace != nil {
			tc.c.trace.typed = append(tc.c.trace.typed, id)
		}
	}
}

func (tc *typer) mismatch(n syntax.Node, code, msg string) {
	tc.c.err(n, code, msg)
}

func (tc *typer) fnDecl(d *syntax.FnDecl) {
	x := &tctx{ret: unknownT}
	for _, p := range d.Params {
		if p != nil {
			tc.bind(p.Name, tc.resolve(p.Type))
		}
	}
	if d.Result != nil {
		x.ret, x.retName = tc.resolve(d.Result), nameOf(d.Name)
	}
	if d.Body != nil {
		tc.stmts(x, d.Body.Stmts)
	} else {
		tc.want(x, d.ExprBody, x.ret, "E-type-return", func() string { return x.retWhy() + " returns" })
	}
}

// configType is the record of a component's config fields.
func (tc *typer) configType(comp *Component) *Type {
	if comp == nil || comp.Config == nil {
		return unknownT
	}
	t := &Type{Kind: TRecord}
	for _, f := range comp.Config.Fields {
		if f == nil || f.Name == nil {
			return unknownT
		}
		t.Fields = append(t.Fields, TypeField{Name: f.Name.Name, Type: tc.resolve(f.Type)})
	}
	return t
}

func (tc *typer) component(comp *Component) {
	if comp.Decl.Body == nil {
		return
	}
	x := &tctx{comp: comp, cfg: tc.configType(comp)}
	tc.stmts(x, comp.Decl.Body.Stmts)
}

func (tc *typer) test(d *syntax.TestDecl) {
	if d.Body == nil {
		return
	}
	x := &tctx{}
	if d.Kind == syntax.FaultTest {
		tc.configValues(x, d.For, d.With)
		return
	}
	tc.stmts(x, d.Body.Stmts)
}

// configValues checks `with { f: v }` against component id's field types.
func (tc *typer) configValues(x *tctx, id *syntax.Ident, with *syntax.RecordLit) {
	if with == nil {
		return
	}
	var cfg *Type = unknownT
	if id != nil {
		cfg = tc.configType(tc.c.p.CompByName[id.Name])
	}
	for _, f := range with.Fields {
		if f == nil {
			continue
		}
		want := unknownT
		if f.Name != nil {
			if t, ok := cfg.field(f.Name.Name); ok {
				want = t
			}
		}
		tc.want(x, f.Value, want, "E-type-mismatch", func() string { return "config field " + q(nameOf(f.Name)) + " is" })
	}
}

func (tc *typer) stmts(x *tctx, list []syntax.Stmt) {
	for _, s := range list {
		tc.stmt(x, s)
	}
}

func (tc *typer) block(x *tctx, b *syntax.Block) {
	if b != nil {
		tc.stmts(x, b.Stmts)
	}
}

// cond types a condition, which must be a Bool.
func (tc *typer) cond(x *tctx, e syntax.Expr, what string) {
	t := tc.expr(x, e, boolT)
	if t.Known() && t.Kind != TBool {
		tc.mismatch(e, "E-type-condition", "the condition of "+what+" is "+t.String()+", not Bool")
	}
}

// want types e where a value of type want is expected, and reports
// `code` when it cannot stand there, as "<what> <want>, but this is <got>".
// what is called only then: built for every value typed, the messages
// were the type pass's commonest allocations.
func (tc *typer) want(x *tctx, e syntax.Expr, want *Type, code string, what func() string) *Type {
	if isNil(e) {
		return unknownT
	}
	got := tc.expr(x, e, want)
	if !assignable(want, got) {
		tc.mismatch(e, code, what()+" "+want.String()+", but this is "+got.String())
	}
	return got
}

// retWhy is what the return type of x belongs to, for messages: "fn 'f'"
// or "'k.m'".
func (x *tctx) retWhy() string {
	if x.retSvc {
		return q(x.retKey + "." + x.retName)
	}
	return "fn " + q(x.retName)
}

func (tc *typer) stmt(x *tctx, s syntax.Stmt) {
	if isNil(s) {
		return
	}
	switch s := s.(type) {
	case *syntax.ConfigStmt:
		for _, f := range s.Fields {
			if f != nil && f.Default != nil {
				tc.want(x, f.Default, tc.resolve(f.Type), "E-type-mismatch", func() string { return "config field " + q(nameOf(f.Name)) + " is" })
			}
		}
	case *syntax.LetStmt:
		var t *Type
		if s.Type != nil {
			decl := tc.resolve(s.Type)
			tc.want(x, s.Value, decl, "E-type-mismatch", func() string { return q(nameOf(s.Name)) + " is declared" })
			t = decl
		} else {
			t = tc.expr(x, s.Value, nil)
		}
		tc.bind(s.Name, t)
	case *syntax.AssignStmt:
		if id, ok := s.Target.(*syntax.Ident); ok && id != nil {
			want := tc.typeOfIdent(id)
			if want == nil {
				want = unknownT
			}
			tc.want(x, s.Value, want, "E-type-mismatch", func() string { return q(id.Name) + " is" })
			return
		}
		tc.expr(x, s.Target, nil)
		tc.expr(x, s.Value, nil)
	case *syntax.IfStmt:
		tc.cond(x, s.Cond, "'if'")
		tc.block(x, s.Then)
		if !isNil(s.Else) {
			tc.stmt(x, s.Else)
		}
	case *syntax.WhileStmt:
		tc.cond(x, s.Cond, "'while'")
		tc.block(x, s.Body)
	case *syntax.ForStmt:
		it := tc.expr(x, s.Iter, nil)
		elem := unknownT
		if it.Kind == TList {
			elem = it.arg(0)
		}
		tc.bind(s.Var, elem)
		tc.block(x, s.Body)
	case *syntax.ReturnStmt:
		if x.ret == nil || !x.ret.Known() {
			tc.expr(x, s.Value, nil)
			return
		}
		if s.Value == nil {
			if x.ret.Kind != TUnit {
				tc.mismatch(s, "E-type-return", x.retWhy()+" returns "+x.ret.String()+", but this 'return' gives no value")
			}
			return
		}
		tc.want(x, s.Value, x.ret, "E-type-return", func() string { return x.retWhy() + " returns" })
	case *syntax.EffectStmt:
		t := tc.expr(x, s.Effect, nil)
		tc.bind(s.Name, t)
		tc.expr(x, s.Undo, nil)
	case *syntax.EmitStmt:
		tc.expr(x, s.Call, nil)
		if s.Compensate != nil {
			tc.expr(x, s.Compensate, nil)
		}
	case *syntax.FailStmt:
		tc.expr(x, s.Message, nil)
	case *syntax.AssertStmt:
		if !s.NoResidue {
			tc.cond(x, s.Cond, "'assert'")
		}
	case *syntax.LoadStmt:
		tc.configValues(x, s.Component, s.With)
	case *syntax.ExprStmt:
		tc.expr(x, s.X, nil)
	case *syntax.TimerStmt:
		tc.block(x, s.Body)
	case *syntax.ProvideStmt:
		tc.provide(x, s)
	case *syntax.Block:
		tc.stmts(x, s.Stmts)
	}
}

// provide types each method body against the service signature: its
// parameters take the declared parameter types, its returns the result.
func (tc *typer) provide(x *tctx, s *syntax.ProvideStmt) {
	var svc *Service
	if x.comp != nil && s.Key != nil {
		if k := x.comp.KeyOf(s.Key.Name); k != nil {
			svc = k.Service
		}
	}
	for _, m := range s.Methods {
		if m == nil {
			continue
		}
		var sig *Method
		if svc != nil && m.Name != nil {
			sig = svc.MethodByID[m.Name.Name]
		}
		mx := &tctx{comp: x.comp, cfg: x.cfg, ret: unknownT}
		if sig != nil && sig.Sig != nil {
			for i, p := range m.Params {
				if p == nil {
					continue
				}
				t := unknownT
				if i < len(sig.Sig.Params) && sig.Sig.Params[i] != nil {
					t = tc.resolve(sig.Sig.Params[i].Type)
				}
				if p.Type != nil {
					if own := tc.resolve(p.Type); !assignable(own, t) || !assignable(t, own) {
						tc.mismatch(p.Type, "E-type-mismatch", "parameter "+q(nameOf(p.Name))+" of "+q(svc.Name+"."+sig.Name)+
							" is declared "+t.String()+" in the service, but "+own.String()+" here")
					}
				}
				tc.bind(p.Name, t)
			}
			mx.ret, mx.retSvc, mx.retKey, mx.retName = unitT, true, nameOf(s.Key), sig.Name
			if sig.Sig.Result != nil {
				mx.ret = tc.resolve(sig.Sig.Result)
			}
			if m.Result != nil {
				if own := tc.resolve(m.Result); !assignable(own, mx.ret) || !assignable(mx.ret, own) {
					tc.mismatch(m.Result, "E-type-mismatch", q(svc.Name+"."+sig.Name)+" returns "+mx.ret.String()+
						" in the service, but "+own.String()+" here")
				}
			}
		} else {
			for _, p := range m.Params {
				if p != nil {
					tc.bind(p.Name, tc.resolve(p.Type))
				}
			}
		}
		if m.Body != nil {
			tc.stmts(mx, m.Body.Stmts)
		} else if mx.ret.Known() && mx.ret.Kind != TUnit {
			tc.want(mx, m.ExprBody, mx.ret, "E-type-return", func() string { return mx.retWhy() + " returns" })
		} else {
			tc.expr(mx, m.ExprBody, nil)
		}
	}
}
