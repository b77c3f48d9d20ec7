"use strict";
(() => {
  // src/timeline/model.ts
  var num = (v, d) => typeof v === "number" && Number.isFinite(v) ? v : d;
  var str = (v, d = "") => typeof v === "string" ? v : d;
  var arr = (v) => Array.isArray(v) ? v : [];
  function obj(v) {
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  }
  function normResidue(v) {
    const r = obj(v);
    if (!("registry" in r) && !("effects" in r) && !("unreleased" in r)) return void 0;
    return {
      registry: num(r.registry, 0),
      provisions: num(r.provisions, 0),
      effects: num(r.effects, 0),
      listeners: num(r.listeners, 0),
      unreleased: num(r.unreleased, 0)
    };
  }
  function normDecision(v, i) {
    const d = obj(v);
    const atom = str(d.atom);
    const m = /^(activate|teardown)\((.*)\)$/.exec(atom);
    const ready = arr(d.ready).map((r) => ({
      label: str(r.label),
      kind: str(r.kind),
      fiber: str(r.fiber),
      lane: num(r.lane, -1)
    }));
    const chosen = num(d.chosen, 0);
    return {
      index: num(d.index, i),
      ready,
      chosen,
      canonical: typeof d.canonical === "boolean" ? d.canonical : chosen === 0,
      atom,
      kind: str(d.kind, m ? m[1] : ""),
      fiber: str(d.fiber, m ? m[2] : ""),
      lane: num(d.lane, -1),
      error: typeof d.error === "string" && d.error !== "" ? d.error : void 0,
      first_seq: num(d.first_seq, 0),
      last_seq: num(d.last_seq, 0),
      events: num(d.events, 0),
      time_start_ms: num(d.time_start_ms, 0),
      time_end_ms: num(d.time_end_ms, 0),
      marks: arr(d.marks).map((k) => ({
        seq: num(k.seq, 0),
        kind: str(k.kind),
        fiber: str(k.fiber),
        text: str(k.text),
        line: typeof k.line === "number" ? k.line : void 0,
        col: typeof k.col === "number" ? k.col : void 0
      })),
      residue: normResidue(d.residue)
    };
  }
  function normalizeTimeline(raw) {
    let t = obj(raw);
    if (!Array.isArray(t.decisions) && t.timeline && typeof t.timeline === "object") t = obj(t.timeline);
    if (!Array.isArray(t.decisions)) {
      throw new Error('not a revl timeline: expected an object with a "decisions" array');
    }
    const h2 = obj(t.header);
    const header = t.header ? {
      program: str(h2.program),
      fibers: arr(h2.fibers).map(String),
      seeded: h2.seeded === true,
      seed: num(h2.seed, 0),
      choices: Array.isArray(h2.choices) ? h2.choices : void 0,
      redacted: h2.redacted === true,
      recorder: typeof h2.recorder === "string" ? h2.recorder : void 0
    } : void 0;
    const decisions = t.decisions.map(normDecision);
    let lanes = arr(t.lanes).map((l, i) => ({
      index: num(l.index, i),
      fiber: str(l.fiber),
      activated: num(l.activated, -1),
      torn_down: num(l.torn_down, -1),
      state: str(l.state),
      error: typeof l.error === "string" && l.error ? l.error : void 0
    }));
    if (lanes.length === 0) {
      const names = header?.fibers.length ? [...header.fibers] : [];
      for (const d of decisions) if (d.fiber && !names.includes(d.fiber)) names.push(d.fiber);
      lanes = names.map((fiber, index) => ({ index, fiber, activated: -1, torn_down: -1, state: "" }));
    }
    const byName = new Map(lanes.map((l) => [l.fiber, l]));
    for (const d of decisions) {
      if (d.lane < 0 || d.lane >= lanes.length) d.lane = byName.get(d.fiber)?.index ?? -1;
      for (const r of d.ready) if (r.lane < 0) r.lane = byName.get(r.fiber)?.index ?? -1;
      const l = lanes[d.lane];
      if (!l) continue;
      if (d.kind === "activate" && l.activated < 0) l.activated = d.index;
      if (d.kind === "teardown" && l.torn_down < 0) l.torn_down = d.index;
    }
    const s = t.summary ? obj(t.summary) : void 0;
    const summary = s ? {
      decisions: num(s.decisions, decisions.length),
      events: num(s.events, 0),
      choices: arr(s.choices),
      stop: str(s.stop),
      final: obj(s.final),
      compared: s.compared === true,
      findings: arr(s.findings).map((f) => ({
        tag: str(f.tag),
        message: str(f.message),
        divergence: num(f.divergence, -1)
      })),
      signature: typeof s.signature === "string" ? s.signature : void 0,
      comparison: s.comparison ? obj(s.comparison) : void 0
    } : void 0;
    const pos = t.position ?? t.current ?? t.decision;
    return {
      program: str(t.program, header?.program ?? ""),
      header,
      lanes,
      decisions,
      summary,
      hasResidue: decisions.some((d) => d.residue !== void 0),
      hasChoices: decisions.some((d) => d.ready.length > 0),
      position: typeof pos === "number" ? clampPosition(pos, decisions.length) : -1,
      complete: t.complete !== false
    };
  }
  function clampPosition(p, n) {
    if (!Number.isFinite(p)) return -1;
    return Math.max(-1, Math.min(n - 1, Math.trunc(p)));
  }
  var LANE_GLYPH = {
    "pending": ".",
    "activated": "^",
    "active": "|",
    "torn-down": "v",
    "down": " ",
    "failed": "!",
    "atom-failed": "X"
  };
  function laneStates(m) {
    const out = m.lanes.map(() => []);
    const cur = m.lanes.map(() => "pending");
    for (const d of m.decisions) {
      for (let l = 0; l < m.lanes.length; l++) {
        let s;
        if (d.lane === l) {
          if (d.error) s = "atom-failed";
          else s = d.kind === "teardown" ? "torn-down" : "activated";
          cur[l] = d.error ? d.kind === "teardown" ? "down" : "failed" : d.kind === "teardown" ? "down" : "active";
        } else {
          s = cur[l];
        }
        out[l].push(s);
      }
    }
    return out;
  }
  function residueTotal(r) {
    if (!r) return 0;
    return r.registry + r.provisions + r.effects + r.listeners + r.unreleased;
  }
  function residueText(r) {
    if (!r) return "";
    return `${r.registry}/${r.provisions}/${r.effects}/${r.listeners}/${r.unreleased}`;
  }
  function divergence(m) {
    const offCanonical = m.decisions.filter((d) => m.hasChoices && !d.canonical).map((d) => d.index);
    const firstChoice = offCanonical.length ? offCanonical[0] : -1;
    const c = m.summary?.comparison;
    const emissionDecision = c && c.divergence >= 0 ? num(c.got_decision, -1) : -1;
    let text;
    if (c && c.divergence >= 0) {
      text = `first divergent emission #${c.divergence}: ${c.got ?? "(none)"} at decision ${c.got_decision}, canonical ${c.canonical ?? "(none)"} at decision ${c.canonical_decision}`;
    } else if (m.summary?.compared) {
      text = "the emissions match the canonical run";
    } else if (firstChoice >= 0) {
      text = `parts from the canonical choices at decision ${firstChoice}`;
    } else if (m.hasChoices) {
      text = "this is the canonical run";
    } else {
      text = "";
    }
    return { offCanonical, firstChoice, emissionDecision, text };
  }
  function scheduleText(m) {
    const parts = [];
    if (m.header) {
      if (m.header.seeded) parts.push(`seed ${m.header.seed}`);
      else if (m.header.choices && m.header.choices.length) parts.push(`choices [${m.header.choices.join(", ")}]`);
      else parts.push("canonical");
    }
    const taken = choicesTaken(m);
    if (taken.length) parts.push(`taken [${taken.join(", ")}]`);
    return parts.join(" \xB7 ");
  }
  function choicesTaken(m) {
    if (m.summary && m.summary.choices.length) return m.summary.choices;
    if (!m.hasChoices) return [];
    return m.decisions.map((d) => d.chosen);
  }
  function markText(k) {
    switch (k.kind) {
      case "emission":
        return `emit ${k.text}`;
      case "publish":
        return `provide ${k.text}`;
      case "withdraw":
        return `withdraw ${k.text}`;
      case "acquire":
        return `+ ${k.text}`;
      case "release":
        return `- ${k.text}`;
      case "failure":
        return `FAIL ${k.text}`;
      case "timer":
        return `timer ${k.text}`;
      case "not-live":
        return `use after withdrawal ${k.text}`;
      default:
        return `${k.kind} ${k.text}`;
    }
  }
  function decisionLabel(m, d) {
    let s = `decision ${d.index}: ${d.atom || "?"}`;
    if (m.hasChoices && d.ready.length) {
      s += `, choice ${d.chosen} of ${d.ready.length}`;
      if (!d.canonical) s += ", not the canonical choice";
    }
    if (d.error) s += `, failed: ${d.error}`;
    const em = d.marks.filter((k) => k.kind === "emission");
    if (em.length) s += `, emits ${em.map((k) => k.text).join(", ")}`;
    if (d.residue) s += `, residue ${residueText(d.residue)}`;
    return s;
  }
  function windowAround(n, focus, size) {
    if (n <= size) return [0, n];
    const f = Math.max(0, Math.min(n - 1, focus));
    let from = Math.max(0, f - Math.floor(size / 2));
    const to = Math.min(n, from + size);
    from = Math.max(0, to - size);
    return [from, to];
  }

  // src/timeline/webview.ts
  var api = typeof acquireVsCodeApi === "function" ? acquireVsCodeApi() : { postMessage: () => void 0, getState: () => void 0, setState: () => void 0 };
  var post = (m) => api.postMessage(m);
  var MAX_COLUMNS = 200;
  var st = {
    model: void 0,
    source: "debug",
    title: "",
    note: "",
    ended: false,
    /** The selected decision: the keyboard focus and the details pane. */
    focus: -1
  };
  function h(tag, attrs = {}, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === void 0 || v === false) continue;
      el.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children) {
      if (c === null || c === void 0 || c === false) continue;
      el.append(typeof c === "string" ? document.createTextNode(c) : c);
    }
    return el;
  }
  var STATE_TEXT = {
    "pending": "pending",
    "activated": "activated here",
    "active": "active",
    "torn-down": "torn down here",
    "down": "down",
    "failed": "failed",
    "atom-failed": "its atom failed here"
  };
  function baseName(p) {
    const i = Math.max(p.lastIndexOf("/"), p.lastIndexOf("\\"));
    return i >= 0 ? p.slice(i + 1) : p;
  }
  function renderSummary(m) {
    const root = document.getElementById("summary");
    root.replaceChildren();
    const dv = divergence(m);
    const title = st.title || baseName(m.program) || "revl timeline";
    root.append(
      h(
        "h1",
        {},
        title,
        h("span", { class: `badge ${st.source}` }, st.source === "debug" ? st.ended ? "session ended" : "live" : "trace")
      )
    );
    const sched = scheduleText(m);
    const facts = h(
      "p",
      { class: "schedule" },
      sched ? h("span", {}, sched) : null,
      h("span", {}, ` \xB7 ${m.decisions.length} decisions`),
      m.summary && m.summary.stop ? h("span", {}, ` \xB7 ended: ${m.summary.stop}`) : null,
      !m.complete ? h("span", { class: "warn" }, " \xB7 the trace is incomplete") : null
    );
    root.append(facts);
    const findings = m.summary?.findings ?? [];
    if (findings.length) {
      root.append(h(
        "ul",
        { class: "findings", "aria-label": "Findings" },
        ...findings.map((f) => h("li", { class: "finding" }, h("strong", {}, f.tag), ": ", f.message))
      ));
    } else if (m.summary?.compared) {
      root.append(h("p", { class: "ok" }, "no findings: every property holds"));
    }
    if (dv.text) root.append(h("p", { class: "divergence-text" }, dv.text));
    if (st.note) root.append(h("p", { class: "note" }, st.note));
    const tools = h("div", { class: "tools" });
    const copy = h("button", { type: "button", id: "copy-replay" }, "Copy replay command");
    copy.addEventListener("click", () => post({ type: "copyReplay" }));
    tools.append(copy);
    if (st.source === "trace") {
      const dbg = h("button", { type: "button", id: "debug-trace" }, "Debug this trace");
      dbg.addEventListener("click", () => post({ type: "debugTrace" }));
      tools.append(dbg);
    }
    tools.append(h(
      "span",
      { class: "legend", "aria-hidden": "true" },
      "^ activated  | active  v torn down  . pending  ! failed  X atom failed  * not the canonical choice"
    ));
    root.append(tools);
  }
  function renderTable(m) {
    const root = document.getElementById("timeline");
    root.replaceChildren();
    const n = m.decisions.length;
    if (n === 0) {
      root.append(h("p", { class: "empty" }, "No decisions yet."));
      return;
    }
    const dv = divergence(m);
    const off = new Set(dv.offCanonical);
    const states = laneStates(m);
    const [from, to] = windowAround(n, st.focus < 0 ? Math.max(0, m.position) : st.focus, MAX_COLUMNS);
    const maxRes = Math.max(1, ...m.decisions.map((d) => residueTotal(d.residue)));
    if (from > 0 || to < n) {
      root.append(h("p", { class: "window" }, `decisions ${from}\u2013${to - 1} of ${n} (move the selection to scroll)`));
    }
    const table = h("table", { class: "tl", role: "grid", "aria-label": `Timeline of ${n} decisions; a row per fiber, a column per decision`, "aria-rowcount": m.lanes.length + 4, "aria-colcount": to - from + 1 });
    const colClass = (d) => {
      const c = ["col"];
      if (off.has(d.index)) c.push("off-canonical");
      if (d.index === dv.emissionDecision) c.push("diverges");
      if (d.index === m.position) c.push("current");
      if (d.index === st.focus) c.push("selected");
      if (d.error) c.push("error");
      return c.join(" ");
    };
    const head = h("tr", {}, h("th", { scope: "col", class: "rowhead" }, "decision"));
    for (let k = from; k < to; k++) {
      const d = m.decisions[k];
      const btn = h("button", {
        type: "button",
        class: "dec",
        "data-index": k,
        tabindex: k === Math.max(st.focus, from) ? 0 : -1,
        "aria-label": decisionLabel(m, d) + (k === m.position ? " (current position)" : ""),
        "aria-current": k === m.position ? "step" : void 0,
        title: decisionLabel(m, d)
      }, String(k), off.has(k) ? h("span", { class: "star", "aria-hidden": "true" }, "*") : null);
      head.append(h("th", { scope: "col", class: colClass(d), "data-index": k }, btn));
    }
    const thead = h("thead", {}, head);
    const tbody = h("tbody");
    m.lanes.forEach((lane, l) => {
      const tr = h(
        "tr",
        { class: "lane", "data-lane": l },
        h(
          "th",
          { scope: "row", class: "rowhead", title: lane.error ? `${lane.fiber}: ${lane.error}` : lane.fiber },
          lane.fiber,
          lane.state ? h("span", { class: `final s-${lane.state}` }, ` ${lane.state}`) : null
        )
      );
      for (let k = from; k < to; k++) {
        const s = states[l][k];
        const d = m.decisions[k];
        const atomHere = d.lane === l;
        tr.append(h("td", {
          class: `${colClass(d)} cell s-${s}${atomHere ? " atom" : ""}`,
          "data-index": k,
          title: `${lane.fiber} at decision ${k}: ${STATE_TEXT[s]}${atomHere ? ` (${d.atom})` : ""}`
        }, h("span", { class: "glyph", "aria-hidden": "true" }, LANE_GLYPH[s]), h("span", { class: "sr" }, STATE_TEXT[s])));
      }
      tbody.append(tr);
    });
    const emRow = h("tr", { class: "emissions" }, h("th", { scope: "row", class: "rowhead" }, "emissions"));
    for (let k = from; k < to; k++) {
      const d = m.decisions[k];
      const em = d.marks.filter((x) => x.kind === "emission");
      const other = d.marks.filter((x) => x.kind !== "emission");
      const td = h("td", { class: `${colClass(d)} marks`, "data-index": k, title: d.marks.map(markText).join("\n") });
      for (const e of em) td.append(h("span", { class: "emission", title: e.text }, "\u25CF", h("span", { class: "sr" }, e.text)));
      for (const o of other) td.append(h("span", { class: `mark k-${o.kind}`, title: markText(o) }, o.kind === "failure" ? "\u2715" : o.kind === "not-live" ? "\u26A0" : "\xB7", h("span", { class: "sr" }, markText(o))));
      emRow.append(td);
    }
    tbody.append(emRow);
    if (m.hasResidue) {
      const resRow = h("tr", { class: "residue" }, h("th", { scope: "row", class: "rowhead", title: "registry/provisions/effects/listeners/unreleased after each decision" }, "residue"));
      for (let k = from; k < to; k++) {
        const d = m.decisions[k];
        const total = residueTotal(d.residue);
        const bar = h("div", { class: "bar" });
        bar.style.height = `${Math.round(total / maxRes * 100)}%`;
        const td = h(
          "td",
          { class: `${colClass(d)} res`, "data-index": k, "data-total": total, title: `residue ${residueText(d.residue)} (reg/prov/eff/lis/unr)` },
          h("div", { class: "barbox", "aria-hidden": "true" }, bar),
          h("span", { class: "n" }, String(total))
        );
        resRow.append(td);
      }
      tbody.append(resRow);
    }
    if (m.hasChoices) {
      const canRow = h("tr", { class: "canonical" }, h("th", { scope: "row", class: "rowhead", title: "the choice against the canonical run (always index 0)" }, "vs canonical"));
      for (let k = from; k < to; k++) {
        const d = m.decisions[k];
        const same = d.canonical;
        const why = same ? "the canonical choice" : `choice ${d.chosen} of ${d.ready.length}; canonical: ${d.ready[0]?.label ?? "?"}`;
        canRow.append(h(
          "td",
          { class: `${colClass(d)} ${same ? "same" : "differs"}`, "data-index": k, title: why },
          same ? "" : `${d.chosen}`,
          h("span", { class: "sr" }, why)
        ));
      }
      tbody.append(canRow);
    }
    table.append(thead, tbody);
    table.addEventListener("click", (ev) => {
      const cell = ev.target.closest("[data-index]");
      if (!cell) return;
      const k = Number(cell.getAttribute("data-index"));
      select(k, false);
      go(k);
    });
    table.addEventListener("keydown", onKey);
    root.append(table);
  }
  function renderDetail(m) {
    const root = document.getElementById("detail");
    root.replaceChildren();
    const k = st.focus >= 0 ? st.focus : m.position;
    const d = m.decisions[k];
    if (!d) {
      root.append(h("p", { class: "empty" }, m.position < 0 && m.decisions.length ? "Before the first decision. Step forward, or pick a decision above." : ""));
      return;
    }
    root.append(h("h2", {}, `decision ${d.index}: ${d.atom}`, k === m.position ? h("span", { class: "badge here" }, "current") : null));
    const facts = [];
    if (d.ready.length) facts.push(`choice ${d.chosen} of ${d.ready.length}${d.canonical ? " (the canonical choice)" : " (not the canonical choice)"}`);
    facts.push(`events ${d.first_seq}\u2013${d.last_seq}`);
    facts.push(`virtual time ${d.time_start_ms}ms to ${d.time_end_ms}ms`);
    if (d.residue) facts.push(`residue ${residueText(d.residue)} (reg/prov/eff/lis/unr)`);
    root.append(h("p", { class: "facts" }, facts.join(" \xB7 ")));
    if (d.error) root.append(h("p", { class: "error-text" }, `failed: ${d.error}`));
    if (d.ready.length) {
      root.append(h("h3", {}, "ready set"));
      root.append(h("ol", { class: "ready", start: 0 }, ...d.ready.map((r, i) => h(
        "li",
        { class: i === d.chosen ? "chosen" : i === 0 ? "canonical" : "" },
        r.label,
        i === d.chosen ? " \u2190 taken" : "",
        i === 0 && !d.canonical ? " (canonical)" : ""
      ))));
    }
    if (d.marks.length) {
      root.append(h("h3", {}, "marks"));
      const ul = h("ul", { class: "marklist" });
      for (const mk of d.marks) {
        const li = h("li", { class: `k-${mk.kind}` }, markText(mk), ` (${mk.fiber})`);
        if (mk.line) {
          const b = h("button", { type: "button", class: "link", title: "Show in the program" }, `${mk.line}:${mk.col ?? 1}`);
          b.addEventListener("click", () => post({ type: "reveal", line: mk.line, col: mk.col }));
          li.append(" ", b);
        }
        ul.append(li);
      }
      root.append(ul);
    }
  }
  function render() {
    const m = st.model;
    document.getElementById("app").setAttribute("aria-busy", "false");
    if (!m) return;
    const hadFocus = document.activeElement?.classList.contains("dec");
    renderSummary(m);
    renderTable(m);
    renderDetail(m);
    if (hadFocus) focusButton(st.focus);
    document.body.dataset.position = String(m.position);
    document.body.dataset.decisions = String(m.decisions.length);
  }
  function focusButton(k) {
    const b = document.querySelector(`button.dec[data-index="${k}"]`);
    if (!b) return;
    document.querySelectorAll("button.dec").forEach((x) => x.setAttribute("tabindex", x === b ? "0" : "-1"));
    b.focus();
    b.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  function select(k, focus) {
    const m = st.model;
    if (!m || m.decisions.length === 0) return;
    const next = Math.max(0, Math.min(m.decisions.length - 1, k));
    const rerender = next !== st.focus;
    st.focus = next;
    if (rerender) {
      const button = document.querySelector(`button.dec[data-index="${next}"]`);
      if (!button) renderTable(m);
      else updateSelection();
      renderDetail(m);
    }
    if (focus) focusButton(next);
  }
  function updateSelection() {
    document.querySelectorAll(".selected").forEach((e) => e.classList.remove("selected"));
    document.querySelectorAll(`[data-index="${st.focus}"]`).forEach((e) => {
      if (e.tagName !== "BUTTON") e.classList.add("selected");
    });
  }
  function go(k) {
    const m = st.model;
    if (!m) return;
    if (st.source === "trace") {
      m.position = clampPosition(k, m.decisions.length);
      render();
    }
    post({ type: "gotoDecision", index: k });
  }
  function onKey(ev) {
    const t = ev.target;
    if (!t.classList.contains("dec")) return;
    const k = Number(t.getAttribute("data-index"));
    const n = st.model?.decisions.length ?? 0;
    let next;
    switch (ev.key) {
      case "ArrowRight":
        next = k + 1;
        break;
      case "ArrowLeft":
        next = k - 1;
        break;
      case "Home":
        next = 0;
        break;
      case "End":
        next = n - 1;
        break;
      case "PageDown":
        next = k + 10;
        break;
      case "PageUp":
        next = k - 10;
        break;
      case "Enter":
      case " ":
        ev.preventDefault();
        go(k);
        return;
      default:
        return;
    }
    ev.preventDefault();
    select(next, true);
  }
  function onMessage(msg) {
    switch (msg.type) {
      case "timeline": {
        try {
          const m = normalizeTimeline(msg.timeline);
          if (typeof msg.position === "number") m.position = clampPosition(msg.position, m.decisions.length);
          st.model = m;
          st.source = msg.source;
          st.title = msg.title ?? "";
          st.note = msg.note ?? "";
          st.ended = false;
          st.focus = m.position;
          render();
        } catch (e) {
          showError(String(e.message ?? e));
        }
        break;
      }
      case "position": {
        const m = st.model;
        if (!m) return;
        m.position = clampPosition(msg.decision, m.decisions.length);
        st.focus = m.position;
        render();
        break;
      }
      case "ended":
        st.ended = true;
        if (st.model) render();
        break;
      case "error":
        showError(msg.message);
        break;
    }
  }
  function showError(message) {
    document.getElementById("app").setAttribute("aria-busy", "false");
    const root = document.getElementById("summary");
    root.querySelector(".error-banner")?.remove();
    root.prepend(h("p", { class: "error-banner", role: "alert" }, message));
  }
  window.addEventListener("message", (ev) => onMessage(ev.data));
  post({ type: "ready" });
  window.revlTimeline = { state: st, choicesTaken: () => st.model ? choicesTaken(st.model) : [] };
})();
