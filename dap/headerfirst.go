package dap

import (
	"fmt"
	"path/filepath"
	"strings"

	godap "github.com/google/go-dap"

	"revl.dev/debug/dap/travel"
	"revl.dev/debug/internal/gcwindow"
	"revl.dev/debug/internal/verdict"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
)

// The header-first launch (docs/dap.md, "Header-first launch"). A large
// composition's first stop, at its entry, shows its shape: the components,
// their keys, the load order, the first ready set. None of that reads a component's
// body, and the bodies are nearly all of the bytes a launch parses and
// checks (at 5,000 components, 1 MB). So when the program's bytes are
// known to check clean (package verdict: an earlier launch checked these
// bytes with this build), the launch reads only the headers
// (syntax.Headers), builds the world of those, and stops at the entry
// with it, while the whole program is checked and its world built on
// another goroutine. The first request that needs more than the entry's
// panes waits for that world (settle) and runs on it; from then on the
// session is the one a plain launch makes. The entry's panes are the same
// from either world (TestHeaderFirstLaunch compares them, byte for byte),
// and so are the variable references they handed out, which settle makes
// again on the whole world by answering the same requests once more.

// fullLaunch is the whole program's check and world, built on its own
// goroutine after a header-first launch's first stop.
type fullLaunch struct {
	// What to check and build, and with what.
	path string
	src  []byte
	tape travel.Tape
	opts schedule.Options
	// closeGC ends the headers' window without collections (begin).
	closeGC func()
	// done is closed when the rest is set; nil until begin.
	done  chan struct{}
	prog  *check.Program
	world *schedule.World
	eng   *travel.Engine
	// errs are the program's errors (a verdict that was wrong), or why its
	// world could not be built.
	errs []string
	err  error
	// entry are the requests the entry's panes answered from the headers'
	// world, in order, made again on the whole world by settle.
	entry []godap.RequestMessage
}

// headerSafe are the requests answered from the headers' world while the
// whole program is being checked: the configuration before the first
// stop, the entry's panes, and those that end or replace the session.
var headerSafe = map[string]bool{
	"setExceptionBreakpoints": true,
	"configurationDone":       true,
	"threads":                 true,
	"stackTrace":              true,
	"scopes":                  true,
	"variables":               true,
	"cancel":                  true,
	"disconnect":              true,
	"terminate":               true,
	"launch":                  true,
	"restart":                 true,
}

// entryPane are the requests of the entry's panes, which make variable
// references.
var entryPane = map[string]bool{"threads": true, "stackTrace": true, "scopes": true, "variables": true}

// headerFirst builds l from the headers of its program when a header-first
// launch applies to it: a stop at the entry of the plain world, with
// lifecycle atoms and no faults, of more than eagerLaunch components in a
// source of a size verdicts are kept for (verdict.Useful: 64 KiB to 8 MiB)
// whose bytes are known to check clean. false: it did not, and l is
// untouched.
func (s *session) headerFirst(l *launchState, plan launchPlan, opts schedule.Options) bool {
	if l.args.StopOnEntry != nil && !*l.args.StopOnEntry || plan.mocks || l.args.Minimize ||
		opts.Runtime.Atoms == runtime.AtomsFine || opts.MaxFaults > 0 ||
		!verdict.Useful(len(l.src)) {
		return false
	}
	// No collection from here to the first stop: what the headers' world
	// allocates stays live, and a collection of the rest would take a
	// core from the stop (begin closes the window, or abandonFull).
	closeGC := gcwindow.Open(2 * int64(len(l.src)))
	started := false
	defer func() {
		if !started {
			closeGC()
		}
	}()
	// The verdict's hash of the bytes and their headers, at once.
	known := make(chan bool, 1)
	go func() { known <- verdict.Known(l.src) }()
	hdr, ok := syntax.Headers(l.src)
	if !<-known || !ok {
		return false
	}
	// Not checked: the verdict says the program checks clean, and the
	// headers' check would only find what emptied bodies lack.
	f, diags := syntax.ParseFile(l.path, hdr)
	if len(diags) > 0 {
		return false
	}
	f.Src = l.src
	prog := check.Collect(f)
	if len(prog.Components) <= eagerLaunch {
		return false
	}
	world, err := schedule.NewWorld(prog, opts)
	if err != nil {
		return false
	}
	eng, err := travel.New(world, plan.tape, travel.Options{Lazy: true})
	if err != nil {
		return false
	}
	l.world, l.prog, l.eng = world, world.Program(), eng
	l.tape, l.launched = plan.label, plan.tape
	l.full = &fullLaunch{path: l.path, src: l.src, tape: plan.tape, opts: opts, closeGC: closeGC}
	started = true
	s.logf("launch: header-first: %d components from their headers; the whole program is checked after the first stop", len(prog.Components))
	return true
}

// begin starts the whole program's check, once: after the first stop is
// reported, so that the stop does not wait for a core, and on one core
// (alone), so that the session answers the entry's panes on the other; or
// on every core when a request before the first stop needs it (a line
// breakpoint in the configuration), which then waits for nothing else.
func (f *fullLaunch) begin(alone bool) {
	if f.done != nil {
		return
	}
	f.done = make(chan struct{})
	path, src, tape, opts := f.path, f.src, f.tape, f.opts
	// The whole check's window opens before the headers' closes: no
	// collection in between either.
	closeGC := gcwindow.Open(launchBytesPerSourceByte * int64(len(src)))
	f.closeGC()
	go func() {
		defer close(f.done)
		defer closeGC()
		var prog *check.Program
		if prog, f.errs = checkProgram(path, src, check.Options{Alone: alone}); f.errs != nil {
			verdict.Forget(src)
			return
		}
		if f.world, f.err = schedule.NewWorld(prog, opts); f.err != nil {
			return
		}
		f.prog = f.world.Program()
		f.eng, f.err = travel.New(f.world, tape, travel.Options{Lazy: true})
	}()
}

// checkProgram checks src as a launch does, with o; errs are its errors,
// one line each, when it has any.
func checkProgram(path string, src []byte, o check.Options) (*check.Program, []string) {
	// The debugger runs the program and never navigates it: no
	// Program.Uses (64 MB and a third of the check at 50,000 components).
	o.NoUses = true
	prog, diags := check.SourceWith(path, src, o)
	if !check.HasErrors(diags) {
		return prog, nil
	}
	var errs []string
	for _, d := range diags {
		if d.Severity == syntax.SeverityError {
			errs = append(errs, d.Error())
		}
	}
	return prog, errs
}

// doesNotCheck is a launch's error for a program with errors.
func doesNotCheck(path string, errs []string) error {
	return fmt.Errorf("launch: %s does not check:\n%s", filepath.Base(path), strings.Join(errs, "\n"))
}

// settle waits for the whole program of a header-first launch and puts its
// world and engine in place of the headers', at the entry where the
// session still is; it answers the entry's requests again, unsent, so the
// references they handed out name the same things in the new world. A
// program that does not check after all ends the session: its errors go
// to stderr, as a plain launch's do, and the request that waited fails
// with them.
func (s *session) settle() error {
	f := s.full
	if f == nil {
		return nil
	}
	f.begin(s.started)
	<-f.done
	s.full = nil
	if f.errs != nil || f.err != nil {
		err := fmt.Errorf("launch: %v", f.err)
		if f.errs != nil {
			err = doesNotCheck(s.path, f.errs)
		}
		for _, e := range f.errs {
			s.output("stderr", e+"\n")
		}
		s.flush()
		s.eng = nil
		s.sendEvent("terminated", nil)
		return err
	}
	s.world, s.prog, s.eng = f.world, f.prog, f.eng
	s.bps.locs, s.bps.locsOf = nil, s.prog.File
	if s.started {
		s.handles.reset()
		s.eng.Mark()
		s.stopCache.reset()
		s.replay(f.entry)
	}
	return nil
}

// replay answers reqs again without sending the answers (a panic in one
// still leaves the session sending).
func (s *session) replay(reqs []godap.RequestMessage) {
	s.replaying = true
	defer func() {
		s.replaying = false
		s.stopCache.reset()
	}()
	for _, req := range reqs {
		handlers[req.GetRequest().Command](s, req)
	}
}

// beforeHandler is what a request waits for in a header-first launch: one
// the headers' world answers is noted (the entry's panes, to be answered
// again by settle) and runs at once; any other waits for the whole world.
func (s *session) beforeHandler(req godap.RequestMessage) error {
	if s.full == nil {
		return nil
	}
	cmd := req.GetRequest().Command
	if !headerSafe[cmd] {
		return s.settle()
	}
	if s.started && entryPane[cmd] {
		s.full.entry = append(s.full.entry, req)
	}
	return nil
}

// abandonFull waits for the whole program's check of a header-first
// launch that is being replaced or whose session ends, so that it does not
// outlive them; its result is dropped.
func (s *session) abandonFull() {
	switch {
	case s.full == nil:
	case s.full.done != nil:
		<-s.full.done
	default:
		s.full.closeGC()
	}
	s.full = nil
}
