// The pick lists of the time-travel commands (revl: Go to Decision…,
// revl: Fork Here), built from revl-dap's `revl/timeline` answer. Nothing
// here imports vscode, so it is unit-tested under plain Node.

interface ReadyAtom {
  label?: string;
  fiber?: string;
}

interface DecisionInfo {
  index?: number;
  ready?: ReadyAtom[];
  chosen?: number;
  canonical?: boolean;
  atom?: string;
  fiber?: string;
  error?: string;
}

interface PositionInfo {
  decision?: number;
  decisions?: number;
  end?: boolean;
  /** The schedule's end is not known yet: decisions counts those run so far (a lower bound). */
  partial?: boolean;
}

/** The parts of revl/timeline's body the commands read. */
export interface TimelineAnswer {
  /** The decisions held: from..from+len-1 (a page of a large composition's holds 200). */
  from?: number;
  decisions?: DecisionInfo[];
  /** info.decisions: the schedule's length as the timeline recorded it to its end. */
  info?: { decisions?: number };
  page?: unknown;
  position?: PositionInfo;
}

/**
 * scheduleEnd is the index of the end of the schedule (revl/gotoDecision's
 * last target) and whether it is known: the timeline's count (the
 * timeline runs the schedule to its end), else the position's count unless
 * it is partial, when it is only a lower bound.
 */
export function scheduleEnd(t: TimelineAnswer): { end: number; known: boolean } {
  const ds = Array.isArray(t.decisions) ? t.decisions : [];
  const held = (typeof t.from === 'number' ? t.from : 0) + ds.length;
  if (typeof t.info?.decisions === 'number' && t.info.decisions >= held) return { end: t.info.decisions, known: true };
  const p = t.position;
  if (typeof p?.decisions === 'number') {
    if (p.partial === true) return { end: Math.max(p.decisions, held), known: false };
    return { end: p.decisions, known: true };
  }
  return { end: held, known: true };
}

export interface DecisionItem {
  label: string;
  description?: string;
  /** The index revl/gotoDecision takes: 0..decisions (the end). */
  index: number;
  /** This is where the session stands. */
  current: boolean;
}

/**
 * decisionItems lists where revl/gotoDecision can go: before each decision,
 * and the end of the schedule. The current position is marked and listed
 * where it falls.
 */
export function decisionItems(t: TimelineAnswer): DecisionItem[] {
  const ds = Array.isArray(t.decisions) ? t.decisions : [];
  const at = t.position?.decision;
  const items: DecisionItem[] = ds.map((d, i) => {
    const index = typeof d.index === 'number' ? d.index : i;
    const notes: string[] = [];
    if (index === at) notes.push('you are here');
    if (d.canonical === false) notes.push('differs from the canonical run');
    if (d.error) notes.push(`fails: ${d.error}`);
    return { label: `${index + 1}. ${d.atom ?? '?'}`, description: notes.join(' · ') || undefined, index, current: index === at };
  });
  const { end, known } = scheduleEnd(t);
  const from = typeof t.from === 'number' ? t.from : 0;
  if (from + ds.length < end) {
    // A page: its decisions, then the end (revl/gotoDecision goes anywhere).
    items.push({ label: `… decisions ${from + ds.length}–${end - 1} (type a number with revl: Go to Decision)`, description: undefined, index: from + ds.length, current: false });
  }
  const here = known && at === end;
  items.push({
    label: known ? `end (after decision ${end})` : `end (at least ${end} decisions: not known yet)`,
    description: here || (!known && t.position?.end) ? 'you are here' : undefined, index: end, current: here || (!known && t.position?.end === true),
  });
  return items;
}

export interface ForkItem {
  label: string;
  description?: string;
  /** The index into the ready set revl/choose takes. */
  index: number;
}

/**
 * forkChoices lists the other atoms that were ready at the current decision:
 * what revl/choose can take instead. It returns an error message when
 * there is nothing to fork (the schedule is over, or only one atom was
 * ready).
 */
export function forkChoices(t: TimelineAnswer): { decision: number; items: ForkItem[] } | { error: string } {
  const ds = Array.isArray(t.decisions) ? t.decisions : [];
  const k = t.position?.decision;
  const { end, known } = scheduleEnd(t);
  if (typeof k !== 'number' || t.position?.end || (known && k >= end)) {
    return { error: 'revl: the schedule is over: there is no decision here to fork.' };
  }
  const from = typeof t.from === 'number' ? t.from : 0;
  const d = ds.find((x) => x.index === k) ?? (from === 0 ? ds[k] : undefined);
  if (!d) return { error: `revl: decision ${k + 1} is not in the timeline's page; try again.` };
  const ready = Array.isArray(d?.ready) ? d.ready : [];
  const items: ForkItem[] = [];
  ready.forEach((r, i) => {
    if (i === d.chosen) return;
    items.push({ label: r.label ?? `ready[${i}]`, description: i === 0 ? 'the canonical choice' : `ready[${i}]`, index: i });
  });
  if (items.length === 0) {
    return { error: `revl: only ${d?.atom ?? 'one atom'} is ready at decision ${k + 1}: there is nothing else to take.` };
  }
  return { decision: k, items };
}
