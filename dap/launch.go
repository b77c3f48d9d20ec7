package dap

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	godap "github.com/google/go-dap"

	"revl.dev/debug/dap/travel"
	"revl.dev/debug/mocks"
	"revl.dev/debug/runtime"
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
	"revl.dev/debug/schedule"
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
}

// explorerLimit bounds the compositions for which the session runs many
// schedules (minimize, revl/explore): each schedule of a wide composition
// lists a ready set as wide as the composition at every decision, so a
// sweep of a large one belongs to `revl test`, not to an interactive
// session. The engine itself has no such limit.
const explorerLimit = 300

// timelineLimit bounds the compositions whose revl/timeline the session
// records on request (one run and the canonical comparison: under a second
// at 2,000 components of the wide benchmark shape, 2.7 s at 5,000).
const timelineLimit = 2000

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

// load reads, checks and prepares the program of args and builds the
// engine for its schedule. It changes the session only when it succeeds.
func (s *session) load(args *launchArgs) error {
	if args.Program == "" && args.Trace != "" {
		// A trace stores its program: debug the file it names, or the stored
		// source when that file is not here.
		p, note, err := programOfTrace(s.resolve(args.Cwd, args.Trace), args.Cwd)
		if err != nil {
			return fmt.Errorf("launch: %v", err)
		}
		s.output("console", note+"\n")
		args.Program = p
	}
	if args.Program == "" {
		return fmt.Errorf("launch: 'program' is required (a .rvl file), unless 'trace' is given")
	}
	path := args.Program
	if !filepath.IsAbs(path) && args.Cwd != "" {
		path = filepath.Join(args.Cwd, path)
	}
	path, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("launch: %v", err)
	}
	mockOn, mockSeed, err := parseMocks(args.Mocks)
	if err != nil {
		return fmt.Errorf("launch: %v", err)
	}
	n := 0
	if args.Seed != nil {
		n++
	}
	if len(args.Choices) > 0 {
		n++
	}
	if args.Trace != "" {
		n++
	}
	if n > 1 {
		return fmt.Errorf("launch: give at most one of 'seed', 'choices' and 'trace'")
	}
	if args.Minimize && args.Seed == nil {
		return fmt.Errorf("launch: 'minimize' needs a 'seed'")
	}
	prog, diags := check.Source(path, src)
	if check.HasErrors(diags) {
		var lines []string
		for _, d := range diags {
			if d.Severity == syntax.SeverityError {
				lines = append(lines, d.Error())
				s.output("stderr", d.Error()+"\n")
			}
		}
		return fmt.Errorf("launch: %s does not check:\n%s", filepath.Base(path), strings.Join(lines, "\n"))
	}
	var tape travel.Tape
	label := "canonical"
	if args.Seed != nil {
		seed, err := strconv.ParseUint(args.Seed.String(), 10, 64)
		if err != nil {
			return fmt.Errorf("launch: 'seed' must be a non-negative integer, got %s", args.Seed)
		}
		tape.Seed, label = &seed, "seed "+strconv.FormatUint(seed, 10)
	}
	if len(args.Choices) > 0 {
		v, err := parseChoices(args.Choices)
		if err != nil {
			return fmt.Errorf("launch: %v", err)
		}
		tape.Choices, label = v, "choices "+schedule.ScheduleKey(v)
	}
	var ropts runtime.Options
	maxDec := args.MaxDecisions
	if args.Trace != "" {
		tpath := s.resolve(args.Cwd, args.Trace)
		v, hdr, note, err := loadTrace(tpath, src)
		if err != nil {
			return fmt.Errorf("launch: %v", err)
		}
		s.output("console", note+"\n")
		tape.Choices, label = v, "trace "+filepath.Base(tpath)
		ropts, maxDec = hdr.Options.Runtime(), hdr.Options.MaxDecisions
	}
	sopts := schedule.Options{MaxDecisions: maxDec, Runtime: ropts}
	var world *schedule.World
	if mockOn {
		// Mock world (docs/mocks.md): every required key nothing provides
		// gets a synthetic provider, a component like any other.
		var w *mocks.World
		if world, w, err = mocks.NewWorld(prog, mocks.Options{Seed: mockSeed}, sopts); err != nil {
			return fmt.Errorf("launch: %v", err)
		}
		for _, m := range w.Mocks {
			s.output("console", fmt.Sprintf("mock %s provides %s (%s) to %s\n", m.Name, m.Key, m.Service, strings.Join(m.Consumers, ", ")))
		}
	} else if world, err = schedule.NewWorld(prog, sopts); err != nil {
		return fmt.Errorf("launch: %v", err)
	}
	prog = world.Program()
	if args.Minimize {
		if len(prog.Components) > explorerLimit {
			return fmt.Errorf("launch: 'minimize' is limited to compositions of %d components", explorerLimit)
		}
		o := world.Explore(*tape.Seed, true)
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
	eng, err := travel.New(world, tape, travel.Options{})
	if err != nil {
		return fmt.Errorf("launch: %v", err)
	}
	s.args, s.prog, s.path, s.src, s.eng, s.world, s.tape = args, prog, path, src, eng, world, label
	s.tl, s.tlChoices = nil, nil
	s.bps.locs = locations(prog.File)
	s.launched = true
	s.countersChanged()
	return nil
}

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
		if to, ok := nearest(s.bps.locs, bp.line); ok {
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
