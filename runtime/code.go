package runtime

import (
	"revl.dev/debug/runtime/check"
	"revl.dev/debug/runtime/syntax"
)

// Code is one compiled unit: an activation body, a provision method, a
// helper fn, a timer body, an undo or compensate expression, an arrow or a
// test body. Code is immutable after compilation and shared by every
// machine made from the same program and by all their clones.
//
// The VM is a stack machine. Locals (parameters first) live in the
// machine's value stack from the frame's base, the operand stack above them.
// Stop points (opStmt, opInverse, opFire) are where Step pauses; every
// statement of the source compiles to exactly one of them, at its start.
type Code struct {
	Name     string // `activate A`, `log.write`, `fn label`, `undo`, `timer#`, ...
	Ops      []instr
	Spans    []syntax.Span // per instruction: where an error it raises points
	Consts   []value
	Aux      []any   // per-instruction operands too rich for an int: call sites, templates, ...
	Children []*Code // closures made by opClosure, opPushUndo, opTimer, opProvide
	NParams  int
	NLocals  int
	Locals   []localInfo // debug info: the name and live pc range of each slot
	Ups      []upDesc    // how a closure of this code captures from its parent
	// Steps, in an activation body, is the pc at which each top-level
	// step starts, then the pc of the final return: the boundary after
	// step N (1-based) is Steps[N], where an injected fault strikes
	// (faults.go).
	Steps []int
}

// instr is one instruction; the meaning of a and b depends on op.
type instr struct {
	op   opcode
	a, b int32
}

// localInfo names a slot for the debugger; the slot is in scope for pcs in
// [from, to).
type localInfo struct {
	name     string
	from, to int
}

// upDesc says where a captured value comes from when the closure is made:
// the parent's local slot idx, or the parent's own captured value idx.
type upDesc struct {
	name      string
	fromLocal bool
	idx       int
}

type opcode uint8

const (
	// Stop points.
	opStmt    opcode = iota // statement about to run: emits a stmt event, counts a step
	opInverse               // first op of an inverse: pops it from its frame, emits an inverse event
	opFire                  // first op of a timer body: moves time, emits the fire

	// Values and locals.
	opConst      // push Consts[a]
	opLoad       // push local a
	opStore      // pop into local a
	opLoadUp     // push captured value a
	opPop        // drop the top
	opConfig     // push config field Consts[a] of the context fiber
	opConfigHas  // push whether the context fiber's config already has Consts[a]
	opConfigSet  // pop into config field Consts[a]
	opList       // pop a values, push a list
	opRecord     // pop len(names) values, push a record; Aux[pc] = []string names
	opField      // pop x, push x.Consts[a]
	opIndex      // pop i, x; push x[i]
	opSetField   // pop v, r; push r with field Consts[a] = v
	opSetIndex   // pop v, i, xs; push xs with [i] = v
	opTemplate   // pop b values; Aux[pc] = []string parts
	opCtor       // pop b args, push constructor Consts[a] (Some, None, Ok, Err, declared)
	opIsCtor     // pop x, push whether x is constructor Consts[a] with b args
	opCtorArg    // pop constructor value, push its argument a
	opMatchFail  // pop x, raise "no arm matches"
	opClosure    // push a closure of Children[a]
	opError      // raise the eval error Consts[a] (a name the compiler could not resolve)
	opBinary     // pop y, x; push x op y (a is a binop)
	opNot        // logical not
	opNeg        // arithmetic negation
	opJump       // jump to a
	opJumpFalse  // pop a Bool; jump to a when false
	opAnd        // && : top false -> jump to a keeping it, else pop
	opOr         // || : top true -> jump to a keeping it, else pop
	opCoalesce   // ?? : top Some(v) -> v and jump to a; non-Opt non-null -> jump to a; else pop
	opIterNext   // for-of: list in local a, index in local a+1; push the next element or jump to b
	opCall       // call helper fn a with b args
	opCallValue  // call the closure below b args
	opMethod     // pop b args and a receiver, call method Consts[a] (value method or host op)
	opHostNew    // Map.new(), Pool.open(url, size), Job.run(name): Aux[pc] = *hostSite
	opProvCall   // k.m(args) or emit k.m(args): Aux[pc] = *callSite
	opAwait      // pop x; wait for it when it is a job; push the awaited value
	opFail       // pop message, raise a fail error
	opReturn     // pop the result, return it
	opReturnUnit // return ()

	// Effects and the frame.
	opPushUndo    // push Children[a] as an inverse on the context fiber's frame; Aux[pc] = *invSite
	opTimer       // arm a timer; Aux[pc] = *timerSite
	opProvide     // publish a provision; Aux[pc] = *provideSite
	opWithdraw    // inverse body: withdraw the frame's inverse's key
	opCancelTimer // inverse body: cancel the frame's inverse's timer

	// Tests.
	opAssert          // pop a Bool; Aux[pc] = *assertSite
	opAssertCmp       // pop y, x; compare with the site's op; Aux[pc] = *assertSite
	opAssertNoResidue // diff the snapshot against the test's baseline
	opLoadComp        // load component a (b = 1: a with-record is on the stack)
	opUnload          // unload component a
	opAdvance         // advance virtual time by Consts[a] (an Int of ms)

	// Mock components (native.go).
	opNative    // the body of a mock's method: native op a computes the result
	opMockReset // reset the value streams of native ops [a, b)
)

func (op opcode) isStop() bool { return op == opStmt || op == opInverse || op == opFire }

// binop numbers the binary operators for opBinary.
type binop int32

const (
	bAdd binop = iota
	bSub
	bMul
	bDiv
	bMod
	bLt
	bGt
	bLe
	bGe
	bEq
	bNe
)

var binopNames = [...]string{"+", "-", "*", "/", "%", "<", ">", "<=", ">=", "==", "!="}

func binopOf(s string) (binop, bool) {
	for i, n := range binopNames {
		if n == s {
			return binop(i), true
		}
	}
	return 0, false
}

// negated is the operator that holds when op does not; an assert failure
// message uses it: `assert n == 2 failed: 3 != 2`.
func (op binop) negated() string {
	switch op {
	case bLt:
		return ">="
	case bGt:
		return "<="
	case bLe:
		return ">"
	case bGe:
		return "<"
	case bEq:
		return "!="
	case bNe:
		return "=="
	}
	return "!" + binopNames[op]
}

func (op binop) isComparison() bool { return op >= bLt }

// callSite is a call through a key: `k.m(args)`, `emit k.m(args)`, a
// compensation, or a harness `call k.m(args)` in a lifecycle test.
type callSite struct {
	key      string
	slot     int32 // key's slot in the machine's provisions (compiled.keySlot; -1: none)
	method   string
	nargs    int
	emit     bool
	provider *check.Component // the component that provides key (nil: none does)
	service  string
	meth     *check.Method // nil when the service does not declare method
}

// hostSite is a static host constructor call.
type hostSite struct {
	class  hostClass
	method string
	nargs  int
}

// invSite describes an inverse pushed by opPushUndo.
type invSite struct {
	kind invKind
	text string // rendered source, as the frame listing shows it
}

// timerSite is an `every`/`after` statement; Children[a] of the arming
// code is the body.
type timerSite struct {
	kind     syntax.TimerKind
	interval int64
	body     int // child index
}

// provideSite is a `provide k { ... }` statement.
type provideSite struct {
	key     string
	slot    int32 // key's slot in the machine's provisions (compiled.keySlot)
	methods []provMethod
	// withdraw is the text of its inverse, `withdraw k`, built once by the
	// compiler ("": build it at run time).
	withdraw string
}

type provMethod struct {
	name  string
	child int
}

// assertSite is an `assert` statement; text is the asserted source.
type assertSite struct {
	text string
	op   binop
}
