"use strict";
// The command line that replays a schedule outside the editor: what
// "Copy replay command" puts on the clipboard. It is the same command the
// CLI and the language server print (`revl test FILE --choices 0,1,0`).
Object.defineProperty(exports, "__esModule", { value: true });
exports.shellQuote = shellQuote;
exports.relativeTo = relativeTo;
exports.formatChoices = formatChoices;
exports.replayCommand = replayCommand;
const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;
/** shellQuote quotes a word for a POSIX shell when it needs it. */
function shellQuote(s) {
    if (s !== '' && SAFE.test(s))
        return s;
    return "'" + s.replace(/'/g, `'\\''`) + "'";
}
/** relativeTo makes p relative to dir when it lies inside it. */
function relativeTo(p, dir) {
    if (!dir)
        return p;
    const d = dir.replace(/[\\/]+$/, '');
    if (p === d)
        return '.';
    if (p.startsWith(d + '/') || p.startsWith(d + '\\'))
        return p.slice(d.length + 1);
    return p;
}
/** formatChoices renders a vector as the CLI's --choices flag wants it: 0,1,0. */
function formatChoices(v) {
    return v.join(',');
}
/**
 * replayCommand returns the shell command that replays the schedule, or
 * undefined when there is nothing to replay. A vector that was taken beats a
 * seed (it replays the same run without the seeded chooser); a trace replays
 * with `revl trace replay`.
 */
function replayCommand(src, opts = {}) {
    const revl = shellQuote(opts.revl || 'revl');
    if (src.trace) {
        return `${revl} trace replay ${shellQuote(relativeTo(src.trace, opts.cwd))}`;
    }
    if (!src.program)
        return undefined;
    const prog = shellQuote(relativeTo(src.program, opts.cwd));
    const mocks = src.mocks ? ' --mock-requires' : '';
    if (src.taken && src.taken.length) {
        return `${revl} test ${prog} --choices ${formatChoices(src.taken)}${mocks}`;
    }
    if (src.choices !== undefined && src.choices !== '') {
        const v = Array.isArray(src.choices)
            ? src.choices
            : String(src.choices).replace(/[[\]\s]/g, ',').split(',').filter((x) => x !== '').map(Number);
        return `${revl} test ${prog} --choices ${formatChoices(v.length ? v : [0])}${mocks}`;
    }
    if (src.seed !== undefined && src.seed !== '') {
        return `${revl} test ${prog} --schedule-seed ${Number(src.seed)}${mocks}`;
    }
    return `${revl} test ${prog} --choices 0${mocks}`;
}
//# sourceMappingURL=replay.js.map