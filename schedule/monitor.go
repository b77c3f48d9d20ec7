package schedule

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// Monitor checks the properties of spec §6 online: it consumes a
// schedule's events and atom ends as they happen and reports each
// violation at the first moment it is known — an `unstable` emission at
// the emission that first differs from the canonical run, a use after
// withdrawal at the use, a provider going down before its consumer at the
// end of its teardown, a budget overrun at the end of its atom — and
// residue, deadlock, the end-state part of `unstable` and a truncated
// schedule at the end.
//
// The zero Monitor checks nothing. It is the only place the properties
// are checked: the sweep, the
// debugger's exception stops and the language server's diagnostics all
// read the findings it yields. A Monitor is a small value (a world and
// two counters), copied with whatever holds it, so a debugger's
// checkpoint carries the monitor's state at that position.
type Monitor struct {
	w *World
	// compare: the run is compared with the world's canonical baseline
	// (false while the canonical run itself is being checked). The
	// baseline runs when the comparison first needs it — the first
	// ordered emission, or the end — not when the monitor is made, so a
	// debugger can stop at a schedule's start without running it.
	compare  bool
	ordered  int  // non-commutative emissions so far
	diverged bool // an unstable emission was reported
	// inverse is the fiber whose inverse is running in the current atom
	// ("" when none has begun): a failure after it is the inverse's.
	inverse string
	// faulted: a fault was injected (Options.MaxFaults). The run is no
	// longer the canonical run's to compare with, and consumers left
	// pending by a crashed provider are the fault's doing: unstable and
	// deadlock are not checked; residue, uses after withdrawal, teardown
	// order, budgets and failing undos are.
	faulted bool
	// inFire: the current atom is a fine fire(F) atom. How often a timer
	// fires is the schedule's choice, so with fine atoms the emissions of
	// timer bodies are not part of `unstable` (fireDecisions lists the
	// decisions whose emissions compareEnd skips); every other property
	// checks them.
	inFire        bool
	fireDecisions []int
	// commAsBase: compareEnd found the run's commutative emissions (timer
	// bodies' left out) to be the canonical run's multiset, so their
	// sorted list is the world's (the result's fingerprint takes it).
	commAsBase bool
}

// NewMonitor returns the monitor of one schedule of w, comparing it with
// w's canonical baseline (which runs when first needed, if it has not yet).
func NewMonitor(w *World) Monitor { return Monitor{w: w, compare: true} }

// Finding is one failed property of a schedule: what failed, in words and
// in fields, and where it shows.
type Finding struct {
	Tag     string `json:"tag"`
	Message string `json:"message"`
	// Fiber is the component the finding is about: the caller of a use
	// after withdrawal, the emitter of a divergent emission, the owner of
	// a leaked resource, the first blocked fiber of a deadlock, the
	// provider that went down early, the fiber whose atom ran out of budget.
	Fiber string `json:"fiber,omitempty"`
	// Key and Method name the provision involved, when there is one.
	Key    string `json:"key,omitempty"`
	Method string `json:"method,omitempty"`
	// Emission and Canonical are, for `unstable`, the two sides of the
	// first divergent emission: this run's and the canonical run's at the
	// same index ("" for the side that has none).
	Emission  string `json:"emission,omitempty"`
	Canonical string `json:"canonical,omitempty"`
	// Resource is, for `residue`, the first leaked host resource (`pool#1`).
	Resource string `json:"resource,omitempty"`
	// Decision is the decision during (or, for end-of-schedule findings,
	// after) which it became known; Event is the sequence number of the
	// event that showed it (0 for a finding known only at the end).
	Decision int   `json:"decision"`
	Event    int64 `json:"event,omitempty"`
	// Span is the statement or acquisition where it shows; zero when no
	// source position applies.
	Span syntax.Span `json:"span"`
	// Related are further places: the canonical emission a divergent one
	// displaced, the acquisition of each leaked resource, the provision a
	// use came after, the consumer still up.
	Related []Related `json:"related,omitempty"`
	// Divergence is, for `unstable`, the index of the first emission that
	// differs from the canonical run (-1 when the emissions agree and the
	// snapshot or final states differ); it is part of the failure signature
	// that shrinking preserves.
	Divergence int `json:"divergence,omitempty"`
}

// Related is a further place of a finding, with what it is.
type Related struct {
	Span    syntax.Span `json:"span"`
	Message string      `json:"message"`
}

// monitorKinds are the event kinds Event reads: a run that only the
// monitor watches asks the machine for these alone. Keep it in step with
// Event's switch (TestMonitorKindsSuffice compares the two ways). Of
// the uses it reads only those of a withdrawn provision.
var monitorKinds = runtime.MaskOf(runtime.EvUse, runtime.EvInverse, runtime.EvFailure, runtime.EvEmission) | runtime.DeadUsesOnly

// Event checks one event and appends what it shows to out.
func (mo *Monitor) Event(ev *runtime.Event, out []Finding) []Finding {
	if mo.w == nil {
		return out // the zero Monitor checks nothing
	}
	switch ev.Kind {
	case runtime.EvUse:
		if !ev.Live {
			out = append(out, mo.useAfterWithdrawal(ev))
		}
	case runtime.EvInverse:
		mo.inverse = ev.Fiber
	case runtime.EvFailure:
		if f, ok := mo.undoFailure(ev); ok {
			out = append(out, f)
		}
	case runtime.EvEmission:
		if mo.inFire {
			if n := len(mo.fireDecisions); n == 0 || mo.fireDecisions[n-1] != ev.Atom {
				// Clipped: a clone of the monitor shares the backing array.
				mo.fireDecisions = append(slices.Clip(mo.fireDecisions), ev.Atom)
			}
			return out
		}
		if ev.Commutative || mo.faulted {
			return out
		}
		i := mo.ordered
		mo.ordered++
		if mo.diverged || !mo.compare {
			return out
		}
		base := mo.w.CanonicalOrdered()
		// The messages are concatenated, not formatted: a sweep of a
		// composition with an interleaving bug builds them in about half
		// its schedules, and fmt was most of what such a schedule's
		// finding cost.
		switch {
		case i >= len(base):
			mo.diverged = true
			n := strconv.Itoa(i)
			out = append(out, Finding{Tag: TagUnstable, Divergence: i, Fiber: ev.Fiber, Key: ev.Key, Method: ev.Method,
				Decision: ev.Atom, Event: ev.Seq, Span: ev.Span, Emission: ev.Text,
				Message: "emission #" + n + " has no counterpart in the canonical run: got " + ev.Text + " after " + n + " matching emissions"})
		case base[i].Text != ev.Text:
			mo.diverged = true
			t := mo.divergedTexts(i, ev.Text, base[i])
			out = append(out, Finding{Tag: TagUnstable, Divergence: i, Fiber: ev.Fiber, Key: ev.Key, Method: ev.Method,
				Decision: ev.Atom, Event: ev.Seq, Span: ev.Span, Emission: ev.Text, Canonical: base[i].Text,
				Message: t.message, Related: t.related})
		}
	}
	return out
}

// unstableTexts are the message and related place of an `unstable`
// finding whose emission #i was got instead of the canonical one. They
// depend on nothing else (the canonical run is the world's), and the
// seeds that find an interleaving bug mostly find the same divergence.
// An entry is never changed once made, so schedules on other goroutines
// share it; related is clipped, so a reader's append copies it.
type unstableTexts struct {
	i       int
	got     string
	message string
	related []Related
}

// divergedTexts returns the texts of emission #i diverging to got from
// the canonical b: the world's last ones when they are for the same i and
// got, else built and kept as the last ones.
func (mo *Monitor) divergedTexts(i int, got string, b Emission) *unstableTexts {
	if t := mo.w.unstable.Load(); t != nil && t.i == i && t.got == got {
		return t
	}
	n := strconv.Itoa(i)
	t := &unstableTexts{i: i, got: got,
		message: "emission #" + n + " differs from the canonical run: got " + got + ", canonical " + b.Text,
		related: []Related{{b.Span, "the canonical run emits " + b.Text + " here (" + b.Fiber + ") as emission #" + n}}}
	mo.w.unstable.Store(t)
	return t
}

// undoFailure reports a failure inside an inverse. Failures that another
// property already names (a call through a withdrawn key, a budget) are
// left to it.
func (mo *Monitor) undoFailure(ev *runtime.Event) (Finding, bool) {
	if mo.inverse == "" || ev.Err == nil || ev.Err.Kind == runtime.KindNotLive || ev.Err.Kind == runtime.KindBudget {
		return Finding{}, false
	}
	return Finding{Tag: TagUndoFailure, Fiber: mo.inverse, Decision: ev.Atom, Event: ev.Seq, Span: ev.Err.Span,
		Message: fmt.Sprintf("an inverse of %s failed at decision %d: %v", mo.inverse, ev.Atom, ev.Err)}, true
}

func (mo *Monitor) useAfterWithdrawal(ev *runtime.Event) Finding {
	f := Finding{Tag: TagUseAfterWithdrawal, Fiber: ev.Caller, Key: ev.Key, Method: ev.Method, Decision: ev.Atom, Event: ev.Seq, Span: ev.Span,
		Message: fmt.Sprintf("%s called %s.%s at decision %d after provision %s was withdrawn", ev.Caller, ev.Key, ev.Method, ev.Atom, ev.Key)}
	if p := mo.w.prog.ProviderOf[ev.Key]; p != nil {
		if s := provideSpan(p.Decl, ev.Key); s.Start.IsValid() {
			f.Related = append(f.Related, Related{s, fmt.Sprintf("%s publishes %s here; teardown withdraws it before the call", p.Name, ev.Key)})
		}
	}
	return f
}

// provideSpan is the key of the `provide key { ... }` step of a component.
func provideSpan(decl *syntax.ComponentDecl, key string) syntax.Span {
	var span syntax.Span
	if decl == nil || decl.Body == nil {
		return span
	}
	syntax.Inspect(decl.Body, func(n syntax.Node) bool {
		if s, ok := n.(*syntax.ProvideStmt); ok && s.Key != nil && s.Key.Name == key && !span.Start.IsValid() {
			span = s.Key.Span
		}
		return !span.Start.IsValid()
	})
	return span
}

// AtomEnd checks the end of decision dec's atom a on m (err is the atom's
// error) and appends what it shows to out.
func (mo *Monitor) AtomEnd(m *runtime.Machine, dec int, a runtime.Atom, err error, out []Finding) []Finding {
	return mo.atomEnd(m, dec, &a, -1, err, out)
}

// atomEnd is AtomEnd for a driver that knows the load index fi of a's
// fiber (-1: look it up by name); a is not copied (72 bytes, each atom).
func (mo *Monitor) atomEnd(m *runtime.Machine, dec int, a *runtime.Atom, fi int, err error, out []Finding) []Finding {
	if mo.w == nil {
		return out
	}
	mo.inverse = ""
	if err != nil && runtime.IsBudget(err) {
		f := Finding{Tag: TagUnbounded, Fiber: a.Fiber, Decision: dec, Message: fmt.Sprintf("%s at decision %d: %v", *a, dec, err)}
		if re, ok := err.(*runtime.Error); ok {
			f.Span = re.Span
		}
		// The statement that spent the budget, its component related; the
		// component when no statement is known.
		if !f.Span.Start.IsValid() {
			f.Span = mo.componentSpan(a.Fiber)
		} else if c := mo.componentSpan(a.Fiber); c.Start.IsValid() {
			f.Related = append(f.Related, Related{c, "in " + a.String()})
		}
		out = append(out, f)
	}
	if a.Kind == runtime.Resume || a.Kind == runtime.Fire {
		out = mo.failedProvider(m, dec, *a, out)
	}
	if a.Kind != runtime.Complete && m.Atoms() == runtime.AtomsFine {
		out = mo.outlivedJobs(m, dec, *a, out)
	}
	if a.Kind == runtime.Teardown {
		// A consumer still active when its provider's teardown ended came up
		// and never went down: the teardown gate should make this
		// impossible, so this is the runtime's contract checked on every run.
		prog := mo.w.prog
		var c *check.Component
		if fi >= 0 && fi < len(prog.LoadOrder) && prog.LoadOrder[fi].Name == a.Fiber {
			c = prog.LoadOrder[fi]
		} else {
			c = prog.CompByName[a.Fiber]
		}
		if c != nil {
			for _, d := range prog.Dependents(c) {
				if m.FiberStateAt(d.LoadIndex) == runtime.Active {
					out = append(out, Finding{Tag: TagTeardownOrder, Fiber: a.Fiber, Decision: dec, Span: c.Decl.Name.Span,
						Message: fmt.Sprintf("provider %s went down at decision %d before its consumer %s", a.Fiber, dec, d.Name),
						Related: []Related{{d.Decl.Name.Span, d.Name + " was still up"}}})
				}
			}
		}
	}
	return out
}

// failedProvider checks a fine atom's end: a provider that fails in the
// rest of its activation, or in a timer body, is gone while the consumers
// that picked up its published keys are still up: it went down before
// them.
func (mo *Monitor) failedProvider(m *runtime.Machine, dec int, a runtime.Atom, out []Finding) []Finding {
	fi := mo.w.FiberIndex(a.Fiber)
	if fi < 0 || m.FiberStateAt(fi) != runtime.Failed {
		return out
	}
	prog := mo.w.prog
	c := prog.CompByName[a.Fiber]
	if c == nil {
		return out
	}
	for _, d := range prog.Dependents(c) {
		if s := m.FiberStateAt(d.LoadIndex); s == runtime.Active || s == runtime.Activating {
			out = append(out, Finding{Tag: TagTeardownOrder, Fiber: a.Fiber, Decision: dec, Span: c.Decl.Name.Span,
				Message: fmt.Sprintf("provider %s failed at decision %d (%s) while its consumer %s was up", a.Fiber, dec, a, d.Name),
				Related: []Related{{d.Decl.Name.Span, d.Name + " was still up"}}})
		}
	}
	return out
}

// outlivedJobs checks, with fine atoms, the end of an atom in which its
// fiber's frame drained (a teardown, the unwinding of a failed
// activation, resume or fire, a crash): a job the fiber started and left
// in flight outlives its owner. In the lifecycle alphabet a job takes 5
// turns and only one still in flight at the end is residue; with fine
// atoms its completion is a choice of its own, so some schedule always
// completes it after its owner is gone, and the schedule cannot end
// before it completes, which would hide it. So it is residue of its
// owner here, at the acquisition of the job, once: its later complete is
// not reported again (the end state no longer holds it).
func (mo *Monitor) outlivedJobs(m *runtime.Machine, dec int, a runtime.Atom, out []Finding) []Finding {
	fi := mo.w.FiberIndex(a.Fiber)
	if fi < 0 {
		return out
	}
	if s := m.FiberStateAt(fi); s != runtime.Down && s != runtime.Failed {
		return out
	}
	jobs := m.JobsInFlightOf(fi)
	if len(jobs) == 0 {
		return out
	}
	r := jobs[0]
	f := Finding{Tag: TagResidue, Fiber: r.Fiber, Decision: dec, Span: r.Span, Resource: r.Tag}
	if undo := undoOf(mo.w.prog.File, r.Span); undo.Start.IsValid() {
		f.Related = append(f.Related, Related{undo, "its undo ran but did not cancel " + r.Tag})
	}
	for _, o := range jobs[1:] {
		if o.Span.Start.IsValid() {
			f.Related = append(f.Related, Related{o.Span, fmt.Sprintf("%s acquired by %s during decision %d", o.Text, o.Fiber, o.Atom)})
		}
	}
	outlives := "the job outlives its owner"
	if len(jobs) > 1 {
		outlives = "the jobs outlive their owner"
	}
	f.Message = fmt.Sprintf("unreleased when %s ended at decision %d: %s; %s",
		a, dec, strings.TrimPrefix(mo.residueMessage([]string{"unreleased: "}, jobs), "unreleased: "), outlives)
	return append(out, f)
}

// End checks the end of a schedule of dec decisions on m and appends what
// it shows to out. truncated says the schedule reached the decision bound
// with atoms still ready: its end state is then not checked.
func (mo *Monitor) End(m *runtime.Machine, dec int, truncated bool, out []Finding) []Finding {
	if mo.w == nil {
		return out
	}
	return mo.EndWith(m, m.Snapshot(), dec, truncated, out)
}

// EndWith is End with the end snapshot already taken.
func (mo *Monitor) EndWith(m *runtime.Machine, snap runtime.Snapshot, dec int, truncated bool, out []Finding) []Finding {
	if mo.w == nil {
		return out
	}
	if truncated {
		a := m.ReadyAt(0)
		return append(out, Finding{Tag: TagUnbounded, Fiber: a.Fiber, Decision: dec, Span: mo.componentSpan(a.Fiber),
			Message: fmt.Sprintf("the schedule reached --max-decisions=%d with %s still ready", mo.w.opts.MaxDecisions, a)})
	}
	if d := runtime.Diff(runtime.Snapshot{}, snap); len(d) > 0 {
		out = append(out, mo.residue(m, dec, snap, mo.residueMessage(d, m.UnreleasedResources())))
	}
	if m.ReadyLen() == 0 && !mo.faulted {
		if f, ok := mo.deadlock(m, dec); ok {
			out = append(out, f)
		}
	}
	if mo.compare && !mo.diverged && !mo.faulted {
		if f, ok := mo.compareEnd(m, dec, snap); ok {
			mo.diverged = true
			out = append(out, f)
		}
	}
	return out
}

// residue builds the residue finding: it points at the acquisition of the
// first leaked host resource, and relates every leaked resource to its
// acquisition.
func (mo *Monitor) residue(m *runtime.Machine, dec int, snap runtime.Snapshot, msg string) Finding {
	f := Finding{Tag: TagResidue, Decision: dec, Message: msg}
	for i, r := range m.UnreleasedResources() {
		if i == 0 {
			f.Fiber, f.Span, f.Resource = r.Fiber, r.Span, r.Tag
			if fi := mo.w.FiberIndex(r.Fiber); fi >= 0 && m.FiberStateAt(fi) != runtime.Active {
				// The owner's frame was drained: the undo of the acquiring
				// effect ran and released nothing.
				if undo := undoOf(mo.w.prog.File, r.Span); undo.Start.IsValid() {
					f.Related = append(f.Related, Related{undo, "its undo ran but did not release " + r.Tag + " in this schedule"})
				}
			}
		} else if r.Span.Start.IsValid() {
			f.Related = append(f.Related, Related{r.Span, fmt.Sprintf("%s acquired by %s during decision %d", r.Text, r.Fiber, r.Atom)})
		}
	}
	if f.Fiber == "" {
		// No leaked resource: a live fiber, a pending inverse or a live
		// provision is the residue.
		switch {
		case len(snap.Effects) > 0:
			f.Fiber, _, _ = strings.Cut(snap.Effects[0], ": ")
		case len(snap.Registry) > 0:
			f.Fiber = snap.Registry[0]
		case len(snap.Provisions) > 0:
			if p := mo.w.prog.ProviderOf[snap.Provisions[0]]; p != nil {
				f.Fiber, f.Key = p.Name, snap.Provisions[0]
			}
		}
		f.Span = mo.componentSpan(f.Fiber)
	}
	return f
}

// residueMessage is the snapshot diff d of a residue, its unreleased
// resources each with who acquired it, where and during which atom:
// `pool#1 (open() with no close()) acquired by Store at shop.rvl:34:7
// during teardown(Writer)`.
func (mo *Monitor) residueMessage(d []string, rs []runtime.Resource) string {
	for i, line := range d {
		if !strings.HasPrefix(line, "unreleased: ") || len(rs) == 0 {
			continue
		}
		parts := make([]string, len(rs))
		for j, r := range rs {
			parts[j] = r.Text
			if r.Fiber != "" {
				parts[j] += " acquired by " + r.Fiber
			}
			if r.Span.Start.IsValid() {
				parts[j] += " at " + r.Span.Start.In(mo.fileName())
			}
			if r.During != "" {
				parts[j] += " during " + r.During
			}
		}
		d[i] = "unreleased: " + strings.Join(parts, ", ")
	}
	return strings.Join(d, "; ")
}

func (mo *Monitor) fileName() string {
	if f := mo.w.prog.File; f != nil {
		return f.Name
	}
	return ""
}

// undoOf is the undo of the effect step whose effect holds span (zero
// when none does).
func undoOf(file *syntax.File, span syntax.Span) syntax.Span {
	var undo syntax.Span
	if file == nil {
		return undo
	}
	syntax.Inspect(file, func(n syntax.Node) bool {
		if e, ok := n.(*syntax.EffectStmt); ok && e.Undo != nil && e.Span.Start.Offset <= span.Start.Offset && span.End.Offset <= e.Span.End.Offset {
			undo = e.Undo.Range()
		}
		return true
	})
	return undo
}

// deadlock explains each fiber left pending or active when the ready set
// emptied, with the key it waits for and why; ok is false when none is.
func (mo *Monitor) deadlock(m *runtime.Machine, dec int) (Finding, bool) {
	prog := mo.w.prog
	state := func(i int) runtime.FiberState { return m.FiberStateAt(i) }
	f := Finding{Tag: TagDeadlock, Decision: dec}
	var lines []string
	for i, c := range prog.LoadOrder {
		switch state(i) {
		case runtime.Pending:
			var why []string
			for _, k := range c.Requires {
				var reason string
				switch {
				case k.Provider == nil:
					reason = fmt.Sprintf("key %s (%s) has no provider in the composition", k.Name, k.ServiceName())
				case state(k.Provider.LoadIndex) == runtime.Failed:
					reason = fmt.Sprintf("key %s: provider %s failed to activate", k.Name, k.Provider.Name)
					if err := m.FiberErrAt(k.Provider.LoadIndex); err != nil {
						reason += " (" + err.Error() + ")"
					}
				case state(k.Provider.LoadIndex) != runtime.Active:
					reason = fmt.Sprintf("key %s: provider %s is %s", k.Name, k.Provider.Name, state(k.Provider.LoadIndex))
				default:
					continue
				}
				why = append(why, reason)
				if f.Fiber == "" || (f.Fiber == c.Name && f.Key == "") {
					f.Fiber, f.Key = c.Name, k.Name
					if k.Binding != nil {
						f.Span = k.Binding.Span
					}
					if k.Provider != nil {
						if pk := k.Provider.KeyOf(k.Name); pk != nil && pk.Binding != nil {
							f.Related = append(f.Related, Related{pk.Binding.Span,
								fmt.Sprintf("%s provides %s here, but was not active when %s needed it", k.Provider.Name, k.Name, c.Name)})
						}
					}
				}
			}
			if f.Fiber == "" {
				f.Fiber, f.Span = c.Name, c.Decl.Name.Span
			}
			lines = append(lines, fmt.Sprintf("%s never activated: %s", c.Name, strings.Join(why, ", ")))
		case runtime.Active:
			var blockers []string
			var up []Related
			for _, d := range prog.Dependents(c) {
				if s := state(d.LoadIndex); s != runtime.Down && s != runtime.Failed {
					blockers = append(blockers, fmt.Sprintf("%s (%s)", d.Name, s))
					up = append(up, Related{d.Decl.Name.Span, d.Name + " never went down, so " + c.Name + " could not"})
				}
			}
			if f.Fiber == "" {
				f.Fiber, f.Span, f.Related = c.Name, c.Decl.Name.Span, up
				if len(c.Provides) > 0 && c.Provides[0].Binding != nil {
					f.Key, f.Span = c.Provides[0].Name, c.Provides[0].Binding.Span
				}
			}
			lines = append(lines, fmt.Sprintf("%s cannot tear down: consumers that never went down: %s", c.Name, strings.Join(blockers, ", ")))
		}
	}
	if len(lines) == 0 {
		return Finding{}, false
	}
	f.Message = "the ready set emptied with fibers left: " + strings.Join(lines, "; ")
	return f, true
}

// compareEnd is the end-state half of `unstable`: the emission counts,
// the commutative multiset, the final states and the snapshot.
func (mo *Monitor) compareEnd(m *runtime.Machine, dec int, snap runtime.Snapshot) (Finding, bool) {
	b := mo.w.baseFingerprint()
	if n := mo.ordered; n < len(b.Ordered) {
		e := mo.w.baseOrdered[n]
		return Finding{Tag: TagUnstable, Divergence: n, Fiber: e.Fiber, Decision: dec, Span: e.Span, Canonical: e.Text,
			Message: fmt.Sprintf("emission #%d is missing: the canonical run emits %s there", n, b.Ordered[n]),
			Related: []Related{{e.Span, fmt.Sprintf("%s never emits %s in this schedule", e.Fiber, e.Text)}}}, true
	}
	f := Finding{Tag: TagUnstable, Divergence: -1, Decision: dec}
	if mo.commAsBase = mo.commutativeAsBase(m); !mo.commAsBase {
		comm := make([]string, 0, len(b.Commutative))
		for i := range m.EmissionCount() {
			if em := m.EmissionAt(i); em.Commutative && !slices.Contains(mo.fireDecisions, em.Atom) {
				comm = append(comm, em.Text)
			}
		}
		slices.Sort(comm)
		f.Message = fmt.Sprintf("commutative emissions differ as a multiset: got [%s], canonical [%s]", strings.Join(comm, ", "), strings.Join(b.Commutative, ", "))
		return f, true
	}
	for i, c := range mo.w.prog.LoadOrder {
		if got := m.FiberStateAt(i); i < len(mo.w.baseStates) && got != mo.w.baseStates[i] {
			f.Fiber, f.Span = c.Name, c.Decl.Name.Span
			f.Message = fmt.Sprintf("final state differs from the canonical run: %s=%s, canonical %s", c.Name, got, b.States[i])
			return f, true
		}
	}
	if d := runtime.Diff(b.Snapshot, snap); len(d) > 0 {
		r := mo.residue(m, dec, snap, "")
		f.Fiber, f.Span, f.Related = r.Fiber, r.Span, r.Related
		f.Message = "end state differs from the canonical run: " + strings.Join(d, "; ")
		return f, true
	}
	return Finding{}, false
}

// commutativeAsBase reports whether m's commutative emissions, those of
// timer bodies left out, are the canonical run's as a multiset: what
// sorting both lists and comparing them says, by counting against the
// world's tally of the canonical texts instead (a sort of a layered
// 50-component run's 80 texts was a few percent of its schedule).
func (mo *Monitor) commutativeAsBase(m *runtime.Machine) bool {
	w := mo.w
	var buf [64]int32
	var counts []int32
	if n := len(w.baseCommN); n <= len(buf) {
		counts = buf[:n]
	} else {
		counts = make([]int32, n)
	}
	total := 0
	for i := range m.EmissionCount() {
		em := m.EmissionAt(i)
		if !em.Commutative || slices.Contains(mo.fireDecisions, em.Atom) {
			continue
		}
		j, ok := w.baseCommIdx[em.Text]
		if !ok {
			return false
		}
		if counts[j]++; counts[j] > w.baseCommN[j] {
			return false
		}
		total++
	}
	return total == len(w.base.Commutative)
}

// componentSpan is the name of a component's declaration (zero when the
// name is not a component).
func (mo *Monitor) componentSpan(name string) syntax.Span {
	if c := mo.w.prog.CompByName[name]; c != nil && c.Decl != nil {
		return c.Decl.Name.Span
	}
	return syntax.Span{}
}
