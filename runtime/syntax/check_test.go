package syntax

import (
	"flag"
	"fmt"
	"reflect"
	"testing"

	goldenfile "revl.dev/debug/internal/golden"
)

var update = flag.Bool("update", false, "rewrite golden files")

// checkPos reports whether p names the byte offset it claims, with the
// line and column the offset has in src.
func checkPos(src []byte, lineStarts []int, p Pos) error {
	if p.Offset < 0 || int(p.Offset) > len(src) {
		return fmt.Errorf("offset %d outside the file (len %d)", p.Offset, len(src))
	}
	line := 1
	for line < len(lineStarts) && lineStarts[line] <= int(p.Offset) {
		line++
	}
	col := int(p.Offset) - lineStarts[line-1] + 1
	if int(p.Line) != line || int(p.Col) != col {
		return fmt.Errorf("pos %d:%d (offset %d) should be %d:%d", p.Line, p.Col, p.Offset, line, col)
	}
	return nil
}

func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

func checkSpan(src []byte, ls []int, s Span) error {
	if err := checkPos(src, ls, s.Start); err != nil {
		return fmt.Errorf("start: %v", err)
	}
	if err := checkPos(src, ls, s.End); err != nil {
		return fmt.Errorf("end: %v", err)
	}
	if s.End.Offset < s.Start.Offset {
		return fmt.Errorf("inverted span %s", fmtSpan(s))
	}
	return nil
}

// checkTree verifies the invariants every parse result must keep, for any
// input: spans well-formed and consistent with the source, every child
// inside its parent, Inspect visiting in source order and reaching every
// node that reflection can find.
func checkTree(f *File, diags []Diagnostic) error {
	if f == nil {
		return fmt.Errorf("nil *File")
	}
	src := f.Src
	ls := lineStarts(src)
	if f.Start.Offset != 0 || int(f.End.Offset) != len(src) {
		return fmt.Errorf("file span %s does not cover the source", fmtSpan(f.Span))
	}
	var stack []Node
	var err error
	lastStart := -1
	visited := 0
	Inspect(f, func(n Node) bool {
		if err != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		visited++
		sp := n.Range()
		if e := checkSpan(src, ls, sp); e != nil {
			err = fmt.Errorf("%T: %v", n, e)
			return false
		}
		if len(stack) > 0 {
			ps := stack[len(stack)-1].Range()
			if sp.Start.Offset < ps.Start.Offset || sp.End.Offset > ps.End.Offset {
				err = fmt.Errorf("%T %s is outside its parent %T %s", n, fmtSpan(sp), stack[len(stack)-1], fmtSpan(ps))
				return false
			}
		}
		if int(sp.Start.Offset) < lastStart {
			err = fmt.Errorf("%T at %s visited after a node starting at offset %d", n, fmtSpan(sp), lastStart)
			return false
		}
		lastStart = int(sp.Start.Offset)
		stack = append(stack, n)
		return true
	})
	if err != nil {
		return err
	}
	Inspect(f, func(n Node) bool {
		if e := checkRequired(n); e != nil && err == nil {
			err = e
		}
		return err == nil
	})
	if err != nil {
		return err
	}
	if want := countNodes(reflect.ValueOf(f)); visited != want {
		return fmt.Errorf("Inspect visited %d nodes, reflection finds %d", visited, want)
	}
	if len(diags) > maxDiags {
		return fmt.Errorf("%d diagnostics, more than the cap %d", len(diags), maxDiags)
	}
	for _, d := range diags {
		if e := checkSpan(src, ls, d.Span); e != nil {
			return fmt.Errorf("diagnostic %q: %v", d.Error(), e)
		}
		if d.File != f.Name || d.Message == "" || (d.Code != "E-syntax" && d.Code != "E-lex") || d.Severity != SeverityError {
			return fmt.Errorf("malformed diagnostic %+v", d)
		}
	}
	return nil
}

// countNodes counts the non-nil nodes reachable from v by reflection.
func countNodes(v reflect.Value) int {
	for v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() != reflect.Pointer || v.IsNil() {
		return 0
	}
	if _, ok := v.Interface().(Node); !ok {
		return 0
	}
	n := 1
	s := v.Elem()
	for i := 0; i < s.NumField(); i++ {
		fv := s.Field(i)
		switch {
		case fv.Kind() == reflect.Slice && fv.Type().Elem().Implements(nodeType):
			for j := 0; j < fv.Len(); j++ {
				n += countNodes(fv.Index(j))
			}
		case fv.Type().Implements(nodeType) && fv.Type() != spanType:
			n += countNodes(fv)
		}
	}
	return n
}

// golden compares got with the named golden file, or rewrites the file
// under -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	goldenfile.Check(t, path, got, *update)
}

// renderDiags renders diagnostics one `file:line:col: message` per line.
func renderDiags(diags []Diagnostic) string {
	s := ""
	for _, d := range diags {
		s += d.Error() + "\n"
	}
	return s
}

// optionalFields are the child fields that may be nil in a parsed tree;
// every other node field is always set, even after errors, so that
// consumers need no nil checks beyond these.
var optionalFields = map[string]bool{
	"MethodSig.Result": true, "Param.Type": true, "FnDecl.Result": true,
	"FnDecl.Body": true, "FnDecl.ExprBody": true, "IfStmt.Else": true,
	"EffectStmt.Name": true, "EffectStmt.Undo": true, "EmitStmt.Compensate": true,
	"MethodImpl.Result": true, "MethodImpl.Body": true, "MethodImpl.ExprBody": true,
	"LetStmt.Type": true, "ConfigField.Default": true, "ReturnStmt.Value": true,
	"AssertStmt.Cond": true, "LoadStmt.With": true, "BlockExpr.Value": true,
	"TestDecl.For": true, "TestDecl.With": true, "FaultFailStmt.Step": true, "FaultFailStmt.Effect": true,
}

func checkRequired(n Node) error {
	if n == nil {
		return nil
	}
	v := reflect.ValueOf(n).Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		k := f.Type.Kind()
		if k == reflect.Slice && f.Type.Elem().Implements(nodeType) {
			for j := 0; j < v.Field(i).Len(); j++ {
				if v.Field(i).Index(j).IsNil() {
					return fmt.Errorf("%s.%s[%d] is nil at %s", t.Name(), f.Name, j, fmtSpan(n.Range()))
				}
			}
		}
		if (k != reflect.Interface && k != reflect.Pointer) || !f.Type.Implements(nodeType) {
			continue
		}
		if v.Field(i).IsNil() && !optionalFields[t.Name()+"."+f.Name] {
			return fmt.Errorf("%s.%s is nil at %s", t.Name(), f.Name, fmtSpan(n.Range()))
		}
	}
	switch n := n.(type) {
	case *FnDecl:
		if (n.Body == nil) == (n.ExprBody == nil) {
			return fmt.Errorf("FnDecl at %s: want exactly one of Body and ExprBody", fmtSpan(n.Span))
		}
	case *MethodImpl:
		if (n.Body == nil) == (n.ExprBody == nil) {
			return fmt.Errorf("MethodImpl at %s: want exactly one of Body and ExprBody", fmtSpan(n.Span))
		}
	case *AssertStmt:
		if (n.Cond == nil) != n.NoResidue {
			return fmt.Errorf("AssertStmt at %s: Cond is nil exactly when NoResidue", fmtSpan(n.Span))
		}
	case *TemplateLit:
		if len(n.Parts) != len(n.Exprs)+1 {
			return fmt.Errorf("TemplateLit at %s: %d parts for %d exprs", fmtSpan(n.Span), len(n.Parts), len(n.Exprs))
		}
	}
	return nil
}
