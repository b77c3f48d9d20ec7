"use strict";
// Which binary to run for each tool, with workspace trust respected: in a
// workspace the user has not trusted, a path set in the workspace's (or the
// folder's) settings is never run, only the user's own setting or the
// default (the command on PATH). package.json also lists these settings
// under capabilities.untrustedWorkspaces.restrictedConfigurations, so VS
// Code itself ignores them in Restricted Mode; this is the second lock.
Object.defineProperty(exports, "__esModule", { value: true });
exports.TOOL_SETTINGS = void 0;
exports.toolPath = toolPath;
exports.sweepSize = sweepSize;
exports.expandPath = expandPath;
/** The setting key for each tool's path, under the "revl" section. */
exports.TOOL_SETTINGS = {
    'revl': 'path.revl',
    'revl-lsp': 'path.lsp',
    'revl-dap': 'path.dap',
};
/**
 * toolPath picks the command for a tool from the inspected setting. Blank
 * values count as unset. In an untrusted workspace the workspace and folder
 * values are ignored (and reported in `ignored`).
 */
function toolPath(tool, inspected, trusted) {
    const clean = (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
    const i = inspected ?? {};
    const folder = clean(i.workspaceFolderValue);
    const ws = clean(i.workspaceValue);
    const user = clean(i.globalValue);
    if (trusted) {
        if (folder)
            return { command: folder, source: 'workspaceFolder' };
        if (ws)
            return { command: ws, source: 'workspace' };
    }
    const ignored = trusted ? undefined : folder ?? ws;
    if (user)
        return { command: user, source: 'user', ignored };
    return { command: clean(i.defaultValue) ?? tool, source: 'default', ignored };
}
/** sweepSize reads revl.sweep.seeds: an integer from 1 to 100000, else 200. */
function sweepSize(v) {
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 100000)
        return 200;
    return n;
}
/**
 * expandHome and the workspace variable: settings may say
 * "${workspaceFolder}/bin/revl-lsp" or "~/go/bin/revl-lsp".
 */
function expandPath(p, vars) {
    let out = p;
    if (vars.workspaceFolder)
        out = out.split('${workspaceFolder}').join(vars.workspaceFolder);
    if (vars.home && (out === '~' || out.startsWith('~/')))
        out = vars.home + out.slice(1);
    return out;
}
//# sourceMappingURL=settings.js.map