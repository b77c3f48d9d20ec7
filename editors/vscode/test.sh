#!/usr/bin/env bash
# The VS Code extension's whole check, as CI runs it:
#   npm ci, tsc, the bundle, grammar tests, unit tests, the timeline page in
#   headless Chromium, the launch attributes against revl-dap, the .vsix.
#
#   bash editors/vscode/test.sh
#
# Environment:
#   REVL_DAP=/path/to/revl-dap   run the launch-attribute test (skipped when unset)
#   CHROMIUM=/usr/bin/chromium    the browser for the webview test (skipped when missing)
#   SKIP_NPM_CI=1                 reuse node_modules as it is (local iterations)
set -uo pipefail
cd "$(dirname "$0")"

pass=0
fail=0
failed=()
step() { printf '\n== vscode: %s\n' "$*"; }
ok() { pass=$((pass + 1)); echo "PASS vscode: $1"; }
ko() { fail=$((fail + 1)); failed+=("$1"); echo "FAIL vscode: $1"; }
run() { # run NAME CMD...: one check; its output, then a PASS or FAIL line
  local name=$1; shift
  step "$name"
  if "$@"; then ok "$name"; else ko "$name"; fi
}

if [ "${SKIP_NPM_CI:-}" = 1 ] && [ -d node_modules ]; then
  step "npm ci (skipped: SKIP_NPM_CI=1)"
else
  # --no-audit --no-fund: no network calls beyond the registry's tarballs.
  run "npm ci" npm ci --no-audit --no-fund --loglevel=error || true
  if [ ! -d node_modules ]; then echo "FAIL vscode: npm ci left no node_modules"; echo "0 passed, 1 failed"; exit 1; fi
fi

run "tsc (type check and compile)" npx --no-install tsc -p .
run "bundle (esbuild: dist/extension.js, dist/timeline.js)" node build.mjs
run "grammar assertions (vscode-tmgrammar-test)" npx --no-install vscode-tmgrammar-test -g syntaxes/revl.tmLanguage.json 'test/grammar/*.test.rvl'
run "grammar over examples/ and testdata/ (node:test)" node --test test/grammar/corpus.test.mjs
run "unit tests (node:test)" node --test out/test/unit/
run "timeline page in headless Chromium (playwright-core)" node --test test/webview/timeline.test.mjs
if [ -n "${REVL_DAP:-}" ]; then
  run "launch attributes against revl-dap ($REVL_DAP)" node --test test/dap/launch-attributes.test.mjs
else
  step "launch attributes against revl-dap"
  echo "SKIP vscode: REVL_DAP is not set; build it and run: REVL_DAP=/path/to/revl-dap bash editors/vscode/test.sh"
fi

package() {
  rm -f revl.vsix
  npx --no-install vsce package --no-dependencies --skip-license --allow-missing-repository --out revl.vsix || return 1
  # Only what the extension runs may be in it: no sources, tests, maps or node_modules, and no
  # tools (the universal package finds them; package-platforms.sh makes the ones with tools).
  local files bad
  files=$(unzip -Z1 revl.vsix) || return 1
  echo "$files"
  bad=$(echo "$files" | grep -E '^extension/(src|test|out|node_modules|e2e|test-results|bin)/|\.ts$|\.map$|tsconfig|\.vsix$|build\.mjs|test\.sh' || true)
  if [ -n "$bad" ]; then echo "the .vsix holds files it does not need:"; echo "$bad"; return 1; fi
  for need in extension/package.json extension/dist/extension.js extension/dist/timeline.js extension/media/timeline.css \
    extension/syntaxes/revl.tmLanguage.json extension/language-configuration.json extension/readme.md; do
    # A here-string, not a pipe: grep -q stops at the first match, and under pipefail the echo it
    # cut off (SIGPIPE) would fail the check.
    grep -qx "$need" <<<"$files" || { echo "the .vsix lacks $need"; return 1; }
  done
  echo "revl.vsix: $(stat -c %s revl.vsix) bytes, $(echo "$files" | wc -l) files"
}
run "package (vsce) and check the .vsix file list" package

echo
if [ "$fail" -gt 0 ]; then printf 'failed: %s\n' "${failed[@]}"; fi
echo "vscode: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
