package schedule

import (
	"fmt"
	"slices"
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

// checkProperties fills r.Findings. base is the canonical run's fingerprint, nil
// when r is the canonical run itself.
func checkProperties(r *Result, base *Fingerprint) {
	r.Findings = nil
	add := func(tag, msg string, div int) {
		r.Findings = append(r.Findings, Finding{Tag: tag, Message: msg, Divergence: div})
	}
	// The end-state properties (residue, unstable) hold only for a
	// completed schedule; a truncated one fails unbounded instead.
	if msg := residueMessage(r); msg != "" && !r.Truncated {
		add(TagResidue, msg, 0)
	}
	if len(r.Deadlock) > 0 {
		add(TagDeadlock, "the ready set emptied with fibers left: "+strings.Join(r.Deadlock, "; "), 0)
	}
	if base != nil && !r.Truncated {
		if msg, div := compareFingerprints(*base, FingerprintOf(r)); msg != "" {
			add(TagUnstable, msg, div)
		}
	}
	if len(r.UsesAfterWithdrawal) > 0 {
		add(TagUseAfterWithdrawal, strings.Join(r.UsesAfterWithdrawal, "; "), 0)
	}
	if len(r.OrderViolations) > 0 {
		add(TagTeardownOrder, strings.Join(r.OrderViolations, "; "), 0)
	}
	if len(r.Overruns) > 0 {
		add(TagUnbounded, strings.Join(r.Overruns, "; "), 0)
	}
}

// residueMessage says what the end state left behind, or "" when nothing:
// the diff against the empty composition a schedule starts from, in the
// same words as a lifecycle test's `assert no_residue`.
func residueMessage(r *Result) string {
	return strings.Join(runtime.Diff(runtime.Snapshot{}, r.Snapshot), "; ")
}

// compareFingerprints explains the first difference between the canonical
// fingerprint and got, with the index of the first divergent ordered
// emission (-1 when the emissions agree).
func compareFingerprints(base, got Fingerprint) (string, int) {
	n := len(base.Ordered)
	if len(got.Ordered) < n {
		n = len(got.Ordered)
	}
	for i := 0; i < n; i++ {
		if base.Ordered[i] != got.Ordered[i] {
			return fmt.Sprintf("emission #%d differs from the canonical run: got %s, canonical %s", i, got.Ordered[i], base.Ordered[i]), i
		}
	}
	if len(got.Ordered) != len(base.Ordered) {
		if len(got.Ordered) > n {
			return fmt.Sprintf("emission #%d has no counterpart in the canonical run: got %s after %d matching emissions", n, got.Ordered[n], n), n
		}
		return fmt.Sprintf("emission #%d is missing: the canonical run emits %s there", n, base.Ordered[n]), n
	}
	if !slices.Equal(base.Commutative, got.Commutative) {
		return fmt.Sprintf("commutative emissions differ as a multiset: got [%s], canonical [%s]", strings.Join(got.Commutative, ", "), strings.Join(base.Commutative, ", ")), -1
	}
	if !slices.Equal(base.States, got.States) {
		for i := range base.States {
			if i < len(got.States) && base.States[i] != got.States[i] {
				return fmt.Sprintf("final state differs from the canonical run: %s, canonical %s", got.States[i], base.States[i]), -1
			}
		}
		return fmt.Sprintf("final states differ: [%s], canonical [%s]", strings.Join(got.States, ", "), strings.Join(base.States, ", ")), -1
	}
	if d := runtime.Diff(base.Snapshot, got.Snapshot); len(d) > 0 {
		return "end state differs from the canonical run: " + strings.Join(d, "; "), -1
	}
	return "", 0
}
