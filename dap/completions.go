package dap

import (
	"sort"
	"strings"
	"unicode/utf16"

	godap "github.com/google/go-dap"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
)

// Completions of the debug console: the names an expression evaluated at
// the frame sees (runtime.Machine.Eval's scope), filtered by the name
// being typed. After `x.` they are x's members: a key's service fns, a
// host class's constructors, a record's fields, a value's methods.

// dollarNames are the position names of evalscope.go.
var dollarNames = []string{"$atom", "$choices", "$decision", "$emissions", "$fiber", "$ready", "$seed", "$state", "$tick", "$time"}

type candidate struct {
	name, detail string
	kind         godap.CompletionItemType
}

func (s *session) onCompletions(req godap.RequestMessage) error {
	r := req.(*godap.CompletionsRequest)
	at, err := s.frameAt(r.Arguments.FrameId)
	if err != nil {
		return err
	}
	text := r.Arguments.Text
	if r.Arguments.Line != 0 || !s.lines1 {
		// A multi-line console input: complete on the line named (the
		// first when none is).
		lines := strings.Split(text, "\n")
		if l := s.lineIn(r.Arguments.Line); l >= 1 && l <= len(lines) {
			text = lines[l-1]
		}
	}
	cur := utf16Offset(text, s.colIn(r.Arguments.Column)-1)
	start := cur
	for start > 0 && isNameByte(text[start-1]) {
		start--
	}
	prefix := text[start:cur]
	var cands []candidate
	if start > 0 && text[start-1] == '.' {
		recv := start - 1
		for recv > 0 && (isNameByte(text[recv-1]) || text[recv-1] == '.') {
			recv--
		}
		cands = s.members(at, text[recv:start-1])
	} else {
		cands = s.namesAt(at)
	}
	items := []godap.CompletionItem{}
	seen := map[string]bool{}
	for i, c := range cands {
		if seen[c.name] || !strings.HasPrefix(c.name, prefix) {
			continue
		}
		seen[c.name] = true
		items = append(items, godap.CompletionItem{Label: c.name, Detail: c.detail, Type: c.kind,
			SortText: sortKey(i), Start: s.colOut(utf16Len(text[:start]) + 1), Length: utf16Len(prefix)})
	}
	s.reply(req, godap.CompletionsResponseBody{Targets: items})
	return nil
}

// sortKey keeps the order of the candidates (the frame's own names first).
func sortKey(i int) string {
	const digits = "0123456789"
	b := []byte("00000")
	for j := len(b) - 1; j >= 0 && i > 0; j-- {
		b[j] = digits[i%10]
		i /= 10
	}
	return string(b)
}

func isNameByte(b byte) bool {
	return b == '_' || b == '$' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// utf16Offset converts a position in UTF-16 code units to a byte offset
// of s (clamped to s).
func utf16Offset(s string, units int) int {
	n := 0
	for i, r := range s {
		if n >= units {
			return i
		}
		n += utf16.RuneLen(r)
	}
	return len(s)
}

func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

// fiberOf is the component whose context at evaluates in, nil for none.
func (s *session) fiberOf(at evalAt) *check.Component {
	name := at.fiber
	if name == "" && at.frame >= 0 {
		name = s.eng.Machine().CurrentFiber()
	}
	return s.prog.CompByName[name]
}

// namesAt lists the names in scope at at: the frame's locals (with its
// captured names and config), the fiber's keys, helper fns, constructors,
// host classes, literals and the position names.
func (s *session) namesAt(at evalAt) []candidate {
	var out []candidate
	if at.frame >= 0 {
		if st := s.eng.Machine().Stack(at.fiber); at.frame < len(st) {
			for _, l := range st[at.frame].Locals {
				out = append(out, candidate{l.Name, l.Val.Type(), "variable"})
			}
		}
	}
	if c := s.fiberOf(at); c != nil {
		if c.Config != nil {
			out = append(out, candidate{"config", "record", "variable"})
		}
		for _, k := range append(append([]*check.Key(nil), c.Requires...), c.Provides...) {
			detail := "key"
			if k.Service != nil {
				detail = "key: " + k.Service.Name
			}
			out = append(out, candidate{k.Name, detail, "module"})
		}
	}
	for _, f := range s.prog.Fns {
		out = append(out, candidate{f.Name.Name, "fn", "function"})
	}
	var ctors []string
	for n := range check.BuiltinCtors {
		ctors = append(ctors, n)
	}
	for n := range s.prog.Ctors {
		ctors = append(ctors, n)
	}
	sort.Strings(ctors)
	for _, n := range ctors {
		out = append(out, candidate{n, "constructor", "constructor"})
	}
	for _, n := range sortedKeys(check.HostClasses) {
		out = append(out, candidate{n, "host class", "class"})
	}
	out = append(out, candidate{"true", "Bool", "keyword"}, candidate{"false", "Bool", "keyword"})
	for _, n := range dollarNames {
		out = append(out, candidate{n, "position", "value"})
	}
	return out
}

// members lists what may follow `recv.` at at.
func (s *session) members(at evalAt, recv string) []candidate {
	var out []candidate
	if c := s.fiberOf(at); c != nil && !strings.Contains(recv, ".") {
		if k := c.KeyOf(recv); k != nil && k.Service != nil {
			for _, m := range k.Service.Methods {
				out = append(out, candidate{m.Name, k.Service.Name + " fn", "method"})
			}
			return out
		}
	}
	if fns, ok := check.HostClasses[recv]; ok {
		for _, f := range fns {
			out = append(out, candidate{f, recv + " constructor", "method"})
		}
		return out
	}
	if recv == "" {
		return nil
	}
	v, err := s.evalSrc(recv, at)
	if err != nil {
		return nil
	}
	switch v.Kind() {
	case runtime.RecordKind:
		for i := 0; i < v.Len(); i++ {
			n, pv := v.Part(i)
			out = append(out, candidate{n, pv.Type(), "field"})
		}
	case runtime.HandleKind:
		for _, m := range check.HostMethods[v.Type()] {
			out = append(out, candidate{m, v.Type() + " operation", "method"})
		}
	default:
		for _, m := range check.ValueMethods[v.Type()] {
			out = append(out, candidate{m, v.Type() + " method", "method"})
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
