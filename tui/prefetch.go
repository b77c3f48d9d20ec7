package tui

import (
	"sync"

	"revl.dev/debug/timeline"
)

// prefetcher decodes what the next frames will need, on its own goroutine
// and its own timeline handle, into the session's caches: the details of
// the decisions around the cursor and the cell chunks at the edges of the
// timeline's window. Each request replaces the one before; the goroutine
// runs only while there is work and stops at Close.
type prefetcher struct {
	tl      *timeline.Timeline
	cells   *cellCache
	details *detailCache

	mu      sync.Mutex
	idle    *sync.Cond // signalled when the goroutine stops
	want    *fetch
	running bool
	closed  bool
}

func newPrefetcher(tl *timeline.Timeline, cells *cellCache, details *detailCache) *prefetcher {
	p := &prefetcher{tl: tl, cells: cells, details: details}
	p.idle = sync.NewCond(&p.mu)
	return p
}

// wait blocks until no request is pending or running.
func (p *prefetcher) wait() {
	p.mu.Lock()
	for p.running {
		p.idle.Wait()
	}
	p.mu.Unlock()
}

// fetch is one request: the details of decisions [from, to), nearest
// first from near, then cell chunks.
type fetch struct {
	from, to, near int
	chunks         []int
}

// request replaces the pending request with f.
func (p *prefetcher) request(f fetch) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.want = &f
	if !p.running {
		p.running = true
		go p.work()
	}
}

func (p *prefetcher) close() {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
}

// stale reports whether a newer request (or Close) came.
func (p *prefetcher) stale() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.want != nil || p.closed
}

func (p *prefetcher) work() {
	for {
		p.mu.Lock()
		f := p.want
		p.want = nil
		if f == nil || p.closed {
			p.running = false
			p.idle.Broadcast()
			p.mu.Unlock()
			return
		}
		p.mu.Unlock()
		p.run(f)
	}
}

// run does f in order of need: the decisions from near outward in the
// direction of travel, then the chunks; it gives up on a newer request.
func (p *prefetcher) run(f *fetch) {
	for _, k := range order(f.from, f.to, f.near) {
		if p.stale() {
			return
		}
		if !p.details.has(k) {
			d := decodeDetail(p.tl, k)
			p.details.mu.Lock()
			p.details.put(k, d)
			p.details.mu.Unlock()
		}
	}
	for _, ci := range f.chunks {
		if p.stale() {
			return
		}
		if !p.cells.has(ci) {
			ch, err := loadChunk(p.tl, ci)
			p.cells.mu.Lock()
			p.cells.put(ci, ch, err)
			p.cells.mu.Unlock()
		}
	}
}

// order lists [from, to): those at or after near in increasing order
// (sequential decoding is cheapest), then those before it.
func order(from, to, near int) []int {
	out := make([]int, 0, max(to-from, 0))
	for k := max(near, from); k < to; k++ {
		out = append(out, k)
	}
	for k := from; k < min(near, to); k++ {
		out = append(out, k)
	}
	return out
}
