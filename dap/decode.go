package dap

import (
	"encoding/json"
	"unicode/utf8"

	gojson "github.com/goccy/go-json"
	godap "github.com/google/go-dap"
)

// The requests a client sends at every stop are decoded in one pass of the
// whole message and one of their arguments, where go-dap's codec makes two
// passes of the whole message (its envelope, then the typed request): the
// decode was a fifth of the adapter's CPU at a fresh stop. Both passes are
// goccy/go-json's, which decodes these types as encoding/json does at a
// fraction of its reflection (in the adapter, between the client's
// messages, encoding/json's type caches and reflection were cold: a
// seventh of its CPU at a stop went to these decodes). It is more lenient
// in two ways, so a message must first pass both checks encoding/json
// makes: that it is valid JSON (goccy/go-json skips an unknown field
// without checking it) and valid UTF-8 (encoding/json replaces invalid
// bytes in a string with U+FFFD, goccy/go-json keeps them); a message that
// fails either goes the codec's way (TestFastDecode, FuzzFastDecode).
//
// fastEnvelope holds every field go-dap's envelope and typed request read
// from the message, with their types, so that a message it decodes without
// an error is one go-dap decodes without an error; anything else (an error,
// another type or command, "arguments" given twice, which encoding/json
// merges) goes the codec's way, whose answers, and error responses, are
// unchanged.
type fastEnvelope struct {
	godap.ProtocolMessage
	Command   string  `json:"command"`
	Event     string  `json:"event"`
	Success   bool    `json:"success"`
	Arguments rawOnce `json:"arguments"`
}

// rawOnce is a JSON value kept undecoded, and how many times the key was
// given.
type rawOnce struct {
	raw []byte
	n   int
}

func (r *rawOnce) UnmarshalJSON(b []byte) error {
	r.raw = b
	r.n++
	return nil
}

// fastRequests are the requests decoded by fastDecode: a new request and
// where its arguments go (nil for a request without arguments, whose
// "arguments" go-dap ignores).
var fastRequests = map[string]func() (godap.RequestMessage, any){
	"threads": func() (godap.RequestMessage, any) { return &godap.ThreadsRequest{}, nil },
	"stackTrace": func() (godap.RequestMessage, any) {
		r := &godap.StackTraceRequest{}
		return r, &r.Arguments
	},
	"scopes": func() (godap.RequestMessage, any) {
		r := &godap.ScopesRequest{}
		return r, &r.Arguments
	},
	"variables": func() (godap.RequestMessage, any) {
		r := &godap.VariablesRequest{}
		return r, &r.Arguments
	},
}

// fastDecode decodes raw if it is a well-formed request of fastRequests,
// into what go-dap's codec gives for it; ok is false otherwise.
func fastDecode(raw []byte) (godap.RequestMessage, bool) {
	var m fastEnvelope
	if !json.Valid(raw) || !utf8.Valid(raw) || gojson.Unmarshal(raw, &m) != nil || m.Type != "request" || m.Arguments.n > 1 {
		return nil, false
	}
	ctor := fastRequests[m.Command]
	if ctor == nil {
		return nil, false
	}
	req, args := ctor()
	if args != nil && m.Arguments.n == 1 {
		if err := gojson.Unmarshal(m.Arguments.raw, args); err != nil {
			return nil, false
		}
	}
	r := req.GetRequest()
	r.Seq, r.Type, r.Command = m.Seq, m.Type, m.Command
	return req, true
}
