package check

import (
	"strings"

	"revl.dev/debug/runtime/syntax"
)

// body is the context a statement or expression is checked in.
type body struct {
	kind bodyKind
	comp *compState // the enclosing component; nil in helpers and tests
}

func (b *body) with(kind bodyKind) *body { return &body{kind: kind, comp: b.comp} }

// checkBodies walks every body in declaration order.
func (c *checker) checkBodies() {
	c.trail.start(len(c.p.File.Decls), len(c.p.File.Src))
	for i, d := range c.p.File.Decls {
		c.checkBody(i, d)
	}
}

// checkBody is checkBodies for declaration i, d (CheckIncremental checks
// some of them, one at a time). What it resolves goes on the trail from
// declaration i's start, where the type pass seeks.
func (c *checker) checkBody(i int, d syntax.Decl) {
	c.trail.begin(i)
	switch d := d.(type) {
	case *syntax.ComponentDecl:
		if comp := c.bodyComps.of(c.p, d); comp != nil {
			c.activation(c.state(comp))
		}
	case *syntax.FnDecl:
		c.helperBody(d)
	case *syntax.TestDecl:
		c.testBody(d)
	}
}

// bodyThenTypes runs the body pass and then the type pass of declaration
// i, d (the per-declaration order of CheckIncremental and of a check in
// halves). The declaration's part of the trail is closed before the type
// pass reads it: trail.inDecl looks for a name up to where the next
// declaration's part begins, and without the close it saw an empty part
// (TestCheckEditedStaysLean: half of a large file's body edits gave the
// lean check up).
func (c *checker) bodyThenTypes(tc *typer, i int, d syntax.Decl) {
	c.checkBody(i, d)
	c.trail.begin(i + 1)
	tc.decl(i, d)
}

// componentCursor finds, for each component declaration, its Component:
// p.Components holds the declarations that won their name in file
// order, so when the declarations come in that order (Check) the next
// one is the only candidate (a string map lookup per declaration cost
// more, at 50,000 components). A declaration out of that order
// (CheckIncremental skips the kept ones) is looked up by name, and the
// cursor goes on from there.
type componentCursor struct{ next int }

// of returns d's component, or nil for a declaration that lost its name
// (a duplicate, reported).
func (cc *componentCursor) of(p *Program, d *syntax.ComponentDecl) *Component {
	if cc.next < len(p.Components) && p.Components[cc.next].Decl == d {
		cc.next++
		return p.Components[cc.next-1]
	}
	if comp := p.CompByName[nameOf(d.Name)]; comp != nil && comp.Decl == d {
		cc.next = comp.DeclIndex + 1
		return comp
	}
	return nil
}

func nameOf(id *syntax.Ident) string {
	if id == nil {
		return ""
	}
	return id.Name
}

func (c *checker) helperBody(d *syntax.FnDecl) {
	b := &body{kind: inHelper}
	sc := c.newScope(nil)
	for _, p := range d.Params {
		if p != nil && p.Name != nil && sc.get(p.Name.Name) == nil {
			// Declared for resolution only (the first of a duplicate
			// wins); decls.go reported duplicates and recorded the
			// definitions.
			sc.put(&local{def: p.Name, decl: p, what: "parameter"})
		}
	}
	if d.Body != nil {
		c.stmts(b, sc, d.Body.Stmts)
	} else {
		c.expr(b, sc, d.ExprBody)
	}
}

func (c *checker) testBody(d *syntax.TestDecl) {
	if d.Body == nil {
		return
	}
	switch d.Kind {
	case syntax.PureTest:
		c.stmts(&body{kind: inTest}, c.newScope(nil), d.Body.Stmts)
	case syntax.LifecycleTest:
		c.stmts(&body{kind: inLifecycle}, c.newScope(nil), d.Body.Stmts)
	case syntax.FaultTest:
		c.faultTest(d)
	}
}

func (c *checker) stmts(b *body, sc *scope, list []syntax.Stmt) {
	for _, s := range list {
		c.stmt(b, sc, s)
	}
}

// stmt checks one statement where it stands: first whether its kind is
// allowed here, then its parts.
func (c *checker) stmt(b *body, sc *scope, s syntax.Stmt) {
	if isNil(s) {
		return
	}
	kind, label := stepOf(s)
	switch {
	case kind == stBad:
		return // the parser reported it
	case kind == stReturn && !b.kind.allows(stReturn):
		c.err(s, "E-return-outside-method", "'return' is not allowed in "+bodyNames[b.kind]+
			" (only in provide methods and fn helpers)")
		return
	case (kind == stLet || kind == stVar) && b.kind == inActivation:
		c.err(s, "E-let-in-activation", "a plain "+label+" is not allowed in an activation body: every step must be "+
			"revertible, so bind with 'let x = effect E undo U', or compute the value inside a provide method")
		// Still bind the name, so its uses do not cascade into unknown names.
		if l := s.(*syntax.LetStmt); l != nil {
			c.expr(b, sc, l.Value)
			c.declare(sc, l.Name, l, l.Mutable, strings.Trim(label, "'")+" binding")
		}
		return
	case kind == stConfig && b.kind == inActivation:
		// Config placement has its own codes; see configStep.
	case kind == stAssert && b.kind != inLifecycle && c.isNoResidue(b, sc, s.(*syntax.AssertStmt)):
		// Outside lifecycle tests the parser reads no_residue as a name.
		c.err(s, "E-step-not-allowed", "'assert no_residue' is not allowed in "+bodyNames[b.kind]+whereAllowed(stNoResidue))
		return
	case !b.kind.allows(kind):
		c.err(s, "E-step-not-allowed", label+" is not allowed in "+bodyNames[b.kind]+whereAllowed(kind))
		if l, ok := s.(*syntax.LetStmt); ok {
			// Bind the name anyway so its uses do not cascade.
			c.declare(sc, l.Name, l, l.Mutable, strings.Trim(label, "'")+" binding")
		}
		return
	}
	switch s := s.(type) {
	case *syntax.ConfigStmt:
		c.configStep(b, s)
	case *syntax.LetStmt:
		c.letStmt(b, sc, s)
	case *syntax.AssignStmt:
		c.assign(b, sc, s)
	case *syntax.IfStmt:
		if b.kind == inActivation {
			c.guard(b, sc, s)
		} else {
			c.ifStmt(b, sc, s)
		}
	case *syntax.WhileStmt:
		c.expr(b, sc, s.Cond)
		c.block(b, sc, s.Body)
	case *syntax.ForStmt:
		c.expr(b, sc, s.Iter)
		inner := c.newScope(sc)
		c.declare(inner, s.Var, s, false, "for variable")
		if s.Body != nil {
			c.stmts(b, inner, s.Body.Stmts)
		}
	case *syntax.ReturnStmt:
		c.expr(b, sc, s.Value)
	case *syntax.EffectStmt:
		c.acquisition(b, s, "'effect'")
		c.effect(b, sc, s)
	case *syntax.EmitStmt:
		c.emit(b, sc, s)
	case *syntax.ExprStmt:
		if hc, ok := unparen(s.X).(*syntax.HarnessCallExpr); ok && b.kind == inLifecycle && hc != nil {
			c.harnessCall(b, sc, hc) // a bare `call k.m()`: the result is dropped
		} else {
			c.expr(b, sc, s.X)
		}
	case *syntax.FailStmt:
		c.expr(b, sc, s.Message)
	case *syntax.AssertStmt:
		c.expr(b, sc, s.Cond)
	case *syntax.LoadStmt:
		c.load(b, sc, s)
	case *syntax.UnloadStmt:
		c.componentRef(s.Component)
	case *syntax.AdvanceStmt:
		// A duration literal; nothing to resolve.
	case *syntax.ProvideStmt:
		c.provide(b, sc, s)
	case *syntax.TimerStmt:
		c.acquisition(b, s, q(s.Kind.String()))
		if s.Body != nil {
			// A timer body runs later, on each tick, seeing the bindings
			// made before it.
			c.stmts(b.with(inTimer), c.newScope(sc), s.Body.Stmts)
		}
	case *syntax.Block:
		c.stmts(b, c.newScope(sc), s.Stmts)
	}
}

// isNoResidue reports whether an assert is `assert no_residue` written
// where no_residue is not a keyword and names nothing.
func (c *checker) isNoResidue(b *body, sc *scope, s *syntax.AssertStmt) bool {
	id, ok := s.Cond.(*syntax.Ident)
	return ok && id != nil && id.Name == "no_residue" && !c.lookup(b, sc, id.Name).found
}

// block checks a nested block in its own scope.
func (c *checker) block(b *body, sc *scope, blk *syntax.Block) {
	if blk != nil {
		c.stmts(b, c.newScope(sc), blk.Stmts)
	}
}

func (c *checker) ifStmt(b *body, sc *scope, s *syntax.IfStmt) {
	c.expr(b, sc, s.Cond)
	c.block(b, sc, s.Then)
	if !isNil(s.Else) {
		if blk, ok := s.Else.(*syntax.Block); ok {
			c.block(b, sc, blk)
		} else {
			c.stmt(b, sc, s.Else)
		}
	}
}

func (c *checker) letStmt(b *body, sc *scope, s *syntax.LetStmt) {
	c.typeExpr(s.Type)
	if hc, ok := unparen(s.Value).(*syntax.HarnessCallExpr); ok && b.kind == inLifecycle && hc != nil {
		c.harnessCall(b, sc, hc)
	} else {
		c.expr(b, sc, s.Value)
	}
	what := "let binding"
	if s.Mutable {
		what = "var binding"
	}
	c.declare(sc, s.Name, s, s.Mutable, what)
}

// effect checks `[let x =] effect E undo U`. The undo sees x (it usually
// releases exactly what E made); E does not.
func (c *checker) effect(b *body, sc *scope, s *syntax.EffectStmt) {
	if s.Undo == nil {
		c.err(s, "E-undo-missing", "'effect' without 'undo': every effect must say how to revert it, "+
			"as in 'effect E undo U', so that teardown and failure can unwind it")
	}
	c.expr(b, sc, s.Effect)
	c.declare(sc, s.Name, s, false, "effect binding")
	c.expr(b, sc, s.Undo)
}
