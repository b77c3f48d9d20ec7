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

beforeEach(async () => {
  protocolErrors = [];
  dc = new DebugClient(ADAPTER, '--stdio', 'revl');
  dc.defaultTimeout = 10000;
  await dc.start();
  checkProtocol(dc);
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
  assert.match(st.body.stackFrames[0].name, /^decision 2\/6: activate\(B\)$/);
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
