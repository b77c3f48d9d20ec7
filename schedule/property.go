package schedule

import (
	"fmt"
	"sort"
	"strings"

	"revl.dev/debug/runtime"
)

// The property tags of spec §6, in the order findings are reported.
const (
	TagResidue            = "residue"
	TagDeadlock           = "deadlock"
	TagUnstable           = "unstable"
	TagUseAfterWithdrawal = "use-after-withdrawal"
	TagTeardownOrder      = "teardown-order"
	TagUnbounded          = "unbounded"
	// TagUndoFailure is an inverse (an undo, a compensation) that failed
	// while its fiber's frame was drained: a double release, a use after
	// free in an undo. It is a finding on every schedule it happens in,
	// whether or not it changes the end state (docs/decisions.md).
	TagUndoFailure = "undo-failure"
)

// TagHelp says in one line what each property's failure means (the
// debugger's exception filters show it).
var TagHelp = map[string]string{
	TagResidue:            "the end state is not empty, or a host resource was never released",
	TagDeadlock:           "the ready set emptied while fibers were still pending or active",
	TagUnstable:           "an emission differs from the canonical run at the same index",
	TagUseAfterWithdrawal: "a provision was used after its withdrawal",
	TagTeardownOrder:      "a provider went down before one of its consumers",
	TagUnbounded:          "a step, call or decision budget was exceeded",
	TagUndoFailure:        "an undo or compensation failed while its fiber's frame was drained",
}

// Tags lists every property tag in report order.
var Tags = []string{TagResidue, TagDeadlock, TagUnstable, TagUseAfterWithdrawal, TagTeardownOrder, TagUnbounded, TagUndoFailure}

// Fingerprint is the observable end state the `unstable` property compares
// against the canonical run: the snapshot, each fiber's final state and the
// emissions, ordered except for commutative ones, which compare as a
// multiset.
type Fingerprint struct {
	Snapshot    runtime.Snapshot
	States      []string
	Ordered     []string // non-commutative emissions, in order
	Commutative []string // commutative emissions, sorted
}

// FingerprintOf computes r's fingerprint.
func FingerprintOf(r *Result) Fingerprint {
	fp := Fingerprint{Snapshot: r.Snapshot, States: r.States}
	for _, e := range r.Emissions {
		if e.Timer {
			continue
		}
		if e.Commutative {
			fp.Commutative = append(fp.Commutative, e.Text)
		} else {
			fp.Ordered = append(fp.Ordered, e.Text)
		}
	}
	sort.Strings(fp.Commutative)
	return fp
}

// Key renders the fingerprint as one string, for counting distinct ones.
func (f Fingerprint) Key() string {
	var b strings.Builder
	b.WriteString(f.Snapshot.String() + "\n")
	fmt.Fprintf(&b, "states=%v\n", f.States)
	for _, e := range f.Ordered {
		b.WriteString("emit " + e + "\n")
	}
	for _, e := range f.Commutative {
		b.WriteString("emit~ " + e + "\n")
	}
	return b.String()
}
