package dap

import (
	"reflect"
	"testing"

	godap "github.com/google/go-dap"
)

// TestFastDecode checks fastDecode against go-dap's codec: a message it
// decodes is decoded by the codec into the same request, and the messages
// it leaves to the codec are the ones listed.
func TestFastDecode(t *testing.T) {
	codec := godap.NewCodec()
	tests := []struct {
		name string
		msg  string
		fast bool // fastDecode takes it
	}{
		{"stackTrace", `{"seq":3,"type":"request","command":"stackTrace","arguments":{"threadId":1,"startFrame":0,"levels":20}}`, true},
		{"stackTrace format", `{"seq":3,"type":"request","command":"stackTrace","arguments":{"threadId":1,"format":{"hex":true}}}`, true},
		{"scopes", `{"seq":4,"type":"request","command":"scopes","arguments":{"frameId":1000}}`, true},
		{"variables", `{"seq":5,"type":"request","command":"variables","arguments":{"variablesReference":7,"filter":"indexed","start":100,"count":50}}`, true},
		{"threads", `{"seq":6,"type":"request","command":"threads"}`, true},
		{"threads with arguments", `{"seq":6,"type":"request","command":"threads","arguments":5}`, true},
		{"no arguments", `{"seq":7,"type":"request","command":"scopes"}`, true},
		{"null arguments", `{"seq":7,"type":"request","command":"scopes","arguments":null}`, true},
		{"keys in another case", `{"Seq":8,"TYPE":"request","Command":"scopes","Arguments":{"frameid":3}}`, true},
		{"unknown fields", `{"seq":9,"type":"request","command":"variables","x":[1,{}],"arguments":{"variablesReference":2,"y":null}}`, true},
		{"arguments twice", `{"seq":3,"type":"request","command":"scopes","arguments":{"frameId":1},"arguments":{}}`, false},
		{"arguments of a wrong type", `{"seq":3,"type":"request","command":"scopes","arguments":{"frameId":"one"}}`, false},
		{"arguments not an object", `{"seq":3,"type":"request","command":"stackTrace","arguments":[]}`, false},
		{"seq of a wrong type", `{"seq":"3","type":"request","command":"threads"}`, false},
		{"success of a wrong type", `{"seq":3,"type":"request","command":"threads","success":"yes"}`, false},
		{"event of a wrong type", `{"seq":3,"type":"request","command":"threads","event":1}`, false},
		{"another command", `{"seq":3,"type":"request","command":"next","arguments":{"threadId":1}}`, false},
		{"unknown command", `{"seq":3,"type":"request","command":"nope"}`, false},
		{"a response", `{"seq":3,"type":"response","command":"threads","success":true}`, false},
		{"not JSON", `{"seq":3,`, false},
		{"not an object", `[1]`, false},
		// What encoding/json refuses, which goccy/go-json must not take.
		{"a fraction for an int", `{"seq":3,"type":"request","command":"scopes","arguments":{"frameId":1.0}}`, false},
		{"an exponent for an int", `{"seq":3,"type":"request","command":"scopes","arguments":{"frameId":1e2}}`, false},
		{"an int too large", `{"seq":3,"type":"request","command":"scopes","arguments":{"frameId":99999999999999999999}}`, false},
		{"a bool for an int", `{"seq":3,"type":"request","command":"scopes","arguments":{"frameId":true}}`, false},
		{"an exponent for seq", `{"seq":3e0,"type":"request","command":"scopes","arguments":{"frameId":1}}`, false},
		{"a number for a bool", `{"seq":3,"type":"request","command":"stackTrace","arguments":{"threadId":1,"format":{"hex":1}}}`, false},
		{"bad JSON in an unknown field", `{"tYpe":"request","CommAnd":"scopes","":{""}}`, false},
		// encoding/json replaces invalid UTF-8 with U+FFFD, goccy/go-json
		// keeps the bytes: the codec decodes such a message.
		{"invalid UTF-8", "{\"seq\":3,\"type\":\"request\",\"command\":\"variables\",\"arguments\":{\"variablesReference\":1,\"filter\":\"a\xffb\"}}", false},
		// What both take, the same.
		{"minus zero", `{"seq":3,"type":"request","command":"scopes","arguments":{"frameId":-0}}`, true},
		{"escapes", `{"seq":3,"type":"request","command":"sco\u0070es","arguments":{"variablesReference":1,"filter":"ind\u0065xed"}}`, true},
		{"a lone surrogate", `{"seq":3,"type":"request","command":"variables","arguments":{"variablesReference":1,"filter":"\ud800x"}}`, true},
		{"a null format", `{"seq":3,"type":"request","command":"stackTrace","arguments":{"threadId":1,"format":null}}`, true},
		{"a large int", `{"seq":3,"type":"request","command":"stackTrace","arguments":{"threadId":2147483648000,"levels":-5}}`, true},
		{"white space", " {\"seq\":3,\"type\":\"request\",\"command\":\"scopes\",\"arguments\":{\"frameId\":1}} \n", true},
		{"a key twice", `{"seq":3,"type":"request","command":"scopes","arguments":{"frameId":1,"FRAMEID":2},"seq":4}`, true},
		{"nulls", `{"seq":null,"type":"request","command":"scopes","arguments":{"frameId":null}}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := fastDecode([]byte(tt.msg))
			if ok != tt.fast {
				t.Fatalf("fastDecode ok = %v, want %v", ok, tt.fast)
			}
			if !ok {
				return
			}
			want, err := codec.DecodeMessage([]byte(tt.msg))
			if err != nil {
				t.Fatalf("fastDecode took a message go-dap refuses: %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("fastDecode = %#v\ngo-dap    = %#v", got, want)
			}
		})
	}
}

// FuzzFastDecode: whatever fastDecode takes, go-dap decodes the same.
func FuzzFastDecode(f *testing.F) {
	f.Add([]byte(`{"seq":3,"type":"request","command":"stackTrace","arguments":{"threadId":1,"levels":20}}`))
	f.Add([]byte(`{"seq":5,"type":"request","command":"variables","arguments":{"variablesReference":7}}`))
	f.Add([]byte(`{"seq":3,"type":"request","command":"scopes","arguments":{"frameId":1},"Arguments":{}}`))
	f.Add([]byte("{\"seq\":5,\"type\":\"request\",\"command\":\"variables\",\"arguments\":{\"variablesReference\":7,\"filter\":\"\xff\"}}"))
	codec := godap.NewCodec()
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, ok := fastDecode(raw)
		if !ok {
			return
		}
		want, err := codec.DecodeMessage(raw)
		if err != nil {
			t.Fatalf("fastDecode took %q, which go-dap refuses: %v", raw, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: fastDecode = %#v, go-dap = %#v", raw, got, want)
		}
	})
}
