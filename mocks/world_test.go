package mocks

import (
	"strings"
	"testing"
)

// TestDerive checks which keys each mode mocks, the mock names, the load
// order rule (the original order, each mock just before its first
// consumer), the providers consumers see, and the refusals.
func TestDerive(t *testing.T) {
	const app = `
service Database { fn query(sql: Str) -> Opt[Str] }
service Log { emission fn write(line: Str) }
service KV { fn get(key: Str) -> Opt[Str] }
component Audit requires log: Log { emit log.write("audit") }
component Store requires db: Database provides kv: KV {
  provide kv { fn get(key) = db.query(key) }
}
component Api requires kv: KV, log: Log, db: Database { emit log.write("api") }
`
	cases := []struct {
		name      string
		src       string
		mode      Mode
		loadOrder string // of the world
		mocks     string // Name [standby] per mock
		providers string // consumer.key=provider for every required key
		err       string
	}{
		{name: "schedule", src: app, mode: ScheduleWorld,
			loadOrder: "_RevlMock_Log_log, Audit, _RevlMock_Database_db, Store, Api",
			mocks:     "_RevlMock_Log_log, _RevlMock_Database_db",
			providers: "Audit.log=_RevlMock_Log_log Store.db=_RevlMock_Database_db Api.kv=Store Api.log=_RevlMock_Log_log Api.db=_RevlMock_Database_db"},
		{name: "lifecycle", src: app, mode: LifecycleWorld,
			loadOrder: "_RevlMock_Log_log, Audit, _RevlMock_Database_db, Store, _RevlMock_KV_kv, Api",
			mocks:     "_RevlMock_Log_log, _RevlMock_Database_db, _RevlMock_KV_kv standby",
			providers: "Audit.log=_RevlMock_Log_log Store.db=_RevlMock_Database_db Api.kv=Store Api.log=_RevlMock_Log_log Api.db=_RevlMock_Database_db"},
		{name: "nothing to mock", mode: ScheduleWorld, src: `
service Log { emission fn write(line: Str) }
component Sink provides log: Log { provide log { fn write(line) { } } }
component A requires log: Log { emit log.write("A up") }
`, loadOrder: "Sink, A", mocks: "", providers: "A.log=Sink"},
		{name: "services disagree", mode: ScheduleWorld, src: `
service Log { emission fn write(line: Str) }
service Db { fn q() -> Int }
component A requires x: Log { emit x.write("a") }
component B requires x: Db { let n = effect x.q() undo null }
`, err: `key "x" is required as Log by A and as Db by B`},
		{name: "name taken", mode: ScheduleWorld, src: `
service Log { emission fn write(line: Str) }
component _RevlMock_Log_log { }
component A requires log: Log { emit log.write("a") }
`, err: "component _RevlMock_Log_log already exists"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := source(t, c.name+".rvl", c.src)
			w, err := Derive(p, c.mode)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			order := make([]string, len(w.Program.LoadOrder))
			for i, comp := range w.Program.LoadOrder {
				order[i] = comp.Name
				if comp.LoadIndex != i {
					t.Errorf("%s has LoadIndex %d at %d", comp.Name, comp.LoadIndex, i)
				}
			}
			if got := strings.Join(order, ", "); got != c.loadOrder {
				t.Errorf("load order %s, want %s", got, c.loadOrder)
			}
			var ms []string
			for _, m := range w.Mocks {
				s := m.Name
				if m.Standby {
					s += " standby"
				}
				ms = append(ms, s)
				if w.Program.CompByName[m.Name] != m.Component || !m.Component.IsMock() {
					t.Errorf("%s is not the world's component", m.Name)
				}
				// The teardown gate: a mock waits for its consumers.
				if !m.Standby {
					var deps []string
					for _, d := range w.Program.Dependents(m.Component) {
						deps = append(deps, d.Name)
					}
					if strings.Join(deps, ",") != strings.Join(m.Consumers, ",") {
						t.Errorf("%s: dependents %v, consumers %v", m.Name, deps, m.Consumers)
					}
				}
			}
			if got := strings.Join(ms, ", "); got != c.mocks {
				t.Errorf("mocks %s, want %s", got, c.mocks)
			}
			var provs []string
			for _, comp := range w.Program.LoadOrder {
				for _, k := range comp.Requires {
					if k.Component != comp {
						t.Errorf("%s.%s belongs to %v", comp.Name, k.Name, k.Component.Name)
					}
					pn := "none"
					if k.Provider != nil {
						pn = k.Provider.Name
						if w.Program.CompByName[pn] != k.Provider {
							t.Errorf("%s.%s: provider %s is not a world component", comp.Name, k.Name, pn)
						}
					}
					provs = append(provs, comp.Name+"."+k.Name+"="+pn)
				}
			}
			if got := strings.Join(provs, " "); got != c.providers {
				t.Errorf("providers %s, want %s", got, c.providers)
			}
			// The original program is untouched.
			for _, comp := range p.Components {
				if comp.IsMock() {
					t.Errorf("the original has a mock %s", comp.Name)
				}
				for _, k := range comp.Requires {
					if k.Provider != nil && k.Provider.IsMock() {
						t.Errorf("the original's %s.%s now points at %s", comp.Name, k.Name, k.Provider.Name)
					}
				}
			}
			for i, comp := range p.LoadOrder {
				if comp.LoadIndex != i {
					t.Errorf("the original's %s moved to %d", comp.Name, comp.LoadIndex)
				}
			}
		})
	}
}
