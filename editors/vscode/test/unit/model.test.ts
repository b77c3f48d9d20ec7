import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  readTimeline, laneStateAt, cellGlyph, divergenceText, residueTotal, residueText, scheduleText, choicesTaken,
  positionOf, clampPosition, windowAround, decisionLabel, markText, LANE_GLYPH, STATE_TEXT, FINE_GLYPH, FINE_TEXT,
} from '../../src/timeline/model';

// The fixtures are `revl trace show --json` and revl/timeline bodies, kept
// current by the Go test TestVSCodeFixtures (cmd/revl).
const fixtures = join(__dirname, '..', '..', '..', 'test', 'fixtures');
const load = (name: string) => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));
const glyphRows = (m: ReturnType<typeof readTimeline>) => m.lanes.map((l) => m.decisions.map((d) => cellGlyph(l, d)).join(''));

test('the worked example (seed 3): lanes, atoms and glyphs as `revl trace show` draws them', () => {
  const m = readTimeline(load('two-consumers-seed3.timeline.json'));
  assert.deepEqual(m.lanes.map((l) => l.fiber), ['Sink', 'A', 'B']);
  assert.deepEqual(m.decisions.map((d) => d.atom), ['activate(Sink)', 'activate(B)', 'teardown(B)', 'activate(A)', 'teardown(A)', 'teardown(Sink)']);
  // The golden of `revl trace show` (testdata/trace/two-consumers-seed3.show.golden), column by column.
  assert.deepEqual(glyphRows(m), ['^||||v', '...^v ', '.^v   ']);
  assert.equal(laneStateAt(m.lanes[2], 2), 'tearing-down');
  assert.equal(laneStateAt(m.lanes[1], 0), 'pending');
  assert.equal(m.position, -1);
  assert.ok(m.complete);
});

test('revl-dap\'s revl/timeline answer is the same model with the position', () => {
  const m = readTimeline(load('two-consumers-seed3.dap.json'));
  assert.deepEqual(m.lanes.map((l) => l.fiber), ['Sink', 'A', 'B']);
  assert.deepEqual(glyphRows(m), ['^||||v', '...^v ', '.^v   ']);
  assert.equal(m.position, 0);
  assert.equal(m.program, 'examples/two-consumers.rvl');
  assert.deepEqual(choicesTaken(m), [0, 1, 1, 0, 0, 0]);
  assert.equal(m.view.divergence?.got?.decision, 1);
  assert.equal(m.summary?.findings?.[0].tag, 'unstable');
  // The position event's body.
  assert.equal(positionOf({ decision: 3, decisions: 6, label: 'decision 4/6: activate(A)' }), 3);
});

test('the divergence and the emissions beside the canonical run, as the read model gives them', () => {
  const m = readTimeline(load('two-consumers-seed3.timeline.json'));
  assert.equal(divergenceText(m), 'first divergent emission #0: log.write("B up") at decision 1, canonical log.write("A up") at decision 1' +
    ' (it overtook the canonical emission, which comes later)');
  assert.deepEqual(m.view.emissions.map((r) => [r.got?.text, r.canonical?.text, r.diverges]), [
    ['log.write("B up")', 'log.write("A up")', true], ['log.write("A up")', 'log.write("B up")', true]]);
  assert.deepEqual(m.view.findings, [{ decision: 1, text: 'first divergent emission #0' }]);
  assert.equal(scheduleText(m), 'seed 3 · taken [0, 1, 1, 0, 0, 0]');
  assert.equal(m.summary?.findings?.[0].tag, 'unstable');
});

test('residue over time', () => {
  const m = readTimeline(load('two-consumers-seed3.timeline.json'));
  assert.deepEqual(m.decisions.map((d) => residueText(d.residue)), ['1/1/1/0/0', '2/1/1/0/0', '1/1/1/0/0', '2/1/1/0/0', '1/1/1/0/0', '0/0/0/0/0']);
  assert.deepEqual(m.decisions.map((d) => residueTotal(d.residue)), [3, 4, 3, 4, 3, 0]);
  const leak = readTimeline(load('residue-leak.timeline.json'));
  assert.equal(residueTotal(leak.decisions[leak.decisions.length - 1].residue), 1);
  assert.equal(divergenceText(leak), 'the emissions match the canonical run');
  assert.equal(leak.summary?.findings?.[0].tag, 'residue');
});

test('a failed activation shows as X; its lane is never active', () => {
  const m = readTimeline(load('deadlock-failed.timeline.json'));
  const failing = m.decisions.find((d) => d.error);
  assert.ok(failing, 'the fixture has a failing atom');
  assert.equal(cellGlyph(m.lanes[failing!.lane], failing!), 'X');
  assert.equal(laneStateAt(m.lanes[failing!.lane], failing!.index), 'activating');
  assert.equal(m.lanes[failing!.lane].state, 'failed');
  assert.match(decisionLabel(failing!), /failed: /);
  assert.ok(m.view.findings.some((f) => f.text.startsWith('deadlock: ')));
});

test('every lane state has a glyph', () => {
  assert.deepEqual(Object.keys(LANE_GLYPH).sort(), ['activating', 'active', 'down', 'failed', 'pending', 'suspended', 'tearing-down']);
  assert.deepEqual(Object.keys(STATE_TEXT).sort(), Object.keys(LANE_GLYPH).sort());
  assert.deepEqual(Object.keys(FINE_GLYPH).sort(), Object.keys(FINE_TEXT).sort());
});

test('fine atoms: resume, complete and a suspended lane, as `revl trace show` draws them', () => {
  const m = readTimeline(load('fine-resume.timeline.json'));
  assert.deepEqual(m.lanes.map((l) => l.fiber), ['Sink', 'Store', 'Warm', 'Cold']);
  // The golden of `revl trace show` (testdata/trace/fine-resume.show.golden), column by column.
  assert.deepEqual(glyphRows(m), ['^||||||v  ', '.^|||||||v', '..^j:>v   ', '....^|||v ']);
  const warm = m.lanes[2];
  assert.equal(warm.resumed, 5);
  assert.deepEqual([2, 3, 4, 5, 6].map((k) => laneStateAt(warm, k)), ['activating', 'suspended', 'suspended', 'suspended', 'tearing-down']);
  // The lifecycle lanes have no resume.
  assert.equal(m.lanes[0].resumed, undefined);
});

test('labels and marks read like the CLI', () => {
  const m = readTimeline(load('two-consumers-seed3.timeline.json'));
  assert.equal(decisionLabel(m.decisions[1]),
    'decision 1: activate(B), choice 1 of 2, not the canonical choice, emits log.write("B up"), residue 2/1/1/0/0');
  assert.equal(markText(m.decisions[0].marks![0]), 'provide log');
  assert.equal(markText({ seq: 1, kind: 'emission', fiber: 'A', text: 'log.write("A up")' }), 'emit log.write("A up")');
});

test('readTimeline refuses what is not a read model', () => {
  const raw = load('two-consumers-seed3.timeline.json');
  assert.equal(readTimeline(raw).decisions.length, 6);
  assert.throws(() => readTimeline({ decisions: [{ atom: 'activate(X)' }] }), /not a revl timeline/);
  assert.throws(() => readTimeline({ lanes: [] }), /not a revl timeline/);
  assert.throws(() => readTimeline(null), /not a revl timeline/);
  const noStates = JSON.parse(JSON.stringify(raw));
  delete noStates.info.lanes[0].states;
  assert.throws(() => readTimeline(noStates), /lane Sink has no states/);
});

test('positions: revl/position bodies and clamping', () => {
  assert.equal(positionOf({ decision: 3 }), 3);
  assert.equal(positionOf({ index: 2 }), 2);
  assert.equal(positionOf({ position: 0 }), 0);
  assert.equal(positionOf({}), undefined);
  assert.equal(clampPosition(10, 6), 5);
  assert.equal(clampPosition(-5, 6), -1);
  assert.equal(clampPosition(NaN, 6), -1);
});

test('windowAround keeps the focus in view', () => {
  assert.deepEqual(windowAround(10, 3, 200), [0, 10]);
  assert.deepEqual(windowAround(1000, 0, 200), [0, 200]);
  assert.deepEqual(windowAround(1000, 500, 200), [400, 600]);
  assert.deepEqual(windowAround(1000, 999, 200), [800, 1000]);
});
