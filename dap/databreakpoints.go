package dap

import (
	"fmt"
	"strconv"
	"strings"

	godap "github.com/google/go-dap"

	"revl.dev/debug/dap/travel"
	"revl.dev/debug/runtime"
)

// Data breakpoints watch data of the composition rather than code:
//
//	provision:KEY     a provision: written when published or withdrawn,
//	                  read when a call or emit goes through its key;
//	resource:TAG      a host resource (`map#1`, `pool#2`, `timer#1`,
//	                  `job warmup`): written when acquired or released, read
//	                  by any other operation on it;
//	channel:KEY.FN    an emission fn: written by each emission through it.
//
// A data breakpoint stops after an op whose events touch its data with
// its access type (read, write or readWrite). continue stops at the next
// such op, reverseContinue at the latest one before the position: "when
// was this last changed?" is one reverse continue. The Variables pane
// offers them on the Provisions scope, the Emissions scope, and Residue's
// provisions and unreleased lists (dataBreakpointInfo).

// dataTarget is what a data breakpoint watches.
type dataTarget struct {
	kind string // "provision", "resource", "channel"
	name string // the key, the resource tag, `key.fn`
}

func (d dataTarget) id() string { return d.kind + ":" + d.name }

// accessTypes are the access types the target has.
func (d dataTarget) accessTypes() []godap.DataBreakpointAccessType {
	if d.kind == "channel" {
		return []godap.DataBreakpointAccessType{"write"}
	}
	return []godap.DataBreakpointAccessType{"read", "write", "readWrite"}
}

func (d dataTarget) describe() string {
	switch d.kind {
	case "provision":
		return "provision " + d.name + " (write: published or withdrawn; read: used)"
	case "resource":
		return "host resource " + d.name + " (write: acquired or released; read: used)"
	}
	return "emissions through " + d.name
}

// parseDataID reads a dataId.
func parseDataID(id string) (dataTarget, bool) {
	kind, name, ok := strings.Cut(id, ":")
	if !ok || name == "" {
		return dataTarget{}, false
	}
	switch kind {
	case "provision", "resource", "channel":
		return dataTarget{kind, name}, true
	}
	return dataTarget{}, false
}

// provisionData: a variable named by a key (the Provisions scope), or
// whose value is a key (Residue's provisions list).
func provisionData(v godap.Variable) (dataTarget, bool) {
	if strings.HasPrefix(v.Name, "[") {
		return dataTarget{"provision", v.Value}, v.Value != ""
	}
	if v.Name == "(none)" {
		return dataTarget{}, false
	}
	return dataTarget{"provision", v.Name}, true
}

// resourceData: an item of Residue's unreleased list, `map#1 (new() with
// no drop())`.
func resourceData(v godap.Variable) (dataTarget, bool) {
	tag, _, _ := strings.Cut(v.Value, " (")
	return dataTarget{"resource", tag}, tag != ""
}

// emissionData: an emission of the Emissions scope, `#3`: its channel.
func (s *session) emissionData(v godap.Variable) (dataTarget, bool) {
	i, err := strconv.Atoi(strings.TrimPrefix(v.Name, "#"))
	ems := s.eng.EmissionsSoFar()
	if err != nil || i < 0 || i >= len(ems) {
		return dataTarget{}, false
	}
	ch, _, _ := strings.Cut(ems[i].Text, "(")
	return dataTarget{"channel", ch}, true
}

// resolveData names the data of a name given without a container: a
// dataId, a provided key, an emission fn `key.fn`, or a resource tag.
func (s *session) resolveData(name string) (dataTarget, string) {
	name = strings.TrimSpace(name)
	if d, ok := parseDataID(name); ok {
		return d, s.checkData(d)
	}
	for _, d := range []dataTarget{{"provision", name}, {"channel", name}, {"resource", name}} {
		if s.checkData(d) == "" {
			return d, ""
		}
	}
	return dataTarget{}, fmt.Sprintf("%q names no provided key, emission fn or host resource", name)
}

// checkData says why d names nothing in the program ("" when it does).
func (s *session) checkData(d dataTarget) string {
	if s.prog == nil {
		return "no program launched yet"
	}
	switch d.kind {
	case "provision":
		if p := s.prog.ProviderOf[d.name]; p == nil {
			return fmt.Sprintf("no component provides key %q", d.name)
		}
	case "channel":
		key, fn, _ := strings.Cut(d.name, ".")
		svc := s.providedService(key)
		if svc == nil {
			return fmt.Sprintf("no provided key %q", key)
		}
		if m := svc.MethodByID[fn]; m == nil || !m.Emission {
			return fmt.Sprintf("%s is not an emission fn", d.name)
		}
	case "resource":
		if !isResourceTag(d.name) {
			return fmt.Sprintf("%q is not a host resource (map#1, pool#1, timer#1, job NAME)", d.name)
		}
	}
	return ""
}

// isResourceTag accepts `map#1`, `pool#2`, `timer#3` and `job NAME`.
func isResourceTag(t string) bool {
	if name, ok := strings.CutPrefix(t, "job "); ok {
		return name != ""
	}
	class, n, ok := strings.Cut(t, "#")
	if !ok {
		return false
	}
	k, err := strconv.Atoi(n)
	return err == nil && k > 0 && (class == "map" || class == "pool" || class == "timer")
}

// hostTag is the resource a host event is about, from its trace line:
// `map#1.insert k`, `pool#1.open db://x`, `timer#1.fire #1 at 30ms`,
// `job.run warmup start`.
func hostTag(text string) string {
	if rest, ok := strings.CutPrefix(text, "job.run "); ok {
		if i := strings.LastIndexByte(rest, ' '); i > 0 {
			rest = rest[:i]
		}
		return "job " + rest
	}
	tag, _, _ := strings.Cut(text, ".")
	return tag
}

// touches reports whether ev reads or writes d.
func (d dataTarget) touches(ev runtime.Event) (read, write bool) {
	switch d.kind {
	case "provision":
		if ev.Key != d.name {
			return false, false
		}
		return ev.Kind == runtime.EvUse, ev.Kind == runtime.EvPublish || ev.Kind == runtime.EvWithdraw
	case "resource":
		if ev.Kind != runtime.EvHost && ev.Kind != runtime.EvTimerFire || hostTag(ev.Text) != d.name {
			return false, false
		}
		w := ev.Acquire || ev.Release
		return !w, w
	case "channel":
		return false, ev.Kind == runtime.EvEmission && ev.Key+"."+ev.Method == d.name
	}
	return false, false
}

// dataHit reports whether op o (with the events of the unstoppable ops
// before it) touches bp's data with its access type.
func dataHit(bp *breakpoint, o *travel.Op) bool {
	_, ok := dataEvent(bp, o)
	return ok
}

// dataEvent is the last event of op o that touches bp's data.
func dataEvent(bp *breakpoint, o *travel.Op) (runtime.Event, bool) {
	var hit runtime.Event
	found := false
	if o == nil {
		return hit, false
	}
	for _, evs := range [][]runtime.Event{o.Carried, o.Events} {
		for _, ev := range evs {
			r, w := bp.data.touches(ev)
			if bp.access == "read" && r || bp.access == "write" && w || bp.access == "readWrite" && (r || w) {
				hit, found = ev, true
			}
		}
	}
	return hit, found
}

// dataStop describes a data breakpoint's hit: what the op did to the data.
func dataStop(bp *breakpoint, o *travel.Op) string {
	ev, _ := dataEvent(bp, o)
	what := ""
	switch ev.Kind {
	case runtime.EvPublish:
		what = "published by " + ev.Fiber
	case runtime.EvWithdraw:
		what = "withdrawn by " + ev.Fiber
	case runtime.EvUse:
		what = fmt.Sprintf("used by %s (%s.%s)", ev.Caller, ev.Key, ev.Method)
	case runtime.EvHost, runtime.EvTimerFire:
		what = ev.Text + " by " + ev.Fiber
	case runtime.EvEmission:
		what = ev.Text + " by " + ev.Fiber
	}
	return bp.data.id() + ": " + what
}

func (s *session) onDataBreakpointInfo(req godap.RequestMessage) error {
	r := req.(*godap.DataBreakpointInfoRequest)
	a := r.Arguments
	var d dataTarget
	why := ""
	if ref := a.VariablesReference; ref > 0 {
		c := s.handles.at(ref)
		ok := false
		if c.data != nil {
			for _, v := range s.containerVars(c) {
				if v.Name == a.Name {
					d, ok = c.data(v)
					break
				}
			}
		}
		if !ok {
			why = fmt.Sprintf("%s is not data a data breakpoint can watch: a provision, a host resource or an emission channel", a.Name)
		} else {
			why = s.checkData(d)
		}
	} else {
		d, why = s.resolveData(a.Name)
	}
	if why != "" {
		s.reply(req, godap.DataBreakpointInfoResponseBody{DataId: nil, Description: why})
		return nil
	}
	s.reply(req, godap.DataBreakpointInfoResponseBody{DataId: d.id(), Description: d.describe(), AccessTypes: d.accessTypes(), CanPersist: true})
	return nil
}

// containerVars lists all the variables of a container.
func (s *session) containerVars(c *varsRef) []godap.Variable {
	if c.all != nil {
		return c.all()
	}
	if c.page != nil {
		return c.page(0, c.n)
	}
	return nil
}

func (s *session) onSetDataBreakpoints(req godap.RequestMessage) error {
	r := req.(*godap.SetDataBreakpointsRequest)
	var out []godap.Breakpoint
	s.bps.data = nil
	for _, db := range r.Arguments.Breakpoints {
		bp, msg := s.newBP(bpData, db.Condition, db.HitCondition, "")
		d, ok := parseDataID(db.DataId)
		switch {
		case msg != "":
		case !ok:
			msg = fmt.Sprintf("%q is not a dataId (provision:KEY, resource:TAG, channel:KEY.FN; dataBreakpointInfo gives them)", db.DataId)
		default:
			msg = s.checkData(d)
		}
		access := string(db.AccessType)
		if msg == "" {
			switch {
			case access == "":
				access = "write"
			case access != "read" && access != "write" && access != "readWrite":
				msg = fmt.Sprintf("accessType %q: want read, write or readWrite", access)
			case d.kind == "channel" && access == "read":
				msg = "an emission channel is only written: use accessType write"
			}
		}
		b := godap.Breakpoint{Id: bp.id, Verified: msg == "", Message: msg}
		if msg == "" {
			bp.data, bp.access = d, access
			b.Message = d.describe()
			s.bps.data = append(s.bps.data, bp)
		}
		out = append(out, b)
	}
	s.countersChanged()
	s.reply(req, godap.SetDataBreakpointsResponseBody{Breakpoints: nonNil(out)})
	return nil
}
