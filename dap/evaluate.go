package dap

import (
	"fmt"
	"strings"

	godap "github.com/google/go-dap"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/syntax"
)

// Expressions of the debug console, watches, hovers, breakpoint
// conditions and logpoints are revl expressions, evaluated by the runtime
// (runtime.Machine.Eval) in the scope of a paused frame, on a clone of the
// session's machine: every expression of the language works, and none
// changes the session. Besides the frame's names the debugger binds
// `$`-names describing the position (evalscope.go).

// evalAt says where an expression is evaluated: the frame of Stack(fiber)
// at index frame, or, with frame < 0, the fiber's context without a frame
// (fiber "": no context at all).
type evalAt struct {
	fiber string
	frame int
}

// here is the statement about to run: the innermost frame, if any.
var here = evalAt{frame: 0}

// parsed is an expression ready to evaluate at many positions: its tree
// and the `$`-names it uses, so only those are computed.
type parsed struct {
	src     string
	x       syntax.Expr
	dollars []string
}

func parse(src string) (*parsed, error) {
	x, err := syntax.ParseDebugExpr(src)
	if err != nil {
		return nil, err
	}
	p := &parsed{src: src, x: x}
	seen := map[string]bool{}
	syntax.Inspect(x, func(n syntax.Node) bool {
		if id, ok := n.(*syntax.Ident); ok && strings.HasPrefix(id.Name, "$") && !seen[id.Name] {
			seen[id.Name] = true
			p.dollars = append(p.dollars, id.Name)
		}
		return true
	})
	return p, nil
}

// eval evaluates p at a.
func (s *session) eval(p *parsed, a evalAt) (runtime.Value, error) {
	var extra []runtime.Binding
	for _, name := range p.dollars {
		if v, ok := s.dollar(name); ok {
			extra = append(extra, runtime.Binding{Name: name, Value: v})
		}
	}
	return s.eng.Machine().EvalExpr(a.fiber, a.frame, p.x, extra...)
}

// evalSrc parses and evaluates src at a.
func (s *session) evalSrc(src string, a evalAt) (runtime.Value, error) {
	p, err := parse(src)
	if err != nil {
		return runtime.Value{}, err
	}
	return s.eval(p, a)
}

// frameAt is where the frame with DAP id id evaluates: the scheduler's
// frame has no context; a fiber's own frame (nothing running) its
// context; a code frame its scope.
func (s *session) frameAt(id int) (evalAt, error) {
	if id <= 0 {
		return here, nil
	}
	if id > len(s.handles.frames) {
		return evalAt{}, fmt.Errorf("no frame %d (frames are valid until the next stop)", id)
	}
	fr := s.handles.frames[id-1]
	if fr.fiber < 0 {
		return evalAt{frame: -1}, nil
	}
	return evalAt{fiber: s.prog.LoadOrder[fr.fiber].Name, frame: fr.index}, nil
}

func (s *session) onEvaluate(req godap.RequestMessage) error {
	if err := s.needLaunch(); err != nil {
		return err
	}
	r := req.(*godap.EvaluateRequest)
	at, err := s.frameAt(r.Arguments.FrameId)
	if err != nil {
		return err
	}
	v, err := s.evalSrc(r.Arguments.Expression, at)
	if err != nil {
		return err
	}
	vv := s.valueVar("", v, strings.TrimSpace(r.Arguments.Expression))
	s.reply(req, godap.EvaluateResponseBody{Result: vv.Value, Type: vv.Type, VariablesReference: vv.VariablesReference, IndexedVariables: vv.IndexedVariables})
	return nil
}

// interpolate expands the `{expr}` parts of a log message at the
// statement about to run. An expression may hold braces itself (a record,
// a match): a part ends at the first `}` that closes an expression that
// parses. A part that fails shows its error in angle brackets.
func (s *session) interpolate(msg string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '{')
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		end, p, err := -1, (*parsed)(nil), error(nil)
		for j := i + 1; j < len(msg); j++ {
			if msg[j] != '}' {
				continue
			}
			q, e := parse(msg[i+1 : j])
			if end < 0 || e == nil {
				end, p, err = j, q, e
			}
			if e == nil {
				break
			}
		}
		if end < 0 {
			b.WriteString(msg)
			return b.String()
		}
		b.WriteString(msg[:i])
		var v runtime.Value
		if err == nil {
			v, err = s.eval(p, here)
		}
		if err != nil {
			b.WriteString("<" + err.Error() + ">")
		} else {
			b.WriteString(v.Display())
		}
		msg = msg[end+1:]
	}
}
