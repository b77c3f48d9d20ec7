// What the timeline panel does when revl-dap reports a new position
// (revl/position): move the view, fetch a page of decisions around the
// position, or fetch the timeline again. Nothing here imports vscode, so it
// is unit-tested under plain Node.

import { TimelineModel, holds, pageRequest, PageWant } from './model';
import { positionOf } from './model';

export type Follow =
  | { action: 'refetch'; position?: number }
  | { action: 'page'; position: number; want: PageWant; args: Record<string, number> }
  | { action: 'move'; position: number }
  | { action: 'stay' };

/**
 * follow decides what a `revl/position` body means for the timeline held
 * (model, undefined before the first fetch); forks is the fork count last
 * seen (undefined before the first). The schedule changed when the fork
 * count changed, the body says so, or its length differs from the held
 * timeline's: while `partial` is set (a large composition whose schedule
 * end is not known yet) `decisions` counts only the decisions run so far,
 * a lower bound, so only a count above the timeline's means a change. A
 * position beyond the decisions a page holds asks for the page around it.
 */
export function follow(model: TimelineModel | undefined, body: unknown, forks: number | undefined): Follow {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const k = positionOf(body);
  const bf = typeof b.forks === 'number' ? b.forks : undefined;
  const forked = bf !== undefined && forks !== undefined && bf !== forks;
  if (!model) return { action: 'refetch', position: k };
  let lengthChanged = false;
  if (typeof b.decisions === 'number') {
    lengthChanged = b.partial === true ? b.decisions > model.total : b.decisions !== model.total;
  }
  // A whole timeline is fetched again at the end too, as before pages; a
  // page only past it (each revl/timeline of a large composition costs).
  const past = k !== undefined && (model.page ? k > model.total : k >= model.total);
  if (forked || b.timelineChanged === true || b.reload === true || lengthChanged || past) {
    return { action: 'refetch', position: k };
  }
  if (k === undefined) return { action: 'stay' };
  // The end (k === total) and "before the first" need no decision held.
  if (model.page && k >= 0 && k < model.total && !holds(model, k)) {
    const want: PageWant = { what: 'decisions', around: k };
    const args = pageRequest(model, want);
    if (args) return { action: 'page', position: k, want, args };
  }
  return { action: 'move', position: k };
}
