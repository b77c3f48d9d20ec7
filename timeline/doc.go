// Package timeline records schedules as trace files, replays and
// verifies them, and gives random access to what happened at each
// decision: the model the debugger (DAP custom request revl/timeline),
// the terminal viewer and `revl trace` show.
//
// # Recording
//
// Record runs one schedule of a program (a seed or a choice vector),
// checks it against the canonical run with a schedule.Explorer, and
// writes the trace (package rvt) as the run goes:
//
//	sum, err := timeline.Record(w, timeline.Config{
//		Program: "app.rvl", Source: src, Seeded: true, Seed: 3,
//	})
//
// A Recorder does the writing for any driver: Decide at each decision,
// Event for each event (it is a runtime sink), Finish at the end. It holds
// one segment and the model state, never the log.
//
// # Opening and seeking
//
// Open (or OpenFile) reads the header and the index only. A Timeline is
// addressed by decision:
//
//	t.Len()            the decisions in the trace
//	t.Decision(k)      ready set with labels, chosen index, canonical or
//	                   not, the atom, its error, sequence and time range,
//	                   marks (emissions, acquisitions and releases with
//	                   their host trace lines, provisions published and
//	                   withdrawn, failures, timers, non-live uses), and the
//	                   residue counts after it
//	t.Events(k)        its events (statements with source ranges, uses,
//	                   calls, pushes and inverses, fiber changes, ...)
//	t.Snapshot(k)      registry, provisions, effects, listeners and
//	                   unreleased resources after decision k (-1: before
//	                   the first)
//	t.Lanes()          one lane per fiber in load order, with the
//	                   decisions that activated and tore it down and its
//	                   final state
//	t.Residue(a, b)    the residue counts over a range, for plotting
//	t.Summary()        the vector, the end state, the findings, and the
//	                   comparison with the canonical run (first divergent
//	                   emission with both sides, final states and end
//	                   state that differ)
//	t.Range(a, b, fn)  decisions a..b-1 in order, each decoded once
//
// Any of these for decision k decodes the checkpoint at or before k and
// the events from there to k: about the same work for k = 10 and
// k = 100,000. Consecutive calls continue from where the last one
// stopped, so scrolling costs one decision per step. Every exported type
// has JSON tags; Event marshals to EventJSON, with the rendered line.
//
// # The model
//
// The snapshot of every decision is derived from the event stream alone
// (fiber, push, inverse, publish, withdraw, host and timer events), not
// taken from the machine: a snapshot per decision would cost the size of
// the state at every step. Record checks the derivation against the
// machine's own snapshot at the end of every run, and the tests check it
// after every atom of every corpus program. Decisions store their ready
// set as a change from the previous one.
//
// # The read model
//
// NewView builds the View every viewer renders as it is (the terminal
// viewer, the VS Code timeline, `revl trace show --json`, the debugger's
// revl/timeline): the trace at a glance with each lane's states
// (LaneState, as spans; LaneStateAt for one decision), a window of
// decisions, this run's emissions beside the canonical run's at the same
// ordered index (commutative ones pair as a multiset), the first
// divergence and the decisions where findings show. The canonical side
// comes from the caller (the debugger's engine ran it) or TraceCanonical
// (the trace's stored program, re-run). Mark kinds are MarkKind.
//
// # Replay
//
// Replay re-executes the trace (against its stored program or a changed
// one) and compares event by event: the rendered line first, then every
// field. The first divergence comes back with the event index, the
// decision, the source position and both sides; a ready set or an end
// that differs is a divergence too. An incomplete trace (its writer was
// killed) replays up to its cut and says so.
//
// # Redaction
//
// A redacted trace (Config.Redact) stores hashes of emission and call
// arguments, call results, host operation arguments and fail messages:
// `log.write(#blake3:…)`. The hash is a function of the plain text, so a
// replay redacts the events it produces the same way and compares the
// hashed forms. See Redact for what is and is not hashed.
//
// # Rendering
//
// Show draws the timeline as text (a row per decision, a column per lane,
// the residue counts and the marks); ExportChrome writes Chrome Trace
// Event JSON for Perfetto and chrome://tracing (a track per fiber, atoms
// as complete events, calls as B/E pairs, emissions and resources as
// instants, the residue fields as counters); ExportJSONL one event per
// line.
package timeline
