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
