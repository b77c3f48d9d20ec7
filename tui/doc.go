// Package tui is revl-tui, the terminal timeline viewer and time-travel
// stepper for revl schedules, built on bubbletea, bubbles and lipgloss.
//
// A Session is one run opened for viewing: a timeline.Timeline (recorded
// into memory from a program and a seed or a vector, or opened from a .rvt
// trace) with its read model (timeline.View: this run's emissions beside the
// canonical run's, the first divergence, the points where findings show)
// and two bounded caches that make a frame cost the same at 10 and at
// 100,000 decisions. Model is the viewer (model.go, update.go, view.go),
// made of panes with SetSize (pane_*.go) and driven by a KeyMap with a
// help view. App wraps the viewer with the --explore sweep (explore.go)
// and the diagnostics screen for programs that do not check (diag.go).
//
// Keys, panes and how to open a run are described in docs/tui.md.
package tui
