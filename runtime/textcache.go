package runtime

import "unsafe"

// textCache remembers, per machine, texts the interpreter renders again
// and again with the same inputs: the text of an emission at one call
// site with the same arguments (`log.write("A up")`, every schedule), the
// quoted form of a string used as a map key. A sweep's worker runs
// schedule after schedule on one machine (ResetFrom), and each schedule
// otherwise built every such string anew: in the layered 50-component
// benchmark, two allocations in every five.
//
// It changes no behaviour: an entry is used only when its inputs are equal
// to the ones at hand, so the text is the same string value either way,
// charged to the memory budget by its length as before. The slots are
// picked by address, which only decides what is found, never what is
// rendered. It is not state: a clone starts without one, and only a
// machine ResetFrom made has one (it is 50 KB, which the debugger's many
// short-lived clones should not each pay for). Its entries are immutable
// strings, so it survives resets, clones included.
type textCache struct {
	calls  [cacheSlots]callText1
	quoted [cacheSlots]quoted1
}

// cacheSlots is the size of each table: room for the distinct texts of a
// schedule of a few hundred components (the layered 50-component
// benchmark has 80 of each) before they evict one another.
const cacheSlots = 512

// callText1 is one emission text: site's call with args (at most two, each
// a string or an integer) rendered within limit.
type callText1 struct {
	site  *callSite
	limit int
	n     int
	args  [2]value
	text  string
}

// quoted1 is s as a quoted map key.
type quoted1 struct{ s, q string }

// cacheable reports whether a call's arguments can key the cache: few,
// and of the kinds compared by value without a walk.
func cacheable(args []value) bool {
	if len(args) > 2 {
		return false
	}
	for _, a := range args {
		switch a.(type) {
		case vStr, vInt:
		default:
			return false
		}
	}
	return true
}

// sameArg reports whether two cacheable arguments are equal.
func sameArg(a, b value) bool {
	switch x := a.(type) {
	case vStr:
		y, ok := b.(vStr)
		return ok && x == y
	case vInt:
		y, ok := b.(vInt)
		return ok && x == y
	}
	return false
}

// slotOf spreads addresses over the slots (Fibonacci hashing: strings and
// sites allocated one after the other would otherwise crowd together).
func slotOf(p unsafe.Pointer) int {
	return int((uint64(uintptr(p)) * 0x9E3779B97F4A7C15) >> (64 - 9))
}

// emissionText is callText(s.key, s.method, args, limit), from the cache
// when this machine rendered the same call before.
func (m *Machine) emissionText(s *callSite, args []value, limit int) (string, bool) {
	if m.texts == nil || !cacheable(args) {
		return callText(s.key, s.method, args, limit)
	}
	slot := slotOf(unsafe.Pointer(s))
	if len(args) > 0 {
		// Calls of one site with other arguments take other slots.
		if x, ok := args[0].(vStr); ok && len(x) > 0 {
			slot ^= slotOf(unsafe.Pointer(unsafe.StringData(string(x)))) >> 1
		}
	}
	c := &m.texts.calls[slot]
	if c.site == s && c.limit == limit && c.n == len(args) {
		hit := true
		for i, a := range args {
			if !sameArg(c.args[i], a) {
				hit = false
				break
			}
		}
		if hit {
			return c.text, false
		}
	}
	text, over := callText(s.key, s.method, args, limit)
	if !over {
		*c = callText1{site: s, limit: limit, n: len(args), text: text}
		copy(c.args[:], args)
	}
	return text, over
}

// quotedKey is `"s"`, the text of string s as a map key, from the cache
// when this machine quoted the same string before.
func (m *Machine) quotedKey(s vStr) string {
	if len(s) == 0 {
		return `""`
	}
	if m.texts == nil {
		return "\"" + string(s) + "\""
	}
	c := &m.texts.quoted[slotOf(unsafe.Pointer(unsafe.StringData(string(s))))]
	if c.s == string(s) && c.q != "" {
		return c.q
	}
	q := "\"" + string(s) + "\""
	*c = quoted1{s: string(s), q: q}
	return q
}
