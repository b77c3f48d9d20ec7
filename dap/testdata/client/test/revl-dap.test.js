// revl-dap driven by Microsoft's DAP test client (@vscode/debugadapter-testsupport)
// over stdio: launch with a seed, hit a breakpoint, step, step back,
// reverse-continue, read variables. Any protocol error fails the suite:
// every response must succeed and every message must be well formed.
//
// REVL_DAP names the built adapter (go build -o ... ./cmd/revl-dap).
'use strict';

const { test, beforeEach, afterEach } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const ADAPTER = process.env.REVL_DAP || path.join(__dirname, '..', 'bin', 'revl-dap');
const PROGRAM = path.join(__dirname, '..', '..', 'worked.rvl');
const B_LINE = 5; // component B requires log: Log { emit log.write("B up") }

let dc;
let protocolErrors;

// checkProtocol wraps the client's dispatcher: every message must be a
// response or an event with an increasing seq, and every response must
// answer a request and succeed.
function checkProtocol(client) {
  let lastSeq = 0;
  const dispatch = client.dispatch.bind(client);
  client.dispatch = (body) => {
    let m;
    try {
      m = JSON.parse(body);
    } catch (e) {
      protocolErrors.push(`not JSON: ${body}`);
      return;
    }
    if (m.type !== 'response' && m.type !== 'event') protocolErrors.push(`bad type: ${body}`);
    if (!(m.seq > lastSeq)) protocolErrors.push(`seq ${m.seq} after ${lastSeq}`);
    lastSeq = m.seq;
    if (m.type === 'response' && !m.success) protocolErrors.push(`${m.command} failed: ${m.message}`);
    dispatch(body);
  };
}

// startClient starts the adapter with one argument (the test client
// passes one) as dc, checked by checkProtocol.
async function startClient(arg) {
  dc = new DebugClient(ADAPTER, arg, 'revl');
  dc.defaultTimeout = 10000;
  await dc.start();
  checkProtocol(dc);
}

beforeEach(async () => {
  protocolErrors = [];
  await startClient('--stdio');
});

afterEach(async () => {
  await dc.stop();
  assert.deepStrictEqual(protocolErrors, []);
});

async function stoppedAt(reason) {
  const ev = await dc.waitForEvent('stopped');
  assert.strictEqual(ev.body.reason, reason, `stopped for ${ev.body.reason}: ${ev.body.description || ''}`);
  const st = await dc.stackTraceRequest({ threadId: ev.body.threadId });
  return { ev, frame: st.body.stackFrames[0] };
}

test('capabilities advertise time travel', async () => {
  const r = await dc.initializeRequest({ adapterID: 'revl', linesStartAt1: true, columnsStartAt1: true });
  assert.ok(r.body.supportsStepBack);
  assert.ok(r.body.supportsConfigurationDoneRequest);
  assert.deepStrictEqual(r.body.exceptionBreakpointFilters.map((f) => f.filter),
    ['residue', 'deadlock', 'unstable', 'use-after-withdrawal', 'teardown-order', 'unbounded', 'undo-failure']);
});

test('seed 3: breakpoint, step, step back, reverse-continue, variables', async () => {
  await dc.hitBreakpoint({ program: PROGRAM, seed: 3, stopOnEntry: false }, { path: PROGRAM, line: B_LINE });

  // Over B's emission: it overtakes A's, which the unstable filter stops at.
  await Promise.all([dc.nextRequest({ threadId: 4 }), stoppedAt('exception')]);
  const info = await dc.exceptionInfoRequest({ threadId: 1 });
  assert.strictEqual(info.body.exceptionId, 'unstable');
  assert.match(info.body.description, /got log\.write\("B up"\), canonical log\.write\("A up"\)/);

  // Back over it: at B's statement again, nothing emitted yet.
  const back = await Promise.all([dc.stepBackRequest({ threadId: 1 }), stoppedAt('step')]);
  assert.strictEqual(back[1].frame.line, B_LINE);

  // Forward to the end, then back: to the violation, then the breakpoint.
  await Promise.all([dc.continueRequest({ threadId: 1 }), stoppedAt('exception')]);
  await Promise.all([dc.continueRequest({ threadId: 1 }), stoppedAt('end')]);
  await Promise.all([dc.reverseContinueRequest({ threadId: 1 }), stoppedAt('exception')]);
  const rc = await Promise.all([dc.reverseContinueRequest({ threadId: 1 }), stoppedAt('breakpoint')]);
  assert.strictEqual(rc[1].frame.line, B_LINE);

  // What else was ready when B was chosen: the scheduler's Decision scope.
  await Promise.all([dc.stepBackRequest({ threadId: 1, granularity: 'instruction' }), stoppedAt('step')]);
  const st = await dc.stackTraceRequest({ threadId: 1 });
  assert.match(st.body.stackFrames[0].name, /^decision 1: activate\(B\)$/);
  const scopes = await dc.scopesRequest({ frameId: st.body.stackFrames[0].id });
  const decision = scopes.body.scopes.find((s) => s.name === 'Decision');
  const vars = await dc.variablesRequest({ variablesReference: decision.variablesReference });
  const ready = vars.body.variables.find((v) => v.name === 'ready');
  assert.strictEqual(ready.value, '2 ready: activate(A), activate(B); picks [1] activate(B)');
  const items = await dc.variablesRequest({ variablesReference: ready.variablesReference });
  assert.deepStrictEqual(items.body.variables.map((v) => v.value),
    ['activate(A)', 'activate(B)  ← the schedule picks this one']);
});

test('a step back from decision 3 restores decision 2 exactly', async () => {
  await Promise.all([dc.configurationSequence(), dc.launch({ program: PROGRAM, seed: 3 }), stoppedAt('entry')]);
  await dc.setExceptionBreakpointsRequest({ filters: [] });
  const pos = [];
  dc.on('revl/position', (e) => pos.push(e.body));
  for (let i = 0; i < 3; i++) {
    await Promise.all([dc.nextRequest({ threadId: 1 }), stoppedAt('step')]);
  }
  await Promise.all([dc.stepBackRequest({ threadId: 1 }), stoppedAt('step')]);
  await Promise.all([dc.nextRequest({ threadId: 1 }), stoppedAt('step')]);
  assert.deepStrictEqual(pos[3], pos[1]);
  assert.deepStrictEqual(pos[4], pos[2]);
  const timeline = await dc.customRequest('revl/timeline', {});
  assert.deepStrictEqual(timeline.body.info.summary.choices, [0, 1, 1, 0, 0, 0]);
});

// Native time travel beyond step back: each request as VS Code sends it.

const STORE = path.join(__dirname, '..', '..', 'store.rvl');
const INSERT_LINE = 22; // m.insert(full, value), in Store's put

// launchAt starts a session stopped at the entry, with no exception
// breakpoints (so that continue runs to the data or the end).
async function launchAt(program, args = {}) {
  await Promise.all([
    dc.waitForEvent('initialized').then(async () => {
      await dc.setExceptionBreakpointsRequest({ filters: [] });
      await dc.configurationDoneRequest();
    }),
    dc.launch({ program, ...args }),
    stoppedAt('entry'),
  ]);
}

async function position(motion) {
  const pos = dc.waitForEvent('revl/position');
  await motion;
  return (await pos).body;
}

test('capabilities advertise goto, data breakpoints, setVariable, restartFrame, completions, cancel', async () => {
  const r = await dc.initializeRequest({ adapterID: 'revl', linesStartAt1: true, columnsStartAt1: true });
  for (const c of ['supportsGotoTargetsRequest', 'supportsDataBreakpoints', 'supportsSetVariable',
    'supportsRestartFrame', 'supportsCompletionsRequest', 'supportsCancelRequest']) {
    assert.strictEqual(r.body[c], true, c);
  }
});

test('goto: Jump to Cursor forward from the entry, then back from the end', async () => {
  await launchAt(STORE);
  const tg = await dc.gotoTargetsRequest({ source: { path: STORE }, line: INSERT_LINE });
  assert.strictEqual(tg.body.targets.length, 1);
  const targetId = tg.body.targets[0].id;

  const fwd = await position(Promise.all([dc.gotoRequest({ threadId: 1, targetId }), stoppedAt('goto')]));
  assert.strictEqual(fwd.line, INSERT_LINE);
  let key = await dc.evaluateRequest({ expression: '[key, value]', context: 'watch' });
  assert.strictEqual(key.body.result, '["a", "1"]');

  await Promise.all([dc.customRequest('revl/gotoDecision', { index: 6 }), stoppedAt('goto')]);
  const back = await position(Promise.all([dc.gotoRequest({ threadId: 1, targetId }), stoppedAt('goto')]));
  assert.strictEqual(back.line, INSERT_LINE);
  assert.ok(back.tick > fwd.tick, `back from the end to tick ${back.tick}, after the first put at ${fwd.tick}`);
  key = await dc.evaluateRequest({ expression: '[key, value]', context: 'watch' });
  assert.strictEqual(key.body.result, '["a", "0"]'); // App's last undo: kv.put("a", "0")
});

test('data breakpoint from the Variables pane: hit by continue and by reverseContinue', async () => {
  await launchAt(STORE);
  await Promise.all([dc.customRequest('revl/gotoDecision', { index: 2 }), stoppedAt('goto')]);
  const st = await dc.stackTraceRequest({ threadId: 1 });
  const scopes = await dc.scopesRequest({ frameId: st.body.stackFrames[0].id });
  const provisions = scopes.body.scopes.find((s) => s.name === 'Provisions');
  const info = await dc.dataBreakpointInfoRequest({ variablesReference: provisions.variablesReference, name: 'kv' });
  assert.strictEqual(info.body.dataId, 'provision:kv');
  assert.deepStrictEqual(info.body.accessTypes, ['read', 'write', 'readWrite']);
  const set = await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: info.body.dataId, accessType: 'read' }] });
  assert.strictEqual(set.body.breakpoints[0].verified, true);
  const id = set.body.breakpoints[0].id;

  // continue: App's first call through kv.
  const fwd = await Promise.all([dc.continueRequest({ threadId: 1 }), stoppedAt('data breakpoint')]);
  assert.deepStrictEqual(fwd[1].ev.body.hitBreakpointIds, [id]);
  assert.strictEqual(fwd[1].ev.body.description, 'provision:kv: used by App (kv.put)');
  let key = await dc.evaluateRequest({ expression: '[key, value]', context: 'watch' });
  assert.strictEqual(key.body.result, '["a", "1"]');

  // From the end, reverseContinue: the last use of kv, App's undo of put a.
  await Promise.all([dc.customRequest('revl/gotoDecision', { index: 6 }), stoppedAt('goto')]);
  const rev = await Promise.all([dc.reverseContinueRequest({ threadId: 1 }), stoppedAt('data breakpoint')]);
  assert.deepStrictEqual(rev[1].ev.body.hitBreakpointIds, [id]);
  key = await dc.evaluateRequest({ expression: '[key, value]', context: 'watch' });
  assert.strictEqual(key.body.result, '["a", "0"]');

  // A host resource: when was map#1 last changed? Its release.
  await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: 'resource:map#1', accessType: 'write' }] });
  await Promise.all([dc.customRequest('revl/gotoDecision', { index: 6 }), stoppedAt('goto')]);
  const rel = await Promise.all([dc.reverseContinueRequest({ threadId: 1 }), stoppedAt('data breakpoint')]);
  assert.strictEqual(rel[1].ev.body.description, 'resource:map#1: map#1.drop by Store');

  // An emission channel, forward from the entry.
  await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: 'channel:log.write' }] });
  await Promise.all([dc.customRequest('revl/gotoDecision', { index: 0 }), stoppedAt('goto')]);
  const em = await Promise.all([dc.continueRequest({ threadId: 1 }), stoppedAt('data breakpoint')]);
  assert.strictEqual(em[1].ev.body.description, 'channel:log.write: log.write("app up") by App');
});

test('setVariable on a decision\'s choice forks the run there', async () => {
  await launchAt(PROGRAM, { choices: '0,0,0,0,0,0' });
  await Promise.all([dc.customRequest('revl/gotoDecision', { index: 1 }), stoppedAt('goto')]);
  const st = await dc.stackTraceRequest({ threadId: 1 });
  const scopes = await dc.scopesRequest({ frameId: st.body.stackFrames[0].id });
  const decision = scopes.body.scopes.find((s) => s.name === 'Decision');
  const vars = await dc.variablesRequest({ variablesReference: decision.variablesReference });
  assert.strictEqual(vars.body.variables.find((v) => v.name === 'choice').value, '0');

  const console = [];
  dc.on('output', (e) => console.push(e.body.output));
  const [r, stop] = await Promise.all([
    dc.setVariableRequest({ variablesReference: decision.variablesReference, name: 'choice', value: '1' }),
    stoppedAt('goto'),
  ]);
  assert.strictEqual(r.body.value, '1');
  assert.match(stop.frame.name, /^decision 1: activate\(B\)$/);
  assert.ok(console.some((l) => l.includes('choice vector [0, 1, 0, 0, 0, 0]; replay it with: revl test worked.rvl --choices 0,1,0,0,0,0')),
    console.join(''));
});

test('restartFrame: back to the start of the current atom', async () => {
  await launchAt(STORE);
  await dc.setBreakpointsRequest({ source: { path: STORE }, breakpoints: [{ line: INSERT_LINE }] });
  const hit = await position(Promise.all([dc.continueRequest({ threadId: 1 }), stoppedAt('breakpoint')]));
  assert.strictEqual(hit.inAtom, true);
  const st = await dc.stackTraceRequest({ threadId: 4 });
  const back = await position(Promise.all([dc.restartFrameRequest({ frameId: st.body.stackFrames[0].id }), stoppedAt('restart')]));
  assert.strictEqual(back.inAtom, false);
  assert.strictEqual(back.decision, hit.decision);
  assert.strictEqual(back.atom, hit.atom);
});

test('completions in the Debug Console', async () => {
  await launchAt(STORE);
  await dc.setBreakpointsRequest({ source: { path: STORE }, breakpoints: [{ line: INSERT_LINE }] });
  await Promise.all([dc.continueRequest({ threadId: 1 }), stoppedAt('breakpoint')]);
  const st = await dc.stackTraceRequest({ threadId: 4 });
  const frameId = st.body.stackFrames[0].id;
  const labels = async (text) => (await dc.completionsRequest({ frameId, text, column: text.length + 1 })).body.targets.map((t) => t.label);
  assert.deepStrictEqual(await labels('ke'), ['key']);
  assert.deepStrictEqual(await labels('config.'), ['prefix', 'limit']);
  assert.deepStrictEqual(await labels('m.'), ['get', 'insert', 'remove', 'len', 'drop']);
  assert.deepStrictEqual(await labels('$dec'), ['$decision']);
});

test('cancel stops a running revl/explore, which answers with what it has', async () => {
  await dc.initializeRequest({ adapterID: 'revl', linesStartAt1: true, columnsStartAt1: true, supportsProgressReporting: true });
  await Promise.all([
    dc.waitForEvent('initialized').then(() => dc.configurationDoneRequest()),
    dc.launchRequest({ program: PROGRAM }),
    stoppedAt('entry'),
  ]);
  const started = dc.waitForEvent('progressStart');
  const explore = dc.customRequest('revl/explore', { seeds: 1000000, shrink: false });
  const progress = await started;
  assert.strictEqual(progress.body.cancellable, true);
  await dc.customRequest('cancel', { progressId: progress.body.progressId });
  const r = await explore;
  assert.strictEqual(r.body.cancelled, true);
  assert.ok(r.body.schedules < 1000000, `ran ${r.body.schedules} seeds`);
});

const WIDE = path.join(__dirname, '..', '..', 'wide.rvl'); // gen.Wide(400)

test('paging: a ready set hundreds wide is sent a page at a time', async () => {
  await launchAt(WIDE, { seed: 7 });
  await Promise.all([dc.customRequest('revl/gotoDecision', { index: 400 }), stoppedAt('goto')]);
  const st = await dc.stackTraceRequest({ threadId: 1 });
  const scopes = await dc.scopesRequest({ frameId: st.body.stackFrames[0].id });
  const decision = scopes.body.scopes.find((s) => s.name === 'Decision');
  const vars = await dc.variablesRequest({ variablesReference: decision.variablesReference });
  const ready = vars.body.variables.find((v) => v.name === 'ready');
  const n = ready.indexedVariables;
  assert.ok(n > 100, `only ${n} atoms ready`);
  assert.match(ready.value, new RegExp(`^${n} ready: .*, … ${n - 32} more; picks \\[`));

  // As a client pages: filter indexed, start, count.
  const page = await dc.variablesRequest({ variablesReference: ready.variablesReference, filter: 'indexed', start: 40, count: 25 });
  assert.deepStrictEqual(page.body.variables.map((v) => v.name), Array.from({ length: 25 }, (_, i) => `[${40 + i}]`));
  const tail = await dc.variablesRequest({ variablesReference: ready.variablesReference, filter: 'indexed', start: n - 5, count: 100 });
  assert.strictEqual(tail.body.variables.length, 5);

  // Without a count: one page of 100, then a last entry that says how many more.
  const first = await dc.variablesRequest({ variablesReference: ready.variablesReference });
  assert.strictEqual(first.body.variables.length, 101);
  const more = first.body.variables[100];
  assert.strictEqual(more.name, '…');
  assert.match(more.value, new RegExp(`^${n - 100} more of ${n}`));

  // The pages hold the set once, with one pick.
  const all = [];
  for (let s = 0; s < n; s += 100) {
    const r = await dc.variablesRequest({ variablesReference: ready.variablesReference, filter: 'indexed', start: s, count: 100 });
    all.push(...r.body.variables);
  }
  assert.strictEqual(all.length, n);
  assert.strictEqual(all.filter((v) => v.value.endsWith('← the schedule picks this one')).length, 1);
});

// REVL_HEADER_FIRST names a composition of more than 2,000 components
// (dap/client_test.go writes it, and points REVL_CACHE at a directory of
// the suite's own); REVL_HEADER_FIRST_LOG where the second adapter logs.
const HEADER_FIRST = process.env.REVL_HEADER_FIRST;
const HEADER_FIRST_LOG = process.env.REVL_HEADER_FIRST_LOG;

test('header-first: the launch after a clean one stops from the headers, then steps on the whole program',
  { skip: !HEADER_FIRST && 'REVL_HEADER_FIRST is not set (dap/client_test.go sets it)' }, async () => {
    const fs = require('node:fs');
    // The first launch checks the whole program and keeps its verdict:
    // what it shows at the entry, after a step and after a step back.
    const walk = async () => {
      const shown = [await panes()];
      await Promise.all([dc.nextRequest({ threadId: 1 }), dc.waitForEvent('stopped')]);
      shown.push(await panes());
      await Promise.all([dc.stepBackRequest({ threadId: 1 }), dc.waitForEvent('stopped')]);
      shown.push(await panes());
      return shown;
    };
    await launchAt(HEADER_FIRST, { seed: 5 });
    const plain = await walk();
    assert.notDeepStrictEqual(plain[1], plain[0], 'a step changes what the panes show');
    await dc.stop();

    // The second, in an adapter that logs, reads only the headers before
    // its first stop; its step waits for the whole program and runs on
    // it. The client sees the same session.
    await startClient(`--log=${HEADER_FIRST_LOG}`);
    await launchAt(HEADER_FIRST, { seed: 5 });
    assert.match(fs.readFileSync(HEADER_FIRST_LOG, 'utf8'), /launch: header-first: \d+ components from their headers/);
    assert.deepStrictEqual(await walk(), plain);
  });

// panes is what a client shows at a stop: the threads, the top frame of
// thread 1 and the first page of every scope's variables, by name and value.
async function panes() {
  const threads = await dc.threadsRequest();
  const st = await dc.stackTraceRequest({ threadId: 1 });
  const frame = st.body.stackFrames[0];
  const scopes = await dc.scopesRequest({ frameId: frame.id });
  const shown = { threads: threads.body.threads.map((t) => t.name), frame: [frame.name, frame.line], scopes: {} };
  for (const s of scopes.body.scopes) {
    const vars = await dc.variablesRequest({ variablesReference: s.variablesReference });
    shown.scopes[s.name] = vars.body.variables.map((v) => `${v.name} = ${v.value}`);
  }
  return shown;
}
