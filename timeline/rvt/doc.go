// Package rvt is the trace file format (.rvt) of revl schedules: one
// recorded schedule, with everything its replay needs, the full event
// log, and checkpoints that let a reader open it at any decision.
//
// # Layout
//
// A file is a 12-byte prelude followed by blocks, back to back:
//
//	prelude  8-byte magic \x89 R V T \r \n \x1a \n, then the format
//	         version as a big-endian uint32 (VersionFor: 2 for lifecycle
//	         atoms, 3 for fine atoms, 5 with faults, 4 with crash faults
//	         only; MinVersion, 1, is read too)
//	block    tag (4 ASCII bytes) | length (big-endian uint32) | payload |
//	         BLAKE3-256 of tag, length and payload (32 bytes)
//
// The blocks of a complete file, in order:
//
//	HEAD  Header: program file name, BLAKE3 and size of its source, the
//	      fibers (components in load order: the lanes), the run options
//	      (budgets, max decisions), seeded or not, the seed or the vector
//	      asked for, the entropy seed, redacted or not, the recorder; since
//	      version 2, then the runtime's semantic version (runtime.Version)
//	      and the memory budget; since version 3 the scheduler's alphabet
//	      and fire bound; since version 4 the fault bound (the trace's
//	      ready sets then end with crash(F) choices); since version 5
//	      whether the faults include failed activations (the ready sets
//	      then end with fail@F:N choices after the crashes, each stored as
//	      kind byte 0x80, the fiber and the step). A version 1 header ends
//	      before them and reads as runtime 1.0.0 with the default budget.
//	PROG  the program source, byte for byte.
//	CKPT  State at a decision boundary: fiber states (run-length), the
//	      non-empty frames, provisions, live maps, pools, armed timers,
//	      running jobs, counters, the last ready set. One at decision 0,
//	      then one before a segment whenever the segments since the last
//	      checkpoint exceed max(gap, twice its size).
//	SEGM  consecutive decisions: each its ready set (as a change from the
//	      previous decision's), its chosen index and its events.
//	DONE  Summary: the vector taken, why the run stopped, the final
//	      snapshot, each lane's decisions and final state, and the
//	      findings and comparison with the canonical run.
//	INDX  every block's tag, offset, length, hash and, for CKPT and SEGM,
//	      its Meta (first decision, decisions, sequence base, events).
//	TAIL  fixed 80 bytes: the INDX offset and its hash.
//
// CKPT and SEGM payloads start with their Meta, so a file without an
// index can be recovered by a scan. Every string in a CKPT or SEGM is a
// reference into the block's own string table, so each decodes without
// the blocks before it.
//
// Encoding is unsigned and zigzag varints, length-prefixed strings and
// fixed-size hashes, written in one order from plain slices: the same
// run gives the same bytes on every platform and at every GOMAXPROCS.
// Nothing is compressed, because no compressor in the standard library
// promises the same bytes across Go versions.
//
// # Integrity
//
// A block is named by its hash: NewReader checks the tail and the index
// against their hashes, and Read checks every block against both its own
// hash and the index's before returning it, so no byte reaches a decoder
// unverified. Damage is an error that names the block (*BlockError:
// `block #7 (SEGM, decisions 1024-1279) at offset 123456: hash mismatch`),
// an unknown version is a *VersionError, and a file that is not a trace
// is ErrNotTrace.
//
// Writers append: each block is written with one Write as soon as it is
// complete, and the index and tail only at the end. A process killed
// mid-write leaves a prefix; NewReader finds no valid tail, scans the
// blocks from the start verifying each, and opens the complete ones,
// reporting a *TruncatedError from Damage. A complete block whose hash
// does not match is never taken for a cut: it is an error. Nor is a tail
// region (the file's last 80 bytes, tagged TAIL) whose length is wrong:
// the tail is written whole and last, so it is damage, not a writer that
// stopped.
//
// Decoders bound every allocation by the bytes left in the payload, so a
// corrupted length cannot make them allocate more than the block holds
// (the fuzz targets check this).
package rvt
