"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
// The contributions in package.json, checked against what the code expects.
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
const launch_1 = require("../../src/launch");
const settings_1 = require("../../src/settings");
const root = (0, node_path_1.join)(__dirname, '..', '..', '..');
const pkg = JSON.parse((0, node_fs_1.readFileSync)((0, node_path_1.join)(root, 'package.json'), 'utf8'));
const c = pkg.contributes;
(0, node_test_1.test)('the revl language, its configuration and grammar', () => {
    const lang = c.languages.find((l) => l.id === 'revl');
    strict_1.default.deepEqual(lang.extensions, ['.rvl']);
    const conf = JSON.parse((0, node_fs_1.readFileSync)((0, node_path_1.join)(root, lang.configuration), 'utf8'));
    strict_1.default.equal(conf.comments.lineComment, '//');
    strict_1.default.deepEqual(conf.brackets, [['{', '}'], ['[', ']'], ['(', ')']]);
    strict_1.default.ok(conf.autoClosingPairs.some((p) => p.open === '`'));
    strict_1.default.ok(conf.indentationRules.increaseIndentPattern && conf.indentationRules.decreaseIndentPattern);
    strict_1.default.ok(new RegExp(conf.indentationRules.increaseIndentPattern).test('component A requires log: Log {'));
    strict_1.default.ok(new RegExp(conf.indentationRules.decreaseIndentPattern).test('  }'));
    const wp = new RegExp(`^(?:${conf.wordPattern})$`);
    for (const w of ['250ms', '30s', 'no_residue', 'x1', '1.5'])
        strict_1.default.ok(wp.test(w), w);
    const g = c.grammars.find((x) => x.language === 'revl');
    strict_1.default.equal(g.scopeName, 'source.revl');
    strict_1.default.ok((0, node_fs_1.existsSync)((0, node_path_1.join)(root, g.path)));
    strict_1.default.ok((0, node_fs_1.existsSync)((0, node_path_1.join)(root, c.snippets[0].path)));
});
(0, node_test_1.test)('every launch attribute has a description and a schema type, and only those revl-dap knows', () => {
    const dbg = c.debuggers.find((d) => d.type === 'revl');
    const props = dbg.configurationAttributes.launch.properties;
    strict_1.default.deepEqual(Object.keys(props).sort(), [...launch_1.LAUNCH_ATTRIBUTES].sort());
    for (const [k, v] of Object.entries(props)) {
        strict_1.default.ok(v.type, `${k} has no type`);
        strict_1.default.ok(v.description && v.description.length > 20, `${k} has no description`);
    }
    strict_1.default.deepEqual(dbg.configurationAttributes.launch.required, ['program']);
    strict_1.default.deepEqual(c.breakpoints, [{ language: 'revl' }]);
});
(0, node_test_1.test)('initial configurations and snippets resolve', () => {
    const dbg = c.debuggers[0];
    for (const conf of dbg.initialConfigurations) {
        const r = (0, launch_1.resolveLaunch)({ ...conf, program: '/w/a.rvl' });
        strict_1.default.equal(r.error, undefined, JSON.stringify(conf));
        strict_1.default.equal(typeof conf.seed, 'number');
    }
    const labels = dbg.configurationSnippets.map((s) => s.label);
    strict_1.default.deepEqual(labels, ['revl: Debug a seed', 'revl: Replay a choice vector', 'revl: Open a trace']);
    for (const s of dbg.configurationSnippets) {
        strict_1.default.equal(s.body.type, 'revl');
        strict_1.default.equal(s.body.request, 'launch');
        for (const k of Object.keys(s.body)) {
            if (!['type', 'request', 'name'].includes(k))
                strict_1.default.ok(launch_1.LAUNCH_ATTRIBUTES.includes(k), `snippet ${s.label}: ${k}`);
        }
    }
});
(0, node_test_1.test)('the four commands, with titles, are registered by the code', () => {
    const src = (0, node_fs_1.readFileSync)((0, node_path_1.join)(root, 'src', 'extension.ts'), 'utf8');
    const want = {
        'revl.runScheduleSweep': 'Run schedule sweep', 'revl.debugFailingSchedule': 'Debug failing schedule',
        'revl.showTimeline': 'Show timeline', 'revl.copyReplayCommand': 'Copy replay command',
    };
    for (const [id, title] of Object.entries(want)) {
        const cmd = c.commands.find((x) => x.command === id);
        strict_1.default.equal(cmd?.title, title, id);
        strict_1.default.ok(src.includes(`registerCommand('${id}'`), `${id} is not registered in src/extension.ts`);
    }
});
(0, node_test_1.test)('settings: tool paths default to PATH and are restricted in untrusted workspaces', () => {
    const props = c.configuration.properties;
    for (const [tool, key] of Object.entries(settings_1.TOOL_SETTINGS)) {
        strict_1.default.equal(props[`revl.${key}`].default, tool);
        strict_1.default.equal(props[`revl.${key}`].type, 'string');
    }
    strict_1.default.equal(props['revl.sweep.seeds'].default, 200);
    strict_1.default.deepEqual(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.sort(), Object.values(settings_1.TOOL_SETTINGS).map((k) => `revl.${k}`).sort());
    strict_1.default.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
});
(0, node_test_1.test)('dependencies are pinned and the entry point is the bundle', () => {
    for (const deps of [pkg.dependencies, pkg.devDependencies]) {
        for (const [name, v] of Object.entries(deps))
            strict_1.default.match(v, /^\d+\.\d+\.\d+$/, `${name}@${v} is not pinned`);
    }
    strict_1.default.equal(pkg.main, './dist/extension.js');
    strict_1.default.ok(pkg.icon && (0, node_fs_1.existsSync)((0, node_path_1.join)(root, pkg.icon)));
    strict_1.default.equal(c.customEditors[0].selector[0].filenamePattern, '*.rvt');
});
//# sourceMappingURL=package.test.js.map