package seamlint

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// Analyzer reports uses of the wall clock and of random sources outside the
// seam package, and map-order iteration in the deterministic packages. See
// the package documentation for the exact rules and the escape hatch.
var Analyzer = &analysis.Analyzer{
	Name:     "seamlint",
	Doc:      "report nondeterminism that bypasses the determinism seam (spec §8)\n\nReports time.Now/Sleep/timers and math/rand, math/rand/v2, crypto/rand outside revl.dev/debug/runtime/seam, and unsorted map iteration in the deterministic packages.",
	URL:      "https://pkg.go.dev/revl.dev/debug/runtime/seam/seamlint",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

const (
	module   = "revl.dev/debug"
	seamPath = module + "/runtime/seam"

	// directive marks a statement as order-insensitive; see the package doc.
	directive = "//seam:unordered"
)

// deterministicRoots are the package trees whose behaviour must not depend
// on map order (spec §5, §7). The seam subtree is carved out in
// isDeterministic: it is where nondeterminism is allowed to live.
var deterministicRoots = []string{
	module + "/runtime",
	module + "/schedule",
	module + "/timeline",
	module + "/mocks",
}

// bannedTime lists the package-level functions of package time that read
// the wall clock or wait on it. The rest of package time (Duration, Unix,
// Time methods, ...) is pure and stays allowed.
var bannedTime = map[string]bool{
	"Now": true, "Since": true, "Until": true, "Sleep": true, "After": true,
	"AfterFunc": true, "NewTimer": true, "NewTicker": true, "Tick": true,
}

// bannedPkgs are packages none of whose declarations may be used outside
// the seam.
var bannedPkgs = map[string]bool{
	"math/rand":    true,
	"math/rand/v2": true,
	"crypto/rand":  true,
}

// basePath maps an external test package ("p_test") to the package it tests,
// so tests are held to the same rules as the code beside them.
func basePath(path string) string { return strings.TrimSuffix(path, "_test") }

func isSeam(path string) bool { return basePath(path) == seamPath }

func within(path, root string) bool {
	return path == root || strings.HasPrefix(path, root+"/")
}

func isDeterministic(path string) bool {
	path = basePath(path)
	if within(path, seamPath) {
		return false
	}
	for _, root := range deterministicRoots {
		if within(path, root) {
			return true
		}
	}
	return false
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	path := pass.Pkg.Path()
	if !isSeam(path) {
		checkSeamLeaks(pass, insp)
	}
	if isDeterministic(path) {
		checkMapOrder(pass, insp)
	}
	return nil, nil
}

// checkSeamLeaks reports every identifier that resolves to a banned object.
// Walking identifiers (rather than call expressions) is what catches function
// values and dot imports; resolving them through TypesInfo.Uses is what makes
// renamed imports and shadowing variables come out right. The package
// qualifier of a selector resolves to a *types.PkgName whose Pkg is the
// importing package, so each reference is reported once, on its selector.
func checkSeamLeaks(pass *analysis.Pass, insp *inspector.Inspector) {
	for cur := range insp.Root().Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		obj := pass.TypesInfo.Uses[id]
		if obj == nil || obj.Pkg() == nil {
			continue
		}
		pkg := obj.Pkg().Path()
		var fix string
		switch {
		case pkg == "time" && isBannedTimeFunc(obj):
			fix = "use seam.Clock"
		case bannedPkgs[pkg]:
			fix = "use seam.Entropy"
		default:
			continue
		}
		verb := "referenced"
		if isCalled(cur) {
			verb = "called"
		}
		// Point at the whole qualified name (time.Now, not Now) when there
		// is one: that is what the reader searches the line for.
		pos := id.Pos()
		if sel, ok := cur.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == id {
			pos = sel.Pos()
		}
		pass.Reportf(pos, "%s %s outside the seam: %s (spec §8)", objName(obj), verb, fix)
	}
}

func isBannedTimeFunc(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	return ok && fn.Signature().Recv() == nil && bannedTime[fn.Name()]
}

// objName renders obj with its full import path, so the message is
// unambiguous whatever name the file imported the package under:
// time.Now, math/rand/v2.IntN, (*math/rand.Rand).Intn, crypto/rand.Reader.
func objName(obj types.Object) string {
	if fn, ok := obj.(*types.Func); ok {
		return fn.FullName()
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// isCalled reports whether the identifier at cur is the function operand of
// a call: directly (Now()), as a selector (time.Now()), or instantiated.
func isCalled(cur inspector.Cursor) bool {
	n := cur.Node()
	parent := cur.Parent()
	if sel, ok := parent.Node().(*ast.SelectorExpr); ok && sel.Sel == n {
		n, parent = sel, parent.Parent()
	}
	// An explicit instantiation, rand.N[time.Duration](d), is called too.
	switch ix := parent.Node().(type) {
	case *ast.IndexExpr:
		if ix.X == n {
			n, parent = ix, parent.Parent()
		}
	case *ast.IndexListExpr:
		if ix.X == n {
			n, parent = ix, parent.Parent()
		}
	}
	call, ok := parent.Node().(*ast.CallExpr)
	return ok && call.Fun == n
}

// checkMapOrder reports map ranges and map iterators whose order may leak.
func checkMapOrder(pass *analysis.Pass, insp *inspector.Inspector) {
	notes := collectDirectives(pass)
	for cur := range insp.Root().Preorder((*ast.RangeStmt)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.RangeStmt:
			if !isMap(pass.TypesInfo.TypeOf(n.X)) {
				continue // ranges over maps.Keys etc. are handled as calls
			}
			if isCountOnly(n) || collectsThenSorts(pass, cur, n) {
				continue
			}
			if ok, hint := notes.accepts(pass.Fset, n); !ok {
				pass.Reportf(n.For, "range over map %s in deterministic package: sort the keys first (spec §8)%s",
					types.ExprString(n.X), hint)
			}
		case *ast.CallExpr:
			name := mapIterator(pass.TypesInfo, n)
			if name == "" || iteratorConsumedInOrder(pass, cur, n) {
				continue
			}
			stmt := enclosingStmt(cur)
			if stmt == nil {
				pass.Reportf(n.Pos(), "%s yields in map order in deterministic package: use slices.Sorted(%s) (spec §8)",
					types.ExprString(n), types.ExprString(n))
				continue
			}
			if ok, hint := notes.accepts(pass.Fset, stmt); !ok {
				pass.Reportf(n.Pos(), "%s yields in map order in deterministic package: use slices.Sorted(%s) (spec §8)%s",
					types.ExprString(n), types.ExprString(n), hint)
			}
		}
	}
}

// isMap reports whether t's underlying type is a map, or t is a type
// parameter all of whose types are maps (ranging over a type parameter
// compiles only if its type set has a single core type, so one map term is
// enough).
func isMap(t types.Type) bool {
	if t == nil {
		return false
	}
	t = types.Unalias(t)
	if tp, ok := t.(*types.TypeParam); ok {
		return typeSetHasMap(tp.Constraint(), map[types.Type]bool{})
	}
	_, ok := t.Underlying().(*types.Map)
	return ok
}

func typeSetHasMap(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Map:
		return true
	case *types.Union:
		for i := range u.Len() {
			if typeSetHasMap(u.Term(i).Type(), seen) {
				return true
			}
		}
	case *types.Interface:
		for i := range u.NumEmbeddeds() {
			if typeSetHasMap(u.EmbeddedType(i), seen) {
				return true
			}
		}
	}
	return false
}

// isCountOnly reports a range with neither key nor value variable
// (for range m, for _ = range m): every iteration is identical, so the order
// in which they happen cannot be observed.
func isCountOnly(rs *ast.RangeStmt) bool {
	return isBlank(rs.Key) && isBlank(rs.Value)
}

func isBlank(e ast.Expr) bool {
	if e == nil {
		return true
	}
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// collectsThenSorts recognizes the sorted-keys idiom:
//
//	for k := range m { keys = append(keys, k) }
//	...
//	sort.Strings(keys)
//
// The body must be exactly that one append of the key (or value) variable,
// so nothing else observes the order, and the slice must be sorted later in
// the same function.
func collectsThenSorts(pass *analysis.Pass, cur inspector.Cursor, rs *ast.RangeStmt) bool {
	var elem ast.Expr // the single range variable that is collected
	switch {
	case !isBlank(rs.Key) && isBlank(rs.Value):
		elem = rs.Key
	case isBlank(rs.Key) && !isBlank(rs.Value):
		elem = rs.Value
	default:
		return false // both used: the pairing would be in map order
	}
	elemID, ok := elem.(*ast.Ident)
	if !ok || len(rs.Body.List) != 1 {
		return false
	}
	assign, ok := rs.Body.List[0].(*ast.AssignStmt)
	if !ok || assign.Tok != token.ASSIGN || len(assign.Lhs) != 1 || len(assign.Rhs) != 1 {
		return false
	}
	dst := localVar(pass.TypesInfo, assign.Lhs[0])
	call, ok := ast.Unparen(assign.Rhs[0]).(*ast.CallExpr)
	if dst == nil || !ok || !isBuiltin(pass.TypesInfo, call.Fun, "append") || len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return false
	}
	if localVar(pass.TypesInfo, call.Args[0]) != dst {
		return false
	}
	if arg, ok := ast.Unparen(call.Args[1]).(*ast.Ident); !ok || pass.TypesInfo.ObjectOf(arg) != pass.TypesInfo.ObjectOf(elemID) {
		return false
	}
	return sortedLater(pass, cur, dst, rs.End())
}

// localVar returns the variable e names if e is a plain identifier.
func localVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

func isBuiltin(info *types.Info, fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// sortFuncs sort their first argument in place into an order that does not
// depend on the order its elements were appended in.
var sortFuncs = map[string]bool{
	"sort.Strings": true, "sort.Ints": true, "sort.Float64s": true,
	"sort.Slice": true, "sort.SliceStable": true, "sort.Sort": true, "sort.Stable": true,
	"slices.Sort": true, "slices.SortFunc": true, "slices.SortStableFunc": true,
}

// sortedLater reports whether v is passed to a sort function after pos in
// the innermost function enclosing cur. Closures inside that function are
// not searched: a sort in a closure may never run. sort.Sort and sort.Stable
// also accept a conversion such as sort.StringSlice(v).
func sortedLater(pass *analysis.Pass, cur inspector.Cursor, v *types.Var, pos token.Pos) bool {
	body := enclosingFuncBody(cur)
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if n.Pos() < pos || len(n.Args) == 0 || !sortFuncs[funcName(pass.TypesInfo, n)] {
				return true
			}
			arg := ast.Unparen(n.Args[0])
			if conv, ok := arg.(*ast.CallExpr); ok && len(conv.Args) == 1 && pass.TypesInfo.Types[conv.Fun].IsType() {
				arg = conv.Args[0]
			}
			if localVar(pass.TypesInfo, arg) == v {
				found = true
			}
		}
		return true
	})
	return found
}

func enclosingFuncBody(cur inspector.Cursor) *ast.BlockStmt {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch f := c.Node().(type) {
		case *ast.FuncDecl:
			return f.Body
		case *ast.FuncLit:
			return f.Body
		}
	}
	return nil
}

// funcName returns "pkgpath.Name" for a call of a package-level function,
// or "" for anything else.
func funcName(info *types.Info, call *ast.CallExpr) string {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// mapIterator returns the name of the maps function if call is
// maps.Keys, maps.Values or maps.All, and "" otherwise.
func mapIterator(info *types.Info, call *ast.CallExpr) string {
	switch name := funcName(info, call); name {
	case "maps.Keys", "maps.Values", "maps.All":
		return name
	}
	return ""
}

// iteratorConsumedInOrder reports whether the maps iterator call at cur is
// consumed in a way that cannot expose map order (see the package doc).
func iteratorConsumedInOrder(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr) bool {
	parentCur := cur.Parent()
	for {
		if _, ok := parentCur.Node().(*ast.ParenExpr); !ok {
			break
		}
		parentCur = parentCur.Parent()
	}
	switch p := parentCur.Node().(type) {
	case *ast.RangeStmt:
		// for k := range maps.Keys(m) { keys = append(keys, k) }; sort(keys)
		return p.X == ast.Node(unparenOf(parentCur, cur)) && collectsThenSorts(pass, parentCur, p)
	case *ast.CallExpr:
		switch funcName(pass.TypesInfo, p) {
		case "slices.Sorted", "slices.SortedFunc", "slices.SortedStableFunc",
			"maps.Collect", "maps.Insert":
			return true
		case "slices.Collect", "slices.AppendSeq":
			v := assignedVar(pass.TypesInfo, parentCur)
			return v != nil && sortedLater(pass, parentCur, v, parentCur.Node().End())
		}
	}
	return false
}

// unparenOf returns the outermost expression between parent and cur, i.e.
// cur's node wrapped in any parentheses that parent holds it by.
func unparenOf(parent, cur inspector.Cursor) ast.Expr {
	e := cur.Node().(ast.Expr)
	for c := cur.Parent(); c != parent; c = c.Parent() {
		e = c.Node().(ast.Expr)
	}
	return e
}

// assignedVar returns the variable that the expression at cur is the sole
// right-hand side for, in v := e, v = e or var v = e.
func assignedVar(info *types.Info, cur inspector.Cursor) *types.Var {
	e := cur.Node()
	switch p := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		if len(p.Lhs) == 1 && len(p.Rhs) == 1 && p.Rhs[0] == e {
			return localVar(info, p.Lhs[0])
		}
	case *ast.ValueSpec:
		if len(p.Names) == 1 && len(p.Values) == 1 && p.Values[0] == e {
			v, _ := info.Defs[p.Names[0]].(*types.Var)
			return v
		}
	}
	return nil
}

// enclosingStmt returns the innermost statement containing cur, or nil at
// package level.
func enclosingStmt(cur inspector.Cursor) ast.Stmt {
	for c := range cur.Enclosing() {
		if s, ok := c.Node().(ast.Stmt); ok {
			return s
		}
		if _, ok := c.Node().(*ast.FuncDecl); ok {
			return nil
		}
	}
	return nil
}

// directives indexes the //seam:unordered comments of a package by file and
// by the line on which the comment group that contains them ends.
type directives map[*token.File]map[int]string // line → reason ("" if none)

func collectDirectives(pass *analysis.Pass) directives {
	d := directives{}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				rest, ok := strings.CutPrefix(c.Text, directive)
				if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
					continue // not the directive (e.g. //seam:unorderedX)
				}
				if d[tf] == nil {
					d[tf] = map[int]string{}
				}
				d[tf][tf.Line(cg.End())] = strings.TrimSpace(rest)
			}
		}
	}
	return d
}

// accepts reports whether stmt carries a //seam:unordered directive with a
// reason in the comment group ending on the line above it. If it carries one
// without a reason, hint explains why it was not accepted.
func (d directives) accepts(fset *token.FileSet, stmt ast.Node) (ok bool, hint string) {
	tf := fset.File(stmt.Pos())
	reason, found := d[tf][tf.Line(stmt.Pos())-1]
	switch {
	case !found:
		return false, ""
	case reason == "":
		return false, fmt.Sprintf(" (%s needs a reason)", directive)
	}
	return true, ""
}
