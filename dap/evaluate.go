package dap

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Expressions of conditions, log messages, hovers and the debug console: a
// subset of revl's expression syntax over the values a frame shows.
// Names are the frame's locals (and `config`); `$`-names describe the
// position: $decision (index, from 0), $tick, $time (virtual ms), $atom,
// $fiber, $seed, $choices, $ready, $emissions, $state (a record of fiber
// states). Literals, `.field`, `[index]`, `.len`, unary `! -`, binary
// `* / % + - < <= > >= == != && || ??` and parentheses work as in revl.

type expr interface{}

type (
	litE   struct{ v any }
	nameE  struct{ name string }
	fieldE struct {
		x    expr
		name string
	}
	indexE struct{ x, i expr }
	unaryE struct {
		op string
		x  expr
	}
	binE struct {
		op   string
		x, y expr
	}
)

// scope resolves names.
type scope func(name string) (any, bool)

func parseExpr(src string) (expr, error) {
	p := &eparser{toks: lex(src)}
	if len(p.toks) == 0 {
		return nil, errors.New("empty expression")
	}
	e, err := p.binary(0)
	if err != nil {
		return nil, err
	}
	if p.i < len(p.toks) {
		return nil, fmt.Errorf("unexpected %q", p.toks[p.i])
	}
	return e, nil
}

// lex splits an expression into tokens: names ($ allowed first),
// numbers, strings, and operators.
func lex(s string) []string {
	var out []string
	ops := []string{"===", "!==", "==", "!=", "<=", ">=", "&&", "||", "??", "<", ">", "!", "-", "+", "*", "/", "%", ".", "[", "]", "(", ")", ","}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				out = append(out, s[i:])
				return out
			}
			out = append(out, s[i:i+j+2])
			i += j + 2
		case c == '$' || isIdent(c):
			j := i + 1
			for j < len(s) && isIdent(s[j]) {
				j++
			}
			// A number with a fraction: 1.5
			if c >= '0' && c <= '9' && j < len(s) && s[j] == '.' && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9' {
				j++
				for j < len(s) && isIdent(s[j]) {
					j++
				}
			}
			out = append(out, s[i:j])
			i = j
		default:
			matched := false
			for _, op := range ops {
				if strings.HasPrefix(s[i:], op) {
					out = append(out, op)
					i += len(op)
					matched = true
					break
				}
			}
			if !matched {
				out = append(out, string(c))
				i++
			}
		}
	}
	return out
}

type eparser struct {
	toks []string
	i    int
}

func (p *eparser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

var precedence = map[string]int{
	"||": 1, "??": 1, "&&": 2,
	"==": 3, "!=": 3, "===": 3, "!==": 3,
	"<": 4, "<=": 4, ">": 4, ">=": 4,
	"+": 5, "-": 5, "*": 6, "/": 6, "%": 6,
}

func (p *eparser) binary(min int) (expr, error) {
	x, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		op := p.peek()
		prec, ok := precedence[op]
		if !ok || prec <= min {
			return x, nil
		}
		p.i++
		y, err := p.binary(prec)
		if err != nil {
			return nil, err
		}
		switch op {
		case "===":
			op = "=="
		case "!==":
			op = "!="
		}
		x = binE{op, x, y}
	}
}

func (p *eparser) unary() (expr, error) {
	if op := p.peek(); op == "!" || op == "-" {
		p.i++
		x, err := p.unary()
		return unaryE{op, x}, err
	}
	x, err := p.primary()
	if err != nil {
		return nil, err
	}
	for {
		switch p.peek() {
		case ".":
			p.i++
			name := p.peek()
			if name == "" || !isIdent(name[0]) {
				return nil, fmt.Errorf("expected a field name after '.'")
			}
			p.i++
			x = fieldE{x, name}
		case "[":
			p.i++
			i, err := p.binary(0)
			if err != nil {
				return nil, err
			}
			if p.peek() != "]" {
				return nil, fmt.Errorf("expected ']'")
			}
			p.i++
			x = indexE{x, i}
		default:
			return x, nil
		}
	}
}

func (p *eparser) primary() (expr, error) {
	t := p.peek()
	if t == "" {
		return nil, errors.New("unexpected end of expression")
	}
	p.i++
	switch {
	case t == "(":
		x, err := p.binary(0)
		if err != nil {
			return nil, err
		}
		if p.peek() != ")" {
			return nil, errors.New("expected ')'")
		}
		p.i++
		return x, nil
	case t[0] == '"':
		if len(t) < 2 || t[len(t)-1] != '"' {
			return nil, errors.New("unterminated string")
		}
		return litE{t[1 : len(t)-1]}, nil
	case t[0] >= '0' && t[0] <= '9':
		if n, err := strconv.ParseInt(t, 10, 64); err == nil {
			return litE{n}, nil
		}
		if f, err := strconv.ParseFloat(t, 64); err == nil {
			return litE{f}, nil
		}
		return nil, fmt.Errorf("bad number %q", t)
	case t == "true":
		return litE{true}, nil
	case t == "false":
		return litE{false}, nil
	case t == "null":
		return litE{nullV{}}, nil
	case t == "None":
		return litE{&ctorV{name: "None"}}, nil
	case t[0] == '$' || isIdent(t[0]):
		return nameE{t}, nil
	}
	return nil, fmt.Errorf("unexpected %q", t)
}

// eval evaluates x in sc.
func eval(x expr, sc scope) (any, error) {
	switch x := x.(type) {
	case litE:
		return x.v, nil
	case nameE:
		if v, ok := sc(x.name); ok {
			return v, nil
		}
		return nil, fmt.Errorf("%s is not in scope", x.name)
	case fieldE:
		v, err := eval(x.x, sc)
		if err != nil {
			return nil, err
		}
		if r, ok := v.(*record); ok {
			for i, n := range r.names {
				if n == x.name {
					return r.vals[i], nil
				}
			}
			return nil, fmt.Errorf("no field %s", x.name)
		}
		if x.name == "len" {
			switch v := v.(type) {
			case []any:
				return int64(len(v)), nil
			case string:
				return int64(len(v)), nil
			}
		}
		return nil, fmt.Errorf("%s has no field %s", typeName(v), x.name)
	case indexE:
		v, err := eval(x.x, sc)
		if err != nil {
			return nil, err
		}
		i, err := eval(x.i, sc)
		if err != nil {
			return nil, err
		}
		xs, ok := v.([]any)
		n, ok2 := i.(int64)
		if !ok || !ok2 {
			return nil, fmt.Errorf("cannot index %s with %s", typeName(v), typeName(i))
		}
		if n < 0 || n >= int64(len(xs)) {
			return nil, fmt.Errorf("index %d out of range [0, %d)", n, len(xs))
		}
		return xs[n], nil
	case unaryE:
		v, err := eval(x.x, sc)
		if err != nil {
			return nil, err
		}
		switch v := v.(type) {
		case bool:
			if x.op == "!" {
				return !v, nil
			}
		case int64:
			if x.op == "-" {
				return -v, nil
			}
		case float64:
			if x.op == "-" {
				return -v, nil
			}
		}
		return nil, fmt.Errorf("cannot apply %s to %s", x.op, typeName(v))
	case binE:
		return evalBin(x, sc)
	}
	return nil, errors.New("bad expression")
}

func evalBin(x binE, sc scope) (any, error) {
	a, err := eval(x.x, sc)
	if err != nil {
		return nil, err
	}
	switch x.op {
	case "&&", "||":
		ab, ok := a.(bool)
		if !ok {
			return nil, fmt.Errorf("%s needs Bool, got %s", x.op, typeName(a))
		}
		if x.op == "&&" && !ab || x.op == "||" && ab {
			return ab, nil
		}
		b, err := eval(x.y, sc)
		if err != nil {
			return nil, err
		}
		if _, ok := b.(bool); !ok {
			return nil, fmt.Errorf("%s needs Bool, got %s", x.op, typeName(b))
		}
		return b, nil
	case "??":
		if c, ok := a.(*ctorV); ok && c.name == "None" || a == (nullV{}) {
			return eval(x.y, sc)
		}
		if c, ok := a.(*ctorV); ok && c.name == "Some" && len(c.args) == 1 {
			return c.args[0], nil
		}
		return a, nil
	}
	b, err := eval(x.y, sc)
	if err != nil {
		return nil, err
	}
	switch x.op {
	case "==":
		return renderNum(a) == renderNum(b), nil
	case "!=":
		return renderNum(a) != renderNum(b), nil
	case "+":
		if sa, ok := a.(string); ok {
			return sa + display(b), nil
		}
		if sb, ok := b.(string); ok {
			return display(a) + sb, nil
		}
	}
	af, aInt, aok := number(a)
	bf, bInt, bok := number(b)
	if !aok || !bok {
		if sa, ok := a.(string); ok {
			if sb, ok := b.(string); ok {
				switch x.op {
				case "<":
					return sa < sb, nil
				case "<=":
					return sa <= sb, nil
				case ">":
					return sa > sb, nil
				case ">=":
					return sa >= sb, nil
				}
			}
		}
		return nil, fmt.Errorf("cannot apply %s to %s and %s", x.op, typeName(a), typeName(b))
	}
	ints := aInt && bInt
	switch x.op {
	case "<":
		return af < bf, nil
	case "<=":
		return af <= bf, nil
	case ">":
		return af > bf, nil
	case ">=":
		return af >= bf, nil
	case "+":
		return numResult(af+bf, ints), nil
	case "-":
		return numResult(af-bf, ints), nil
	case "*":
		return numResult(af*bf, ints), nil
	case "/":
		if bf == 0 {
			return nil, errors.New("division by zero")
		}
		if ints {
			return int64(af) / int64(bf), nil
		}
		return af / bf, nil
	case "%":
		if bf == 0 {
			return nil, errors.New("division by zero")
		}
		if ints {
			return int64(af) % int64(bf), nil
		}
		return math.Mod(af, bf), nil
	}
	return nil, fmt.Errorf("unknown operator %s", x.op)
}

// renderNum renders for equality, with 1 == 1.0 as in revl.
func renderNum(v any) string {
	if f, _, ok := number(v); ok {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return renderValue(v)
}

func number(v any) (float64, bool, bool) {
	switch v := v.(type) {
	case int64:
		return float64(v), true, true
	case float64:
		return v, false, true
	}
	return 0, false, false
}

func numResult(f float64, ints bool) any {
	if ints {
		return int64(f)
	}
	return f
}

// display is the text a template inserts: strings bare.
func display(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return renderValue(v)
}

func truthy(v any) bool {
	b, ok := v.(bool)
	return ok && b
}

// interpolate expands `{expr}` in a log message.
func interpolate(msg string, sc scope) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '{')
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		j := strings.IndexByte(msg[i:], '}')
		if j < 0 {
			b.WriteString(msg)
			return b.String()
		}
		b.WriteString(msg[:i])
		src := msg[i+1 : i+j]
		x, err := parseExpr(src)
		var v any
		if err == nil {
			v, err = eval(x, sc)
		}
		if err != nil {
			b.WriteString("<" + err.Error() + ">")
		} else {
			b.WriteString(display(v))
		}
		msg = msg[i+j+1:]
	}
}
