package timeline

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"revl.dev/debug/runtime"
)

// ShowOptions configure the text rendering.
type ShowOptions struct {
	// At, when >= 0, shows the decisions around At and then At in detail:
	// its ready set, its events and the snapshot after it.
	At int
	// Window is how many decisions to show on each side of At (default 10).
	Window int
	// MaxLanes bounds the lane columns (default 26). With more fibers, the
	// lanes shown are those that act in the rows shown.
	MaxLanes int
}

// Lane glyphs of the text timeline.
const (
	glyphPending   = '.'
	glyphActive    = '|'
	glyphDown      = ' '
	glyphFailed    = '!'
	glyphActivated = '^'
	glyphTornDown  = 'v'
	glyphAtomFail  = 'X'
	// Fine atoms.
	glyphResumed  = '>'
	glyphFired    = 't'
	glyphComplete = 'j'
	// A fiber activating between atoms: suspended at an await.
	glyphSuspended = ':'
)

// Show writes the timeline as text: a header, one row per decision with
// a column per lane (fiber) in load order, the residue counts after the
// decision and marks for emissions, resources and provisions, then the
// residue at the end; with opts.At, a window of rows and the decision in
// detail.
func Show(w io.Writer, t *Timeline, opts ShowOptions) error {
	if opts.Window <= 0 {
		opts.Window = 10
	}
	if opts.MaxLanes <= 0 {
		opts.MaxLanes = 26
	}
	bw := &errWriter{w: w}
	if err := showHeader(bw, t); err != nil {
		return err
	}
	from, to := 0, t.Len()
	if opts.At >= 0 {
		if err := t.checkK(opts.At); err != nil {
			return err
		}
		from, to = max(0, opts.At-opts.Window), min(t.Len(), opts.At+opts.Window+1)
	}
	lanes, note, err := t.shownLanes(from, to, opts.MaxLanes)
	if err != nil {
		return err
	}
	names := make([]string, len(lanes))
	for i, l := range lanes {
		names[i] = laneKey(lanes, i) + " " + t.hdr.Fibers[l]
	}
	fmt.Fprintf(bw, "\nlanes: %s%s\n", strings.Join(names, "  "), note)
	fine := ""
	if t.hdr.Options.Atoms == "fine" {
		fine = fmt.Sprintf("  %c resumed  %c a timer fired  %c its job completed  %c suspended at await", glyphResumed, glyphFired, glyphComplete, glyphSuspended)
	}
	fmt.Fprintf(bw, "legend: %c pending  %c active  %c activated  %c torn down  %c its atom failed  %c failed  (blank) down%s;  * not the canonical choice\n\n",
		glyphPending, glyphActive, glyphActivated, glyphTornDown, glyphAtomFail, glyphFailed, fine)
	if err := t.showRows(bw, from, to, lanes, opts.At); err != nil {
		return err
	}
	if opts.At >= 0 {
		if err := t.showDetail(bw, opts.At); err != nil {
			return err
		}
	} else if err := t.showEnd(bw); err != nil {
		return err
	}
	return bw.err
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

func showHeader(w io.Writer, t *Timeline) error {
	h := t.hdr
	fmt.Fprintf(w, "trace %s  (format %d, runtime %s, recorded by %s)\n", h.Program, t.rd.Version(), h.Runtime, orDash(h.Recorder))
	fmt.Fprintf(w, "program: %d bytes, blake3 %s\n", h.SourceLen, h.SourceHash.Short())
	sched := "choices " + formatInts(h.Choices)
	if h.Seeded {
		sched = "seed " + strconv.FormatUint(h.Seed, 10)
	}
	if h.Redacted {
		sched += "; redacted"
	}
	fmt.Fprintf(w, "schedule: %s\n", sched)
	s, err := t.Summary()
	if err != nil {
		return err
	}
	if s == nil {
		fmt.Fprintf(w, "INCOMPLETE: %v\n", t.Damage())
		fmt.Fprintf(w, "decisions: %d (the complete prefix)\n", t.Len())
		return nil
	}
	fmt.Fprintf(w, "choices taken: %s\n", formatInts(s.Choices))
	fmt.Fprintf(w, "decisions: %d, events: %d; ended: %s\n", s.Decisions, s.Events, s.Stop)
	if !s.Compared {
		fmt.Fprintf(w, "findings: not checked (recorded without the canonical comparison)\n")
		return nil
	}
	if len(s.Findings) == 0 {
		fmt.Fprintf(w, "findings: none\n")
	} else {
		fmt.Fprintf(w, "findings:\n")
		for _, f := range s.Findings {
			fmt.Fprintf(w, "  %s: %s\n", f.Tag, f.Message)
		}
	}
	if c := s.Comparison; c != nil {
		if c.Divergence < 0 {
			fmt.Fprintf(w, "vs canonical: the same %d emissions\n", c.Emissions)
		} else {
			fmt.Fprintf(w, "vs canonical: first divergent emission #%d: %s, canonical %s\n", c.Divergence,
				sideOf(c.Got, c.GotDecision), sideOf(c.Canonical, c.CanonicalDecision))
		}
		for _, st := range c.States {
			fmt.Fprintf(w, "  final state %s\n", st)
		}
		for _, d := range c.Snapshot {
			fmt.Fprintf(w, "  end state %s\n", d)
		}
	}
	return nil
}

func sideOf(text string, decision int) string {
	if decision < 0 {
		return "(none)"
	}
	return text + " at decision " + strconv.Itoa(decision)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func formatInts(v []int) string {
	parts := make([]string, len(v))
	for i, c := range v {
		parts[i] = strconv.Itoa(c)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// shownLanes picks the lane columns for rows from..to.
func (t *Timeline) shownLanes(from, to, most int) ([]int, string, error) {
	n := len(t.hdr.Fibers)
	if n <= most {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out, "", nil
	}
	seen := make([]bool, n)
	err := t.Range(from, to, func(d Decision, _ []Event) error {
		seen[d.Lane] = true
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	var out []int
	for i, s := range seen {
		if s && len(out) < most {
			out = append(out, i)
		}
	}
	return out, fmt.Sprintf("  (%d of %d lanes: those acting in the rows shown)", len(out), n), nil
}

func (t *Timeline) showRows(w io.Writer, from, to int, lanes []int, at int) error {
	atomWidth := len("atom")
	err := t.Range(from, to, func(d Decision, _ []Event) error {
		atomWidth = max(atomWidth, len(d.Atom))
		return nil
	})
	if err != nil {
		return err
	}
	laneHdr := make([]string, len(lanes))
	for i := range lanes {
		laneHdr[i] = laneKey(lanes, i)
	}
	fmt.Fprintf(w, "   %5s  %s  %-*s  %-20s  %s\n", "dec", strings.Join(laneHdr, " "), atomWidth, "atom", "reg/prov/eff/lis/unr", "marks")
	spans, err := t.Lanes()
	if err != nil {
		return err
	}
	return t.Range(from, to, func(d Decision, _ []Event) error {
		mark := ' '
		if !d.Canonical {
			mark = '*'
		}
		cursor := ' '
		if d.Index == at {
			cursor = '>'
		}
		glyphs := make([]string, len(lanes))
		for i, l := range lanes {
			glyphs[i] = string(laneGlyph(l, d, LaneStateAt(spans[l], d.Index)))
		}
		r := d.Residue
		res := fmt.Sprintf("%d/%d/%d/%d/%d", r.Registry, r.Provisions, r.Effects, r.Listeners, r.Unreleased)
		line := fmt.Sprintf("%c%c %5d  %s  %-*s  %-20s  %s", cursor, mark, d.Index, strings.Join(glyphs, " "), atomWidth, d.Atom, res, marksText(d.Marks))
		_, err := fmt.Fprintln(w, strings.TrimRight(line, " "))
		return err
	})
}

// laneKey names lane column i: its load-order index when the columns
// are lanes 0 to 9, else a letter (the legend line maps it to the fiber).
func laneKey(lanes []int, i int) string {
	if len(lanes) <= 10 && lanes[len(lanes)-1] == len(lanes)-1 {
		return strconv.Itoa(i)
	}
	const keys = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	return string(keys[i%len(keys)])
}

// FineGlyph is the glyph of a fine atom of kind (resume, fire,
// complete; 0 for any other kind), one for every view that draws the
// timeline as text: Show here and the TUI's timeline pane.
func FineGlyph(kind string) byte {
	switch kind {
	case "resume":
		return glyphResumed
	case "fire":
		return glyphFired
	case "complete":
		return glyphComplete
	}
	return 0
}

// laneGlyph is a lane's cell: its atom when d ran one, else its state.
func laneGlyph(lane int, d Decision, st LaneState) rune {
	if lane == d.Lane {
		switch {
		case d.Error != "":
			return glyphAtomFail
		case d.Kind == "activate":
			return glyphActivated
		case FineGlyph(d.Kind) != 0:
			return rune(FineGlyph(d.Kind))
		default:
			return glyphTornDown
		}
	}
	switch st {
	case LaneActive:
		return glyphActive
	case LaneSuspended:
		return glyphSuspended
	case LaneFailed:
		return glyphFailed
	case LaneDown:
		return glyphDown
	}
	return glyphPending
}

// marksText renders a decision's marks, at most four.
func marksText(marks []Mark) string {
	const most = 4
	var parts []string
	for i, m := range marks {
		if i == most {
			parts = append(parts, fmt.Sprintf("(+%d more)", len(marks)-most))
			break
		}
		parts = append(parts, markText(m))
	}
	return strings.Join(parts, ", ")
}

func markText(m Mark) string {
	switch m.Kind {
	case MarkEmission:
		return "emit " + m.Text
	case MarkAcquire:
		return "+" + m.Text
	case MarkRelease:
		return "-" + m.Text
	case MarkPublish:
		return "provide " + m.Text
	case MarkWithdraw:
		return "withdraw " + m.Text
	case MarkFailure:
		return "FAIL " + m.Text
	case MarkNotLive:
		return "NOT-LIVE " + m.Text
	}
	return m.Text
}

func (t *Timeline) showDetail(w io.Writer, k int) error {
	d, err := t.Decision(k)
	if err != nil {
		return err
	}
	evs, err := t.Events(k)
	if err != nil {
		return err
	}
	snap, err := t.Snapshot(k)
	if err != nil {
		return err
	}
	canon := "the canonical choice"
	if !d.Canonical {
		canon = "not the canonical choice"
	}
	fmt.Fprintf(w, "\ndecision %d: %s, choice %d of %d (%s)\n", d.Index, d.Atom, d.Chosen, len(d.Ready), canon)
	if d.Error != "" {
		fmt.Fprintf(w, "  failed: %s\n", d.Error)
	}
	fmt.Fprintf(w, "  ready:\n")
	const around = 10
	lo, hi := max(0, d.Chosen-around), min(len(d.Ready), d.Chosen+around+1)
	if lo > 0 {
		fmt.Fprintf(w, "    ... %d before\n", lo)
	}
	for i := lo; i < hi; i++ {
		arrow := "  "
		if i == d.Chosen {
			arrow = "> "
		}
		fmt.Fprintf(w, "  %s%3d  %s\n", arrow, i, d.Ready[i].Label)
	}
	if hi < len(d.Ready) {
		fmt.Fprintf(w, "    ... %d after\n", len(d.Ready)-hi)
	}
	fmt.Fprintf(w, "  events %d-%d, virtual time %dms to %dms:\n", d.FirstSeq, d.LastSeq, d.TimeStart, d.TimeEnd)
	for _, e := range evs {
		fmt.Fprintf(w, "    %s\n", e.Line())
	}
	fmt.Fprintf(w, "  snapshot after decision %d:\n", k)
	writeSnapshot(w, "    ", snap)
	return nil
}

func writeSnapshot(w io.Writer, indent string, s Snapshot) {
	for _, f := range []struct {
		name string
		v    []string
	}{{"registry", s.Registry}, {"provisions", s.Provisions}, {"effects", s.Effects}, {"listeners", s.Listeners}, {"unreleased", s.Unreleased}} {
		fmt.Fprintf(w, "%s%-11s %s\n", indent, f.name, bracketed(f.v))
	}
}

func (t *Timeline) showEnd(w io.Writer) error {
	s, err := t.Summary()
	if err != nil || s == nil {
		if s == nil && err == nil && t.Len() > 0 {
			snap, err := t.Snapshot(t.Len() - 1)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "\nstate after the last recorded decision (%d):\n", t.Len()-1)
			writeSnapshot(w, "  ", snap)
		}
		return err
	}
	diff := runtime.Diff(runtime.Snapshot{}, s.Final.Runtime())
	if len(diff) == 0 {
		fmt.Fprintf(w, "\nresidue at the end: none\n")
		return nil
	}
	fmt.Fprintf(w, "\nresidue at the end:\n")
	for _, d := range diff {
		fmt.Fprintf(w, "  %s\n", d)
	}
	return nil
}
