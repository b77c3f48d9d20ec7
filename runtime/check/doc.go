// Package check is the revl checker: it resolves a parsed file into a
// Program (services, types, components, the provider of every key and the
// load order of spec §4) and reports every rule of spec §3 and §4 as a
// diagnostic with a source range and a stable code, such as
// E-undo-missing, so that the CLI, the language server and editors can key
// on it.
package check
