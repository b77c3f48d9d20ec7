package syntax

import "strconv"

// Kind is the kind of a lexical token.
type Kind int

// The token kinds. Keywords are exactly the reserved words of spec §1; the
// lifecycle-test words (load, unload, call, advance, no_residue, with) are
// scanned as IDENT and promoted by the parser inside lifecycle and fault
// test bodies only, because elsewhere they are ordinary identifiers.
const (
	EOF     Kind = iota
	ILLEGAL      // a run of characters the lexer rejected (already reported)

	IDENT
	INT
	FLOAT
	DURATION
	STRING
	TEMPLATE // `text` with no substitution
	TMPLHEAD // `text${
	TMPLMID  // }text${
	TMPLTAIL // }text`

	// Operators and punctuation.
	EQL       // == (also ===)
	NEQ       // != (also !==)
	LEQ       // <=
	GEQ       // >=
	LAND      // &&
	LOR       // ||
	QQ        // ??
	ARROW     // ->
	FATARROW  // =>
	ADD       // +
	SUB       // -
	MUL       // *
	QUO       // /
	REM       // %
	LSS       // <
	GTR       // >
	NOT       // !
	QUESTION  // ?
	PERIOD    // .
	COMMA     // ,
	COLON     // :
	SEMICOLON // ;
	ASSIGN    // =
	PIPE      // | (union types)
	LPAREN    // (
	RPAREN    // )
	LBRACE    // {
	RBRACE    // }
	LBRACK    // [
	RBRACK    // ]

	keywordBeg
	SERVICE
	COMPONENT
	REQUIRES
	PROVIDES
	CONFIG
	LET
	VAR
	EFFECT
	UNDO
	EMIT
	EMISSION
	PROVIDE
	FN
	RETURN
	TRUE
	FALSE
	NULL
	IF
	ELSE
	WHILE
	FOR
	OF
	TYPE
	ASYNC
	AWAIT
	FAIL
	COMPENSATE
	COMMUTATIVE
	TEST
	LIFECYCLE
	FAULT
	EVERY
	AFTER
	keywordEnd

	// Lifecycle-test keywords: never produced by Scan, only by the parser's
	// promotion of identifiers inside lifecycle/fault test bodies.
	harnessBeg
	LOAD
	UNLOAD
	CALL
	ADVANCE
	NORESIDUE
	WITH
	harnessEnd
)

var kindNames = [...]string{
	EOF:         "end of file",
	ILLEGAL:     "illegal",
	IDENT:       "identifier",
	INT:         "integer",
	FLOAT:       "float",
	DURATION:    "duration",
	STRING:      "string",
	TEMPLATE:    "template",
	TMPLHEAD:    "template head",
	TMPLMID:     "template middle",
	TMPLTAIL:    "template tail",
	EQL:         "==",
	NEQ:         "!=",
	LEQ:         "<=",
	GEQ:         ">=",
	LAND:        "&&",
	LOR:         "||",
	QQ:          "??",
	ARROW:       "->",
	FATARROW:    "=>",
	ADD:         "+",
	SUB:         "-",
	MUL:         "*",
	QUO:         "/",
	REM:         "%",
	LSS:         "<",
	GTR:         ">",
	NOT:         "!",
	QUESTION:    "?",
	PERIOD:      ".",
	COMMA:       ",",
	COLON:       ":",
	SEMICOLON:   ";",
	ASSIGN:      "=",
	PIPE:        "|",
	LPAREN:      "(",
	RPAREN:      ")",
	LBRACE:      "{",
	RBRACE:      "}",
	LBRACK:      "[",
	RBRACK:      "]",
	SERVICE:     "service",
	COMPONENT:   "component",
	REQUIRES:    "requires",
	PROVIDES:    "provides",
	CONFIG:      "config",
	LET:         "let",
	VAR:         "var",
	EFFECT:      "effect",
	UNDO:        "undo",
	EMIT:        "emit",
	EMISSION:    "emission",
	PROVIDE:     "provide",
	FN:          "fn",
	RETURN:      "return",
	TRUE:        "true",
	FALSE:       "false",
	NULL:        "null",
	IF:          "if",
	ELSE:        "else",
	WHILE:       "while",
	FOR:         "for",
	OF:          "of",
	TYPE:        "type",
	ASYNC:       "async",
	AWAIT:       "await",
	FAIL:        "fail",
	COMPENSATE:  "compensate",
	COMMUTATIVE: "commutative",
	TEST:        "test",
	LIFECYCLE:   "lifecycle",
	FAULT:       "fault",
	EVERY:       "every",
	AFTER:       "after",
	LOAD:        "load",
	UNLOAD:      "unload",
	CALL:        "call",
	ADVANCE:     "advance",
	NORESIDUE:   "no_residue",
	WITH:        "with",
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
func (k Kind) IsOperator() bool { return k >= EQL && k <= RBRACK }

// IsLiteral reports whether k is a literal token (numbers, strings and the
// template pieces).
func (k Kind) IsLiteral() bool { return k >= INT && k <= TMPLTAIL }

var keywords = func() map[string]Kind {
	m := make(map[string]Kind, keywordEnd-keywordBeg)
	for k := keywordBeg + 1; k < keywordEnd; k++ {
		m[kindNames[k]] = k
	}
	return m
}()

var harnessWords = map[string]Kind{
	"load":       LOAD,
	"unload":     UNLOAD,
	"call":       CALL,
	"advance":    ADVANCE,
	"no_residue": NORESIDUE,
	"with":       WITH,
}

// Lookup maps an identifier to its keyword kind, or IDENT. The
// lifecycle-test words are not keywords here (see Kind).
func Lookup(name string) Kind {
	if k, ok := keywords[name]; ok {
		return k
	}
	return IDENT
}

// lookupBytes is Lookup without allocating (the compiler optimizes a map
// index by string(b)).
func lookupBytes(b []byte) Kind {
	if k, ok := keywords[string(b)]; ok {
		return k
	}
	return IDENT
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
