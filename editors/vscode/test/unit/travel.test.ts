import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decisionItems, forkChoices, TimelineAnswer } from '../../src/travel';

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
