package check

import (
	"revl.dev/debug/runtime/syntax"
)

// expr infers the type of e. hint is the type the context expects, or
// nil; it only fills in what e alone cannot say (`None`, `[]`).
func (tc *typer) expr(x *tctx, e syntax.Expr, hint *Type) *Type {
	if isNil(e) {
		return unknownT
	}
	switch e := e.(type) {
	case *syntax.IntLit:
		return intT
	case *syntax.FloatLit:
		return floatT
	case *syntax.StringLit:
		return strT
	case *syntax.BoolLit:
		return boolT
	case *syntax.TemplateLit:
		for _, s := range e.Exprs {
			tc.expr(x, s, nil)
		}
		return strT
	case *syntax.ParenExpr:
		return tc.expr(x, e.X, hint)
	case *syntax.Ident:
		return tc.ident(x, e, hint)
	case *syntax.SelectorExpr:
		return tc.selector(x, e)
	case *syntax.IndexExpr:
		xt := tc.expr(x, e.X, nil)
		it := tc.expr(x, e.Index, nil)
		switch xt.Kind {
		case TList, TStr:
			if it.Known() && it.Kind != TInt {
				tc.mismatch(e.Index, "E-type-mismatch", "an index into "+xt.String()+" is an Int, but this is "+it.String())
			}
			if xt.Kind == TStr {
				return strT
			}
			return xt.arg(0)
		}
		return unknownT
	case *syntax.CallExpr:
		return tc.call(x, e, hint)
	case *syntax.HarnessCallExpr:
		if e.Call == nil {
			return unknownT
		}
		return tc.call(x, e.Call, hint)
	case *syntax.RecordLit:
		return tc.record(x, e, hint)
	case *syntax.ListLit:
		var elemHint *Type
		if hint != nil && hint.Kind == TList {
			elemHint = hint.arg(0)
		}
		elem := unknownT
		if elemHint != nil {
			elem = elemHint
		}
		first := true
		for _, el := range e.Elems {
			t := tc.expr(x, el, elemHint)
			if first {
				elem, first = moreKnown(t, elem), false
				if elemHint != nil && !assignable(elemHint, t) {
					elem = t
				}
				continue
			}
			j, ok := join(elem, t)
			if !ok {
				tc.mismatch(el, "E-type-mismatch", "the elements of a list share one type: this list's are "+elem.String()+", but this one is "+t.String())
				j = elem
			}
			elem = j
		}
		return listOf(elem)
	case *syntax.UnaryExpr:
		t := tc.expr(x, e.X, nil)
		switch e.Op {
		case "!":
			if t.Known() && t.Kind != TBool {
				tc.mismatch(e, "E-type-operator", "'!' needs a Bool, but this is "+t.String())
			}
			return boolT
		case "-":
			if t.Known() && !t.numeric() {
				tc.mismatch(e, "E-type-operator", "'-' needs an Int or a Float, but this is "+t.String())
				return unknownT
			}
			return t
		}
		return unknownT
	case *syntax.BinaryExpr:
		return tc.binary(x, e)
	case *syntax.TernaryExpr:
		tc.cond(x, e.Cond, "'?:'")
		a := tc.expr(x, e.Then, hint)
		b := tc.expr(x, e.Else, hint)
		// Branches of different types are not refused: the runtime takes
		// them, and a discarded value (an undo's) may be anything. The
		// value is then of unknown type.
		j, _ := join(a, b)
		return j
	case *syntax.MatchExpr:
		return tc.match(x, e, hint)
	case *syntax.AwaitExpr:
		t := tc.expr(x, e.X, nil)
		if t.Kind == TJob {
			// An async method's job gives its result; a host Job's value
			// is not specified (unknown).
			return t.arg(0)
		}
		return t
	case *syntax.BlockExpr:
		tc.stmts(x, e.Stmts)
		if e.Value == nil {
			return unitT
		}
		return tc.expr(x, e.Value, hint)
	case *syntax.ArrowExpr:
		for _, p := range e.Params {
			tc.bind(p, unknownT)
		}
		tc.expr(x, e.Body, nil)
	}
	return unknownT
}

// ident is the type of a name: a local's, a nullary constructor's, or
// `config`.
func (tc *typer) ident(x *tctx, id *syntax.Ident, hint *Type) *Type {
	kind, def, ok := tc.ref(id)
	if !ok {
		return unknownT
	}
	switch kind {
	case RefLocal:
		if t := tc.localOf(def); t != nil {
			return t
		}
	case RefConfig:
		return x.cfg
	case RefCtor:
		switch id.Name {
		case "None":
			if hint != nil && hint.Kind == TOpt {
				return hint
			}
			return optOf(unknownT)
		}
		if ct := tc.c.p.Ctors[id.Name]; ct != nil && ct.Type != nil {
			return tc.declared(ct.Type.Name)
		}
	}
	return unknownT
}

// selector types `x.f` outside a call: a config field or a record field.
func (tc *typer) selector(x *tctx, s *syntax.SelectorExpr) *Type {
	if s.Sel == nil {
		return unknownT
	}
	if id, ok := s.X.(*syntax.Ident); ok && id != nil && tc.refKind(id) == RefConfig {
		// config.f: an unknown field is E-config-unknown-field (name pass).
		if t, ok := x.cfg.field(s.Sel.Name); ok {
			return t
		}
		return unknownT
	}
	xt := tc.expr(x, s.X, nil)
	switch xt.Kind {
	case TUnknown:
		return unknownT
	case TRecord:
		if t, ok := xt.field(s.Sel.Name); ok {
			return t
		}
		var names []string
		for _, f := range xt.Fields {
			names = append(names, f.Name)
		}
		tc.mismatch(s.Sel, "E-type-field", xt.String()+" has no field "+q(s.Sel.Name)+tc.c.didYouMean(s.Sel.Name, names))
		return unknownT
	}
	tc.mismatch(s.Sel, "E-type-field", xt.String()+" has no field "+q(s.Sel.Name)+" (only records have fields)")
	return unknownT
}

// record types a record literal; with a record hint, its fields are
// checked against the hint's (missing and extra fields, field types).
func (tc *typer) record(x *tctx, r *syntax.RecordLit, hint *Type) *Type {
	t := &Type{Kind: TRecord}
	var want *Type
	if hint != nil && hint.Kind == TRecord {
		want = hint
	}
	for _, f := range r.Fields {
		if f == nil || f.Name == nil {
			tc.expr(x, fieldValue(f), nil)
			return unknownT
		}
		var ft *Type
		if want != nil {
			if w, ok := want.field(f.Name.Name); ok {
				ft = tc.want(x, f.Value, w, "E-type-mismatch", func() string { return "field " + q(f.Name.Name) + " of " + want.String() + " is" })
			} else {
				tc.mismatch(f.Name, "E-type-field", want.String()+" has no field "+q(f.Name.Name))
				ft = tc.expr(x, f.Value, nil)
			}
		} else {
			ft = tc.expr(x, f.Value, nil)
		}
		t.Fields = append(t.Fields, TypeField{Name: f.Name.Name, Type: ft})
	}
	if want == nil {
		return t
	}
	for _, f := range want.Fields {
		if _, ok := t.field(f.Name); !ok {
			tc.mismatch(r, "E-type-field", "this record has no field "+q(f.Name)+", which "+want.String()+" needs ("+f.Type.String()+")")
			return unknownT
		}
	}
	return want
}

func fieldValue(f *syntax.FieldInit) syntax.Expr {
	if f == nil {
		return nil
	}
	return f.Value
}

func (tc *typer) binary(x *tctx, e *syntax.BinaryExpr) *Type {
	if e.Op == "??" {
		a := tc.expr(x, e.X, nil)
		if a.Known() && a.Kind != TOpt {
			tc.mismatch(e.X, "E-type-coalesce", "'??' needs an Opt on its left, but this is "+a.String())
			tc.expr(x, e.Y, nil)
			return unknownT
		}
		elem := a.arg(0)
		b := tc.expr(x, e.Y, elem)
		j, ok := join(elem, b)
		if !ok {
			tc.mismatch(e.Y, "E-type-mismatch", "'??' gives the "+elem.String()+" inside "+a.String()+" or this, but this is "+b.String())
		}
		return j
	}
	a := tc.expr(x, e.X, nil)
	b := tc.expr(x, e.Y, nil)
	known := a.Known() && b.Known()
	switch e.Op {
	case "&&", "||":
		for _, side := range []struct {
			t *Type
			e syntax.Expr
		}{{a, e.X}, {b, e.Y}} {
			if side.t.Known() && side.t.Kind != TBool {
				tc.mismatch(side.e, "E-type-operator", q(e.Op)+" needs Bool operands, but this is "+side.t.String())
			}
		}
		return boolT
	case "==", "!=":
		if known && !(a.numeric() && b.numeric()) && !assignable(a, b) && !assignable(b, a) {
			always := "false"
			if e.Op == "!=" {
				always = "true"
			}
			tc.mismatch(e, "E-type-compare", q(e.Op)+" of "+a.String()+" and "+b.String()+" is always "+always+": the types differ")
		}
		return boolT
	case "<", ">", "<=", ">=":
		if known && !(a.numeric() && b.numeric()) && !(a.Kind == TStr && b.Kind == TStr) {
			tc.mismatch(e, "E-type-compare", q(e.Op)+" compares two numbers or two Strs, but these are "+a.String()+" and "+b.String())
		}
		return boolT
	case "+":
		switch {
		case a.Kind == TStr || b.Kind == TStr:
			return strT // + with a Str on either side concatenates
		case a.Kind == TList && b.Kind == TList:
			j, ok := join(a, b)
			if !ok {
				tc.mismatch(e, "E-type-operator", "'+' joins two lists of one type, but these are "+a.String()+" and "+b.String())
			}
			return j
		}
		fallthrough
	case "-", "*", "/", "%":
		for _, side := range []struct {
			t *Type
			e syntax.Expr
		}{{a, e.X}, {b, e.Y}} {
			if side.t.Known() && !side.t.numeric() && !(e.Op == "+" && side.t.Kind == TList) {
				what := "Int or Float operands"
				if e.Op == "+" {
					what = "numbers, Strs or lists"
				}
				tc.mismatch(side.e, "E-type-operator", q(e.Op)+" needs "+what+", but this is "+side.t.String())
				return unknownT
			}
		}
		switch {
		case a.Kind == TInt && b.Kind == TInt:
			return intT
		case known && a.numeric() && b.numeric():
			return floatT
		}
	}
	return unknownT
}
