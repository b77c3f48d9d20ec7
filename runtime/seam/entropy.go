package seam

import (
	"crypto/rand"
	"encoding/binary"
	"math/bits"
)

// Entropy is the only source of randomness for code outside this package.
type Entropy interface {
	// Uint64 returns 64 random bits.
	Uint64() uint64
	// Fill overwrites p with random bytes.
	Fill(p []byte)
	// Sub returns an independent stream named name. For a seeded source the
	// substream depends only on this stream's seed and the name: not on how
	// many values were drawn from this stream or from any other substream,
	// so giving each fiber (or mock operation) Sub("fiber:"+name) makes what
	// it draws independent of the order in which fibers run. Names compose:
	// Sub("a").Sub("b") and Sub("b").Sub("a") are different streams.
	Sub(name string) Entropy
}

// Compile-time checks that every implementation satisfies Entropy.
var (
	_ Entropy = SystemEntropy{}
	_ Entropy = (*SeededEntropy)(nil)
)

// SystemEntropy draws from the operating system via crypto/rand. It is the
// only code in revl.dev/debug that may use crypto/rand (the seamlint analyzer
// enforces this). The zero value is ready to use and safe for concurrent use.
type SystemEntropy struct{}

// Uint64 returns 8 bytes from crypto/rand, read little-endian.
func (SystemEntropy) Uint64() uint64 {
	var b [8]byte
	// Since Go 1.24 crypto/rand.Read never returns an error: if the OS
	// source fails the program crashes irrecoverably, which is preferable to
	// silently handing out predictable bytes.
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// Fill fills p from crypto/rand.
func (SystemEntropy) Fill(p []byte) { _, _ = rand.Read(p) }

// Sub returns a SystemEntropy: system draws are already independent of each
// other, so every name gets the same (unseeded) source.
func (SystemEntropy) Sub(string) Entropy { return SystemEntropy{} }

// SeededEntropy is a deterministic Entropy: the same seed yields the same
// values on every Go version and platform, because the generator is written
// out here rather than borrowed from math/rand, whose algorithms and seeding
// have changed between releases and may change again.
//
// The generator is xoshiro256** (Blackman and Vigna, 2018), with its 256-bit
// state filled from the seed by SplitMix64, as its authors recommend. It is
// fast, passes BigCrush, and is not cryptographically secure, which a
// schedule explorer does not need.
//
// The output for a given seed is part of the determinism contract: saved
// seeds and schedule tapes rely on it, and golden tests pin it. Changing the
// algorithm, the seeding, or the substream derivation breaks every recorded
// seed.
//
// A SeededEntropy is not safe for concurrent use: concurrent draws from one
// stream would be nondeterministic anyway. Give each concurrent user its own
// Sub stream.
type SeededEntropy struct {
	seed uint64    // identity of the stream; Sub derives from it, never from s
	s    [4]uint64 // xoshiro256** state
}

// NewSeeded returns the stream for seed. Every seed, including 0, is valid.
func NewSeeded(seed uint64) *SeededEntropy {
	e := &SeededEntropy{seed: seed}
	sm := seed
	for i := range e.s {
		// SplitMix64 outputs are a bijection of its counter, so at most one
		// of four consecutive outputs is 0 and the state is never all-zero
		// (the one state xoshiro cannot leave).
		e.s[i] = splitMix64(&sm)
	}
	return e
}

// Seed returns the seed this stream was created from; for a substream, the
// seed derived from its parent's seed and its name.
func (e *SeededEntropy) Seed() uint64 { return e.seed }

// Uint64 returns the next xoshiro256** output.
func (e *SeededEntropy) Uint64() uint64 {
	s := &e.s
	result := bits.RotateLeft64(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = bits.RotateLeft64(s[3], 45)
	return result
}

// Fill fills p with the little-endian bytes of successive Uint64 values. A
// final partial word uses the low-order bytes of one more Uint64 and
// discards the rest. This layout is part of the determinism contract.
func (e *SeededEntropy) Fill(p []byte) {
	for len(p) >= 8 {
		binary.LittleEndian.PutUint64(p, e.Uint64())
		p = p[8:]
	}
	if len(p) > 0 {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], e.Uint64())
		copy(p, b[:])
	}
}

// Sub returns the substream named name. Its seed is
//
//	mix64(parentSeed XOR mix64(FNV-1a-64(name)))
//
// where mix64 is the SplitMix64 output finalizer. The name is hashed with a
// fixed, documented hash (not hash/maphash, which is randomly seeded per
// process), and mixing through the non-linear mix64 makes the derivation
// order-sensitive, so Sub("a").Sub("b") differs from Sub("b").Sub("a").
// Sub reads only the parent's seed, never its state, so it does not matter
// how many values were drawn before or after it is called. Each call returns
// a new stream positioned at its start; callers that want one stream per
// fiber keep the value they got.
func (e *SeededEntropy) Sub(name string) Entropy {
	return NewSeeded(mix64(e.seed ^ mix64(fnv1a64(name))))
}

// Uint64n returns a uniformly distributed value in [0, n) drawn from e. It
// panics if n is 0.
//
// It uses Lemire's multiply-and-reject method ("Fast Random Integer
// Generation in an Interval", 2019): the high word of a 128-bit product,
// with the few draws that would bias the result rejected and redrawn. Unlike
// a plain modulo it has no bias, and the number of draws it consumes (and so
// every later value of a seeded stream) is part of the determinism contract.
func Uint64n(e Entropy, n uint64) uint64 {
	if n == 0 {
		panic("seam: Uint64n(0)")
	}
	hi, lo := bits.Mul64(e.Uint64(), n)
	if lo < n {
		// 2^64 mod n: the products whose low word falls below it belong to
		// an incomplete final interval and would make small results likelier.
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(e.Uint64(), n)
		}
	}
	return hi
}

// Intn returns a uniformly distributed int in [0, n) drawn from e, using
// [Uint64n]. It panics if n <= 0. The seeded scheduler uses it to pick an
// index into a ready set.
func Intn(e Entropy, n int) int {
	if n <= 0 {
		panic("seam: Intn: n must be positive")
	}
	return int(Uint64n(e, uint64(n)))
}

// splitMix64 advances *state by the golden-ratio increment and returns the
// mixed value (Steele, Lea and Flood, 2014; reference code by Vigna).
func splitMix64(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	return mix64(*state)
}

// mix64 is SplitMix64's output finalizer, a bijection on uint64 that spreads
// every input bit over the whole output.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// fnv1a64 is the 64-bit FNV-1a hash of s, written out (rather than taken from
// hash/fnv) so the substream derivation is visibly fixed in this file.
func fnv1a64(s string) uint64 {
	const (
		offset = 0xcbf29ce484222325
		prime  = 0x100000001b3
	)
	h := uint64(offset)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= prime
	}
	return h
}
