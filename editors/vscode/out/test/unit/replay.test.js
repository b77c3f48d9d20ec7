"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const replay_1 = require("../../src/replay");
(0, node_test_1.test)('a taken vector replays with --choices, relative to the workspace', () => {
    strict_1.default.equal((0, replay_1.replayCommand)({ program: '/w/examples/two-consumers.rvl', seed: 3, taken: [0, 1, 1, 0, 0, 0] }, { cwd: '/w' }), 'revl test examples/two-consumers.rvl --choices 0,1,1,0,0,0');
});
(0, node_test_1.test)('a seed without a timeline replays with --schedule-seed', () => {
    strict_1.default.equal((0, replay_1.replayCommand)({ program: '/w/a.rvl', seed: '3' }, { cwd: '/w' }), 'revl test a.rvl --schedule-seed 3');
});
(0, node_test_1.test)('choices in either form; the canonical run is --choices 0', () => {
    strict_1.default.equal((0, replay_1.replayCommand)({ program: 'a.rvl', choices: [0, 1, 0, 0, 0, 0] }), 'revl test a.rvl --choices 0,1,0,0,0,0');
    strict_1.default.equal((0, replay_1.replayCommand)({ program: 'a.rvl', choices: '[0, 1, 0]' }), 'revl test a.rvl --choices 0,1,0');
    strict_1.default.equal((0, replay_1.replayCommand)({ program: 'a.rvl' }), 'revl test a.rvl --choices 0');
});
(0, node_test_1.test)('mocks, traces and the revl path', () => {
    strict_1.default.equal((0, replay_1.replayCommand)({ program: 'a.rvl', choices: [1], mocks: true }), 'revl test a.rvl --choices 1 --mock-requires');
    strict_1.default.equal((0, replay_1.replayCommand)({ trace: '/w/t/x.rvt' }, { cwd: '/w' }), 'revl trace replay t/x.rvt');
    strict_1.default.equal((0, replay_1.replayCommand)({ program: 'a.rvl', seed: 1 }, { revl: '/opt/my tools/revl' }), "'/opt/my tools/revl' test a.rvl --schedule-seed 1");
    strict_1.default.equal((0, replay_1.replayCommand)({}), undefined);
});
(0, node_test_1.test)('paths with spaces and quotes are quoted for the shell', () => {
    strict_1.default.equal((0, replay_1.shellQuote)('a b.rvl'), "'a b.rvl'");
    strict_1.default.equal((0, replay_1.shellQuote)("it's.rvl"), "'it'\\''s.rvl'");
    strict_1.default.equal((0, replay_1.shellQuote)('plain/path-1.rvl'), 'plain/path-1.rvl');
    strict_1.default.equal((0, replay_1.shellQuote)(''), "''");
    strict_1.default.equal((0, replay_1.replayCommand)({ program: '/w/my app.rvl', choices: [0] }, { cwd: '/w' }), "revl test 'my app.rvl' --choices 0");
});
(0, node_test_1.test)('relativeTo keeps paths outside the folder', () => {
    strict_1.default.equal((0, replay_1.relativeTo)('/x/a.rvl', '/w'), '/x/a.rvl');
    strict_1.default.equal((0, replay_1.relativeTo)('/w/a.rvl', '/w/'), 'a.rvl');
    strict_1.default.equal((0, replay_1.relativeTo)('/wx/a.rvl', '/w'), '/wx/a.rvl');
});
//# sourceMappingURL=replay.test.js.map