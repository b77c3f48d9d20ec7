package timeline

import (
	"encoding/hex"
	"slices"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/timeline/rvt"
)

// Redaction replaces the data of a run with hashes, so a trace can be
// shared without it: `log.write("alice@example.com")` is stored as
// `log.write(#blake3:…)`. What is hashed:
//
//   - the argument list of every emission and every provision call (the
//     text between the parentheses, as one value);
//   - the result of every provision call (call-exit values);
//   - the argument of host operations on maps and pools
//     (`map#1.insert #blake3:…`, `pool#1.open #blake3:…`);
//   - the message of every `fail` (`fail: #blake3:…`), and emission texts
//     inside finding messages and the comparison.
//
// What stays: the program source (a replay needs it), names of fibers,
// keys, methods and resources, statement texts, and messages the runtime
// writes for other errors.
//
// The hash is BLAKE3-256 of the plain text, the first 128 bits in hex. It
// is a function of the text alone, so equal values look equal across
// events and traces, and a replay verifies a redacted trace by redacting
// the events it produces the same way and comparing the hashed forms. The
// hash is not keyed: a value that is easy to guess can be confirmed by
// hashing the guess.

// RedactedPrefix starts every hashed value.
const RedactedPrefix = "#blake3:"

// Redact returns the hashed form of a value.
func Redact(s string) string {
	sum := rvt.Hash([]byte(s))
	return RedactedPrefix + hex.EncodeToString(sum[:16])
}

// redactCall hashes the arguments of `key.method(args)`.
func redactCall(t string) string {
	i := strings.IndexByte(t, '(')
	if i < 0 || !strings.HasSuffix(t, ")") {
		return Redact(t)
	}
	args := t[i+1 : len(t)-1]
	if args == "" {
		return t
	}
	return t[:i+1] + Redact(args) + ")"
}

// redactHost hashes the argument of a map or pool operation.
func redactHost(t string) string {
	if !strings.HasPrefix(t, "map#") && !strings.HasPrefix(t, "pool#") {
		return t
	}
	op, arg, ok := strings.Cut(t, " ")
	if !ok {
		return t
	}
	return op + " " + Redact(arg)
}

func redactErr(e *runtime.Error) *runtime.Error {
	if e == nil || e.Kind != runtime.KindFail {
		return e
	}
	c := *e
	if msg, ok := strings.CutPrefix(c.Msg, "fail: "); ok {
		c.Msg = "fail: " + Redact(msg)
	} else {
		c.Msg = Redact(c.Msg)
	}
	return &c
}

// RedactEvent returns ev with its data hashed. It never changes what ev
// points to (the runtime shares errors between events and its state).
func RedactEvent(ev runtime.Event) runtime.Event {
	switch ev.Kind {
	case runtime.EvEmission, runtime.EvCallEnter:
		ev.Text = redactCall(ev.Text)
	case runtime.EvCallExit:
		if ev.Value != "" {
			ev.Value = Redact(ev.Value)
		}
	case runtime.EvHost:
		ev.Text = redactHost(ev.Text)
	}
	ev.Err = redactErr(ev.Err)
	return ev
}

// textRedactor replaces known plain texts inside free-form messages.
type textRedactor struct{ r *strings.Replacer }

func newTextRedactor(texts []string) *textRedactor {
	texts = slices.Clone(texts)
	// Longest first, so that a text containing another is replaced whole.
	slices.SortFunc(texts, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	texts = slices.Compact(texts)
	var pairs []string
	for _, t := range texts {
		if r := redactCall(t); r != t {
			pairs = append(pairs, t, r)
		}
	}
	return &textRedactor{strings.NewReplacer(pairs...)}
}

func (t *textRedactor) text(s string) string { return t.r.Replace(s) }
