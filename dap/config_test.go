package dap

import (
	"strings"
	"testing"
)

// TestLaunchConfig: the launch attribute `config` gives config fields as
// `revl test --config` does, typed by the field; a bad one refuses the
// launch with the reason.
func TestLaunchConfig(t *testing.T) {
	for _, tc := range []struct {
		name   string
		config any
		want   string // "" for a launch that succeeds
	}{
		{"valid", map[string]any{"Store.url": "pg://x", "Store.size": 3}, ""},
		{"wrong type", map[string]any{"Store.url": "pg://x", "Store.size": "big"}, "config Store.size=big: want an Int"},
		{"unknown field", map[string]any{"Store.port": 1}, `component Store has no config field "port"`},
		{"not a field name", map[string]any{"url": "x"}, `want "Component.field" keys`},
		{"a list value", map[string]any{"Store.url": []int{1}}, "want a string, number or boolean"},
		{"as flags", []string{"Store.url=pg://x", "Store.size=3"}, ""},
		{"a bad flag", []string{"Store.url"}, "want Component.field=value"},
		{"neither", 5, "'config' wants"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := start(t)
			args := map[string]any{"program": program("config.rvl"), "config": tc.config}
			if tc.want == "" {
				launch(t, c, args, nil)
				return
			}
			must(t)(c.Request("initialize", map[string]any{"adapterID": "revl"}))
			m := fails(t)(c.Request("launch", args))
			if msg, _ := m["message"].(string); !strings.Contains(msg, tc.want) {
				t.Fatalf("message %q, want it to contain %q", msg, tc.want)
			}
		})
	}
}
