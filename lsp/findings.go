package lsp

import (
	"fmt"
	"strings"

	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
)

// A schedule finding carries where it shows (schedule.Monitor fills its
// span and related spans from what the run actually did): the emit whose
// emission came out in a different order, the acquisition of a leaked
// resource, the `requires` binding of the key a blocked component waits
// for, the call through a withdrawn key, the provider that went down
// early, the statement that ran out of budget. This file only turns that
// into what an editor shows, and adds where the schedule parts from the
// canonical run.

// located is one finding placed in the source.
type located struct {
	tag     string
	message string
	span    syntax.Span
	related []relatedSpan
}

type relatedSpan struct {
	span    syntax.Span
	message string
}

// locate places finding f of the (minimized) run r.
func locate(prog *check.Program, f schedule.Finding, r *schedule.Result) located {
	l := located{tag: f.Tag, message: f.Message, span: f.Span}
	if f.Tag == schedule.TagUnstable {
		// An emission's span is its call; the editor underlines the whole
		// emit statement.
		l.span = enclosingEmit(prog, l.span)
	}
	for _, rel := range f.Related {
		span := rel.Span
		if f.Tag == schedule.TagUnstable {
			span = enclosingEmit(prog, span)
		}
		l.related = append(l.related, relatedSpan{span, rel.Message})
	}
	if !l.span.Start.IsValid() {
		// Nothing better: the component the first non-canonical choice
		// moved, else the first component.
		if c := firstMoved(prog, r); c != nil {
			l.span = c.Decl.Name.Span
		} else if len(prog.Components) > 0 {
			l.span = prog.Components[0].Decl.Name.Span
		}
	}
	if choice := choiceNote(prog, r); choice.message != "" {
		l.related = append(l.related, choice)
	}
	return l
}

// enclosingEmit widens span to the emit statement that holds it, when
// one does.
func enclosingEmit(prog *check.Program, span syntax.Span) syntax.Span {
	if !span.Start.IsValid() || prog.File == nil {
		return span
	}
	var hit *syntax.EmitStmt
	syntax.Inspect(prog.File, func(n syntax.Node) bool {
		if s, ok := n.(*syntax.EmitStmt); ok && s.Span.Start.Offset <= span.Start.Offset && span.End.Offset <= s.Span.End.Offset {
			hit = s
		}
		return true
	})
	if hit != nil {
		return hit.Span
	}
	return span
}

// atomComponent is the component an atom label `activate(A)` or
// `teardown(A)` names.
func atomComponent(prog *check.Program, label string) *check.Component {
	_, rest, ok := strings.Cut(label, "(")
	if !ok {
		return nil
	}
	return prog.CompByName[strings.TrimSuffix(rest, ")")]
}

// firstMoved is the component of the first atom chosen off the canonical
// order.
func firstMoved(prog *check.Program, r *schedule.Result) *check.Component {
	for i, c := range r.Choices {
		if c != 0 && i < len(r.Atoms) {
			return atomComponent(prog, r.Atoms[i])
		}
	}
	return nil
}

// choiceNote points at the component of the first non-canonical choice:
// where the schedule parts from the canonical run.
func choiceNote(prog *check.Program, r *schedule.Result) relatedSpan {
	for i, c := range r.Choices {
		ready := r.Ready(i)
		if c == 0 || i >= len(r.Atoms) || ready == nil {
			continue
		}
		comp := atomComponent(prog, r.Atoms[i])
		if comp == nil {
			return relatedSpan{}
		}
		return relatedSpan{comp.Decl.Name.Span, fmt.Sprintf("decision %d runs %s before %s (choice %d of [%s])",
			i, r.Atoms[i], ready[0], c, strings.Join(ready, ", "))}
	}
	return relatedSpan{}
}
