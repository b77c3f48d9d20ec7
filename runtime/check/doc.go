// Package check is the revl checker: it resolves a parsed file into a
// Program (services, types, components, the provider of every key and the
// load order of spec §4) and reports every rule of spec §3 and §4 as a
// diagnostic with a source range and a stable code, such as
// E-undo-missing, so that the CLI, the language server and editors can key
// on it.
//
// Every diagnostic's Span is the offending node (a name, a statement, a
// call), never the whole component, and Related points at the place that
// explains it: the first declaration of a duplicate, the signature of a
// method, the provider of a key. Program.Uses records what every resolved
// identifier names, for go-to-definition and rename.
//
// A type pass follows the name pass (types.go, typer*.go): it gives every
// expression a static Type by local inference, reports the E-type-* codes
// below where two known types disagree, and records each local's type in
// Program.TypeOf for hover.
//
// A lean check (CheckWith with Options.NoUses) of a large file runs those
// passes in two halves on two cores and reports what the serial check
// reports (halves.go).
//
// # Codes
//
// Activation bodies (spec §3):
//
//	E-undo-missing            `effect E` without `undo` (activation and method bodies)
//	E-let-in-activation       a plain `let`/`var` directly in a component body
//	E-acquire-after-provide   an `effect` or a timer after the first `provide`
//	E-guard-not-fail          an activation `if` whose then-branch does more than `fail`
//	E-config-not-first        a config step that is not the body's first step
//	E-config-duplicate        a second config step in one component
//	E-config-unknown-field    `config.f` or `load C with { f: ... }` naming no config field
//	E-config-missing          `load C` without a value for a config field that has no default
//	E-step-not-allowed        a statement kind not allowed where it stands (also `load`,
//	                          `unload`, `advance`, `assert no_residue` outside a lifecycle
//	                          test, and `call k.m()` outside a lifecycle test)
//	E-return-outside-method   `return` outside provide methods and fn helpers
//
// Keys, emissions and provisions:
//
//	E-emit-unknown-key        `emit k.m()` (or `compensate k.m()`) where k is no key of the component
//	E-emit-not-emission       `emit` to a method that is not an `emission fn`
//	E-call-emission           a plain call to an `emission fn` (a lifecycle test's `call`
//	                          may call one: the test is the outside consumer)
//	E-unknown-method          a method the key's service, the host class or no value has
//	E-unknown-key             `call k.m()` in a lifecycle test where no component provides k
//	E-await-not-async         `await k.m()` where m is not an `async fn`
//	E-provide-unknown-key     `provide k` where k is not under the component's `provides`
//	E-provide-missing-method  a method of the service that the provide block does not implement
//	E-provide-extra-method    an implemented method the service does not declare
//	E-provide-arity           an implementation with the wrong number of parameters
//	E-provide-duplicate       the same key provided twice in one component
//	E-provide-missing         a key under `provides` that no provide step publishes
//
// Names, types and expressions:
//
//	E-unknown-service         a key bound to an undeclared service
//	E-unknown-type            an undeclared type name
//	E-type-args               a type applied to the wrong number of type arguments
//	E-unknown-name            a name that is not visible where it is used
//	E-unknown-component       `load`/`unload` of an undeclared component
//	E-unknown-ctor            a constructor pattern naming no constructor
//	E-arity                   wrong argument count: service method, helper fn, constructor,
//	                          built-in constructor, host static, constructor pattern
//	E-arrow-position          an arrow function anywhere but directly as a call argument
//	E-assign-immutable        assignment to anything but a `var`
//	E-duplicate               a name declared twice where it must be unique (service, type,
//	                          component, fn, test, key, method, parameter, config field,
//	                          record field, union case, local in one scope)
//	E-commutative-not-emission `commutative` on a method that is not an emission fn
//
// Composition (spec §4):
//
//	E-cycle                   a dependency cycle, reported once on its first-declared component
//	E-self-require            a component requires a key it provides
//	E-duplicate-provider      two components provide the same key
//	E-key-service-mismatch    a consumer binds a key to another service than its provider does
//	W-unprovided              (warning) a required key no component provides: allowed, since
//	                          auto-mocks can fill it, but the consumer cannot activate in a
//	                          plain schedule run
//
// Fault tests (spec §9):
//
//	E-fault-clauses           a fault test without exactly one `fail at` clause, or with
//	                          no `assert` clause
//	E-fault-step              `fail at step N` past the end of the component's top-level
//	                          steps (counted from 1), or below 1
//	E-fault-effect            `fail at effect NAME` where NAME is no `let NAME = effect`
//	                          step of the component
//
// Types (the type pass; local inference, the unknown type agrees with
// every type, so only a mismatch of two known types is reported; every
// message names both):
//
//	E-type-mismatch           a value of the wrong type: a `let x: T`, an assignment to a
//	                          var, a config default or `with` value, a record literal's
//	                          field, a list element, a `??` fallback, an index
//	E-type-arg                a call argument against its parameter: helper fn, service
//	                          method (also `emit` and `call`), constructor, host static,
//	                          value method; a `filter` predicate that is no Bool
//	E-type-return             a `return` (or `= expr` body) against the declared result of
//	                          a fn or the service signature of a provided method
//	E-type-condition          an `if`, `while`, `?:` or `assert` condition that is no Bool
//	E-type-operator           `! - + * / % && ||` on operands they do not take
//	E-type-compare            `== !=` of two different types, `< > <= >=` of anything but
//	                          two numbers or two Strs
//	E-type-field              a field a record type does not have (selector or literal), a
//	                          record literal missing a field its type needs
//	E-type-method             a method the receiver's type does not have (`Opt.len()`)
//	E-type-coalesce           `??` whose left side is not an Opt
//	E-type-pattern            a pattern that is no case of the matched type
//	W-match-incomplete        (warning) a match on a union, Opt or Result without an arm
//	                          for some case and without a catch-all arm
package check
