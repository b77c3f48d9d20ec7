// The timeline webview's script (bundled to dist/timeline.js). It draws
// the schedule as a table: one row per fiber (lane), one column per
// decision, then rows for emissions, residue over time and the comparison
// with the canonical run; below, the details of the selected decision.
// Clicking a decision (or Enter on it) asks the debugger to go there; the
// extension answers with the new position. Everything is keyboard
// reachable: Tab reaches the decision headers, the arrow keys, Home, End,
// PageUp and PageDown move between them.

import {
  TimelineModel, Decision, readTimeline, laneStateAt, cellGlyph, atomFailedAt, STATE_TEXT, FINE_TEXT, residueTotal, residueText,
  divergenceText, scheduleText, markText, decisionLabel, windowAround, clampPosition, choicesTaken, Emitted,
  decisionAt, holds, pageTexts, pageRequest, PageWant,
} from './model';
import type { ToWebview, FromWebview } from './protocol';

interface VsCodeApi {
  postMessage(m: unknown): void;
  getState(): unknown;
  setState(s: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const api: VsCodeApi = typeof acquireVsCodeApi === 'function'
  ? acquireVsCodeApi()
  : { postMessage: () => undefined, getState: () => undefined, setState: () => undefined };

const post = (m: FromWebview) => api.postMessage(m);

/** Columns drawn at once; a longer run shows a window around the selection. */
const MAX_COLUMNS = 200;

const st = {
  model: undefined as TimelineModel | undefined,
  source: 'debug' as 'debug' | 'trace',
  title: '',
  note: '',
  ended: false,
  /** The selected decision: the keyboard focus and the details pane. */
  focus: -1,
  /** A page asked for and not answered yet (one at a time). */
  asked: undefined as PageWant | undefined,
};

/** ask requests a page of a paged timeline from the extension, once until it answers. */
function ask(want: PageWant) {
  const m = st.model;
  // Pages come from revl-dap; a trace file's view is what `revl trace show --json` printed.
  if (!m || st.asked || st.source !== 'debug' || !pageRequest(m, want)) return;
  st.asked = want;
  post({ type: 'page', want });
  renderSummary(m); // the controls wait for the answer
}

type Child = Node | string | null | undefined | false;

function h(tag: string, attrs: Record<string, string | number | boolean | undefined> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return el;
}

function baseName(p: string): string {
  const i = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
  return i >= 0 ? p.slice(i + 1) : p;
}

function renderSummary(m: TimelineModel) {
  const root = document.getElementById('summary')!;
  root.replaceChildren();
  const title = st.title || baseName(m.program) || 'revl timeline';
  root.append(
    h('h1', {},
      title,
      h('span', { class: `badge ${st.source}` }, st.source === 'debug' ? (st.ended ? 'session ended' : 'live') : 'trace'),
    ),
  );
  const sched = scheduleText(m);
  const facts = h('p', { class: 'schedule' },
    sched ? h('span', {}, sched) : null,
    h('span', {}, ` · ${m.total.toLocaleString('en-US')} decisions`),
    m.summary && m.summary.stop ? h('span', {}, ` · ended: ${m.summary.stop}`) : null,
    !m.complete ? h('span', { class: 'warn' }, ' · the trace is incomplete') : null,
  );
  root.append(facts);
  const findings = m.summary?.findings ?? [];
  if (findings.length) {
    root.append(h('ul', { class: 'findings', 'aria-label': 'Findings' },
      ...findings.map((f) => h('li', { class: 'finding' }, h('strong', {}, f.tag), ': ', f.message))));
  } else if (m.summary?.compared) {
    root.append(h('p', { class: 'ok' }, 'no findings: every property holds'));
  }
  const dv = divergenceText(m);
  if (dv) root.append(h('p', { class: 'divergence-text' }, dv));
  renderPage(m, root);
  renderEmissions(m, root);
  if (st.note) root.append(h('p', { class: 'note' }, st.note));
  const tools = h('div', { class: 'tools' });
  const copy = h('button', { type: 'button', id: 'copy-replay' }, 'Copy replay command');
  copy.addEventListener('click', () => post({ type: 'copyReplay' }));
  tools.append(copy);
  if (st.source === 'trace') {
    const dbg = h('button', { type: 'button', id: 'debug-trace' }, 'Debug this trace');
    dbg.addEventListener('click', () => post({ type: 'debugTrace' }));
    tools.append(dbg);
  }
  tools.append(h('span', { class: 'legend', 'aria-hidden': 'true' },
    '^ activated  | active  v torn down  . pending  ! failed  X atom failed  * not the canonical choice'
    + (m.decisions.some((d) => FINE_TEXT[d.kind]) ? '  > resumed  t timer fired  j job completed  : suspended at await' : '')));
  root.append(tools);
}

/** renderPage says what a paged timeline holds of the whole, with controls that fetch more. */
function renderPage(m: TimelineModel, root: HTMLElement) {
  const t = pageTexts(m);
  if (!t) return;
  const more = (id: string, label: string, want: PageWant) => {
    if (st.source !== 'debug' || !pageRequest(m, want)) return null;
    const b = h('button', { type: 'button', id, disabled: st.asked !== undefined }, label);
    b.addEventListener('click', () => ask(want));
    return b;
  };
  root.append(h('p', { class: 'page', role: 'status', 'aria-label': 'What the view holds of this large composition' },
    h('span', { class: 'page-lanes' }, t.lanes), ' ', more('more-lanes', 'more lanes', { what: 'lanes' }),
    ' · ', h('span', { class: 'page-emissions' }, t.emissions), ' ', more('more-emissions', 'more emission rows', { what: 'emissions' }),
    ' · ', h('span', { class: 'page-decisions' }, t.decisions),
    m.page?.ready_most ? ` · ready sets: the first ${m.page.ready_most} atoms` : null,
    st.source === 'trace' ? ' · debug this trace to see the rest' : null,
    st.asked ? h('span', { class: 'loading' }, ' · fetching…') : null));
}

const side = (e: Emitted | null) => (e ? `${e.fiber ? e.fiber + ' ' : ''}${e.text}${e.decision >= 0 ? ` @${e.decision}` : ''}` : '');

/** renderEmissions sets this run's emissions beside the canonical run's, as the read model pairs them. */
function renderEmissions(m: TimelineModel, root: HTMLElement) {
  const rows = m.view.emissions;
  if (rows.length === 0) return;
  const known = m.view.canonical_known;
  const table = h('table', { class: 'emissions-vs', 'aria-label': 'Emissions of this run beside the canonical run\'s' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, 'this run'),
      h('th', { scope: 'col' }, known ? 'canonical' : `canonical: ${m.view.canonical_note ?? 'not known'}`))));
  const body = h('tbody');
  const first = m.page?.emissions_from ?? 0;
  rows.forEach((r, j) => {
    const i = first + j; // divergence.row indexes all the rows
    const cls = [r.diverges ? 'diverges' : '', r.commutative ? 'commutative' : '', i === m.view.divergence?.row ? 'first' : ''].filter(Boolean).join(' ');
    body.append(h('tr', { class: cls || undefined, 'data-row': i, title: r.commutative ? 'commutative: compared as a multiset' : r.diverges ? 'differs from the canonical run' : undefined },
      h('td', {}, r.commutative ? '~' : String(r.ordered)), h('td', {}, side(r.got)), h('td', {}, side(r.canonical))));
  });
  table.append(body);
  root.append(table);
}

function renderTable(m: TimelineModel) {
  const root = document.getElementById('timeline')!;
  root.replaceChildren();
  const n = m.total;
  if (m.decisions.length === 0) {
    root.append(h('p', { class: 'empty' }, n ? 'Fetching the decisions…' : 'No decisions yet.'));
    return;
  }
  const divAt = m.view.divergence?.got?.decision ?? -1;
  // The columns drawn: a window of the decisions held (all of them, or a page's).
  const held = m.decisions.length;
  const want = st.focus < 0 ? Math.max(0, m.position) : st.focus;
  const [wf, wt] = windowAround(held, Math.max(0, Math.min(held - 1, want - m.from)), MAX_COLUMNS);
  const from = m.from + wf;
  const to = m.from + wt;
  const maxRes = Math.max(1, ...m.decisions.map((d) => residueTotal(d.residue)));

  if (from > 0 || to < n) {
    root.append(h('p', { class: 'window' }, `decisions ${from}–${to - 1} of ${n} (move the selection to scroll)`));
  }
  const table = h('table', { class: 'tl', role: 'grid', 'aria-label': `Timeline of ${n} decisions; a row per fiber, a column per decision`, 'aria-rowcount': m.lanes.length + 4, 'aria-colcount': to - from + 1 });
  const colClass = (d: Decision) => {
    const c = ['col'];
    if (!d.canonical) c.push('off-canonical');
    if (d.index === divAt) c.push('diverges');
    if (d.index === m.position) c.push('current');
    if (d.index === st.focus) c.push('selected');
    if (d.error) c.push('error');
    return c.join(' ');
  };
  const head = h('tr', {}, h('th', { scope: 'col', class: 'rowhead' }, 'decision'));
  for (let k = from; k < to; k++) {
    const d = decisionAt(m, k)!;
    const btn = h('button', {
      type: 'button', class: 'dec', 'data-index': k, tabindex: k === Math.max(st.focus, from) ? 0 : -1,
      'aria-label': decisionLabel(d) + (k === m.position ? ' (current position)' : ''),
      'aria-current': k === m.position ? 'step' : undefined, title: decisionLabel(d),
    }, String(k), !d.canonical ? h('span', { class: 'star', 'aria-hidden': 'true' }, '*') : null);
    head.append(h('th', { scope: 'col', class: colClass(d), 'data-index': k }, btn));
  }
  const thead = h('thead', {}, head);
  const tbody = h('tbody');
  m.lanes.forEach((lane) => {
    const l = lane.index; // the lane's index in the whole composition (a page's first is lanes_from)
    const tr = h('tr', { class: 'lane', 'data-lane': l },
      h('th', { scope: 'row', class: 'rowhead', title: lane.error ? `${lane.fiber}: ${lane.error}` : lane.fiber },
        lane.fiber, lane.state ? h('span', { class: `final s-${lane.state}` }, ` ${lane.state}`) : null));
    for (let k = from; k < to; k++) {
      const d = decisionAt(m, k)!;
      const s = laneStateAt(lane, d.index) ?? 'pending';
      const atomHere = d.lane === l;
      const failed = atomFailedAt(d, l);
      const fine = atomHere && FINE_TEXT[d.kind] ? d.kind : '';
      const text = failed ? 'its atom failed here' : fine ? FINE_TEXT[fine] : STATE_TEXT[s];
      tr.append(h('td', {
        class: `${colClass(d)} cell s-${failed ? 'failed' : s}${atomHere ? ' atom' : ''}${fine ? ` k-${fine}` : ''}`, 'data-index': k, 'data-state': s,
        title: `${lane.fiber} at decision ${k}: ${text}${atomHere ? ` (${d.atom})` : ''}`,
      }, h('span', { class: 'glyph', 'aria-hidden': 'true' }, cellGlyph(lane, d)), h('span', { class: 'sr' }, text)));
    }
    tbody.append(tr);
  });
  const emRow = h('tr', { class: 'emissions' }, h('th', { scope: 'row', class: 'rowhead' }, 'emissions'));
  for (let k = from; k < to; k++) {
    const d = decisionAt(m, k)!;
    const marks = d.marks ?? [];
    const em = marks.filter((x) => x.kind === 'emission');
    const other = marks.filter((x) => x.kind !== 'emission');
    const td = h('td', { class: `${colClass(d)} marks`, 'data-index': k, title: marks.map(markText).join('\n') });
    for (const e of em) td.append(h('span', { class: 'emission', title: e.text }, '●', h('span', { class: 'sr' }, e.text)));
    for (const o of other) td.append(h('span', { class: `mark k-${o.kind}`, title: markText(o) }, o.kind === 'failure' ? '✕' : o.kind === 'not-live' ? '⚠' : '·', h('span', { class: 'sr' }, markText(o))));
    emRow.append(td);
  }
  tbody.append(emRow);
  {
    const resRow = h('tr', { class: 'residue' }, h('th', { scope: 'row', class: 'rowhead', title: 'registry/provisions/effects/listeners/unreleased after each decision' }, 'residue'));
    for (let k = from; k < to; k++) {
      const d = decisionAt(m, k)!;
      const total = residueTotal(d.residue);
      const bar = h('div', { class: 'bar' });
      bar.style.height = `${Math.round((total / maxRes) * 100)}%`;
      const td = h('td', { class: `${colClass(d)} res`, 'data-index': k, 'data-total': total, title: `residue ${residueText(d.residue)} (reg/prov/eff/lis/unr)` },
        h('div', { class: 'barbox', 'aria-hidden': 'true' }, bar), h('span', { class: 'n' }, String(total)));
      resRow.append(td);
    }
    tbody.append(resRow);
  }
  {
    const canRow = h('tr', { class: 'canonical' }, h('th', { scope: 'row', class: 'rowhead', title: 'the choice against the canonical run (always index 0)' }, 'vs canonical'));
    for (let k = from; k < to; k++) {
      const d = decisionAt(m, k)!;
      const same = d.canonical;
      const why = same ? 'the canonical choice' : `choice ${d.chosen} of ${d.ready.length}; canonical: ${d.ready[0]?.label ?? '?'}`;
      canRow.append(h('td', { class: `${colClass(d)} ${same ? 'same' : 'differs'}`, 'data-index': k, title: why },
        same ? '' : `${d.chosen}`, h('span', { class: 'sr' }, why)));
    }
    tbody.append(canRow);
  }
  table.append(thead, tbody);
  table.addEventListener('click', (ev) => {
    const cell = (ev.target as HTMLElement).closest('[data-index]');
    if (!cell) return;
    const k = Number(cell.getAttribute('data-index'));
    select(k, false);
    go(k);
  });
  table.addEventListener('keydown', onKey);
  root.append(table);
}

function renderDetail(m: TimelineModel) {
  const root = document.getElementById('detail')!;
  root.replaceChildren();
  const k = st.focus >= 0 ? st.focus : m.position;
  const d = k >= 0 ? decisionAt(m, k) : undefined;
  if (!d) {
    root.append(h('p', { class: 'empty' }, m.position < 0 && m.total ? 'Before the first decision. Step forward, or pick a decision above.' : k >= 0 ? `Fetching decision ${k}…` : ''));
    return;
  }
  root.append(h('h2', {}, `decision ${d.index}: ${d.atom}`, k === m.position ? h('span', { class: 'badge here' }, 'current') : null));
  const facts: string[] = [];
  facts.push(`choice ${d.chosen} of ${d.ready_len ?? d.ready.length}${d.canonical ? ' (the canonical choice)' : ' (not the canonical choice)'}`);
  facts.push(`events ${d.first_seq}–${d.last_seq}`);
  facts.push(`virtual time ${d.time_start_ms}ms to ${d.time_end_ms}ms`);
  facts.push(`residue ${residueText(d.residue)} (reg/prov/eff/lis/unr)`);
  root.append(h('p', { class: 'facts' }, facts.join(' · ')));
  if (d.error) root.append(h('p', { class: 'error-text' }, `failed: ${d.error}`));
  if (d.ready.length) {
    root.append(h('h3', {}, 'ready set'));
    root.append(h('ol', { class: 'ready', start: 0 }, ...d.ready.map((r, i) => h('li', { class: i === d.chosen ? 'chosen' : i === 0 ? 'canonical' : '' },
      r.label, i === d.chosen ? ' ← taken' : '', i === 0 && !d.canonical ? ' (canonical)' : ''))));
    if (d.ready_len !== undefined && d.ready_len > d.ready.length) {
      root.append(h('p', { class: 'note' }, `the first ${d.ready.length} of ${d.ready_len.toLocaleString('en-US')} ready atoms`
        + (d.chosen >= d.ready.length ? `; taken: ready[${d.chosen}], ${d.atom}` : '')));
    }
  }
  if (d.marks?.length) {
    root.append(h('h3', {}, 'marks'));
    const ul = h('ul', { class: 'marklist' });
    for (const mk of d.marks) {
      const li = h('li', { class: `k-${mk.kind}` }, markText(mk), ` (${mk.fiber})`);
      if (mk.line) {
        const b = h('button', { type: 'button', class: 'link', title: 'Show in the program' }, `${mk.line}:${mk.col ?? 1}`);
        b.addEventListener('click', () => post({ type: 'reveal', line: mk.line!, col: mk.col }));
        li.append(' ', b);
      }
      ul.append(li);
    }
    root.append(ul);
  }
}

function render() {
  const m = st.model;
  document.getElementById('app')!.setAttribute('aria-busy', 'false');
  if (!m) return;
  const hadFocus = document.activeElement?.classList.contains('dec');
  renderSummary(m);
  renderTable(m);
  renderDetail(m);
  if (hadFocus) focusButton(st.focus);
  document.body.dataset.position = String(m.position);
  document.body.dataset.decisions = String(m.total);
}

function focusButton(k: number) {
  const b = document.querySelector<HTMLButtonElement>(`button.dec[data-index="${k}"]`);
  if (!b) return;
  document.querySelectorAll<HTMLButtonElement>('button.dec').forEach((x) => x.setAttribute('tabindex', x === b ? '0' : '-1'));
  b.focus();
  b.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

function select(k: number, focus: boolean) {
  const m = st.model;
  if (!m || m.total === 0) return;
  const next = Math.max(0, Math.min(m.total - 1, k));
  const rerender = next !== st.focus;
  st.focus = next;
  if (!holds(m, next)) {
    // A page of a large timeline: ask for the decisions around the selection
    // (a trace's page has no more: the selection stays in it).
    if (st.source !== 'debug') {
      st.focus = Math.max(m.from, Math.min(m.from + m.decisions.length - 1, next));
      if (rerender) { updateSelection(); renderDetail(m); }
      if (focus) focusButton(st.focus);
      return;
    }
    ask({ what: 'decisions', around: next });
    renderDetail(m);
    return;
  }
  if (rerender) {
    const button = document.querySelector(`button.dec[data-index="${next}"]`);
    if (!button) renderTable(m); // outside the drawn window
    else updateSelection();
    renderDetail(m);
  }
  if (focus) focusButton(next);
}

function updateSelection() {
  document.querySelectorAll('.selected').forEach((e) => e.classList.remove('selected'));
  document.querySelectorAll(`[data-index="${st.focus}"]`).forEach((e) => {
    if (e.tagName !== 'BUTTON') e.classList.add('selected');
  });
}

function go(k: number) {
  const m = st.model;
  if (!m) return;
  if (st.source === 'trace') {
    // No debugger: the view moves by itself.
    m.position = clampPosition(k, m.total);
    render();
  }
  post({ type: 'gotoDecision', index: k });
}

function onKey(ev: KeyboardEvent) {
  const t = ev.target as HTMLElement;
  if (!t.classList.contains('dec')) return;
  const k = Number(t.getAttribute('data-index'));
  const n = st.model?.total ?? 0;
  let next: number | undefined;
  switch (ev.key) {
    case 'ArrowRight': next = k + 1; break;
    case 'ArrowLeft': next = k - 1; break;
    case 'Home': next = 0; break;
    case 'End': next = n - 1; break;
    case 'PageDown': next = k + 10; break;
    case 'PageUp': next = k - 10; break;
    case 'Enter':
    case ' ':
      ev.preventDefault();
      go(k);
      return;
    default:
      return;
  }
  ev.preventDefault();
  select(next, true);
}

function onMessage(msg: ToWebview) {
  switch (msg.type) {
    case 'timeline': {
      try {
        const m = readTimeline(msg.timeline);
        if (typeof msg.position === 'number') m.position = clampPosition(msg.position, m.total);
        st.model = m;
        st.source = msg.source;
        st.title = msg.title ?? '';
        st.note = msg.note ?? '';
        st.ended = false;
        st.asked = undefined;
        if (!msg.merged || st.focus < 0) st.focus = m.position;
        render();
      } catch (e) {
        showError(String((e as Error).message ?? e));
      }
      break;
    }
    case 'position': {
      const m = st.model;
      if (!m) return;
      m.position = clampPosition(msg.decision, m.total);
      st.focus = m.position;
      render();
      break;
    }
    case 'ended':
      st.ended = true;
      if (st.model) render();
      break;
    case 'error':
      st.asked = undefined;
      showError(msg.message);
      break;
  }
}

function showError(message: string) {
  document.getElementById('app')!.setAttribute('aria-busy', 'false');
  const root = document.getElementById('summary')!;
  root.querySelector('.error-banner')?.remove();
  root.prepend(h('p', { class: 'error-banner', role: 'alert' }, message));
}

window.addEventListener('message', (ev: MessageEvent) => onMessage(ev.data as ToWebview));
post({ type: 'ready' });

// For tests and for anyone reading the page in a debugger.
(window as unknown as { revlTimeline: unknown }).revlTimeline = { state: st, choicesTaken: () => (st.model ? choicesTaken(st.model) : []) };
