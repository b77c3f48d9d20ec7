"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const launch_1 = require("../../src/launch");
(0, node_test_1.test)('parseChoices reads arrays and the CLI string forms', () => {
    strict_1.default.deepEqual((0, launch_1.parseChoices)([0, 1, 0]), [0, 1, 0]);
    strict_1.default.deepEqual((0, launch_1.parseChoices)('0,1,0,0,0,0'), [0, 1, 0, 0, 0, 0]);
    strict_1.default.deepEqual((0, launch_1.parseChoices)('[0, 1, 0]'), [0, 1, 0]);
    strict_1.default.deepEqual((0, launch_1.parseChoices)('0 1 2'), [0, 1, 2]);
    strict_1.default.deepEqual((0, launch_1.parseChoices)(''), []);
    strict_1.default.deepEqual((0, launch_1.parseChoices)(['1', '2']), [1, 2]);
    strict_1.default.match((0, launch_1.parseChoices)('0,-1'), /not a non-negative integer/);
    strict_1.default.match((0, launch_1.parseChoices)([0.5]), /not a non-negative integer/);
    strict_1.default.match((0, launch_1.parseChoices)({}), /must be an array/);
});
(0, node_test_1.test)('parseSeed accepts numbers and digit strings only', () => {
    strict_1.default.equal((0, launch_1.parseSeed)(3), 3);
    strict_1.default.equal((0, launch_1.parseSeed)('17'), 17);
    strict_1.default.match((0, launch_1.parseSeed)(-1), /non-negative integer/);
    strict_1.default.match((0, launch_1.parseSeed)('x'), /non-negative integer/);
    strict_1.default.match((0, launch_1.parseSeed)(1.5), /non-negative integer/);
});
(0, node_test_1.test)('an empty configuration (F5 without launch.json) debugs the active program with the default seed', () => {
    const r = (0, launch_1.resolveLaunch)({}, { activeFile: '/w/examples/two-consumers.rvl', defaultSeed: 3 });
    strict_1.default.equal(r.error, undefined);
    strict_1.default.deepEqual(r.config, {
        type: 'revl', request: 'launch', name: 'revl: debug seed 3', program: '/w/examples/two-consumers.rvl', seed: 3, stopOnEntry: true,
    });
    const d = (0, launch_1.resolveLaunch)({}, { activeFile: '/w/a.rvl' });
    strict_1.default.equal(d.config?.seed, 1);
});
(0, node_test_1.test)('an empty configuration opens the active trace', () => {
    const r = (0, launch_1.resolveLaunch)({}, { activeFile: '/w/t.rvt' });
    strict_1.default.equal(r.config?.trace, '/w/t.rvt');
    strict_1.default.equal(r.config?.program, undefined);
});
(0, node_test_1.test)('an empty configuration without a revl file is an error', () => {
    strict_1.default.match((0, launch_1.resolveLaunch)({}, { activeFile: '/w/readme.md' }).error, /Open a \.rvl program/);
    strict_1.default.match((0, launch_1.resolveLaunch)({}, {}).error, /Open a \.rvl program/);
});
(0, node_test_1.test)('seed and choices are normalized; both at once is an error', () => {
    const base = { type: 'revl', request: 'launch', name: 'x', program: '/w/a.rvl' };
    strict_1.default.equal((0, launch_1.resolveLaunch)({ ...base, seed: '42' }).config?.seed, 42);
    strict_1.default.deepEqual((0, launch_1.resolveLaunch)({ ...base, choices: '0,1,0' }).config?.choices, [0, 1, 0]);
    strict_1.default.match((0, launch_1.resolveLaunch)({ ...base, seed: 1, choices: [0] }).error, /not both/);
    strict_1.default.match((0, launch_1.resolveLaunch)({ ...base, seed: 'abc' }).error, /"seed" must be/);
    strict_1.default.match((0, launch_1.resolveLaunch)({ ...base, choices: 'a,b' }).error, /"choices"/);
    const neither = (0, launch_1.resolveLaunch)({ ...base });
    strict_1.default.equal(neither.config?.seed, undefined);
    strict_1.default.equal(neither.config?.choices, undefined);
    strict_1.default.ok(!('seed' in neither.config));
});
(0, node_test_1.test)('stopOnEntry defaults to true and booleans are checked', () => {
    const base = { type: 'revl', request: 'launch', name: 'x', program: '/w/a.rvl' };
    strict_1.default.equal((0, launch_1.resolveLaunch)(base).config?.stopOnEntry, true);
    strict_1.default.equal((0, launch_1.resolveLaunch)({ ...base, stopOnEntry: false }).config?.stopOnEntry, false);
    strict_1.default.match((0, launch_1.resolveLaunch)({ ...base, minimize: 'yes' }).error, /"minimize" must be true or false/);
    strict_1.default.match((0, launch_1.resolveLaunch)({ ...base, mocks: 1 }).error, /"mocks" must be true or false/);
});
(0, node_test_1.test)('program is required unless a trace is given; it defaults to the active .rvl file', () => {
    strict_1.default.match((0, launch_1.resolveLaunch)({ type: 'revl', request: 'launch', name: 'x' }).error, /"program" is required/);
    strict_1.default.equal((0, launch_1.resolveLaunch)({ type: 'revl', request: 'launch', name: 'x' }, { activeFile: '/w/b.rvl' }).config?.program, '/w/b.rvl');
    strict_1.default.equal((0, launch_1.resolveLaunch)({ type: 'revl', request: 'launch', name: 'x', trace: '/w/t.rvt' }).error, undefined);
    strict_1.default.match((0, launch_1.resolveLaunch)({ type: 'revl', request: 'launch', name: 'x', trace: '/w/t.rvt', seed: 1 }).error, /replays the schedule it recorded/);
    strict_1.default.match((0, launch_1.resolveLaunch)({ type: 'revl', request: 'launch', name: 'x', program: '${file}' }).error, /still holds a variable/);
});
(0, node_test_1.test)('attach is refused; unknown keys pass through to the adapter', () => {
    strict_1.default.match((0, launch_1.resolveLaunch)({ type: 'revl', request: 'attach', name: 'x', program: '/a.rvl' }).error, /must be "launch"/);
    const r = (0, launch_1.resolveLaunch)({ type: 'revl', request: 'launch', name: 'x', program: '/a.rvl', extra: 1 });
    strict_1.default.equal(r.config?.extra, 1);
});
(0, node_test_1.test)('initial configurations use the failing seed and vector when a sweep found them', () => {
    const plain = (0, launch_1.initialConfigurations)();
    strict_1.default.equal(plain.length, 1);
    strict_1.default.deepEqual(plain[0], { type: 'revl', request: 'launch', name: 'revl: debug seed 1', program: '${file}', seed: 1, stopOnEntry: true });
    const found = (0, launch_1.initialConfigurations)({ program: '${workspaceFolder}/examples/two-consumers.rvl', failingSeed: 3, failingChoices: [0, 1, 0, 0, 0, 0] });
    strict_1.default.equal(found[0].seed, 3);
    strict_1.default.equal(found[0].name, 'revl: debug seed 3');
    strict_1.default.deepEqual(found[1].choices, [0, 1, 0, 0, 0, 0]);
    for (const c of found) {
        for (const k of Object.keys(c)) {
            if (!['type', 'request', 'name'].includes(k))
                strict_1.default.ok(launch_1.LAUNCH_ATTRIBUTES.includes(k), k);
        }
    }
});
(0, node_test_1.test)('describeSchedule names the schedule', () => {
    strict_1.default.equal((0, launch_1.describeSchedule)({ seed: 3 }), 'seed 3');
    strict_1.default.equal((0, launch_1.describeSchedule)({ choices: '0,1' }), 'choices [0, 1]');
    strict_1.default.equal((0, launch_1.describeSchedule)({ trace: '/x/y/t.rvt' }), 'trace t.rvt');
    strict_1.default.equal((0, launch_1.describeSchedule)({}), 'the canonical run');
});
//# sourceMappingURL=launch.test.js.map