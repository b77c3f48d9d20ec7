package dap

import (
	"strconv"
	"strings"
)

// The runtime shows locals as rendered text (runtime.Var); conditions,
// log messages and evaluate need values. parseValue reads the rendering
// back: Int, Float, Str, Bool, (), null, lists, records, None/Some/Ok/Err,
// union constructors, and opaque tokens (host handles `map#1`, closures
// `<fn m>`). A runtime API that evaluates an expression in a frame
// (docs/dap.md, requests) would make this unnecessary.

type (
	unitV   struct{}
	nullV   struct{}
	opaqueV string // a handle or a closure: compared by its text
	record  struct {
		names []string
		vals  []any
	}
	ctorV struct {
		name string
		args []any
	}
)

// parseValue parses a rendered value; text it cannot read is opaque.
func parseValue(s string) any {
	p := &vparser{s: s}
	v, ok := p.value()
	p.ws()
	if !ok || p.i != len(p.s) {
		return opaqueV(s)
	}
	return v
}

type vparser struct {
	s string
	i int
}

func (p *vparser) ws() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *vparser) eat(tok string) bool {
	p.ws()
	if strings.HasPrefix(p.s[p.i:], tok) {
		p.i += len(tok)
		return true
	}
	return false
}

// items parses `v, v, ...` up to close.
func (p *vparser) items(close string) ([]any, bool) {
	var out []any
	if p.eat(close) {
		return out, true
	}
	for {
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		out = append(out, v)
		if p.eat(close) {
			return out, true
		}
		if !p.eat(",") {
			return nil, false
		}
	}
}

func (p *vparser) value() (any, bool) {
	p.ws()
	if p.i >= len(p.s) {
		return nil, false
	}
	switch c := p.s[p.i]; {
	case c == '"':
		// Strings have no escapes, and a template can put quotes inside one:
		// the closing quote is the first one followed by a delimiter.
		for j := p.i + 1; j < len(p.s); j++ {
			if p.s[j] == '"' && (j+1 == len(p.s) || strings.ContainsRune(",]})", rune(p.s[j+1]))) {
				v := p.s[p.i+1 : j]
				p.i = j + 1
				return v, true
			}
		}
		return nil, false
	case c == '[':
		p.i++
		xs, ok := p.items("]")
		if xs == nil {
			xs = []any{}
		}
		return xs, ok
	case c == '{':
		p.i++
		r := &record{}
		if p.eat("}") {
			return r, true
		}
		for {
			p.ws()
			j := p.i
			for j < len(p.s) && isIdent(p.s[j]) {
				j++
			}
			if j == p.i {
				return nil, false
			}
			name := p.s[p.i:j]
			p.i = j
			if !p.eat(":") {
				return nil, false
			}
			v, ok := p.value()
			if !ok {
				return nil, false
			}
			r.names, r.vals = append(r.names, name), append(r.vals, v)
			if p.eat("}") {
				return r, true
			}
			if !p.eat(",") {
				return nil, false
			}
		}
	case c == '(':
		if p.eat("()") {
			return unitV{}, true
		}
		return nil, false
	case c == '<':
		j := strings.IndexByte(p.s[p.i:], '>')
		if j < 0 {
			return nil, false
		}
		v := opaqueV(p.s[p.i : p.i+j+1])
		p.i += j + 1
		return v, true
	case c == '-' || c >= '0' && c <= '9':
		j := p.i + 1
		for j < len(p.s) {
			ch := p.s[j]
			if ch >= '0' && ch <= '9' || ch == '.' || ch == 'e' || ch == 'E' ||
				(ch == '+' || ch == '-') && (p.s[j-1] == 'e' || p.s[j-1] == 'E') {
				j++
				continue
			}
			break
		}
		lit := p.s[p.i:j]
		p.i = j
		if n, err := strconv.ParseInt(lit, 10, 64); err == nil {
			return n, true
		}
		if f, err := strconv.ParseFloat(lit, 64); err == nil {
			return f, true
		}
		return nil, false
	case isIdent(c):
		j := p.i
		for j < len(p.s) && (isIdent(p.s[j]) || p.s[j] == '#') {
			j++
		}
		word := p.s[p.i:j]
		p.i = j
		switch word {
		case "true":
			return true, true
		case "false":
			return false, true
		case "null":
			return nullV{}, true
		}
		if strings.Contains(word, "#") {
			return opaqueV(word), true
		}
		if p.i < len(p.s) && p.s[p.i] == '(' {
			p.i++
			args, ok := p.items(")")
			return &ctorV{word, args}, ok
		}
		return &ctorV{name: word}, true
	}
	return nil, false
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// renderValue writes a value the way the runtime does.
func renderValue(v any) string {
	var b strings.Builder
	writeV(&b, v)
	return b.String()
}

func writeV(b *strings.Builder, v any) {
	switch v := v.(type) {
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case float64:
		s := strconv.FormatFloat(v, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eEnN") {
			s += ".0"
		}
		b.WriteString(s)
	case string:
		b.WriteString(`"` + v + `"`)
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case unitV:
		b.WriteString("()")
	case nullV, nil:
		b.WriteString("null")
	case opaqueV:
		b.WriteString(string(v))
	case []any:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			writeV(b, x)
		}
		b.WriteByte(']')
	case *record:
		b.WriteByte('{')
		for i, n := range v.names {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(n + ": ")
			writeV(b, v.vals[i])
		}
		b.WriteByte('}')
	case *ctorV:
		b.WriteString(v.name)
		if len(v.args) > 0 {
			b.WriteByte('(')
			for i, x := range v.args {
				if i > 0 {
					b.WriteString(", ")
				}
				writeV(b, x)
			}
			b.WriteByte(')')
		}
	}
}

// children lists a structured value's parts, for the variables view.
func children(v any) (names []string, vals []any) {
	switch v := v.(type) {
	case []any:
		for i, x := range v {
			names = append(names, "["+strconv.Itoa(i)+"]")
			vals = append(vals, x)
		}
	case *record:
		return v.names, v.vals
	case *ctorV:
		for i, x := range v.args {
			names = append(names, strconv.Itoa(i))
			vals = append(vals, x)
		}
	}
	return names, vals
}

func typeName(v any) string {
	switch v := v.(type) {
	case int64:
		return "Int"
	case float64:
		return "Float"
	case string:
		return "Str"
	case bool:
		return "Bool"
	case unitV:
		return "Unit"
	case nullV, nil:
		return "null"
	case []any:
		return "List"
	case *record:
		return "record"
	case *ctorV:
		switch v.name {
		case "Some", "None":
			return "Opt"
		case "Ok", "Err":
			return "Result"
		}
		return v.name
	}
	return "handle"
}
