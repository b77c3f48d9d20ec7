package dap

import (
	"fmt"
	"strings"
	"testing"

	"revl.dev/debug/dap/daptest"
)

// stopInBuy launches console.rvl and stops at the emit of Store's buy,
// called by App's activation with ("tea", 2); it returns the frame id of
// buy on App's thread (4: Sink, Store, App are fibers 0, 1, 2).
func stopInBuy(t *testing.T) (*daptest.Client, float64) {
	t.Helper()
	c := start(t)
	src := map[string]any{"path": program("console.rvl")}
	launch(t, c, map[string]any{"program": program("console.rvl"), "stopOnEntry": false}, func() {
		must(t)(c.Request("setBreakpoints", map[string]any{"source": src, "breakpoints": []any{map[string]any{"line": 25}}}))
	})
	return c, topFrame(t, c, 4)
}

// TestEvaluate: every expression of the language in the debug console,
// with the result, its type, and errors as error responses with their
// positions.
func TestEvaluate(t *testing.T) {
	c, f := stopInBuy(t)
	sched := topFrame(t, c, 1)
	tests := []struct {
		expr    string
		frame   float64 // 0: no frameId, the statement about to run
		context string
		result  string
		typ     string
	}{
		{"item", f, "hover", `"tea"`, "Str"},
		{"n * 10 + 1", f, "repl", "21", "Int"},
		{"row", f, "watch", `{id: 2, name: "tea"}`, "record"},
		{"row.name", f, "hover", `"tea"`, "Str"},
		{"items[1]", f, "hover", `"tea", "x"`, "Str"},
		{"items.len()", f, "repl", "2", "Int"},
		{`tricky == "x"`, f, "repl", "false", "Bool"},
		{"match found { Found(r) => r.id, Missing(s) => 0 }", f, "repl", "2", "Int"},
		{`n > 1 ? "many" : "one"`, f, "repl", `"many"`, "Str"},
		{"`${item} x${n}`", f, "repl", `"tea x2"`, "Str"},
		{"label(n)", f, "repl", `"some"`, "Str"},
		{"config.currency", f, "watch", `"EUR"`, "Str"},
		{"config.limit - n", f, "watch", "1", "Int"},
		{"Some(n) ?? 0", f, "repl", "2", "Int"},
		{"null ?? 5", f, "repl", "5", "Int"},
		{"{a: [1, 2], b: Some(item)}", f, "repl", `{a: [1, 2], b: Some("tea")}`, "record"},
		{`Missing("x")`, f, "repl", `Missing("x")`, "Missing"},
		{"items.map(s => s.len())", f, "repl", "[3, 8]", "List"},
		{`shop.buy("x", 1)`, f, "repl", `"10 EUR"`, "Str"},
		{"$decision", f, "watch", "2", "Int"},
		{"$state.App", f, "watch", `"pending"`, "Str"},
		{"item", 0, "hover", `"tea"`, "Str"},
		{"label(0)", sched, "watch", `"none"`, "Str"},
		{"$emissions.len()", sched, "watch", "0", "Int"},
	}
	for _, tt := range tests {
		args := map[string]any{"expression": tt.expr, "context": tt.context}
		if tt.frame != 0 {
			args["frameId"] = tt.frame
		}
		r, err := c.Request("evaluate", args)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Success() {
			t.Errorf("%s: %v", tt.expr, r["message"])
			continue
		}
		if b := r.Body(); b["result"] != tt.result || b["type"] != tt.typ {
			t.Errorf("%s = %v (%v), want %s (%s)", tt.expr, b["result"], b["type"], tt.result, tt.typ)
		}
	}

	errs := []struct {
		expr  string
		frame float64
		msg   string
	}{
		{"nope", f, "1:1: unknown name nope"},
		{"row.id +", f, "1:9: expected expression after '+', found end of expression"},
		{"items[5]", f, "1:1: index 5 out of range [0, 2)"},
		{"item / 2", f, "1:1: cannot apply / to Str and Int"},
		{"forever(0)", f, "$TESTDATA/console.rvl:9:36: unbounded: call depth exceeds 256"},
		{"item", sched, "1:1: unknown name item"},
		{"$nope", f, "1:1: unknown name $nope"},
		{"1", 999, "no frame 999 (frames are valid until the next stop)"},
	}
	for _, tt := range errs {
		r := fails(t)(c.Request("evaluate", map[string]any{"expression": tt.expr, "frameId": tt.frame, "context": "repl"}))
		e, _ := r.Body()["error"].(map[string]any)
		msg, _ := r["message"].(string)
		msg = c.Replace.Replace(msg)
		if msg != tt.msg || e == nil || e["id"] != float64(errFailed) || e["format"] != r["message"] {
			t.Errorf("%s: error %v %v, want id %d and %q", tt.expr, r["message"], e, errFailed, tt.msg)
		}
	}
}

// TestEvaluateLeavesTheSessionAlone: a console call whose provider method
// emits changes nothing the session shows.
func TestEvaluateLeavesTheSessionAlone(t *testing.T) {
	c, f := stopInBuy(t)
	show := func() string {
		var b strings.Builder
		list := func(ref float64) {
			v := must(t)(c.Request("variables", map[string]any{"variablesReference": ref}))
			for _, x := range v.Body()["variables"].([]any) {
				x := x.(map[string]any)
				fmt.Fprintf(&b, "%v=%v\n", x["name"], x["value"])
			}
		}
		for _, scope := range []string{"Emissions", "Residue", "Provisions"} {
			list(scopeRef(t, c, topFrame(t, c, 1), scope))
		}
		list(scopeRef(t, c, topFrame(t, c, 3), "Fiber"))
		list(scopeRef(t, c, f, "Locals"))
		return b.String()
	}
	before := show()
	for _, expr := range []string{`shop.buy("x", 1)`, `[shop.buy("y", 2), shop.buy("z", 3)]`, "forever(1)"} {
		c.Request("evaluate", map[string]any{"expression": expr, "frameId": f, "context": "repl"})
	}
	if after := show(); after != before {
		t.Errorf("the console changed the session:\nbefore %s\nafter  %s", before, after)
	}
	// The schedule goes on as before: the next emission is the one the
	// breakpoint stopped before, the first of the run.
	must(t)(c.Step("next", map[string]any{"threadId": 4}))
	r := must(t)(c.Request("evaluate", map[string]any{"expression": "$emissions", "context": "watch"}))
	if got := r.Body()["result"]; got != `["log.write("bought tea")"]` {
		t.Errorf("emissions after the step: %v", got)
	}
}

// TestEvaluateVariables: structured results and locals expand from the
// runtime value, paged; a string that holds quotes and commas is one
// string.
func TestEvaluateVariables(t *testing.T) {
	c, f := stopInBuy(t)
	r := must(t)(c.Request("evaluate", map[string]any{"expression": "items", "frameId": f, "context": "repl"}))
	b := r.Body()
	if b["result"] != `["tea", "tea", "x"]` || b["indexedVariables"] != float64(2) {
		t.Fatalf("items: %v", b)
	}
	ref := b["variablesReference"]
	kids := func(args map[string]any) string {
		args["variablesReference"] = ref
		v := must(t)(c.Request("variables", args))
		var out []string
		for _, x := range v.Body()["variables"].([]any) {
			x := x.(map[string]any)
			out = append(out, fmt.Sprintf("%v=%v(%v)", x["name"], x["value"], x["evaluateName"]))
		}
		return strings.Join(out, " ")
	}
	if got, want := kids(map[string]any{}), `[0]="tea"(items[0]) [1]="tea", "x"(items[1])`; got != want {
		t.Errorf("children of items:\n got %s\nwant %s", got, want)
	}
	if got, want := kids(map[string]any{"start": 1, "count": 1}), `[1]="tea", "x"(items[1])`; got != want {
		t.Errorf("page [1, 2) of items:\n got %s\nwant %s", got, want)
	}
	if got := kids(map[string]any{"start": 5}); got != "" {
		t.Errorf("a page past the end: %s", got)
	}

	r = must(t)(c.Request("evaluate", map[string]any{"expression": "{r: row, o: found}", "frameId": f, "context": "repl"}))
	ref = r.Body()["variablesReference"]
	if got, want := kids(map[string]any{}), `r={id: 2, name: "tea"}(({r: row, o: found}).r) o=Found({id: 2, name: "tea"})(({r: row, o: found}).o)`; got != want {
		t.Errorf("children of a record:\n got %s\nwant %s", got, want)
	}

	locals := must(t)(c.Request("variables", map[string]any{"variablesReference": scopeRef(t, c, f, "Locals")}))
	var got []string
	for _, x := range locals.Body()["variables"].([]any) {
		x := x.(map[string]any)
		got = append(got, fmt.Sprintf("%v:%v=%v", x["name"], x["type"], x["value"]))
	}
	want := `item:Str="tea" n:Int=2 row:record={id: 2, name: "tea"} tricky:Str="tea", "x" items:List=["tea", "tea", "x"] found:Found=Found({id: 2, name: "tea"}) total:Int=20 config:record={currency: "EUR", limit: 3}`
	if strings.Join(got, " ") != want {
		t.Errorf("locals:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
}
