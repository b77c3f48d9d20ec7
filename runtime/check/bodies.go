package check

import (
	"strings"

	"revl.dev/debug/runtime/syntax"
)

// bodyKind is the kind of statement list being checked; each allows a
// different set of statements (spec §3 and the lifecycle steps of §5).
type bodyKind int

const (
	inActivation bodyKind = iota // a component body
	inMethod                     // a method inside `provide`
	inHelper                     // a top-level fn
	inTimer                      // the body of every/after
	inEffectBlock                // effect { stmts; E }
	inTest                       // test "..." { }
	inLifecycle                  // lifecycle test "..." { }
	numBodyKinds
)

var bodyNames = [numBodyKinds]string{
	"an activation body", "a provide method body", "a helper fn body", "a timer body",
	"an effect block", "a test body", "a lifecycle test body",
}

// bodyPlaces names each kind in "only in ..." hints.
var bodyPlaces = [numBodyKinds]string{
	"activation bodies", "provide methods", "fn helpers", "timer bodies",
	"effect blocks", "tests", "lifecycle tests",
}

// stepKind classifies a statement for the allowed-statement table.
type stepKind int

const (
	stLet stepKind = iota
	stVar
	stAssign
	stIf
	stWhile
	stFor
	stReturn
	stEffect
	stEmit
	stCall
	stAwait
	stFail
	stAssert
	stNoResidue
	stLoad
	stUnload
	stAdvance
	stConfig
	stProvide
	stTimer
	stBlock
	stExpr // an expression statement that is neither a call nor await
	stBad
)

func bits(ks ...stepKind) uint64 {
	var m uint64
	for _, k := range ks {
		m |= 1 << k
	}
	return m
}

// allowed is the statement table of spec §3 (activation and method bodies)
// and §5 (tests). Let/var and return in an activation body have their own
// codes (E-let-in-activation, E-return-outside-method) and are not listed.
var allowed = [numBodyKinds]uint64{
	inActivation:  bits(stConfig, stEffect, stEmit, stCall, stAwait, stFail, stIf, stTimer, stProvide),
	inMethod:      bits(stLet, stVar, stAssign, stIf, stWhile, stFor, stReturn, stEffect, stEmit, stCall, stAwait, stFail, stBlock),
	inHelper:      bits(stLet, stVar, stAssign, stIf, stWhile, stFor, stReturn, stCall, stAwait, stFail, stBlock),
	inTimer:       bits(stLet, stVar, stAssign, stIf, stWhile, stFor, stEmit, stCall, stAwait, stFail, stBlock),
	inEffectBlock: bits(stLet, stVar, stAssign, stIf, stWhile, stFor, stCall, stAwait, stFail, stBlock),
	inTest:        bits(stLet, stIf, stCall, stAssert),
	inLifecycle:   bits(stLet, stAssert, stNoResidue, stLoad, stUnload, stAdvance),
}

func (k bodyKind) allows(s stepKind) bool { return allowed[k]&(1<<s) != 0 }

// stepOf classifies s and names it for messages.
func stepOf(s syntax.Stmt) (stepKind, string) {
	switch s := s.(type) {
	case *syntax.LetStmt:
		if s.Mutable {
			return stVar, "'var'"
		}
		return stLet, "'let'"
	case *syntax.AssignStmt:
		return stAssign, "assignment"
	case *syntax.IfStmt:
		return stIf, "'if'"
	case *syntax.WhileStmt:
		return stWhile, "'while'"
	case *syntax.ForStmt:
		return stFor, "'for'"
	case *syntax.ReturnStmt:
		return stReturn, "'return'"
	case *syntax.EffectStmt:
		return stEffect, "'effect'"
	case *syntax.EmitStmt:
		return stEmit, "'emit'"
	case *syntax.FailStmt:
		return stFail, "'fail'"
	case *syntax.AssertStmt:
		if s.NoResidue {
			return stNoResidue, "'assert no_residue'"
		}
		return stAssert, "'assert'"
	case *syntax.LoadStmt:
		return stLoad, "'load'"
	case *syntax.UnloadStmt:
		return stUnload, "'unload'"
	case *syntax.AdvanceStmt:
		return stAdvance, "'advance'"
	case *syntax.ConfigStmt:
		return stConfig, "'config'"
	case *syntax.ProvideStmt:
		return stProvide, "'provide'"
	case *syntax.TimerStmt:
		return stTimer, q(s.Kind.String())
	case *syntax.Block:
		return stBlock, "a nested block"
	case *syntax.ExprStmt:
		switch x := unparen(s.X).(type) {
		case *syntax.CallExpr:
			return stCall, "a call"
		case *syntax.AwaitExpr:
			return stAwait, "'await'"
		case *syntax.HarnessCallExpr:
			return stExpr, "a bare 'call'"
		case *syntax.BadExpr:
			return stBad, ""
		default:
			_ = x
			return stExpr, "an expression statement"
		}
	}
	return stBad, ""
}

// whereAllowed renders the hint "(only in provide methods and fn helpers)".
func whereAllowed(k stepKind) string {
	switch k {
	case stConfig:
		return " (only as the first step of a component body)"
	case stExpr:
		return " (only a call or 'await' can stand alone as a statement)"
	}
	var places []string
	for b := bodyKind(0); b < numBodyKinds; b++ {
		if b == inEffectBlock || !b.allows(k) {
			continue
		}
		places = append(places, bodyPlaces[b])
	}
	if len(places) == 0 {
		return ""
	}
	if len(places) == 1 {
		return " (only in " + places[0] + ")"
	}
	return " (only in " + strings.Join(places[:len(places)-1], ", ") + " and " + places[len(places)-1] + ")"
}

// body is the context a statement or expression is checked in.
type body struct {
	kind bodyKind
	comp *compState // the enclosing component; nil in helpers and tests
}

func (b *body) with(kind bodyKind) *body { return &body{kind: kind, comp: b.comp} }

// compState is what the checker learns about one component while walking
// its activation body.
type compState struct {
	c *Component
	// cfg is the first config step anywhere at the top of the body, even a
	// misplaced one (reported), so that `config.f` still resolves.
	cfg          *syntax.ConfigStmt
	cfgFields    map[string]*syntax.ConfigField
	firstProvide *syntax.ProvideStmt
	provided     map[string]*syntax.ProvideStmt
}

// prepareComponents finds each component's config step before any body
// is walked: lifecycle tests (`load C with {...}`) need it too.
func (c *checker) prepareComponents() {
	for _, comp := range c.p.Components {
		cs := &compState{c: comp, cfgFields: map[string]*syntax.ConfigField{}, provided: map[string]*syntax.ProvideStmt{}}
		if comp.Decl.Body != nil {
			for _, s := range comp.Decl.Body.Stmts {
				if cfg, ok := s.(*syntax.ConfigStmt); ok && cfg != nil {
					cs.cfg = cfg
					break
				}
			}
		}
		if cs.cfg != nil {
			for _, f := range cs.cfg.Fields {
				if f != nil && f.Name != nil && cs.cfgFields[f.Name.Name] == nil {
					cs.cfgFields[f.Name.Name] = f
				}
			}
		}
		c.comps[comp] = cs
	}
}

// checkBodies walks every body in declaration order.
func (c *checker) checkBodies() {
	for _, d := range c.p.File.Decls {
		switch d := d.(type) {
		case *syntax.ComponentDecl:
			if comp := c.p.CompByName[nameOf(d.Name)]; comp != nil && comp.Decl == d {
				c.activation(c.comps[comp])
			}
		case *syntax.FnDecl:
			c.helperBody(d)
		case *syntax.TestDecl:
			c.testBody(d)
		}
	}
}

func nameOf(id *syntax.Ident) string {
	if id == nil {
		return ""
	}
	return id.Name
}

// activation checks a component body and then that every provided key was
// published.
func (c *checker) activation(cs *compState) {
	d := cs.c.Decl
	if d.Body != nil {
		c.stmts(&body{kind: inActivation, comp: cs}, newScope(nil), d.Body.Stmts)
	}
	for _, k := range cs.c.Provides {
		if cs.provided[k.Name] == nil {
			c.err(k.Binding.Key, "E-provide-missing", "component "+q(cs.c.Name)+" declares 'provides "+k.Name+
				"' but no 'provide "+k.Name+" { ... }' step publishes it; add one to the body")
		}
	}
}

func (c *checker) helperBody(d *syntax.FnDecl) {
	b := &body{kind: inHelper}
	sc := newScope(nil)
	for _, p := range d.Params {
		if p != nil && p.Name != nil {
			// Declared for resolution only; decls.go reported duplicates
			// and recorded the definitions.
			sc.names[p.Name.Name] = &local{def: p.Name, decl: p, what: "parameter"}
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
		c.stmts(&body{kind: inTest}, newScope(nil), d.Body.Stmts)
	case syntax.LifecycleTest:
		c.stmts(&body{kind: inLifecycle}, newScope(nil), d.Body.Stmts)
	}
	// Fault tests are parsed only (spec §1 lists the keyword, nothing runs
	// them yet), so their bodies have no rules to check.
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
	case !b.kind.allows(kind):
		c.err(s, "E-step-not-allowed", label+" is not allowed in "+bodyNames[b.kind]+whereAllowed(kind))
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
		inner := newScope(sc)
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
		c.expr(b, sc, s.X)
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
			c.stmts(b.with(inTimer), newScope(sc), s.Body.Stmts)
		}
	case *syntax.Block:
		c.stmts(b, newScope(sc), s.Stmts)
	}
}

// block checks a nested block in its own scope.
func (c *checker) block(b *body, sc *scope, blk *syntax.Block) {
	if blk != nil {
		c.stmts(b, newScope(sc), blk.Stmts)
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

// guard checks an `if` in an activation body: the then-branch may only
// fail (spec §3: "a guard; only fail inside"), because a step taken there
// would be conditional and the frame would not show it; the else branch
// continues the activation.
func (c *checker) guard(b *body, sc *scope, s *syntax.IfStmt) {
	c.expr(b, sc, s.Cond)
	if s.Then != nil {
		for _, t := range s.Then.Stmts {
			if isNil(t) {
				continue
			}
			if f, ok := t.(*syntax.FailStmt); ok {
				c.expr(b, sc, f.Message)
				continue
			}
			if k, label := stepOf(t); k != stBad {
				c.err(t, "E-guard-not-fail", label+" inside an activation guard: the then-branch of an 'if' in a component body "+
					"may only 'fail'; move the step after the 'if' or into its 'else' branch")
			}
		}
	}
	if !isNil(s.Else) {
		if blk, ok := s.Else.(*syntax.Block); ok {
			c.block(b, sc, blk)
		} else {
			c.stmt(b, sc, s.Else)
		}
	}
}

// acquisition enforces "no acquisition after the first provide": the
// frame unwinds newest first, so a resource acquired after a provision
// would be released while that provision is still published.
func (c *checker) acquisition(b *body, s syntax.Stmt, label string) {
	if b.kind != inActivation || b.comp.firstProvide == nil {
		return
	}
	c.err(s, "E-acquire-after-provide", label+" after the first 'provide': acquire every resource before publishing, "+
		"so that teardown withdraws the provision before releasing what backs it; move this step above the 'provide'",
		c.at(b.comp.firstProvide, "first 'provide' of component %s", q(b.comp.c.Name)))
}

// configStep checks placement and fields of a config step.
func (c *checker) configStep(b *body, s *syntax.ConfigStmt) {
	cs := b.comp
	switch {
	case cs.cfg == nil:
		// A config step nested in an else branch: never first.
		c.err(s, "E-config-not-first", "'config' must be the first step of the component body; move it to the top")
	case cs.cfg != s:
		c.err(s, "E-config-duplicate", "component "+q(cs.c.Name)+" already has a config step; merge the fields into the first one",
			c.at(cs.cfg, "first config step"))
	case len(cs.c.Decl.Body.Stmts) == 0 || cs.c.Decl.Body.Stmts[0] != syntax.Stmt(s):
		c.err(s, "E-config-not-first", "'config' must be the first step of the component body; move it to the top",
			c.at(cs.c.Decl.Body.Stmts[0], "the body starts here"))
	}
	seen := map[string]*syntax.ConfigField{}
	for _, f := range s.Fields {
		if f == nil {
			continue
		}
		if f.Name != nil {
			if first := seen[f.Name.Name]; first != nil {
				c.err(f.Name, "E-duplicate", "config field "+q(f.Name.Name)+" is already declared",
					c.at(first.Name, "config field %s first declared here", q(f.Name.Name)))
			} else {
				seen[f.Name.Name] = f
				c.def(f.Name, RefConfigField, f)
			}
		}
		c.typeExpr(f.Type)
		// Defaults are evaluated before the body runs: they see the
		// file's helpers and constructors but no locals, keys or config.
		c.expr(&body{kind: inHelper}, newScope(nil), f.Default)
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

// load checks `load C [with { f: v }]` against C's config fields.
func (c *checker) load(b *body, sc *scope, s *syntax.LoadStmt) {
	comp := c.componentRef(s.Component)
	var cs *compState
	if comp != nil {
		cs = c.comps[comp]
	}
	given := map[string]*syntax.FieldInit{}
	if s.With != nil {
		for _, f := range s.With.Fields {
			if f == nil {
				continue
			}
			c.expr(b, sc, f.Value)
			if f.Name == nil {
				continue
			}
			if first := given[f.Name.Name]; first != nil {
				c.err(f.Name, "E-duplicate", "config field "+q(f.Name.Name)+" is given twice",
					c.at(first.Name, "first value for %s", q(f.Name.Name)))
				continue
			}
			given[f.Name.Name] = f
			if cs == nil {
				continue
			}
			if cs.cfg == nil {
				c.err(f.Name, "E-config-unknown-field", "component "+q(comp.Name)+" has no config step, so 'with' cannot set "+q(f.Name.Name))
				continue
			}
			if cf := cs.cfgFields[f.Name.Name]; cf != nil {
				c.use(f.Name, Ref{Kind: RefConfigField, Def: cf.Name, Decl: cf})
			} else {
				c.err(f.Name, "E-config-unknown-field", "component "+q(comp.Name)+" has no config field "+q(f.Name.Name)+
					didYouMean(f.Name.Name, sortedKeys(cs.cfgFields)), c.at(cs.cfg, "config of %s", q(comp.Name)))
			}
		}
	}
	if cs == nil || cs.cfg == nil {
		return
	}
	for _, f := range cs.cfg.Fields {
		if f == nil || f.Name == nil || f.Default != nil || given[f.Name.Name] != nil || cs.cfgFields[f.Name.Name] != f {
			continue
		}
		c.err(s.Component, "E-config-missing", "'load "+comp.Name+"' gives no value for config field "+q(f.Name.Name)+
			", which has no default; add 'with { "+f.Name.Name+": ... }'",
			c.at(f, "config field %s of %s", q(f.Name.Name), q(comp.Name)))
	}
}

// componentRef resolves a component name in load/unload.
func (c *checker) componentRef(id *syntax.Ident) *Component {
	if id == nil {
		return nil
	}
	comp := c.p.CompByName[id.Name]
	if comp == nil {
		c.err(id, "E-unknown-component", "unknown component "+q(id.Name)+didYouMean(id.Name, sortedKeys(c.p.CompByName)))
		return nil
	}
	c.use(id, Ref{Kind: RefComponent, Def: comp.Decl.Name, Decl: comp.Decl})
	return comp
}
