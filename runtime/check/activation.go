package check

import (
	"revl.dev/debug/runtime/syntax"
)

// compState is what the checker learns about one component while walking
// its activation body.
type compState struct {
	c *Component
	// cfg is the first config step anywhere at the top of the body, even a
	// misplaced one (reported), so that `config.f` still resolves.
	cfg          *syntax.ConfigStmt
	cfgFields    map[string]*syntax.ConfigField // nil until the first field
	firstProvide *syntax.ProvideStmt
	provided     map[string]*syntax.ProvideStmt // nil until the first provide
}

// state is comp's compState.
func (c *checker) state(comp *Component) *compState { return &c.comps[comp.DeclIndex] }

// prepareComponents finds each component's config step before any body
// is walked: lifecycle tests (`load C with {...}`) need it too.
func (c *checker) prepareComponents() {
	c.comps = make([]compState, len(c.p.Components))
	for i, comp := range c.p.Components {
		cs := &c.comps[i]
		cs.c = comp
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
					if cs.cfgFields == nil {
						cs.cfgFields = map[string]*syntax.ConfigField{}
					}
					cs.cfgFields[f.Name.Name] = f
				}
			}
		}
	}
}

// activation checks a component body and then that every provided key was
// published.
func (c *checker) activation(cs *compState) {
	d := cs.c.Decl
	if d.Body != nil {
		c.stmts(&body{kind: inActivation, comp: cs}, c.newScope(nil), d.Body.Stmts)
	}
	for _, k := range cs.c.Provides {
		if cs.provided[k.Name] == nil {
			c.err(k.Binding.Key, "E-provide-missing", "component "+q(cs.c.Name)+" declares 'provides "+k.Name+
				"' but no 'provide "+k.Name+" { ... }' step publishes it; add one to the body")
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
		c.expr(&body{kind: inHelper}, c.newScope(nil), f.Default)
	}
}
