package syntax

import (
	"strconv"
	"unsafe"
)

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

// Lookup maps an identifier to its keyword kind, or IDENT. The
// lifecycle-test words are not keywords here (see Kind).
func Lookup(name string) Kind { return keyword(name) }

// lookupBytes is Lookup on the scanner's bytes, without a string.
func lookupBytes(b []byte) Kind {
	if len(b) < 2 || len(b) > 11 {
		return IDENT // every keyword has 2 to 11 letters
	}
	return keyword(unsafe.String(&b[0], len(b)))
}

// keyword is the keyword spelled name, or IDENT. It switches on the
// first letter and then compares whole words: every name of a program
// goes through here, and a map lookup (hashing the name) was a twentieth
// of the parse. TestKeywordTable checks it against kindNames.
func keyword(name string) Kind {
	if len(name) < 2 {
		return IDENT
	}
	var k Kind
	switch name[0] {
	case 'a':
		switch name {
		case "async":
			k = ASYNC
		case "await":
			k = AWAIT
		case "after":
			k = AFTER
		}
	case 'c':
		switch name {
		case "component":
			k = COMPONENT
		case "config":
			k = CONFIG
		case "compensate":
			k = COMPENSATE
		case "commutative":
			k = COMMUTATIVE
		}
	case 'e':
		switch name {
		case "effect":
			k = EFFECT
		case "emit":
			k = EMIT
		case "emission":
			k = EMISSION
		case "else":
			k = ELSE
		case "every":
			k = EVERY
		}
	case 'f':
		switch name {
		case "fn":
			k = FN
		case "false":
			k = FALSE
		case "for":
			k = FOR
		case "fail":
			k = FAIL
		case "fault":
			k = FAULT
		}
	case 'i':
		if name == "if" {
			k = IF
		}
	case 'l':
		switch name {
		case "let":
			k = LET
		case "lifecycle":
			k = LIFECYCLE
		}
	case 'n':
		if name == "null" {
			k = NULL
		}
	case 'o':
		if name == "of" {
			k = OF
		}
	case 'p':
		switch name {
		case "provides":
			k = PROVIDES
		case "provide":
			k = PROVIDE
		}
	case 'r':
		switch name {
		case "requires":
			k = REQUIRES
		case "return":
			k = RETURN
		}
	case 's':
		if name == "service" {
			k = SERVICE
		}
	case 't':
		switch name {
		case "true":
			k = TRUE
		case "type":
			k = TYPE
		case "test":
			k = TEST
		}
	case 'u':
		if name == "undo" {
			k = UNDO
		}
	case 'v':
		if name == "var" {
			k = VAR
		}
	case 'w':
		if name == "while" {
			k = WHILE
		}
	}
	if k == 0 {
		return IDENT
	}
	return k
}

// harnessWord is the lifecycle-test word spelled name, or 0 (see Kind).
func harnessWord(name string) Kind {
	switch name {
	case "load":
		return LOAD
	case "unload":
		return UNLOAD
	case "call":
		return CALL
	case "advance":
		return ADVANCE
	case "no_residue":
		return NORESIDUE
	case "with":
		return WITH
	}
	return 0
}

// IsReserved reports whether name is one of the reserved words of spec §1.
func IsReserved(name string) bool { return keyword(name) != IDENT }

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
