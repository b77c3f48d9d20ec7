package syntax

import (
	"reflect"
	"sort"
)

// Inspect traverses the tree rooted at n in depth-first source order, as
// go/ast.Inspect does: it calls f(node); when f returns true it visits the
// node's children, then calls f(nil). Nil nodes (also typed nil pointers
// in interfaces) are skipped.
//
// When n is a *File its comments are visited too, interleaved by position
// with the nodes: a comment is visited before the first node that starts
// after it, at the depth of the innermost node that contains it. Comments
// inside a subtree for which f returned false are skipped with it.
func Inspect(n Node, f func(Node) bool) {
	w := &walker{f: f}
	if file, ok := n.(*File); ok && file != nil {
		w.comments = file.Comments
	}
	w.walk(n)
	w.flush(int(^uint(0) >> 1))
}

type walker struct {
	f        func(Node) bool
	comments []*Comment // not yet visited, in source order
}

// flush visits the comments that start before offset.
func (w *walker) flush(offset int) {
	for len(w.comments) > 0 && int(w.comments[0].Start.Offset) < offset {
		c := w.comments[0]
		w.comments = w.comments[1:]
		if c != nil && w.f(c) {
			w.f(nil)
		}
	}
}

// skip drops the comments that start before offset, unvisited.
func (w *walker) skip(offset int) {
	for len(w.comments) > 0 && int(w.comments[0].Start.Offset) < offset {
		w.comments = w.comments[1:]
	}
}

func isNil(n Node) bool {
	if n == nil {
		return true
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

func (w *walker) walk(n Node) {
	if isNil(n) {
		return
	}
	if _, isComment := n.(*Comment); !isComment {
		w.flush(int(n.Range().Start.Offset))
	}
	if !w.f(n) {
		w.skip(int(n.Range().End.Offset))
		return
	}
	w.children(n)
	w.flush(int(n.Range().End.Offset))
	w.f(nil)
}

func walkList[T Node](w *walker, list []T) {
	for _, n := range list {
		w.walk(n)
	}
}

// children visits the children of n in source order.
func (w *walker) children(n Node) {
	switch n := n.(type) {
	case *File:
		walkList(w, n.Decls)
	case *Comment, *Ident, *BadDecl, *BadType, *BadStmt, *BadExpr, *BadPat,
		*IntLit, *FloatLit, *StringLit, *BoolLit, *NullLit, *DurationLit, *WildcardPat:
		// leaves

	// Declarations
	case *ServiceDecl:
		w.walk(n.Name)
		walkList(w, n.Methods)
	case *MethodSig:
		w.walk(n.Name)
		walkList(w, n.Params)
		w.walk(n.Result)
	case *Param:
		w.walk(n.Name)
		w.walk(n.Type)
	case *TypeDecl:
		w.walk(n.Name)
		w.walk(n.Type)
	case *ComponentDecl:
		w.walk(n.Name)
		// requires and provides may come in either order.
		keys := make([]*KeyBinding, 0, len(n.Requires)+len(n.Provides))
		keys = append(append(keys, n.Requires...), n.Provides...)
		sort.SliceStable(keys, func(i, j int) bool {
			return keys[i] != nil && keys[j] != nil && keys[i].Start.Offset < keys[j].Start.Offset
		})
		walkList(w, keys)
		w.walk(n.Body)
	case *KeyBinding:
		w.walk(n.Key)
		w.walk(n.Service)
	case *FnDecl:
		w.walk(n.Name)
		walkList(w, n.Params)
		w.walk(n.Result)
		w.walk(n.Body)
		w.walk(n.ExprBody)
	case *TestDecl:
		w.walk(n.Name)
		w.walk(n.For)
		w.walk(n.With)
		w.walk(n.Body)

	// Types
	case *NamedType:
		w.walk(n.Name)
		walkList(w, n.Args)
	case *OptionalType:
		w.walk(n.Elem)
	case *RecordType:
		walkList(w, n.Fields)
	case *FieldType:
		w.walk(n.Name)
		w.walk(n.Type)
	case *UnionType:
		walkList(w, n.Variants)
	case *Variant:
		w.walk(n.Name)
		walkList(w, n.Fields)

	// Statements
	case *Block:
		walkList(w, n.Stmts)
	case *ConfigStmt:
		walkList(w, n.Fields)
	case *ConfigField:
		w.walk(n.Name)
		w.walk(n.Type)
		w.walk(n.Default)
	case *EffectStmt:
		w.walk(n.Name)
		w.walk(n.Effect)
		w.walk(n.Undo)
	case *EmitStmt:
		w.walk(n.Call)
		w.walk(n.Compensate)
	case *FailStmt:
		w.walk(n.Message)
	case *IfStmt:
		w.walk(n.Cond)
		w.walk(n.Then)
		w.walk(n.Else)
	case *TimerStmt:
		w.walk(n.Interval)
		w.walk(n.Body)
	case *ProvideStmt:
		w.walk(n.Key)
		walkList(w, n.Methods)
	case *MethodImpl:
		w.walk(n.Name)
		walkList(w, n.Params)
		w.walk(n.Result)
		w.walk(n.Body)
		w.walk(n.ExprBody)
	case *LetStmt:
		w.walk(n.Name)
		w.walk(n.Type)
		w.walk(n.Value)
	case *AssignStmt:
		w.walk(n.Target)
		w.walk(n.Value)
	case *WhileStmt:
		w.walk(n.Cond)
		w.walk(n.Body)
	case *ForStmt:
		w.walk(n.Var)
		w.walk(n.Iter)
		w.walk(n.Body)
	case *ReturnStmt:
		w.walk(n.Value)
	case *ExprStmt:
		w.walk(n.X)
	case *AssertStmt:
		w.walk(n.Cond)
	case *LoadStmt:
		w.walk(n.Component)
		w.walk(n.With)
	case *UnloadStmt:
		w.walk(n.Component)
	case *AdvanceStmt:
		w.walk(n.Duration)
	case *FaultFailStmt:
		w.walk(n.Step)
		w.walk(n.Effect)

	// Expressions
	case *TemplateLit:
		walkList(w, n.Exprs)
	case *SelectorExpr:
		w.walk(n.X)
		w.walk(n.Sel)
	case *IndexExpr:
		w.walk(n.X)
		w.walk(n.Index)
	case *CallExpr:
		w.walk(n.Fun)
		walkList(w, n.Args)
	case *RecordLit:
		walkList(w, n.Fields)
	case *FieldInit:
		w.walk(n.Name)
		w.walk(n.Value)
	case *ListLit:
		walkList(w, n.Elems)
	case *MatchExpr:
		w.walk(n.X)
		walkList(w, n.Arms)
	case *MatchArm:
		w.walk(n.Pattern)
		w.walk(n.Body)
	case *UnaryExpr:
		w.walk(n.X)
	case *BinaryExpr:
		w.walk(n.X)
		w.walk(n.Y)
	case *TernaryExpr:
		w.walk(n.Cond)
		w.walk(n.Then)
		w.walk(n.Else)
	case *ArrowExpr:
		walkList(w, n.Params)
		w.walk(n.Body)
	case *AwaitExpr:
		w.walk(n.X)
	case *ParenExpr:
		w.walk(n.X)
	case *BlockExpr:
		walkList(w, n.Stmts)
		w.walk(n.Value)
	case *HarnessCallExpr:
		w.walk(n.Call)

	// Patterns
	case *NamePat:
		w.walk(n.Name)
	case *CtorPat:
		w.walk(n.Name)
		walkList(w, n.Args)
	case *LitPat:
		w.walk(n.Value)
	}
}
