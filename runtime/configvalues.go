package runtime

import (
	"fmt"
	"strconv"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// ConfigValue is one config field given from outside the program, as text:
// `--config Store.url=pg://x` on the command line, the `config` attribute
// of a debug launch. Activations without `load C with {...}` use these
// values (schedule sweeps, the debugger); a lifecycle test's `with` wins
// over them, field by field.
type ConfigValue struct {
	Component, Field, Text string
}

// ParseConfigValue reads `Component.field=value`.
func ParseConfigValue(s string) (ConfigValue, error) {
	for i := 0; i < len(s); i++ {
		if s[i] == '=' {
			lhs, text := s[:i], s[i+1:]
			for j := 0; j < len(lhs); j++ {
				if lhs[j] == '.' && j > 0 && j < len(lhs)-1 {
					return ConfigValue{Component: lhs[:j], Field: lhs[j+1:], Text: text}, nil
				}
			}
			break
		}
	}
	return ConfigValue{}, fmt.Errorf("config %q: want Component.field=value, e.g. Store.url=pg://x", s)
}

// configRecords turns the given values into one record per fiber (nil
// where none is given), each field converted to its declared type: Str
// takes the text as it is, Int, Float and Bool parse it.
func configRecords(p *check.Program, given []ConfigValue) ([]*vRecord, error) {
	if len(given) == 0 {
		return nil, nil
	}
	out := make([]*vRecord, len(p.LoadOrder))
	for _, g := range given {
		c := p.CompByName[g.Component]
		if c == nil {
			return nil, fmt.Errorf("config %s.%s: no component %q", g.Component, g.Field, g.Component)
		}
		var fld *syntax.ConfigField
		if c.Config != nil {
			for _, f := range c.Config.Fields {
				if f != nil && f.Name != nil && f.Name.Name == g.Field {
					fld = f
				}
			}
		}
		if fld == nil {
			return nil, fmt.Errorf("config %s.%s: component %s has no config field %q", g.Component, g.Field, g.Component, g.Field)
		}
		v, err := configValue(fld.Type, g.Text)
		if err != nil {
			return nil, fmt.Errorf("config %s.%s=%s: %v", g.Component, g.Field, g.Text, err)
		}
		r := out[c.LoadIndex]
		if r == nil {
			r = emptyRecord
		}
		out[c.LoadIndex] = r.with(g.Field, v)
	}
	return out, nil
}

func configValue(t syntax.TypeExpr, text string) (value, error) {
	name := ""
	if n, ok := t.(*syntax.NamedType); ok && n != nil && n.Name != nil && len(n.Args) == 0 {
		name = n.Name.Name
	}
	switch name {
	case "Str":
		return vStr(text), nil
	case "Int":
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("want an Int")
		}
		return vInt(n), nil
	case "Float":
		x, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return nil, fmt.Errorf("want a Float")
		}
		return vFloat(x), nil
	case "Bool":
		switch text {
		case "true":
			return trueV, nil
		case "false":
			return boolV(false), nil
		}
		return nil, fmt.Errorf("want true or false")
	}
	return nil, fmt.Errorf("only Str, Int, Float and Bool fields can be given from outside the program")
}

// MissingConfig lists, per component of p in load order, the config fields
// that have no default and no value among given: the components a schedule
// cannot activate. Each entry is `Component.field`.
func MissingConfig(p *check.Program, given []ConfigValue) []string {
	var out []string
	for _, c := range p.LoadOrder {
		if c.Config == nil {
			continue
		}
		for _, f := range c.Config.Fields {
			if f == nil || f.Name == nil || f.Default != nil {
				continue
			}
			found := false
			for _, g := range given {
				found = found || g.Component == c.Name && g.Field == f.Name.Name
			}
			if !found {
				out = append(out, c.Name+"."+f.Name.Name)
			}
		}
	}
	return out
}
