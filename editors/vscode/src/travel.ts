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
}

/** The parts of revl/timeline's body the commands read. */
export interface TimelineAnswer {
  decisions?: DecisionInfo[];
  position?: PositionInfo;
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
  const end = typeof t.position?.decisions === 'number' ? t.position.decisions : ds.length;
  items.push({ label: `end (after decision ${end})`, description: at === end ? 'you are here' : undefined, index: end, current: at === end });
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
  if (typeof k !== 'number' || t.position?.end || k >= ds.length) {
    return { error: 'revl: the schedule is over: there is no decision here to fork.' };
  }
  const d = ds.find((x) => x.index === k) ?? ds[k];
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
