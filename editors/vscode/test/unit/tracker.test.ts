import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adapterTracker } from '../../src/tracker';

test('a normal session end logs no adapter error', () => {
  const cases: { name: string; run: (t: ReturnType<typeof adapterTracker>) => void; want: RegExp[] }[] = [
    {
      name: 'disconnect, then the stream closes and the process exits 0',
      run: (t) => { t.onWillReceiveMessage({ type: 'request', command: 'disconnect' }); t.onError(new Error('read error')); t.onExit(0, undefined); },
      want: [],
    },
    {
      name: 'the program ends: terminated event, then the stop',
      run: (t) => { t.onDidSendMessage({ type: 'event', event: 'terminated' }); t.onError(new Error('read error')); t.onExit(0, undefined); },
      want: [],
    },
    {
      name: 'the user stops the session',
      run: (t) => { t.onWillStopSession(); t.onError(new Error('read error')); t.onExit(0, undefined); },
      want: [],
    },
    {
      name: 'the adapter dies mid-session',
      run: (t) => { t.onDidSendMessage({ type: 'event', event: 'stopped' }); t.onError(new Error('read error')); t.onExit(2, undefined); },
      want: [/closed its output before the session ended/, /revl-dap exited \(2\) before the session ended/],
    },
    {
      name: 'a real error is logged even while ending',
      run: (t) => { t.onWillStopSession(); t.onError(new Error('write EPIPE')); t.onExit(1, undefined); },
      want: [/debug adapter error: write EPIPE/, /revl-dap exited \(1\)$/],
    },
  ];
  for (const c of cases) {
    const lines: string[] = [];
    const seen: string[] = [];
    const t = adapterTracker((l) => lines.push(l), (m) => seen.push(m.event ?? ''));
    c.run(t);
    assert.equal(lines.length, c.want.length, `${c.name}: ${JSON.stringify(lines)}`);
    c.want.forEach((re, i) => assert.match(lines[i], re, c.name));
  }
});

test('the tracker passes every adapter message on', () => {
  const seen: string[] = [];
  const t = adapterTracker(() => undefined, (m) => seen.push(m.event ?? m.command ?? ''));
  t.onDidSendMessage({ type: 'event', event: 'stopped' });
  t.onDidSendMessage({ type: 'event', event: 'revl/position', body: { decision: 1 } });
  assert.deepEqual(seen, ['stopped', 'revl/position']);
});
