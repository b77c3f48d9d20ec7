"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
const model_1 = require("../../src/timeline/model");
const fixtures = (0, node_path_1.join)(__dirname, '..', '..', '..', 'test', 'fixtures');
const load = (name) => JSON.parse((0, node_fs_1.readFileSync)((0, node_path_1.join)(fixtures, name), 'utf8'));
(0, node_test_1.test)('the worked example (seed 3): lanes, atoms and glyphs as `revl trace show` draws them', () => {
    const m = (0, model_1.normalizeTimeline)(load('two-consumers-seed3.timeline.json'));
    strict_1.default.deepEqual(m.lanes.map((l) => l.fiber), ['Sink', 'A', 'B']);
    strict_1.default.deepEqual(m.decisions.map((d) => d.atom), ['activate(Sink)', 'activate(B)', 'teardown(B)', 'activate(A)', 'teardown(A)', 'teardown(Sink)']);
    const rows = (0, model_1.laneStates)(m).map((r) => r.map((s) => model_1.LANE_GLYPH[s]).join(''));
    // The golden of `revl trace show` (testdata/trace/two-consumers-seed3.show.golden), column by column.
    strict_1.default.deepEqual(rows, ['^||||v', '...^v ', '.^v   ']);
    strict_1.default.equal(m.position, -1);
    strict_1.default.ok(m.hasResidue && m.hasChoices && m.complete);
});
(0, node_test_1.test)('the divergence from the canonical run', () => {
    const m = (0, model_1.normalizeTimeline)(load('two-consumers-seed3.timeline.json'));
    const d = (0, model_1.divergence)(m);
    strict_1.default.deepEqual(d.offCanonical, [1, 2]);
    strict_1.default.equal(d.firstChoice, 1);
    strict_1.default.equal(d.emissionDecision, 1);
    strict_1.default.equal(d.text, 'first divergent emission #0: log.write("B up") at decision 1, canonical log.write("A up") at decision 1');
    strict_1.default.equal((0, model_1.scheduleText)(m), 'seed 3 · taken [0, 1, 1, 0, 0, 0]');
    strict_1.default.deepEqual((0, model_1.choicesTaken)(m), [0, 1, 1, 0, 0, 0]);
    strict_1.default.equal(m.summary?.findings?.[0].tag, 'unstable');
});
(0, node_test_1.test)('residue over time', () => {
    const m = (0, model_1.normalizeTimeline)(load('two-consumers-seed3.timeline.json'));
    strict_1.default.deepEqual(m.decisions.map((d) => (0, model_1.residueText)(d.residue)), ['1/1/1/0/0', '2/1/1/0/0', '1/1/1/0/0', '2/1/1/0/0', '1/1/1/0/0', '0/0/0/0/0']);
    strict_1.default.deepEqual(m.decisions.map((d) => (0, model_1.residueTotal)(d.residue)), [3, 4, 3, 4, 3, 0]);
    const leak = (0, model_1.normalizeTimeline)(load('residue-leak.timeline.json'));
    strict_1.default.equal((0, model_1.residueTotal)(leak.decisions[leak.decisions.length - 1].residue), 1);
    strict_1.default.equal((0, model_1.divergence)(leak).text, 'the emissions match the canonical run');
    strict_1.default.equal(leak.summary?.findings?.[0].tag, 'residue');
});
(0, node_test_1.test)('a failed activation shows as X then !', () => {
    const m = (0, model_1.normalizeTimeline)(load('deadlock-failed.timeline.json'));
    const failing = m.decisions.find((d) => d.error);
    strict_1.default.ok(failing, 'the fixture has a failing atom');
    const states = (0, model_1.laneStates)(m);
    strict_1.default.equal(states[failing.lane][failing.index], 'atom-failed');
    strict_1.default.match((0, model_1.decisionLabel)(m, failing), /failed: /);
});
(0, node_test_1.test)('labels and marks read like the CLI', () => {
    const m = (0, model_1.normalizeTimeline)(load('two-consumers-seed3.timeline.json'));
    strict_1.default.equal((0, model_1.decisionLabel)(m, m.decisions[1]), 'decision 1: activate(B), choice 1 of 2, not the canonical choice, emits log.write("B up"), residue 2/1/1/0/0');
    strict_1.default.equal((0, model_1.markText)(m.decisions[0].marks[0]), 'provide log');
    strict_1.default.equal((0, model_1.markText)({ seq: 1, kind: 'emission', fiber: 'A', text: 'log.write("A up")' }), 'emit log.write("A up")');
});
(0, node_test_1.test)('normalizeTimeline accepts a wrapper and a minimal answer, and refuses non-timelines', () => {
    const raw = load('two-consumers-seed3.timeline.json');
    strict_1.default.equal((0, model_1.normalizeTimeline)({ timeline: raw }).decisions.length, 6);
    const min = (0, model_1.normalizeTimeline)({ decisions: [{ atom: 'activate(X)' }, { atom: 'teardown(X)' }], position: 1 });
    strict_1.default.deepEqual(min.lanes.map((l) => l.fiber), ['X']);
    strict_1.default.equal(min.decisions[0].lane, 0);
    strict_1.default.equal(min.lanes[0].activated, 0);
    strict_1.default.equal(min.lanes[0].torn_down, 1);
    strict_1.default.equal(min.position, 1);
    strict_1.default.equal(min.hasResidue, false);
    strict_1.default.throws(() => (0, model_1.normalizeTimeline)({ lanes: [] }), /not a revl timeline/);
    strict_1.default.throws(() => (0, model_1.normalizeTimeline)(null), /not a revl timeline/);
});
(0, node_test_1.test)('positions: revl/position bodies and clamping', () => {
    strict_1.default.equal((0, model_1.positionOf)({ decision: 3 }), 3);
    strict_1.default.equal((0, model_1.positionOf)({ index: 2 }), 2);
    strict_1.default.equal((0, model_1.positionOf)({ position: 0 }), 0);
    strict_1.default.equal((0, model_1.positionOf)({}), undefined);
    strict_1.default.equal((0, model_1.clampPosition)(10, 6), 5);
    strict_1.default.equal((0, model_1.clampPosition)(-5, 6), -1);
    strict_1.default.equal((0, model_1.clampPosition)(NaN, 6), -1);
});
(0, node_test_1.test)('windowAround keeps the focus in view', () => {
    strict_1.default.deepEqual((0, model_1.windowAround)(10, 3, 200), [0, 10]);
    strict_1.default.deepEqual((0, model_1.windowAround)(1000, 0, 200), [0, 200]);
    strict_1.default.deepEqual((0, model_1.windowAround)(1000, 500, 200), [400, 600]);
    strict_1.default.deepEqual((0, model_1.windowAround)(1000, 999, 200), [800, 1000]);
});
(0, node_test_1.test)('a partial timeline from `revl trace export --format jsonl`', () => {
    const m = (0, model_1.fromJSONL)((0, node_fs_1.readFileSync)((0, node_path_1.join)(fixtures, 'two-consumers-seed3.jsonl'), 'utf8'), 'examples/two-consumers.rvl');
    strict_1.default.deepEqual(m.decisions.map((d) => d.atom), ['activate(Sink)', 'activate(B)', 'teardown(B)', 'activate(A)', 'teardown(A)', 'teardown(Sink)']);
    strict_1.default.deepEqual(m.lanes.map((l) => l.fiber), ['Sink', 'B', 'A']);
    strict_1.default.equal(m.hasChoices, false);
    strict_1.default.equal(m.hasResidue, false);
    strict_1.default.deepEqual(m.decisions[1].marks.filter((k) => k.kind === 'emission').map((k) => k.text), ['log.write("B up")']);
    strict_1.default.equal(m.decisions[0].first_seq, 1);
    strict_1.default.equal(m.decisions[5].marks.some((k) => k.kind === 'withdraw'), true);
});
//# sourceMappingURL=model.test.js.map