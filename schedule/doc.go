// Package schedule is seeded schedule testing (spec §6): it drives a
// composition one lifecycle atom at a time, lets a chooser pick from the
// canonically ordered ready set, records the choice vector, checks the
// six properties on every completed schedule, shrinks failing vectors to a
// 1-minimal one, and explores many seeds in parallel with a merged result
// that is identical whatever the number of workers.
//
// A seed is a tape: the same program, seed and options give the same
// choices, events and report, byte for byte, on every machine.
//
// World.Exhaustive runs one schedule of every equivalence class instead
// (optimal dynamic partial-order reduction over atom footprints derived
// from their events: exhaustive.go, footprint.go), and a sweep's coverage
// is the classes its seeds hit with an unbiased estimate of their number
// (coverage.go).
package schedule
