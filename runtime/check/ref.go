package check

import (
	"sort"

	"revl.dev/debug/runtime/syntax"
)

// RefKind says what kind of thing an identifier names.
type RefKind int

const (
	RefNone        RefKind = iota
	RefService             // Decl *syntax.ServiceDecl
	RefMethod              // Decl *syntax.MethodSig
	RefKey                 // Decl *syntax.KeyBinding
	RefComponent           // Decl *syntax.ComponentDecl
	RefType                // Decl *syntax.TypeDecl; nil for built-in types
	RefCtor                // Decl *syntax.Variant; nil for Some/None/Ok/Err
	RefFn                  // Decl *syntax.FnDecl
	RefLocal               // Decl is the binding node, see Ref
	RefConfig              // the name `config`; Decl *syntax.ConfigStmt
	RefConfigField         // Decl *syntax.ConfigField
	RefHostClass           // Map, Pool, Job; Decl nil
)

var refKindNames = [...]string{
	RefNone: "none", RefService: "service", RefMethod: "method", RefKey: "key",
	RefComponent: "component", RefType: "type", RefCtor: "constructor", RefFn: "fn",
	RefLocal: "local", RefConfig: "config", RefConfigField: "config field",
	RefHostClass: "host class",
}

func (k RefKind) String() string {
	if k >= 0 && int(k) < len(refKindNames) {
		return refKindNames[k]
	}
	return "unknown"
}

// Ref is what one identifier resolves to: go-to-definition jumps to Def,
// rename rewrites every identifier whose Ref has the same Def.
type Ref struct {
	Kind RefKind
	Name string
	// Def is the identifier that declares the target; nil for built-ins
	// (Str, Some, Map, ...), which have no source, and for the name
	// `config`, whose declaration is the config step in Decl.
	Def *syntax.Ident
	// Decl is the declaring node (see the RefKind constants). For locals it
	// is the binding: *syntax.Param, *syntax.LetStmt, *syntax.EffectStmt,
	// *syntax.ForStmt, *syntax.ArrowExpr or *syntax.NamePat.
	Decl syntax.Node
}

// Builtin reports whether the target is built in rather than declared.
func (r Ref) Builtin() bool { return r.Def == nil }

// References returns every recorded identifier that resolves to def (def
// itself included), in source order: the edit set of a rename.
func (p *Program) References(def *syntax.Ident) []*syntax.Ident {
	if def == nil {
		return nil
	}
	var out []*syntax.Ident
	//seam:unordered the result is sorted by offset below
	for id, r := range p.Uses {
		if r.Def == def {
			out = append(out, id)
		}
	}
	// Uses is a map: sort so that no iteration order leaks out.
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Offset < out[j].Start.Offset })
	return out
}
