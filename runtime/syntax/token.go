package syntax

import "strconv"

// Kind is the kind of a lexical token.
type Kind int

// The token kinds. Keywords are exactly the reserved words of spec §1; the
// lifecycle-test words (load, unload, call, advance, no_residue, with) are
// scanned as Ident and promoted by the parser inside lifecycle and fault
// test bodies only, because elsewhere they are ordinary identifiers.
const (
	EOF     Kind = iota
	Illegal      // a run of characters the lexer rejected (already reported)

	Ident
	Int
	Float
	Duration
	String
	Template       // `text` with no substitution
	TemplateHead   // `text${
	TemplateMiddle // }text${
	TemplateTail   // }text`

	// Operators and punctuation.
	Eql      // == (also ===)
	Neq      // != (also !==)
	Leq      // <=
	Geq      // >=
	AndAnd   // &&
	OrOr     // ||
	QQ       // ??
	Arrow    // ->
	FatArrow // =>
	Add      // +
	Sub      // -
	Mul      // *
	Quo      // /
	Rem      // %
	Lss      // <
	Gtr      // >
	Not      // !
	Question // ?
	Period   // .
	Comma    // ,
	Colon    // :
	Semi     // ;
	Assign   // =
	Pipe     // | (union types)
	LParen   // (
	RParen   // )
	LBrace   // {
	RBrace   // }
	LBrack   // [
	RBrack   // ]

	keywordBeg
	KwService
	KwComponent
	KwRequires
	KwProvides
	KwConfig
	KwLet
	KwVar
	KwEffect
	KwUndo
	KwEmit
	KwEmission
	KwProvide
	KwFn
	KwReturn
	KwTrue
	KwFalse
	KwNull
	KwIf
	KwElse
	KwWhile
	KwFor
	KwOf
	KwType
	KwAsync
	KwAwait
	KwFail
	KwCompensate
	KwCommutative
	KwTest
	KwLifecycle
	KwFault
	KwEvery
	KwAfter
	keywordEnd

	// Lifecycle-test keywords: never produced by Scan, only by the parser's
	// promotion of identifiers inside lifecycle/fault test bodies.
	harnessBeg
	KwLoad
	KwUnload
	KwCall
	KwAdvance
	KwNoResidue
	KwWith
	harnessEnd
)

var kindNames = [...]string{
	EOF:            "end of file",
	Illegal:        "illegal",
	Ident:          "identifier",
	Int:            "integer",
	Float:          "float",
	Duration:       "duration",
	String:         "string",
	Template:       "template",
	TemplateHead:   "template head",
	TemplateMiddle: "template middle",
	TemplateTail:   "template tail",
	Eql:            "==",
	Neq:            "!=",
	Leq:            "<=",
	Geq:            ">=",
	AndAnd:         "&&",
	OrOr:           "||",
	QQ:             "??",
	Arrow:          "->",
	FatArrow:       "=>",
	Add:            "+",
	Sub:            "-",
	Mul:            "*",
	Quo:            "/",
	Rem:            "%",
	Lss:            "<",
	Gtr:            ">",
	Not:            "!",
	Question:       "?",
	Period:         ".",
	Comma:          ",",
	Colon:          ":",
	Semi:           ";",
	Assign:         "=",
	Pipe:           "|",
	LParen:         "(",
	RParen:         ")",
	LBrace:         "{",
	RBrace:         "}",
	LBrack:         "[",
	RBrack:         "]",
	KwService:      "service",
	KwComponent:    "component",
	KwRequires:     "requires",
	KwProvides:     "provides",
	KwConfig:       "config",
	KwLet:          "let",
	KwVar:          "var",
	KwEffect:       "effect",
	KwUndo:         "undo",
	KwEmit:         "emit",
	KwEmission:     "emission",
	KwProvide:      "provide",
	KwFn:           "fn",
	KwReturn:       "return",
	KwTrue:         "true",
	KwFalse:        "false",
	KwNull:         "null",
	KwIf:           "if",
	KwElse:         "else",
	KwWhile:        "while",
	KwFor:          "for",
	KwOf:           "of",
	KwType:         "type",
	KwAsync:        "async",
	KwAwait:        "await",
	KwFail:         "fail",
	KwCompensate:   "compensate",
	KwCommutative:  "commutative",
	KwTest:         "test",
	KwLifecycle:    "lifecycle",
	KwFault:        "fault",
	KwEvery:        "every",
	KwAfter:        "after",
	KwLoad:         "load",
	KwUnload:       "unload",
	KwCall:         "call",
	KwAdvance:      "advance",
	KwNoResidue:    "no_residue",
	KwWith:         "with",
}

// String returns the operator or keyword spelling, or a description for
// the other kinds. `===` and `!==` scan as Eql and Neq, so their kind
// prints as the normalized `==` and `!=`.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// IsKeyword reports whether k is a reserved word or a lifecycle-test word.
func (k Kind) IsKeyword() bool {
	return (k > keywordBeg && k < keywordEnd) || (k > harnessBeg && k < harnessEnd)
}

// IsOperator reports whether k is an operator or punctuation token.
func (k Kind) IsOperator() bool { return k >= Eql && k <= RBrack }

// IsLiteral reports whether k is a literal token (numbers, strings and the
// template pieces).
func (k Kind) IsLiteral() bool { return k >= Int && k <= TemplateTail }

var keywords = func() map[string]Kind {
	m := make(map[string]Kind, keywordEnd-keywordBeg)
	for k := keywordBeg + 1; k < keywordEnd; k++ {
		m[kindNames[k]] = k
	}
	return m
}()

var harnessWords = map[string]Kind{
	"load":       KwLoad,
	"unload":     KwUnload,
	"call":       KwCall,
	"advance":    KwAdvance,
	"no_residue": KwNoResidue,
	"with":       KwWith,
}

// Lookup maps an identifier to its keyword kind, or Ident. The
// lifecycle-test words are not keywords here (see Kind).
func Lookup(name string) Kind {
	if k, ok := keywords[name]; ok {
		return k
	}
	return Ident
}

// IsReserved reports whether name is one of the reserved words of spec §1.
func IsReserved(name string) bool { _, ok := keywords[name]; return ok }

// Token is one lexical token.
type Token struct {
	Kind Kind
	// Lit is the exact source text of the token (`===` stays `===`, a
	// string keeps its quotes, a template piece keeps its delimiters).
	Lit string
	// Value is the text content of a String (between the quotes) or of a
	// template piece (between the delimiters); empty for other kinds.
	Value string
	Pos   Pos // first byte
	End   Pos // one past the last byte
	// NewlineBefore is set when a line break separates this token from
	// the previous one. The grammar is newline-insensitive except at a
	// few documented points (see parser.go), which consult this flag.
	NewlineBefore bool
	// Bad is set when the lexer already reported an error for this token;
	// the parser never reports a second error that "finds" it.
	Bad bool
}

// Span returns the token's source range.
func (t Token) Span() Span { return Span{t.Pos, t.End} }
