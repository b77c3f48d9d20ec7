package dap

import (
	"encoding/json"
	"reflect"
	"testing"

	godap "github.com/google/go-dap"
)

// generalDecode is the general path of dispatchRaw for a request: the
// envelope, then go-dap's decoding; nil when it refuses the message.
func generalDecode(raw []byte) godap.RequestMessage {
	var head struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(raw, &head) != nil || head.Type != "request" {
		return nil
	}
	m, err := newSession(nil, Options{}).codec.DecodeMessage(raw)
	if err != nil {
		return nil
	}
	r, _ := m.(godap.RequestMessage)
	return r
}

// checkFast fails when the fast path decodes raw into anything but what
// the general path decodes it into.
func checkFast(t *testing.T, raw []byte) (fast bool) {
	t.Helper()
	got := fastDecode(raw)
	if got == nil {
		return false
	}
	want := generalDecode(raw)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("fastDecode(%s) = %#v; the general path gives %#v", raw, got, want)
	}
	return true
}

// TestFastDecode: the requests of a stop take the fast path, and give
// what encoding/json and go-dap give; what the fast path does not read
// exactly (case, escapes, numbers encoding/json rounds or refuses, nulls,
// duplicates, unknown keys, other commands) goes to the general path.
func TestFastDecode(t *testing.T) {
	cases := []struct {
		raw  string
		fast bool
	}{
		{`{"arguments":{"threadId":1},"command":"stackTrace","seq":5,"type":"request"}`, true},
		{`{"command":"stackTrace","arguments":{"threadId":3,"startFrame":0,"levels":20},"type":"request","seq":12}`, true},
		{" {\n\t\"seq\" : 7 , \"type\":\"request\",\"command\":\"scopes\",\"arguments\":{ \"frameId\" : 1 } }\r\n", true},
		{`{"seq":8,"type":"request","command":"variables","arguments":{"variablesReference":4,"filter":"indexed","start":100,"count":50}}`, true},
		{`{"seq":9,"type":"request","command":"variables","arguments":{"variablesReference":-2}}`, true},
		{`{"seq":9,"type":"request","command":"variables","arguments":{}}`, true},
		{`{"seq":9,"type":"request","command":"variables"}`, true},
		{`{"seq":10,"type":"request","command":"threads"}`, true},
		{`{"type":"request","command":"scopes","arguments":{"frameId":0}}`, true},
		{`{"seq":-0,"type":"request","command":"scopes","arguments":{"frameId":999999999999999}}`, true},

		{`{"seq":10,"type":"request","command":"threads","arguments":{}}`, false},
		{`{"seq":1,"type":"request","command":"next","arguments":{"threadId":1}}`, false},
		{`{"seq":1,"type":"response","command":"scopes","arguments":{"frameId":1}}`, false},
		{`{"seq":1,"command":"scopes","arguments":{"frameId":1}}`, false},
		{`{"seq":1,"type":"request","Command":"scopes","arguments":{"frameId":1}}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"FrameId":1}}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":1,"frameId":2}}`, false},
		{`{"seq":1,"seq":2,"type":"request","command":"scopes","arguments":{"frameId":1}}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":1.0}}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":1e0}}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":01}}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":9999999999999999999}}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":null}}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":"1"}}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":null}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":1,"x":2}}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":1},"event":"x"}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":1},"success":"yes"}`, false},
		{`{"seq":1,"type":"request","command":"sc\u006fpes","arguments":{"frameId":1}}`, false},
		{`{"seq":1,"type":"request","command":"variables","arguments":{"variablesReference":1,"filter":"na\u006ded"}}`, false},
		{"{\"seq\":1,\"type\":\"request\",\"command\":\"variables\",\"arguments\":{\"variablesReference\":1,\"filter\":\"\xff\"}}", false},
		{`{"seq":1,"type":"request","command":"stackTrace","arguments":{"threadId":1,"format":{"line":true}}}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":1}} x`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":1},}`, false},
		{`{"seq":1,"type":"request","command":"scopes","arguments":{"frameId":1}`, false},
		{`{"seq":1 "type":"request","command":"scopes"}`, false},
		{`[]`, false},
		{``, false},
	}
	for _, c := range cases {
		if got := checkFast(t, []byte(c.raw)); got != c.fast {
			t.Errorf("fastDecode(%s): fast path %v, want %v", c.raw, got, c.fast)
		}
	}
}

// FuzzFastDecode: on any input the fast path accepts, it decodes what
// the general path decodes.
func FuzzFastDecode(f *testing.F) {
	for _, s := range []string{
		`{"arguments":{"threadId":1},"command":"stackTrace","seq":5,"type":"request"}`,
		`{"seq":8,"type":"request","command":"variables","arguments":{"variablesReference":4,"filter":"indexed","start":100,"count":50}}`,
		`{"seq":7,"type":"request","command":"scopes","arguments":{"frameId":1}}`,
		`{"seq":10,"type":"request","command":"threads"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) { checkFast(t, raw) })
}
