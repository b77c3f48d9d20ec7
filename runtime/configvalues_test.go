package runtime

import (
	"slices"
	"strings"
	"testing"
)

// TestConfigValues: values given from outside the program (--config) are
// typed by their field, activate components that nothing loads with a
// config, and lose to a lifecycle test's `with`.
func TestConfigValues(t *testing.T) {
	const src = `component Store {
  config { url: Str, size: Int = 2, ratio: Float = 1.5, on: Bool = false }
  let pool = effect Pool.open(config.url, config.size) undo pool.close()
  fail config.on ? "on" : "off"
}
lifecycle test "with wins" {
  load Store with { url: "pg://with" }
}`
	prog := program(t, "cfg.rvl", src)
	for _, tc := range []struct {
		name   string
		values []string
		host   string // the pool's trace line, for an activation that opened one
		err    string // New's error
	}{
		{"none: the activation fails", nil, "", ""},
		{"url", []string{"Store.url=pg://x"}, "pool#1.open pg://x", ""},
		{"every type", []string{"Store.url=pg://y", "Store.size=3", "Store.ratio=2", "Store.on=true"}, "pool#1.open pg://y", ""},
		{"a bad Int", []string{"Store.size=x"}, "", "config Store.size=x: want an Int"},
		{"a bad Bool", []string{"Store.on=yes"}, "", "config Store.on=yes: want true or false"},
		{"an unknown field", []string{"Store.port=1"}, "", `component Store has no config field "port"`},
		{"an unknown component", []string{"Db.url=x"}, "", `no component "Db"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var given []ConfigValue
			for _, v := range tc.values {
				cv, err := ParseConfigValue(v)
				if err != nil {
					t.Fatal(err)
				}
				given = append(given, cv)
			}
			m, err := New(prog, Options{Config: given})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("New: %v, want an error containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var host []string
			m.SetSink(func(e Event) {
				if e.Kind == EvHost {
					host = append(host, e.Text)
				}
			})
			_ = m.Run(Atom{Kind: Activate, Fiber: "Store"})
			if tc.host == "" && len(host) > 0 || tc.host != "" && !slices.Contains(host, tc.host) {
				t.Fatalf("host trace %q, want %q", host, tc.host)
			}
			if got := MissingConfig(prog, given); tc.host != "" && len(got) > 0 || tc.host == "" && !slices.Equal(got, []string{"Store.url"}) {
				t.Fatalf("MissingConfig = %q", got)
			}
			// The lifecycle test's `with` wins over the given url.
			r := RunTests(prog, Options{Config: given})[0]
			var opened string
			for _, e := range r.Events {
				if e.Kind == EvHost && strings.Contains(e.Text, ".open") {
					opened = e.Text
				}
			}
			if opened != "pool#1.open pg://with" {
				t.Fatalf("the test opened %q, want pool#1.open pg://with", opened)
			}
		})
	}
	for _, bad := range []string{"url=x", "Store.=x", ".url=x", "Store.url"} {
		if _, err := ParseConfigValue(bad); err == nil {
			t.Errorf("ParseConfigValue(%q) accepted", bad)
		}
	}
}
