//go:build !unix

package dap

import "io"

// pollable is r itself where a descriptor cannot be made non-blocking.
func pollable(r io.Reader) (io.Reader, func()) { return r, func() {} }

// pollableWriter is w itself where a descriptor cannot be made
// non-blocking.
func pollableWriter(w io.Writer) (io.Writer, func()) { return w, func() {} }
