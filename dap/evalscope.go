package dap

import (
	"fmt"
	"strconv"

	godap "github.com/google/go-dap"

	"revl.dev/debug/runtime"
)

// Scopes for expressions: a frame's locals, then the position's $-names.

// scopeHere is the scope of the statement about to run: the innermost
// frame's locals (none at a boundary).
func (s *session) scopeHere() scope {
	var locals []runtime.Var
	if s.eng.InAtom() {
		if st := s.eng.Machine().Stack(""); len(st) > 0 {
			locals = st[0].Locals
		}
	}
	return s.scopeOf(locals)
}

func (s *session) scopeOf(locals []runtime.Var) scope {
	return func(name string) (any, bool) {
		for _, l := range locals {
			if l.Name == name {
				return parseValue(l.Value), true
			}
		}
		return s.dollar(name)
	}
}

// dollar resolves the position's names.
func (s *session) dollar(name string) (any, bool) {
	e := s.eng
	switch name {
	case "$decision":
		return int64(e.Decision()), true
	case "$tick":
		return e.Tick(), true
	case "$time":
		return e.Machine().Now(), true
	case "$atom":
		a, ok := s.currentAtom()
		if !ok {
			return nullV{}, true
		}
		return a.String(), true
	case "$fiber":
		if f := e.Machine().CurrentFiber(); f != "" {
			return f, true
		}
		return nullV{}, true
	case "$seed":
		if s.args != nil && s.args.Seed != nil {
			if n, err := strconv.ParseInt(s.args.Seed.String(), 10, 64); err == nil {
				return n, true
			}
		}
		return nullV{}, true
	case "$choices":
		var out []any
		for _, c := range e.Choices()[:min(e.Decision(), len(e.Choices()))] {
			out = append(out, int64(c))
		}
		if out == nil {
			out = []any{}
		}
		return out, true
	case "$ready":
		out := []any{}
		if !e.InAtom() {
			for i := 0; i < min(e.ReadyLen(), 1000); i++ {
				out = append(out, e.ReadyAt(i).String())
			}
		}
		return out, true
	case "$emissions":
		out := []any{}
		for _, em := range e.EmissionsSoFar() {
			out = append(out, em.Text)
		}
		return out, true
	case "$state":
		r := &record{}
		for i, c := range s.prog.LoadOrder {
			r.names, r.vals = append(r.names, c.Name), append(r.vals, e.FiberState(i).String())
		}
		return r, true
	}
	return nil, false
}

func (s *session) evalAt(x expr, sc scope) (any, error) { return eval(x, sc) }

func (s *session) onEvaluate(req godap.RequestMessage) error {
	if err := s.needLaunch(); err != nil {
		return err
	}
	r := req.(*godap.EvaluateRequest)
	sc := s.scopeHere()
	if id := r.Arguments.FrameId; id > 0 {
		if id > len(s.handles.frames) {
			return fmt.Errorf("no frame %d", id)
		}
		fr := s.handles.frames[id-1]
		sc = s.scopeOf(nil)
		if fr.fiber >= 0 && fr.index >= 0 {
			st := s.eng.Machine().Stack(s.prog.LoadOrder[fr.fiber].Name)
			if fr.index < len(st) {
				sc = s.scopeOf(st[fr.index].Locals)
			}
		}
	}
	x, err := parseExpr(r.Arguments.Expression)
	if err != nil {
		return err
	}
	v, err := eval(x, sc)
	if err != nil {
		return err
	}
	vv := s.valueVar("", v, r.Arguments.Expression)
	s.reply(req, godap.EvaluateResponseBody{Result: vv.Value, Type: vv.Type, VariablesReference: vv.VariablesReference, IndexedVariables: vv.IndexedVariables})
	return nil
}
