package syntax

// Blocks of nodes. A 10 MB file has about a million identifiers and
// hundreds of thousands of calls and selectors; allocating each alone
// cost the parser a malloc and a header per node and the collector an
// object to find. The parser takes the common nodes from blocks of up to
// nodeBlock instead, and argument lists from one shared slab. A block
// lives as long as any node in it, which for a syntax tree (kept or
// dropped whole, or shared declaration by declaration by Tree.Edit) costs
// at most one block per declaration.

const (
	nodeBlock = 64
	slabExprs = 1024
)

// block hands out *T from slices of nodeBlock. It counts what it handed
// out instead of reslicing (free = free[1:]): a reslice stores a pointer,
// which costs a write barrier per node while the collector marks.
type block[T any] struct {
	free []T
	used int
}

func (b *block[T]) new() *T {
	if b.used == len(b.free) {
		// The slices start small and double up to nodeBlock: a small
		// parse, or the copy of a few declarations (move.go, which takes
		// every kind of node from a block of its own), needs few of most.
		b.free, b.used = make([]T, min(max(2*len(b.free), 4), nodeBlock)), 0
	}
	n := &b.free[b.used]
	b.used++
	return n
}

// exprList copies xs into the parser's slab and returns the copy, its
// capacity capped so that an append by a later user copies instead of
// writing over a neighbour. An empty list stays nil, as append left it.
func (p *parser) exprList(xs []Expr) []Expr { return p.exprSlab.copyOf(xs) }

// slab hands out short lists of T from shared arrays of slabExprs:
// argument lists (exprList), and statement and parameter lists, which
// were, after the nodes, the parser's commonest allocations (each grown
// by append, so several per list).
type slab[T any] struct {
	free []T
	used int // (counted, not resliced: see block)
}

// copyOf returns a copy of xs in the slab, its capacity capped (see
// exprList); an empty list stays nil.
func (s *slab[T]) copyOf(xs []T) []T {
	if len(xs) == 0 {
		return nil
	}
	if len(xs) > slabExprs/8 {
		return append([]T(nil), xs...)
	}
	if len(s.free)-s.used < len(xs) {
		s.free, s.used = make([]T, slabExprs), 0
	}
	end := s.used + len(xs)
	out := s.free[s.used:end:end]
	copy(out, xs)
	s.used = end
	return out
}

// popList returns a slab copy of (*stack)[mark:] and truncates the stack
// to mark. A list is gathered on its stack while nested lists of the
// same kind push and pop above it.
func popList[T any](s *slab[T], stack *[]T, mark int) []T {
	out := s.copyOf((*stack)[mark:])
	clear((*stack)[mark:]) // drop the references: the stack lives on
	*stack = (*stack)[:mark]
	return out
}
