package check

import (
	"strings"

	"revl.dev/debug/runtime/syntax"
)

// Static types (spec §2). The type pass runs after the name pass and only
// reports type errors: it reads what names resolved to from Program.Uses,
// infers the type of every expression locally (no inference across
// declarations: a helper without `-> T` has an unknown result), and
// treats anything it cannot know as the unknown type, which agrees with
// every type. An error is reported only where both sides are known, so a
// program the runtime runs is never refused for what the pass cannot see.

// TypeKind tells the kinds of type apart.
type TypeKind uint8

const (
	TUnknown TypeKind = iota // anything: what the pass cannot know agrees with every type
	TStr
	TInt
	TFloat
	TBool
	TUnit
	TList   // List[Args[0]]
	TMap    // Map[Args[0], Args[1]]; also a host Map from Map.new()
	TOpt    // Opt[Args[0]], also written Args[0]?
	TResult // Result[Args[0], Args[1]]
	TRecord // Fields; Name when declared
	TUnion  // a declared union: Name, Cases
	TPool   // a host Pool from Pool.open
	TJob    // a host Job from Job.run
)

// Type is a static type. Types are immutable once built.
type Type struct {
	Kind   TypeKind
	Args   []*Type
	Name   string      // a declared record's or union's name
	Fields []TypeField // records, in declaration order
	Cases  []TypeCase  // unions, in declaration order
}

// TypeField is one field of a record type.
type TypeField struct {
	Name string
	Type *Type
}

// TypeCase is one case of a union type.
type TypeCase struct {
	Name string
	Args []*Type
}

var (
	unknownT = &Type{Kind: TUnknown}
	strT     = &Type{Kind: TStr}
	intT     = &Type{Kind: TInt}
	floatT   = &Type{Kind: TFloat}
	boolT    = &Type{Kind: TBool}
	unitT    = &Type{Kind: TUnit}
	poolT    = &Type{Kind: TPool}
	jobT     = &Type{Kind: TJob}
	// newMapT is what every Map.new() gives; types are never changed once
	// made, so all of them share it (one per call was 5 MB of a
	// 50,000-component check).
	newMapT = mapOf(unknownT, unknownT)
)

func listOf(t *Type) *Type   { return &Type{Kind: TList, Args: []*Type{t}} }
func optOf(t *Type) *Type    { return &Type{Kind: TOpt, Args: []*Type{t}} }
func mapOf(k, v *Type) *Type { return &Type{Kind: TMap, Args: []*Type{k, v}} }

func (t *Type) arg(i int) *Type {
	if t == nil || i >= len(t.Args) || t.Args[i] == nil {
		return unknownT
	}
	return t.Args[i]
}

// Known reports whether t is a type the pass knows (not the unknown type).
func (t *Type) Known() bool { return t != nil && t.Kind != TUnknown }

func (t *Type) numeric() bool { return t.Kind == TInt || t.Kind == TFloat }

// String renders t as revl writes it: `Int`, `List[Str]`, `Opt[Row]`,
// `{id: Int}`; the unknown type is `?`.
func (t *Type) String() string {
	if t == nil {
		return "?"
	}
	switch t.Kind {
	case TStr:
		return "Str"
	case TInt:
		return "Int"
	case TFloat:
		return "Float"
	case TBool:
		return "Bool"
	case TUnit:
		return "Unit"
	case TList:
		return "List[" + t.arg(0).String() + "]"
	case TMap:
		return "Map[" + t.arg(0).String() + ", " + t.arg(1).String() + "]"
	case TOpt:
		return "Opt[" + t.arg(0).String() + "]"
	case TResult:
		return "Result[" + t.arg(0).String() + ", " + t.arg(1).String() + "]"
	case TPool:
		return "Pool"
	case TJob:
		return "Job"
	case TUnion:
		return t.Name
	case TRecord:
		if t.Name != "" {
			return t.Name
		}
		parts := make([]string, len(t.Fields))
		for i, f := range t.Fields {
			parts[i] = f.Name + ": " + f.Type.String()
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return "?"
}

func (t *Type) field(name string) (*Type, bool) {
	for _, f := range t.Fields {
		if f.Name == name {
			return f.Type, true
		}
	}
	return nil, false
}

// assignable reports whether a value of type got may stand where want is
// expected. The unknown type agrees with everything; an Int may stand for
// a Float (the runtime mixes them).
func assignable(want, got *Type) bool {
	if !want.Known() || !got.Known() {
		return true
	}
	if want.Kind == TFloat && got.Kind == TInt {
		return true
	}
	if want.Kind != got.Kind {
		return false
	}
	switch want.Kind {
	case TList, TMap, TOpt, TResult:
		for i := range max(len(want.Args), len(got.Args)) {
			if !assignable(want.arg(i), got.arg(i)) {
				return false
			}
		}
	case TUnion:
		return want.Name == got.Name
	case TRecord:
		if want.Name != "" && got.Name != "" {
			return want.Name == got.Name
		}
		if len(want.Fields) != len(got.Fields) {
			return false
		}
		for _, f := range want.Fields {
			g, ok := got.field(f.Name)
			if !ok || !assignable(f.Type, g) {
				return false
			}
		}
	}
	return true
}

// join is the type of a value that is either a or b (ternary branches,
// list elements, match arms): the more known of the two when they agree,
// else unknown. ok is false when both are known and disagree.
func join(a, b *Type) (*Type, bool) {
	switch {
	case !a.Known():
		return b, true
	case !b.Known():
		return a, true
	case a.numeric() && b.numeric() && a.Kind != b.Kind:
		return floatT, true
	case assignable(a, b) && assignable(b, a):
		return moreKnown(a, b), true
	}
	return unknownT, false
}

// moreKnown picks, of two agreeing types, the one with fewer unknown parts
// (`List[Int]` over `List[?]`).
func moreKnown(a, b *Type) *Type {
	if unknowns(b) < unknowns(a) {
		return b
	}
	return a
}

func unknowns(t *Type) int {
	if !t.Known() {
		return 1
	}
	n := 0
	for _, a := range t.Args {
		n += unknowns(a)
	}
	return n
}

// ---------------------------------------------------------------------------
// Declared types

// typeCache resolves written types; decls guards alias cycles.
type typeCache struct {
	named map[string]*Type
	busy  map[string]bool
}

// resolve turns a written type into a Type; what it cannot resolve (an
// unknown name, reported by the name pass) is unknown.
func (tc *typer) resolve(te syntax.TypeExpr) *Type {
	if isNil(te) {
		return unknownT
	}
	switch te := te.(type) {
	case *syntax.OptionalType:
		return optOf(tc.resolve(te.Elem))
	case *syntax.RecordType:
		t := &Type{Kind: TRecord}
		for _, f := range te.Fields {
			if f == nil || f.Name == nil {
				return unknownT
			}
			t.Fields = append(t.Fields, TypeField{Name: f.Name.Name, Type: tc.resolve(f.Type)})
		}
		return t
	case *syntax.NamedType:
		if te.Name == nil {
			return unknownT
		}
		args := make([]*Type, len(te.Args))
		for i, a := range te.Args {
			args[i] = tc.resolve(a)
		}
		if n, ok := builtinArity(te.Name.Name); ok {
			if len(args) != n {
				return unknownT // E-type-args, reported by the name pass
			}
			switch te.Name.Name {
			case "Str":
				return strT
			case "Int":
				return intT
			case "Float":
				return floatT
			case "Bool":
				return boolT
			case "Unit":
				return unitT
			case "List":
				return listOf(args[0])
			case "Opt":
				return optOf(args[0])
			case "Map":
				return mapOf(args[0], args[1])
			case "Result":
				return &Type{Kind: TResult, Args: args}
			}
		}
		switch te.Name.Name {
		case "Pool":
			return poolT
		case "Job":
			return jobT
		}
		if len(args) > 0 {
			return unknownT
		}
		return tc.declared(te.Name.Name)
	}
	return unknownT
}

// declared resolves a declared type name: a record, a union, or an alias.
func (tc *typer) declared(name string) *Type {
	if t, ok := tc.types.named[name]; ok {
		return t
	}
	info := tc.c.p.TypeByName[name]
	if info == nil || info.Decl == nil || tc.types.busy[name] {
		return unknownT // unknown, or an alias that refers to itself
	}
	tc.types.busy[name] = true
	defer delete(tc.types.busy, name)
	var t *Type
	switch te := info.Decl.Type.(type) {
	case *syntax.UnionType:
		// Set before resolving the cases, which may refer to the union.
		t = &Type{Kind: TUnion, Name: name}
		tc.types.named[name] = t
		for _, v := range te.Variants {
			if v == nil || v.Name == nil {
				continue
			}
			tcase := TypeCase{Name: v.Name.Name}
			for _, f := range v.Fields {
				tcase.Args = append(tcase.Args, tc.resolve(f))
			}
			t.Cases = append(t.Cases, tcase)
		}
		return t
	case *syntax.RecordType:
		r := tc.resolve(te)
		if r.Kind == TRecord {
			named := *r
			named.Name = name
			t = &named
		} else {
			t = r
		}
	default:
		t = tc.resolve(info.Decl.Type)
	}
	tc.types.named[name] = t
	return t
}
