package runtime

// arena hands out the immutable objects an activation makes — closures
// with their upvalues, a provision with its withdrawal and methods, an
// undo with its closure — from chunks the machine keeps from schedule to
// schedule. A worker's machine is reset (ResetFrom) before every schedule,
// and what the last schedule made is then unreachable: the fibers, frames,
// provisions and stack that pointed at it were cleared or overwritten. So
// the reset rewinds the arena and the next schedule makes its objects in
// the same memory instead of allocating them (130 closures and 90 other
// objects in a layered 50-component schedule).
//
// Only a machine that ResetFrom made has one. A clone shares the objects of
// the machine it was made from; cloning gives that machine a new token, and
// its next ResetFrom then drops the arena instead of rewinding it, as it
// drops everything else it shared.
type arena struct {
	clo0  slab[vClosure] // no upvalues: a provision method of `{ }`, a pure fn literal
	clo1  slab[closure1]
	clo2  slab[closure2]
	clo4  slab[closure4]
	undos slab[undoBlock]
	provs slab[provBlock]
}

type closure1 struct {
	c vClosure
	a [1]value
}

type closure2 struct {
	c vClosure
	a [2]value
}

type closure4 struct {
	c vClosure
	a [4]value
}

// undoBlock is an undo inverse and its closure (up to two upvalues).
type undoBlock struct {
	inv inverse
	c   vClosure
	a   [2]value
}

// provBlock is a provision, its withdrawal and a table of up to four
// methods.
type provBlock struct {
	p   provision
	inv inverse
	fns [4]namedFn
}

func (a *arena) rewind() {
	a.clo0.rewind()
	a.clo1.rewind()
	a.clo2.rewind()
	a.clo4.rewind()
	a.undos.rewind()
	a.provs.rewind()
}

// slab is a list of chunks of T handed out in order; rewind starts over.
type slab[T any] struct {
	chunks [][]T
	ci, i  int // the next object is chunks[ci][i]
}

// get returns a zeroed T.
func (s *slab[T]) get() *T {
	for s.ci < len(s.chunks) {
		if c := s.chunks[s.ci]; s.i < len(c) {
			p := &c[s.i]
			s.i++
			var zero T
			*p = zero
			return p
		}
		s.ci, s.i = s.ci+1, 0
	}
	// Chunks double from 16, so a schedule makes few and the next one none.
	n := 16
	if k := len(s.chunks); k > 0 {
		n = min(2*len(s.chunks[k-1]), 1024)
	}
	s.chunks = append(s.chunks, make([]T, n))
	s.ci, s.i = len(s.chunks)-1, 1
	return &s.chunks[s.ci][0]
}

func (s *slab[T]) rewind() { s.ci, s.i = 0, 0 }
