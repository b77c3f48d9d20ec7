package check

import (
	"sort"

	"revl.dev/debug/runtime/syntax"
)

// call types a call by what its callee names: a helper fn, a constructor,
// a method through a key, a host static, or a value's method.
func (tc *typer) call(x *tctx, e *syntax.CallExpr, hint *Type) *Type {
	switch fn := e.Fun.(type) {
	case *syntax.Ident:
		if fn == nil {
			break
		}
		kind, _, _ := tc.ref(fn)
		switch kind {
		case RefFn:
			d := tc.c.p.FnByName[fn.Name]
			if d == nil {
				break
			}
			var params []*Type
			var names []string
			for _, p := range d.Params {
				if p == nil {
					params, names = append(params, unknownT), append(names, "")
					continue
				}
				params, names = append(params, tc.resolve(p.Type)), append(names, nameOf(p.Name))
			}
			tc.args(x, e, callee{pre: "fn ", name: fn.Name}, params, names)
			if d.Result != nil {
				return tc.resolve(d.Result)
			}
			return unknownT
		case RefCtor:
			return tc.ctorCall(x, e, fn.Name, hint)
		}
	case *syntax.SelectorExpr:
		if fn == nil || fn.Sel == nil {
			break
		}
		if id, ok := fn.X.(*syntax.Ident); ok && id != nil {
			switch kind, _, _ := tc.ref(id); kind {
			case RefKey:
				return tc.keyCall(x, e, id, fn.Sel)
			case RefHostClass:
				return tc.hostStatic(x, e, id.Name, fn.Sel.Name)
			}
		}
		return tc.method(x, e, fn)
	}
	tc.expr(x, e.Fun, nil)
	for _, a := range e.Args {
		tc.expr(x, a, nil)
	}
	return unknownT
}

// callee names what a call calls, for messages: pre + 'recv.name', the
// receiver a name or a type. It is put together only for a diagnostic;
// the type pass checks every call of the program and most are fine.
type callee struct {
	pre, recv, name string
	recvT           *Type
}

func (c callee) String() string {
	switch {
	case c.recvT != nil:
		return c.pre + q(c.recvT.String()+"."+c.name)
	case c.recv != "":
		return c.pre + q(c.recv+"."+c.name)
	}
	return c.pre + q(c.name)
}

// args checks the arguments of a call against the parameter types (as
// want does, the message built only on a mismatch).
func (tc *typer) args(x *tctx, e *syntax.CallExpr, fn callee, params []*Type, names []string) {
	for i, a := range e.Args {
		if i >= len(params) {
			tc.expr(x, a, nil) // the count is E-arity, reported by the name pass
			continue
		}
		if isNil(a) {
			continue
		}
		if got := tc.expr(x, a, params[i]); !assignable(params[i], got) {
			what := "argument " + itoa(i+1) + " of " + fn.String()
			if i < len(names) && names[i] != "" {
				what += " (" + names[i] + ")"
			}
			tc.mismatch(a, "E-type-arg", what+" is "+params[i].String()+", but this is "+got.String())
		}
	}
}

// ctorCall types `Some(x)`, `Ok(x)`, `Err(e)` and a union constructor.
func (tc *typer) ctorCall(x *tctx, e *syntax.CallExpr, name string, hint *Type) *Type {
	arg := func(i int, want *Type) *Type {
		if i < len(e.Args) {
			return tc.want(x, e.Args[i], want, "E-type-arg", func() string { return "argument " + itoa(i+1) + " of " + q(name) + " is" })
		}
		return unknownT
	}
	switch name {
	case "Some":
		var want *Type = unknownT
		if hint != nil && hint.Kind == TOpt {
			want = hint.arg(0)
		}
		return optOf(moreKnown(arg(0, want), want))
	case "Ok", "Err":
		var ok, er *Type = unknownT, unknownT
		if hint != nil && hint.Kind == TResult {
			ok, er = hint.arg(0), hint.arg(1)
		}
		if name == "Ok" {
			ok = moreKnown(arg(0, ok), ok)
		} else {
			er = moreKnown(arg(0, er), er)
		}
		return &Type{Kind: TResult, Args: []*Type{ok, er}}
	}
	ct := tc.c.p.Ctors[name]
	if ct == nil || ct.Type == nil {
		for _, a := range e.Args {
			tc.expr(x, a, nil)
		}
		return unknownT
	}
	u := tc.declared(ct.Type.Name)
	var params []*Type
	for _, c := range u.Cases {
		if c.Name == name {
			params = c.Args
		}
	}
	for i := range e.Args {
		w := unknownT
		if i < len(params) {
			w = params[i]
		}
		arg(i, w)
	}
	return u
}

// keyCall types `k.m(args)` through a key: the arguments against the
// method's parameters, the result its declared result (Unit when none).
func (tc *typer) keyCall(x *tctx, e *syntax.CallExpr, id, sel *syntax.Ident) *Type {
	var key *Key
	if x.comp != nil {
		key = x.comp.KeyOf(id.Name)
	}
	if key == nil {
		if prov := tc.c.p.ProviderOf[id.Name]; prov != nil {
			key = prov.KeyOf(id.Name)
		}
	}
	var m *Method
	if key != nil && key.Service != nil {
		m = key.Service.MethodByID[sel.Name]
	}
	if m == nil || m.Sig == nil {
		for _, a := range e.Args {
			tc.expr(x, a, nil)
		}
		return unknownT
	}
	sig := tc.signature(m)
	tc.args(x, e, callee{recv: id.Name, name: sel.Name}, sig.params, sig.names)
	result := sig.result
	if m.Async && (key == nil || !key.Provided && key.Provider == nil) {
		// No provider in the composition: at run time a mock serves the
		// call and returns a job, which `await` turns into a value. A real
		// provider's async method returns its result, awaited or not.
		return unknownT
	}
	return result
}

// The parameters of the host statics, shared by every call.
var (
	poolOpenParams, poolOpenNames = []*Type{strT, intT}, []string{"url", "size"}
	jobRunParams, jobRunNames     = []*Type{strT}, []string{"name"}
)

// methodSig is a service method's signature in types, resolved once per
// method however many calls name it.
type methodSig struct {
	params []*Type
	names  []string
	result *Type
}

func (tc *typer) signature(m *Method) *methodSig {
	if s := tc.sigs[m]; s != nil {
		return s
	}
	s := &methodSig{result: unitT}
	for _, p := range m.Sig.Params {
		if p == nil {
			s.params, s.names = append(s.params, unknownT), append(s.names, "")
			continue
		}
		s.params, s.names = append(s.params, tc.resolve(p.Type)), append(s.names, nameOf(p.Name))
	}
	if m.Sig.Result != nil {
		s.result = tc.resolve(m.Sig.Result)
	}
	if tc.sigs == nil {
		tc.sigs = map[*Method]*methodSig{}
	}
	tc.sigs[m] = s
	return s
}

// hostStatic types Map.new(), Pool.open(url, size) and Job.run(name).
func (tc *typer) hostStatic(x *tctx, e *syntax.CallExpr, class, name string) *Type {
	switch class + "." + name {
	case "Map.new":
		tc.args(x, e, callee{recv: "Map", name: "new"}, nil, nil)
		return newMapT
	case "Pool.open":
		tc.args(x, e, callee{recv: "Pool", name: "open"}, poolOpenParams, poolOpenNames)
		return poolT
	case "Job.run":
		tc.args(x, e, callee{recv: "Job", name: "run"}, jobRunParams, jobRunNames)
		return jobT
	}
	for _, a := range e.Args {
		tc.expr(x, a, nil)
	}
	return unknownT
}

// valueMethods are the typed methods of plain values and host resources:
// parameter types and result, given the receiver's type.
func valueMethod(recv *Type, name string) (params []*Type, result *Type, ok bool) {
	el := recv.arg(0)
	switch recv.Kind {
	case TStr:
		switch name {
		case "len":
			return nil, intT, true
		case "upper", "lower", "trim":
			return nil, strT, true
		case "contains", "startsWith":
			return []*Type{strT}, boolT, true
		case "split":
			return []*Type{strT}, listOf(strT), true
		}
	case TList:
		switch name {
		case "len":
			return nil, intT, true
		case "first":
			return nil, optOf(el), true
		case "isEmpty":
			return nil, boolT, true
		case "contains":
			return []*Type{el}, boolT, true
		case "push":
			return []*Type{el}, recv, true
		case "map", "filter":
			return []*Type{unknownT}, unknownT, true // typed in method
		}
	case TOpt:
		switch name {
		case "isSome", "isNone":
			return nil, boolT, true
		case "unwrapOr":
			return []*Type{el}, el, true
		}
	case TMap:
		switch name {
		case "get", "remove":
			return []*Type{recv.arg(0)}, optOf(recv.arg(1)), true
		case "insert":
			return []*Type{recv.arg(0), recv.arg(1)}, unitT, true
		case "len":
			return nil, intT, true
		case "drop":
			return nil, unitT, true
		}
	case TPool:
		switch name {
		case "query":
			return []*Type{strT}, unknownT, true // the stand-in returns []; a real pool, rows
		case "execute":
			return []*Type{strT}, intT, true
		case "close":
			return nil, unitT, true
		}
	case TJob:
		if name == "cancel" {
			return nil, unitT, true
		}
	}
	return nil, nil, false
}

// method types `v.m(args)` on a value whose type is known; an unknown
// receiver gives an unknown result.
func (tc *typer) method(x *tctx, e *syntax.CallExpr, s *syntax.SelectorExpr) *Type {
	recv := tc.expr(x, s.X, nil)
	name := s.Sel.Name
	if !recv.Known() {
		for _, a := range e.Args {
			if ar, ok := unparen(a).(*syntax.ArrowExpr); ok && ar != nil {
				tc.arrow(x, ar, unknownT)
				continue
			}
			tc.expr(x, a, nil)
		}
		return unknownT
	}
	params, result, ok := valueMethod(recv, name)
	if !ok && !tc.c.valueMethods[name] {
		// No value has it: E-unknown-method, reported by the name pass.
		for _, a := range e.Args {
			tc.expr(x, a, nil)
		}
		return unknownT
	}
	if !ok {
		var have []string
		for _, m := range []string{"len", "upper", "lower", "trim", "contains", "startsWith", "split", "first", "isEmpty",
			"push", "map", "filter", "isSome", "isNone", "unwrapOr", "get", "remove", "insert", "drop", "query", "execute", "close", "cancel"} {
			if _, _, ok := valueMethod(recv, m); ok {
				have = append(have, m)
			}
		}
		sort.Strings(have)
		msg := recv.String() + " has no method " + q(name)
		if len(have) > 0 {
			msg += "; it has " + list(have)
		}
		tc.mismatch(s.Sel, "E-type-method", msg)
		for _, a := range e.Args {
			tc.expr(x, a, nil)
		}
		return unknownT
	}
	if recv.Kind == TList && (name == "map" || name == "filter") {
		var body *Type = unknownT
		for i, a := range e.Args {
			if ar, ok := unparen(a).(*syntax.ArrowExpr); ok && ar != nil && i == 0 {
				body = tc.arrow(x, ar, recv.arg(0))
				continue
			}
			tc.expr(x, a, nil)
		}
		if name == "filter" {
			if body.Known() && body.Kind != TBool {
				tc.mismatch(e, "E-type-arg", "the predicate of 'filter' returns Bool, but this one returns "+body.String())
			}
			return recv
		}
		return listOf(body)
	}
	tc.args(x, e, callee{recvT: recv, name: name}, params, nil)
	return result
}

// arrow types an arrow whose parameters are elements of type elem, and
// returns the type of its body.
func (tc *typer) arrow(x *tctx, a *syntax.ArrowExpr, elem *Type) *Type {
	for i, p := range a.Params {
		t := unknownT
		if i == 0 && len(a.Params) == 1 {
			t = elem
		}
		tc.bind(p, t)
	}
	return tc.expr(x, a.Body, nil)
}

// match types a match: each pattern against the scrutinee's type, the
// result the arms' common type. A union, Opt or Result scrutinee whose
// cases the arms do not all cover, with no catch-all arm, is the warning
// W-match-incomplete.
func (tc *typer) match(x *tctx, m *syntax.MatchExpr, hint *Type) *Type {
	st := tc.expr(x, m.X, nil)
	var result *Type = unknownT
	first := true
	covered := map[string]bool{}
	catchAll := false
	for _, arm := range m.Arms {
		if arm == nil {
			continue
		}
		if tc.pattern(arm.Pattern, st, covered) {
			catchAll = true
		}
		t := tc.expr(x, arm.Body, hint)
		if first {
			result, first = t, false
			continue
		}
		result, _ = join(result, t) // arms of different types: unknown, as for '?:'

	}
	if catchAll {
		return result
	}
	var missing []string
	for _, c := range cases(st) {
		if !covered[c] {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		tc.c.warn(m, "W-match-incomplete", "this match on "+st.String()+" has no arm for "+list(missing)+
			"; add them or a '_ =>' arm (an unmatched value is an error at run time)")
	}
	return result
}

// cases lists the constructor names of a union, Opt or Result type.
func cases(t *Type) []string {
	switch t.Kind {
	case TOpt:
		return []string{"Some", "None"}
	case TResult:
		return []string{"Ok", "Err"}
	case TUnion:
		out := make([]string, len(t.Cases))
		for i, c := range t.Cases {
			out[i] = c.Name
		}
		return out
	}
	return nil
}

// caseArgs returns the argument types of constructor name of type t, and
// whether t has that constructor.
func caseArgs(t *Type, name string) ([]*Type, bool) {
	switch t.Kind {
	case TOpt:
		switch name {
		case "Some":
			return []*Type{t.arg(0)}, true
		case "None":
			return nil, true
		}
	case TResult:
		switch name {
		case "Ok":
			return []*Type{t.arg(0)}, true
		case "Err":
			return []*Type{t.arg(1)}, true
		}
	case TUnion:
		for _, c := range t.Cases {
			if c.Name == name {
				return c.Args, true
			}
		}
	}
	return nil, false
}

// pattern checks p against the scrutinee type st, binds its names, marks
// the constructors it covers at the top level, and reports whether it
// matches every value (a wildcard or a binding).
func (tc *typer) pattern(p syntax.Pattern, st *Type, covered map[string]bool) bool {
	if isNil(p) {
		return false
	}
	switch p := p.(type) {
	case *syntax.WildcardPat:
		return true
	case *syntax.NamePat:
		if p.Name == nil {
			return false
		}
		if kind, _, _ := tc.ref(p.Name); kind == RefCtor {
			tc.ctorPat(p.Name, st, 0)
			if covered != nil {
				covered[p.Name.Name] = true
			}
			return false
		}
		tc.bind(p.Name, st)
		return true
	case *syntax.CtorPat:
		if p.Name == nil {
			return false
		}
		args := tc.ctorPat(p.Name, st, len(p.Args))
		for i, a := range p.Args {
			t := unknownT
			if i < len(args) {
				t = args[i]
			}
			tc.pattern(a, t, nil)
		}
		if covered != nil {
			covered[p.Name.Name] = true
		}
	case *syntax.LitPat:
		lt := tc.expr(&tctx{}, p.Value, nil)
		if st.Known() && lt.Known() && !(st.numeric() && lt.numeric()) && !assignable(st, lt) {
			tc.mismatch(p, "E-type-pattern", "this pattern is "+lt.String()+", but the match is on "+st.String())
		}
	}
	return false
}

// ctorPat checks that constructor id is a case of st and returns the
// types of its arguments.
func (tc *typer) ctorPat(id *syntax.Ident, st *Type, n int) []*Type {
	if !st.Known() {
		return nil
	}
	args, ok := caseArgs(st, id.Name)
	_, builtin := BuiltinCtors[id.Name]
	if !ok && tc.c.p.Ctors[id.Name] == nil && !builtin {
		return nil // E-unknown-ctor, reported by the name pass
	}
	if !ok {
		msg := q(id.Name) + " is not a case of " + st.String()
		if cs := cases(st); len(cs) > 0 {
			msg += ", whose cases are " + list(cs)
		} else {
			msg += ", which has no cases to match"
		}
		tc.mismatch(id, "E-type-pattern", msg)
		return nil
	}
	return args
}
