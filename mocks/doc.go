// Package mocks derives in-memory providers from service declarations, so
// that a composition whose dependencies live outside its file can run its
// lifecycle tests and its schedule sweep with no setup: every required key
// that nothing provides is served by a mock, a synthetic component
// `_RevlMock_<Service>_<key>` that publishes the key and implements every
// method of the service.
//
// # How mocks enter the program and the runtime
//
// A mock is a real participant of the machine, not a special case: Derive
// builds a world, a copy of the checked program with one synthetic
// check.Component per mocked key (check.Component.Mock set), each
// providing its key, and with the consumers' keys pointing at it. The
// runtime runs a mock as any fiber: it has a state and a frame, its
// activation publishes the key and pushes the withdrawal, the scheduler
// offers `activate(_RevlMock_Database_db)` and its teardown in Ready, calls
// through the key are uses and emissions with their events, budgets apply,
// and snapshots, residue, clones and the debugger see it like any other
// fiber. Only the body of each provision method is native: one instruction
// that asks runtime.Options.Native (Generator) for the result.
//
// Load order: the original load order, unchanged, with each mock placed
// immediately before the first of its consumers (a consumer's mocks in the
// order of its requires clause). Mocks require nothing, so this is a valid
// order, and the canonical schedule of a world is the original's with each
// mock activated just before it is first needed and torn down after its
// last consumer (the teardown gate of spec §6 applies to it as to any
// provider).
//
// # Two worlds
//
// ScheduleWorld mocks the keys that no component of the composition
// provides: in a schedule run a declared provider always wins. The mocks
// are ordinary components of the world, so their activation and teardown
// take part in every schedule, and an interleaving bug between a component
// and its mocked dependency is found, shrunk and replayed like any other.
//
// LifecycleWorld, for lifecycle tests, also gives every required key that
// a real component provides a standby mock, because what matters in a test
// is what is loaded: at `load C`, for each key C requires,
//
//   - a real provider that is loaded (waiting or active) serves C, unless a
//     mock of the key is live;
//   - otherwise C shares the live mock of the key (one more reference),
//     or derives it: the mock fiber is loaded with one reference and
//     activates in the settle that follows, before C;
//   - `unload C` tears C down, then drops its references; a mock left
//     without consumers is torn down at once (reverse load order), leaving
//     no residue;
//   - a mock that went down and is needed again is reset to pending and
//     its value streams to their start: the new mock is identical to the
//     old one;
//   - a real provider loaded while a mock holds its key waits until the
//     mock is gone, then activates (`key log is held by _RevlMock_Log_log`
//     is why it is not ready).
//
// Pure tests are not part of mock world: RunTests runs the lifecycle tests
// only. A lifecycle test's `call k.m()` still needs a component of the
// file that provides k (the checker's E-unknown-key), but it reaches the
// key's mock when the mock is what serves it.
//
// Derive refuses a world when two consumers bind one unprovided key to two
// services (one mock cannot serve both) or when a component already has a
// mock's name.
//
// # Values
//
// A plain operation returns a value of its declared result type drawn
// from its own stream: the substream `revl-mock:<service>:<key>:<method>`
// (runtime.MockStreamName) of seam.NewSeeded(seed), where the seed is
// Options.Seed or, by default, runtime.DefaultMockSeed (1). The stream
// advances with every call and is part of the machine state (Clone copies
// it), so the n-th call of an operation returns the same value whatever
// else ran before it, in every process and on every platform. What each
// form draws, with seam.Intn(e, n) written n(k):
//
//	Int       n(10) < 5: the edge 0, 1, -1, min or max; else n(2001) - 1000
//	Float     n(8) < 4: the edge 0.0, 1.0, -1.0 or 0.5; else (n(200001) - 100000) / 100
//	Bool      n(2) == 1
//	Str       n(5) == 0: ""; else 1 + n(8) letters, each 'a' + n(26)
//	Unit      () without a draw (also a method without a result type)
//	Opt[T]    n(4) == 0: None; else Some(T)           (T? likewise)
//	List[T]   n(5) items
//	Map[K,V]  n(5) entries, key then value; a host map that the mock owns
//	          (map#N.new and map#N.insert traced in the mock's context, its
//	          drop adopted into the mock's frame)
//	Result    n(4) == 0: Err(E); else Ok(T)
//	record    each field in declaration order (exactly the declared fields)
//	union     one case, n(cases), then its fields in order
//	alias     the aliased type (`type Id = Int`)
//
// Nesting deeper than 6 levels ends recursion: an Opt is None, a List or
// Map empty, a union its first case without fields, anything else neutral.
// A type the generator cannot build (Pool, Job, a malformed type) gives the
// neutral value `null`, without a draw and never an error. The draws are
// part of the determinism contract: testdata/mocks/generator.golden pins
// them.
//
// An `async` operation returns a job (`job.run <key>.<method> start`)
// that completes after the usual 5 turns, or at once when awaited; its
// cancellation is adopted into the mock's frame, so a job still running
// when the mock goes is cancelled, not leaked.
//
// # Crossings
//
// An emission operation on a mock is counted, never crossed: the runtime
// records it as an emission like any other (so it is in the event log, the
// fingerprint and the emission diff of a schedule report) and marks it
// with the receiving mock and the rendered arguments
// (runtime.Emission.Mock, Args); it returns a typed value like a plain
// operation and reaches nothing outside the machine. Crossings groups them
// per operation and WriteCrossings prints:
//
//	db.execute (Database) — 1 crossing recorded, none made
//	  would have emitted: sql="select 1"
//
// # Running
//
// RunTests runs the lifecycle tests of a program in its lifecycle world;
// NewWorld prepares its schedule world for the scheduler (a
// schedule.World); CanonicalCrossings reports the crossings of that world's
// canonical schedule. `revl test FILE --mock-requires [--schedule-seeds N]` is the
// command line (docs/mocks.md).
package mocks
