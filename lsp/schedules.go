package lsp

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"go.lsp.dev/protocol"

	"revl.dev/debug/runtime"
	"revl.dev/debug/schedule"
)

// Schedule sweeps in the editor. A sweep runs the canonical schedule and
// seeds 1..N of one document version in the background (on save, or on
// the revl.runSchedules command), groups the failing seeds the way `revl
// test` does (one group per minimized schedule), and publishes each
// finding of each group as a diagnostic on the statement where it shows.
//
// A sweep is cancelled when the document changes or closes, when the next
// sweep of the same document starts, when the client cancels its progress
// or the command request, and on shutdown: it checks between seeds, so a
// cancel takes effect within one schedule. Its findings are published
// only for the version it swept.

// sweepRun is one sweep of one document version.
type sweepRun struct {
	uri    protocol.DocumentURI
	doc    *Document
	seeds  int
	mode   sweepMode
	gen    uint64 // distinguishes sweeps in publishedDiag
	cancel context.CancelFunc
	done   chan struct{}

	// Set under Server.mu when the sweep completes (not when cancelled).
	result *sweepResult
}

// sweepResult is what a finished sweep found.
type sweepResult struct {
	program   string
	seeds     int
	mode      sweepMode
	schedules int // canonical + seeds run
	failing   int // schedules that failed
	failures  []*failure
	skipped   string // why no schedule ran: errors in the file, a runtime refusal
}

// failure is one distinct failing schedule: the seeds that shrank to it.
type failure struct {
	canonical bool
	seeds     []uint64
	result    *schedule.Result // the minimized run (or the canonical one)
	from      []int            // the first seed's own vector, when minimized
	found     []located
}

var sweepGen atomic.Uint64

// sweepMode is what a sweep's schedules may do beyond the lifecycle
// alphabet: schedule inside activations (`revl test --atoms fine`), inject
// faults (`revl test --faults`), or both. The zero value is the sweep on
// open and save.
type sweepMode struct {
	atoms     runtime.AtomMode
	maxFires  int // with fine atoms; 0: the runtime's default
	maxFaults int // faults (crash(F), fail@F:N) per schedule; 0: none
}

// options are the world's options for the mode.
func (m sweepMode) options() schedule.Options {
	var o schedule.Options
	o.Runtime.Atoms, o.Runtime.MaxFires = m.atoms, m.maxFires
	return o.WithFaults(m.maxFaults)
}

// target is what replays a vector of this mode: a fine vector, or one that
// crashes a fiber, means another schedule without its flags.
func (m sweepMode) target(file string) schedule.ReplayTarget {
	t := schedule.ReplayTarget{File: file, MaxFaults: m.maxFaults}
	if m.atoms == runtime.AtomsFine {
		t.Atoms, t.MaxFires = "fine", m.maxFires
	}
	return t
}

// describe names the schedules in progress titles: "200 schedules",
// "200 fine-grained schedules", "200 schedules with faults".
func (m sweepMode) describe(n int) string {
	switch {
	case m.atoms == runtime.AtomsFine:
		return fmt.Sprintf("%d fine-grained schedules", n)
	case m.maxFaults > 0:
		return fmt.Sprintf("%d schedules with faults", n)
	}
	return fmt.Sprintf("%d schedules", n)
}

// startSweep starts a sweep of d, superseding the document's previous one.
// token is the client's progress token for a command, or nil.
func (s *Server) startSweep(d *Document, seeds int, mode sweepMode, token *protocol.ProgressToken) *sweepRun {
	ctx, cancel := context.WithCancel(s.lifetime)
	r := &sweepRun{uri: d.URI, doc: d, seeds: seeds, mode: mode, gen: sweepGen.Add(1), cancel: cancel, done: make(chan struct{})}
	s.mu.Lock()
	if old := s.sweeps[d.URI]; old != nil {
		old.cancel()
	}
	s.sweeps[d.URI] = r
	s.mu.Unlock()
	s.goBackground(func() {
		defer close(r.done)
		defer cancel()
		prog := s.beginProgress(ctx, token, "revl: running "+mode.describe(seeds), cancel)
		res := runSweep(ctx, d, seeds, mode, s.opts.workers(), func(done, failing int) {
			prog.report(fmt.Sprintf("%d/%d seeds, %d failing", done, seeds, failing), 100*done/max(seeds, 1))
		})
		if ctx.Err() != nil {
			prog.end("cancelled")
			return
		}
		prog.end(res.summary())
		s.mu.Lock()
		current := s.sweeps[d.URI] == r
		if current {
			r.result = res
		}
		s.mu.Unlock()
		if current {
			s.publish(d.URI)
			s.refreshLenses(ctx)
		}
	})
	return r
}

// refreshLenses asks the client to re-request code lenses, which now
// include the debug lenses of the findings, when it supports that.
func (s *Server) refreshLenses(ctx context.Context) {
	s.mu.Lock()
	ok := s.caps.codeLensRefresh
	s.mu.Unlock()
	if conn := s.connection(); ok && conn != nil {
		if err := conn.Call(ctx, "workspace/codeLens/refresh", nil, nil); err != nil {
			s.logf("workspace/codeLens/refresh: %v", err)
		}
	}
}

// finishedSweep returns the completed sweep of exactly this version of d.
func (s *Server) finishedSweep(d *Document) *sweepRun {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.sweeps[d.URI]
	if r == nil || r.doc != d || r.result == nil {
		return nil
	}
	return r
}

// runSweep runs the schedules of d: the canonical one, then seeds 1..n on
// the given number of workers, each failing seed minimized. Results are
// grouped in seed order, so the outcome is the same at any worker count.
func runSweep(ctx context.Context, d *Document, n int, mode sweepMode, workers int, progress func(done, failing int)) *sweepResult {
	res := &sweepResult{program: d.Path, seeds: n, mode: mode}
	p := d.Parse()
	if p.HasErrors() {
		res.skipped = "the file has errors; fix them to run schedules"
		return res
	}
	x, err := newExplorer(p, mode)
	if err != nil {
		res.skipped = "the runtime refused the program: " + err.Error()
		return res
	}
	res.schedules = 1
	byKey := map[string]*failure{}
	if b := x.Baseline(); !b.OK() {
		res.failing++
		f := &failure{canonical: true, result: b}
		byKey[b.Signature()+" "+schedule.ScheduleKey(b.Choices)] = f
		res.failures = append(res.failures, f)
	}
	outcomes := make([]*schedule.Outcome, n+1)
	var next, done, failing atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < max(1, min(workers, n)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				seed := next.Add(1)
				if seed > int64(n) {
					return
				}
				o := x.Explore(uint64(seed), true)
				outcomes[seed] = &o
				if !o.Result.OK() {
					failing.Add(1)
				}
				progress(int(done.Add(1)), int(failing.Load()))
			}
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return res
	}
	for _, o := range outcomes[1:] {
		res.schedules++
		if o.Result.OK() {
			continue
		}
		res.failing++
		shown, from := o.Result, []int(nil)
		if o.Shrunk != nil {
			shown, from = o.Shrunk.Result, o.Shrunk.From
		}
		key := shown.Signature() + " " + schedule.ScheduleKey(shown.Choices)
		f := byKey[key]
		if f == nil {
			f = &failure{result: shown, from: from}
			byKey[key] = f
			res.failures = append(res.failures, f)
		}
		f.seeds = append(f.seeds, o.Seed)
	}
	for _, f := range res.failures {
		for _, fd := range f.result.Findings {
			f.found = append(f.found, locate(p.Program(), fd, f.result))
		}
	}
	return res
}

// newExplorer builds the explorer, turning a runtime panic into an error:
// the runtime is still changing, and a crash in it must not take the
// editor session down.
func newExplorer(p *Parsed, mode sweepMode) (x *schedule.World, err error) {
	defer func() {
		if r := recover(); r != nil {
			x, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	return schedule.NewWorld(p.Program(), mode.options())
}

func (r *sweepResult) summary() string {
	if r.skipped != "" {
		return "no schedules run: " + r.skipped
	}
	switch len(r.failures) {
	case 0:
		return fmt.Sprintf("%d schedules, all passed", r.schedules)
	case 1:
		return fmt.Sprintf("%d schedules, %d failed: 1 distinct failure (%s)", r.schedules, r.failing, r.failures[0].result.Findings[0].Tag)
	}
	return fmt.Sprintf("%d schedules, %d failed: %d distinct failures", r.schedules, r.failing, len(r.failures))
}

// label names where a failure was found: the canonical run or its seeds.
func (f *failure) label() string {
	if f.canonical {
		return "the canonical schedule"
	}
	seeds := make([]string, 0, 3)
	for i, s := range f.seeds {
		if i == 3 {
			seeds = append(seeds, fmt.Sprintf("+%d more", len(f.seeds)-3))
			break
		}
		seeds = append(seeds, fmt.Sprint(s))
	}
	word := "seed"
	if len(f.seeds) > 1 {
		word = "seeds"
	}
	return word + " " + strings.Join(seeds, ", ")
}

// scheduleData rides along with a schedule diagnostic (Diagnostic.Data),
// for clients and for the debug lens.
type scheduleData struct {
	Program string `json:"program"`
	Choices []int  `json:"choices"`
	Tag     string `json:"tag"`
	// The mode of the sweep that found it: the vector replays only with it.
	Atoms     string `json:"atoms,omitempty"`
	MaxFires  int    `json:"maxFires,omitempty"`
	MaxFaults int    `json:"maxFaults,omitempty"`
}

// diagnostics renders the findings on document d (the version swept).
func (r *sweepResult) diagnostics(d *Document) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	seen := map[string]bool{}
	for _, f := range r.failures {
		vector := schedule.VectorText(f.result.Choices)
		for _, l := range f.found {
			key := fmt.Sprintf("%s %d %d", l.tag, l.span.Start.Offset, l.span.End.Offset)
			if seen[key] {
				continue
			}
			seen[key] = true
			what := "minimized schedule"
			if f.canonical || f.from == nil {
				what = "schedule"
			}
			diag := protocol.Diagnostic{
				Range:    d.Mapper.SpanRange(l.span),
				Severity: protocol.DiagnosticSeverityError,
				Code:     "S-" + l.tag,
				Source:   "revl schedule",
				Message:  fmt.Sprintf("%s: %s\n%s %s (%s); replay: %s", l.tag, l.message, what, vector, f.label(), r.mode.target(r.program).TestCommand(f.result.Choices)),
				Data: scheduleData{Program: r.program, Choices: f.result.Choices, Tag: l.tag,
					Atoms: r.mode.target("").Atoms, MaxFires: r.mode.target("").MaxFires, MaxFaults: r.mode.maxFaults},
			}
			for _, rel := range l.related {
				diag.RelatedInformation = append(diag.RelatedInformation, protocol.DiagnosticRelatedInformation{
					Location: protocol.Location{URI: d.URI, Range: d.Mapper.SpanRange(rel.span)},
					Message:  rel.message,
				})
			}
			out = append(out, diag)
		}
	}
	return out
}
