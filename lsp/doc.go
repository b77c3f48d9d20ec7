// Package lsp is the revl language server behind cmd/revl-lsp: the
// Language Server Protocol over JSON-RPC 2.0, message types from
// go.lsp.dev/protocol, the connection from github.com/sourcegraph/jsonrpc2
// with VSCodeObjectCodec (Content-Length) framing on standard input and
// output.
//
// # Design
//
// Dispatch is by method name (dispatch.go), one file per feature. The
// server keeps a Snapshot of every open document: an immutable map from
// URI to one Document version, replaced on each didOpen, didChange and
// didClose. A request takes the snapshot current when it arrives and reads
// only that, so it sees one consistent state however long it runs; each
// Document parses and checks once, on first use, shared by every request
// on that version, from the previous version's parse and check when it
// can (syntax.Tree.Edit, check.CheckIncremental). Positions cross the protocol through a Mapper per
// version: LSP counts UTF-16 code units, the revl frontend counts bytes.
//
// Notifications are handled in arrival order on the connection's read
// loop; each request runs on its own goroutine with a context that
// $/cancelRequest, shutdown and the end of the connection cancel. A panic
// in a handler becomes an InternalError response. Malformed JSON-RPC gets
// Parse error or Invalid Request responses and the session goes on (see
// stream.go); unknown methods MethodNotFound; an unknown document or a
// line past the end InvalidParams (a character past the end of its line
// means the end of the line, as the specification says). The server exits
// cleanly on shutdown and exit, and when its input closes.
//
// # Features
//
// Diagnostics of the parser and the checker on open and on every change,
// with codes and related information; hover; definition, references and
// document highlights (a key counts across the provider and every
// consumer wired to it: renaming it renames the composition's key);
// document and workspace symbols; full semantic tokens; completion;
// rename; folding ranges; formatting (runtime/format, the formatter of
// `revl fmt`); quick fixes (missing provide methods, a missing provide
// block, a missing undo, a requires key for an undefined name that matches
// a service); code lenses; and schedule sweeps.
//
// # Schedules in the editor
//
// On open and on save (when Options.SweepOnSave is set, as revl-lsp sets it) and on
// the revl.runSchedules command the server runs a bounded sweep of the
// document's version in the background: the canonical schedule and seeds
// 1..N (200 by default), each failing seed minimized, grouped like `revl
// test` groups them. The sweep reports progress through $/progress, stops
// when the document changes or closes, when another sweep of it starts, or
// when the client cancels, and its findings are published only for the
// version it swept. Each finding becomes a diagnostic (code S-<tag>,
// source "revl schedule") on the statement where it shows: for unstable
// the emit whose emission came out of order, for residue the acquisition
// left unreleased, for deadlock the blocked component's requires binding;
// related information points at the other party (the emit the canonical
// run makes first, the undo that did not release, the provider), and the
// message carries the minimized choice vector and the replay command.
//
// # Commands
//
// The code lenses are bound to two commands, which any client can also
// execute with workspace/executeCommand (each takes one argument object):
//
//	revl.runSchedules  {"program": "/path/app.rvl", "seeds": 200}
//	    Runs the sweep (seeds 0 or absent: the server's default) and
//	    answers RunSchedulesResult: {program, seeds, schedules, failing,
//	    summary, failures: [{choices, seeds, findings: [{tag, message,
//	    location}], replay, debug}]}. An open program's findings are also
//	    published as its diagnostics. The request's workDoneToken, when
//	    given, carries the progress.
//
//	revl.debugSchedule {"program": "/path/app.rvl", "choices": [0,1,0,0,0,0]}
//	    Replays that choice vector (padded with zeros, as replay does) and
//	    answers DebugScheduleResult: {program, choices, ok, findings,
//	    atoms, emissions, replay, launch}. launch is the debug adapter's
//	    launch request {"type": "revl", "request": "launch", "name",
//	    "program", "choices"}, with the vector's "atoms", "maxFires" and
//	    "maxFaults" when given (a fine or fault sweep's debug command
//	    passes them): an editor integration that registers a
//	    client-side handler for revl.debugSchedule starts a debug session
//	    with it; a client without one gets the replay in a window message.
//
// The lenses are `▶ run 200 schedules` at the top of the file and on each
// component, and `debug [0,1,0,0,0,0]` on each finding of the last
// finished sweep. docs/lsp.md has the editor set-up.
package lsp
