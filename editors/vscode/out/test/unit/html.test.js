"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const html_1 = require("../../src/timeline/html");
(0, node_test_1.test)('the page loads one script by nonce under a strict CSP', () => {
    const html = (0, html_1.timelinePage)({ scriptUri: 'vscode-resource:/m/timeline.js', styleUri: 'vscode-resource:/m/timeline.css', cspSource: 'vscode-resource:', nonce: 'abc123', title: 'a <b>' });
    strict_1.default.match(html, /default-src 'none'/);
    strict_1.default.match(html, /script-src 'nonce-abc123'/);
    strict_1.default.match(html, /<script nonce="abc123" src="vscode-resource:\/m\/timeline.js"><\/script>/);
    strict_1.default.match(html, /<title>a &lt;b&gt;<\/title>/);
    strict_1.default.doesNotMatch(html, /unsafe-inline|unsafe-eval/);
    strict_1.default.equal((html.match(/<script/g) || []).length, 1);
});
(0, node_test_1.test)('nonces are 32 alphanumerics', () => {
    strict_1.default.match((0, html_1.makeNonce)(), /^[A-Za-z0-9]{32}$/);
    strict_1.default.notEqual((0, html_1.makeNonce)(), (0, html_1.makeNonce)());
});
//# sourceMappingURL=html.test.js.map