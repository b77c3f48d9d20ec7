import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decisionItems, forkChoices, scheduleEnd, TimelineAnswer } from '../../src/travel';

// A real revl/timeline answer: two-consumers.rvl, seed 3 (from revl-dap).
const fixture = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'test', 'fixtures', 'two-consumers-seed3.timeline.json'), 'utf8'));

function at(decision: number, end = false): TimelineAnswer {
  return { decisions: fixture.decisions, position: { decision, decisions: fixture.decisions.length, end } };
}

test('decisionItems: one item per decision and the end, the current one marked', () => {
  const n = fixture.decisions.length;
  const items = decisionItems(at(1));
  assert.equal(items.length, n + 1);
  assert.deepEqual(items.map((i) => i.index), [...Array(n + 1).keys()]);
  assert.equal(items[0].label, '1. activate(Sink)');
  assert.equal(items[1].label, '2. activate(B)');
  assert.equal(items.filter((i) => i.current).length, 1);
  assert.equal(items[1].current, true);
  assert.match(items[1].description ?? '', /you are here · differs from the canonical run/);
  assert.equal(items[n].label, `end (after decision ${n})`);
  assert.equal(decisionItems(at(n, true))[n].current, true);
});

test('forkChoices: the other ready atoms at the current decision', () => {
  const f = forkChoices(at(1));
  assert.ok(!('error' in f));
  if ('error' in f) return;
  assert.equal(f.decision, 1);
  // Decision 2 took activate(B) (ready[1]); the fork offers activate(A), the canonical choice.
  assert.deepEqual(f.items, [{ label: 'activate(A)', description: 'the canonical choice', index: 0 }]);
  const single = forkChoices(at(0));
  assert.ok('error' in single && /only activate\(Sink\) is ready at decision 1/.test(single.error));
  const over = forkChoices(at(fixture.decisions.length, true));
  assert.ok('error' in over && /the schedule is over/.test(over.error));
  assert.ok('error' in forkChoices({}), 'no position');
});

test('scheduleEnd: a partial position is a lower bound, the timeline\'s count is the end', () => {
  const ds = fixture.decisions; // 6
  const cases: { name: string; t: TimelineAnswer; want: { end: number; known: boolean } }[] = [
    { name: 'whole, as before', t: { decisions: ds, position: { decision: 1, decisions: 6 } }, want: { end: 6, known: true } },
    { name: 'partial, no count in the body', t: { decisions: ds.slice(0, 3), position: { decision: 1, decisions: 3, partial: true } }, want: { end: 3, known: false } },
    { name: 'partial, fewer run than held', t: { decisions: ds, position: { decision: 1, decisions: 2, partial: true } }, want: { end: 6, known: false } },
    { name: 'partial, the timeline ran to the end', t: { decisions: ds.slice(0, 2), info: { decisions: 10000 }, page: {}, position: { decision: 1, decisions: 2, partial: true } }, want: { end: 10000, known: true } },
    { name: 'no position', t: { decisions: ds }, want: { end: 6, known: true } },
  ];
  for (const c of cases) assert.deepEqual(scheduleEnd(c.t), c.want, c.name);
});

test('decisionItems and forkChoices on a partial position and a page', () => {
  // Stopped at decision 1 of a schedule whose end is not known: no "end after 2".
  const partial = decisionItems({ decisions: ds3(), position: { decision: 1, decisions: 2, partial: true } });
  assert.equal(partial[partial.length - 1].label, 'end (at least 3 decisions: not known yet)');
  assert.equal(partial.filter((i) => i.current).length, 1);
  assert.equal(partial[1].current, true);
  const f = forkChoices({ decisions: ds3(), position: { decision: 1, decisions: 2, partial: true } });
  assert.ok(!('error' in f), 'a partial position at a decision can fork');
  // A page from decision 1: the end is the timeline's count, the gap is said.
  const page: TimelineAnswer = { from: 1, decisions: fixture.decisions.slice(1, 4), info: { decisions: 6 }, page: {}, position: { decision: 1, decisions: 2, partial: true } };
  const items = decisionItems(page);
  assert.deepEqual(items.map((i) => i.index), [1, 2, 3, 4, 6]);
  assert.equal(items[0].current, true);
  assert.equal(items[4].label, 'end (after decision 6)');
  const fp = forkChoices(page);
  assert.ok(!('error' in fp) && fp.decision === 1);
  if (!('error' in fp)) assert.deepEqual(fp.items.map((i) => i.index), [0]);
  const off = forkChoices({ ...page, position: { decision: 5, decisions: 6 } });
  assert.ok('error' in off && /not in the timeline's page/.test(off.error));
});

function ds3() {
  return fixture.decisions.slice(0, 3);
}
