// The timeline of one schedule: the read model of package timeline
// (timeline/view.go: View), as `revl trace show --json FILE` prints it and
// revl-dap's `revl/timeline` answers it (with the session's position).
// Lane states, the emissions beside the canonical run's, the divergence
// and the points where findings show are derived there, once, for every
// viewer; this module only checks the body's shape and formats its
// fields. It has no DOM and no vscode: the webview bundles it and the unit
// tests run it under Node.

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

/** The kinds of marks (timeline.MarkKind). */
export type MarkKind = 'emission' | 'acquire' | 'release' | 'publish' | 'withdraw' | 'failure' | 'timer' | 'not-live';

export interface Mark {
  seq: number;
  kind: MarkKind;
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
  marks?: Mark[];
  residue: Residue;
  /** In a page whose ready sets were cut (page.ready_most): the ready set's size. */
  ready_len?: number;
}

/** A lane's state at a decision (timeline.LaneState). */
export type LaneState = 'pending' | 'activating' | 'suspended' | 'active' | 'tearing-down' | 'down' | 'failed';

/** The lane's state over decisions from to to-1 (timeline.StateSpan). */
export interface StateSpan {
  from: number;
  to: number;
  state: LaneState;
}

export interface Lane {
  index: number;
  fiber: string;
  activated: number;
  torn_down: number;
  /** Fine atoms: the decision of its last resume (absent for none); suspended from activated to it. */
  resumed?: number;
  /** The final state (the runtime's name), '' when unknown. */
  state: string;
  error?: string;
  states: StateSpan[];
}

export interface Finding {
  tag: string;
  message: string;
  divergence: number;
}

export interface Summary {
  decisions: number;
  events: number;
  choices: number[];
  stop: string;
  final: Record<string, string[] | null>;
  compared: boolean;
  findings: Finding[] | null;
  signature?: string;
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

export interface Info {
  header: Header;
  decisions: number;
  complete: boolean;
  damage?: string;
  lanes: Lane[];
  summary?: Summary | null;
}

/** One side of an emission row (timeline.Emitted). */
export interface Emitted {
  text: string;
  fiber?: string;
  /** -1 when unknown. */
  decision: number;
}

/** This run's emission beside the canonical run's at the same ordered index (timeline.EmissionRow). */
export interface EmissionRow {
  /** Among this run's emissions; -1 for a row of the canonical run only. */
  index: number;
  /** Among the ordered emissions; -1 for a commutative row. */
  ordered: number;
  commutative?: boolean;
  got: Emitted | null;
  canonical: Emitted | null;
  diverges?: boolean;
}

/** The first divergent ordered emission (timeline.EmissionDivergence). */
export interface EmissionDivergence {
  ordered: number;
  row: number;
  got: Emitted | null;
  canonical: Emitted | null;
  overtook: boolean;
}

export interface FindingPoint {
  decision: number;
  text: string;
}

/** The body of `revl trace show --json` and of `revl/timeline` (timeline.View). */
export interface TimelineView {
  info: Info;
  from: number;
  decisions: Decision[];
  canonical_known: boolean;
  canonical_note?: string;
  emissions: EmissionRow[];
  divergence: EmissionDivergence | null;
  findings: FindingPoint[];
  /** revl/timeline only: where the session is. */
  position?: { decision: number };
  /** Only in a page (revl/timeline of a composition above 2,000 components, or asked with ranges). */
  page?: ViewPage;
}

/**
 * What a page holds of what (timeline.ViewPage): info.lanes are lanes
 * lanes_from onwards of lanes, emissions rows emissions_from onwards of
 * emissions, and ready sets at most ready_most atoms.
 */
export interface ViewPage {
  lanes_from: number;
  lanes: number;
  emissions_from: number;
  emissions: number;
  ready_most?: number;
}

/** What the view draws: the read model and where it stands. */
export interface TimelineModel {
  view: TimelineView;
  program: string;
  lanes: Lane[];
  decisions: Decision[];
  summary?: Summary;
  /** The decision the debugger stands at: -1 before the first. */
  position: number;
  /** Whether the trace or run is complete (false for a cut trace). */
  complete: boolean;
  /** The decisions of the whole schedule (info.decisions); decisions holds from..from+len-1 of them. */
  total: number;
  from: number;
  /** Set when the body is a page: what it holds of what. */
  page?: ViewPage;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * readTimeline takes the body of `revl trace show --json` or of
 * `revl/timeline` as it is. It checks the shape it relies on and throws on
 * something that is not a timeline; it fills nothing in.
 */
export function readTimeline(raw: unknown): TimelineModel {
  const v = raw as TimelineView;
  if (!isObj(raw) || !isObj(v.info) || !Array.isArray(v.decisions) || !Array.isArray(v.info.lanes) ||
      !Array.isArray(v.emissions) || !Array.isArray(v.findings) || !isObj(v.info.header)) {
    throw new Error('not a revl timeline: expected the body of `revl trace show --json` or revl/timeline (info, decisions, emissions, findings)');
  }
  for (const l of v.info.lanes) {
    if (!Array.isArray(l.states)) throw new Error(`not a revl timeline: lane ${l.fiber} has no states`);
  }
  const pos = isObj(v.position) && typeof v.position.decision === 'number' ? v.position.decision : -1;
  const from = typeof v.from === 'number' && v.from > 0 ? v.from : 0;
  const page = isObj(v.page) ? v.page : undefined;
  // A whole body holds every decision; a page (or a window) says the count in info.decisions.
  const total = typeof v.info.decisions === 'number' && v.info.decisions >= from + v.decisions.length ? v.info.decisions : from + v.decisions.length;
  return {
    view: v,
    program: v.info.header.program,
    lanes: v.info.lanes,
    decisions: v.decisions,
    summary: v.info.summary ?? undefined,
    position: clampPosition(pos, total),
    complete: v.info.complete !== false,
    total,
    from,
    page,
  };
}

/** decisionAt is decision k of the schedule when the model holds it. */
export function decisionAt(m: TimelineModel, k: number): Decision | undefined {
  const d = m.decisions[k - m.from];
  return d && d.index === k ? d : m.decisions.find((x) => x.index === k);
}

/** holds says whether decision k is among the decisions the model holds. */
export function holds(m: TimelineModel, k: number): boolean {
  return k >= m.from && k < m.from + m.decisions.length;
}

/** The page a large timeline is asked for, per dimension (revl-dap's default page). */
export const PAGE = 200;

const num = (n: number) => n.toLocaleString('en-US');

/**
 * pageTexts says what a page holds of the whole, for the view's header:
 * `lanes 1–200 of 50,000`, `emission rows 1–200 of 50,000`, `decisions
 * 1–200 of 100,000` (counted from 1, as people read). Empty for a whole
 * body.
 */
export function pageTexts(m: TimelineModel): { lanes: string; emissions: string; decisions: string } | undefined {
  const p = m.page;
  if (!p) return undefined;
  const range = (what: string, from: number, len: number, of: number) =>
    len === 0 ? `${what}: none of ${num(of)}` : `${what} ${num(from + 1)}–${num(from + len)} of ${num(of)}`;
  return {
    lanes: range('lanes', p.lanes_from, m.lanes.length, p.lanes),
    emissions: range('emission rows', p.emissions_from, m.view.emissions.length, p.emissions),
    decisions: range('decisions', m.from, m.decisions.length, m.total),
  };
}

/** What the view asks for next of a paged timeline. */
export type PageWant = { what: 'lanes' | 'emissions' } | { what: 'decisions'; around: number };

/**
 * pageRequest is the revl/timeline arguments for the next page of m: the
 * next PAGE lanes or emission rows after those held (the other dimensions
 * asked for as little as revl-dap allows: no decisions, one lane or row,
 * which mergePage drops), or PAGE decisions around a decision. undefined
 * when there is nothing more to ask for.
 */
export function pageRequest(m: TimelineModel, want: PageWant): Record<string, number> | undefined {
  const p = m.page;
  if (!p) return undefined;
  const lanesEnd = p.lanes_from + m.lanes.length;
  const rowsEnd = p.emissions_from + m.view.emissions.length;
  const noDecisions = { from: 0, to: 0 };
  switch (want.what) {
    case 'lanes':
      if (lanesEnd >= p.lanes) return undefined;
      return { ...noDecisions, lanesFrom: lanesEnd, lanesTo: lanesEnd + PAGE, emissionsFrom: 0, emissionsTo: 1 };
    case 'emissions':
      if (rowsEnd >= p.emissions) return undefined;
      return { ...noDecisions, lanesFrom: 0, lanesTo: 1, emissionsFrom: rowsEnd, emissionsTo: rowsEnd + PAGE };
    case 'decisions': {
      const k = Math.max(0, Math.min(m.total - 1, Math.trunc(want.around)));
      const from = Math.max(0, Math.min(k - PAGE / 2, m.total - PAGE));
      return { from, to: from + PAGE, lanesFrom: 0, lanesTo: 1, emissionsFrom: 0, emissionsTo: 1 };
    }
  }
}

/**
 * mergePage adds a page that pageRequest asked for to the model it was
 * asked for: the lanes or emission rows after those held, or the decisions
 * of another window; what else the page carries is dropped. It returns a
 * new model (the body's divergence, findings and summary are the whole
 * run's, the same in every page).
 */
export function mergePage(m: TimelineModel, want: PageWant, raw: unknown): TimelineModel {
  const n = readTimeline(raw);
  if (!m.page || !n.page) throw new Error('not a page of a revl timeline: no page field');
  const p = { ...m.page };
  const info = { ...m.view.info };
  const view: TimelineView = { ...m.view, info };
  switch (want.what) {
    case 'lanes':
      if (n.page.lanes_from !== p.lanes_from + m.lanes.length) throw new Error(`revl/timeline answered lanes from ${n.page.lanes_from}, not ${p.lanes_from + m.lanes.length}`);
      info.lanes = [...m.lanes, ...n.lanes];
      info.header = { ...info.header, fibers: [...(m.view.info.header.fibers ?? []), ...(n.view.info.header.fibers ?? [])] };
      p.lanes = n.page.lanes;
      break;
    case 'emissions':
      if (n.page.emissions_from !== p.emissions_from + m.view.emissions.length) throw new Error(`revl/timeline answered emission rows from ${n.page.emissions_from}, not ${p.emissions_from + m.view.emissions.length}`);
      view.emissions = [...m.view.emissions, ...n.view.emissions];
      p.emissions = n.page.emissions;
      break;
    case 'decisions':
      view.from = n.from;
      view.decisions = n.decisions;
      break;
  }
  view.page = p;
  const out = readTimeline(view);
  out.position = m.position;
  return out;
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
  const b = isObj(body) ? body : {};
  for (const k of ['decision', 'index', 'position']) {
    if (typeof b[k] === 'number') return b[k] as number;
  }
  return undefined;
}

/** laneStateAt looks lane l's state at decision k up in its spans. */
export function laneStateAt(l: Lane, k: number): LaneState | undefined {
  for (const s of l.states) if (k >= s.from && k < s.to) return s.state;
  return undefined;
}

/**
 * The glyphs of `revl trace show`, by state: pending . | activating ^ |
 * suspended (fine atoms: activating, at an await) : | active | |
 * tearing-down v | down (blank) | failed !. A cell whose atom failed shows
 * X; a fine atom's cell its FINE_GLYPH.
 */
export const LANE_GLYPH: Record<LaneState, string> = {
  'pending': '.', 'activating': '^', 'suspended': ':', 'active': '|', 'tearing-down': 'v', 'down': ' ', 'failed': '!',
};

export const STATE_TEXT: Record<LaneState, string> = {
  'pending': 'pending', 'activating': 'activated here', 'suspended': 'suspended at await', 'active': 'active',
  'tearing-down': 'torn down here', 'down': 'down', 'failed': 'failed',
};

/** The glyphs of `revl trace show` for the fine atoms, by decision kind, and what they say. */
export const FINE_GLYPH: Record<string, string> = { 'resume': '>', 'fire': 't', 'complete': 'j' };
export const FINE_TEXT: Record<string, string> = { 'resume': 'resumed here', 'fire': 'a timer fired here', 'complete': 'its job completed here' };

/** atomFailedAt says whether lane l's atom ran and failed at decision d. */
export function atomFailedAt(d: Decision, l: number): boolean {
  return d.lane === l && !!d.error;
}

/** cellGlyph is lane l's glyph at decision d. */
export function cellGlyph(lane: Lane, d: Decision): string {
  if (atomFailedAt(d, lane.index)) return 'X';
  if (d.lane === lane.index && FINE_GLYPH[d.kind]) return FINE_GLYPH[d.kind];
  const s = laneStateAt(lane, d.index);
  return s ? LANE_GLYPH[s] : '?';
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

const sideText = (e: Emitted | null) => (e ? `${e.text} at decision ${e.decision}` : '(none)');

/** divergenceText says where the run parts from the canonical run, from the view's divergence. */
export function divergenceText(m: TimelineModel): string {
  const d = m.view.divergence;
  if (d) {
    let s = `first divergent emission #${d.ordered}: ${sideText(d.got)}, canonical ${sideText(d.canonical)}`;
    if (d.overtook) s += ' (it overtook the canonical emission, which comes later)';
    return s;
  }
  if (m.view.canonical_known || m.summary?.compared) return 'the emissions match the canonical run';
  return m.view.canonical_note ?? '';
}

/** scheduleText names the schedule: seed, vector asked for, and the vector taken. */
export function scheduleText(m: TimelineModel): string {
  const parts: string[] = [];
  const h = m.view.info.header;
  if (h.seeded) parts.push(`seed ${h.seed}`);
  else if (h.choices && h.choices.length) parts.push(`choices [${h.choices.join(', ')}]`);
  else parts.push('canonical');
  const taken = choicesTaken(m);
  if (taken.length) parts.push(`taken [${taken.join(', ')}]`);
  return parts.join(' · ');
}

/** choicesTaken is the vector the run took: the summary's, or for a cut trace its decisions' choices. */
export function choicesTaken(m: TimelineModel): number[] {
  // A page holds the choices of its decisions only: not a vector to replay.
  if (m.from > 0 || m.decisions.length < m.total) return [];
  if (m.summary && m.summary.choices.length) return m.summary.choices;
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
export function decisionLabel(d: Decision): string {
  let s = `decision ${d.index}: ${d.atom || '?'}`;
  if (d.ready.length) {
    s += `, choice ${d.chosen} of ${d.ready_len ?? d.ready.length}`;
    if (!d.canonical) s += ', not the canonical choice';
  }
  if (d.error) s += `, failed: ${d.error}`;
  const em = (d.marks ?? []).filter((k) => k.kind === 'emission');
  if (em.length) s += `, emits ${em.map((k) => k.text).join(', ')}`;
  s += `, residue ${residueText(d.residue)}`;
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
