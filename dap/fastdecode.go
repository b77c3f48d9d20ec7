package dap

import (
	godap "github.com/google/go-dap"
)

// A fast path for decoding the requests a client sends at every stop
// (threads, stackTrace, scopes, variables). encoding/json decodes a
// request three times on the general path (the envelope here, go-dap's
// envelope, go-dap's typed request), each a validating scan and a
// reflective decode: most of what a small request costs the adapter. The
// fast path reads the strict subset of JSON these requests are sent in, in
// one pass, into go-dap's own request types, and gives up (nil) on
// anything else: another command, a key it does not know or that differs
// from a known one only in case (encoding/json would match it), a
// duplicate key, a string with an escape or a byte outside printable
// ASCII, a number that is not a plain integer of at most 15 digits, null,
// an object where a scalar belongs, trailing data. Whatever it gives up on
// takes the general path, so that every error response is the one
// encoding/json and go-dap produce. TestFastDecode and FuzzFastDecode
// check that what the fast path decodes equals the general path's result.

// fastDecode decodes raw when it is a request the fast path reads, or
// returns nil.
func fastDecode(raw []byte) godap.RequestMessage {
	p := scanner{b: raw}
	var seq int
	var typ, rawCmd []byte // not yet strings: those of a stop are constants
	var args []byte        // the arguments object, unparsed
	var seen [4]bool
	ok := p.object(func(key []byte) bool {
		k := -1
		switch string(key) {
		case "seq":
			k = 0
		case "type":
			k = 1
		case "command":
			k = 2
		case "arguments":
			k = 3
		default:
			return false
		}
		if seen[k] {
			return false
		}
		seen[k] = true
		switch k {
		case 0:
			n, ok := p.int()
			seq = n
			return ok
		case 1:
			s, ok := p.rawStr()
			typ = s
			return ok
		case 2:
			s, ok := p.rawStr()
			rawCmd = s
			return ok
		default:
			start := p.i
			if !p.skipFlatObject() {
				return false
			}
			args = raw[start:p.i]
			return true
		}
	})
	if !ok || !p.end() || string(typ) != "request" {
		return nil
	}
	var cmd string
	switch string(rawCmd) {
	case "threads", "stackTrace", "scopes", "variables":
		cmd = fastCommands[string(rawCmd)]
	default:
		return nil
	}
	req := godap.Request{ProtocolMessage: godap.ProtocolMessage{Seq: seq, Type: "request"}, Command: cmd}
	a := scanner{b: args}
	// fields reads the arguments object with field, which returns false
	// for a key it does not know; no arguments are the zero arguments.
	fields := func(field func(key []byte) bool) bool {
		if args == nil {
			return true
		}
		return a.object(field) && a.end()
	}
	switch cmd {
	case "threads":
		if args != nil {
			return nil // threads takes no arguments: the general path decides
		}
		return &godap.ThreadsRequest{Request: req}
	case "stackTrace":
		r := &godap.StackTraceRequest{Request: req}
		var seen [3]bool
		if !fields(func(key []byte) bool {
			switch string(key) {
			case "threadId":
				return a.intOnce(&seen[0], &r.Arguments.ThreadId)
			case "startFrame":
				return a.intOnce(&seen[1], &r.Arguments.StartFrame)
			case "levels":
				return a.intOnce(&seen[2], &r.Arguments.Levels)
			}
			return false
		}) {
			return nil
		}
		return r
	case "scopes":
		r := &godap.ScopesRequest{Request: req}
		var seen bool
		if !fields(func(key []byte) bool {
			if string(key) == "frameId" {
				return a.intOnce(&seen, &r.Arguments.FrameId)
			}
			return false
		}) {
			return nil
		}
		return r
	case "variables":
		r := &godap.VariablesRequest{Request: req}
		var seen [4]bool
		if !fields(func(key []byte) bool {
			switch string(key) {
			case "variablesReference":
				return a.intOnce(&seen[0], &r.Arguments.VariablesReference)
			case "start":
				return a.intOnce(&seen[1], &r.Arguments.Start)
			case "count":
				return a.intOnce(&seen[2], &r.Arguments.Count)
			case "filter":
				if seen[3] {
					return false
				}
				seen[3] = true
				s, ok := a.str()
				r.Arguments.Filter = s
				return ok
			}
			return false
		}) {
			return nil
		}
		return r
	}
	return nil
}

// fastCommands are the commands fastDecode reads, as constant strings (a
// lookup by string(b) does not allocate).
var fastCommands = map[string]string{"threads": "threads", "stackTrace": "stackTrace", "scopes": "scopes", "variables": "variables"}

// scanner reads the fast path's subset of JSON from b at i.
type scanner struct {
	b []byte
	i int
}

func (p *scanner) ws() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// end reports whether nothing but white space is left.
func (p *scanner) end() bool {
	p.ws()
	return p.i == len(p.b)
}

// object reads an object, calling member with each key with the scanner at
// the key's value, which member must read; member returning false, or
// anything not in the subset, makes object return false.
func (p *scanner) object(member func(key []byte) bool) bool {
	p.ws()
	if p.i >= len(p.b) || p.b[p.i] != '{' {
		return false
	}
	p.i++
	p.ws()
	if p.i < len(p.b) && p.b[p.i] == '}' {
		p.i++
		return true
	}
	for {
		p.ws()
		key, ok := p.rawStr()
		if !ok {
			return false
		}
		p.ws()
		if p.i >= len(p.b) || p.b[p.i] != ':' {
			return false
		}
		p.i++
		p.ws()
		if !member(key) {
			return false
		}
		p.ws()
		if p.i >= len(p.b) {
			return false
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return true
		default:
			return false
		}
	}
}

// skipFlatObject passes over an object whose values are strings and
// integers of the subset (the arguments, read again by their request).
func (p *scanner) skipFlatObject() bool {
	return p.object(func([]byte) bool {
		if p.i < len(p.b) && p.b[p.i] == '"' {
			_, ok := p.rawStr()
			return ok
		}
		_, ok := p.int()
		return ok
	})
}

// rawStr reads a string of printable ASCII without escapes.
func (p *scanner) rawStr() ([]byte, bool) {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return nil, false
	}
	start := p.i + 1
	for j := start; j < len(p.b); j++ {
		c := p.b[j]
		if c == '"' {
			p.i = j + 1
			return p.b[start:j], true
		}
		if c < 0x20 || c >= 0x7f || c == '\\' {
			return nil, false
		}
	}
	return nil, false
}

func (p *scanner) str() (string, bool) {
	s, ok := p.rawStr()
	return string(s), ok
}

// int reads -?(0|[1-9][0-9]*) of at most 15 digits: no fraction, exponent
// or overflow, which encoding/json would refuse or round for an int.
func (p *scanner) int() (int, bool) {
	neg := false
	if p.i < len(p.b) && p.b[p.i] == '-' {
		neg = true
		p.i++
	}
	start, n := p.i, 0
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		n = n*10 + int(p.b[p.i]-'0')
		p.i++
	}
	digits := p.i - start
	if digits == 0 || digits > 15 || digits > 1 && p.b[start] == '0' {
		return 0, false
	}
	if p.i < len(p.b) {
		switch p.b[p.i] {
		case '.', 'e', 'E':
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	return n, true
}

// intOnce reads an integer into v, the first time only: a duplicate key
// leaves the decision to encoding/json.
func (p *scanner) intOnce(seen *bool, v *int) bool {
	if *seen {
		return false
	}
	*seen = true
	n, ok := p.int()
	*v = n
	return ok
}
