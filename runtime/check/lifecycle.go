package check

import (
	"revl.dev/debug/runtime/syntax"
)

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
		c.err(id, "E-unknown-component", "unknown component "+q(id.Name)+c.didYouMean(id.Name, sortedKeys(c.p.CompByName)))
		return nil
	}
	c.use(id, Ref{Kind: RefComponent, Def: comp.Decl.Name, Decl: comp.Decl})
	return comp
}
