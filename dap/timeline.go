package dap

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	godap "github.com/google/go-dap"

	"revl.dev/debug/internal/fileio"
	"revl.dev/debug/timeline"
)

// Traces and the timeline view, on the shared model of package timeline:
// a `trace` launch debugs the schedule a .rvt file recorded (after
// replaying it event by event against the program), and revl/timeline
// sends the timeline of the session's current schedule (recorded in
// memory the first time it is asked for, and again after a fork).

// loadTrace opens a trace, verifies it against the program's source and
// returns the vector it took, its decision bound and runtime options.
func loadTrace(path string, src []byte) (choices []int, hdr *timeline.Header, note string, err error) {
	t, err := timeline.OpenFile(path)
	if err != nil {
		return nil, nil, "", fmt.Errorf("trace: %v", err)
	}
	defer t.Close()
	res, err := timeline.Replay(t, timeline.ReplayOptions{Source: src})
	if err != nil {
		return nil, nil, "", fmt.Errorf("trace: %v", err)
	}
	if res.Divergence != nil {
		// Never debug a schedule that is not the one recorded without
		// saying where they part.
		return nil, nil, "", fmt.Errorf("trace: the program does not reproduce %s: %v", path, res.Divergence)
	}
	choices, err = t.Choices()
	if err != nil {
		return nil, nil, "", fmt.Errorf("trace: %v", err)
	}
	note = fmt.Sprintf("trace %s: %d decisions replayed and verified, %d events", path, res.Decisions, res.Events)
	if !res.Complete {
		note += " (the trace is incomplete: debugging its recorded prefix, then canonical choices)"
	}
	if res.ProgramChanged {
		note += "; the program changed since the recording but replays the same events"
	}
	return choices, t.Header(), note, nil
}

// resolve makes a launch path absolute against the launch's cwd.
func (s *session) resolve(cwd, path string) string {
	if !filepath.IsAbs(path) && cwd != "" {
		path = filepath.Join(cwd, path)
	}
	return path
}

// programOfTrace finds the program a trace was recorded from: the file it
// names (absolute, or relative to cwd or to the trace's folder) when that
// exists, else the source the trace stores, written to a temporary file so
// that the editor can show it and set breakpoints in it. The replay that
// follows verifies either against the recorded events.
func programOfTrace(tracePath, cwd string) (path, note string, err error) {
	t, err := timeline.OpenFile(tracePath)
	if err != nil {
		return "", "", fmt.Errorf("trace: %v", err)
	}
	defer t.Close()
	name := t.Header().Program
	candidates := []string{name}
	if !filepath.IsAbs(name) {
		candidates = []string{filepath.Join(cwd, name), filepath.Join(filepath.Dir(tracePath), name), filepath.Join(filepath.Dir(tracePath), filepath.Base(name))}
	}
	for _, c := range candidates {
		if st, err := os.Stat(c); err == nil && st.Mode().IsRegular() {
			return c, fmt.Sprintf("trace %s: debugging %s, the program it names", filepath.Base(tracePath), c), nil
		}
	}
	src, err := t.Source()
	if err != nil {
		return "", "", fmt.Errorf("trace: %v", err)
	}
	dir, err := os.MkdirTemp("", "revl-trace-")
	if err != nil {
		return "", "", err
	}
	path = filepath.Join(dir, filepath.Base(name))
	if err := fileio.WriteFile(path, src); err != nil {
		return "", "", err
	}
	return path, fmt.Sprintf("trace %s: %s is not here; debugging the source stored in the trace, written to %s", filepath.Base(tracePath), name, path), nil
}

// timelineArgs window the decisions, the lanes and the emission rows of
// revl/timeline (each from..to-1; to absent or <= 0 for the end, except
// that an explicit decision bound at or before from asks for none).
type timelineArgs struct {
	From          *int `json:"from"`
	To            *int `json:"to"`
	LanesFrom     *int `json:"lanesFrom"`
	LanesTo       *int `json:"lanesTo"`
	EmissionsFrom *int `json:"emissionsFrom"`
	EmissionsTo   *int `json:"emissionsTo"`
}

// timelineBody is revl/timeline's answer: the read model of package
// timeline (timeline.View, built by timeline.NewView as `revl trace show
// --json` builds it, so the two bodies are the same for the same run) and
// where the session is.
type timelineBody struct {
	*timeline.View
	Position position `json:"position"`
}

func (s *session) onTimeline(req godap.RequestMessage) error {
	if err := s.needLaunch(); err != nil {
		return err
	}
	var args timelineArgs
	if err := decodeArgs(req.(*rawRequest).Arguments, &args); err != nil {
		return err
	}
	v, err := s.timelineView(args)
	if err != nil {
		return err
	}
	s.reply(req, timelineBody{View: v, Position: s.position()})
	return nil
}

// timelineView builds the read model of the session's schedule, with the
// canonical side the engine ran.
func (s *session) timelineView(args timelineArgs) (*timeline.View, error) {
	t, err := s.timeline()
	if err != nil {
		return nil, err
	}
	opts := timeline.ViewOptions{Program: s.prog, Canonical: timeline.CanonicalEmissionsOf(s.world)}
	large := len(s.prog.Components) > timeline.WholeLimit
	page := func(from, to *int, f, t *int) {
		if from != nil {
			*f = *from
		}
		switch {
		case to != nil:
			*t = *to
		case large:
			*t = max(*f, 0) + timeline.Page
		}
	}
	page(args.From, args.To, &opts.From, &opts.To)
	if args.To != nil {
		// An explicit bound at or before from asks for no decisions.
		opts.NoDecisions = *args.To <= max(opts.From, 0)
	}
	page(args.LanesFrom, args.LanesTo, &opts.LanesFrom, &opts.LanesTo)
	page(args.EmissionsFrom, args.EmissionsTo, &opts.RowsFrom, &opts.RowsTo)
	if large {
		opts.ReadyMost = timeline.PageReadyMost
	}
	return timeline.NewView(t, opts)
}

// timeline opens the session's schedule as a trace, once per schedule (a
// fork makes a new one): the trace the session was launched with while
// the schedule is the one it recorded (so that revl/timeline shows that
// file as `revl trace show` does), else a recording into memory. Before
// a fork the recording takes the launch's tape itself (a seed, a vector,
// the canonical choices), so a lazy engine need not run the schedule to
// its end first: the recording is the one run to the end.
func (s *session) timeline() (*timeline.Timeline, error) {
	if s.tl != nil && s.tlForks == s.forks {
		return s.tl, nil
	}
	cfg := timeline.Config{World: s.world, Program: s.path, Source: s.src, Recorder: "revl-dap"}
	switch tape := s.launched; {
	case s.forks > 0 || s.eng.Known():
		cfg.Choices = s.eng.Choices()
	case tape.Seed != nil:
		cfg.Seeded, cfg.Seed = true, *tape.Seed
	default:
		cfg.Choices = tape.Choices // nil: the canonical run
	}
	if t := s.launchedTrace(cfg.Choices); t != nil {
		s.tl, s.tlForks = t, s.forks
		return t, nil
	}
	var buf bytes.Buffer
	_, err := timeline.Record(&buf, cfg)
	if err != nil {
		return nil, fmt.Errorf("revl/timeline: %v", err)
	}
	t, err := timeline.Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		return nil, fmt.Errorf("revl/timeline: %v", err)
	}
	s.tl, s.tlForks = t, s.forks
	return t, nil
}

// launchedTrace opens the trace the session was launched with, read into
// memory, when it is complete and took the vector v; nil otherwise (no
// trace, a fork since, a trace cut short whose run the session finished
// with canonical choices, or a file that changed since the launch).
func (s *session) launchedTrace(v []int) *timeline.Timeline {
	if s.args == nil || s.args.Trace == "" {
		return nil
	}
	b, err := os.ReadFile(s.resolve(s.args.Cwd, s.args.Trace))
	if err != nil {
		return nil
	}
	t, err := timeline.Open(bytes.NewReader(b), int64(len(b)))
	if err != nil || !t.Complete() {
		return nil
	}
	if c, err := t.Choices(); err != nil || !slices.Equal(c, v) {
		return nil
	}
	return t
}
