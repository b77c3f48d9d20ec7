package syntax

import (
	"fmt"
	"reflect"
	"strings"
)

// Dump renders a tree as indented text, one node per line: the field name
// in its parent, the node type, its span as line:col-line:col, then its
// non-zero scalar fields. It is a debugging aid and the format of the
// parser's golden tests; it reads nodes by reflection, so new node types
// need no change here. File.Src and File.Name are left out.
//
//	File 1:1-2:1
//	  Decls[0]: ServiceDecl 1:1-1:45
//	    Name: Ident "Log" 1:9-1:12
func Dump(n Node) string {
	var b strings.Builder
	dumpNode(&b, "", 0, reflect.ValueOf(n))
	return b.String()
}

var (
	nodeType = reflect.TypeFor[Node]()
	spanType = reflect.TypeFor[Span]()
)

func fmtSpan(s Span) string {
	return fmt.Sprintf("%d:%d-%d:%d", s.Start.Line, s.Start.Col, s.End.Line, s.End.Col)
}

func dumpNode(b *strings.Builder, label string, indent int, v reflect.Value) {
	for v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() == reflect.Pointer && v.IsNil() {
		return
	}
	b.WriteString(strings.Repeat("  ", indent))
	if label != "" {
		b.WriteString(label + ": ")
	}
	n := v.Interface().(Node)
	s := v.Elem()
	t := s.Type()
	b.WriteString(t.Name())
	if id, ok := n.(*Ident); ok {
		fmt.Fprintf(b, " %q", id.Name)
	}
	b.WriteString(" " + fmtSpan(n.Range()))

	type child struct {
		label string
		v     reflect.Value
	}
	var children []child
	for i := 0; i < t.NumField(); i++ {
		f, fv := t.Field(i), s.Field(i)
		switch {
		case f.Type == spanType,
			t == reflect.TypeFor[File]() && (f.Name == "Src" || f.Name == "Name"),
			t == reflect.TypeFor[Ident]() && f.Name == "Name":
			continue
		case f.Type.Implements(nodeType) || f.Type.Kind() == reflect.Interface && f.Type.Implements(nodeType):
			children = append(children, child{f.Name, fv})
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Implements(nodeType):
			for j := 0; j < fv.Len(); j++ {
				children = append(children, child{fmt.Sprintf("%s[%d]", f.Name, j), fv.Index(j)})
			}
		default:
			writeScalar(b, f.Name, fv)
		}
	}
	b.WriteString("\n")
	for _, c := range children {
		dumpNode(b, c.label, indent+1, c.v)
	}
}

// writeScalar writes ` Name=value` for a non-zero scalar field; a bool
// prints as its bare name, and enums (Stringers) print even when zero.
func writeScalar(b *strings.Builder, name string, v reflect.Value) {
	if st, ok := v.Interface().(fmt.Stringer); ok {
		fmt.Fprintf(b, " %s=%s", name, st.String())
		return
	}
	if v.IsZero() {
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		b.WriteString(" " + name)
	case reflect.String:
		fmt.Fprintf(b, " %s=%q", name, v.String())
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.String {
			parts := make([]string, v.Len())
			for i := range parts {
				parts[i] = fmt.Sprintf("%q", v.Index(i).String())
			}
			fmt.Fprintf(b, " %s=[%s]", name, strings.Join(parts, " "))
			return
		}
		fmt.Fprintf(b, " %s=%v", name, v.Interface())
	default:
		fmt.Fprintf(b, " %s=%v", name, v.Interface())
	}
}
