package check

import (
	"revl.dev/debug/runtime/syntax"
)

// load checks `load C [with { f: v }]` against C's config fields.
func (c *checker) load(b *body, sc *scope, s *syntax.LoadStmt) {
	c.configValues(b, sc, s.Component, s.With, "'load "+nameOf(s.Component)+"'")
}

// configValues checks the config values `with { f: v }` given to component
// id (by a load or a fault test, named by what) against its config fields.
func (c *checker) configValues(b *body, sc *scope, id *syntax.Ident, with *syntax.RecordLit, what string) {
	comp := c.componentRef(id)
	var cs *compState
	if comp != nil {
		cs = c.state(comp)
	}
	given := map[string]*syntax.FieldInit{}
	if with != nil {
		for _, f := range with.Fields {
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
					c.didYouMean(f.Name.Name, sortedKeys(cs.cfgFields)), c.at(cs.cfg, "config of %s", q(comp.Name)))
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
		c.err(id, "E-config-missing", what+" gives no value for config field "+q(f.Name.Name)+
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
		c.err(id, "E-unknown-component", "unknown component "+q(id.Name)+c.didYouMean(id.Name, sortedKeys(c.p.CompByName)))
		return nil
	}
	c.use(id, Ref{Kind: RefComponent, Def: comp.Decl.Name, Decl: comp.Decl})
	return comp
}

// faultTest checks a fault test (spec §9): its component and config, one
// `fail at` naming a real step or effect binding, and at least one assert.
func (c *checker) faultTest(d *syntax.TestDecl) {
	c.configValues(&body{kind: inLifecycle}, c.newScope(nil), d.For, d.With, "fault test "+q(testName(d)))
	var comp *Component
	if d.For != nil {
		comp = c.p.CompByName[d.For.Name]
	}
	var fail *syntax.FaultFailStmt
	asserts, bad := 0, false
	seen := map[syntax.FaultCheck]*syntax.FaultAssertStmt{}
	for _, s := range d.Body.Stmts {
		switch s := s.(type) {
		case *syntax.FaultFailStmt:
			if fail != nil {
				c.err(s, "E-fault-clauses", "a fault test has exactly one 'fail at' clause; this is a second one",
					c.at(fail, "the first 'fail at'"))
				continue
			}
			fail = s
			if comp != nil {
				c.faultPoint(comp, s)
			}
		case *syntax.BadStmt:
			bad = true // reported by the parser; the counts below would only echo it
		case *syntax.FaultAssertStmt:
			asserts++
			if first := seen[s.Check]; first != nil {
				c.err(s, "E-duplicate", "'assert "+s.Check.String()+"' is already stated in this fault test",
					c.at(first, "first 'assert %s'", s.Check))
			} else {
				seen[s.Check] = s
			}
		}
	}
	if bad {
		return
	}
	if fail == nil {
		c.err(d.Name, "E-fault-clauses", "fault test "+q(testName(d))+" says nowhere where the failure strikes: "+
			"add 'fail at step N' or 'fail at effect NAME'")
	}
	if asserts == 0 {
		c.err(d.Name, "E-fault-clauses", "fault test "+q(testName(d))+" asserts nothing: add at least one of "+
			"'assert failed', 'assert no residue', 'assert no emissions', 'assert inverses lifo', 'assert siblings unaffected'")
	}
}

// faultPoint checks that `fail at step N` is a top-level step of comp
// (1-based) and `fail at effect NAME` one of its `let NAME = effect` steps.
func (c *checker) faultPoint(comp *Component, s *syntax.FaultFailStmt) {
	var steps []syntax.Stmt
	if comp.Decl.Body != nil {
		steps = comp.Decl.Body.Stmts
	}
	decl := c.at(comp.Decl.Name, "component %s is declared here", q(comp.Name))
	if s.Step != nil {
		if n := s.Step.Value; n < 1 || n > int64(len(steps)) {
			c.err(s.Step, "E-fault-step", "component "+q(comp.Name)+" has "+plural(len(steps), "step")+
				", so there is no step "+s.Step.Raw+" (steps are its top-level body steps, counted from 1)", decl)
		}
		return
	}
	if s.Effect == nil {
		return
	}
	var names []string
	for _, st := range steps {
		if e, ok := st.(*syntax.EffectStmt); ok && e != nil && e.Name != nil {
			if e.Name.Name == s.Effect.Name {
				c.use(s.Effect, Ref{Kind: RefLocal, Def: e.Name, Decl: e})
				return
			}
			names = append(names, e.Name.Name)
		}
	}
	msg := "component " + q(comp.Name) + " has no 'let " + s.Effect.Name + " = effect ...' step"
	if len(names) == 0 {
		msg += " (it binds no effect)"
	} else {
		msg += "; its effect bindings are " + list(names)
	}
	c.err(s.Effect, "E-fault-effect", msg, decl)
}

func testName(d *syntax.TestDecl) string {
	if d.Name == nil {
		return ""
	}
	return d.Name.Value
}
