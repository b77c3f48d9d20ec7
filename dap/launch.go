package dap

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	godap "github.com/google/go-dap"

	"revl.dev/debug/dap/travel"
	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/internal/gcwindow"
	"revl.dev/debug/internal/verdict"
	"revl.dev/debug/mocks"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/schedule"
	"revl.dev/debug/timeline"
)

// launchArgs are the launch request's arguments (docs/dap.md).
type launchArgs struct {
	Program      string          `json:"program"`
	Cwd          string          `json:"cwd,omitempty"`
	Seed         *json.Number    `json:"seed,omitempty"`
	Choices      json.RawMessage `json:"choices,omitempty"`
	Trace        string          `json:"trace,omitempty"`
	Minimize     bool            `json:"minimize,omitempty"`
	StopOnEntry  *bool           `json:"stopOnEntry,omitempty"`
	Mocks        json.RawMessage `json:"mocks,omitempty"`
	MaxDecisions int             `json:"maxDecisions,omitempty"`
	// Config gives config fields as {"Component.field": value}, or as
	// the list ["Component.field=value", ...] that `revl test --config`
	// takes.
	Config json.RawMessage `json:"config,omitempty"`
	// MemoryBudget is the bytes of values the run may hold: a number, or
	// a string with a unit ("256MiB"). Default 64 MiB; a trace's own
	// budget applies when replaying one.
	MemoryBudget json.RawMessage `json:"memoryBudget,omitempty"`
	// Atoms is the scheduler's alphabet: "lifecycle" (the default) or
	// "fine" (docs/decisions.md, "Fine atoms"); MaxFires its fire bound.
	// A trace's own alphabet applies when replaying one.
	Atoms    string `json:"atoms,omitempty"`
	MaxFires int    `json:"maxFires,omitempty"`
	// MaxFaults lets the schedule inject up to that many faults, as
	// `revl test --max-faults` does (schedule.Options.WithFaults): each
	// decision's set then lists a crash(F) per active fiber after the
	// ready atoms and a fail@F:N per ready activate(F) and step N after
	// those, so a vector with fault choices replays exactly, with
	// lifecycle or fine atoms. 0 (the default): no faults. A trace's own
	// faults apply when replaying one.
	MaxFaults int `json:"maxFaults,omitempty"`
}

// maxFaultsLimit bounds 'maxFaults', as the language server's sweeps do.
const maxFaultsLimit = 16

// configValues reads the config attribute. An object is read in key
// order: a JSON string is the value's text, a number or a boolean its
// literal. A list holds `Component.field=value` strings.
func configValues(raw json.RawMessage) ([]runtime.ConfigValue, error) {
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		var out []runtime.ConfigValue
		for _, s := range list {
			v, err := runtime.ParseConfigValue(s)
			if err != nil {
				return nil, fmt.Errorf("'config': %v", err)
			}
			out = append(out, v)
		}
		return out, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("'config' wants {\"Component.field\": value} or [\"Component.field=value\"]")
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var out []runtime.ConfigValue
	for _, k := range keys {
		raw := bytes.TrimSpace(m[k])
		text := string(raw)
		var str string
		if json.Unmarshal(raw, &str) == nil {
			text = str
		} else if len(raw) == 0 || raw[0] == '{' || raw[0] == '[' || text == "null" {
			return nil, fmt.Errorf("'config' %q: want a string, number or boolean", k)
		}
		v, err := runtime.ParseConfigValue(k + "=" + text)
		if err != nil {
			return nil, fmt.Errorf("'config' %q: want \"Component.field\" keys", k)
		}
		out = append(out, v)
	}
	return out, nil

}

// memoryBudget reads the memoryBudget attribute; 0 when it is absent.
func (a *launchArgs) memoryBudget() (int64, error) {
	if len(a.MemoryBudget) == 0 || string(a.MemoryBudget) == "null" {
		return 0, nil
	}
	var n int64
	if err := json.Unmarshal(a.MemoryBudget, &n); err == nil && n > 0 {
		return n, nil
	}
	var s string
	if err := json.Unmarshal(a.MemoryBudget, &s); err == nil {
		if n, err := fileio.ParseSize(s); err == nil {
			return n, nil
		}
	}
	return 0, fmt.Errorf("launch: 'memoryBudget' must be a positive number of bytes or a size such as \"256MiB\", got %s", a.MemoryBudget)
}

// explorerLimit bounds the compositions for which the session runs many
// schedules (minimize, revl/explore's sweeps). A schedule costs time
// linear in its decisions now that the runtime keeps its ready set
// incrementally and choosers take its size (it used to list a ready set
// as wide as the composition at every decision, quadratic in the width,
// which is why this was 300): at 50,000 components a schedule takes
// seconds, and a sweep reports progress and stops on a cancel.
const explorerLimit = 50_000

// eagerLaunch is the largest composition whose schedule a launch runs to
// its end before the first stop (milliseconds at this size: every stop
// then knows the schedule's length and findings). Above it the engine
// learns the schedule as the user moves forward (travel.Options.Lazy),
// and the canonical baseline runs when the comparison first needs it, so
// launch → first stop runs neither: at 50,000 components both took 6 s
// and 1.1 GB. revl/position then says `partial` until the end is known.
const eagerLaunch = 2000

// exhaustiveLimit bounds the compositions of revl/explore's exhaustive
// search. It was 300 while the search's happens-before was a bit set per
// decision over the decisions before it (2.5 GB a schedule at 50,000
// components); it is now sparse (schedule/exhaustive_trace.go), so a
// schedule of the search costs about a seeded one, and the search goes as
// far as the sweeps, bounded by maxSchedules and cancellable.
const exhaustiveLimit = explorerLimit

func (s *session) onInitialize(req godap.RequestMessage) error {
	r := req.(*godap.InitializeRequest)
	var raw map[string]json.RawMessage
	_ = json.Unmarshal(mustJSON(r.Arguments), &raw)
	// DAP's defaults are 1-based lines and columns; Go's zero value is not.
	if _, ok := raw["linesStartAt1"]; ok {
		s.lines1 = r.Arguments.LinesStartAt1
	}
	if _, ok := raw["columnsStartAt1"]; ok {
		s.cols1 = r.Arguments.ColumnsStartAt1
	}
	s.progress = r.Arguments.SupportsProgressReporting
	s.reply(req, capabilities())
	return nil
}

// capabilities advertises exactly what works.
func capabilities() godap.Capabilities {
	return godap.Capabilities{
		SupportsConfigurationDoneRequest:   true,
		SupportsFunctionBreakpoints:        true,
		SupportsConditionalBreakpoints:     true,
		SupportsHitConditionalBreakpoints:  true,
		SupportsEvaluateForHovers:          true,
		ExceptionBreakpointFilters:         exceptionFilters(),
		SupportsStepBack:                   true,
		SupportsRestartRequest:             true,
		SupportsExceptionInfoRequest:       true,
		SupportsLogPoints:                  true,
		SupportsTerminateRequest:           true,
		SupportsBreakpointLocationsRequest: true,
		SupportsSteppingGranularity:        true,
		SupportsGotoTargetsRequest:         true,
		SupportsRestartFrame:               true,
		SupportsSetVariable:                true,
		SupportsDataBreakpoints:            true,
		SupportsCompletionsRequest:         true,
		SupportsCancelRequest:              true,
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func (s *session) onAttach(req godap.RequestMessage) error {
	return fmt.Errorf("attach is not supported: launch a program")
}

func (s *session) onLaunch(req godap.RequestMessage) error {
	r := req.(*godap.LaunchRequest)
	if err := s.validateLaunch(r.Arguments); err != nil {
		return err
	}
	var args launchArgs
	if err := decodeArgs(r.Arguments, &args); err != nil {
		return err
	}
	if err := s.load(&args); err != nil {
		s.flush()
		return err
	}
	s.reply(req, nil)
	s.flush()
	s.send(&godap.InitializedEvent{Event: event("initialized")})
	return nil
}

// launchState is what a launch (or restart) sets up: the arguments, the
// program and its prepared world, the engine of its schedule, and what the
// session caches for it. A session holds exactly one, replaced whole by
// the next launch.
type launchState struct {
	args  *launchArgs
	prog  *check.Program // the world's program (with its mocks in mock world)
	path  string         // the program's absolute path
	src   []byte
	world *schedule.World // the prepared program every run of the session takes
	eng   *travel.Engine
	tape  string // what schedule this is, for the Decision scope
	// tl is the current schedule's timeline, once asked for (for the
	// schedule after tlForks forks).
	tl      *timeline.Timeline
	tlForks int
	// launched is the tape the engine was built with (after minimize).
	launched travel.Tape
	// narrated is the last position whose op the console has narrated;
	// endSaid says it told the end of this schedule.
	narrated int64
	endSaid  bool
	// forks counts this launch's what-if forks (revl/position's forks).
	forks int
	// full is, after a header-first launch, the whole program's check and
	// world until the session settles on them (headerfirst.go).
	full *fullLaunch
}

// launchPlan is what the arguments ask for, checked before anything is
// read: the schedule (a seed, a vector, or the canonical run; a trace's
// vector comes later) and mock world.
type launchPlan struct {
	tape     travel.Tape
	label    string
	mocks    bool
	mockSeed uint64
}

// load validates args, resolves the files they name, and builds the world
// and the engine of the schedule. It changes the session only when all
// three succeed.
func (s *session) load(args *launchArgs) error {
	plan, err := planLaunch(args)
	if err != nil {
		return fmt.Errorf("launch: %v", err)
	}
	l, opts, err := s.resolveLaunch(args, &plan)
	if err != nil {
		return fmt.Errorf("launch: %v", err)
	}
	if err := s.buildLaunch(l, plan, opts); err != nil {
		return err
	}
	s.abandonFull()
	s.launchState = *l
	s.bps.locs, s.bps.locsOf = nil, l.prog.File
	s.countersChanged()
	return nil
}

// planLaunch checks the attributes that need no file: which schedule, and
// whether they combine.
func planLaunch(args *launchArgs) (launchPlan, error) {
	plan := launchPlan{label: "canonical"}
	var err error
	if plan.mocks, plan.mockSeed, err = parseMocks(args.Mocks); err != nil {
		return plan, err
	}
	n := 0
	for _, given := range []bool{args.Seed != nil, len(args.Choices) > 0, args.Trace != ""} {
		if given {
			n++
		}
	}
	if n > 1 {
		return plan, fmt.Errorf("give at most one of 'seed', 'choices' and 'trace'")
	}
	if args.Minimize && args.Seed == nil {
		return plan, fmt.Errorf("'minimize' needs a 'seed'")
	}
	if args.Seed != nil {
		seed, err := strconv.ParseUint(args.Seed.String(), 10, 64)
		if err != nil {
			return plan, fmt.Errorf("'seed' must be a non-negative integer, got %s", args.Seed)
		}
		plan.tape.Seed, plan.label = &seed, "seed "+strconv.FormatUint(seed, 10)
	}
	if len(args.Choices) > 0 {
		v, err := parseChoices(args.Choices)
		if err != nil {
			return plan, err
		}
		plan.tape.Choices, plan.label = v, "choices "+schedule.ScheduleKey(v)
	}
	return plan, nil
}

// resolveLaunch finds and reads the program (the trace's, when only a
// trace is given) and the trace, which fixes the vector and the options.
func (s *session) resolveLaunch(args *launchArgs, plan *launchPlan) (*launchState, schedule.Options, error) {
	opts := schedule.Options{MaxDecisions: args.MaxDecisions}
	var err error
	if opts.Runtime.MemoryBudget, err = args.memoryBudget(); err != nil {
		return nil, opts, err
	}
	mode, ok := runtime.ParseAtomMode(args.Atoms)
	if !ok {
		return nil, opts, fmt.Errorf("launch: 'atoms' must be \"lifecycle\" or \"fine\", got %q", args.Atoms)
	}
	if args.MaxFires < 0 || args.MaxFires > 0 && mode != runtime.AtomsFine {
		return nil, opts, fmt.Errorf("launch: 'maxFires' must be a positive number and needs \"atoms\": \"fine\"")
	}
	opts.Runtime.Atoms, opts.Runtime.MaxFires = mode, args.MaxFires
	if args.MaxFaults < 0 || args.MaxFaults > maxFaultsLimit {
		return nil, opts, fmt.Errorf("launch: 'maxFaults' must be an integer from 0 to %d (faults injected per schedule at most), got %d", maxFaultsLimit, args.MaxFaults)
	}
	// The world revl test --faults runs, in either alphabet: crash(F) and
	// fail@F:N choices, so its printed launch configuration replays.
	opts = opts.WithFaults(args.MaxFaults)
	if args.Program == "" && args.Trace != "" {
		// A trace stores its program: debug the file it names, or the stored
		// source when that file is not here.
		p, note, err := programOfTrace(s.resolve(args.Cwd, args.Trace), args.Cwd)
		if err != nil {
			return nil, opts, err
		}
		s.output("console", note+"\n")
		args.Program = p
	}
	if args.Program == "" {
		return nil, opts, fmt.Errorf("'program' is required (a .rvl file), unless 'trace' is given")
	}
	path, err := filepath.Abs(s.resolve(args.Cwd, args.Program))
	if err != nil {
		return nil, opts, err
	}
	src, err := fileio.Read(path)
	if err != nil {
		return nil, opts, err
	}
	if args.Trace != "" {
		tpath := s.resolve(args.Cwd, args.Trace)
		v, hdr, note, err := loadTrace(tpath, src)
		if err != nil {
			return nil, opts, err
		}
		s.output("console", note+"\n")
		plan.tape.Choices, plan.label = v, "trace "+filepath.Base(tpath)
		opts = timeline.WorldOptions(hdr)
	}
	if len(args.Config) > 0 {
		// Checked against the program's config fields when the world is
		// built.
		cv, err := configValues(args.Config)
		if err != nil {
			return nil, opts, err
		}
		opts.Runtime.Config = cv
	}
	return &launchState{args: args, path: path, src: src}, opts, nil
}

// buildLaunch checks the program, prepares its world (mock world when
// asked), minimizes the seed when asked, and builds the engine.
func (s *session) buildLaunch(l *launchState, plan launchPlan, opts schedule.Options) error {
	if s.headerFirst(l, plan, opts) {
		return nil
	}
	// What the check and the world allocate stays live to the first stop:
	// no collection until the world is built (internal/gcwindow), bounded
	// by about what they allocate (18 bytes per byte of source at 50,000
	// components) with room to spare.
	closeGC := gcwindow.Open(launchBytesPerSourceByte * int64(len(l.src)))
	defer closeGC()
	prog, errs := checkProgram(l.path, l.src, check.Options{})
	if errs != nil {
		for _, e := range errs {
			s.output("stderr", e+"\n")
		}
		return doesNotCheck(l.path, errs)
	}
	if len(prog.Components) > eagerLaunch && verdict.Useful(len(l.src)) {
		// The next launch of these bytes can stop before it checks them.
		if err := verdict.Record(l.src); err != nil {
			s.logf("the check's verdict is not kept: %v", err)
		}
	}
	var err error
	if plan.mocks && opts.Runtime.Atoms == runtime.AtomsFine {
		return fmt.Errorf("launch: 'atoms': \"fine\" runs the plain world only; drop 'mocks'")
	}
	if plan.mocks {
		// Mock world (docs/mocks.md): every required key nothing provides
		// gets a synthetic provider, a component like any other.
		var w *mocks.World
		if l.world, w, err = mocks.NewWorld(prog, mocks.Options{Seed: plan.mockSeed}, opts); err != nil {
			return fmt.Errorf("launch: %v", err)
		}
		for _, m := range w.Mocks {
			s.output("console", fmt.Sprintf("mock %s provides %s (%s) to %s\n", m.Name, m.Key, m.Service, strings.Join(m.Consumers, ", ")))
		}
	} else if l.world, err = schedule.NewWorld(prog, opts); err != nil {
		return fmt.Errorf("launch: %v", err)
	}
	l.prog = l.world.Program()
	// Minimizing runs schedules, whose garbage is the collector's again.
	closeGC()
	tape, label := plan.tape, plan.label
	if l.args.Minimize {
		if len(l.prog.Components) > explorerLimit {
			return fmt.Errorf("launch: 'minimize' is limited to compositions of %d components", explorerLimit)
		}
		o := l.world.Explore(*tape.Seed, true)
		if o.Shrunk == nil {
			s.output("console", fmt.Sprintf("%s passes every property: nothing to minimize; debugging it as is\n", label))
		} else {
			v := o.Shrunk.Result.Choices
			s.output("important", fmt.Sprintf("%s fails %s; minimized in %d replays to choices %s\n",
				label, o.Shrunk.Result.Findings[0].Tag, o.Shrunk.Replays, schedule.ScheduleKey(v)))
			tape = travel.Tape{Choices: v}
			label = fmt.Sprintf("choices %s (%s minimized)", schedule.ScheduleKey(v), label)
		}
	}
	// A large composition's schedule is learnt as the session goes (the
	// first stop runs nothing); a small one's at launch, so every stop
	// knows its length.
	lazy := len(l.prog.Components) > eagerLaunch
	if l.eng, err = travel.New(l.world, tape, travel.Options{Lazy: lazy}); err != nil {
		return fmt.Errorf("launch: %v", err)
	}
	l.tape, l.launched = label, tape
	return nil
}

// launchBytesPerSourceByte bounds what checking a program and building
// its world allocate, per byte of its source, for the launch's window
// without collections (BenchmarkLimits: 18 at 50,000 components).
const launchBytesPerSourceByte = 24

// parseMocks reads the mocks attribute: true, false, or {"seed": N} (the
// seed of the mocks' value streams; 0 or absent: the default).
func parseMocks(raw json.RawMessage) (bool, uint64, error) {
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return false, 0, nil
	}
	var on bool
	if err := json.Unmarshal(raw, &on); err == nil {
		return on, 0, nil
	}
	var opts struct {
		Seed uint64 `json:"seed"`
	}
	if err := json.Unmarshal(raw, &opts); err != nil {
		return false, 0, fmt.Errorf("'mocks' must be true, false or {\"seed\": N}")
	}
	return true, opts.Seed, nil
}

// parseChoices reads a choice vector: a JSON array of indices, or a
// string read as the CLI's --choices (schedule.ParseChoices). An empty
// array is the vector of a schedule in which no atom was ever ready.
func parseChoices(raw json.RawMessage) ([]int, error) {
	var v []int
	if err := json.Unmarshal(raw, &v); err == nil {
		for i, c := range v {
			if c < 0 {
				return nil, fmt.Errorf("'choices': element %d is %d, want a non-negative integer", i+1, c)
			}
		}
		return v, nil
	}
	var str string
	if err := json.Unmarshal(raw, &str); err != nil {
		return nil, fmt.Errorf("'choices' must be an array of non-negative integers or a string like \"0,1,0\"")
	}
	v, err := schedule.ParseChoices(str)
	if err != nil {
		return nil, fmt.Errorf("'choices': %v", err)
	}
	return v, nil
}

func (s *session) onConfigurationDone(req godap.RequestMessage) error {
	s.reply(req, nil)
	s.start()
	return nil
}

// start reports the first stop of a launch or restart: the entry, or the
// first breakpoint when stopOnEntry is false.
func (s *session) start() {
	if s.eng == nil || s.started {
		return
	}
	s.started = true
	if s.args.StopOnEntry == nil || *s.args.StopOnEntry {
		s.stopped(stopInfo{reason: "entry", desc: "start of " + s.tape})
		if s.full != nil {
			s.full.begin(true)
		}
		return
	}
	// A breakpoint on the very first position counts.
	if h := s.hits(nil); h.stops() {
		s.reportHit(h, nil)
		return
	}
	s.forward(func(*travel.Op) bool { return false })
}

func (s *session) onRestart(req godap.RequestMessage) error {
	r := req.(*godap.RestartRequest)
	if s.args == nil {
		return fmt.Errorf("restart: nothing to restart: launch a program first")
	}
	args := *s.args
	if len(r.Arguments) > 0 {
		var wrap struct {
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := decodeArgs(r.Arguments, &wrap); err != nil {
			return err
		}
		if len(wrap.Arguments) > 0 {
			if err := s.validateLaunch(wrap.Arguments); err != nil {
				return err
			}
			args = launchArgs{}
			if err := decodeArgs(wrap.Arguments, &args); err != nil {
				return err
			}
		}
	}
	if err := s.load(&args); err != nil {
		s.flush()
		return err
	}
	// Breakpoints keep their lines when they still name statements.
	var keep []*breakpoint
	for _, bp := range s.bps.source {
		if to, ok := nearest(s.stopLocations(), bp.line); ok {
			bp.line = to
			keep = append(keep, bp)
		}
	}
	s.bps.source = keep
	s.countersChanged()
	s.reply(req, nil)
	s.started = false
	s.start()
	return nil
}

func (s *session) onDisconnect(req godap.RequestMessage) error {
	s.reply(req, nil)
	s.closed = true
	return nil
}

func (s *session) onTerminate(req godap.RequestMessage) error {
	s.reply(req, nil)
	s.sendEvent("terminated", nil)
	return nil
}
