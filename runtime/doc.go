// Package runtime is the deterministic revl runtime of spec §5: a machine
// that runs a checked composition one atom at a time and, inside an atom,
// one statement at a time, reporting every observable action as an Event.
// The scheduler, the timeline, the test runner and the debugger are all
// built on it.
//
// # Driving a machine
//
//	m, err := runtime.New(prog, runtime.Options{})  // compiles; refuses programs with errors
//	m.SetSink(func(e runtime.Event) { ... })          // every event, in order
//	err = m.Run(runtime.Atom{Kind: runtime.Activate, Fiber: "Sink"})
//
// Run is Begin followed by Step until done. Begin starts an atom and stops
// at its first stop point; each Step runs exactly one stop point and stops
// before the next. Stop points are:
//
//   - every statement of the source (activation steps, method, helper,
//     timer and test statements; a loop's head once per iteration), also
//     when it is reached from the middle of an expression: in
//     `emit log.write(fmt.render(x))` the machine stops at each statement
//     of fmt.render and of log.write;
//   - every inverse run by an unwinding or a teardown;
//   - every timer firing during an advance.
//
// CurrentSpan is the stop point that the next Step runs; Stack(fiber) is the
// call stack with locals, innermost frame first; Eval(fiber, frame, src)
// evaluates an expression in the scope of one of those frames, on a clone
// (the debugger's console, conditions and logpoints). Atoms: Activate and
// Teardown (the scheduler's alphabet, spec §6; Ready lists those ready now
// in the canonical order), Advance (fire due timers) and Harness (a test
// body). Begin refuses an atom whose preconditions do not hold with a
// *NotReadyError and changes nothing.
//
// An atom that fails is still a completed atom: the machine has unwound it
// (the fiber is failed, its frame drained) and Run returns the *Error, whose
// Kind says what happened. KindBudget is the scheduler's `unbounded`.
//
// # Design
//
// Every code unit (activation body, provision method, helper fn, timer
// body, undo and compensate expression, arrow, test body) is compiled once
// to bytecode for a small stack machine. The machine's state is plain data:
// the fibers with their frames of inverses, the live provisions, the host
// resource table, virtual time, counters, the emissions, and the execution
// stack of frames (pc, locals and operands on one value stack). No
// goroutines, no Go recursion into revl code: a call pushes a frame, and
// work that is not one piece of code (draining a frame, firing timers,
// activating loaded fibers, List.map) is a driver frame that pushes code
// frames and is resumed when they return. That is what lets Step stop
// anywhere and Clone copy everything.
//
// Compiled code and values are immutable and shared by clones; fibers and
// host maps are copied on their first write after a Clone. A clone run
// forward produces exactly the events (sequence numbers included) the
// original produces; the tests check this after every step of several
// programs. To run many schedules of one program, make one machine with New
// and Clone it per schedule.
//
// # Determinism
//
// Nothing here reads a clock or a random source, and no result depends on
// Go map order: maps are only looked up, or their keys are sorted first.
// Virtual time is an int64 of milliseconds in the machine state; it moves
// only in an Advance atom.
//
// # Semantics decided here (the spec is silent)
//
// Turns and jobs. A turn is one completed Activate, Teardown or Advance
// atom (a Harness atom is not a turn, but the atoms a lifecycle test starts
// are). A job started by Job.run needs 5 turns, the turn that starts it
// included: at the end of every turn each running job has one turn fewer to
// go, and one with none left completes (`job.run NAME done`), in start order.
// `await j` on a running job consumes its remaining turns at once: it
// completes immediately and the awaiting statement goes on; other jobs are
// not affected. Awaiting a cancelled job is a host error; awaiting any other
// value yields the value (so `await k.warm()` on an async method returns its
// result). j.cancel() on a job that already ended is a no-op, so
// `undo j.cancel()` is always safe.
//
// Fine atoms. With Options.Atoms set to AtomsFine the scheduler's alphabet
// also has complete(job NAME), resume(F) and fire(F) (fine.go): an
// activation suspends at an `await` of a running job in its own body (the
// fiber is Activating meanwhile, and the keys it published serve
// consumers), a job finishes only by its complete atom, not by turns, and
// timers fire as atoms, earliest deadline first, an `every` at most
// MaxFires times. Lifecycle atoms, the default, are unchanged.
//
// Emissions. `emit k.m(args)` records its emission when the call is made,
// before the provider's body runs: the crossing has happened even if the
// body fails, and emissions are never reverted. A compensation is itself an
// emission when its method is an emission fn.
//
// Errors. An error in an activation step fails the step and unwinds the
// fiber's frame newest first. An error in an inverse is reported (an
// EvFailure) and the inverse is consumed; draining goes on, and a teardown
// in which an inverse failed leaves the fiber failed rather than down. An
// error in a timer body fails the owning fiber and unwinds its frame. An
// error in a test body fails the test. Errors in provider methods propagate
// to the calling step (provision frames exit with EvCallExit marked failed).
//
// Budgets. StepBudget bounds each activation and each teardown as a whole
// (everything they call included), the unwinding after a failure, and
// each timer firing; CallBudget bounds each provision method and helper fn
// call; MaxDepth bounds the stack; RunBudget bounds the machine's life.
// Advance and Harness atoms only sequence units that are bounded on their
// own, so only the run budget bounds them. Withdrawals and timer
// cancellations run no user code and are not charged, so a teardown still
// withdraws after a budget is spent; user inverses then fail at once, but
// are consumed, so draining always ends. MemoryBudget bounds the bytes of
// values the machine holds (memory.go): every allocation is charged before
// it is made, and a run over the budget fails at the statement that
// allocated. Every budget error is KindBudget, the scheduler's `unbounded`.
//
// Timers. `every`/`after` arm `timer#N` due at now+interval; an Advance
// fires due timers earliest first, ties in arm order, each firing a stop
// point that first moves virtual time to its due time; then time moves to
// the target. An `after` timer that fired is released and its cancellation
// leaves the frame. Intervals must be positive.
//
// Host resources. Trace lines: `map#N.new`, `map#N.get k`,
// `map#N.insert k`, `map#N.remove k` (returns the removed value as an Opt),
// `map#N.len`, `map#N.drop`; `pool#N.open url`, `pool#N.query sql` (a
// stand-in: no rows, `[]`), `pool#N.execute sql` (0 rows changed),
// `pool#N.close url`; `job.run NAME start|done|cancelled`;
// `timer#N.schedule every|after Nms`, `timer#N.fire #k at Tms`,
// `timer#N.cancel`. A refused Pool.open (size < 1, a `boom://` url) acquires
// nothing and takes no serial number.
//
// Lifecycle tests. `load C [with {...}]` marks C loaded and activates, in
// load order, every loaded pending fiber whose required keys are provided
// by active fibers, now or as soon as they are; a failed activation does
// not fail the test (assertions decide). Loading a fiber twice is an error.
// `unload C` tears C down if it is active, or cancels a load still waiting.
// `let x = call k.m(args)` calls the live provision of k from the `test`
// context. `advance D` is an Advance atom. `assert no_residue` diffs the
// snapshot and unreleased resources against the state when the test began
// (Diff gives the lines). A failing assert stops the test.
//
// Values. Int, Float, Str, Bool, Unit `()`, null, lists, records, Opt,
// Result, union values, host handles and closures, all immutable. An
// assignment to a field or an index of a `var` builds a new value. Arrows
// capture by value when they are made. `==` is structural (1 == 1.0; record
// field order does not matter). `+` with a Str on either side concatenates
// display text. `??` takes the right side for None and null. A `None`
// pattern also matches null. Match arms are tried in order; no matching arm
// is an evaluation error.
//
// Mock components. A component with check.Component.Mock set (package
// mocks derives them) has no source body: its activation resets its value
// streams and publishes its key, and each of its provision methods is one
// native instruction answered by Options.Native, drawing from the
// operation's own seeded stream, which is machine state and cloned with
// it (native.go). An emission a mock receives is marked with the mock and
// its arguments (Emission.Mock, Args). In a lifecycle test, `load C`
// derives a mock for each key of C that no loaded provider serves, shares
// a live one, and `unload C` releases it; a mock without consumers is
// torn down (mockworld.go).
//
// # Events
//
// Every event has a sequence number (from 1, without gaps, also when no
// sink is set), a kind, the fiber whose context it happened in, a span, the
// virtual time and the index of the innermost atom. String renders one
// stable line `<seq> t=<ms> <kind> <fiber> <detail>` (`-` for no fiber):
//
//	atom-begin  Sink activate(Sink)
//	atom-end    Sink activate(Sink) ok | failed: <error>
//	stmt        A d=<depth> <line>:<col> <first source line>
//	call-enter  Sink log.write("A up") from A
//	call-exit   Sink log.write = () | log.write failed
//	emission    A log.write("A up")
//	use         A log.write -> Sink live | not-live
//	publish     Sink log
//	withdraw    Sink log
//	host        Store map#1.new [acquire] | map#1.drop [release] | map#1.insert k
//	push        Store undo m.drop()
//	inverse     Store undo m.drop()
//	fiber       A pending -> active
//	failure     A <file>:<line>:<col>: <message>
//	timer-fire  Clock timer#1.fire #2 at 60000ms [release on an after timer]
//	advance     - 30000ms -> 60000ms
//	assert      test <line>:<col> n == 3 ok | n == 2 failed: 3 != 2
package runtime
