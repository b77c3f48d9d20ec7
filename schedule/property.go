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
)

// Tags lists every property tag in report order.
var Tags = []string{TagResidue, TagDeadlock, TagUnstable, TagUseAfterWithdrawal, TagTeardownOrder, TagUnbounded}

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

