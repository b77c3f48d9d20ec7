// The timeline of one schedule, as revl-dap's `revl/timeline` answers it:
// the JSON of package timeline (timeline/model.go: Decision, Lane, Mark,
// Residue; timeline/rvt: Header, Summary). This module normalizes that
// answer and derives what the view draws: each lane's state at each
// decision, the residue over time, and where the run parts from the
// canonical one. It has no DOM and no vscode: the webview bundles it and
// the unit tests run it under Node.

export interface Residue {
  registry: number;
  provisions: number;
  effects: number;
  listeners: number;
  unreleased: number;
}

export interface ReadyAtom {
  label: string;
  kind: string;
  fiber: string;
  lane: number;
}

export interface Mark {
  seq: number;
  /** emission, acquire, release, publish, withdraw, failure, timer, not-live */
  kind: string;
  fiber: string;
  text: string;
  line?: number;
  col?: number;
}

export interface Decision {
  index: number;
  ready: ReadyAtom[];
  chosen: number;
  canonical: boolean;
  atom: string;
  kind: string;
  fiber: string;
  lane: number;
  error?: string;
  first_seq: number;
  last_seq: number;
  events: number;
  time_start_ms: number;
  time_end_ms: number;
  marks: Mark[];
  residue?: Residue;
}

export interface Lane {
  index: number;
  fiber: string;
  activated: number;
  torn_down: number;
  state: string;
  error?: string;
}

export interface Finding {
  tag: string;
  message: string;
  divergence?: number;
}

export interface Comparison {
  emissions: number;
  canonical_emissions: number;
  divergence: number;
  got?: string;
  canonical?: string;
  got_decision: number;
  canonical_decision: number;
  states?: string[];
  snapshot?: string[];
}

export interface Summary {
  decisions: number;
  events: number;
  choices: number[];
  stop: string;
  final?: Record<string, string[] | null>;
  compared: boolean;
  findings: Finding[] | null;
  signature?: string;
  comparison?: Comparison | null;
}

export interface Header {
  program: string;
  fibers: string[];
  seeded: boolean;
  seed: number;
  choices?: number[];
  redacted?: boolean;
  recorder?: string;
}

/** The normalized timeline the view draws. */
export interface TimelineModel {
  program: string;
  header?: Header;
  lanes: Lane[];
  decisions: Decision[];
  summary?: Summary;
  /** Whether the residue counts are known (a trace export may lack them). */
  hasResidue: boolean;
  /** Whether ready sets and choices are known. */
  hasChoices: boolean;
  /** The decision the debugger stands at: -1 before the first. */
  position: number;
  /** Whether the trace or run is complete (false for a cut trace). */
  complete: boolean;
}

const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);
const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function normResidue(v: unknown): Residue | undefined {
  const r = obj(v);
  if (!('registry' in r) && !('effects' in r) && !('unreleased' in r)) return undefined;
  return {
    registry: num(r.registry, 0), provisions: num(r.provisions, 0), effects: num(r.effects, 0),
    listeners: num(r.listeners, 0), unreleased: num(r.unreleased, 0),
  };
}

function normDecision(v: unknown, i: number): Decision {
  const d = obj(v);
  const atom = str(d.atom);
  const m = /^(activate|teardown)\((.*)\)$/.exec(atom);
  const ready = arr<Record<string, unknown>>(d.ready).map((r) => ({
    label: str(r.label), kind: str(r.kind), fiber: str(r.fiber), lane: num(r.lane, -1),
  }));
  const chosen = num(d.chosen, 0);
  return {
    index: num(d.index, i),
    ready,
    chosen,
    canonical: typeof d.canonical === 'boolean' ? d.canonical : chosen === 0,
    atom,
    kind: str(d.kind, m ? m[1] : ''),
    fiber: str(d.fiber, m ? m[2] : ''),
    lane: num(d.lane, -1),
    error: typeof d.error === 'string' && d.error !== '' ? d.error : undefined,
    first_seq: num(d.first_seq, 0),
    last_seq: num(d.last_seq, 0),
    events: num(d.events, 0),
    time_start_ms: num(d.time_start_ms, 0),
    time_end_ms: num(d.time_end_ms, 0),
    marks: arr<Record<string, unknown>>(d.marks).map((k) => ({
      seq: num(k.seq, 0), kind: str(k.kind), fiber: str(k.fiber), text: str(k.text),
      line: typeof k.line === 'number' ? k.line : undefined, col: typeof k.col === 'number' ? k.col : undefined,
    })),
    residue: normResidue(d.residue),
  };
}

/**
 * normalizeTimeline turns a `revl/timeline` answer into a TimelineModel. It
 * accepts the body itself or a wrapper { timeline: ... }, and fills what an
 * older or partial answer lacks: lanes from the header's fibers or from the
 * decisions, lane indexes of decisions from the lanes, lane spans from the
 * decisions. It throws on something that is not a timeline at all.
 */
export function normalizeTimeline(raw: unknown): TimelineModel {
  let t = obj(raw);
  if (!Array.isArray(t.decisions) && t.timeline && typeof t.timeline === 'object') t = obj(t.timeline);
  if (!Array.isArray(t.decisions)) {
    throw new Error('not a revl timeline: expected an object with a "decisions" array');
  }
  // revl-dap answers { info: { header, lanes, summary, complete }, from, decisions, position };
  // the fields may also stand at the top level (a trace export, a test fixture).
  const info = obj(t.info);
  const pick = (k: string): unknown => (k in info ? info[k] : t[k]);
  const h = obj(pick('header'));
  const header: Header | undefined = pick('header')
    ? {
      program: str(h.program), fibers: arr<string>(h.fibers).map(String), seeded: h.seeded === true,
      seed: num(h.seed, 0), choices: Array.isArray(h.choices) ? (h.choices as number[]) : undefined,
      redacted: h.redacted === true, recorder: typeof h.recorder === 'string' ? h.recorder : undefined,
    }
    : undefined;
  const decisions = (t.decisions as unknown[]).map(normDecision);

  // Lanes: given, or from the header's fibers, or in order of appearance.
  let lanes: Lane[] = arr<Record<string, unknown>>(pick('lanes')).map((l, i) => ({
    index: num(l.index, i), fiber: str(l.fiber), activated: num(l.activated, -1), torn_down: num(l.torn_down, -1),
    state: str(l.state), error: typeof l.error === 'string' && l.error ? l.error : undefined,
  }));
  if (lanes.length === 0) {
    const names: string[] = header?.fibers.length ? [...header.fibers] : [];
    for (const d of decisions) if (d.fiber && !names.includes(d.fiber)) names.push(d.fiber);
    lanes = names.map((fiber, index) => ({ index, fiber, activated: -1, torn_down: -1, state: '' }));
  }
  const byName = new Map(lanes.map((l) => [l.fiber, l]));
  for (const d of decisions) {
    if (d.lane < 0 || d.lane >= lanes.length) d.lane = byName.get(d.fiber)?.index ?? -1;
    for (const r of d.ready) if (r.lane < 0) r.lane = byName.get(r.fiber)?.index ?? -1;
    const l = lanes[d.lane];
    if (!l) continue;
    if (d.kind === 'activate' && l.activated < 0) l.activated = d.index;
    if (d.kind === 'teardown' && l.torn_down < 0) l.torn_down = d.index;
  }
  const s = pick('summary') ? obj(pick('summary')) : undefined;
  const summary: Summary | undefined = s
    ? {
      decisions: num(s.decisions, decisions.length), events: num(s.events, 0), choices: arr<number>(s.choices),
      stop: str(s.stop), final: obj(s.final) as Record<string, string[] | null>, compared: s.compared === true,
      findings: arr<Record<string, unknown>>(s.findings).map((f) => ({
        tag: str(f.tag), message: str(f.message), divergence: num(f.divergence, -1),
      })),
      signature: typeof s.signature === 'string' ? s.signature : undefined,
      comparison: s.comparison ? (obj(s.comparison) as unknown as Comparison) : undefined,
    }
    : undefined;
  const rawPos = t.position ?? t.current;
  const pos = typeof rawPos === 'object' && rawPos !== null ? positionOf(rawPos) : rawPos;
  return {
    program: str(t.program, header?.program ?? ''),
    header,
    lanes,
    decisions,
    summary,
    hasResidue: decisions.some((d) => d.residue !== undefined),
    hasChoices: decisions.some((d) => d.ready.length > 0),
    position: typeof pos === 'number' ? clampPosition(pos, decisions.length) : -1,
    complete: pick('complete') !== false,
  };
}

/** clampPosition keeps a position between -1 (before the first decision) and the last decision. */
export function clampPosition(p: number, n: number): number {
  if (!Number.isFinite(p)) return -1;
  return Math.max(-1, Math.min(n - 1, Math.trunc(p)));
}

/**
 * positionOf reads the decision from a `revl/position` event body (or a
 * stopped position): { decision } is the documented field; { index } and
 * { position } are accepted too. undefined when the body names none.
 */
export function positionOf(body: unknown): number | undefined {
  const b = obj(body);
  for (const k of ['decision', 'index', 'position']) {
    if (typeof b[k] === 'number') return b[k] as number;
  }
  return undefined;
}

/**
 * The state of a lane at a decision, as the view draws it (the glyphs of
 * `revl trace show`):
 *  pending . | activated ^ | active | | torn-down v | down (blank) |
 *  failed ! (after a failed activation) | atom-failed X (its atom failed here).
 */
export type LaneState = 'pending' | 'activated' | 'active' | 'torn-down' | 'down' | 'failed' | 'atom-failed';

export const LANE_GLYPH: Record<LaneState, string> = {
  'pending': '.', 'activated': '^', 'active': '|', 'torn-down': 'v', 'down': ' ', 'failed': '!', 'atom-failed': 'X',
};

/** laneStates returns, per lane, its state at each decision. */
export function laneStates(m: TimelineModel): LaneState[][] {
  const out: LaneState[][] = m.lanes.map(() => []);
  const cur: LaneState[] = m.lanes.map(() => 'pending');
  for (const d of m.decisions) {
    for (let l = 0; l < m.lanes.length; l++) {
      let s: LaneState;
      if (d.lane === l) {
        if (d.error) s = 'atom-failed';
        else s = d.kind === 'teardown' ? 'torn-down' : 'activated';
        cur[l] = d.error ? (d.kind === 'teardown' ? 'down' : 'failed') : d.kind === 'teardown' ? 'down' : 'active';
      } else {
        s = cur[l];
      }
      out[l].push(s);
    }
  }
  return out;
}

/** residueTotal sums the counts of a residue line. */
export function residueTotal(r: Residue | undefined): number {
  if (!r) return 0;
  return r.registry + r.provisions + r.effects + r.listeners + r.unreleased;
}

/** residueText renders the counts like `revl trace show`: reg/prov/eff/lis/unr. */
export function residueText(r: Residue | undefined): string {
  if (!r) return '';
  return `${r.registry}/${r.provisions}/${r.effects}/${r.listeners}/${r.unreleased}`;
}

export interface Divergence {
  /** Decisions where the chooser did not take index 0: the canonical run would have taken another atom. */
  offCanonical: number[];
  /** The first of those, -1 when the run is the canonical one. */
  firstChoice: number;
  /** The decision of the first emission that differs from the canonical run, -1 when none (or not compared). */
  emissionDecision: number;
  /** A sentence for the view. */
  text: string;
}

/** divergence says where the schedule parts from the canonical run. */
export function divergence(m: TimelineModel): Divergence {
  const offCanonical = m.decisions.filter((d) => m.hasChoices && !d.canonical).map((d) => d.index);
  const firstChoice = offCanonical.length ? offCanonical[0] : -1;
  const c = m.summary?.comparison;
  const emissionDecision = c && c.divergence >= 0 ? num(c.got_decision, -1) : -1;
  let text: string;
  if (c && c.divergence >= 0) {
    text = `first divergent emission #${c.divergence}: ${c.got ?? '(none)'} at decision ${c.got_decision}` +
      `, canonical ${c.canonical ?? '(none)'} at decision ${c.canonical_decision}`;
  } else if (m.summary?.compared) {
    text = 'the emissions match the canonical run';
  } else if (firstChoice >= 0) {
    text = `parts from the canonical choices at decision ${firstChoice}`;
  } else if (m.hasChoices) {
    text = 'this is the canonical run';
  } else {
    text = '';
  }
  return { offCanonical, firstChoice, emissionDecision, text };
}

/** scheduleText names the schedule: seed, vector asked for, and the vector taken. */
export function scheduleText(m: TimelineModel): string {
  const parts: string[] = [];
  if (m.header) {
    if (m.header.seeded) parts.push(`seed ${m.header.seed}`);
    else if (m.header.choices && m.header.choices.length) parts.push(`choices [${m.header.choices.join(', ')}]`);
    else parts.push('canonical');
  }
  const taken = choicesTaken(m);
  if (taken.length) parts.push(`taken [${taken.join(', ')}]`);
  return parts.join(' · ');
}

/** choicesTaken is the vector the run took: the summary's, else the decisions'. */
export function choicesTaken(m: TimelineModel): number[] {
  if (m.summary && m.summary.choices.length) return m.summary.choices;
  if (!m.hasChoices) return [];
  return m.decisions.map((d) => d.chosen);
}

/** markText renders a mark like the marks column of `revl trace show`. */
export function markText(k: Mark): string {
  switch (k.kind) {
    case 'emission': return `emit ${k.text}`;
    case 'publish': return `provide ${k.text}`;
    case 'withdraw': return `withdraw ${k.text}`;
    case 'acquire': return `+ ${k.text}`;
    case 'release': return `- ${k.text}`;
    case 'failure': return `FAIL ${k.text}`;
    case 'timer': return `timer ${k.text}`;
    case 'not-live': return `use after withdrawal ${k.text}`;
    default: return `${k.kind} ${k.text}`;
  }
}

/** decisionLabel is the accessible name of a decision's column. */
export function decisionLabel(m: TimelineModel, d: Decision): string {
  let s = `decision ${d.index}: ${d.atom || '?'}`;
  if (m.hasChoices && d.ready.length) {
    s += `, choice ${d.chosen} of ${d.ready.length}`;
    if (!d.canonical) s += ', not the canonical choice';
  }
  if (d.error) s += `, failed: ${d.error}`;
  const em = d.marks.filter((k) => k.kind === 'emission');
  if (em.length) s += `, emits ${em.map((k) => k.text).join(', ')}`;
  if (d.residue) s += `, residue ${residueText(d.residue)}`;
  return s;
}

/**
 * window picks the decisions to draw when there are too many for one
 * screen: `size` decisions around the focus, clamped to the run.
 */
export function windowAround(n: number, focus: number, size: number): [number, number] {
  if (n <= size) return [0, n];
  const f = Math.max(0, Math.min(n - 1, focus));
  let from = Math.max(0, f - Math.floor(size / 2));
  const to = Math.min(n, from + size);
  from = Math.max(0, to - size);
  return [from, to];
}

/**
 * fromJSONL rebuilds a partial timeline from `revl trace export --format
 * jsonl` (one event per line, each with its decision): atoms, lanes and
 * marks, without ready sets, choices or residue counts. It is the fallback
 * for opening a .rvt file when revl-dap cannot be run.
 */
export function fromJSONL(text: string, program = ''): TimelineModel {
  const decisions: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const e = JSON.parse(line) as Record<string, unknown>;
    const k = num(e.decision, -1);
    if (k < 0) continue;
    while (decisions.length <= k) decisions.push({ index: decisions.length, marks: [], ready: [] });
    const d = decisions[k];
    const kind = str(e.kind);
    const seq = num(e.seq, 0);
    if (d.first_seq === undefined) {
      d.first_seq = seq;
      d.time_start_ms = num(e.time_ms, 0);
    }
    d.last_seq = seq;
    d.time_end_ms = num(e.time_ms, 0);
    d.events = num(d.events, 0) + 1;
    const marks = d.marks as Mark[];
    const mark = (mk: string, text: string) => {
      const span = obj(e.span);
      const start = obj(span.start);
      marks.push({ seq, kind: mk, fiber: str(e.fiber), text, line: typeof start.line === 'number' ? start.line : undefined, col: typeof start.col === 'number' ? start.col : undefined });
    };
    switch (kind) {
      case 'atom-begin': d.atom = str(e.text); d.fiber = str(e.fiber); break;
      case 'emission': mark('emission', str(e.text)); break;
      case 'publish': mark('publish', str(e.key)); break;
      case 'withdraw': mark('withdraw', str(e.key)); break;
      case 'failure': d.error = str(obj(e.error).text, str(e.text)); mark('failure', str(d.error)); break;
      case 'timer-fire': mark('timer', str(e.text)); break;
      case 'host':
        if (e.acquire) mark('acquire', str(e.text));
        else if (e.release) mark('release', str(e.text));
        break;
      case 'use':
        if (e.live === false || e.live === undefined) mark('not-live', `${str(e.key)}.${str(e.method)}`);
        break;
    }
  }
  return normalizeTimeline({ program, decisions });
}
