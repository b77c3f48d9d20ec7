package syntax

import (
	"errors"
	"testing"
)

// TestParseExpr parses expressions of every kind the debugger's console
// takes, and rejects bad ones with the first error at its position in the
// expression.
func TestParseExpr(t *testing.T) {
	tests := []struct {
		src  string
		dump string // the first line of Dump(x), or the error
	}{
		{"1 + 2 * 3", `BinaryExpr 1:1-1:10 Op="+"`},
		{"xs[i] ?? 0", `BinaryExpr 1:1-1:11 Op="??"`},
		{"config.ttl", `SelectorExpr 1:1-1:11`},
		{"n > 0 ? \"some\" : \"none\"", `TernaryExpr 1:1-1:24`},
		{"{a: 1, b: [1, 2]}", `RecordLit 1:1-1:18`},
		{"match r { Found(x) => x.id, _ => 0 }", `MatchExpr 1:1-1:37`},
		{"`n=${n + 1}`", `TemplateLit 1:1-1:13 Parts=["n=" ""]`},
		{"label(3)", `CallExpr 1:1-1:9`},
		{"xs.map(x => x * 2)", `CallExpr 1:1-1:19`},
		{"  x  ", `Ident "x" 1:3-1:4`},
		{"a &&\n b", `BinaryExpr 1:1-2:3 Op="&&"`},
		// Errors: position in the expression, what was expected, what was found.
		{"", "1:1: expected expression, found end of expression"},
		{"1 +", "1:4: expected expression after '+', found end of expression"},
		{"a b", "1:3: expected end of expression, found 'b'"},
		{"f(x", "1:4: expected ')' to close argument list opened at 1:2, found end of expression"},
		{"x == #", "1:6: expected a token, found invalid character '#'"},
		{`"open`, `1:1: unterminated string: expected '"' before end of expression`},
		{"$decision", "1:1: expected a token, found invalid character '$'"},
		{"let x = 1", "1:1: expected expression, found 'let'"},
	}
	for _, tt := range tests {
		x, err := ParseExpr(tt.src)
		got := ""
		if err != nil {
			var pe *ExprError
			if !errors.As(err, &pe) || len(pe.Diagnostics) == 0 {
				t.Errorf("ParseExpr(%q): error %v is not an *ExprError with diagnostics", tt.src, err)
			}
			got = err.Error()
		} else {
			got = firstLine(Dump(x))
		}
		if got != tt.dump {
			t.Errorf("ParseExpr(%q):\n got %s\nwant %s", tt.src, got, tt.dump)
		}
	}
}

// TestParseDebugExpr: `$name` is a name for the debugger only.
func TestParseDebugExpr(t *testing.T) {
	tests := []struct{ src, dump string }{
		{"$decision", `Ident "$decision" 1:1-1:10`},
		{"$state.B == \"active\"", `BinaryExpr 1:1-1:21 Op="=="`},
		{"`at ${$tick}`", `TemplateLit 1:1-1:14 Parts=["at " ""]`},
		{"\"$tick\"", `StringLit 1:1-1:8 Value="$tick"`},
		{"$ 1", "1:1: expected a token, found invalid character '$'"},
		{"$1", "1:1: expected a token, found invalid character '$'"},
	}
	for _, tt := range tests {
		x, err := ParseDebugExpr(tt.src)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = firstLine(Dump(x))
		}
		if got != tt.dump {
			t.Errorf("ParseDebugExpr(%q):\n got %s\nwant %s", tt.src, got, tt.dump)
		}
	}
}

func firstLine(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}

// FuzzParseExpr: whatever the input, ParseExpr and ParseDebugExpr
// terminate without panicking, and an error is an *ExprError positioned
// inside the input (or just after it).
func FuzzParseExpr(f *testing.F) {
	for _, s := range []string{"", "1 +", "a b", "f(x", "`a ${b", "match x {", "{a: 1,", "$x.y", "x => x",
		"match r { Found(x) => x.id, _ => 0 }", "\"a\" + `${\"b\"}`", "(((", "a ?? b ? c : d", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, parse := range []func(string) (Expr, error){ParseExpr, ParseDebugExpr} {
			x, err := parse(src)
			if err == nil {
				if x == nil {
					t.Fatalf("%q: no error and no expression", src)
				}
				continue
			}
			var pe *ExprError
			if !errors.As(err, &pe) {
				t.Fatalf("%q: error %T, want *ExprError", src, err)
			}
			if o := pe.Span.Start.Offset; o < 0 || int(o) > len(src) || pe.Span.Start.Line < 1 || pe.Span.Start.Col < 1 {
				t.Fatalf("%q: error at %+v, outside the input", src, pe.Span.Start)
			}
		}
	})
}
