// Package wire reads and writes the base protocol that DAP and LSP share:
// messages framed by a Content-Length header. Reading, its job is to bound
// what a peer can make a server hold or wait for: a header line is at most
// MaxHeaderLine bytes, a header block at most MaxHeaderBlock, a body at
// most the reader's limit, and a body is read as it arrives, never
// allocated on the header's word. Writing, its job is that a frame goes
// out in one piece.
package wire

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

const (
	// MaxHeaderLine bounds one header line, its line ending included.
	MaxHeaderLine = 4096
	// MaxHeaderBlock bounds all the header lines of one message.
	MaxHeaderBlock = 64 << 10
)

// Error is a message that cannot be read. When Recoverable, the reader
// has the stream at the next message boundary (the body was too large
// and is skipped on the next Read) and Length is the declared length:
// a server answers with an error and reads on. Otherwise the stream has
// no trustworthy boundary left and must end.
type Error struct {
	Msg         string
	Length      int64 // the Content-Length, -1 when not known
	Recoverable bool
}

func (e *Error) Error() string { return e.Msg }

// Reader reads framed messages.
type Reader struct {
	r    *bufio.Reader
	max  int64
	skip int64 // body bytes of a refused message still to discard
}

// NewReader reads messages of at most max bytes from r.
func NewReader(r io.Reader, max int64) *Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	return &Reader{r: br, max: max}
}

// Read returns the next message body. It returns io.EOF when the stream
// ends between messages, io.ErrUnexpectedEOF when it ends inside one, and
// an *Error for a frame it refuses. Header lines may end in "\r\n" (the
// specifications) or a bare "\n" (some hand-written clients); a blank
// line before the first header is skipped.
func (r *Reader) Read() ([]byte, error) {
	if r.skip > 0 {
		n, err := io.CopyN(io.Discard, r.r, r.skip)
		r.skip -= n
		if err != nil {
			return nil, io.ErrUnexpectedEOF
		}
	}
	length := int64(-1)
	headers, block := 0, 0
	for {
		line, err := r.line()
		if err != nil {
			if err == io.EOF && line == "" && headers == 0 {
				return nil, io.EOF
			}
			if errors.Is(err, io.EOF) {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		block += len(line)
		if block > MaxHeaderBlock {
			return nil, &Error{Msg: fmt.Sprintf("header block longer than %d bytes", MaxHeaderBlock), Length: -1}
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if headers == 0 {
				continue // a stray blank line before a header
			}
			break
		}
		headers++
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, &Error{Msg: fmt.Sprintf("malformed header line %q: expected 'Name: value'", clip(line)), Length: -1}
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			v := strings.TrimSpace(value)
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 {
				return nil, &Error{Msg: fmt.Sprintf("malformed Content-Length %q: want a non-negative integer", clip(v)), Length: -1}
			}
			length = n
		}
	}
	if length < 0 {
		return nil, &Error{Msg: "header without Content-Length", Length: -1}
	}
	if length > r.max {
		r.skip = length
		return nil, &Error{Msg: fmt.Sprintf("message of %d bytes exceeds the limit of %d bytes", length, r.max),
			Length: length, Recoverable: true}
	}
	if length <= 64<<10 {
		// A body of up to 64 KiB is read into one buffer of its length:
		// a bytes.Buffer grown to the length would be grown again by
		// ReadFrom, which wants 512 bytes free, so every message would be
		// allocated twice.
		body := make([]byte, length)
		if _, err := io.ReadFull(r.r, body); err != nil {
			return nil, io.ErrUnexpectedEOF
		}
		return body, nil
	}
	// A larger body grows as it arrives: a length the peer never sends
	// costs nothing.
	var body bytes.Buffer
	if _, err := io.CopyN(&body, r.r, length); err != nil {
		return nil, io.ErrUnexpectedEOF
	}
	return body.Bytes(), nil
}

// line reads one header line of at most MaxHeaderLine bytes.
func (r *Reader) line() (string, error) {
	var b []byte
	for {
		frag, err := r.r.ReadSlice('\n')
		if len(b)+len(frag) > MaxHeaderLine {
			return "", &Error{Msg: fmt.Sprintf("header line longer than %d bytes", MaxHeaderLine), Length: -1}
		}
		b = append(b, frag...)
		if err == bufio.ErrBufferFull {
			continue
		}
		return string(b), err
	}
}

// Writer writes framed messages, each whole in one Write. go-dap's
// WriteProtocolMessage and jsonrpc2's VSCodeObjectCodec write the header
// and the body apart: two system calls on a pipe, and a peer that wakes
// for the header alone must sleep again for the body. A Writer is not
// safe for concurrent use; its callers hold their own lock.
type Writer struct {
	w   io.Writer
	buf []byte // the last frame's buffer, reused by the next one
}

// NewWriter writes frames to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write frames a message's body, given in parts that are written one
// after the other (a response around a body already encoded need not be
// joined first), and writes the frame.
func (w *Writer) Write(body ...[]byte) error {
	n := 0
	for _, p := range body {
		n += len(p)
	}
	b := append(w.buf[:0], "Content-Length: "...)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, "\r\n\r\n"...)
	for _, p := range body {
		b = append(b, p...)
	}
	_, err := w.w.Write(b)
	if cap(b) <= 1<<20 {
		// A rare huge message (a whole timeline) is not kept.
		w.buf = b[:0]
	}
	return err
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}
