package rvt

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"

	"lukechampine.com/blake3"
)

// Version is the format version this package writes. It reads every
// version from MinVersion to Version: version 2 added the runtime version
// and the memory budget at the end of the HEAD block; a version 1 trace
// has neither and reads as recorded by runtime 1.0.0 with the default
// memory budget (the budget did not exist, and every run that 1.0.0
// recorded fits in it). Version 3 added the scheduler's alphabet (fine
// atoms) and the fire bound at the end of the HEAD block, and ready atoms
// of the fine kinds; a trace of lifecycle atoms is still written as
// version 2 (LifecycleVersion), byte for byte as before, and a version 2
// trace reads as lifecycle atoms. Version 4 added the fault bound
// (Options.MaxFaults) at the end of the HEAD block and crash(F) ready
// atoms; only a trace recorded with faults is written as version 4.
// Version 5 added whether the faults include failures injected into
// activations (Options.Failures) at the end of the HEAD block, and
// fail@F:N ready atoms; a trace recorded with faults is written as
// version 5 when they do (every recorder now), as version 4 when they are
// crashes only, and a version 4 trace reads as crashes only.
const Version = 5

// LifecycleVersion is the version a trace of lifecycle atoms is written
// with: the newest whose HEAD block has no alphabet.
const LifecycleVersion = 2

// VersionFor is the format version a trace with header h is written with.
func VersionFor(h *Header) uint32 {
	if h.Options.MaxFaults > 0 && h.Options.Failures {
		return 5
	}
	if h.Options.MaxFaults > 0 {
		return 4
	}
	if h.Options.Atoms != "" && h.Options.Atoms != "lifecycle" {
		return 3
	}
	return LifecycleVersion
}

// MinVersion is the oldest format version this package reads.
const MinVersion = 1

// Magic opens every trace file. Like PNG's signature it has a high-bit
// byte and both line endings, so a file mangled by a text-mode transfer
// fails here instead of somewhere in the middle.
var Magic = [8]byte{0x89, 'R', 'V', 'T', '\r', '\n', 0x1a, '\n'}

// preludeSize is the magic and the big-endian uint32 version.
const preludeSize = 12

// Kind tags a block. Tags are four ASCII letters, stored as is.
type Kind [4]byte

// The block kinds, in the order a complete file has them: HEAD and PROG
// once, then CKPT and SEGM blocks (a CKPT always directly before the SEGM
// that starts at its decision), DONE once, INDX once, TAIL once.
var (
	KindHeader     = Kind{'H', 'E', 'A', 'D'}
	KindProgram    = Kind{'P', 'R', 'O', 'G'}
	KindCheckpoint = Kind{'C', 'K', 'P', 'T'}
	KindSegment    = Kind{'S', 'E', 'G', 'M'}
	KindSummary    = Kind{'D', 'O', 'N', 'E'}
	KindIndex      = Kind{'I', 'N', 'D', 'X'}
	KindTail       = Kind{'T', 'A', 'I', 'L'}
)

var knownKinds = []Kind{KindHeader, KindProgram, KindCheckpoint, KindSegment, KindSummary, KindIndex, KindTail}

func (k Kind) String() string { return string(k[:]) }

func (k Kind) known() bool {
	for _, x := range knownKinds {
		if x == k {
			return true
		}
	}
	return false
}

// hasMeta reports whether a block of kind k starts with a Meta.
func (k Kind) hasMeta() bool { return k == KindCheckpoint || k == KindSegment }

const (
	blockHeaderSize = 8  // tag + big-endian uint32 payload length
	sumSize         = 32 // BLAKE3-256
	blockOverhead   = blockHeaderSize + sumSize
	tailPayloadSize = 8 + sumSize
	tailSize        = blockOverhead + tailPayloadSize
	// MaxBlockSize bounds one block's payload. Writers split their data
	// far below it; readers refuse a length above it as corruption.
	MaxBlockSize = 1 << 30
)

// Sum is the BLAKE3-256 hash that names a block: the hash of its tag, its
// length field and its payload, stored right after the payload.
type Sum [32]byte

func (s Sum) String() string { return hex.EncodeToString(s[:]) }

// Short is the first 16 hex digits, for messages.
func (s Sum) Short() string { return hex.EncodeToString(s[:8]) }

func blockSum(hdr, payload []byte) Sum {
	h := blake3.New(32, nil)
	h.Write(hdr)
	h.Write(payload)
	var s Sum
	h.Sum(s[:0])
	return s
}

// Hash is BLAKE3-256 of b, the hash the header keeps of the program source.
func Hash(b []byte) Sum { return blake3.Sum256(b) }

// Meta locates a checkpoint or segment block in the run: it is the first
// thing in their payloads and is repeated in the index, so a reader can
// find the block for a decision without reading any other.
type Meta struct {
	FirstDecision int   // CKPT: the decisions completed before it; SEGM: its first decision
	Decisions     int   // SEGM: how many decisions it holds; CKPT: 0
	SeqBase       int64 // the sequence number of the last event before it (0 at the start)
	Events        int   // SEGM: how many events it holds; CKPT: 0
}

func (m Meta) encode(e *encoder) {
	e.int(m.FirstDecision)
	e.int(m.Decisions)
	e.uvarint(uint64(m.SeqBase))
	e.int(m.Events)
}

func decodeMeta(d *decoder) Meta {
	m := Meta{FirstDecision: d.int(), Decisions: d.int()}
	seq := d.uvarint()
	if seq > 1<<62 {
		d.fail(errRange)
	}
	m.SeqBase = int64(seq)
	m.Events = d.int()
	return m
}

// BlockInfo is one entry of the index: where a block is, its hash, and,
// for checkpoints and segments, its Meta.
type BlockInfo struct {
	Kind   Kind
	Offset int64 // of the block's tag
	Length int   // of its payload
	Sum    Sum
	Meta
}

// End is the offset just past the block.
func (b BlockInfo) End() int64 { return b.Offset + int64(blockOverhead+b.Length) }

func (b BlockInfo) describe(i int) string {
	if i < 0 {
		return "the " + b.Kind.String() + " block at offset " + strconv.FormatInt(b.Offset, 10)
	}
	s := "block #" + strconv.Itoa(i) + " (" + b.Kind.String()
	switch b.Kind {
	case KindSegment:
		if b.Decisions > 0 {
			s += fmt.Sprintf(", decisions %d-%d", b.FirstDecision, b.FirstDecision+b.Decisions-1)
		} else {
			s += fmt.Sprintf(", no decisions, at decision %d", b.FirstDecision)
		}
	case KindCheckpoint:
		s += fmt.Sprintf(", before decision %d", b.FirstDecision)
	}
	return s + ") at offset " + strconv.FormatInt(b.Offset, 10)
}

// ErrNotTrace is returned for a file that does not start with Magic.
var ErrNotTrace = errors.New("rvt: not a revl trace file (bad magic number)")

// VersionError is returned for a trace of a format version this package
// does not read.
type VersionError struct{ Version uint32 }

func (e *VersionError) Error() string {
	if e.Version > Version {
		return fmt.Sprintf("rvt: trace format version %d is newer than this revl reads (versions %d to %d): open it with a newer revl", e.Version, MinVersion, Version)
	}
	return fmt.Sprintf("rvt: unknown trace format version %d (this revl reads versions %d to %d)", e.Version, MinVersion, Version)
}

// BlockError is a damaged block: a hash mismatch, a length or kind that
// makes no sense, or a payload that does not decode. It names the block.
type BlockError struct {
	Index  int // position in the file, from 0
	Info   BlockInfo
	Reason string
}

func (e *BlockError) Error() string {
	return "rvt: " + e.Info.describe(e.Index) + ": " + e.Reason
}

// TruncatedError says that a file is an incomplete prefix of a trace: its
// writer stopped (was killed, ran out of disk) before writing the index.
// Every complete block before the cut was verified and is readable; a
// Reader reports it from Damage rather than failing.
type TruncatedError struct {
	Offset int64 // where the incomplete block starts (the file size for a clean cut)
	Block  int   // the index the incomplete block would have had
	Have   int64 // bytes of it in the file
	Want   int64 // bytes it needs (0 when not even its length could be read)
}

func (e *TruncatedError) Error() string {
	if e.Have == 0 {
		if e.Block == 0 {
			return fmt.Sprintf("rvt: the trace is incomplete: it ends after its prelude (offset %d), before its first block; the writer stopped before finishing it", e.Offset)
		}
		return fmt.Sprintf("rvt: the trace is incomplete: it ends after block #%d (offset %d) without an index; the writer stopped before finishing it", e.Block-1, e.Offset)
	}
	want := "its header"
	if e.Want > 0 {
		want = strconv.FormatInt(e.Want, 10) + " bytes"
	}
	return fmt.Sprintf("rvt: the trace is incomplete: block #%d at offset %d has only %d of %s; the writer stopped mid-block, and the %d complete blocks before it were kept", e.Block, e.Offset, e.Have, want, e.Block)
}

// Writer appends blocks to a trace. Each block is written with a single
// Write call as soon as it is complete, and nothing already written is
// ever rewritten, so a process killed at any point leaves a file whose
// complete blocks open. Close appends the index and the tail.
type Writer struct {
	w      io.Writer
	off    int64
	blocks []BlockInfo
	buf    []byte
	err    error
	closed bool
}

// NewWriter writes the prelude (magic and LifecycleVersion) to w.
func NewWriter(w io.Writer) (*Writer, error) { return NewWriterVersion(w, LifecycleVersion) }

// NewWriterVersion writes the prelude with format version v (VersionFor).
func NewWriterVersion(w io.Writer, v uint32) (*Writer, error) {
	wr := &Writer{w: w}
	var p [preludeSize]byte
	copy(p[:], Magic[:])
	binary.BigEndian.PutUint32(p[8:], v)
	if _, err := w.Write(p[:]); err != nil {
		return nil, err
	}
	wr.off = preludeSize
	return wr, nil
}

// Offset is the number of bytes written so far.
func (w *Writer) Offset() int64 { return w.off }

// Blocks returns the blocks written so far.
func (w *Writer) Blocks() []BlockInfo { return w.blocks }

// Append writes one block. For checkpoints and segments, meta is stored
// at the start of the payload; it is ignored for the other kinds.
func (w *Writer) Append(kind Kind, meta Meta, body []byte) error {
	if w.err != nil {
		return w.err
	}
	if w.closed {
		return errors.New("rvt: write to a closed writer")
	}
	if kind == KindIndex || kind == KindTail || !kind.known() {
		return fmt.Errorf("rvt: cannot append a %s block", kind)
	}
	return w.append(kind, meta, body)
}

func (w *Writer) append(kind Kind, meta Meta, body []byte) error {
	e := encoder{buf: w.buf[:0]}
	e.raw(kind[:])
	e.raw([]byte{0, 0, 0, 0})
	if kind.hasMeta() {
		meta.encode(&e)
	} else {
		meta = Meta{}
	}
	e.raw(body)
	n := len(e.buf) - blockHeaderSize
	if n > MaxBlockSize {
		return fmt.Errorf("rvt: a %s block of %d bytes exceeds the limit of %d", kind, n, MaxBlockSize)
	}
	binary.BigEndian.PutUint32(e.buf[4:8], uint32(n))
	sum := blockSum(e.buf[:blockHeaderSize], e.buf[blockHeaderSize:])
	e.raw(sum[:])
	if cap(e.buf) <= 1<<20 {
		w.buf = e.buf // reuse; a big block's buffer (the program) is not kept
	}
	if _, err := w.w.Write(e.buf); err != nil {
		w.err = err
		return err
	}
	w.blocks = append(w.blocks, BlockInfo{Kind: kind, Offset: w.off, Length: n, Sum: sum, Meta: meta})
	w.off += int64(len(e.buf))
	return nil
}

// Close writes the index of every block and the tail that points at it.
// It does not close the underlying writer.
func (w *Writer) Close() error {
	if w.err != nil {
		return w.err
	}
	if w.closed {
		return nil
	}
	w.closed = true
	var e encoder
	encodeIndex(&e, w.blocks)
	idxOff := w.off
	if err := w.append(KindIndex, Meta{}, e.buf); err != nil {
		return err
	}
	idx := w.blocks[len(w.blocks)-1]
	var t [tailPayloadSize]byte
	binary.BigEndian.PutUint64(t[:8], uint64(idxOff))
	copy(t[8:], idx.Sum[:])
	return w.append(KindTail, Meta{}, t[:])
}

func encodeIndex(e *encoder, blocks []BlockInfo) {
	e.int(len(blocks))
	for _, b := range blocks {
		e.raw(b.Kind[:])
		e.uvarint(uint64(b.Offset))
		e.int(b.Length)
		e.raw(b.Sum[:])
		b.Meta.encode(e)
	}
}

func decodeIndex(d *decoder) []BlockInfo {
	n := d.count(4 + 1 + 1 + sumSize + 4)
	out := make([]BlockInfo, 0, n)
	for i := 0; i < n && d.err == nil; i++ {
		var b BlockInfo
		copy(b.Kind[:], d.bytes(4))
		b.Offset = int64(d.uvarint())
		b.Length = d.int()
		copy(b.Sum[:], d.bytes(sumSize))
		b.Meta = decodeMeta(d)
		out = append(out, b)
	}
	d.end()
	return out
}

// Reader reads the blocks of a trace. Opening reads only the prelude, the
// tail and the index (or, for a file without a valid tail, every block,
// verifying each); Read verifies each block it returns against its stored
// hash and the index, so no byte reaches a caller unverified.
type Reader struct {
	ra      io.ReaderAt
	version uint32
	size    int64
	blocks  []BlockInfo
	damage  error
	indexed bool
}

// NewReader opens the trace in ra, which holds size bytes.
//
// A file that is a complete prefix of a trace (its writer stopped) opens:
// Damage then returns a *TruncatedError and Blocks the complete blocks.
// Any other damage is an error: ErrNotTrace, a *VersionError, or a
// *BlockError naming the block.
func NewReader(ra io.ReaderAt, size int64) (*Reader, error) {
	var p [preludeSize]byte
	if size < preludeSize {
		m := min(size, int64(len(Magic)))
		if n, _ := ra.ReadAt(p[:size], 0); int64(n) == size && size > 0 && string(p[:m]) == string(Magic[:m]) {
			return &Reader{ra: ra, size: size, damage: &TruncatedError{Offset: 0, Block: 0, Have: size, Want: preludeSize}}, nil
		}
		return nil, ErrNotTrace
	}
	if _, err := ra.ReadAt(p[:], 0); err != nil {
		return nil, err
	}
	if [8]byte(p[:8]) != Magic {
		return nil, ErrNotTrace
	}
	v := binary.BigEndian.Uint32(p[8:])
	if v < MinVersion || v > Version {
		return nil, &VersionError{Version: v}
	}
	r := &Reader{ra: ra, size: size, version: v}
	if ok, err := r.openIndexed(); err != nil {
		return nil, err
	} else if ok {
		return r, nil
	}
	if err := r.scan(); err != nil {
		return nil, err
	}
	return r, nil
}

// Version returns the file's format version (0 when the file ends inside
// its prelude).
func (r *Reader) Version() uint32 { return r.version }

// openIndexed uses the tail and the index. It returns false, nil when the
// file has no valid tail, so that the caller scans instead.
func (r *Reader) openIndexed() (bool, error) {
	if r.size < preludeSize+tailSize {
		return false, nil
	}
	tail := make([]byte, tailSize)
	if _, err := r.ra.ReadAt(tail, r.size-tailSize); err != nil {
		return false, err
	}
	if Kind(tail[:4]) != KindTail || binary.BigEndian.Uint32(tail[4:8]) != tailPayloadSize {
		return false, nil
	}
	if Sum(tail[blockHeaderSize+tailPayloadSize:]) != blockSum(tail[:blockHeaderSize], tail[blockHeaderSize:blockHeaderSize+tailPayloadSize]) {
		return false, nil
	}
	idxOff := int64(binary.BigEndian.Uint64(tail[8:16]))
	idxSum := Sum(tail[16 : 16+sumSize])
	tailInfo := BlockInfo{Kind: KindTail, Offset: r.size - tailSize, Length: tailPayloadSize}
	bad := func(format string, a ...any) (bool, error) {
		return false, &BlockError{Index: -1, Info: tailInfo, Reason: fmt.Sprintf(format, a...)}
	}
	if idxOff < preludeSize || idxOff > r.size-tailSize-blockOverhead {
		return bad("the index offset %d is outside the file", idxOff)
	}
	idxLen := r.size - tailSize - idxOff - blockOverhead
	if idxLen > MaxBlockSize {
		return bad("the index would be %d bytes", idxLen)
	}
	idxInfo := BlockInfo{Kind: KindIndex, Offset: idxOff, Length: int(idxLen), Sum: idxSum}
	payload, err := r.readBlock(-1, idxInfo)
	if err != nil {
		return false, err
	}
	d := decoder{buf: payload}
	blocks := decodeIndex(&d)
	if d.err != nil {
		return false, &BlockError{Index: len(blocks), Info: idxInfo, Reason: "the index does not decode: " + d.err.Error()}
	}
	// The index must describe the file exactly: blocks back to back from
	// the prelude to the index, a header first.
	off := int64(preludeSize)
	for i, b := range blocks {
		reason := ""
		switch {
		case b.Offset != off:
			reason = fmt.Sprintf("the index places it at offset %d, but the block before it ends at %d", b.Offset, off)
		case b.Length > MaxBlockSize || b.End() > idxOff:
			reason = "the index gives it a length past the end of the data"
		case !b.Kind.known() || b.Kind == KindIndex || b.Kind == KindTail:
			reason = "the index lists an impossible block kind"
		case i == 0 && b.Kind != KindHeader:
			reason = "the first block is not a header"
		}
		if reason != "" {
			return false, &BlockError{Index: i, Info: b, Reason: reason}
		}
		off = b.End()
	}
	if off != idxOff {
		return false, &BlockError{Index: len(blocks), Info: idxInfo, Reason: fmt.Sprintf("the index ends its blocks at offset %d, not at the index", off)}
	}
	idxInfo.Sum = idxSum
	r.blocks = append(blocks, idxInfo)
	r.indexed = true
	return true, nil
}

// scan reads the file block by block from the start, verifying each,
// until the end or the first incomplete block.
func (r *Reader) scan() error {
	off := int64(preludeSize)
	hdr := make([]byte, blockHeaderSize)
	for i := 0; ; i++ {
		if off == r.size {
			r.damage = &TruncatedError{Offset: off, Block: i}
			return nil
		}
		if r.size-off < blockHeaderSize {
			r.damage = &TruncatedError{Offset: off, Block: i, Have: r.size - off}
			return nil
		}
		if _, err := r.ra.ReadAt(hdr, off); err != nil {
			return err
		}
		info := BlockInfo{Kind: Kind(hdr[:4]), Offset: off, Length: int(binary.BigEndian.Uint32(hdr[4:]))}
		if !info.Kind.known() {
			return &BlockError{Index: i, Info: info, Reason: fmt.Sprintf("unknown block kind %q", hdr[:4])}
		}
		if i == 0 && info.Kind != KindHeader {
			return &BlockError{Index: i, Info: info, Reason: "the first block is not a header"}
		}
		if info.Length > MaxBlockSize {
			return &BlockError{Index: i, Info: info, Reason: fmt.Sprintf("length %d exceeds the limit", info.Length)}
		}
		if info.End() > r.size && info.Kind == KindTail && r.size-off == tailSize {
			// The whole tail is there (a writer writes it last, with one
			// Write), so its length is not a cut: it is damaged.
			return &BlockError{Index: i, Info: info, Reason: fmt.Sprintf("the tail's length reads %d, but a tail is %d bytes and ends the file", info.Length, tailPayloadSize)}
		}
		if info.End() > r.size {
			r.damage = &TruncatedError{Offset: off, Block: i, Have: r.size - off, Want: int64(blockOverhead + info.Length)}
			return nil
		}
		payload, sum, err := r.readRaw(i, info)
		if err != nil {
			return err
		}
		info.Sum = sum
		if info.Kind.hasMeta() {
			d := decoder{buf: payload}
			info.Meta = decodeMeta(&d)
			if d.err != nil {
				return &BlockError{Index: i, Info: info, Reason: "its position does not decode: " + d.err.Error()}
			}
		}
		if info.Kind == KindTail {
			// A complete, valid tail at the end would have been used; one
			// here means the bytes after it or in it are damaged.
			return &BlockError{Index: i, Info: info, Reason: "a tail block that does not end the file or points at no index"}
		}
		r.blocks = append(r.blocks, info)
		off = info.End()
	}
}

// readRaw reads block info and verifies it against the hash stored after
// it; it returns the payload and the hash.
func (r *Reader) readRaw(i int, info BlockInfo) ([]byte, Sum, error) {
	buf := make([]byte, blockOverhead+info.Length)
	if _, err := r.ra.ReadAt(buf, info.Offset); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, Sum{}, &BlockError{Index: i, Info: info, Reason: "the file ends inside the block"}
		}
		return nil, Sum{}, err
	}
	if Kind(buf[:4]) != info.Kind || int(binary.BigEndian.Uint32(buf[4:8])) != info.Length {
		return nil, Sum{}, &BlockError{Index: i, Info: info, Reason: fmt.Sprintf("the block header reads %q of length %d, not what the index says", buf[:4], binary.BigEndian.Uint32(buf[4:8]))}
	}
	payload := buf[blockHeaderSize : blockHeaderSize+info.Length]
	stored := Sum(buf[blockHeaderSize+info.Length:])
	computed := blockSum(buf[:blockHeaderSize], payload)
	if stored != computed {
		return nil, Sum{}, &BlockError{Index: i, Info: info, Reason: fmt.Sprintf("hash mismatch: stored %s…, computed %s…", stored.Short(), computed.Short())}
	}
	return payload, stored, nil
}

// readBlock reads and verifies block info, also against the hash the
// index (or the tail) recorded for it, and returns its whole payload.
func (r *Reader) readBlock(i int, info BlockInfo) ([]byte, error) {
	payload, sum, err := r.readRaw(i, info)
	if err != nil {
		return nil, err
	}
	if sum != info.Sum {
		return nil, &BlockError{Index: i, Info: info, Reason: fmt.Sprintf("hash mismatch: the index expects %s…, the block has %s…", info.Sum.Short(), sum.Short())}
	}
	return payload, nil
}

// Size is the size of the file.
func (r *Reader) Size() int64 { return r.size }

// Blocks lists the blocks: with an index, every block the index names
// and the index itself; for an incomplete file, the complete blocks.
func (r *Reader) Blocks() []BlockInfo { return r.blocks }

// Damage is nil for a complete trace and a *TruncatedError for an
// incomplete one.
func (r *Reader) Damage() error { return r.damage }

// Complete reports whether the file ended with a valid index and tail.
func (r *Reader) Complete() bool { return r.damage == nil }

// Read returns the body of block i (its payload after the Meta, for
// checkpoints and segments), verified.
func (r *Reader) Read(i int) ([]byte, error) {
	if i < 0 || i >= len(r.blocks) {
		return nil, fmt.Errorf("rvt: no block #%d", i)
	}
	info := r.blocks[i]
	payload, err := r.readBlock(i, info)
	if err != nil {
		return nil, err
	}
	if !info.Kind.hasMeta() {
		return payload, nil
	}
	d := decoder{buf: payload}
	m := decodeMeta(&d)
	if d.err != nil || m != info.Meta {
		return nil, &BlockError{Index: i, Info: info, Reason: "its position does not match the index"}
	}
	return payload[d.off:], nil
}

// Verify reads every block, checking every hash.
func (r *Reader) Verify() error {
	for i := range r.blocks {
		if _, err := r.Read(i); err != nil {
			return err
		}
	}
	return nil
}

// Damaged returns a *BlockError for block i with the given reason, for
// callers that find a verified block's content inconsistent.
func (r *Reader) Damaged(i int, reason string) error {
	var info BlockInfo
	if i >= 0 && i < len(r.blocks) {
		info = r.blocks[i]
	}
	return &BlockError{Index: i, Info: info, Reason: reason}
}
