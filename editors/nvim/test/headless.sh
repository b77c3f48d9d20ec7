#!/usr/bin/env bash
# Neovim, headless, loads editors/nvim, attaches to revl-lsp and waits for
# the worked example's finding as a diagnostic.
#
#   REVL_LSP=/path/to/revl-lsp bash editors/nvim/test/headless.sh
#
# Skips (exit 0, with a SKIP line) when nvim or REVL_LSP is missing.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v nvim >/dev/null 2>&1; then
  echo "SKIP nvim: nvim is not installed (apt-get install neovim)"; exit 0
fi
if [ -z "${REVL_LSP:-}" ]; then
  echo "SKIP nvim: REVL_LSP is not set (REVL_LSP=/path/to/revl-lsp)"; exit 0
fi
if [ ! -x "$REVL_LSP" ]; then
  echo "FAIL nvim: REVL_LSP=$REVL_LSP is not an executable"; echo "0 passed, 1 failed"; exit 1
fi
# A copy of the example, so that the test's :write touches nothing in the tree.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/../../../examples/two-consumers.rvl" "$work/"
export REVL_FILE="$work/two-consumers.rvl"
echo "nvim: $(nvim --version | head -1); revl-lsp: $REVL_LSP"
# --clean: no user config or plugins; XDG dirs in the temp folder.
XDG_STATE_HOME="$work" XDG_DATA_HOME="$work" XDG_CACHE_HOME="$work" \
  timeout 120 nvim --clean --headless -c "luafile $here/lsp_test.lua" </dev/null
rc=$?
if [ $rc -eq 0 ]; then echo "nvim: 1 passed, 0 failed"; else echo "nvim: 0 passed, 1 failed"; fi
exit $rc
