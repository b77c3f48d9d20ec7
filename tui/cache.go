package tui

import (
	"revl.dev/debug/timeline"
)

// The two caches keep what a frame needs near the cursor, so that a frame
// costs the same at 10 and at 100,000 decisions: the timeline's handles
// decode from the checkpoint at or before a decision, and a cache turns
// that into one decode per chunk of decisions instead of one per frame.

// cell is what the timeline pane and the residue plot need of a decision.
type cell struct {
	lane      int32
	ready     int32
	chosen    int32
	teardown  bool
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
// Range each, and drops them all when it holds maxChunks.
type cellCache struct {
	tl     *timeline.Timeline
	chunks map[int][]cell
	err    error
}

func newCellCache(tl *timeline.Timeline) *cellCache {
	return &cellCache{tl: tl, chunks: map[int][]cell{}}
}

// at returns the cell of decision k (0 <= k < Len).
func (c *cellCache) at(k int) *cell {
	ci := k / chunkSize
	ch, ok := c.chunks[ci]
	if !ok {
		ch = c.load(ci)
	}
	i := k - ci*chunkSize
	if i >= len(ch) {
		return &cell{lane: -1}
	}
	return &ch[i]
}

func (c *cellCache) load(ci int) []cell {
	if len(c.chunks) >= maxChunks {
		clear(c.chunks)
	}
	from := ci * chunkSize
	to := min(from+chunkSize, c.tl.Len())
	ch := make([]cell, 0, max(to-from, 0))
	err := c.tl.Range(from, to, func(d timeline.Decision, _ []timeline.Event) error {
		e := 0
		for _, m := range d.Marks {
			if m.Kind == "emission" {
				e++
			}
		}
		ch = append(ch, cell{lane: int32(d.Lane), ready: int32(len(d.Ready)), chosen: int32(d.Chosen),
			teardown: d.Kind == "teardown", failed: d.Error != "", emissions: int16(min(e, 1<<15-1)),
			marks: markGlyphs(d.Marks), residue: d.Residue})
		return nil
	})
	if err != nil && c.err == nil {
		c.err = err
	}
	c.chunks[ci] = ch
	return ch
}

// Mark glyphs, in the order of importance the timeline shows them.
var markOrder = []struct {
	kind  string
	glyph byte
}{
	{"failure", 'f'}, {"not-live", '!'}, {"emission", 'e'}, {"withdraw", 'w'}, {"publish", 'p'},
	{"acquire", '+'}, {"release", '-'}, {"timer", 't'},
}

// markGlyphs is one glyph per kind of mark the decision has, most
// important first.
func markGlyphs(marks []timeline.Mark) string {
	if len(marks) == 0 {
		return ""
	}
	var b []byte
	for _, o := range markOrder {
		for _, m := range marks {
			if m.Kind == o.kind {
				b = append(b, o.glyph)
				break
			}
		}
	}
	return string(b)
}

// detail is everything about one decision: what the detail panes show.
type detail struct {
	d      timeline.Decision
	events []timeline.Event
	snap   timeline.Snapshot
	err    error
}

const (
	maxDetails = 512
	prefetch   = 32
)

// detailCache holds the details of decisions the cursor visited. A
// decision right after the last one decoded is one more step for the
// handle; any other decodes the prefetch decisions up to it in order, so
// that stepping back is as cheap as stepping forward.
type detailCache struct {
	tl    *timeline.Timeline
	m     map[int]*detail
	order []int
	last  int // the last decision the handle decoded
}

func newDetailCache(tl *timeline.Timeline) *detailCache {
	return &detailCache{tl: tl, m: map[int]*detail{}, last: -2}
}

func (c *detailCache) at(k int) *detail {
	if d, ok := c.m[k]; ok {
		return d
	}
	from := k
	if k != c.last+1 {
		from = max(0, k-prefetch+1)
	}
	var out *detail
	for j := from; j <= k; j++ {
		if _, ok := c.m[j]; ok && j < k {
			continue
		}
		d := c.decode(j)
		if j == k {
			out = d
		}
	}
	return out
}

func (c *detailCache) decode(k int) *detail {
	d := &detail{}
	d.d, d.err = c.tl.Decision(k)
	if d.err == nil {
		d.events, d.err = c.tl.Events(k)
	}
	if d.err == nil {
		d.snap, d.err = c.tl.Snapshot(k)
	}
	c.last = k
	if len(c.order) >= maxDetails {
		old := c.order[:maxDetails/2]
		for _, o := range old {
			delete(c.m, o)
		}
		c.order = append(c.order[:0], c.order[maxDetails/2:]...)
	}
	c.m[k] = d
	c.order = append(c.order, k)
	return d
}
