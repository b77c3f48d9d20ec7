package check

import (
	"strings"

	"revl.dev/debug/runtime/syntax"
)

// bodyKind is the kind of statement list being checked; each allows a
// different set of statements (spec §3 and the lifecycle steps of §5).
type bodyKind int

const (
	inActivation  bodyKind = iota // a component body
	inMethod                      // a method inside `provide`
	inHelper                      // a top-level fn
	inTimer                       // the body of every/after
	inEffectBlock                 // effect { stmts; E }
	inTest                        // test "..." { }
	inLifecycle                   // lifecycle test "..." { }
	numBodyKinds
)

var bodyNames = [numBodyKinds]string{
	"an activation body", "a provide method body", "a helper fn body", "a timer body",
	"an effect block", "a test body", "a lifecycle test body",
}

// bodyPlaces names each kind in "only in ..." hints.
var bodyPlaces = [numBodyKinds]string{
	"activation bodies", "provide methods", "fn helpers", "timer bodies",
	"effect blocks", "tests", "lifecycle tests",
}

// stepKind classifies a statement for the allowed-statement table.
type stepKind int

const (
	stLet stepKind = iota
	stVar
	stAssign
	stIf
	stWhile
	stFor
	stReturn
	stEffect
	stEmit
	stCall
	stAwait
	stFail
	stAssert
	stNoResidue
	stLoad
	stUnload
	stAdvance
	stConfig
	stProvide
	stTimer
	stBlock
	stExpr    // an expression statement that is neither a call nor await
	stHarness // a bare `call k.m()` (lifecycle tests only; the result is dropped)
	stBad
)

func bits(ks ...stepKind) uint64 {
	var m uint64
	for _, k := range ks {
		m |= 1 << k
	}
	return m
}

// allowed is the statement table of spec §3 (activation and method bodies)
// and §5 (tests). Let/var and return in an activation body have their own
// codes (E-let-in-activation, E-return-outside-method) and are not listed.
var allowed = [numBodyKinds]uint64{
	inActivation:  bits(stConfig, stEffect, stEmit, stCall, stAwait, stFail, stIf, stTimer, stProvide),
	inMethod:      bits(stLet, stVar, stAssign, stIf, stWhile, stFor, stReturn, stEffect, stEmit, stCall, stAwait, stFail, stBlock),
	inHelper:      bits(stLet, stVar, stAssign, stIf, stWhile, stFor, stReturn, stCall, stAwait, stFail, stBlock),
	inTimer:       bits(stLet, stVar, stAssign, stIf, stWhile, stFor, stEmit, stCall, stAwait, stFail, stBlock),
	inEffectBlock: bits(stLet, stVar, stAssign, stIf, stWhile, stFor, stCall, stAwait, stFail, stBlock),
	inTest:        bits(stLet, stIf, stCall, stAssert),
	inLifecycle:   bits(stLet, stAssert, stNoResidue, stLoad, stUnload, stAdvance, stHarness),
}

func (k bodyKind) allows(s stepKind) bool { return allowed[k]&(1<<s) != 0 }

// stepOf classifies s and names it for messages.
func stepOf(s syntax.Stmt) (stepKind, string) {
	switch s := s.(type) {
	case *syntax.LetStmt:
		if s.Mutable {
			return stVar, "'var'"
		}
		return stLet, "'let'"
	case *syntax.AssignStmt:
		return stAssign, "assignment"
	case *syntax.IfStmt:
		return stIf, "'if'"
	case *syntax.WhileStmt:
		return stWhile, "'while'"
	case *syntax.ForStmt:
		return stFor, "'for'"
	case *syntax.ReturnStmt:
		return stReturn, "'return'"
	case *syntax.EffectStmt:
		return stEffect, "'effect'"
	case *syntax.EmitStmt:
		return stEmit, "'emit'"
	case *syntax.FailStmt:
		return stFail, "'fail'"
	case *syntax.AssertStmt:
		if s.NoResidue {
			return stNoResidue, "'assert no_residue'"
		}
		return stAssert, "'assert'"
	case *syntax.LoadStmt:
		return stLoad, "'load'"
	case *syntax.UnloadStmt:
		return stUnload, "'unload'"
	case *syntax.AdvanceStmt:
		return stAdvance, "'advance'"
	case *syntax.ConfigStmt:
		return stConfig, "'config'"
	case *syntax.ProvideStmt:
		return stProvide, "'provide'"
	case *syntax.TimerStmt:
		return stTimer, q(s.Kind.String())
	case *syntax.Block:
		return stBlock, "a nested block"
	case *syntax.ExprStmt:
		switch unparen(s.X).(type) {
		case *syntax.CallExpr:
			return stCall, "a call"
		case *syntax.AwaitExpr:
			return stAwait, "'await'"
		case *syntax.HarnessCallExpr:
			return stHarness, "'call'"
		case *syntax.BadExpr:
			return stBad, ""
		default:
			return stExpr, "an expression statement"
		}
	}
	return stBad, ""
}

// whereAllowed renders the hint "(only in provide methods and fn helpers)".
func whereAllowed(k stepKind) string {
	switch k {
	case stConfig:
		return " (only as the first step of a component body)"
	case stExpr:
		return " (only a call or 'await' can stand alone as a statement)"
	}
	var places []string
	for b := bodyKind(0); b < numBodyKinds; b++ {
		if b == inEffectBlock || !b.allows(k) {
			continue
		}
		places = append(places, bodyPlaces[b])
	}
	if len(places) == 0 {
		return ""
	}
	if len(places) == 1 {
		return " (only in " + places[0] + ")"
	}
	return " (only in " + strings.Join(places[:len(places)-1], ", ") + " and " + places[len(places)-1] + ")"
}
