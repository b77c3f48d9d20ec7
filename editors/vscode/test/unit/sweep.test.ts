import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromLsp, fromCli, firstFailingSeed, failureLabel, failureDetail } from '../../src/sweep';

const lsp = {
  program: '/w/examples/two-consumers.rvl', seeds: 200, schedules: 201, failing: 97, summary: '201 schedules, 97 failed',
  failures: [{
    choices: [0, 1, 0, 0, 0, 0], seeds: [3, 4, 6],
    findings: [{ tag: 'unstable', message: 'emission #0 differs', location: { uri: 'file:///w/examples/two-consumers.rvl', range: { start: { line: 10, character: 32 }, end: { line: 10, character: 54 } } } }],
    replay: 'revl test /w/examples/two-consumers.rvl --choices 0,1,0,0,0,0',
    debug: { title: 'debug [0,1,0,0,0,0]', command: 'revl.debugSchedule', arguments: [] },
  }],
};

test('the language server answer', () => {
  const r = fromLsp(lsp);
  assert.equal(r.failures.length, 1);
  assert.deepEqual(r.failures[0].choices, [0, 1, 0, 0, 0, 0]);
  assert.equal(r.failures[0].findings[0].line, 10);
  assert.equal(firstFailingSeed(r), 3);
  assert.equal(failureLabel(r.failures[0]), 'unstable: [0,1,0,0,0,0]');
  assert.equal(failureDetail(r.failures[0]), 'seeds 3, 4, 6 — emission #0 differs');
});

test('the CLI dossier groups schedules by minimized vector', () => {
  const cli = {
    program: 'examples/two-consumers.rvl', seeds: 5,
    per_schedule: [
      { seed: 'canonical', ok: true, findings: [], choices: [0, 0, 0, 0, 0, 0] },
      { seed: 1, ok: true, findings: [], choices: [0, 0, 1, 0, 0, 0] },
      { seed: 3, ok: false, findings: [{ tag: 'unstable', message: 'm' }], choices: [0, 1, 0, 0, 0, 0] },
      { seed: 4, ok: false, findings: [{ tag: 'unstable', message: 'm' }], choices: [0, 1, 0, 0, 0, 0] },
    ],
  };
  const r = fromCli(cli);
  assert.equal(r.schedules, 4);
  assert.equal(r.failing, 2);
  assert.equal(r.failures.length, 1);
  assert.deepEqual(r.failures[0].seeds, [3, 4]);
  assert.equal(r.failures[0].replay, 'revl test examples/two-consumers.rvl --choices 0,1,0,0,0,0');
  assert.equal(firstFailingSeed(r), 3);
  const odd = fromCli({ ...cli, program: 'x$(id)y;z.rvl' });
  assert.equal(odd.failures[0].replay, "revl test 'x$(id)y;z.rvl' --choices 0,1,0,0,0,0");
  assert.equal(firstFailingSeed(fromCli({ per_schedule: [] })), undefined);
  assert.equal(firstFailingSeed(undefined), undefined);
});
