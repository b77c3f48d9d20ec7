package dap

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	godap "github.com/google/go-dap"
)

// Cancellation. While a request that runs long (revl/explore) is handled,
// the session reads the client's next message ahead (readAhead in
// server.go); a `cancel` read then marks its requestId here, so the
// request can stop early (between seeds) and answer with what it has. The cancel request
// itself is answered in turn, after the request it cancelled: DAP lets a
// client take no conclusion from the cancel's response alone.

// cancels is the set of request seqs a client asked to cancel.
type cancels struct {
	ids map[int]bool
}

// noteCancel marks the request a raw `cancel` names. It runs on the
// read-ahead goroutine.
func (s *session) noteCancel(raw []byte) {
	var m struct {
		Type      string `json:"type"`
		Command   string `json:"command"`
		Arguments struct {
			RequestId  int    `json:"requestId"`
			ProgressId string `json:"progressId"`
		} `json:"arguments"`
	}
	// Decode only a message that can be a cancel (its command spelled
	// out, or escaped).
	if !bytes.Contains(raw, []byte("cancel")) && !bytes.Contains(raw, []byte(`\u`)) {
		return
	}
	if json.Unmarshal(raw, &m) != nil || m.Type != "request" || m.Command != "cancel" {
		return
	}
	id := m.Arguments.RequestId
	if p, ok := strings.CutPrefix(m.Arguments.ProgressId, exploreProgress); ok && id == 0 {
		id, _ = strconv.Atoi(p)
	}
	if id <= 0 {
		return
	}
	s.cmu.Lock()
	defer s.cmu.Unlock()
	if s.cancel.ids == nil {
		s.cancel.ids = map[int]bool{}
	}
	s.cancel.ids[id] = true
}

// cancelled reports whether the client asked to cancel request seq.
func (s *session) cancelled(seq int) bool {
	s.cmu.Lock()
	defer s.cmu.Unlock()
	return s.cancel.ids[seq]
}

// forgetCancel drops a mark: by the time a cancel is handled, the
// request it names (an earlier seq) has been answered.
func (s *session) forgetCancel(seq int) {
	s.cmu.Lock()
	defer s.cmu.Unlock()
	delete(s.cancel.ids, seq)
}

func (s *session) onCancel(req godap.RequestMessage) error {
	r := req.(*godap.CancelRequest)
	if r.Arguments == nil || r.Arguments.RequestId == 0 && r.Arguments.ProgressId == "" {
		return fmt.Errorf("cancel: give 'requestId' (the seq of a running revl/explore) or 'progressId'")
	}
	// Only revl/explore runs long enough to be cancelled; a cancel of
	// anything else (already answered by now) changes nothing. A progressId
	// names the explore that reported it.
	id := r.Arguments.RequestId
	if p, ok := strings.CutPrefix(r.Arguments.ProgressId, exploreProgress); ok && id == 0 {
		id, _ = strconv.Atoi(p)
	}
	s.forgetCancel(id)
	s.reply(req, nil)
	return nil
}
