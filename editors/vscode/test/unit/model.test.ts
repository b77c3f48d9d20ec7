import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  normalizeTimeline, laneStates, LANE_GLYPH, divergence, residueTotal, residueText, scheduleText, choicesTaken,
  positionOf, clampPosition, windowAround, decisionLabel, markText, fromJSONL,
} from '../../src/timeline/model';

const fixtures = join(__dirname, '..', '..', '..', 'test', 'fixtures');
const load = (name: string) => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));

test('the worked example (seed 3): lanes, atoms and glyphs as `revl trace show` draws them', () => {
  const m = normalizeTimeline(load('two-consumers-seed3.timeline.json'));
  assert.deepEqual(m.lanes.map((l) => l.fiber), ['Sink', 'A', 'B']);
  assert.deepEqual(m.decisions.map((d) => d.atom), ['activate(Sink)', 'activate(B)', 'teardown(B)', 'activate(A)', 'teardown(A)', 'teardown(Sink)']);
  const rows = laneStates(m).map((r) => r.map((s) => LANE_GLYPH[s]).join(''));
  // The golden of `revl trace show` (testdata/trace/two-consumers-seed3.show.golden), column by column.
  assert.deepEqual(rows, ['^||||v', '...^v ', '.^v   ']);
  assert.equal(m.position, -1);
  assert.ok(m.hasResidue && m.hasChoices && m.complete);
});

test('revl-dap\'s revl/timeline answer (info, from, decisions, position) reads the same', () => {
  const m = normalizeTimeline(load('two-consumers-seed3.dap.json'));
  assert.deepEqual(m.lanes.map((l) => l.fiber), ['Sink', 'A', 'B']);
  assert.deepEqual(m.decisions.map((d) => d.atom), ['activate(Sink)', 'activate(B)', 'teardown(B)', 'activate(A)', 'teardown(A)', 'teardown(Sink)']);
  assert.deepEqual(laneStates(m).map((r) => r.map((s) => LANE_GLYPH[s]).join('')), ['^||||v', '...^v ', '.^v   ']);
  assert.equal(m.position, 0);
  assert.equal(m.program, 'examples/two-consumers.rvl');
  assert.deepEqual(choicesTaken(m), [0, 1, 1, 0, 0, 0]);
  assert.equal(divergence(m).emissionDecision, 1);
  assert.equal(m.summary?.findings?.[0].tag, 'unstable');
  assert.ok(m.complete);
  // The position event's body.
  assert.equal(positionOf({ decision: 3, decisions: 6, label: 'decision 4/6: activate(A)' }), 3);
});

test('the divergence from the canonical run', () => {
  const m = normalizeTimeline(load('two-consumers-seed3.timeline.json'));
  const d = divergence(m);
  assert.deepEqual(d.offCanonical, [1, 2]);
  assert.equal(d.firstChoice, 1);
  assert.equal(d.emissionDecision, 1);
  assert.equal(d.text, 'first divergent emission #0: log.write("B up") at decision 1, canonical log.write("A up") at decision 1');
  assert.equal(scheduleText(m), 'seed 3 · taken [0, 1, 1, 0, 0, 0]');
  assert.deepEqual(choicesTaken(m), [0, 1, 1, 0, 0, 0]);
  assert.equal(m.summary?.findings?.[0].tag, 'unstable');
});

test('residue over time', () => {
  const m = normalizeTimeline(load('two-consumers-seed3.timeline.json'));
  assert.deepEqual(m.decisions.map((d) => residueText(d.residue)), ['1/1/1/0/0', '2/1/1/0/0', '1/1/1/0/0', '2/1/1/0/0', '1/1/1/0/0', '0/0/0/0/0']);
  assert.deepEqual(m.decisions.map((d) => residueTotal(d.residue)), [3, 4, 3, 4, 3, 0]);
  const leak = normalizeTimeline(load('residue-leak.timeline.json'));
  assert.equal(residueTotal(leak.decisions[leak.decisions.length - 1].residue), 1);
  assert.equal(divergence(leak).text, 'the emissions match the canonical run');
  assert.equal(leak.summary?.findings?.[0].tag, 'residue');
});

test('a failed activation shows as X then !', () => {
  const m = normalizeTimeline(load('deadlock-failed.timeline.json'));
  const failing = m.decisions.find((d) => d.error);
  assert.ok(failing, 'the fixture has a failing atom');
  const states = laneStates(m);
  assert.equal(states[failing!.lane][failing!.index], 'atom-failed');
  assert.match(decisionLabel(m, failing!), /failed: /);
});

test('labels and marks read like the CLI', () => {
  const m = normalizeTimeline(load('two-consumers-seed3.timeline.json'));
  assert.equal(decisionLabel(m, m.decisions[1]),
    'decision 1: activate(B), choice 1 of 2, not the canonical choice, emits log.write("B up"), residue 2/1/1/0/0');
  assert.equal(markText(m.decisions[0].marks[0]), 'provide log');
  assert.equal(markText({ seq: 1, kind: 'emission', fiber: 'A', text: 'log.write("A up")' }), 'emit log.write("A up")');
});

test('normalizeTimeline accepts a wrapper and a minimal answer, and refuses non-timelines', () => {
  const raw = load('two-consumers-seed3.timeline.json');
  assert.equal(normalizeTimeline({ timeline: raw }).decisions.length, 6);
  const min = normalizeTimeline({ decisions: [{ atom: 'activate(X)' }, { atom: 'teardown(X)' }], position: 1 });
  assert.deepEqual(min.lanes.map((l) => l.fiber), ['X']);
  assert.equal(min.decisions[0].lane, 0);
  assert.equal(min.lanes[0].activated, 0);
  assert.equal(min.lanes[0].torn_down, 1);
  assert.equal(min.position, 1);
  assert.equal(min.hasResidue, false);
  assert.throws(() => normalizeTimeline({ lanes: [] }), /not a revl timeline/);
  assert.throws(() => normalizeTimeline(null), /not a revl timeline/);
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

test('a partial timeline from `revl trace export --format jsonl`', () => {
  const m = fromJSONL(readFileSync(join(fixtures, 'two-consumers-seed3.jsonl'), 'utf8'), 'examples/two-consumers.rvl');
  assert.deepEqual(m.decisions.map((d) => d.atom), ['activate(Sink)', 'activate(B)', 'teardown(B)', 'activate(A)', 'teardown(A)', 'teardown(Sink)']);
  assert.deepEqual(m.lanes.map((l) => l.fiber), ['Sink', 'B', 'A']);
  assert.equal(m.hasChoices, false);
  assert.equal(m.hasResidue, false);
  assert.deepEqual(m.decisions[1].marks.filter((k) => k.kind === 'emission').map((k) => k.text), ['log.write("B up")']);
  assert.equal(m.decisions[0].first_seq, 1);
  assert.equal(m.decisions[5].marks.some((k) => k.kind === 'withdraw'), true);
});
