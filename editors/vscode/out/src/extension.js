"use strict";
// The revl extension: the language (grammar, configuration), the language
// client for revl-lsp, the `revl` debugger (revl-dap), the timeline view
// and the commands that tie them together.
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
exports.activate = activate;
exports.deactivate = deactivate;
const vscode = __importStar(require("vscode"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const child_process_1 = require("child_process");
const node_1 = require("vscode-languageclient/node");
const launch_1 = require("./launch");
const settings_1 = require("./settings");
const replay_1 = require("./replay");
const sweep_1 = require("./sweep");
const panel_1 = require("./timeline/panel");
const model_1 = require("./timeline/model");
const dapClient_1 = require("./dapClient");
let client;
let output;
const sweeps = new Map();
function log(line) {
    output?.appendLine(line);
}
/** tool returns the command to run for a tool, honouring workspace trust. */
function tool(t, folder) {
    const cfg = vscode.workspace.getConfiguration('revl', folder?.uri);
    const p = (0, settings_1.toolPath)(t, cfg.inspect(settings_1.TOOL_SETTINGS[t]), vscode.workspace.isTrusted);
    if (p.ignored)
        log(`workspace trust: ignoring revl.${settings_1.TOOL_SETTINGS[t]} = ${p.ignored} from an untrusted workspace; using ${p.command}`);
    return (0, settings_1.expandPath)(p.command, { workspaceFolder: folder?.uri.fsPath ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath, home: os.homedir() });
}
function seeds(uri) {
    return (0, settings_1.sweepSize)(vscode.workspace.getConfiguration('revl', uri).get('sweep.seeds'));
}
function activeFile() {
    const ed = vscode.window.activeTextEditor;
    if (ed && ed.document.uri.scheme === 'file')
        return ed.document.uri.fsPath;
    const tab = vscode.window.tabGroups?.activeTabGroup.activeTab?.input;
    return tab?.uri?.scheme === 'file' ? tab.uri.fsPath : undefined;
}
function activeProgram(arg) {
    if (arg instanceof vscode.Uri)
        return arg.fsPath;
    if (typeof arg === 'string')
        return arg;
    const f = activeFile();
    return (0, launch_1.isRevlFile)(f) ? f : undefined;
}
// ---------------------------------------------------------------- language client
async function startClient(context) {
    const command = tool('revl-lsp');
    const serverOptions = { command, args: ['-seeds', String(seeds())], options: { cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath } };
    const clientOptions = {
        documentSelector: [{ scheme: 'file', language: 'revl' }, { scheme: 'untitled', language: 'revl' }],
        outputChannel: output,
        revealOutputChannelOn: node_1.RevealOutputChannelOn.Never,
        middleware: {
            // The server's lenses are bound to its commands. `revl.debugSchedule`
            // replays the vector in the server and answers with a launch
            // configuration: start a debug session with it.
            executeCommand: async (command, args, next) => {
                if (command === 'revl.debugSchedule') {
                    const a = (args[0] ?? {});
                    let launch;
                    try {
                        const r = (await next(command, args));
                        launch = r?.launch;
                    }
                    catch (e) {
                        log(`revl.debugSchedule: ${e.message ?? e}; starting the debugger with the lens's vector`);
                    }
                    launch = launch ?? { type: 'revl', request: 'launch', name: `revl: schedule [${(a.choices ?? []).join(',')}]`, program: a.program, choices: a.choices };
                    await startDebug({ ...launch, stopOnEntry: true });
                    return undefined;
                }
                const result = await next(command, args);
                if (command === 'revl.runSchedules' && result) {
                    const r = (0, sweep_1.fromLsp)(result);
                    if (r.program)
                        sweeps.set(r.program, r);
                    void reportSweep(r);
                }
                return result;
            },
        },
    };
    client = new node_1.LanguageClient('revl', 'revl language server', serverOptions, clientOptions);
    try {
        await client.start();
        log(`revl-lsp started: ${command}`);
    }
    catch (e) {
        const msg = `revl: could not start the language server (${command}): ${e.message ?? e}`;
        log(msg);
        void vscode.window.showWarningMessage(msg + '. Set "revl.path.lsp" to its path.', 'Open Settings').then((a) => {
            if (a)
                void vscode.commands.executeCommand('workbench.action.openSettings', 'revl.path');
        });
        client = undefined;
    }
    context.subscriptions.push({ dispose: () => void client?.stop() });
}
// ---------------------------------------------------------------- sweeps
async function runSweep(program) {
    const n = seeds(vscode.Uri.file(program));
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `revl: running ${n} schedules of ${path.basename(program)}`, cancellable: true }, async (_p, token) => {
        let r;
        if (client && client.state === node_1.State.Running) {
            const raw = await client.sendRequest(node_1.ExecuteCommandRequest.type, { command: 'revl.runSchedules', arguments: [{ program, seeds: n }] }, token);
            r = (0, sweep_1.fromLsp)(raw);
        }
        else {
            r = (0, sweep_1.fromCli)(await runCli(['test', program, '--schedule-seeds', String(n), '--json'], path.dirname(program), token));
        }
        sweeps.set(program, r);
        return r;
    });
}
function runCli(args, cwd, token) {
    const command = tool('revl');
    return new Promise((resolve, reject) => {
        const p = (0, child_process_1.execFile)(command, args, { cwd, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
            // Exit 1 means findings: the JSON is still there.
            if (err && err.code !== 1 && !stdout) {
                reject(new Error(`${command} ${args.join(' ')}: ${stderr || err.message}`));
                return;
            }
            try {
                resolve(JSON.parse(stdout));
            }
            catch {
                reject(new Error(`${command} ${args.join(' ')}: ${stderr.trim() || 'no JSON output'}`));
            }
        });
        token?.onCancellationRequested(() => p.kill());
    });
}
async function reportSweep(r) {
    log(`sweep ${r.program}: ${r.summary}`);
    if (!r.failures.length) {
        void vscode.window.showInformationMessage(`revl: ${r.summary || 'no failing schedule'}`);
        return;
    }
    const a = await vscode.window.showWarningMessage(`revl: ${r.summary}`, 'Debug failing schedule', 'Copy replay command');
    if (a === 'Debug failing schedule')
        await debugFailing(r.program);
    if (a === 'Copy replay command')
        await copyText(r.failures[0].replay ?? (0, replay_1.replayCommand)({ program: r.program, choices: r.failures[0].choices }, { revl: 'revl', cwd: workspaceDir(r.program) }));
}
async function pickFailure(program) {
    let r = sweeps.get(program);
    if (!r)
        r = await runSweep(program);
    if (!r)
        return undefined;
    if (!r.failures.length) {
        void vscode.window.showInformationMessage(`revl: no failing schedule in ${r.seeds} seeds of ${path.basename(program)}.`);
        return undefined;
    }
    if (r.failures.length === 1)
        return r.failures[0];
    const item = await vscode.window.showQuickPick(r.failures.map((f) => ({ label: (0, sweep_1.failureLabel)(f), detail: (0, sweep_1.failureDetail)(f), f })), { placeHolder: 'Which failing schedule?' });
    return item?.f;
}
async function debugFailing(arg) {
    const program = activeProgram(arg);
    if (!program) {
        void vscode.window.showErrorMessage('revl: open a .rvl file to debug its failing schedule.');
        return;
    }
    const f = await pickFailure(program);
    if (!f)
        return;
    await startDebug({ type: 'revl', request: 'launch', name: `revl: schedule [${f.choices.join(',')}]`, program, choices: f.choices, stopOnEntry: true });
}
async function startDebug(c) {
    const folder = c.program ? vscode.workspace.getWorkspaceFolder(vscode.Uri.file(String(c.program))) : vscode.workspace.workspaceFolders?.[0];
    await vscode.debug.startDebugging(folder, c);
}
function workspaceDir(p) {
    if (!p)
        return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    return vscode.workspace.getWorkspaceFolder(vscode.Uri.file(p))?.uri.fsPath;
}
async function copyText(text) {
    await vscode.env.clipboard.writeText(text);
    void vscode.window.showInformationMessage(`revl: copied \`${text}\``);
    log(`copied: ${text}`);
}
// ---------------------------------------------------------------- debugger
class ConfigurationProvider {
    provideDebugConfigurations(folder) {
        const program = activeProgram();
        const r = program ? sweeps.get(program) : undefined;
        const rel = program && folder && program.startsWith(folder.uri.fsPath + path.sep)
            ? '${workspaceFolder}/' + path.relative(folder.uri.fsPath, program).split(path.sep).join('/')
            : '${file}';
        return (0, launch_1.initialConfigurations)({ program: rel, failingSeed: (0, sweep_1.firstFailingSeed)(r), failingChoices: r?.failures[0]?.choices });
    }
    resolveDebugConfiguration(_folder, config) {
        const program = activeProgram();
        const res = (0, launch_1.resolveLaunch)(config, { activeFile: activeFile(), defaultSeed: (0, sweep_1.firstFailingSeed)(program ? sweeps.get(program) : undefined) });
        if (res.error !== undefined) {
            void vscode.window.showErrorMessage(res.error);
            return undefined;
        }
        return res.config;
    }
}
class AdapterFactory {
    createDebugAdapterDescriptor(session) {
        const command = tool('revl-dap', session.workspaceFolder);
        log(`debug ${session.name}: ${command} (${(0, launch_1.describeSchedule)(session.configuration)})`);
        return new vscode.DebugAdapterExecutable(command, [], { cwd: session.workspaceFolder?.uri.fsPath ?? workspaceDir(session.configuration.program) });
    }
}
// ---------------------------------------------------------------- timeline
async function loadTrace(trace) {
    const cwd = path.dirname(trace);
    try {
        return { timeline: await (0, dapClient_1.readTimeline)(tool('revl-dap'), { trace }, { cwd }) };
    }
    catch (e) {
        log(`reading ${trace} with revl-dap failed (${e.message ?? e}); falling back to revl trace export`);
        const text = await new Promise((resolve, reject) => {
            (0, child_process_1.execFile)(tool('revl'), ['trace', 'export', trace, '--format', 'jsonl'], { cwd, maxBuffer: 256 << 20 }, (err, stdout, stderr) => {
                if (err && !stdout)
                    reject(new Error(stderr.trim() || err.message));
                else
                    resolve(stdout);
            });
        });
        return { timeline: (0, model_1.fromJSONL)(text), note: 'A partial view from `revl trace export` (revl-dap could not be run): no ready sets, choices or residue counts.' };
    }
}
async function copyReplay(src = {}) {
    const session = src.session ?? (vscode.debug.activeDebugSession?.type === 'revl' ? vscode.debug.activeDebugSession : undefined);
    let cmd;
    if (session) {
        const c = session.configuration;
        const model = src.model ?? timeline.currentModel;
        const taken = model ? (0, model_1.choicesTaken)(model) : [];
        const choices = typeof c.choices === 'string' ? (0, launch_1.parseChoices)(c.choices) : c.choices;
        cmd = (0, replay_1.replayCommand)({ program: c.program ?? model?.program, seed: c.seed, choices: Array.isArray(choices) ? choices : undefined, trace: c.trace, taken, mocks: c.mocks }, { cwd: workspaceDir(c.program) });
    }
    else if (src.trace || (0, launch_1.isTraceFile)(activeFile())) {
        cmd = (0, replay_1.replayCommand)({ trace: src.trace ?? activeFile() }, { cwd: workspaceDir(src.trace ?? activeFile()) });
    }
    else {
        const program = activeProgram();
        const r = program ? sweeps.get(program) : undefined;
        if (program && r && r.failures.length) {
            cmd = (0, replay_1.replayCommand)({ program, choices: r.failures[0].choices }, { cwd: workspaceDir(program) });
        }
        else if (program) {
            void vscode.window.showInformationMessage('revl: run a schedule sweep (or start a debug session) first: there is no schedule to replay yet.', 'Run schedule sweep').then((a) => {
                if (a)
                    void vscode.commands.executeCommand('revl.runScheduleSweep');
            });
            return;
        }
    }
    if (!cmd) {
        void vscode.window.showErrorMessage('revl: nothing to replay: open a .rvl file or a .rvt trace, or start a revl debug session.');
        return;
    }
    await copyText(cmd);
}
let timeline;
// ---------------------------------------------------------------- activation
async function activate(context) {
    output = vscode.window.createOutputChannel('revl');
    context.subscriptions.push(output);
    const host = { extensionUri: context.extensionUri, log, copyReplay };
    timeline = new panel_1.DebugTimelinePanel(host);
    context.subscriptions.push(timeline);
    context.subscriptions.push(vscode.debug.registerDebugConfigurationProvider('revl', new ConfigurationProvider()), vscode.debug.registerDebugAdapterDescriptorFactory('revl', new AdapterFactory()), vscode.debug.registerDebugAdapterTrackerFactory('revl', {
        createDebugAdapterTracker: (session) => ({
            onDidSendMessage: (m) => {
                if (m.type !== 'event')
                    return;
                if (m.event === 'stopped')
                    timeline.onStopped(session);
                else if (m.event === 'revl/position')
                    timeline.onPosition(session, m.body);
            },
            onError: (e) => log(`debug adapter error: ${e.message}`),
            onExit: (code, signal) => log(`revl-dap exited (${signal ?? code})`),
        }),
    }), vscode.debug.onDidStartDebugSession((s) => {
        if (s.type !== 'revl')
            return;
        timeline.attach(s);
        if (vscode.workspace.getConfiguration('revl').get('timeline.openOnDebug', true))
            timeline.show(true);
    }), vscode.debug.onDidTerminateDebugSession((s) => timeline.onEnded(s)), vscode.window.registerCustomEditorProvider(panel_1.TraceEditorProvider.viewType, new panel_1.TraceEditorProvider(host, loadTrace), {
        webviewOptions: { retainContextWhenHidden: true }, supportsMultipleEditorsPerDocument: true,
    }), vscode.commands.registerCommand('revl.runScheduleSweep', async (arg) => {
        const program = activeProgram(arg);
        if (!program) {
            void vscode.window.showErrorMessage('revl: open a .rvl file to run its schedule sweep.');
            return;
        }
        const r = await runSweep(program).catch((e) => {
            void vscode.window.showErrorMessage(`revl: the sweep failed: ${e.message ?? e}`);
            return undefined;
        });
        if (r)
            await reportSweep(r);
    }), vscode.commands.registerCommand('revl.debugFailingSchedule', (arg) => debugFailing(arg)), vscode.commands.registerCommand('revl.showTimeline', async (arg) => {
        const f = arg instanceof vscode.Uri ? arg.fsPath : activeFile();
        if (!timeline.currentSession && (0, launch_1.isTraceFile)(f)) {
            await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(f), panel_1.TraceEditorProvider.viewType);
            return;
        }
        if (!timeline.currentSession && !vscode.debug.activeDebugSession) {
            const pick = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { 'revl traces': ['rvt'] }, openLabel: 'Show timeline' });
            if (pick?.[0])
                await vscode.commands.executeCommand('vscode.openWith', pick[0], panel_1.TraceEditorProvider.viewType);
            return;
        }
        timeline.show(false);
        if (!timeline.currentModel)
            await timeline.refresh();
    }), vscode.commands.registerCommand('revl.copyReplayCommand', () => copyReplay()), vscode.workspace.onDidGrantWorkspaceTrust(async () => {
        // Paths from the workspace's settings may now be used.
        await client?.stop().catch(() => undefined);
        await startClient(context);
    }), vscode.workspace.onDidChangeConfiguration(async (e) => {
        if (e.affectsConfiguration('revl.path.lsp') || e.affectsConfiguration('revl.sweep.seeds')) {
            await client?.stop().catch(() => undefined);
            await startClient(context);
        }
    }));
    await startClient(context);
}
async function deactivate() {
    await client?.stop().catch(() => undefined);
}
//# sourceMappingURL=extension.js.map