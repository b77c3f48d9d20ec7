package dap

import godap "github.com/google/go-dap"

// The stop cache. Between two stops nothing a stop shows can change: the
// engine moves only on a request that reports a stop (or fails), and every
// request but the four read here empties the cache before it runs. So the
// encoded body of a threads, stackTrace, scopes or variables response is
// kept, keyed by its arguments, and the same request at the same stop is
// answered with it: no frame, scope or variable is built again, nothing is
// encoded again, and the frame ids and variable references it names stay
// the ones the first answer handed out (valid until the next stop) instead
// of new ones for the same things. A client asks these again at one stop
// whenever it redraws (a frame selected again, a pane reopened, a second
// view of the same stop).

// stopKey is a cacheable request: its command and arguments.
type stopKey struct {
	cmd        string
	a, b, c, d int
	filter     string
}

// stopKeyOf is the key of req, if it is a request the cache answers: one
// without a format (which a client rarely sends, and which the key would
// have to hold whole).
func stopKeyOf(req godap.RequestMessage) (stopKey, bool) {
	switch r := req.(type) {
	case *godap.ThreadsRequest:
		return stopKey{cmd: r.Command}, true
	case *godap.StackTraceRequest:
		a := r.Arguments
		return stopKey{cmd: r.Command, a: a.ThreadId, b: a.StartFrame, c: a.Levels}, a.Format == nil
	case *godap.ScopesRequest:
		return stopKey{cmd: r.Command, a: r.Arguments.FrameId}, true
	case *godap.VariablesRequest:
		a := r.Arguments
		return stopKey{cmd: r.Command, a: a.VariablesReference, b: a.Start, c: a.Count, filter: a.Filter}, a.Format == nil
	}
	return stopKey{}, false
}

// maxStopCache bounds the bytes kept for one stop: a client paging
// through a large container at one stop is answered, past it, by building
// each page again.
const maxStopCache = 4 << 20

type stopCache struct {
	bodies map[stopKey][]byte
	size   int
	// While a cacheable request runs: its key, and its body once replied.
	pending bool
	key     stopKey
	body    []byte
}

func (c *stopCache) reset() { *c = stopCache{} }

func (c *stopCache) get(k stopKey) ([]byte, bool) {
	b, ok := c.bodies[k]
	return b, ok
}

// begin notes that the request of key k runs: its reply's body is kept
// when it commits.
func (c *stopCache) begin(k stopKey) { c.pending, c.key, c.body = true, k, nil }

// keep is the body of a reply to command cmd; reply calls it for every
// response.
func (c *stopCache) keep(cmd string, b []byte) {
	if c.pending && c.key.cmd == cmd && c.body == nil {
		c.body = b
	}
}

// commit keeps the body of the request that ran, if it replied with one;
// end forgets the request either way.
func (c *stopCache) commit() {
	if c.pending && c.body != nil && c.size+len(c.body) <= maxStopCache {
		if c.bodies == nil {
			c.bodies = map[stopKey][]byte{}
		}
		c.bodies[c.key] = c.body
		c.size += len(c.body)
	}
	c.end()
}

func (c *stopCache) end() { c.pending, c.body = false, nil }
