"use strict";
// A small Debug Adapter Protocol client over a child process's stdio. The
// extension uses it to read a trace's timeline from revl-dap without
// starting a debug session (the .rvt viewer); the tests use it too.
Object.defineProperty(exports, "__esModule", { value: true });
exports.DapClient = void 0;
exports.readTimeline = readTimeline;
const child_process_1 = require("child_process");
class DapClient {
    proc;
    buf = Buffer.alloc(0);
    seq = 1;
    pending = new Map();
    waiters = [];
    events = [];
    stderr = '';
    exited;
    constructor(command, args = [], opts = {}) {
        this.proc = (0, child_process_1.spawn)(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
        this.proc.stdout.on('data', (d) => this.onData(d));
        this.proc.stderr.on('data', (d) => { this.stderr += d.toString(); });
        const fail = (e) => {
            this.exited = e;
            for (const p of this.pending.values())
                p.reject(e);
            this.pending.clear();
        };
        this.proc.on('error', (e) => fail(new Error(`${command}: ${e.message}`)));
        this.proc.on('exit', (code, sig) => fail(new Error(`${command} exited (${sig ?? code})${this.stderr ? ': ' + this.stderr.trim().split('\n').slice(-3).join(' | ') : ''}`)));
    }
    onData(d) {
        this.buf = Buffer.concat([this.buf, d]);
        for (;;) {
            const sep = this.buf.indexOf('\r\n\r\n');
            if (sep < 0)
                return;
            const m = /Content-Length:\s*(\d+)/i.exec(this.buf.subarray(0, sep).toString('ascii'));
            if (!m) {
                this.buf = this.buf.subarray(sep + 4);
                continue;
            }
            const len = Number(m[1]);
            if (this.buf.length < sep + 4 + len)
                return;
            const body = this.buf.subarray(sep + 4, sep + 4 + len).toString('utf8');
            this.buf = this.buf.subarray(sep + 4 + len);
            let msg;
            try {
                msg = JSON.parse(body);
            }
            catch {
                continue;
            }
            this.dispatch(msg);
        }
    }
    dispatch(msg) {
        if (msg.type === 'response' && msg.request_seq !== undefined) {
            const p = this.pending.get(msg.request_seq);
            if (!p)
                return;
            this.pending.delete(msg.request_seq);
            if (msg.success)
                p.resolve(msg);
            else
                p.reject(new Error(`${p.command}: ${msg.message ?? 'failed'}${msg.body && msg.body.error?.format ? ': ' + msg.body.error.format : ''}`));
        }
        else if (msg.type === 'event') {
            this.events.push(msg);
            const i = this.waiters.findIndex((w) => w.event === msg.event);
            if (i >= 0)
                this.waiters.splice(i, 1)[0].resolve(msg);
        }
        else if (msg.type === 'request') {
            // Reverse requests (runInTerminal, startDebugging): refuse politely.
            this.write({ seq: this.seq++, type: 'response', request_seq: msg.seq, command: msg.command, success: false, message: 'not supported' });
        }
    }
    write(m) {
        const json = JSON.stringify(m);
        this.proc.stdin.write(`Content-Length: ${Buffer.byteLength(json, 'utf8')}\r\n\r\n${json}`);
    }
    /** request sends a request and resolves with its (successful) response. */
    request(command, args, timeoutMs = 20000) {
        if (this.exited)
            return Promise.reject(this.exited);
        const seq = this.seq++;
        return new Promise((resolve, reject) => {
            const t = setTimeout(() => {
                this.pending.delete(seq);
                reject(new Error(`${command}: no response in ${timeoutMs}ms`));
            }, timeoutMs);
            this.pending.set(seq, {
                resolve: (m) => { clearTimeout(t); resolve(m); },
                reject: (e) => { clearTimeout(t); reject(e); },
                command,
            });
            this.write({ seq, type: 'request', command, arguments: args });
        });
    }
    /** waitEvent resolves with the next event of that name (or one already received). */
    waitEvent(event, timeoutMs = 20000) {
        const seen = this.events.find((e) => e.event === event);
        if (seen) {
            this.events.splice(this.events.indexOf(seen), 1);
            return Promise.resolve(seen);
        }
        return new Promise((resolve, reject) => {
            const w = { event, resolve: (m) => { clearTimeout(t); this.events.splice(this.events.indexOf(m), 1); resolve(m); } };
            const t = setTimeout(() => {
                this.waiters.splice(this.waiters.indexOf(w), 1);
                reject(new Error(`no ${event} event in ${timeoutMs}ms`));
            }, timeoutMs);
            this.waiters.push(w);
        });
    }
    /** close disconnects (politely if the adapter still runs) and kills the process. */
    async close() {
        if (!this.exited) {
            try {
                await this.request('disconnect', { terminateDebuggee: true }, 3000);
            }
            catch {
                // already gone
            }
        }
        this.proc.kill();
    }
}
exports.DapClient = DapClient;
/**
 * readTimeline opens a launch configuration (typically { trace }) in revl-dap
 * without a debug session and returns its `revl/timeline` answer.
 */
async function readTimeline(dapCommand, launch, opts = {}) {
    const c = new DapClient(dapCommand, [], { cwd: opts.cwd });
    try {
        await c.request('initialize', {
            clientID: 'revl-timeline', clientName: 'revl timeline viewer', adapterID: 'revl', pathFormat: 'path',
            linesStartAt1: true, columnsStartAt1: true, supportsVariableType: true,
        });
        const launched = c.request('launch', { stopOnEntry: true, ...launch });
        await Promise.race([c.waitEvent('initialized'), launched]);
        await c.request('configurationDone').catch(() => undefined);
        await launched;
        const r = await c.request('revl/timeline', {});
        return r.body;
    }
    finally {
        await c.close();
    }
}
//# sourceMappingURL=dapClient.js.map