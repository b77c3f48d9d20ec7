import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTimeline, pageTexts, pageRequest, mergePage, decisionAt, holds, choicesTaken, PAGE } from '../../src/timeline/model';
import { follow } from '../../src/timeline/follow';

// Pages of a real read model: gen.Wide(5000), seed 7 (10,000 decisions),
// built by timeline.NewView with page options as revl-dap answers
// revl/timeline with ranges (ready sets cut to 3 atoms to keep them small).
const fixtures = join(__dirname, '..', '..', '..', 'test', 'fixtures');
const load = (name: string) => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));
const first = () => readTimeline(load('wide5000-page.timeline.json'));

test('a page: what it holds of what, counted from 1', () => {
  const m = first();
  assert.equal(m.total, 10000);
  assert.equal(m.from, 0);
  assert.equal(m.decisions.length, 30);
  assert.deepEqual(pageTexts(m), { lanes: 'lanes 1–20 of 5,000', emissions: 'emission rows 1–10 of 9,998', decisions: 'decisions 1–30 of 10,000' });
  // A page's choices are not a vector to replay.
  assert.deepEqual(choicesTaken(m), []);
  assert.equal(pageTexts(readTimeline(load('two-consumers-seed3.timeline.json'))), undefined, 'a whole body is no page');
  assert.ok(m.decisions.some((d) => (d.ready_len ?? 0) > d.ready.length), 'ready sets cut to ready_most carry ready_len');
});

test('pageRequest: the next lanes, the next rows, the decisions around one', () => {
  const m = first();
  const cases: { want: Parameters<typeof pageRequest>[1]; args: Record<string, number> }[] = [
    { want: { what: 'lanes' }, args: { from: 0, to: 0, lanesFrom: 20, lanesTo: 20 + PAGE, emissionsFrom: 0, emissionsTo: 1 } },
    { want: { what: 'emissions' }, args: { from: 0, to: 0, lanesFrom: 0, lanesTo: 1, emissionsFrom: 10, emissionsTo: 10 + PAGE } },
    { want: { what: 'decisions', around: 5015 }, args: { from: 4915, to: 5115, lanesFrom: 0, lanesTo: 1, emissionsFrom: 0, emissionsTo: 1 } },
    { want: { what: 'decisions', around: 3 }, args: { from: 0, to: PAGE, lanesFrom: 0, lanesTo: 1, emissionsFrom: 0, emissionsTo: 1 } },
    { want: { what: 'decisions', around: 99999 }, args: { from: 10000 - PAGE, to: 10000, lanesFrom: 0, lanesTo: 1, emissionsFrom: 0, emissionsTo: 1 } },
  ];
  for (const c of cases) assert.deepEqual(pageRequest(m, c.want), c.args, JSON.stringify(c.want));
  assert.equal(pageRequest(readTimeline(load('two-consumers-seed3.timeline.json')), { what: 'lanes' }), undefined, 'a whole body asks for nothing');
});

test('mergePage appends lanes and rows and swaps the decisions', () => {
  const m = first();
  const lanes = mergePage(m, { what: 'lanes' }, load('wide5000-lanes2.timeline.json'));
  assert.deepEqual(lanes.lanes.map((l) => l.index), [...Array(40).keys()]);
  assert.equal(lanes.view.info.header.fibers.length, 40);
  assert.equal(pageTexts(lanes)?.lanes, 'lanes 1–40 of 5,000');
  assert.equal(lanes.decisions.length, 30, 'the decisions held stay');
  assert.equal(lanes.view.emissions.length, 10, 'the rows held stay');
  const rows = mergePage(lanes, { what: 'emissions' }, load('wide5000-rows2.timeline.json'));
  assert.equal(pageTexts(rows)?.emissions, 'emission rows 1–20 of 9,998');
  assert.equal(rows.lanes.length, 40);
  const dec = mergePage(rows, { what: 'decisions', around: 5010 }, load('wide5000-decisions.timeline.json'));
  assert.equal(dec.from, 5000);
  assert.ok(holds(dec, 5010) && !holds(dec, 10));
  assert.equal(decisionAt(dec, 5010)?.index, 5010);
  assert.equal(pageTexts(dec)?.decisions, 'decisions 5,001–5,030 of 10,000');
  assert.equal(dec.lanes.length, 40);
  // A page that does not continue what is held is refused, not spliced in.
  assert.throws(() => mergePage(m, { what: 'emissions' }, load('wide5000-lanes2.timeline.json')), /emission rows from 0, not 10/);
  assert.throws(() => mergePage(m, { what: 'lanes' }, load('two-consumers-seed3.timeline.json')), /no page field/);
});

test('follow: a partial position counts a lower bound; a page fetches the decisions around', () => {
  const small = readTimeline(load('two-consumers-seed3.dap.json')); // 6 decisions, whole
  const big = first(); // 10,000 decisions, 0..29 held
  const cases: { name: string; model: ReturnType<typeof readTimeline> | undefined; body: unknown; forks?: number; want: ReturnType<typeof follow> }[] = [
    { name: 'nothing held yet', model: undefined, body: { decision: 0 }, want: { action: 'refetch', position: 0 } },
    { name: 'small: a step', model: small, body: { decision: 2, decisions: 6, forks: 0 }, forks: 0, want: { action: 'move', position: 2 } },
    { name: 'small: another length', model: small, body: { decision: 2, decisions: 7 }, want: { action: 'refetch', position: 2 } },
    { name: 'small: a fork', model: small, body: { decision: 2, decisions: 6, forks: 1 }, forks: 0, want: { action: 'refetch', position: 2 } },
    { name: 'small: the end, as before pages', model: small, body: { decision: 6, decisions: 6, end: true }, want: { action: 'refetch', position: 6 } },
    { name: 'partial: fewer run so far than the timeline holds', model: big, body: { decision: 12, decisions: 13, partial: true, ticks: -1 }, want: { action: 'move', position: 12 } },
    { name: 'not partial: the same count', model: big, body: { decision: 12, decisions: 10000 }, want: { action: 'move', position: 12 } },
    { name: 'partial: more than the timeline holds', model: big, body: { decision: 12, decisions: 10001, partial: true }, want: { action: 'refetch', position: 12 } },
    { name: 'not partial: a count below the timeline is a change', model: big, body: { decision: 12, decisions: 13 }, want: { action: 'refetch', position: 12 } },
    { name: 'page: the end needs no refetch', model: big, body: { decision: 10000, decisions: 10000, end: true }, want: { action: 'move', position: 10000 } },
    {
      name: 'page: beyond the decisions held', model: big, body: { decision: 700, decisions: 701, partial: true },
      want: { action: 'page', position: 700, want: { what: 'decisions', around: 700 }, args: { from: 600, to: 800, lanesFrom: 0, lanesTo: 1, emissionsFrom: 0, emissionsTo: 1 } },
    },
    { name: 'no position in the body', model: big, body: { decisions: 5, partial: true }, want: { action: 'stay' } },
  ];
  for (const c of cases) assert.deepEqual(follow(c.model, c.body, c.forks), c.want, c.name);
});
