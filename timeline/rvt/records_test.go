package rvt

import (
	"errors"
	"fmt"
	"testing"

	"revl.dev/debug/runtime"
)

// TestFailAtEncoding: a fail@F:N ready atom round-trips through a
// checkpoint's ready set; a damaged one (a step of 0 or out of range, a
// fiber past the header's) is an out-of-range error, never a plain
// activation or a panic.
func TestFailAtEncoding(t *testing.T) {
	set := []Ready{{Kind: runtime.Activate, Fiber: 1}, {Kind: runtime.Crash, Fiber: 0}, {Kind: runtime.Activate, Fiber: 1, FailAt: 3}}
	s, err := DecodeState(EncodeState(&State{Fibers: make([]runtime.FiberState, 2), Frames: make([][]string, 2), Ready: set}), 2)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(s.Ready) != fmt.Sprint(set) {
		t.Fatalf("ready set %v, want %v", s.Ready, set)
	}
	for _, tc := range []struct {
		name string
		atom []byte // kind, fiber, step
	}{
		{"step 0", []byte{readyFailAt, 1, 0}},
		{"step past the bound", []byte{readyFailAt, 1, 0xff, 0xff, 0xff, 0x7f}},
		{"fiber past the header's", []byte{readyFailAt, 2, 1}},
		{"no step", []byte{readyFailAt, 1}},
		{"unknown kind", []byte{0x81, 1, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := decoder{buf: tc.atom}
			decodeReadyAtom(&d, 2)
			d.end()
			if d.err == nil {
				t.Fatalf("decoded %v without an error", tc.atom)
			}
		})
	}
}

// TestHeaderFaults: the fault options round-trip at the version
// VersionFor picks (5 with failures, 4 with crashes only), a version 4
// header reads as crashes only, and a version 5 header with failures and
// no fault bound is refused.
func TestHeaderFaults(t *testing.T) {
	for _, tc := range []struct {
		opts    Options
		version uint32
	}{
		{Options{MaxFaults: 2, Failures: true}, 5},
		{Options{MaxFaults: 1, Failures: true, Atoms: "fine", MaxFires: 2}, 5},
		{Options{MaxFaults: 1}, 4},
		{Options{Atoms: "fine"}, 3},
		{Options{}, 2},
	} {
		h := &Header{Program: "p.rvl", Fibers: []string{"A"}, Runtime: runtime.Version, Options: tc.opts}
		if v := VersionFor(h); v != tc.version {
			t.Errorf("%+v: version %d, want %d", tc.opts, v, tc.version)
		}
		got, err := DecodeHeader(EncodeHeader(h), VersionFor(h))
		if err != nil {
			t.Fatal(err)
		}
		if got.Options != tc.opts {
			t.Errorf("options %+v read back as %+v", tc.opts, got.Options)
		}
	}
	h := &Header{Program: "p.rvl", Fibers: []string{"A"}, Runtime: runtime.Version, Options: Options{MaxFaults: 1, Failures: true}}
	b := EncodeHeader(h)
	b[len(b)-2] = 0 // the fault bound, before the failures flag
	if _, err := DecodeHeader(b, 5); !errors.Is(err, errRange) {
		t.Errorf("failures without a fault bound: %v", err)
	}
}
