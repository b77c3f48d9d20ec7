package format

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"revl.dev/debug/runtime/syntax"
)

// Tree renders n as text without positions, a line per node prefixed by
// its depth: the node types, the children in field order, every scalar
// field, and, for a *File, the text of every comment (trailing white space
// removed, which the formatter drops). The depth is a number rather than
// an indentation so that the text stays linear in the size of the tree: a
// flat `1 + 1 + ...` chain nests as deep as it is long. Two files with the same Tree are the same program with the same
// comments in the same order, whatever their layout; that is the
// formatter's correctness property.
func Tree(n syntax.Node) string {
	var b strings.Builder
	treeNode(&b, "", 0, reflect.ValueOf(n))
	return b.String()
}

var (
	nodeIface = reflect.TypeFor[syntax.Node]()
	spanT     = reflect.TypeFor[syntax.Span]()
	posT      = reflect.TypeFor[syntax.Pos]()
	fileT     = reflect.TypeFor[syntax.File]()
	commentT  = reflect.TypeFor[syntax.Comment]()
)

func treeNode(b *strings.Builder, label string, depth int, v reflect.Value) {
	for v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() == reflect.Pointer && v.IsNil() {
		return
	}
	s := v.Elem()
	t := s.Type()
	b.WriteString(strconv.Itoa(depth))
	b.WriteByte(' ')
	if label != "" {
		b.WriteString(label + ": ")
	}
	b.WriteString(t.Name())
	if t == commentT {
		fmt.Fprintf(b, " %q\n", strings.TrimRight(s.FieldByName("Text").String(), " \t\r"))
		return
	}
	type child struct {
		label string
		v     reflect.Value
	}
	var children []child
	for i := 0; i < t.NumField(); i++ {
		f, fv := t.Field(i), s.Field(i)
		switch {
		case f.Type == spanT || f.Type == posT:
			continue
		case t == fileT && (f.Name == "Src" || f.Name == "Name"):
			continue
		case f.Type.Implements(nodeIface):
			children = append(children, child{f.Name, fv})
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Implements(nodeIface):
			for j := 0; j < fv.Len(); j++ {
				children = append(children, child{fmt.Sprintf("%s[%d]", f.Name, j), fv.Index(j)})
			}
		default:
			fmt.Fprintf(b, " %s=%#v", f.Name, fv.Interface())
		}
	}
	b.WriteString("\n")
	for _, c := range children {
		treeNode(b, c.label, depth+1, c.v)
	}
}
