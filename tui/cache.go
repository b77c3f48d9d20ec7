package tui

import (
	"sync"

	"revl.dev/debug/timeline"
)

// The caches keep what a frame needs near the cursor, so that a frame
// costs the same at 10 and at 100,000 decisions. A timeline handle decodes
// decision k from the checkpoint at or before it and derives the snapshot
// from its model; the caches turn that into one decode per decision
// visited, and a prefetcher (prefetch.go) does those decodes on its own
// goroutine and handle ahead of the cursor, so that stepping finds them
// done. A miss is decoded on the spot: what a frame shows never depends on
// whether the prefetcher kept up.

// cell is what the timeline pane and the residue plot need of a decision.
type cell struct {
	lane      int32
	ready     int32
	chosen    int32
	teardown  bool
	fine      byte // a fine atom's glyph, as revl trace show draws it: '>' resume, 't' fire, 'j' complete; 0 for activate and teardown
	failed    bool // the atom failed
	emissions int16
	marks     string // mark glyphs, most important first (see markGlyphs)
	residue   timeline.Residue
}

const (
	chunkSize = 256
	maxChunks = 32
)

// cellCache holds cells by chunks of chunkSize decisions, decoded with one
// Range each.
type cellCache struct {
	mu     sync.Mutex
	tl     *timeline.Timeline // for misses
	chunks map[int][]cell
	err    error
}

func newCellCache(tl *timeline.Timeline) *cellCache {
	return &cellCache{tl: tl, chunks: map[int][]cell{}}
}

// at returns the cell of decision k (0 <= k < Len).
func (c *cellCache) at(k int) *cell {
	ci := k / chunkSize
	c.mu.Lock()
	ch, ok := c.chunks[ci]
	if !ok {
		var err error
		ch, err = loadChunk(c.tl, ci)
		c.put(ci, ch, err)
	}
	c.mu.Unlock()
	i := k - ci*chunkSize
	if i >= len(ch) {
		return &cell{lane: -1}
	}
	return &ch[i]
}

// span returns the cells of decisions [from, to), taking the lock once.
func (c *cellCache) span(from, to int) []cell {
	out := make([]cell, 0, max(to-from, 0))
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := from; k < to; {
		ci := k / chunkSize
		ch, ok := c.chunks[ci]
		if !ok {
			var err error
			ch, err = loadChunk(c.tl, ci)
			c.put(ci, ch, err)
		}
		for ; k < to && k < (ci+1)*chunkSize; k++ {
			if i := k - ci*chunkSize; i < len(ch) {
				out = append(out, ch[i])
			} else {
				out = append(out, cell{lane: -1})
			}
		}
	}
	return out
}

func (c *cellCache) has(ci int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.chunks[ci]
	return ok
}

// put stores chunk ci; the caller holds mu. At maxChunks it drops the
// chunks farthest from ci.
func (c *cellCache) put(ci int, ch []cell, err error) {
	if err != nil && c.err == nil {
		c.err = err
	}
	if _, ok := c.chunks[ci]; ok {
		return
	}
	if len(c.chunks) >= maxChunks {
		for k := range c.chunks {
			if k < ci-maxChunks/4 || k > ci+maxChunks/4 {
				delete(c.chunks, k)
			}
		}
	}
	c.chunks[ci] = ch
}

func (c *cellCache) size() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.chunks)
}

// loadChunk decodes the cells of chunk ci.
func loadChunk(tl *timeline.Timeline, ci int) ([]cell, error) {
	from := ci * chunkSize
	to := min(from+chunkSize, tl.Len())
	ch := make([]cell, 0, max(to-from, 0))
	err := tl.Range(from, to, func(d timeline.Decision, _ []timeline.Event) error {
		e := 0
		for _, m := range d.Marks {
			if m.Kind == timeline.MarkEmission {
				e++
			}
		}
		ch = append(ch, cell{lane: int32(d.Lane), ready: int32(len(d.Ready)), chosen: int32(d.Chosen),
			teardown: d.Kind == "teardown", fine: timeline.FineGlyph(d.Kind), failed: d.Error != "", emissions: int16(min(e, 1<<15-1)),
			marks: markGlyphs(d.Marks), residue: d.Residue})
		return nil
	})
	return ch, err
}

// markGlyph is the timeline pane's glyph of each kind of mark.
var markGlyph = map[timeline.MarkKind]byte{
	timeline.MarkFailure: 'f', timeline.MarkNotLive: '!', timeline.MarkEmission: 'e', timeline.MarkWithdraw: 'w',
	timeline.MarkPublish: 'p', timeline.MarkAcquire: '+', timeline.MarkRelease: '-', timeline.MarkTimer: 't',
}

// markGlyphs is one glyph per kind of mark the decision has, most
// important first.
func markGlyphs(marks []timeline.Mark) string {
	if len(marks) == 0 {
		return ""
	}
	var b []byte
	for _, k := range timeline.MarkKinds { // most important first
		for _, m := range marks {
			if m.Kind == k {
				b = append(b, markGlyph[k])
				break
			}
		}
	}
	return string(b)
}

// detail is everything about one decision: what the detail panes show.
// It is not changed once made.
type detail struct {
	d      timeline.Decision
	events []timeline.Event
	snap   timeline.Snapshot
	err    error
}

const maxDetails = 512

// detailCache holds the details of decisions near the cursor.
type detailCache struct {
	mu    sync.Mutex
	tl    *timeline.Timeline // for misses, used under mu
	m     map[int]*detail
	order []int
}

func newDetailCache(tl *timeline.Timeline) *detailCache {
	return &detailCache{tl: tl, m: map[int]*detail{}}
}

// at returns decision k's details, decoding them on a miss.
func (c *detailCache) at(k int) *detail {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d, ok := c.m[k]; ok {
		return d
	}
	d := decodeDetail(c.tl, k)
	c.put(k, d)
	return d
}

func (c *detailCache) has(k int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.m[k]
	return ok
}

// missing reports whether any decision in [from, to) is not held.
func (c *detailCache) missing(from, to int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := from; k < to; k++ {
		if _, ok := c.m[k]; !ok {
			return true
		}
	}
	return false
}

// put stores d for k; the caller holds mu. At maxDetails it drops the
// older half.
func (c *detailCache) put(k int, d *detail) {
	if _, ok := c.m[k]; ok {
		return
	}
	if len(c.order) >= maxDetails {
		for _, o := range c.order[:maxDetails/2] {
			delete(c.m, o)
		}
		c.order = append(c.order[:0], c.order[maxDetails/2:]...)
	}
	c.m[k] = d
	c.order = append(c.order, k)
}

func (c *detailCache) size() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

func decodeDetail(tl *timeline.Timeline, k int) *detail {
	d := &detail{}
	d.d, d.err = tl.Decision(k)
	if d.err == nil {
		d.events, d.err = tl.Events(k)
	}
	if d.err == nil {
		d.snap, d.err = tl.Snapshot(k)
	}
	return d
}
