package syntax

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// Scan splits src into tokens. The result always ends with exactly one
// EOF token. Comments are returned separately, in source order. Lexical
// errors (code E-lex) are reported once each; the offending token is still
// produced, marked Bad, so that the parser can carry on without reporting
// the same mistake again.
//
// Lexical decisions beyond spec §1:
//   - Column numbers count bytes, 1-based; a leading UTF-8 byte order mark
//     is skipped like white space (and counted).
//   - A template, like a string, lies on one line: its text and the
//     expressions inside its `${ }` may not contain a line break. A template
//     still open at the end of a line is reported once, at its opening
//     backtick, and closed with synthetic, zero-width TMPLTAIL tokens so
//     that the token stream stays balanced.
//   - A number glued to letters is a duration when the letters are a unit
//     (`ms s m h d`) and the number is an integer; any other glued letters
//     (`5x`, `1.5s`, `3sec`) are one bad token. `1e` and `1e+` are malformed
//     exponents.
//   - A run of adjacent invalid characters is one ILLEGAL token, and a line
//     gets at most one lexical diagnostic.
//   - `|` is scanned as Pipe: the union syntax of spec §2 needs it even
//     though §1's operator list leaves it out.
func Scan(filename string, src []byte) (toks []Token, comments []*Comment, diags []Diagnostic) {
	s := &scanner{file: filename, src: src, line: 1, tmplErrLine: -1}
	// Reserve what a quick count of the source says the tokens will be,
	// so the slice is allocated once instead of doubled (and copied, and
	// scanned by the collector) as it grows: a token is 96 bytes, so the
	// copies of a growing slice cost more than scanning the source. The
	// count skips white space and comments, so a file of blank lines
	// reserves nothing; it overestimates (every byte of an operator or of
	// template text counts), never by more than a token per byte.
	s.toks = make([]Token, 0, estimateTokens(src)+1)
	s.run()
	return s.toks, s.comments, s.diags
}

// byteClass classifies bytes for estimateTokens.
var byteClass = func() (t [256]uint8) {
	for c := range 256 {
		switch b := byte(c); {
		case b == ' ', b == '\t', b == '\r', b == '\n', b == '\f', b == '\v':
			t[c] = classSpace
		case isIdentChar(b), b >= 0x80:
			t[c] = classWord
		case b == '"':
			t[c] = classQuote
		case b == '/':
			t[c] = classSlash
		default:
			t[c] = classPunct
		}
	}
	return t
}()

const (
	classSpace = iota
	classWord
	classQuote
	classSlash
	classPunct
)

// estimateTokens counts the tokens of src from above, closely for code:
// a run of word bytes (a name, a number, a duration) is one token, a
// string is one, each other byte is one; white space and comments count
// nothing. It reads each byte once, about a tenth of the scanner's time.
func estimateTokens(src []byte) int {
	n, word := 0, false
	for i := 0; i < len(src); i++ {
		switch byteClass[src[i]] {
		case classSpace:
			word = false
		case classWord:
			if !word {
				n++
				word = true
			}
		case classQuote:
			n++
			word = false
			for i++; i < len(src) && src[i] != '"' && src[i] != '\n'; i++ {
			}
		case classSlash:
			word = false
			if i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
				continue
			}
			n++
		default:
			n++
			word = false
		}
	}
	return n
}

// arenaChunk is the size of the blocks that token texts are copied into.
const arenaChunk = 32 << 10

// text returns src[from:to] as a string. The bytes are copied into a
// block the scanner owns and only ever appends to, so a token's text costs
// no allocation of its own and the tokens do not alias the caller's src,
// which the caller may change afterwards. A text longer than an eighth of
// a block gets an allocation of its own, so a block is at least 7/8 used.
func (s *scanner) text(from, to int) string {
	n := to - from
	if n == 0 {
		return ""
	}
	if n > cap(s.arena)-len(s.arena) {
		if n > arenaChunk/8 {
			return string(s.src[from:to])
		}
		s.arena = make([]byte, 0, arenaChunk)
	}
	at := len(s.arena)
	s.arena = append(s.arena, s.src[from:to]...)
	return unsafe.String(&s.arena[at], n)
}

type scanner struct {
	file      string
	src       []byte
	off       int
	line      int
	lineStart int
	nl        bool // a line break since the previous token

	toks     []Token
	comments []*Comment
	diags    []Diagnostic
	arena    []byte // the current block of token texts (see text)
	done     bool   // EOF was emitted

	// tmpl is the stack of templates whose `${` is open; the innermost is
	// last. A `}` at depth 0 resumes the template text instead of closing
	// a brace.
	tmpl        []tmplFrame
	tmplErrLine int // line of the last unterminated-template report

	// dollar reads `$name` as one IDENT (ParseDebugExpr): the debugger's
	// position names, which no program can declare.
	dollar bool
}

type tmplFrame struct {
	start Pos // the template's opening backtick
	depth int // `{` opened inside the current `${ }` and not yet closed
}

func (s *scanner) pos() Pos { return s.posAt(s.off) }

// posAt is the position of offset off on the current line.
func (s *scanner) posAt(off int) Pos {
	return Pos{Offset: int32(off), Line: int32(s.line), Col: int32(off - s.lineStart + 1)}
}

// errorf reports a lexical error; like the parser it keeps one per line
// (a line of pasted garbage is one mistake) and at most maxDiags.
func (s *scanner) errorf(span Span, format string, args ...any) {
	if n := len(s.diags); n >= maxDiags || n > 0 && s.diags[n-1].Span.Start.Line == span.Start.Line {
		return
	}
	s.diags = append(s.diags, Diagnostic{
		File:     s.file,
		Span:     span,
		Severity: SeverityError,
		Code:     "E-lex",
		Message:  fmt.Sprintf(format, args...),
	})
}

func (s *scanner) emit(kind Kind, start Pos, bad bool) {
	s.emitValue(kind, start, -1, -1, bad)
}

// emitValue emits a token whose Value is src[vfrom:vto], a part of its
// text (vfrom < 0: no value).
func (s *scanner) emitValue(kind Kind, start Pos, vfrom, vto int, bad bool) {
	var lit, value string
	if (kind.IsKeyword() || kind.IsOperator()) && s.off-int(start.Offset) == len(kindNames[kind]) {
		lit = kindNames[kind] // a fixed spelling: no copy
	} else {
		lit = s.text(int(start.Offset), s.off)
	}
	if vfrom >= 0 {
		value = lit[vfrom-int(start.Offset) : vto-int(start.Offset)]
	}
	// Filled in place, field by field: appending a Token value moved all
	// 96 bytes through the collector's bulk barrier while it was marking
	// (a sixteenth of the parse); this writes barriers for the strings
	// only, and none for an empty Value over an empty one. The slot may
	// hold a token compact dropped: every field is written.
	n := len(s.toks)
	if n == cap(s.toks) {
		s.toks = append(s.toks, Token{})
	} else {
		s.toks = s.toks[:n+1]
	}
	t := &s.toks[n]
	t.Kind = kind
	t.Lit = lit
	if value != "" || t.Value != "" {
		t.Value = value // most tokens have none: no barrier then
	}
	t.Pos = start
	t.End = s.pos()
	t.NewlineBefore = s.nl
	t.Bad = bad
	s.nl = false
}

func (s *scanner) run() {
	for !s.done {
		s.scanMore(1 << 30)
	}
}

// scanMore scans up to n more tokens (fewer at the end of the file, where
// it emits EOF and sets done). The parser pulls tokens this way as it
// goes, so that it holds a window of them rather than the whole file.
func (s *scanner) scanMore(n int) {
	if s.off == 0 && len(s.src) >= 3 && s.src[0] == 0xEF && s.src[1] == 0xBB && s.src[2] == 0xBF {
		s.off = 3
	}
	for ; n > 0 && !s.done; n-- {
		s.skipSpace()
		if s.off >= len(s.src) {
			s.closeTemplates("end of file")
			s.emit(EOF, s.pos(), false)
			s.done = true
			return
		}
		s.scanToken()
	}
}

// skipSpace skips white space, line breaks and comments.
func (s *scanner) skipSpace() {
	for s.off < len(s.src) {
		switch c := s.src[s.off]; c {
		case ' ':
			// Eight spaces at a time: indentation, and the emptied bodies
			// of Headers, are runs of them.
			s.off++
			for s.off+8 <= len(s.src) && binary.LittleEndian.Uint64(s.src[s.off:]) == eightSpaces {
				s.off += 8
			}
		case '\t', '\r', '\f', '\v':
			s.off++
		case '\n':
			s.closeTemplates("end of line")
			s.off++
			s.line++
			s.lineStart = s.off
			s.nl = true
		case '/':
			if s.off+1 < len(s.src) && s.src[s.off+1] == '/' {
				s.comment()
				continue
			}
			return
		default:
			return
		}
	}
}

// eightSpaces is eight ' ' bytes read as one little-endian word.
const eightSpaces = 0x2020202020202020

func (s *scanner) comment() {
	start := s.pos()
	for s.off < len(s.src) && s.src[s.off] != '\n' {
		s.off++
	}
	end := s.off
	if end > int(start.Offset) && s.src[end-1] == '\r' {
		end-- // keep CRLF files' comments free of the carriage return
	}
	s.comments = append(s.comments, &Comment{
		Span: Span{start, s.posAt(end)},
		Text: s.text(int(start.Offset), end),
	})
}

// closeTemplates ends every template left open at a line break or at the
// end of the file: one report, then one synthetic tail per open `${`.
func (s *scanner) closeTemplates(where string) {
	if len(s.tmpl) == 0 {
		return
	}
	at := s.pos()
	if s.tmplErrLine != s.line {
		s.tmplErrLine = s.line
		s.errorf(Span{s.tmpl[0].start, at}, "unterminated template: expected '}' and '`' before %s", where)
	}
	for range s.tmpl {
		s.toks = append(s.toks, Token{Kind: TMPLTAIL, Pos: at, End: at, NewlineBefore: s.nl, Bad: true})
		s.nl = false
	}
	s.tmpl = s.tmpl[:0]
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isIdentChar(c byte) bool {
	return isLetter(c) || isDigit(c)
}

func (s *scanner) scanToken() {
	start := s.pos()
	c := s.src[s.off]
	switch {
	case isLetter(c), c == '$' && s.dollar && s.off+1 < len(s.src) && isLetter(s.src[s.off+1]):
		s.off++
		for s.off < len(s.src) && isIdentChar(s.src[s.off]) {
			s.off++
		}
		s.emit(lookupBytes(s.src[start.Offset:s.off]), start, false)
	case isDigit(c):
		s.number(start)
	case c == '"':
		s.string(start)
	case c == '`':
		s.off++
		s.templateText(start, start, true)
	case c == '{':
		s.off++
		if n := len(s.tmpl); n > 0 {
			s.tmpl[n-1].depth++
		}
		s.emit(LBRACE, start, false)
	case c == '}':
		s.off++
		if n := len(s.tmpl); n > 0 {
			if s.tmpl[n-1].depth == 0 {
				f := s.tmpl[n-1]
				s.tmpl = s.tmpl[:n-1]
				s.templateText(start, f.start, false)
				return
			}
			s.tmpl[n-1].depth--
		}
		s.emit(RBRACE, start, false)
	default:
		if k, n := s.operator(); n > 0 {
			s.off += n
			s.emit(k, start, false)
			return
		}
		s.illegal(start)
	}
}

// operator matches the longest operator at the current offset.
func (s *scanner) operator() (Kind, int) {
	rest := s.src[s.off:]
	at := func(i int) byte {
		if i < len(rest) {
			return rest[i]
		}
		return 0
	}
	c, c1, c2 := at(0), at(1), at(2)
	switch c {
	case '=':
		switch {
		case c1 == '=' && c2 == '=':
			return EQL, 3
		case c1 == '=':
			return EQL, 2
		case c1 == '>':
			return FATARROW, 2
		}
		return ASSIGN, 1
	case '!':
		switch {
		case c1 == '=' && c2 == '=':
			return NEQ, 3
		case c1 == '=':
			return NEQ, 2
		}
		return NOT, 1
	case '<':
		if c1 == '=' {
			return LEQ, 2
		}
		return LSS, 1
	case '>':
		if c1 == '=' {
			return GEQ, 2
		}
		return GTR, 1
	case '&':
		if c1 == '&' {
			return LAND, 2
		}
	case '|':
		if c1 == '|' {
			return LOR, 2
		}
		return PIPE, 1
	case '?':
		if c1 == '?' {
			return QQ, 2
		}
		return QUESTION, 1
	case '-':
		if c1 == '>' {
			return ARROW, 2
		}
		return SUB, 1
	case '+':
		return ADD, 1
	case '*':
		return MUL, 1
	case '/':
		return QUO, 1
	case '%':
		return REM, 1
	case '.':
		return PERIOD, 1
	case ',':
		return COMMA, 1
	case ':':
		return COLON, 1
	case ';':
		return SEMICOLON, 1
	case '(':
		return LPAREN, 1
	case ')':
		return RPAREN, 1
	case '[':
		return LBRACK, 1
	case ']':
		return RBRACK, 1
	}
	return 0, 0
}

// startsToken reports whether a valid token (or white space, which ends
// an illegal run) begins at offset i.
func (s *scanner) startsToken(i int) bool {
	c := s.src[i]
	switch {
	case isIdentChar(c), c == '"', c == '`', c == '{', c == '}', c == ' ', c == '\t', c == '\r', c == '\n', c == '\f', c == '\v':
		return true
	}
	save := s.off
	s.off = i
	_, n := s.operator()
	s.off = save
	return n > 0
}

func (s *scanner) illegal(start Pos) {
	first, size := utf8.DecodeRune(s.src[s.off:])
	s.off += size
	for s.off < len(s.src) && !s.startsToken(s.off) {
		_, n := utf8.DecodeRune(s.src[s.off:])
		s.off += n
	}
	run := s.src[start.Offset:s.off]
	span := Span{start, s.pos()}
	switch {
	case first == utf8.RuneError && size == 1:
		s.errorf(span, "expected a token, found invalid UTF-8 byte %#02x", run[0])
	case len(run) == size && first == '&':
		s.errorf(span, "expected '&&', found invalid character '&'")
	case len(run) == size:
		s.errorf(span, "expected a token, found invalid character %s", strconv.QuoteRune(first))
	default:
		s.errorf(span, "expected a token, found invalid characters %s", strconv.Quote(string(run)))
	}
	s.emit(ILLEGAL, start, true)
}

func (s *scanner) digits() {
	for s.off < len(s.src) && isDigit(s.src[s.off]) {
		s.off++
	}
}

func (s *scanner) number(start Pos) {
	s.digits()
	isFloat := false
	if s.off+1 < len(s.src) && s.src[s.off] == '.' && isDigit(s.src[s.off+1]) {
		s.off++
		s.digits()
		isFloat = true
	}
	if s.off < len(s.src) && (s.src[s.off] == 'e' || s.src[s.off] == 'E') {
		j := s.off + 1
		signed := j < len(s.src) && (s.src[j] == '+' || s.src[j] == '-')
		if signed {
			j++
		}
		switch {
		case j < len(s.src) && isDigit(s.src[j]):
			s.off = j
			s.digits()
			isFloat = true
		case signed || j >= len(s.src) || !isIdentChar(s.src[j]):
			// `1e`, `1e+`, `1e-x`: an exponent with no digits.
			s.off = j
			lit := string(s.src[start.Offset:s.off])
			s.errorf(Span{start, s.pos()}, "malformed number '%s': expected digits after the exponent", lit)
			s.emit(FLOAT, start, true)
			return
		}
	}
	if s.off < len(s.src) && isIdentChar(s.src[s.off]) {
		unitStart := s.off
		for s.off < len(s.src) && isIdentChar(s.src[s.off]) {
			s.off++
		}
		unit := string(s.src[unitStart:s.off])
		lit := string(s.src[start.Offset:s.off])
		span := Span{start, s.pos()}
		switch {
		case isFloat:
			s.errorf(span, "malformed number '%s': expected an integer before a duration unit, or no suffix", lit)
		case unitMillis(unit) == 0:
			s.errorf(span, "invalid duration unit '%s' in '%s': expected ms, s, m, h or d", unit, lit)
		default:
			n, err := strconv.ParseInt(lit[:len(lit)-len(unit)], 10, 64)
			if err != nil || n > math.MaxInt64/unitMillis(unit) {
				s.errorf(span, "duration '%s' out of range: expected at most %d%s", lit, math.MaxInt64/unitMillis(unit), unit)
				s.emit(DURATION, start, true)
				return
			}
			s.emit(DURATION, start, false)
			return
		}
		s.emit(DURATION, start, true)
		return
	}
	lit := s.src[start.Offset:s.off]
	if isFloat {
		if !finiteFloat(lit) {
			s.errorf(Span{start, s.pos()}, "float literal '%s' out of range: expected a finite value", lit)
			s.emit(FLOAT, start, true)
			return
		}
		s.emit(FLOAT, start, false)
		return
	}
	// Eighteen digits always fit in an int64; only longer ones are parsed
	// (which would copy them to a string).
	if len(lit) > 18 {
		if _, err := strconv.ParseInt(string(lit), 10, 64); err != nil {
			s.errorf(Span{start, s.pos()}, "integer literal '%s' out of range: expected at most %d", lit, int64(math.MaxInt64))
			s.emit(INT, start, true)
			return
		}
	}
	s.emit(INT, start, false)
}

// finiteFloat reports whether a float literal is finite. Without an
// exponent and with at most 300 digits before the point it is (the
// largest float64 has 309), and nothing needs parsing.
func finiteFloat(lit []byte) bool {
	point := bytes.IndexByte(lit, '.')
	if point >= 0 && point <= 300 && bytes.IndexAny(lit, "eE") < 0 {
		return true
	}
	_, err := strconv.ParseFloat(string(lit), 64)
	return err == nil
}

// unitMillis is the length of one duration unit in milliseconds, or 0
// for a word that is not a unit.
func unitMillis(unit string) int64 {
	switch unit {
	case "ms":
		return 1
	case "s":
		return 1000
	case "m":
		return 60 * 1000
	case "h":
		return 60 * 60 * 1000
	case "d":
		return 24 * 60 * 60 * 1000
	}
	return 0
}

// durationMillis converts a well-formed duration literal; it returns 0 for
// a literal the lexer already reported.
func durationMillis(lit string) int64 {
	i := 0
	for i < len(lit) && isDigit(lit[i]) {
		i++
	}
	mul := unitMillis(lit[i:])
	n, err := strconv.ParseInt(lit[:i], 10, 64)
	if mul == 0 || err != nil || n > math.MaxInt64/mul {
		return 0
	}
	return n * mul
}

func (s *scanner) string(start Pos) {
	s.off++ // opening quote
	for s.off < len(s.src) && s.src[s.off] != '"' && s.src[s.off] != '\n' {
		s.off++
	}
	if s.off < len(s.src) && s.src[s.off] == '"' {
		s.off++
		s.emitValue(STRING, start, int(start.Offset)+1, s.off-1, false)
		return
	}
	where := "end of line"
	if s.off >= len(s.src) {
		where = "end of file"
	}
	s.errorf(Span{start, s.pos()}, "unterminated string: expected '\"' before %s", where)
	s.emitValue(STRING, start, int(start.Offset)+1, s.off, true)
}

// templateText scans template text after an opening backtick (head) or
// after the `}` that closes a substitution. tstart is the template's
// opening backtick, for the unterminated report.
func (s *scanner) templateText(start, tstart Pos, head bool) {
	textStart := s.off
	for s.off < len(s.src) {
		switch s.src[s.off] {
		case '`':
			end := s.off
			s.off++
			if head {
				s.emitValue(TEMPLATE, start, textStart, end, false)
			} else {
				s.emitValue(TMPLTAIL, start, textStart, end, false)
			}
			return
		case '$':
			if s.off+1 < len(s.src) && s.src[s.off+1] == '{' {
				end := s.off
				s.off += 2
				if head {
					s.emitValue(TMPLHEAD, start, textStart, end, false)
				} else {
					s.emitValue(TMPLMID, start, textStart, end, false)
				}
				s.tmpl = append(s.tmpl, tmplFrame{start: tstart})
				return
			}
		case '\n':
			goto unterminated
		}
		s.off++
	}
unterminated:
	if s.tmplErrLine != s.line {
		s.tmplErrLine = s.line
		where := "end of line"
		if s.off >= len(s.src) {
			where = "end of file"
		}
		if len(s.tmpl) > 0 {
			// Nested in an open `${`: most likely that `}` was forgotten
			// (`${name`), so report the outer template.
			s.errorf(Span{s.tmpl[0].start, s.pos()}, "unterminated template: expected '}' and '`' before %s", where)
		} else {
			s.errorf(Span{tstart, s.pos()}, "unterminated template: expected '`' before %s", where)
		}
	}
	if head {
		s.emitValue(TEMPLATE, start, textStart, s.off, true)
	} else {
		s.emitValue(TMPLTAIL, start, textStart, s.off, true)
	}
}
