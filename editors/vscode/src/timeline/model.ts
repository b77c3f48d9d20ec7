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
  return {
    view: v,
    program: v.info.header.program,
    lanes: v.info.lanes,
    decisions: v.decisions,
    summary: v.info.summary ?? undefined,
    position: clampPosition(pos, v.decisions.length),
    complete: v.info.complete !== false,
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
    s += `, choice ${d.chosen} of ${d.ready.length}`;
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
