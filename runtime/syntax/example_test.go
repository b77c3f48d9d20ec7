package syntax_test

import (
	"fmt"

	"revl.dev/debug/runtime/syntax"
)

// ParseExpr reads one expression, with positions relative to it; an error
// names the position and what was expected there.
func ExampleParseExpr() {
	x, err := syntax.ParseExpr(`n > 0 ? "some" : "none"`)
	fmt.Println(err)
	fmt.Print(syntax.Dump(x))

	_, err = syntax.ParseExpr("config.ttl +")
	fmt.Println(err)
	// Output:
	// <nil>
	// TernaryExpr 1:1-1:24
	//   Cond: BinaryExpr 1:1-1:6 Op=">"
	//     X: Ident "n" 1:1-1:2
	//     Y: IntLit 1:5-1:6 Raw="0"
	//   Then: StringLit 1:9-1:15 Value="some"
	//   Else: StringLit 1:18-1:24 Value="none"
	// 1:13: expected expression after '+', found end of expression
}
