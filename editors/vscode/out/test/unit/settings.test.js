"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const settings_1 = require("../../src/settings");
(0, node_test_1.test)('the default is the command on PATH', () => {
    strict_1.default.deepEqual((0, settings_1.toolPath)('revl-lsp', { defaultValue: 'revl-lsp' }, true), { command: 'revl-lsp', source: 'default', ignored: undefined });
    strict_1.default.equal((0, settings_1.toolPath)('revl-dap', undefined, true).command, 'revl-dap');
    strict_1.default.equal((0, settings_1.toolPath)('revl', { defaultValue: '  ' }, true).command, 'revl');
});
(0, node_test_1.test)('a trusted workspace may set the path; the folder value wins', () => {
    const i = { defaultValue: 'revl-lsp', globalValue: '/home/u/go/bin/revl-lsp', workspaceValue: '/w/bin/revl-lsp', workspaceFolderValue: '/w/f/bin/revl-lsp' };
    strict_1.default.deepEqual((0, settings_1.toolPath)('revl-lsp', i, true), { command: '/w/f/bin/revl-lsp', source: 'workspaceFolder' });
    strict_1.default.deepEqual((0, settings_1.toolPath)('revl-lsp', { ...i, workspaceFolderValue: undefined }, true), { command: '/w/bin/revl-lsp', source: 'workspace' });
});
(0, node_test_1.test)('an untrusted workspace never picks the binary', () => {
    const i = { defaultValue: 'revl-dap', globalValue: '/home/u/go/bin/revl-dap', workspaceValue: './evil.sh' };
    strict_1.default.deepEqual((0, settings_1.toolPath)('revl-dap', i, false), { command: '/home/u/go/bin/revl-dap', source: 'user', ignored: './evil.sh' });
    strict_1.default.deepEqual((0, settings_1.toolPath)('revl-dap', { defaultValue: 'revl-dap', workspaceFolderValue: '/tmp/x' }, false), { command: 'revl-dap', source: 'default', ignored: '/tmp/x' });
});
(0, node_test_1.test)('sweepSize keeps to 1..100000, else 200', () => {
    strict_1.default.equal((0, settings_1.sweepSize)(40), 40);
    strict_1.default.equal((0, settings_1.sweepSize)('500'), 500);
    strict_1.default.equal((0, settings_1.sweepSize)(0), 200);
    strict_1.default.equal((0, settings_1.sweepSize)(1.5), 200);
    strict_1.default.equal((0, settings_1.sweepSize)(undefined), 200);
    strict_1.default.equal((0, settings_1.sweepSize)(100001), 200);
});
(0, node_test_1.test)('expandPath substitutes the workspace folder and ~', () => {
    strict_1.default.equal((0, settings_1.expandPath)('${workspaceFolder}/bin/revl-lsp', { workspaceFolder: '/w' }), '/w/bin/revl-lsp');
    strict_1.default.equal((0, settings_1.expandPath)('~/go/bin/revl', { home: '/home/u' }), '/home/u/go/bin/revl');
    strict_1.default.equal((0, settings_1.expandPath)('revl', { home: '/home/u' }), 'revl');
});
//# sourceMappingURL=settings.test.js.map