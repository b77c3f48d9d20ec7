package dap

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"strconv"

	godap "github.com/google/go-dap"
)

// Argument validation. A request whose arguments decode is still refused,
// with an error that names the argument, when they name a thread, a source
// or a line that does not exist, or a value no launch can mean: the
// session answers only for what it has.

// validateLaunch checks a launch (or restart) request's raw arguments
// beyond their JSON types, before anything is read from disk: with a
// token (revl-dap --listen), the token first, so that a client without it
// learns nothing about the files of the server's machine; then a seed
// given as a string, a decision bound below 1 and a malformed vector.
func (s *session) validateLaunch(raw json.RawMessage) error {
	// The raw attributes, matched to names as decodeArgs matches them into
	// launchArgs (case-insensitively), so that no spelling skips a check.
	var m struct {
		Seed         json.RawMessage `json:"seed"`
		MaxDecisions json.RawMessage `json:"maxDecisions"`
		Choices      json.RawMessage `json:"choices"`
		MaxFaults    json.RawMessage `json:"maxFaults"`
		Token        json.RawMessage `json:"token"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return decodeArgs(raw, &launchArgs{}) // what is wrong with the JSON
	}
	if s.opts.Token != "" && !s.authed {
		var tok string
		if t := m.Token; len(t) == 0 || json.Unmarshal(t, &tok) != nil ||
			subtle.ConstantTimeCompare([]byte(tok), []byte(s.opts.Token)) != 1 {
			return fmt.Errorf("launch: this revl-dap serves over TCP and needs the token it printed when it started: pass it as the launch attribute \"token\" (or start it with --no-auth on a machine you alone use)")
		}
		s.authed = true
	}
	if v := m.Seed; len(v) > 0 && !isNull(v) {
		if _, err := jsonUint(v); err != nil {
			return fmt.Errorf("launch: 'seed' must be a non-negative integer (a number, not a string), got %s", clip(v))
		}
	}
	if v := m.MaxDecisions; len(v) > 0 && !isNull(v) {
		if n, err := jsonUint(v); err != nil || n < 1 {
			return fmt.Errorf("launch: 'maxDecisions' must be a positive integer (the decision bound), got %s", clip(v))
		}
	}
	if v := m.MaxFaults; len(v) > 0 && !isNull(v) {
		if n, err := jsonUint(v); err != nil || n > maxFaultsLimit {
			return fmt.Errorf("launch: 'maxFaults' must be an integer from 0 to %d (faults injected per schedule at most), got %s", maxFaultsLimit, clip(v))
		}
	}
	if v := m.Choices; len(v) > 0 && !isNull(v) {
		if _, err := parseChoices(v); err != nil {
			return fmt.Errorf("launch: %v", err)
		}
	}
	return nil
}

func isNull(v json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(v), []byte("null")) }

// jsonUint reads a JSON number that is a non-negative integer; a string,
// a fraction or an exponent is an error.
func jsonUint(v json.RawMessage) (uint64, error) {
	t := bytes.TrimSpace(v)
	return strconv.ParseUint(string(t), 10, 64)
}

// clip quotes a client's value in an error, cut to a readable length.
func clip(v json.RawMessage) string {
	const most = 40
	t := bytes.TrimSpace(v)
	if len(t) > most {
		return string(t[:most]) + "…"
	}
	return string(t)
}

// hasThread reports whether id names a thread the threads request would
// list: the scheduler, or the fiber of a loaded component.
func (s *session) hasThread(id int) bool {
	if id == schedulerThread {
		return true
	}
	return s.prog != nil && id >= fiberThread(0) && id < fiberThread(len(s.prog.LoadOrder))
}

// validateRequest refuses a request whose arguments name what does not
// exist; nil lets the handler run.
func (s *session) validateRequest(req godap.RequestMessage) error {
	thread := func(cmd string, id int) error {
		if s.eng == nil {
			return s.needLaunch()
		}
		if !s.hasThread(id) {
			return fmt.Errorf("%s: no thread %d (the threads request lists them: 1 is the scheduler, 2.. the fibers)", cmd, id)
		}
		return nil
	}
	switch r := req.(type) {
	case *godap.NextRequest:
		return thread("next", r.Arguments.ThreadId)
	case *godap.StepInRequest:
		return thread("stepIn", r.Arguments.ThreadId)
	case *godap.StepOutRequest:
		return thread("stepOut", r.Arguments.ThreadId)
	case *godap.StepBackRequest:
		return thread("stepBack", r.Arguments.ThreadId)
	case *godap.ContinueRequest:
		return thread("continue", r.Arguments.ThreadId)
	case *godap.ReverseContinueRequest:
		return thread("reverseContinue", r.Arguments.ThreadId)
	case *godap.StackTraceRequest:
		if err := thread("stackTrace", r.Arguments.ThreadId); err != nil {
			return err
		}
		if r.Arguments.StartFrame < 0 || r.Arguments.Levels < 0 {
			return fmt.Errorf("stackTrace: 'startFrame' and 'levels' must be 0 or more")
		}
	case *godap.VariablesRequest:
		if r.Arguments.Start < 0 || r.Arguments.Count < 0 {
			return fmt.Errorf("variables: 'start' and 'count' must be 0 or more")
		}
	case *godap.ExceptionInfoRequest:
		return thread("exceptionInfo", r.Arguments.ThreadId)
	case *godap.GotoTargetsRequest:
		if s.eng == nil {
			return s.needLaunch()
		}
		if !s.isProgram(r.Arguments.Source.Path) {
			return fmt.Errorf("gotoTargets: no such source: give the launched program's path")
		}
		if l := s.lineIn(r.Arguments.Line); l < 1 || l > s.lineCount() {
			return fmt.Errorf("gotoTargets: 'line' %d is not a line of the file", r.Arguments.Line)
		}
		if r.Arguments.Column != 0 && s.colIn(r.Arguments.Column) < 1 {
			return fmt.Errorf("gotoTargets: 'column' %d is not a column of the line", r.Arguments.Column)
		}
	case *godap.GotoRequest:
		if err := thread("goto", r.Arguments.ThreadId); err != nil {
			return err
		}
		if id := r.Arguments.TargetId; id < 1 || id > len(s.stopLocations()) {
			return fmt.Errorf("goto: no target %d (gotoTargets lists them)", id)
		}
	case *godap.RestartFrameRequest:
		if s.eng == nil {
			return s.needLaunch()
		}
		id := r.Arguments.FrameId
		if id < 1 || id > len(s.handles.frames) {
			return fmt.Errorf("restartFrame: no frame %d (frames are valid until the next stop)", id)
		}
		if fr := s.handles.frames[id-1]; fr.fiber >= 0 && fr.index < 0 {
			return fmt.Errorf("restartFrame: frame %d is a fiber with nothing running: restart the scheduler's frame or a frame of the running atom", id)
		}
	case *godap.SetVariableRequest:
		if s.eng == nil {
			return s.needLaunch()
		}
		if ref := r.Arguments.VariablesReference; ref < 1 || ref > len(s.handles.vars) {
			return fmt.Errorf("setVariable: no variables %d (references are valid until the next stop)", ref)
		}
		if r.Arguments.Name == "" {
			return fmt.Errorf("setVariable: 'name' is required")
		}
	case *godap.DataBreakpointInfoRequest:
		if ref := r.Arguments.VariablesReference; ref < 0 || ref > len(s.handles.vars) {
			return fmt.Errorf("dataBreakpointInfo: no variables %d (references are valid until the next stop)", ref)
		}
		if id := r.Arguments.FrameId; id < 0 || id > len(s.handles.frames) {
			return fmt.Errorf("dataBreakpointInfo: no frame %d (frames are valid until the next stop)", id)
		}
		if r.Arguments.Name == "" {
			return fmt.Errorf("dataBreakpointInfo: 'name' is required")
		}
	case *godap.CompletionsRequest:
		if s.eng == nil {
			return s.needLaunch()
		}
		if id := r.Arguments.FrameId; id < 0 || id > len(s.handles.frames) {
			return fmt.Errorf("completions: no frame %d (frames are valid until the next stop)", id)
		}
		if c := s.colIn(r.Arguments.Column); c < 1 || c > utf16Len(r.Arguments.Text)+1 {
			return fmt.Errorf("completions: 'column' %d is not a position in 'text'", r.Arguments.Column)
		}
		if r.Arguments.Line < 0 {
			return fmt.Errorf("completions: 'line' must be 0 or more")
		}
	case *godap.SourceRequest:
		// The session hands out no source references (every frame names
		// the program by path), so a reference names nothing.
		ref := r.Arguments.SourceReference
		if r.Arguments.Source != nil && r.Arguments.Source.SourceReference != 0 {
			ref = r.Arguments.Source.SourceReference
		}
		if ref != 0 {
			return fmt.Errorf("source: no source with reference %d (sources are named by path)", ref)
		}
		if s.eng == nil {
			return s.needLaunch()
		}
		if r.Arguments.Source == nil || !s.isProgram(r.Arguments.Source.Path) {
			return fmt.Errorf("source: no such source: give the launched program's path")
		}
	case *godap.BreakpointLocationsRequest:
		a := r.Arguments
		if a == nil {
			return fmt.Errorf("breakpointLocations: 'source' and 'line' are required")
		}
		if s.lineIn(a.Line) < 1 {
			return fmt.Errorf("breakpointLocations: 'line' %d is not a line of the file", a.Line)
		}
		if a.EndLine != 0 && s.lineIn(a.EndLine) < s.lineIn(a.Line) {
			return fmt.Errorf("breakpointLocations: 'endLine' %d is before 'line' %d", a.EndLine, a.Line)
		}
		if a.Column != 0 && s.colIn(a.Column) < 1 || a.EndColumn != 0 && s.colIn(a.EndColumn) < 1 {
			return fmt.Errorf("breakpointLocations: 'column' and 'endColumn' must be columns of the line")
		}
	}
	return nil
}

// validated runs the request's validation before its handler.
func validated(h handler) handler {
	return func(s *session, req godap.RequestMessage) error {
		if err := s.validateRequest(req); err != nil {
			return err
		}
		return h(s, req)
	}
}
