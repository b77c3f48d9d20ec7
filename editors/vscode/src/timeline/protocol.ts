// Messages between the extension and the timeline webview.

import type { PageWant } from './model';

/** Extension → webview. */
export type ToWebview =
  | {
    type: 'timeline';
    /** The read model: the body of `revl trace show --json` or `revl/timeline`, as it is. */
    timeline: unknown;
    /** Where the view comes from: a live debug session, or a trace file. */
    source: 'debug' | 'trace';
    title?: string;
    /** The decision the debugger stands at, when known. */
    position?: number;
    /** A note shown under the title (e.g. a partial trace view). */
    note?: string;
    /** A page merged into the timeline the view shows: keep the selection. */
    merged?: boolean;
  }
  | { type: 'position'; decision: number }
  | { type: 'ended' }
  | { type: 'error'; message: string };

/** Webview → extension. */
export type FromWebview =
  | { type: 'ready' }
  | { type: 'gotoDecision'; index: number }
  | { type: 'reveal'; line: number; col?: number }
  | { type: 'debugTrace' }
  | { type: 'copyReplay' }
  /** A paged timeline: ask for the next lanes or emission rows, or the decisions around one. */
  | { type: 'page'; want: PageWant };
