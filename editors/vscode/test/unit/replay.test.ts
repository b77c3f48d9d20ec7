import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replayCommand, shellQuote, relativeTo } from '../../src/replay';

test('a taken vector replays with --choices, relative to the workspace', () => {
  assert.equal(
    replayCommand({ program: '/w/examples/two-consumers.rvl', seed: 3, taken: [0, 1, 1, 0, 0, 0] }, { cwd: '/w' }),
    'revl test examples/two-consumers.rvl --choices 0,1,1,0,0,0');
});

test('a seed without a timeline replays with --schedule-seed', () => {
  assert.equal(replayCommand({ program: '/w/a.rvl', seed: '3' }, { cwd: '/w' }), 'revl test a.rvl --schedule-seed 3');
});

test('choices in either form; the canonical run is --choices 0', () => {
  assert.equal(replayCommand({ program: 'a.rvl', choices: [0, 1, 0, 0, 0, 0] }), 'revl test a.rvl --choices 0,1,0,0,0,0');
  assert.equal(replayCommand({ program: 'a.rvl', choices: '[0, 1, 0]' }), 'revl test a.rvl --choices 0,1,0');
  assert.equal(replayCommand({ program: 'a.rvl' }), 'revl test a.rvl --choices 0');
});

test('mocks, traces and the revl path', () => {
  assert.equal(replayCommand({ program: 'a.rvl', choices: [1], mocks: true }), 'revl test a.rvl --choices 1 --mock-requires');
  assert.equal(replayCommand({ trace: '/w/t/x.rvt' }, { cwd: '/w' }), 'revl trace replay t/x.rvt');
  assert.equal(replayCommand({ program: 'a.rvl', seed: 1 }, { revl: '/opt/my tools/revl' }), "'/opt/my tools/revl' test a.rvl --schedule-seed 1");
  assert.equal(replayCommand({}), undefined);
});

test('paths with spaces and quotes are quoted for the shell', () => {
  assert.equal(shellQuote('a b.rvl'), "'a b.rvl'");
  assert.equal(shellQuote("it's.rvl"), "'it'\\''s.rvl'");
  assert.equal(shellQuote('plain/path-1.rvl'), 'plain/path-1.rvl');
  assert.equal(shellQuote(''), "''");
  assert.equal(replayCommand({ program: '/w/my app.rvl', choices: [0] }, { cwd: '/w' }), "revl test 'my app.rvl' --choices 0");
});

test('a file name with shell syntax is pasted as a name, never run', () => {
  assert.equal(replayCommand({ program: '/w/x$(id)y;z.rvl', choices: [0, 1] }, { cwd: '/w' }), "revl test 'x$(id)y;z.rvl' --choices 0,1");
  assert.equal(replayCommand({ program: 'a`id`.rvl', seed: 3 }), "revl test 'a`id`.rvl' --schedule-seed 3");
  assert.equal(replayCommand({ trace: '/w/t $(id).rvt' }, { cwd: '/w' }), "revl trace replay 't $(id).rvt'");
  assert.equal(replayCommand({ program: '/w/-x.rvl', choices: [1] }, { cwd: '/w' }), 'revl test ./-x.rvl --choices 1');
});

test('relativeTo keeps paths outside the folder', () => {
  assert.equal(relativeTo('/x/a.rvl', '/w'), '/x/a.rvl');
  assert.equal(relativeTo('/w/a.rvl', '/w/'), 'a.rvl');
  assert.equal(relativeTo('/wx/a.rvl', '/w'), '/wx/a.rvl');
});
