package dap

import (
	"strconv"

	"revl.dev/debug/runtime"
)

// The `$`-names an expression may use besides the frame's: facts about
// the position, computed only when an expression names them.

// dollar returns the value of a position name.
func (s *session) dollar(name string) (runtime.Value, bool) {
	e := s.eng
	switch name {
	case "$decision":
		return runtime.IntValue(int64(e.Decision())), true
	case "$tick":
		return runtime.IntValue(e.Tick()), true
	case "$time":
		return runtime.IntValue(e.Machine().Now()), true
	case "$atom":
		a, ok := s.currentAtom()
		if !ok {
			return runtime.NullValue(), true
		}
		return runtime.StrValue(a.String()), true
	case "$fiber":
		if f := e.Machine().CurrentFiber(); f != "" {
			return runtime.StrValue(f), true
		}
		return runtime.NullValue(), true
	case "$seed":
		if s.args != nil && s.args.Seed != nil {
			if n, err := strconv.ParseInt(s.args.Seed.String(), 10, 64); err == nil {
				return runtime.IntValue(n), true
			}
		}
		return runtime.NullValue(), true
	case "$choices":
		var out []runtime.Value
		cs := e.ChoicesView()
		for _, c := range cs[:min(e.Decision(), len(cs))] {
			out = append(out, runtime.IntValue(int64(c)))
		}
		return runtime.ListValue(out), true
	case "$ready":
		var out []runtime.Value
		if !e.InAtom() {
			for i := 0; i < min(e.ReadyLen(), 1000); i++ {
				out = append(out, runtime.StrValue(e.ReadyAt(i).String()))
			}
		}
		return runtime.ListValue(out), true
	case "$emissions":
		var out []runtime.Value
		for _, em := range e.EmissionsSoFar() {
			out = append(out, runtime.StrValue(em.Text))
		}
		return runtime.ListValue(out), true
	case "$state":
		names := make([]string, len(s.prog.LoadOrder))
		vals := make([]runtime.Value, len(s.prog.LoadOrder))
		for i, c := range s.prog.LoadOrder {
			names[i], vals[i] = c.Name, runtime.StrValue(e.FiberState(i).String())
		}
		return runtime.RecordValue(names, vals), true
	}
	return runtime.Value{}, false
}
