package syntax

import "testing"

// TestTooLargeForPos: a file larger than a Pos addresses is one error at
// 1:1, from ParseFile and from Parse and Edit alike, instead of positions
// that wrap.
func TestTooLargeForPos(t *testing.T) {
	defer func(n int) { maxSource = n }(maxSource)
	maxSource = 16
	const want = "big.rvl:1:1: the file is larger than 2 GiB, the most a position can address"
	for _, tt := range []struct {
		name  string
		parse func(src []byte) (*File, []Diagnostic)
	}{
		{"ParseFile", func(src []byte) (*File, []Diagnostic) { return ParseFile("big.rvl", src) }},
		{"Parse", func(src []byte) (*File, []Diagnostic) { t := Parse("big.rvl", src); return t.File, t.Diags }},
		{"Edit", func(src []byte) (*File, []Diagnostic) {
			t := Parse("big.rvl", []byte("service S { }")).Edit(src, 0, len("service S { }"))
			return t.File, t.Diags
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, diags := tt.parse([]byte("service Service { fn m() }"))
			if len(diags) != 1 || diags[0].Error() != want || diags[0].Code != "E-syntax" || diags[0].Severity != SeverityError {
				t.Fatalf("diagnostics %v, want one: %s", diags, want)
			}
			if len(f.Decls) != 0 {
				t.Fatalf("%d declarations, want none", len(f.Decls))
			}
		})
	}
	maxSource = 1 << 20
	if _, diags := ParseFile("small.rvl", []byte("service S { fn m() }")); len(diags) != 0 {
		t.Fatalf("a small file: %v", diags)
	}
}
