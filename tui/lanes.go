package tui

import "revl.dev/debug/timeline"

// laneState is a fiber's state on the timeline at a decision.
type laneState uint8

const (
	lanePending laneState = iota
	laneActivating
	laneActive
	laneTearing
	laneDown
	laneFailed
)

var laneStateNames = [...]string{"pending", "activating", "active", "tearing down", "down", "failed"}

func (s laneState) String() string { return laneStateNames[s] }

// stateAt is lane l's state during decision k: the atom when k ran one of
// its atoms, else the state after the decisions before k. It needs only
// the lane's span (the decisions of its two atoms and its final state).
func stateAt(l timeline.Lane, k int) laneState {
	switch k {
	case l.Activated:
		return laneActivating
	case l.TornDown:
		return laneTearing
	}
	return stateAfter(l, k-1)
}

// stateAfter is lane l's state after decision k (k = -1: before the run).
func stateAfter(l timeline.Lane, k int) laneState {
	switch {
	case l.Activated < 0 || k < l.Activated:
		return lanePending
	case l.TornDown >= 0 && k < l.TornDown:
		return laneActive
	}
	switch l.State {
	case "failed":
		return laneFailed
	case "down":
		return laneDown
	case "pending":
		return lanePending
	}
	return laneActive
}
