package check

// The names every scope can see without a declaration. The checker resolves
// names against these and the runtime implements exactly these, so the two
// cannot drift apart.

// HostClasses are the host resource classes of spec §5 and their static
// constructors. Operations on a created resource are listed in
// HostMethods.
var HostClasses = map[string][]string{
	"Map":  {"new"},
	"Pool": {"open"},
	"Job":  {"run"},
}

// HostMethods lists the operations on a live host resource, by class.
var HostMethods = map[string][]string{
	"Map":  {"get", "insert", "remove", "len", "drop"},
	"Pool": {"query", "execute", "close"},
	"Job":  {"cancel"},
}

// BuiltinCtors are the constructors of the built-in Opt and Result types,
// with their arity.
var BuiltinCtors = map[string]int{
	"Some": 1,
	"None": 0,
	"Ok":   1,
	"Err":  1,
}

// BuiltinTypes are the type names of spec §2 that need no declaration, with
// the number of type arguments each takes.
var BuiltinTypes = map[string]int{
	"Str": 0, "Int": 0, "Float": 0, "Bool": 0, "Unit": 0,
	"List": 1, "Opt": 1, "Map": 2, "Result": 2,
}

// builtinArity is BuiltinTypes[name] by a switch: every written type asks
// it, and both passes hashed the name for it.
func builtinArity(name string) (int, bool) {
	switch name {
	case "Str", "Int", "Float", "Bool", "Unit":
		return 0, true
	case "List", "Opt":
		return 1, true
	case "Map", "Result":
		return 2, true
	}
	return 0, false
}

// ValueMethods are the methods the runtime offers on plain values, by the
// value's kind; the checker cannot know a value's kind without types, so it
// accepts any of these names after a dot and the runtime reports a wrong
// one as an evaluation error.
var ValueMethods = map[string][]string{
	"Str":  {"len", "upper", "lower", "contains", "startsWith", "split", "trim"},
	"List": {"len", "map", "filter", "contains", "push", "first", "isEmpty"},
	"Opt":  {"isSome", "isNone", "unwrapOr"},
}

// HostStaticArity is the number of arguments each static constructor of
// HostClasses takes (`Pool.open(url, size)`), so the checker reports a
// wrong count before the runtime has to.
var HostStaticArity = map[string]map[string]int{
	"Map":  {"new": 0},
	"Pool": {"open": 2},
	"Job":  {"run": 1},
}
