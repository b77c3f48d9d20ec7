package dap

import (
	"reflect"
	"sort"

	"revl.dev/debug/runtime/syntax"
)

// A location is a place the machine can stop: a statement of a component
// body, a provision method, a helper fn or a timer body, a one-expression
// method body (`fn ping(n) = n + 1`), or an undo or compensate expression
// (stopped at when its inverse runs). Test bodies are left out: schedules
// do not run them.
type location struct{ syntax.Span }

// locations lists a file's stop locations by position. The runtime
// compiles a stop point for exactly these nodes (runtime/compile.go); the
// debugger has no access to the compiled code, so it walks the tree.
func locations(f *syntax.File) []location {
	var out []location
	add := func(n syntax.Node) {
		if n != nil && !reflect.ValueOf(n).IsNil() {
			out = append(out, location{n.Range()})
		}
	}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if v.IsNil() {
				return
			}
			if v.Kind() == reflect.Pointer {
				switch n := v.Interface().(type) {
				case *syntax.TestDecl:
					return
				case *syntax.Block:
					// Blocks are not stop points; their statements are.
				case *syntax.EffectStmt:
					add(n)
					if n.Undo != nil {
						add(n.Undo)
					}
				case *syntax.EmitStmt:
					add(n)
					if n.Compensate != nil {
						add(n.Compensate)
					}
				case *syntax.MethodImpl:
					if n.ExprBody != nil {
						add(n.ExprBody)
					}
				case *syntax.FnDecl:
					if n.ExprBody != nil {
						add(n.ExprBody)
					}
				case syntax.Stmt:
					add(n)
				}
			}
			walk(v.Elem())
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		}
	}
	for _, d := range f.Decls {
		walk(reflect.ValueOf(d))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Offset < out[j].Start.Offset })
	return out
}

// onLine returns the locations that start on line.
func onLine(locs []location, line int) []location {
	var out []location
	for _, l := range locs {
		if int(l.Start.Line) == line {
			out = append(out, l)
		}
	}
	return out
}

// nearest moves a requested line to the nearest line with a location: the
// line itself, else the next one that has one, else the previous one.
func nearest(locs []location, line int) (int, bool) {
	best := -1
	for _, l := range locs {
		if int(l.Start.Line) >= line && (best < 0 || int(l.Start.Line) < best) {
			best = int(l.Start.Line)
		}
	}
	if best >= 0 {
		return best, true
	}
	for _, l := range locs {
		if int(l.Start.Line) < line && int(l.Start.Line) > best {
			best = int(l.Start.Line)
		}
	}
	return best, best >= 0
}
