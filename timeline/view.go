package timeline

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/schedule"
)

// The read model: one View of a run, which every viewer renders as it is
// (the terminal viewer, the VS Code timeline, `revl trace show --json`,
// the debugger's revl/timeline). Lane states, the emissions set beside
// the canonical run's, the divergence and the points where findings show
// are derived here only.

// LaneState is a lane's (fiber's) state on the timeline at a decision.
// Its JSON form is the constant's value.
type LaneState string

// The lane states. Activating and TearingDown are the decisions that ran
// the lane's atoms; the others hold between them.
const (
	LanePending     LaneState = "pending"      // not activated yet
	LaneActivating  LaneState = "activating"   // its activate atom runs at this decision
	LaneActive      LaneState = "active"       // activated, not torn down
	LaneTearingDown LaneState = "tearing-down" // its teardown atom runs at this decision
	LaneDown        LaneState = "down"         // torn down
	LaneFailed      LaneState = "failed"       // an atom of it failed
)

// LaneSuspended is a fiber `activating` between atoms (fine atoms): its
// activation suspended at an await and has not resumed to its end.
const LaneSuspended LaneState = "suspended"

// LaneStates lists every lane state, in the order of a lane's life.
var LaneStates = []LaneState{LanePending, LaneActivating, LaneSuspended, LaneActive, LaneTearingDown, LaneDown, LaneFailed}

// LaneStateAt is lane l's state during decision k: the atom when k ran
// one of its atoms, else its state after the decisions before k. It
// needs only the lane's span (the decisions of its two atoms and its
// final state), so it costs the same at any k.
func LaneStateAt(l Lane, k int) LaneState {
	switch k {
	case l.Activated:
		return LaneActivating
	case l.TornDown:
		return LaneTearingDown
	}
	return LaneStateAfter(l, k-1)
}

// LaneStateAfter is lane l's state after decision k (k = -1: before the
// run): never activating or tearing down.
func LaneStateAfter(l Lane, k int) LaneState {
	switch {
	case l.Activated < 0 || k < l.Activated:
		return LanePending
	case k < l.Resumed || l.State == "activating":
		// Every resume before the last ended suspended again (or the run
		// ended with the fiber still suspended).
		return LaneSuspended
	case l.TornDown >= 0 && k < l.TornDown:
		return LaneActive
	}
	switch l.State {
	case "failed":
		return LaneFailed
	case "down":
		return LaneDown
	case "pending":
		return LanePending
	}
	return LaneActive
}

// StateSpan is a lane's state over decisions From to To-1.
type StateSpan struct {
	From  int       `json:"from"`
	To    int       `json:"to"`
	State LaneState `json:"state"`
}

// LaneSpans is lane l's state at each of n decisions, as spans in order
// that cover 0 to n-1 (at most six: a lane changes state only at its two
// atoms and, with fine atoms, after its last resume).
func LaneSpans(l Lane, n int) []StateSpan {
	var cuts []int
	resumed := -1
	if l.Resumed > 0 {
		resumed = l.Resumed + 1
	}
	for _, c := range []int{0, l.Activated, l.Activated + 1, resumed, l.TornDown, l.TornDown + 1, n} {
		if c >= 0 && c <= n {
			cuts = append(cuts, c)
		}
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	var out []StateSpan
	for i := 0; i+1 < len(cuts); i++ {
		st := LaneStateAt(l, cuts[i])
		if len(out) > 0 && out[len(out)-1].State == st {
			out[len(out)-1].To = cuts[i+1]
			continue
		}
		out = append(out, StateSpan{From: cuts[i], To: cuts[i+1], State: st})
	}
	return out
}

// Emitted is one side of an emission row: an emission of this run or of
// the canonical run.
type Emitted struct {
	Text  string `json:"text"`
	Fiber string `json:"fiber,omitempty"` // "" when unknown (a side known from the recorded comparison only)
	// Decision is the decision whose atom emitted it, -1 when unknown.
	Decision int `json:"decision"`
}

// CanonicalEmission is an emission of the canonical run, as NewView is
// given it.
type CanonicalEmission struct {
	Emitted
	Commutative bool
}

// EmissionRow is one row of the emissions set side by side: this run's
// emission and the canonical run's at the same ordered index (spec §6:
// the `unstable` property compares the ordered emissions in order).
// Commutative emissions (of a commutative service or fn) compare as a
// multiset, so their rows pair the emissions by their index among the
// commutative ones and never diverge.
type EmissionRow struct {
	// Index is the emission's index among this run's emissions, -1 for a
	// row of the canonical run only.
	Index int `json:"index"`
	// Ordered is the index among the ordered (non-commutative) emissions
	// of each side, -1 for a commutative row.
	Ordered     int  `json:"ordered"`
	Commutative bool `json:"commutative,omitempty"`
	// Got is this run's emission, nil when it has none at this index;
	// Canonical the canonical run's, nil when it has none or it is not
	// known (View.CanonicalKnown).
	Got       *Emitted `json:"got"`
	Canonical *Emitted `json:"canonical"`
	// Diverges: an ordered row whose sides differ (or one is missing).
	Diverges bool `json:"diverges,omitempty"`
}

// EmissionDivergence is the first ordered emission where the run parts from the
// canonical one.
type EmissionDivergence struct {
	// Ordered is its index among the ordered emissions: the N of the
	// `unstable` finding's "emission #N".
	Ordered int `json:"ordered"`
	// Row indexes View.Emissions.
	Row int `json:"row"`
	// Got is this run's emission there, nil when the run ends first;
	// Canonical the canonical run's, nil when it has none there.
	Got       *Emitted `json:"got"`
	Canonical *Emitted `json:"canonical"`
	// Overtook: the canonical emission displaced here comes later in this
	// run (same text and, when known, the same fiber).
	Overtook bool `json:"overtook"`
}

// FindingPoint is a decision where something a finding is about shows.
type FindingPoint struct {
	Decision int    `json:"decision"`
	Text     string `json:"text"`
}

// View is the read model of one run: the trace at a glance (with each
// lane's states), a window of decisions, this run's emissions beside the
// canonical run's, the first divergence and the points where findings
// show. Its JSON form is the body of `revl trace show --json` and of the
// debugger's revl/timeline (which adds the session's position).
type View struct {
	// Info is the trace at a glance; its lanes carry their States.
	Info *Info `json:"info"`
	// Decisions are decisions From to From+len-1.
	From      int        `json:"from"`
	Decisions []Decision `json:"decisions"`
	// CanonicalKnown says the rows carry the canonical side; when not,
	// CanonicalNote says why (the divergence then comes from the
	// comparison recorded in the trace, when it has one).
	CanonicalKnown bool          `json:"canonical_known"`
	CanonicalNote  string        `json:"canonical_note,omitempty"`
	Emissions      []EmissionRow `json:"emissions"`
	// Divergence is nil when the ordered emissions agree (or nothing is
	// known to compare).
	Divergence *EmissionDivergence `json:"divergence"`
	// Findings are in decision order.
	Findings []FindingPoint `json:"findings"`
	// Page is set when the view is a page of the run (ViewOptions asked
	// for a window of lanes or emission rows, or cut the ready sets):
	// what it holds of what. Nil when the view holds every lane and row.
	Page *ViewPage `json:"page,omitempty"`
}

// ViewPage says what a paged View holds: Info.Lanes (and the header's
// fibers and the summary's lanes) are lanes LanesFrom to LanesFrom+len-1
// of Lanes, the summary's choices those of the decisions held, Emissions rows EmissionsFrom onwards of
// Emissions (EmissionDivergence.Row indexes all the rows), and each
// decision's ready set at most ReadyMost atoms (Decision.ReadyLen then
// counts the set).
type ViewPage struct {
	LanesFrom     int `json:"lanes_from"`
	Lanes         int `json:"lanes"`
	EmissionsFrom int `json:"emissions_from"`
	Emissions     int `json:"emissions"`
	ReadyMost     int `json:"ready_most,omitempty"`
}

// The pages of a large timeline, one rule for every body of the read
// model (revl/timeline and `revl trace show --json` answer the same body):
// a composition of at most WholeLimit components gets the whole run when no
// range is asked for; above it each dimension not asked for gets its first
// Page entries (decisions, lanes, emission rows) and each ready set its
// first PageReadyMost atoms — the whole body of a 50,000-component run is
// hundreds of MB of ready sets.
const (
	WholeLimit    = 2000
	Page          = 200
	PageReadyMost = 100
)

// ViewOptions say what a View holds beyond the trace.
type ViewOptions struct {
	// From and To window the decisions: From to To-1, clamped to the
	// trace; To <= 0 is the end, so the zero value holds every decision.
	// NoDecisions holds none (a viewer that reads decisions itself).
	From, To    int
	NoDecisions bool
	// Program is the checked program, to tell commutative emissions; nil:
	// none is.
	Program *check.Program
	// Canonical is the canonical run's emissions in order, nil when not
	// known; CanonicalNote then says why. A redacted trace's emissions
	// are hashes, so its canonical side is never used.
	Canonical     []CanonicalEmission
	CanonicalNote string
	// LanesFrom and LanesTo window the lanes (Info.Lanes) and RowsFrom
	// and RowsTo the emission rows, as From and To the decisions (To <= 0:
	// the end); ReadyMost > 0 keeps at most that many atoms of each
	// decision's ready set. Any of them makes the view a page (View.Page),
	// so a client of a 50,000-component run asks for what it shows.
	LanesFrom, LanesTo int
	RowsFrom, RowsTo   int
	ReadyMost          int
}

// paged reports whether o asks for a page.
func (o *ViewOptions) paged() bool {
	return o.LanesFrom > 0 || o.LanesTo > 0 || o.RowsFrom > 0 || o.RowsTo > 0 || o.ReadyMost > 0
}

// window clamps [from, to) to n items (to <= 0: n).
func window(from, to, n int) (int, int) {
	from = min(max(from, 0), n)
	if to <= 0 {
		return from, n
	}
	return from, min(max(to, from), n)
}

// NewView builds the read model of t. It reads every decision once, in
// order, for the emissions and the finding points; its cost is that of
// one Range over the trace.
func NewView(t *Timeline, opts ViewOptions) (*View, error) {
	info, err := t.Info()
	if err != nil {
		return nil, err
	}
	n := t.Len()
	lf, lt := window(opts.LanesFrom, opts.LanesTo, len(info.Lanes))
	lanes := make([]Lane, lt-lf)
	for i, l := range info.Lanes[lf:lt] {
		l.States = LaneSpans(l, n)
		lanes[i] = l
	}
	in := *info
	in.Lanes = lanes
	if opts.paged() {
		// A page holds its lanes and decisions of the header's and the
		// summary's per-lane and per-decision lists too: at 50,000
		// components those are most of the body.
		cf, ct := window(opts.From, opts.To, n)
		h := *info.Header
		h.Fibers = h.Fibers[min(lf, len(h.Fibers)):min(lt, len(h.Fibers))]
		in.Header = &h
		if info.Summary != nil {
			sum := *info.Summary
			sum.Lanes = sum.Lanes[min(lf, len(sum.Lanes)):min(lt, len(sum.Lanes))]
			sum.Choices = sum.Choices[min(cf, len(sum.Choices)):min(ct, len(sum.Choices))]
			in.Summary = &sum
		}
	}
	v := &View{Info: &in, Decisions: []Decision{}, Emissions: []EmissionRow{}, Findings: []FindingPoint{}}
	from, to := min(max(opts.From, 0), n), n
	if opts.To > 0 {
		to = min(max(opts.To, from), n)
	}
	if opts.NoDecisions {
		to = from
	}
	v.From = from

	canon, note := opts.Canonical, opts.CanonicalNote
	if t.Header().Redacted && canon != nil {
		canon, note = nil, "canonical run not shown: the trace is redacted"
	}
	v.CanonicalKnown = canon != nil
	if !v.CanonicalKnown {
		v.CanonicalNote = note
		if v.CanonicalNote == "" {
			v.CanonicalNote = "canonical run not known"
		}
	}
	comm := commutativity(opts.Program)

	var got []CanonicalEmission // this run's emissions, in order
	var points []FindingPoint
	// One pass over the trace, building each decision's ready set only in
	// the window: the pass itself is linear in the decisions, the ready
	// sets would be quadratic in a wide composition's width.
	what := func(k int) detail {
		if k >= from && k < to {
			return detailAll
		}
		return detailEvents
	}
	t.mu.Lock()
	t.readyMost = max(opts.ReadyMost, 0) // the decoder lists only that much of each set
	err = t.rangeDetail(0, n, what, func(d Decision, evs []Event, _ *model) error {
		if d.Index >= from && d.Index < to {
			v.Decisions = append(v.Decisions, d)
		}
		if d.Error != "" {
			points = append(points, FindingPoint{d.Index, "atom failed: " + d.Error})
		}
		for _, m := range d.Marks {
			if m.Kind == MarkNotLive {
				points = append(points, FindingPoint{d.Index, "use of " + m.Text + " by " + m.Fiber + " after its withdrawal"})
			}
		}
		for i := range evs {
			if ev := &evs[i].Event; ev.Kind == runtime.EvEmission {
				got = append(got, CanonicalEmission{Emitted{Text: ev.Text, Fiber: ev.Fiber, Decision: d.Index}, comm(ev.Key, ev.Method)})
			}
		}
		return nil
	})
	t.readyMost = 0
	t.mu.Unlock()
	if err != nil {
		return nil, err
	}
	v.Emissions = pairEmissions(got, canon)
	sum := info.Summary
	if v.CanonicalKnown {
		v.Divergence = divergenceOf(v.Emissions)
	} else if sum != nil && sum.Comparison != nil && sum.Comparison.Divergence >= 0 {
		v.Divergence = recordedDivergence(v.Emissions, sum.Comparison)
	}
	if d := v.Divergence; d != nil {
		d.Overtook = overtook(v.Emissions, d)
		if d.Got != nil {
			points = append(points, FindingPoint{d.Got.Decision, "first divergent emission #" + strconv.Itoa(d.Ordered)})
		}
	}
	if sum != nil && n > 0 {
		for _, f := range sum.Findings {
			switch f.Tag {
			case schedule.TagResidue, schedule.TagDeadlock, schedule.TagUnbounded, schedule.TagTeardownOrder:
				points = append(points, FindingPoint{n - 1, f.Tag + ": " + f.Message})
			case schedule.TagUnstable:
				if f.Divergence < 0 {
					points = append(points, FindingPoint{n - 1, f.Tag + ": " + f.Message})
				}
			}
		}
	}
	sort.SliceStable(points, func(i, j int) bool { return points[i].Decision < points[j].Decision })
	v.Findings = slices.CompactFunc(points, func(a, b FindingPoint) bool { return a == b })
	if v.Findings == nil {
		v.Findings = []FindingPoint{}
	}
	if opts.paged() {
		rf, rt := window(opts.RowsFrom, opts.RowsTo, len(v.Emissions))
		v.Page = &ViewPage{LanesFrom: lf, Lanes: len(info.Lanes), EmissionsFrom: rf, Emissions: len(v.Emissions), ReadyMost: max(opts.ReadyMost, 0)}
		v.Emissions = slices.Clone(v.Emissions[rf:rt])
	}
	return v, nil
}

// commutativity tells whether emissions through key.method compare as a
// multiset: the provider's service or the method is commutative.
func commutativity(p *check.Program) func(key, method string) bool {
	if p == nil {
		return func(string, string) bool { return false }
	}
	return func(key, method string) bool {
		prov := p.ProviderOf[key]
		if prov == nil {
			return false
		}
		k := prov.KeyOf(key)
		if k == nil || k.Service == nil {
			return false
		}
		if k.Service.Commutative {
			return true
		}
		m := k.Service.MethodByID[method]
		return m != nil && m.Commutative
	}
}

// pairEmissions sets this run's emissions beside the canonical run's
// (nil: not known): a row per emission of this run, then the canonical
// emissions left without a partner, in their order.
func pairEmissions(got, canon []CanonicalEmission) []EmissionRow {
	kind := func(es []CanonicalEmission) []bool {
		out := make([]bool, len(es))
		for i, e := range es {
			out[i] = e.Commutative
		}
		return out
	}
	side := func(e CanonicalEmission) *Emitted { s := e.Emitted; return &s }
	pairs := schedule.PairEmissions(kind(got), kind(canon))
	rows := make([]EmissionRow, len(pairs))
	for i, p := range pairs {
		r := EmissionRow{Index: p.Got, Ordered: p.Ordered, Commutative: p.Commutative}
		if p.Got >= 0 {
			r.Got = side(got[p.Got])
		}
		if p.Canonical >= 0 {
			r.Canonical = side(canon[p.Canonical])
		}
		// An ordered row diverges when its sides differ or one is missing
		// (with the canonical side known: canon is nil when it is not).
		r.Diverges = !p.Commutative && canon != nil && (r.Got == nil || r.Canonical == nil || r.Got.Text != r.Canonical.Text)
		rows[i] = r
	}
	return rows
}

func divergenceOf(rows []EmissionRow) *EmissionDivergence {
	for i, r := range rows {
		if r.Diverges {
			return &EmissionDivergence{Ordered: r.Ordered, Row: i, Got: r.Got, Canonical: r.Canonical}
		}
	}
	return nil
}

// recordedDivergence is the divergence the trace's comparison recorded,
// for a view without the canonical side: the comparison names the
// emissions by their index among all of them and gives the canonical
// side's text and decision only. The row it names is marked.
func recordedDivergence(rows []EmissionRow, c *Comparison) *EmissionDivergence {
	d := &EmissionDivergence{Ordered: c.Divergence, Row: -1}
	if c.CanonicalDecision >= 0 {
		d.Canonical = &Emitted{Text: c.Canonical, Decision: c.CanonicalDecision}
	}
	if c.Divergence < len(rows) && rows[c.Divergence].Index == c.Divergence {
		r := &rows[c.Divergence]
		d.Row, d.Got = c.Divergence, r.Got
		if r.Ordered >= 0 {
			d.Ordered = r.Ordered
		}
		r.Canonical, r.Diverges = d.Canonical, true
	} else if c.GotDecision >= 0 {
		d.Got = &Emitted{Text: c.Got, Decision: c.GotDecision}
	}
	return d
}

// overtook reports whether the canonical emission displaced at d comes
// later in this run.
func overtook(rows []EmissionRow, d *EmissionDivergence) bool {
	if d.Got == nil || d.Canonical == nil || d.Row < 0 {
		return false
	}
	for _, r := range rows[d.Row+1:] {
		if r.Got != nil && !r.Commutative && r.Got.Text == d.Canonical.Text && (d.Canonical.Fiber == "" || r.Got.Fiber == d.Canonical.Fiber) {
			return true
		}
	}
	return false
}

// CanonicalRun prepares prog with the options a trace recorded and
// returns its canonical baseline's emissions, for the canonical side of a
// View of a trace read on its own (a tool that has the run's World reads
// CanonicalEmissionsOf it instead).
func CanonicalRun(prog *check.Program, o Options) ([]CanonicalEmission, error) {
	x, err := schedule.NewWorld(prog, schedule.Options{MaxDecisions: o.MaxDecisions, Runtime: o.Runtime()})
	if err != nil {
		return nil, err
	}
	return CanonicalEmissionsOf(x), nil
}

// CanonicalEmissionsOf is the canonical side of a View from a world's
// baseline (run once per world).
func CanonicalEmissionsOf(x *schedule.World) []CanonicalEmission {
	base := x.Baseline()
	out := make([]CanonicalEmission, 0, len(base.Emissions))
	for _, e := range base.Emissions {
		out = append(out, CanonicalEmission{Emitted{Text: e.Text, Fiber: e.Fiber, Decision: e.Decision}, e.Commutative})
	}
	return out
}

// TraceCanonical is what a reader of a trace alone gives NewView: the
// program the trace stores, checked, and its canonical run. Above limit
// components (limit > 0) neither is computed; a redacted trace, a program
// that is missing or does not check, or a canonical run that fails leave
// the canonical side unknown, and the options' note says why.
func TraceCanonical(t *Timeline, limit int) ViewOptions {
	hdr := t.Header()
	var o ViewOptions
	if limit > 0 && len(hdr.Fibers) > limit {
		o.CanonicalNote = fmt.Sprintf("canonical run not computed: %d components (more than %d)", len(hdr.Fibers), limit)
		return o
	}
	src, err := t.Source()
	if err == nil {
		if prog, diags := check.Source(hdr.Program, src); !check.HasErrors(diags) {
			o.Program = prog
		}
	}
	switch {
	case o.Program == nil:
		o.CanonicalNote = "canonical run not computed: the trace's program is missing or does not check"
	case hdr.Redacted:
		o.CanonicalNote = "canonical run not shown: the trace is redacted"
	default:
		canon, err := CanonicalRun(o.Program, hdr.Options)
		if err != nil {
			o.CanonicalNote = "canonical run failed: " + err.Error()
		} else {
			o.Canonical = canon
		}
	}
	return o
}
