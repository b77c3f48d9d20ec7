package mocks

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

// Crossing is one emission a mock received: the crossing it recorded
// instead of making it.
type Crossing struct {
	Fiber string   // the component that emitted
	Mock  string   // the mock that received it
	Args  []string // the arguments, rendered (`"select 1"`)
	Text  string   // the whole emission, `db.execute("select 1")`
	Atom  int      // the atom (decision) it happened in
}

// Operation is the crossings recorded for one operation of one key.
type Operation struct {
	Key     string
	Service string
	Method  string
	// Params are the parameter names of the service method, for the
	// `would have emitted: sql="select 1"` lines.
	Params    []string
	Crossings []Crossing
}

// Crossings groups the mocked emissions among ems (those with a Mock) per
// operation, sorted by key then method; each operation keeps its crossings
// in the order they happened. p is the program whose services name the
// parameters.
func Crossings(p *check.Program, ems []runtime.Emission) []Operation {
	var ops []Operation
	for _, e := range ems {
		if e.Mock == "" {
			continue
		}
		i := slices.IndexFunc(ops, func(o Operation) bool { return o.Key == e.Key && o.Method == e.Method })
		if i < 0 {
			ops = append(ops, Operation{Key: e.Key, Service: e.Service, Method: e.Method, Params: params(p, e.Service, e.Method)})
			i = len(ops) - 1
		}
		ops[i].Crossings = append(ops[i].Crossings, Crossing{Fiber: e.Fiber, Mock: e.Mock, Args: e.Args, Text: e.Text, Atom: e.Atom})
	}
	slices.SortStableFunc(ops, func(a, b Operation) int {
		if c := strings.Compare(a.Key, b.Key); c != 0 {
			return c
		}
		return strings.Compare(a.Method, b.Method)
	})
	return ops
}

func params(p *check.Program, service, method string) []string {
	if p == nil {
		return nil
	}
	s := p.ServiceByID[service]
	if s == nil {
		return nil
	}
	m := s.MethodByID[method]
	if m == nil || m.Sig == nil {
		return nil
	}
	var out []string
	for _, prm := range m.Sig.Params {
		name := ""
		if prm != nil && prm.Name != nil {
			name = prm.Name.Name
		}
		out = append(out, name)
	}
	return out
}

// Headline is the operation's summary line:
// `db.execute (Database) — 1 crossing recorded, none made`.
func (o Operation) Headline() string {
	n := len(o.Crossings)
	noun := "crossings"
	if n == 1 {
		noun = "crossing"
	}
	return fmt.Sprintf("%s.%s (%s) — %d %s recorded, none made", o.Key, o.Method, o.Service, n, noun)
}

// Arguments renders a crossing's arguments with their parameter names:
// `sql="select 1"`, `key="k", value="v"`; `()` when there are none. An
// argument without a declared name is shown by position (`#2=...`).
func (o Operation) Arguments(c Crossing) string {
	if len(c.Args) == 0 {
		return "()"
	}
	parts := make([]string, len(c.Args))
	for i, a := range c.Args {
		name := fmt.Sprintf("#%d", i+1)
		if i < len(o.Params) && o.Params[i] != "" {
			name = o.Params[i]
		}
		parts[i] = name + "=" + a
	}
	return strings.Join(parts, ", ")
}

// MaxListed is how many `would have emitted` lines WriteCrossings prints
// per operation before it summarises the rest.
const MaxListed = 10

// WriteCrossings writes the crossing report, each line prefixed with
// indent:
//
//	db.execute (Database) — 1 crossing recorded, none made
//	  would have emitted: sql="select 1"
func WriteCrossings(w io.Writer, indent string, ops []Operation) {
	for _, o := range ops {
		fmt.Fprintf(w, "%s%s\n", indent, o.Headline())
		for i, c := range o.Crossings {
			if i == MaxListed {
				fmt.Fprintf(w, "%s  ... and %d more\n", indent, len(o.Crossings)-MaxListed)
				break
			}
			fmt.Fprintf(w, "%s  would have emitted: %s\n", indent, o.Arguments(c))
		}
	}
}
