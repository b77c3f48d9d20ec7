package runtime

import (
	"strings"
	"unicode/utf8"
)

// This file implements the operators and the built-in value methods of
// check.ValueMethods. Each returns a new value: nothing here changes a
// value in place.

func binary(op binop, x, y value) (value, *Error) {
	switch op {
	case bEq:
		return boolV(equal(x, y)), nil
	case bNe:
		return boolV(!equal(x, y)), nil
	}
	if op == bAdd {
		if xs, ok := x.(*vList); ok {
			if ys, ok := y.(*vList); ok {
				out := make([]value, 0, len(xs.elems)+len(ys.elems))
				return &vList{elems: append(append(out, xs.elems...), ys.elems...)}, nil
			}
		}
		// + with a Str on either side concatenates display text, as a
		// template would.
		_, xs := x.(vStr)
		_, ys := y.(vStr)
		if xs || ys {
			return vStr(display(x) + display(y)), nil
		}
	}
	if a, ok := x.(vInt); ok {
		if b, ok := y.(vInt); ok {
			return intOp(op, a, b)
		}
	}
	if a, b, ok := floats(x, y); ok {
		return floatOp(op, a, b)
	}
	if a, ok := x.(vStr); ok && op.isComparison() {
		if b, ok := y.(vStr); ok {
			return boolV(compare(op, strings.Compare(string(a), string(b)))), nil
		}
	}
	return nil, rtErr(KindEval, "cannot apply %s to %s and %s", binopNames[op], kindName(x), kindName(y))
}

func intOp(op binop, a, b vInt) (value, *Error) {
	switch op {
	case bAdd:
		return a + b, nil
	case bSub:
		return a - b, nil
	case bMul:
		return a * b, nil
	case bDiv, bMod:
		if b == 0 {
			return nil, rtErr(KindEval, "division by zero")
		}
		if op == bDiv {
			return a / b, nil
		}
		return a % b, nil
	}
	c := 0
	if a < b {
		c = -1
	} else if a > b {
		c = 1
	}
	return boolV(compare(op, c)), nil
}

func floats(x, y value) (float64, float64, bool) {
	num := func(v value) (float64, bool) {
		switch v := v.(type) {
		case vInt:
			return float64(v), true
		case vFloat:
			return float64(v), true
		}
		return 0, false
	}
	a, ok1 := num(x)
	b, ok2 := num(y)
	return a, b, ok1 && ok2
}

func floatOp(op binop, a, b float64) (value, *Error) {
	switch op {
	case bAdd:
		return vFloat(a + b), nil
	case bSub:
		return vFloat(a - b), nil
	case bMul:
		return vFloat(a * b), nil
	case bDiv:
		if b == 0 {
			return nil, rtErr(KindEval, "division by zero")
		}
		return vFloat(a / b), nil
	case bMod:
		return nil, rtErr(KindEval, "%% needs Int operands")
	}
	c := 0
	if a < b {
		c = -1
	} else if a > b {
		c = 1
	}
	return boolV(compare(op, c)), nil
}

func compare(op binop, c int) bool {
	switch op {
	case bLt:
		return c < 0
	case bGt:
		return c > 0
	case bLe:
		return c <= 0
	}
	return c >= 0 // bGe
}

func field(x value, name string) (value, *Error) {
	r, ok := x.(*vRecord)
	if !ok {
		return nil, rtErr(KindEval, "cannot read field %s of %s", name, kindName(x))
	}
	v, ok := r.field(name)
	if !ok {
		return nil, rtErr(KindEval, "record %s has no field %s", render(x), name)
	}
	return v, nil
}

func listIndex(xs *vList, i value) (int, *Error) {
	n, ok := i.(vInt)
	if !ok {
		return 0, rtErr(KindEval, "a list index must be Int, got %s", kindName(i))
	}
	if n < 0 || int(n) >= len(xs.elems) {
		return 0, rtErr(KindEval, "index %d out of range [0, %d)", int64(n), len(xs.elems))
	}
	return int(n), nil
}

func index(x, i value) (value, *Error) {
	switch x := x.(type) {
	case *vList:
		n, err := listIndex(x, i)
		if err != nil {
			return nil, err
		}
		return x.elems[n], nil
	case *vRecord:
		if s, ok := i.(vStr); ok {
			return field(x, string(s))
		}
	case vStr:
		// The n-th rune, found without copying the string (a copy as
		// runes and a list to check the index against cost 20 bytes per
		// byte of the string).
		n, ok := i.(vInt)
		if !ok {
			return nil, rtErr(KindEval, "a list index must be Int, got %s", kindName(i))
		}
		count := vInt(0)
		for _, r := range string(x) {
			if count == n {
				return vStr(string(r)), nil
			}
			count++
		}
		return nil, rtErr(KindEval, "index %d out of range [0, %d)", int64(n), int64(count))
	}
	return nil, rtErr(KindEval, "cannot index %s with %s", kindName(x), kindName(i))
}

func setIndex(x, i, v value) (value, *Error) {
	switch x := x.(type) {
	case *vList:
		n, err := listIndex(x, i)
		if err != nil {
			return nil, err
		}
		out := append([]value(nil), x.elems...)
		out[n] = v
		return &vList{elems: out}, nil
	case *vRecord:
		if s, ok := i.(vStr); ok {
			return x.with(string(s), v), nil
		}
	}
	return nil, rtErr(KindEval, "cannot assign to an index of %s", kindName(x))
}

func construct(name string, args []value) (value, *Error) {
	switch name {
	case "Some":
		return vOpt{true, args[0]}, nil
	case "None":
		return none, nil
	case "Ok":
		return vResult{true, args[0]}, nil
	case "Err":
		return vResult{false, args[0]}, nil
	}
	return &vCtor{name: name, args: args}, nil
}

// isCtor reports whether v was built by constructor name with n arguments.
// None also matches null, so `match x { None => ... }` handles both.
func isCtor(v value, name string, n int) bool {
	switch v := v.(type) {
	case vOpt:
		return (name == "Some" && v.some) || (name == "None" && !v.some)
	case vNull:
		return name == "None"
	case vResult:
		return (name == "Ok" && v.ok) || (name == "Err" && !v.ok)
	case *vCtor:
		return v.name == name && len(v.args) == n
	}
	return false
}

func ctorArg(v value, i int) value {
	switch v := v.(type) {
	case vOpt:
		return v.v
	case vResult:
		return v.v
	case *vCtor:
		return v.args[i]
	}
	return nil
}

// valueMethod runs a method of check.ValueMethods other than map/filter,
// which need the VM (see Machine.method).
func valueMethod(recv value, name string, args []value) (value, *Error) {
	arity := func(n int) *Error {
		if len(args) != n {
			return rtErr(KindEval, "%s.%s takes %d argument(s), got %d", kindName(recv), name, n, len(args))
		}
		return nil
	}
	str := func(i int) (string, *Error) { return wantStr(kindName(recv)+"."+name, args[i]) }
	switch r := recv.(type) {
	case vStr:
		s := string(r)
		switch name {
		case "len", "upper", "lower", "trim":
			if err := arity(0); err != nil {
				return nil, err
			}
			switch name {
			case "len":
				return vInt(utf8.RuneCountInString(s)), nil
			case "upper":
				return vStr(strings.ToUpper(s)), nil
			case "lower":
				return vStr(strings.ToLower(s)), nil
			}
			return vStr(strings.TrimSpace(s)), nil
		case "contains", "startsWith", "split":
			if err := arity(1); err != nil {
				return nil, err
			}
			a, err := str(0)
			if err != nil {
				return nil, err
			}
			switch name {
			case "contains":
				return boolV(strings.Contains(s, a)), nil
			case "startsWith":
				return boolV(strings.HasPrefix(s, a)), nil
			}
			parts := strings.Split(s, a)
			out := make([]value, len(parts))
			for i, p := range parts {
				out[i] = vStr(p)
			}
			return &vList{elems: out}, nil
		}
	case *vList:
		switch name {
		case "len", "first", "isEmpty":
			if err := arity(0); err != nil {
				return nil, err
			}
			switch name {
			case "len":
				return vInt(len(r.elems)), nil
			case "isEmpty":
				return boolV(len(r.elems) == 0), nil
			}
			if len(r.elems) == 0 {
				return none, nil
			}
			return vOpt{true, r.elems[0]}, nil
		case "contains", "push":
			if err := arity(1); err != nil {
				return nil, err
			}
			if name == "push" {
				out := make([]value, len(r.elems), len(r.elems)+1)
				copy(out, r.elems)
				return &vList{elems: append(out, args[0])}, nil
			}
			for _, e := range r.elems {
				if equal(e, args[0]) {
					return trueV, nil
				}
			}
			return falseV, nil
		}
	case vOpt, vNull:
		some, v := false, value(nil)
		if o, ok := r.(vOpt); ok {
			some, v = o.some, o.v
		}
		switch name {
		case "isSome", "isNone":
			if err := arity(0); err != nil {
				return nil, err
			}
			return boolV(some == (name == "isSome")), nil
		case "unwrapOr":
			if err := arity(1); err != nil {
				return nil, err
			}
			if some {
				return v, nil
			}
			return args[0], nil
		}
	}
	return nil, rtErr(KindEval, "%s has no method %s", kindName(recv), name)
}
