package syntax

import (
	"bytes"
	"fmt"
	goruntime "runtime"
	"strings"
	"testing"
)

// tokStr renders a token as `kind lit @line:col+offset` for comparisons.
func tokStr(t Token) string {
	s := fmt.Sprintf("%s %q @%d:%d+%d", t.Kind, t.Lit, t.Pos.Line, t.Pos.Col, t.Pos.Offset)
	if t.Value != "" {
		s += fmt.Sprintf(" v=%q", t.Value)
	}
	if t.NewlineBefore {
		s += " nl"
	}
	if t.Bad {
		s += " bad"
	}
	return s
}

func TestScanTokens(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // tokens before EOF
	}{
		{"idents and keywords", "service Log load x_1", []string{
			`service "service" @1:1+0`,
			`identifier "Log" @1:9+8`,
			`identifier "load" @1:13+12`, // a lifecycle word scans as a name
			`identifier "x_1" @1:18+17`,
		}},
		{"numbers", "42 1.5 2e3 1.5E-2 0", []string{
			`integer "42" @1:1+0`,
			`float "1.5" @1:4+3`,
			`float "2e3" @1:8+7`,
			`float "1.5E-2" @1:12+11`,
			`integer "0" @1:19+18`,
		}},
		{"durations", "250ms 30s 5m 1h 2d", []string{
			`duration "250ms" @1:1+0`,
			`duration "30s" @1:7+6`,
			`duration "5m" @1:11+10`,
			`duration "1h" @1:14+13`,
			`duration "2d" @1:17+16`,
		}},
		{"int then method", "1.foo", []string{
			`integer "1" @1:1+0`,
			`. "." @1:2+1`,
			`identifier "foo" @1:3+2`,
		}},
		{"strictness normalized", "a === b !== c == d != e", []string{
			`identifier "a" @1:1+0`,
			`== "===" @1:3+2`,
			`identifier "b" @1:7+6`,
			`!= "!==" @1:9+8`,
			`identifier "c" @1:13+12`,
			`== "==" @1:15+14`,
			`identifier "d" @1:18+17`,
			`!= "!=" @1:20+19`,
			`identifier "e" @1:23+22`,
		}},
		{"all operators", "<= >= && || ?? -> => + - * / % < > ! ? . , : ; = ( ) { } [ ] |", []string{
			`<= "<=" @1:1+0`, `>= ">=" @1:4+3`, `&& "&&" @1:7+6`, `|| "||" @1:10+9`,
			`?? "??" @1:13+12`, `-> "->" @1:16+15`, `=> "=>" @1:19+18`, `+ "+" @1:22+21`,
			`- "-" @1:24+23`, `* "*" @1:26+25`, `/ "/" @1:28+27`, `% "%" @1:30+29`,
			`< "<" @1:32+31`, `> ">" @1:34+33`, `! "!" @1:36+35`, `? "?" @1:38+37`,
			`. "." @1:40+39`, `, "," @1:42+41`, `: ":" @1:44+43`, `; ";" @1:46+45`,
			`= "=" @1:48+47`, `( "(" @1:50+49`, `) ")" @1:52+51`, `{ "{" @1:54+53`,
			`} "}" @1:56+55`, `[ "[" @1:58+57`, `] "]" @1:60+59`, `| "|" @1:62+61`,
		}},
		{"strings", `"a b" ""`, []string{
			`string "\"a b\"" @1:1+0 v="a b"`,
			`string "\"\"" @1:7+6`,
		}},
		{"newlines and comments", "a // one\n\tb\r\n// two\nc", []string{
			`identifier "a" @1:1+0`,
			`identifier "b" @2:2+10 nl`,
			`identifier "c" @4:1+20 nl`,
		}},
		{"template without substitution", "`plain text`", []string{
			"template \"`plain text`\" @1:1+0 v=\"plain text\"",
		}},
		{"template with substitutions", "x `a${n}b${ m + 1 }c` y", []string{
			`identifier "x" @1:1+0`,
			"template head \"`a${\" @1:3+2 v=\"a\"",
			`identifier "n" @1:7+6`,
			`template middle "}b${" @1:8+7 v="b"`,
			`identifier "m" @1:13+12`,
			`+ "+" @1:15+14`,
			`integer "1" @1:17+16`,
			"template tail \"}c`\" @1:19+18 v=\"c\"",
			`identifier "y" @1:23+22`,
		}},
		{"template with a record inside", "`${ {a: 1}.a }`", []string{
			"template head \"`${\" @1:1+0",
			`{ "{" @1:5+4`,
			`identifier "a" @1:6+5`,
			`: ":" @1:7+6`,
			`integer "1" @1:9+8`,
			`} "}" @1:10+9`,
			`. "." @1:11+10`,
			`identifier "a" @1:12+11`,
			"template tail \"}`\" @1:14+13",
		}},
		{"nested template", "`a${`b${c}`}d`", []string{
			"template head \"`a${\" @1:1+0 v=\"a\"",
			"template head \"`b${\" @1:5+4 v=\"b\"",
			`identifier "c" @1:9+8`,
			"template tail \"}`\" @1:10+9",
			"template tail \"}d`\" @1:12+11 v=\"d\"",
		}},
		{"utf8 in strings counts bytes", `"é" x`, []string{
			`string "\"é\"" @1:1+0 v="é"`,
			`identifier "x" @1:6+5`,
		}},
		{"bom", "\uFEFFx", []string{`identifier "x" @1:4+3`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			toks, _, diags := Scan("t.rvl", []byte(tt.src))
			if len(diags) > 0 {
				t.Fatalf("unexpected diagnostics: %v", diags)
			}
			if last := toks[len(toks)-1]; last.Kind != EOF || int(last.Pos.Offset) != len(tt.src) {
				t.Fatalf("last token %s, want EOF at %d", tokStr(last), len(tt.src))
			}
			var got []string
			for _, tok := range toks[:len(toks)-1] {
				got = append(got, tokStr(tok))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("tokens:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestScanTokenEnds(t *testing.T) {
	src := "let x = `a${b}c` // done\nnext"
	toks, comments, _ := Scan("t.rvl", []byte(src))
	for _, tok := range toks {
		if int(tok.End.Offset-tok.Pos.Offset) != len(tok.Lit) || src[tok.Pos.Offset:tok.End.Offset] != tok.Lit {
			t.Errorf("%s: end %d does not match its text", tokStr(tok), tok.End.Offset)
		}
		if tok.End.Line != tok.Pos.Line || int(tok.End.Col-tok.Pos.Col) != len(tok.Lit) {
			t.Errorf("%s: end %d:%d inconsistent", tokStr(tok), tok.End.Line, tok.End.Col)
		}
	}
	if len(comments) != 1 || comments[0].Text != "// done" || fmtSpan(comments[0].Span) != "1:18-1:25" {
		t.Errorf("comments = %+v", comments)
	}
}

func TestScanErrors(t *testing.T) {
	tests := []struct {
		src  string
		want string // diagnostics, then the bad tokens
	}{
		{`x = "abc`, `1:5: unterminated string: expected '"' before end of file` + "\n" + `string "\"abc" @1:5+4 v="abc" bad`},
		{"\"abc\ny", `1:1: unterminated string: expected '"' before end of line` + "\n" + `string "\"abc" @1:1+0 v="abc" bad`},
		{"`abc\ny", "1:1: unterminated template: expected '`' before end of line\ntemplate \"`abc\" @1:1+0 v=\"abc\" bad"},
		{"`a${b\ny", "1:1: unterminated template: expected '}' and '`' before end of line\ntemplate tail \"\" @1:6+5 bad"},
		{"`a${`b${c\n", "1:1: unterminated template: expected '}' and '`' before end of line\ntemplate tail \"\" @1:10+9 bad\ntemplate tail \"\" @1:10+9 bad"},
		{"`a${b}c", "1:1: unterminated template: expected '`' before end of file\ntemplate tail \"}c\" @1:6+5 v=\"c\" bad"},
		{"a @ b", "1:3: expected a token, found invalid character '@'\nillegal \"@\" @1:3+2 bad"},
		{"a @#$ b", "1:3: expected a token, found invalid characters \"@#$\"\nillegal \"@#$\" @1:3+2 bad"},
		{"a & b", "1:3: expected '&&', found invalid character '&'\nillegal \"&\" @1:3+2 bad"},
		{"a ¢ b", "1:3: expected a token, found invalid character '¢'\nillegal \"¢\" @1:3+2 bad"},
		{"a \xff b", "1:3: expected a token, found invalid UTF-8 byte 0xff\nillegal \"\\xff\" @1:3+2 bad"},
		{"every 5x", "1:7: invalid duration unit 'x' in '5x': expected ms, s, m, h or d\nduration \"5x\" @1:7+6 bad"},
		{"advance 3sec", "1:9: invalid duration unit 'sec' in '3sec': expected ms, s, m, h or d\nduration \"3sec\" @1:9+8 bad"},
		{"1.5s", "1:1: malformed number '1.5s': expected an integer before a duration unit, or no suffix\nduration \"1.5s\" @1:1+0 bad"},
		{"1e", "1:1: malformed number '1e': expected digits after the exponent\nfloat \"1e\" @1:1+0 bad"},
		{"1e+x", "1:1: malformed number '1e+': expected digits after the exponent\nfloat \"1e+\" @1:1+0 bad"},
		{"99999999999999999999", "1:1: integer literal '99999999999999999999' out of range: expected at most 9223372036854775807\ninteger \"99999999999999999999\" @1:1+0 bad"},
		{"9999999999999999999d", "1:1: duration '9999999999999999999d' out of range: expected at most 106751991167d\nduration \"9999999999999999999d\" @1:1+0 bad"},
		{"106751991168d", "1:1: duration '106751991168d' out of range: expected at most 106751991167d\nduration \"106751991168d\" @1:1+0 bad"},
	}
	for _, tt := range tests {
		toks, _, diags := Scan("t.rvl", []byte(tt.src))
		var got []string
		for _, d := range diags {
			if d.Code != "E-lex" || d.File != "t.rvl" {
				t.Errorf("%q: diagnostic %+v", tt.src, d)
			}
			got = append(got, fmt.Sprintf("%d:%d: %s", d.Span.Start.Line, d.Span.Start.Col, d.Message))
		}
		for _, tok := range toks {
			if tok.Bad {
				got = append(got, tokStr(tok))
			}
		}
		if g := strings.Join(got, "\n"); g != tt.want {
			t.Errorf("%q:\n%s\nwant:\n%s", tt.src, g, tt.want)
		}
	}
}

func TestDurationMillis(t *testing.T) {
	for _, tt := range []struct {
		lit  string
		want int64
	}{
		{"250ms", 250}, {"30s", 30000}, {"5m", 300000}, {"1h", 3600000}, {"2d", 172800000}, {"0s", 0}, {"5x", 0},
	} {
		if got := durationMillis(tt.lit); got != tt.want {
			t.Errorf("durationMillis(%q) = %d, want %d", tt.lit, got, tt.want)
		}
	}
}

func TestKindString(t *testing.T) {
	if EQL.String() != "==" || NORESIDUE.String() != "no_residue" || !SERVICE.IsKeyword() || IDENT.IsKeyword() ||
		!LBRACE.IsOperator() || !TMPLTAIL.IsLiteral() || Lookup("after") != AFTER || Lookup("load") != IDENT ||
		!IsReserved("fault") || IsReserved("assert") || IsReserved("match") || Kind(999).String() != "Kind(999)" {
		t.Error("token kind helpers disagree with the spec")
	}
}

// TestScanMemoryFollowsTokens: the scanner's memory grows with the tokens
// it finds, not with the size of the file. 16 MB of blank lines used to
// reserve 16 MB/3 tokens of 96 bytes each (540 MB) before reading.
func TestScanMemoryFollowsTokens(t *testing.T) {
	cases := []struct {
		name  string
		src   []byte
		limit uint64 // bytes allocated by Scan, at most
	}{
		{"blank lines", bytes.Repeat([]byte("\n"), 16<<20), 8 << 20},
		{"one long comment", append([]byte("// "), bytes.Repeat([]byte("x"), 16<<20)...), 24 << 20}, // the comment's text is kept,
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var before, after goruntime.MemStats
			goruntime.ReadMemStats(&before)
			toks, _, _ := Scan("big.rvl", c.src)
			goruntime.ReadMemStats(&after)
			if got := after.TotalAlloc - before.TotalAlloc; got > c.limit {
				t.Errorf("Scan of %d bytes (%d tokens) allocated %d bytes, want at most %d", len(c.src), len(toks), got, c.limit)
			}
		})
	}
}

// TestKeywordTable checks the keyword switch against the spellings in
// kindNames: every reserved word maps to its kind, every lifecycle word
// to its kind only through harnessWord, and near misses (a prefix, an
// extension, another case) are names.
func TestKeywordTable(t *testing.T) {
	type tc struct {
		name        string
		kw, harness Kind
	}
	var cases []tc
	for k := keywordBeg + 1; k < keywordEnd; k++ {
		cases = append(cases, tc{kindNames[k], k, 0})
	}
	for k := harnessBeg + 1; k < harnessEnd; k++ {
		cases = append(cases, tc{kindNames[k], IDENT, k})
	}
	if len(cases) != 39 {
		t.Fatalf("%d keywords and lifecycle words, want 33 + 6", len(cases))
	}
	for _, w := range []string{"", "a", "f", "servic", "services", "Service", "fnx", "iff", "_", "x1", "tes", "loads", "With", "no_residuex", "commutativee", "compensat"} {
		cases = append(cases, tc{w, IDENT, 0})
	}
	for _, c := range cases {
		if got := Lookup(c.name); got != c.kw {
			t.Errorf("Lookup(%q) = %v, want %v", c.name, got, c.kw)
		}
		if got := lookupBytes([]byte(c.name)); got != c.kw {
			t.Errorf("lookupBytes(%q) = %v, want %v", c.name, got, c.kw)
		}
		if got := IsReserved(c.name); got != (c.kw != IDENT) {
			t.Errorf("IsReserved(%q) = %v", c.name, got)
		}
		if got := harnessWord(c.name); got != c.harness {
			t.Errorf("harnessWord(%q) = %v, want %v", c.name, got, c.harness)
		}
	}
}
