// The timeline view inside VS Code: a webview panel that follows the
// active revl debug session, and a read-only custom editor for .rvt traces
// that needs no debug session.

import * as vscode from 'vscode';
import { timelinePage, makeNonce } from './html';
import type { ToWebview, FromWebview } from './protocol';
import { readTimeline, TimelineModel, choicesTaken, mergePage, pageRequest, PageWant, holds } from './model';
import { follow } from './follow';

/** A webview that shows the timeline page and queues messages until the page is ready. */
export class TimelineWebview implements vscode.Disposable {
  private ready = false;
  private queue: ToWebview[] = [];
  private last: ToWebview | undefined;
  private lastPosition: ToWebview | undefined;
  private subs: vscode.Disposable[] = [];

  constructor(readonly webview: vscode.Webview, extensionUri: vscode.Uri, title: string, onMessage: (m: FromWebview) => void) {
    const media = vscode.Uri.joinPath(extensionUri, 'media');
    const dist = vscode.Uri.joinPath(extensionUri, 'dist');
    webview.options = { enableScripts: true, localResourceRoots: [media, dist] };
    webview.html = timelinePage({
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'timeline.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'timeline.css')).toString(),
      cspSource: webview.cspSource,
      nonce: makeNonce(),
      title,
    });
    this.subs.push(webview.onDidReceiveMessage((m: FromWebview) => {
      if (m && m.type === 'ready') {
        this.ready = true;
        // A page that reloads (it was hidden and restored) gets the state again.
        const replay = [...(this.last ? [this.last] : []), ...(this.lastPosition ? [this.lastPosition] : []), ...this.queue];
        this.queue = [];
        for (const q of replay) void this.webview.postMessage(q);
        return;
      }
      onMessage(m);
    }));
  }

  post(m: ToWebview) {
    if (m.type === 'timeline') {
      this.last = m;
      this.lastPosition = undefined;
    } else if (m.type === 'position') {
      this.lastPosition = m;
    }
    if (this.ready) void this.webview.postMessage(m);
    else if (m.type !== 'timeline' && m.type !== 'position') this.queue.push(m);
  }

  dispose() {
    for (const s of this.subs) s.dispose();
  }
}

export interface TimelineHost {
  extensionUri: vscode.Uri;
  log(line: string): void;
  copyReplay(source: { session?: vscode.DebugSession; model?: TimelineModel; trace?: string }): Promise<void>;
}

/**
 * The panel that follows revl debug sessions: it asks the adapter for
 * `revl/timeline` when the session first stops, moves with `revl/position`
 * events, and sends `revl/gotoDecision` when a decision is clicked.
 */
export class DebugTimelinePanel implements vscode.Disposable {
  static readonly viewType = 'revl.timelinePanel';
  private panel: vscode.WebviewPanel | undefined;
  private view: TimelineWebview | undefined;
  private session: vscode.DebugSession | undefined;
  private model: TimelineModel | undefined;
  private fetching: Promise<void> | undefined;
  /** the session's fork count last seen in revl/position. */
  private forks: number | undefined;
  private sawPosition = false;

  constructor(private host: TimelineHost) {}

  get currentSession() {
    return this.session;
  }

  get currentModel() {
    return this.model;
  }

  /** show opens (or reveals) the panel beside the editor. */
  show(preserveFocus = true) {
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(DebugTimelinePanel.viewType, 'revl timeline',
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus },
        { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [vscode.Uri.joinPath(this.host.extensionUri, 'media'), vscode.Uri.joinPath(this.host.extensionUri, 'dist')] });
      this.panel.iconPath = vscode.Uri.joinPath(this.host.extensionUri, 'media', 'icon.png');
      this.view = new TimelineWebview(this.panel.webview, this.host.extensionUri, 'revl timeline', (m) => this.onMessage(m));
      this.panel.onDidDispose(() => {
        this.view?.dispose();
        this.view = undefined;
        this.panel = undefined;
      });
      if (this.model) this.postModel();
    } else {
      this.panel.reveal(undefined, preserveFocus);
    }
  }

  /** attach follows a new session (the timeline is fetched when it stops). */
  attach(session: vscode.DebugSession) {
    this.session = session;
    this.model = undefined;
    this.sawPosition = false;
    this.forks = undefined;
    if (this.panel) this.panel.title = `revl timeline: ${session.name}`;
  }

  onStopped(session: vscode.DebugSession) {
    if (session !== this.session) this.attach(session);
    if (!this.model || !this.sawPosition) void this.refresh();
  }

  onPosition(session: vscode.DebugSession, body: unknown) {
    if (session !== this.session) this.attach(session);
    this.sawPosition = true;
    const b = (body ?? {}) as Record<string, unknown>;
    // A fork (revl/choose, Fork Here) changes the schedule, also when its
    // length stays the same: revl/position counts the forks. While the
    // position is partial its decisions are a lower bound (follow).
    const f = follow(this.model, body, this.forks);
    if (typeof b.forks === 'number') this.forks = b.forks;
    switch (f.action) {
      case 'refetch':
        void this.refresh(f.position);
        return;
      case 'page':
        if (this.model) this.model.position = f.position;
        this.view?.post({ type: 'position', decision: f.position });
        void this.fetchPage(f.want, f.position);
        return;
      case 'move':
        if (this.model) this.model.position = f.position;
        this.view?.post({ type: 'position', decision: f.position });
        return;
      default:
        return;
    }
  }

  /**
   * fetchPage asks revl-dap for more of a paged timeline (the next lanes
   * or emission rows, or the decisions around one) and merges it into the
   * timeline held; the view keeps its selection.
   */
  fetchPage(want: PageWant, position?: number): Promise<void> {
    const s = this.session;
    const m = this.model;
    const args = m ? pageRequest(m, want) : undefined;
    if (!s || !m || !args) {
      this.postModel(true); // the view waits for an answer
      return Promise.resolve();
    }
    if (this.fetching) {
      // One request at a time: ask again after it, for what is still missing then.
      return this.fetching.then(() => {
        const cur = this.model;
        if (cur && want.what === 'decisions' && holds(cur, want.around)) {
          if (position !== undefined) {
            cur.position = position;
            this.view?.post({ type: 'position', decision: position });
          }
          return;
        }
        return this.fetchPage(want, position);
      });
    }
    return this.fetch(async () => {
      const raw = await s.customRequest('revl/timeline', args);
      if (s !== this.session || m !== this.model) return;
      this.model = mergePage(m, want, raw);
      if (position !== undefined) this.model.position = position;
      this.postModel(true);
    });
  }

  /**
   * fetch runs one request of the timeline (the only one in flight, as
   * this.fetching), and shows its failure in the log and the view.
   */
  private fetch(work: () => Promise<void>): Promise<void> {
    this.fetching = (async () => {
      try {
        await work();
      } catch (e) {
        const msg = `revl/timeline failed: ${(e as Error).message ?? e}`;
        this.host.log(msg);
        this.view?.post({ type: 'error', message: msg });
      } finally {
        this.fetching = undefined;
      }
    })();
    return this.fetching;
  }

  onEnded(session: vscode.DebugSession) {
    if (session === this.session) {
      this.session = undefined;
      this.view?.post({ type: 'ended' });
    }
  }

  /**
   * refresh asks the adapter for the timeline again: whole, as before
   * pages, for a composition up to 2,000 components; above, revl-dap
   * answers its first page, or, once the panel holds a page, the page of
   * decisions around the position.
   */
  refresh(position?: number): Promise<void> {
    const s = this.session;
    if (!s) return Promise.resolve();
    if (this.fetching) return this.fetching;
    return this.fetch(async () => {
      const held = this.model;
      const k = position ?? held?.position;
      const args = held?.page && k !== undefined && k >= 0 ? { from: Math.max(0, k - 100), to: Math.max(0, k - 100) + 200 } : {};
      const raw = await s.customRequest('revl/timeline', args);
      if (s !== this.session) return;
      let m = readTimeline(raw);
      if (position !== undefined) m.position = position;
      if (m.page && m.position >= 0 && m.position < m.total && !holds(m, m.position)) {
        // The first page of a large composition does not hold the position: the page around it.
        const want: PageWant = { what: 'decisions', around: m.position };
        const more = pageRequest(m, want);
        if (more) m = Object.assign(mergePage(m, want, await s.customRequest('revl/timeline', more)), { position: m.position });
        if (s !== this.session) return;
      }
      this.model = m;
      this.postModel();
    });
  }

  private postModel(merged = false) {
    if (!this.model || !this.view) return;
    this.view.post({ type: 'timeline', timeline: this.model.view, source: 'debug', position: this.model.position, title: this.session?.name, ...(merged ? { merged } : {}) });
  }

  private async onMessage(m: FromWebview) {
    const s = this.session;
    switch (m.type) {
      case 'gotoDecision':
        if (!s) {
          void vscode.window.showInformationMessage('The debug session has ended: start it again to travel to a decision.');
          return;
        }
        try {
          await s.customRequest('revl/gotoDecision', { index: m.index });
        } catch (e) {
          void vscode.window.showErrorMessage(`revl: going to decision ${m.index} failed: ${(e as Error).message ?? e}`);
        }
        return;
      case 'reveal':
        await revealInProgram(this.model?.program ?? String(s?.configuration.program ?? ''), m.line, m.col);
        return;
      case 'copyReplay':
        await this.host.copyReplay({ session: s, model: this.model });
        return;
      case 'page':
        await this.fetchPage(m.want);
        return;
      default:
        return;
    }
  }

  dispose() {
    this.panel?.dispose();
  }
}

/** revealInProgram opens the program at a 1-based line and column. */
export async function revealInProgram(program: string, line: number, col = 1) {
  if (!program) return;
  try {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(program));
    const pos = new vscode.Position(Math.max(0, line - 1), Math.max(0, col - 1));
    await vscode.window.showTextDocument(doc, { selection: new vscode.Range(pos, pos), viewColumn: vscode.ViewColumn.One, preserveFocus: false });
  } catch {
    // the program is not on disk (a trace from elsewhere): nothing to show
  }
}

/** The read-only editor for .rvt files: its body is `revl trace show --json FILE`, no debug session. */
export class TraceEditorProvider implements vscode.CustomReadonlyEditorProvider {
  static readonly viewType = 'revl.traceTimeline';

  constructor(
    private host: TimelineHost,
    private load: (trace: string) => Promise<{ timeline: unknown; note?: string }>,
  ) {}

  openCustomDocument(uri: vscode.Uri): vscode.CustomDocument {
    return { uri, dispose: () => undefined };
  }

  async resolveCustomEditor(doc: vscode.CustomDocument, panel: vscode.WebviewPanel): Promise<void> {
    const trace = doc.uri.fsPath;
    let model: TimelineModel | undefined;
    const view = new TimelineWebview(panel.webview, this.host.extensionUri, `revl trace ${trace}`, async (m) => {
      switch (m.type) {
        case 'reveal':
          await revealInProgram(model?.program ?? '', m.line, m.col);
          return;
        case 'debugTrace':
          await vscode.debug.startDebugging(vscode.workspace.getWorkspaceFolder(doc.uri), {
            type: 'revl', request: 'launch', name: `revl: trace ${trace.split(/[\\/]/).pop()}`, trace,
            ...(model?.program ? { program: model.program } : {}), stopOnEntry: true,
          });
          return;
        case 'copyReplay':
          await this.host.copyReplay({ model, trace });
          return;
        default:
          return;
      }
    });
    panel.onDidDispose(() => view.dispose());
    try {
      const { timeline, note } = await this.load(trace);
      model = readTimeline(timeline);
      view.post({ type: 'timeline', timeline: model.view, source: 'trace', title: trace.split(/[\\/]/).pop(), position: model.position, note });
    } catch (e) {
      view.post({ type: 'error', message: `Could not read ${trace}: ${(e as Error).message ?? e}` });
    }
  }
}

export { choicesTaken };
