package syntax

import "strconv"

// Pos is a position in a source file. Line and Col are 1-based (Col counts
// bytes, as go/token does); Offset is the 0-based byte offset. The zero Pos
// means "no position".
//
// The fields are int32, so a Pos is 12 bytes and a Span 24: every node
// embeds a Span, and at 50,000 components a file has a million
// identifiers, whose names were 64 bytes each with int fields (40 now).
// Positions therefore address files up to 2 GiB.
type Pos struct {
	Offset int32 `json:"offset"`
	Line   int32 `json:"line"`
	Col    int32 `json:"col"`
}

// IsValid reports whether p names a real position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// In is p in file as every tool writes a position: `file:line:col`.
func (p Pos) In(file string) string {
	return file + ":" + strconv.Itoa(int(p.Line)) + ":" + strconv.Itoa(int(p.Col))
}

// Before reports whether p comes strictly before q in the file.
func (p Pos) Before(q Pos) bool { return p.Offset < q.Offset }

// Span is the half-open source range [Start, End) of a node. Every node
// embeds one, so tools (diagnostics, the debugger, the language server)
// can map any node back to its exact text.
type Span struct {
	Start Pos `json:"start"`
	End   Pos `json:"end"`
}

// Range returns the span itself; it lets every node that embeds a Span
// satisfy Node.
func (s Span) Range() Span { return s }

// Contains reports whether p lies inside the span.
func (s Span) Contains(p Pos) bool { return s.Start.Offset <= p.Offset && p.Offset < s.End.Offset }

// Node is any syntax tree node.
type Node interface {
	Range() Span
}

// File is one parsed .rvl file.
type File struct {
	Span
	Name     string // the file name used in positions
	Src      []byte
	Decls    []Decl
	Comments []*Comment
}

// Comment is a `//` comment, Text including the slashes.
type Comment struct {
	Span
	Text string
}

// Ident is a name, in declarations and in expressions.
type Ident struct {
	Span
	Name string
}

// ---------------------------------------------------------------------------
// Declarations

// Decl is a top-level declaration.
type Decl interface {
	Node
	declNode()
}

// ServiceDecl is `[commutative] service Name { sigs }`.
type ServiceDecl struct {
	Span
	Commutative bool
	Name        *Ident
	Methods     []*MethodSig
}

// MethodSig is a method signature in a service:
// `[commutative] [emission] [async] fn name(params) [-> Result]`.
type MethodSig struct {
	Span
	Commutative bool
	Emission    bool
	Async       bool
	Name        *Ident
	Params      []*Param
	Result      TypeExpr // nil means Unit
}

// Param is a parameter; Type is nil where the signature comes from the
// service (method implementations in `provide` blocks, arrow parameters).
type Param struct {
	Span
	Name *Ident
	Type TypeExpr
}

// TypeDecl is `type Name = T`, where T is a record, a union, or any type.
type TypeDecl struct {
	Span
	Name *Ident
	Type TypeExpr
}

// ComponentDecl is
// `component Name [requires k: S, ...] [provides k: S, ...] { steps }`.
type ComponentDecl struct {
	Span
	Name     *Ident
	Requires []*KeyBinding
	Provides []*KeyBinding
	Body     *Block
}

// KeyBinding binds a local key to a service: `log: Log`.
type KeyBinding struct {
	Span
	Key     *Ident
	Service *Ident
}

// FnDecl is a pure helper `fn name(params) [-> T] { stmts }` or
// `fn name(params) [-> T] = expr`.
type FnDecl struct {
	Span
	Name     *Ident
	Params   []*Param
	Result   TypeExpr
	Body     *Block // nil when ExprBody is set
	ExprBody Expr
}

// TestKind tells the three kinds of test apart.
type TestKind int

const (
	PureTest      TestKind = iota // test "name" { ... }
	LifecycleTest                 // lifecycle test "name" { ... }
	FaultTest                     // fault test "name" for C [with {...}] { clauses }
)

func (k TestKind) String() string {
	switch k {
	case LifecycleTest:
		return "lifecycle test"
	case FaultTest:
		return "fault test"
	}
	return "test"
}

// TestDecl is a test block. A fault test (spec §9) also names its target
// component and config, and its body holds only FaultFailStmt and
// FaultAssertStmt clauses.
type TestDecl struct {
	Span
	Kind TestKind
	Name *StringLit
	For  *Ident     // fault tests: the component under test
	With *RecordLit // fault tests: `with { f: v }`, nil when absent
	Body *Block
}

// BadDecl stands where a declaration failed to parse.
type BadDecl struct{ Span }

func (*ServiceDecl) declNode()   {}
func (*TypeDecl) declNode()      {}
func (*ComponentDecl) declNode() {}
func (*FnDecl) declNode()        {}
func (*TestDecl) declNode()      {}
func (*BadDecl) declNode()       {}

// ---------------------------------------------------------------------------
// Types

// TypeExpr is a written type.
type TypeExpr interface {
	Node
	typeNode()
}

// NamedType is `Str`, `Row`, or a generic application `List[T]`, `Map[K, V]`.
type NamedType struct {
	Span
	Name *Ident
	Args []TypeExpr
}

// OptionalType is `T?`, the same as `Opt[T]`.
type OptionalType struct {
	Span
	Elem TypeExpr
}

// RecordType is `{ f: T, ... }`.
type RecordType struct {
	Span
	Fields []*FieldType
}

// FieldType is one field of a record type.
type FieldType struct {
	Span
	Name *Ident
	Type TypeExpr
}

// UnionType is `A(T) | B | C(T, U)`, only as the right side of a TypeDecl.
type UnionType struct {
	Span
	Variants []*Variant
}

// Variant is one case of a union.
type Variant struct {
	Span
	Name   *Ident
	Fields []TypeExpr
}

// BadType stands where a type failed to parse.
type BadType struct{ Span }

func (*NamedType) typeNode()    {}
func (*OptionalType) typeNode() {}
func (*RecordType) typeNode()   {}
func (*UnionType) typeNode()    {}
func (*BadType) typeNode()      {}

// ---------------------------------------------------------------------------
// Statements

// Stmt is a statement: an activation step, a method body statement, a
// test statement or a lifecycle test step.
type Stmt interface {
	Node
	stmtNode()
}

// Block is `{ stmts }`. Implicit is set for the braceless body of
// `if (c) fail E`, whose span is that of the single statement.
type Block struct {
	Span
	Stmts    []Stmt
	Implicit bool
}

// ConfigStmt is `config { name: T [= default], ... }`.
type ConfigStmt struct {
	Span
	Fields []*ConfigField
}

// ConfigField is one config field.
type ConfigField struct {
	Span
	Name    *Ident
	Type    TypeExpr
	Default Expr // nil when the field has no default
}

// EffectStmt is `[let x =] effect E undo U`. Effect may be a *BlockExpr
// (`effect { stmts; E }`). Name is nil in the unbound form.
type EffectStmt struct {
	Span
	Name   *Ident
	Effect Expr
	Undo   Expr // nil only in malformed programs (the checker reports it)
}

// EmitStmt is `emit k.m(args) [compensate k.m2(args)]`.
type EmitStmt struct {
	Span
	Call       *CallExpr
	Compensate *CallExpr // nil when absent
}

// FailStmt is `fail E`.
type FailStmt struct {
	Span
	Message Expr
}

// IfStmt is `if (cond) then [else else]`. Else is nil, a *Block or an
// *IfStmt (else if).
type IfStmt struct {
	Span
	Cond Expr
	Then *Block
	Else Stmt
}

// TimerKind tells `every` from `after`.
type TimerKind int

const (
	Every TimerKind = iota
	After
)

func (k TimerKind) String() string {
	if k == After {
		return "after"
	}
	return "every"
}

// TimerStmt is `every D { stmts }` or `after D { stmts }`.
type TimerStmt struct {
	Span
	Kind     TimerKind
	Interval *DurationLit
	Body     *Block
}

// ProvideStmt is `provide k { methods }`.
type ProvideStmt struct {
	Span
	Key     *Ident
	Methods []*MethodImpl
}

// MethodImpl is `fn m(p) { stmts }` or `fn m(p) = expr` inside a provide.
type MethodImpl struct {
	Span
	Name     *Ident
	Params   []*Param
	Result   TypeExpr // optional annotation
	Body     *Block   // nil when ExprBody is set
	ExprBody Expr
}

// LetStmt is `let x [: T] = E` or `var x [: T] = E`.
type LetStmt struct {
	Span
	Mutable bool // var
	Name    *Ident
	Type    TypeExpr
	Value   Expr
}

// AssignStmt is `target = value`, target a name, field or index.
type AssignStmt struct {
	Span
	Target Expr
	Value  Expr
}

// WhileStmt is `while (cond) { body }`.
type WhileStmt struct {
	Span
	Cond Expr
	Body *Block
}

// ForStmt is `for (x of xs) { body }`.
type ForStmt struct {
	Span
	Var  *Ident
	Iter Expr
	Body *Block
}

// ReturnStmt is `return [E]`.
type ReturnStmt struct {
	Span
	Value Expr // nil for a bare return
}

// ExprStmt is an expression used as a statement: a call, or `await E`.
type ExprStmt struct {
	Span
	X Expr
}

// AssertStmt is `assert E` or, in a lifecycle test, `assert no_residue`.
type AssertStmt struct {
	Span
	Cond      Expr // nil when NoResidue
	NoResidue bool
}

// LoadStmt is the lifecycle step `load C [with { f: v }]`.
type LoadStmt struct {
	Span
	Component *Ident
	With      *RecordLit // nil when absent
}

// UnloadStmt is the lifecycle step `unload C`.
type UnloadStmt struct {
	Span
	Component *Ident
}

// AdvanceStmt is the lifecycle step `advance D`.
type AdvanceStmt struct {
	Span
	Duration *DurationLit
}

// FaultFailStmt is the fault-test clause `fail at step N` or
// `fail at effect NAME`: where the failure strikes.
type FaultFailStmt struct {
	Span
	Step   *IntLit // nil for `fail at effect NAME`
	Effect *Ident  // nil for `fail at step N`
}

// FaultCheck is one oracle a fault test asserts (spec §9).
type FaultCheck int

const (
	CheckFailed             FaultCheck = iota + 1 // assert failed
	CheckNoResidue                                // assert no residue
	CheckNoEmissions                              // assert no emissions
	CheckInversesLIFO                             // assert inverses lifo
	CheckSiblingsUnaffected                       // assert siblings unaffected
)

// FaultChecks spells every check, by its FaultCheck value.
var FaultChecks = [...]string{CheckFailed: "failed", CheckNoResidue: "no residue", CheckNoEmissions: "no emissions",
	CheckInversesLIFO: "inverses lifo", CheckSiblingsUnaffected: "siblings unaffected"}

func (c FaultCheck) String() string {
	if c > 0 && int(c) < len(FaultChecks) {
		return FaultChecks[c]
	}
	return "?"
}

// FaultAssertStmt is the fault-test clause `assert failed`, `assert no
// residue`, and so on.
type FaultAssertStmt struct {
	Span
	Check FaultCheck
}

// BadStmt stands where a statement failed to parse.
type BadStmt struct{ Span }

func (*Block) stmtNode()           {}
func (*ConfigStmt) stmtNode()      {}
func (*EffectStmt) stmtNode()      {}
func (*EmitStmt) stmtNode()        {}
func (*FailStmt) stmtNode()        {}
func (*IfStmt) stmtNode()          {}
func (*TimerStmt) stmtNode()       {}
func (*ProvideStmt) stmtNode()     {}
func (*LetStmt) stmtNode()         {}
func (*AssignStmt) stmtNode()      {}
func (*WhileStmt) stmtNode()       {}
func (*ForStmt) stmtNode()         {}
func (*ReturnStmt) stmtNode()      {}
func (*ExprStmt) stmtNode()        {}
func (*AssertStmt) stmtNode()      {}
func (*LoadStmt) stmtNode()        {}
func (*UnloadStmt) stmtNode()      {}
func (*AdvanceStmt) stmtNode()     {}
func (*BadStmt) stmtNode()         {}
func (*FaultFailStmt) stmtNode()   {}
func (*FaultAssertStmt) stmtNode() {}

// ---------------------------------------------------------------------------
// Expressions

// Expr is an expression.
type Expr interface {
	Node
	exprNode()
}

// IntLit is an Int literal.
type IntLit struct {
	Span
	Value int64
	Raw   string
}

// FloatLit is a Float literal (`1.5`, `2e3`).
type FloatLit struct {
	Span
	Value float64
	Raw   string
}

// StringLit is `"..."`; Value is the text between the quotes (no escapes).
type StringLit struct {
	Span
	Value string
}

// BoolLit is `true` or `false`.
type BoolLit struct {
	Span
	Value bool
}

// NullLit is `null`.
type NullLit struct{ Span }

// DurationLit is `250ms`, `30s`, `5m`, `1h`, `2d`.
type DurationLit struct {
	Span
	Raw    string
	Millis int64
}

// TemplateLit is “ `text ${e} text` “: len(Parts) == len(Exprs)+1 and
// the value is Parts[0] + e0 + Parts[1] + ... .
type TemplateLit struct {
	Span
	Parts []string
	Exprs []Expr
}

// SelectorExpr is `x.f`: a field, `config.f`, or a method before a call.
type SelectorExpr struct {
	Span
	X   Expr
	Sel *Ident
}

// IndexExpr is `x[i]`.
type IndexExpr struct {
	Span
	X     Expr
	Index Expr
}

// CallExpr is `f(args)`; Fun is an *Ident (helper, constructor, `Some`) or
// a *SelectorExpr (`x.m(y)`, provision call `k.m(y)`, `Map.new()`).
type CallExpr struct {
	Span
	Fun  Expr
	Args []Expr
}

// RecordLit is `{ a: 1, b: x }`.
type RecordLit struct {
	Span
	Fields []*FieldInit
}

// FieldInit is one `name: value` of a record literal.
type FieldInit struct {
	Span
	Name  *Ident
	Value Expr
}

// ListLit is `[a, b]`.
type ListLit struct {
	Span
	Elems []Expr
}

// MatchExpr is `match e { pat => expr, ... }`.
type MatchExpr struct {
	Span
	X    Expr
	Arms []*MatchArm
}

// MatchArm is one `pattern => body`.
type MatchArm struct {
	Span
	Pattern Pattern
	Body    Expr
}

// UnaryExpr is `!x` or `-x`.
type UnaryExpr struct {
	Span
	Op string
	X  Expr
}

// BinaryExpr is `x op y`. Op is normalized: `===` is stored as `==` and
// `!==` as `!=`.
type BinaryExpr struct {
	Span
	Op string
	X  Expr
	Y  Expr
}

// TernaryExpr is `cond ? then : else`.
type TernaryExpr struct {
	Span
	Cond Expr
	Then Expr
	Else Expr
}

// ArrowExpr is `x => e` or `(a, b) => e`, allowed only as an argument.
type ArrowExpr struct {
	Span
	Params []*Ident
	Body   Expr
}

// AwaitExpr is `await E`.
type AwaitExpr struct {
	Span
	X Expr
}

// ParenExpr is `(x)`, kept so that formatting round-trips.
type ParenExpr struct {
	Span
	X Expr
}

// BlockExpr is the block form of an effect, `{ stmts; E }`: the statements
// run in order and the trailing expression is the value.
type BlockExpr struct {
	Span
	Stmts []Stmt
	Value Expr
}

// HarnessCallExpr is the lifecycle-test form `call k.m(args)`.
type HarnessCallExpr struct {
	Span
	Call *CallExpr
}

// BadExpr stands where an expression failed to parse.
type BadExpr struct{ Span }

func (*Ident) exprNode()           {}
func (*IntLit) exprNode()          {}
func (*FloatLit) exprNode()        {}
func (*StringLit) exprNode()       {}
func (*BoolLit) exprNode()         {}
func (*NullLit) exprNode()         {}
func (*DurationLit) exprNode()     {}
func (*TemplateLit) exprNode()     {}
func (*SelectorExpr) exprNode()    {}
func (*IndexExpr) exprNode()       {}
func (*CallExpr) exprNode()        {}
func (*RecordLit) exprNode()       {}
func (*ListLit) exprNode()         {}
func (*MatchExpr) exprNode()       {}
func (*UnaryExpr) exprNode()       {}
func (*BinaryExpr) exprNode()      {}
func (*TernaryExpr) exprNode()     {}
func (*ArrowExpr) exprNode()       {}
func (*AwaitExpr) exprNode()       {}
func (*ParenExpr) exprNode()       {}
func (*BlockExpr) exprNode()       {}
func (*HarnessCallExpr) exprNode() {}
func (*BadExpr) exprNode()         {}

// ---------------------------------------------------------------------------
// Patterns

// Pattern is the left side of a match arm.
type Pattern interface {
	Node
	patternNode()
}

// WildcardPat is `_`.
type WildcardPat struct{ Span }

// NamePat is a bare name: a nullary constructor (`None`, `Missing`) when
// such a constructor exists, otherwise a binding. The checker decides.
type NamePat struct {
	Span
	Name *Ident
}

// CtorPat is `Name(p, ...)`, e.g. `Some(x)`, `Found(r)`.
type CtorPat struct {
	Span
	Name *Ident
	Args []Pattern
}

// LitPat is a literal pattern: Int, Float, Str, Bool or null.
type LitPat struct {
	Span
	Value Expr
}

// BadPat stands where a pattern failed to parse.
type BadPat struct{ Span }

func (*WildcardPat) patternNode() {}
func (*NamePat) patternNode()     {}
func (*CtorPat) patternNode()     {}
func (*LitPat) patternNode()      {}
func (*BadPat) patternNode()      {}
