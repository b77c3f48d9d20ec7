"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const sweep_1 = require("../../src/sweep");
const lsp = {
    program: '/w/examples/two-consumers.rvl', seeds: 200, schedules: 201, failing: 97, summary: '201 schedules, 97 failed',
    failures: [{
            choices: [0, 1, 0, 0, 0, 0], seeds: [3, 4, 6],
            findings: [{ tag: 'unstable', message: 'emission #0 differs', location: { uri: 'file:///w/examples/two-consumers.rvl', range: { start: { line: 10, character: 32 }, end: { line: 10, character: 54 } } } }],
            replay: 'revl test /w/examples/two-consumers.rvl --choices 0,1,0,0,0,0',
            debug: { title: 'debug [0,1,0,0,0,0]', command: 'revl.debugSchedule', arguments: [] },
        }],
};
(0, node_test_1.test)('the language server answer', () => {
    const r = (0, sweep_1.fromLsp)(lsp);
    strict_1.default.equal(r.failures.length, 1);
    strict_1.default.deepEqual(r.failures[0].choices, [0, 1, 0, 0, 0, 0]);
    strict_1.default.equal(r.failures[0].findings[0].line, 10);
    strict_1.default.equal((0, sweep_1.firstFailingSeed)(r), 3);
    strict_1.default.equal((0, sweep_1.failureLabel)(r.failures[0]), 'unstable: [0,1,0,0,0,0]');
    strict_1.default.equal((0, sweep_1.failureDetail)(r.failures[0]), 'seeds 3, 4, 6 — emission #0 differs');
});
(0, node_test_1.test)('the CLI dossier groups schedules by minimized vector', () => {
    const cli = {
        program: 'examples/two-consumers.rvl', seeds: 5,
        per_schedule: [
            { seed: 'canonical', ok: true, findings: [], choices: [0, 0, 0, 0, 0, 0] },
            { seed: 1, ok: true, findings: [], choices: [0, 0, 1, 0, 0, 0] },
            { seed: 3, ok: false, findings: [{ tag: 'unstable', message: 'm' }], choices: [0, 1, 0, 0, 0, 0] },
            { seed: 4, ok: false, findings: [{ tag: 'unstable', message: 'm' }], choices: [0, 1, 0, 0, 0, 0] },
        ],
    };
    const r = (0, sweep_1.fromCli)(cli);
    strict_1.default.equal(r.schedules, 4);
    strict_1.default.equal(r.failing, 2);
    strict_1.default.equal(r.failures.length, 1);
    strict_1.default.deepEqual(r.failures[0].seeds, [3, 4]);
    strict_1.default.equal(r.failures[0].replay, 'revl test examples/two-consumers.rvl --choices 0,1,0,0,0,0');
    strict_1.default.equal((0, sweep_1.firstFailingSeed)(r), 3);
    strict_1.default.equal((0, sweep_1.firstFailingSeed)((0, sweep_1.fromCli)({ per_schedule: [] })), undefined);
    strict_1.default.equal((0, sweep_1.firstFailingSeed)(undefined), undefined);
});
//# sourceMappingURL=sweep.test.js.map