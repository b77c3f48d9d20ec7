package syntax

import "bytes"

// Headers returns a copy of src in which the body of every top-level
// component is emptied after its config step: each byte from the body's
// opening `{` (or the end of its leading `config { ... }`) to its closing
// `}` becomes a space, each line break stays. The rest, every other
// declaration and every component's header, is src's, byte for byte, so
// the tree ParseFile gives of it has src's positions and src's headers:
// names, keys and config steps. A debugger that already knows src checks
// clean reads a large composition's shape from it before the first stop
// (dap's header-first launch), at the cost of a scan of the bytes instead
// of a parse of every body.
//
// It reads src as the scanner does (comments, strings, templates and
// their substitutions, spec §1), but only far enough to match braces. ok
// is false when src is not well formed by that reading (a brace that does
// not match, a string or template left open): a program that does not
// parse is never read this way. A large src is read in two halves at
// once, cut at a line that begins with `component`: in a program that
// parses that is a declaration's start (the word is reserved, and no
// string, template or comment goes past its line), so the halves give what
// one reading gives; where it is not, the first half ends inside a body
// and ok is false.
func Headers(src []byte) (out []byte, ok bool) {
	cut := 0
	if len(src) >= headersParallel && parallelCores() >= 2 {
		cut = headersCut(src)
	}
	return headersAt(src, cut)
}

// headersAt is Headers reading src in one piece (cut 0) or in the two
// halves before and after cut.
func headersAt(src []byte, cut int) (out []byte, ok bool) {
	out = make([]byte, len(src))
	if cut == 0 {
		copy(out, src)
		if !blankBodies(src, out) {
			return nil, false
		}
		return out, true
	}
	done := make(chan bool)
	go func() {
		copy(out[cut:], src[cut:])
		done <- blankBodies(src[cut:], out[cut:])
	}()
	copy(out[:cut], src[:cut])
	ok = blankBodies(src[:cut], out[:cut])
	if !<-done || !ok {
		return nil, false
	}
	return out, true
}

// headersParallel is the least source Headers reads in two halves.
const headersParallel = 256 << 10

// headersCut is where Headers cuts src in two: the start of the first line
// at or after its middle that begins with the word `component`; 0 for one
// reading.
func headersCut(src []byte) int {
	for i := len(src) / 2; ; {
		j := bytes.Index(src[i:], []byte("\ncomponent"))
		if j < 0 {
			return 0
		}
		at := i + j + 1
		if end := at + len("component"); end < len(src) && !isIdentChar(src[end]) {
			return at
		}
		i = at
	}
}

// blankBodies is Headers on src, writing into out, which holds a copy of
// src: false when src is not well formed by its reading.
func blankBodies(src, out []byte) bool {
	var (
		depth    int   // braces open outside templates
		tmpl     []int // per open `${`, the braces open inside it
		awaiting bool  // a component's header: its body's `{` comes next
		inBody   bool  // inside a component's body
		first    bool  // no token of the body read yet
		inConfig bool  // inside the body's leading config step
		from     int   // where the body's blanked part starts
	)
	// text scans template text from i (after a backtick or the `}` that
	// closes a substitution) to the closing backtick or the next `${`.
	text := func(i int) (int, bool) {
		for i < len(src) {
			switch src[i] {
			case '`':
				return i + 1, true
			case '$':
				if i+1 < len(src) && src[i+1] == '{' {
					tmpl = append(tmpl, 0)
					return i + 2, true
				}
			case '\n':
				return i, false
			}
			i++
		}
		return i, false
	}
	for i := 0; i < len(src); {
		if inBody && !first && len(tmpl) == 0 {
			// In a body only braces, strings, templates and comments
			// matter: skip to the next byte that may be one.
			for i < len(src) && !bodyStops[src[i]] {
				i++
			}
			if i == len(src) {
				break
			}
		}
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '\n':
			if len(tmpl) > 0 {
				return false // a substitution left open at the line's end
			}
			i++
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(src)
			}
			continue
		}
		if inBody && first && depth == 1 && len(tmpl) == 0 {
			first = false
			// The parser's rule: `config` then `{` is the config step
			// (`config.n` and the like are expressions).
			inConfig = bytes.HasPrefix(src[i:], []byte("config")) && (i+6 == len(src) || !isIdentChar(src[i+6])) &&
				nextToken(src, i+6) == '{'
		}
		switch {
		case isLetter(c):
			j := i + 1
			for j < len(src) && isIdentChar(src[j]) {
				j++
			}
			if depth == 0 && len(tmpl) == 0 && string(src[i:j]) == "component" {
				awaiting = true
			}
			i = j
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' && src[j] != '\n' {
				j++
			}
			if j == len(src) || src[j] != '"' {
				return false
			}
			i = j + 1
		case c == '`':
			var ok bool
			if i, ok = text(i + 1); !ok {
				return false
			}
		case c == '{':
			i++
			if n := len(tmpl); n > 0 {
				tmpl[n-1]++
				continue
			}
			depth++
			if depth == 1 && awaiting {
				awaiting, inBody, first, from = false, true, true, i
			}
		case c == '}':
			if n := len(tmpl); n > 0 {
				if tmpl[n-1] == 0 {
					tmpl = tmpl[:n-1]
					var ok bool
					if i, ok = text(i + 1); !ok {
						return false
					}
					continue
				}
				tmpl[n-1]--
				i++
				continue
			}
			depth--
			switch {
			case depth < 0:
				return false
			case inBody && depth == 1 && inConfig:
				inConfig, from = false, i+1
			case inBody && depth == 0:
				blank(out[from:i])
				inBody = false
			}
			i++
		default:
			i++
		}
	}
	return depth == 0 && len(tmpl) == 0 && !inBody
}

// bodyStops are the bytes a body's scan stops at: those that open or close
// a brace, a string, a template or a comment, and line breaks.
var bodyStops = [256]bool{'{': true, '}': true, '"': true, '`': true, '/': true, '\n': true}

// spaces is what blank copies from.
var spaces = bytes.Repeat([]byte{' '}, 256)

// blank makes every byte of b but its line breaks a space.
func blank(b []byte) {
	for len(b) > 0 {
		n := bytes.IndexByte(b, '\n')
		if n < 0 {
			n = len(b)
		}
		for line := b[:n]; len(line) > 0; {
			line = line[copy(line, spaces):]
		}
		b = b[min(n+1, len(b)):]
	}
}

// nextToken is the first byte of the token at or after i: past white
// space, line breaks and comments; 0 at the end of src.
func nextToken(src []byte, i int) byte {
	for i < len(src) {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\n':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		default:
			return c
		}
	}
	return 0
}
