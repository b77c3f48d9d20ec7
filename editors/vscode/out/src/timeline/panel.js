"use strict";
// The timeline view inside VS Code: a webview panel that follows the
// active revl debug session, and a read-only custom editor for .rvt traces
// that needs no debug session.
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.choicesTaken = exports.TraceEditorProvider = exports.DebugTimelinePanel = exports.TimelineWebview = void 0;
exports.revealInProgram = revealInProgram;
const vscode = __importStar(require("vscode"));
const html_1 = require("./html");
const model_1 = require("./model");
Object.defineProperty(exports, "choicesTaken", { enumerable: true, get: function () { return model_1.choicesTaken; } });
/** A webview that shows the timeline page and queues messages until the page is ready. */
class TimelineWebview {
    webview;
    ready = false;
    queue = [];
    last;
    lastPosition;
    subs = [];
    constructor(webview, extensionUri, title, onMessage) {
        this.webview = webview;
        const media = vscode.Uri.joinPath(extensionUri, 'media');
        webview.options = { enableScripts: true, localResourceRoots: [media] };
        webview.html = (0, html_1.timelinePage)({
            scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'timeline.js')).toString(),
            styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'timeline.css')).toString(),
            cspSource: webview.cspSource,
            nonce: (0, html_1.makeNonce)(),
            title,
        });
        this.subs.push(webview.onDidReceiveMessage((m) => {
            if (m && m.type === 'ready') {
                this.ready = true;
                // A page that reloads (it was hidden and restored) gets the state again.
                const replay = [...(this.last ? [this.last] : []), ...(this.lastPosition ? [this.lastPosition] : []), ...this.queue];
                this.queue = [];
                for (const q of replay)
                    void this.webview.postMessage(q);
                return;
            }
            onMessage(m);
        }));
    }
    post(m) {
        if (m.type === 'timeline') {
            this.last = m;
            this.lastPosition = undefined;
        }
        else if (m.type === 'position') {
            this.lastPosition = m;
        }
        if (this.ready)
            void this.webview.postMessage(m);
        else if (m.type !== 'timeline' && m.type !== 'position')
            this.queue.push(m);
    }
    dispose() {
        for (const s of this.subs)
            s.dispose();
    }
}
exports.TimelineWebview = TimelineWebview;
/**
 * The panel that follows revl debug sessions: it asks the adapter for
 * `revl/timeline` when the session first stops, moves with `revl/position`
 * events, and sends `revl/gotoDecision` when a decision is clicked.
 */
class DebugTimelinePanel {
    host;
    static viewType = 'revl.timelinePanel';
    panel;
    view;
    session;
    model;
    fetching;
    sawPosition = false;
    constructor(host) {
        this.host = host;
    }
    get currentSession() {
        return this.session;
    }
    get currentModel() {
        return this.model;
    }
    /** show opens (or reveals) the panel beside the editor. */
    show(preserveFocus = true) {
        if (!this.panel) {
            this.panel = vscode.window.createWebviewPanel(DebugTimelinePanel.viewType, 'revl timeline', { viewColumn: vscode.ViewColumn.Beside, preserveFocus }, { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [vscode.Uri.joinPath(this.host.extensionUri, 'media')] });
            this.panel.iconPath = vscode.Uri.joinPath(this.host.extensionUri, 'media', 'icon.png');
            this.view = new TimelineWebview(this.panel.webview, this.host.extensionUri, 'revl timeline', (m) => this.onMessage(m));
            this.panel.onDidDispose(() => {
                this.view?.dispose();
                this.view = undefined;
                this.panel = undefined;
            });
            if (this.model)
                this.postModel();
        }
        else {
            this.panel.reveal(undefined, preserveFocus);
        }
    }
    /** attach follows a new session (the timeline is fetched when it stops). */
    attach(session) {
        this.session = session;
        this.model = undefined;
        this.sawPosition = false;
        if (this.panel)
            this.panel.title = `revl timeline: ${session.name}`;
    }
    onStopped(session) {
        if (session !== this.session)
            this.attach(session);
        if (!this.model || !this.sawPosition)
            void this.refresh();
    }
    onPosition(session, body) {
        if (session !== this.session)
            this.attach(session);
        this.sawPosition = true;
        const k = (0, model_1.positionOf)(body);
        const b = (body ?? {});
        const changed = b.timelineChanged === true || b.reload === true ||
            (typeof b.decisions === 'number' && this.model !== undefined && b.decisions !== this.model.decisions.length);
        if (!this.model || changed || (k !== undefined && k >= this.model.decisions.length)) {
            void this.refresh(k);
            return;
        }
        if (k !== undefined) {
            this.model.position = k;
            this.view?.post({ type: 'position', decision: k });
        }
    }
    onEnded(session) {
        if (session === this.session) {
            this.session = undefined;
            this.view?.post({ type: 'ended' });
        }
    }
    /** refresh asks the adapter for the whole timeline again. */
    refresh(position) {
        const s = this.session;
        if (!s)
            return Promise.resolve();
        if (this.fetching)
            return this.fetching;
        this.fetching = (async () => {
            try {
                const raw = await s.customRequest('revl/timeline', {});
                if (s !== this.session)
                    return;
                this.model = (0, model_1.normalizeTimeline)(raw);
                if (position !== undefined)
                    this.model.position = position;
                this.postModel();
            }
            catch (e) {
                const msg = `revl/timeline failed: ${e.message ?? e}`;
                this.host.log(msg);
                this.view?.post({ type: 'error', message: msg });
            }
            finally {
                this.fetching = undefined;
            }
        })();
        return this.fetching;
    }
    postModel() {
        if (!this.model || !this.view)
            return;
        this.view.post({ type: 'timeline', timeline: this.model, source: 'debug', position: this.model.position, title: this.session?.name });
    }
    async onMessage(m) {
        const s = this.session;
        switch (m.type) {
            case 'gotoDecision':
                if (!s) {
                    void vscode.window.showInformationMessage('The debug session has ended: start it again to travel to a decision.');
                    return;
                }
                try {
                    await s.customRequest('revl/gotoDecision', { index: m.index });
                }
                catch (e) {
                    void vscode.window.showErrorMessage(`revl: going to decision ${m.index} failed: ${e.message ?? e}`);
                }
                return;
            case 'reveal':
                await revealInProgram(this.model?.program ?? String(s?.configuration.program ?? ''), m.line, m.col);
                return;
            case 'copyReplay':
                await this.host.copyReplay({ session: s, model: this.model });
                return;
            default:
                return;
        }
    }
    dispose() {
        this.panel?.dispose();
    }
}
exports.DebugTimelinePanel = DebugTimelinePanel;
/** revealInProgram opens the program at a 1-based line and column. */
async function revealInProgram(program, line, col = 1) {
    if (!program)
        return;
    try {
        const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(program));
        const pos = new vscode.Position(Math.max(0, line - 1), Math.max(0, col - 1));
        await vscode.window.showTextDocument(doc, { selection: new vscode.Range(pos, pos), viewColumn: vscode.ViewColumn.One, preserveFocus: false });
    }
    catch {
        // the program is not on disk (a trace from elsewhere): nothing to show
    }
}
/** The read-only editor for .rvt files. */
class TraceEditorProvider {
    host;
    load;
    static viewType = 'revl.traceTimeline';
    constructor(host, load) {
        this.host = host;
        this.load = load;
    }
    openCustomDocument(uri) {
        return { uri, dispose: () => undefined };
    }
    async resolveCustomEditor(doc, panel) {
        const trace = doc.uri.fsPath;
        let model;
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
            model = (0, model_1.normalizeTimeline)(timeline);
            view.post({ type: 'timeline', timeline: model, source: 'trace', title: trace.split(/[\\/]/).pop(), position: model.position, note });
        }
        catch (e) {
            view.post({ type: 'error', message: `Could not read ${trace}: ${e.message ?? e}` });
        }
    }
}
exports.TraceEditorProvider = TraceEditorProvider;
//# sourceMappingURL=panel.js.map