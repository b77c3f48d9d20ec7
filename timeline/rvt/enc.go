package rvt

import (
	"encoding/binary"
	"errors"
	"math"
)

// encoder appends the primitive values of the format to a byte slice:
// unsigned and zigzag varints (encoding/binary), and length-prefixed
// strings. Nothing here depends on the platform, the Go version or map
// order, so equal inputs give equal bytes.
type encoder struct{ buf []byte }

func (e *encoder) uvarint(u uint64) { e.buf = binary.AppendUvarint(e.buf, u) }
func (e *encoder) varint(i int64)   { e.buf = binary.AppendVarint(e.buf, i) }
func (e *encoder) int(i int)        { e.uvarint(uint64(i)) }
func (e *encoder) byte(b byte)      { e.buf = append(e.buf, b) }
func (e *encoder) raw(b []byte)     { e.buf = append(e.buf, b...) }

func (e *encoder) bool(b bool) {
	if b {
		e.byte(1)
	} else {
		e.byte(0)
	}
}

func (e *encoder) string(s string) {
	e.uvarint(uint64(len(s)))
	e.buf = append(e.buf, s...)
}

func (e *encoder) strings(ss []string) {
	e.int(len(ss))
	for _, s := range ss {
		e.string(s)
	}
}

func (e *encoder) ints(v []int) {
	e.int(len(v))
	for _, x := range v {
		e.int(x)
	}
}

// errShort and errRange are wrapped by the block decoders into errors that
// name the block.
var (
	errShort = errors.New("payload ends early")
	errRange = errors.New("value out of range")
)

// decoder reads what encoder wrote. The first error sticks: later reads
// return zero values, and err says what went wrong first. Lengths are
// checked against the bytes left before anything is allocated, so a
// corrupted length cannot make the decoder allocate more than the
// payload's size.
type decoder struct {
	buf []byte
	off int
	err error
}

func (d *decoder) fail(err error) {
	if d.err == nil {
		d.err = err
	}
}

func (d *decoder) left() int { return len(d.buf) - d.off }

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	u, n := binary.Uvarint(d.buf[d.off:])
	if !d.took(n) {
		return 0
	}
	return u
}

func (d *decoder) varint() int64 {
	if d.err != nil {
		return 0
	}
	i, n := binary.Varint(d.buf[d.off:])
	if !d.took(n) {
		return 0
	}
	return i
}

// took advances past a varint of n bytes as encoding/binary reports it:
// 0 means the buffer ended inside it, a negative n that it overflows.
func (d *decoder) took(n int) bool {
	switch {
	case n == 0:
		d.fail(errShort)
	case n < 0:
		d.fail(errRange)
	default:
		d.off += n
		return true
	}
	return false
}

// int reads a non-negative int that must fit in 31 bits, so that sums
// of a few of them cannot overflow on any platform.
func (d *decoder) int() int {
	u := d.uvarint()
	if u > math.MaxInt32 {
		d.fail(errRange)
		return 0
	}
	return int(u)
}

// count reads a length of elements that take at least min bytes each and
// refuses one that the bytes left cannot hold.
func (d *decoder) count(min int) int {
	n := d.int()
	if min < 1 {
		min = 1
	}
	if n > d.left()/min {
		d.fail(errShort)
		return 0
	}
	return n
}

func (d *decoder) byte() byte {
	if d.err != nil {
		return 0
	}
	if d.left() < 1 {
		d.fail(errShort)
		return 0
	}
	b := d.buf[d.off]
	d.off++
	return b
}

func (d *decoder) bool() bool {
	switch d.byte() {
	case 0:
		return false
	case 1:
		return true
	}
	d.fail(errRange)
	return false
}

func (d *decoder) bytes(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n < 0 || n > d.left() {
		d.fail(errShort)
		return nil
	}
	b := d.buf[d.off : d.off+n]
	d.off += n
	return b
}

func (d *decoder) string() string {
	n := d.count(1)
	return string(d.bytes(n))
}

func (d *decoder) strings() []string {
	n := d.count(1)
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = d.string()
	}
	return out
}

func (d *decoder) ints() []int {
	n := d.count(1)
	if n == 0 {
		return nil
	}
	out := make([]int, n)
	for i := range out {
		out[i] = d.int()
	}
	return out
}

// end fails unless every byte was read: trailing bytes in a verified block
// mean the writer and the reader disagree about its layout.
func (d *decoder) end() {
	if d.err == nil && d.off != len(d.buf) {
		d.fail(errors.New("unexpected bytes after the payload"))
	}
}

// strTab interns the strings of one block: each distinct string is stored
// once, in first-use order, and referenced by its position + 1 (0 is the
// empty string). Blocks carry their own table, so any block decodes
// without the blocks before it.
type strTab struct {
	idx  map[string]uint64
	list []string
	size int
}

func (t *strTab) ref(s string) uint64 {
	if s == "" {
		return 0
	}
	if i, ok := t.idx[s]; ok {
		return i
	}
	if t.idx == nil {
		t.idx = map[string]uint64{}
	}
	t.list = append(t.list, s)
	i := uint64(len(t.list))
	t.idx[s] = i
	t.size += len(s) + 2
	return i
}

func (t *strTab) reset() {
	clear(t.idx)
	t.list = t.list[:0]
	t.size = 0
}

func (t *strTab) encode(e *encoder) { e.strings(t.list) }

// strRef reads a reference into table tab.
func (d *decoder) strRef(tab []string) string {
	i := d.uvarint()
	if i == 0 {
		return ""
	}
	if i > uint64(len(tab)) {
		d.fail(errRange)
		return ""
	}
	return tab[i-1]
}
