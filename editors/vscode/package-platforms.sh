#!/usr/bin/env bash
# The platform-specific .vsix files, with the tools inside (as
# rust-analyzer ships its server): for each target, Go cross-compiles
# revl, revl-lsp and revl-dap into bin/ and vsce packages the extension for
# that target. The installed extension runs bin/TOOL unless a setting names
# another binary (src/tools.ts).
#
#   bash editors/vscode/package-platforms.sh              all five targets
#   bash editors/vscode/package-platforms.sh linux-x64    only these
#
# Targets: linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64. Output:
# editors/vscode/revl-TARGET.vsix. The tools print the extension's version
# (package.json) for --version. Environment: SKIP_BUILD=1 reuses dist/ as it is.
set -euo pipefail
cd "$(dirname "$0")"
ext=$(pwd)
repo=$(cd ../.. && pwd)
all=(linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64)
if [ $# -gt 0 ]; then targets=("$@"); else targets=("${all[@]}"); fi
tools=(revl revl-lsp revl-dap)

[ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error
version=$(node -p "require('./package.json').version")
if [ "${SKIP_BUILD:-}" != 1 ]; then
  npx --no-install tsc -p .
  node build.mjs
fi

# bin/ holds one target's binaries at a time; never leave it behind (the
# universal revl.vsix must not carry them).
trap 'rm -rf "$ext/bin"' EXIT
for target in "${targets[@]}"; do
  case "$target" in
    linux-x64) goos=linux goarch=amd64 ;;
    linux-arm64) goos=linux goarch=arm64 ;;
    darwin-x64) goos=darwin goarch=amd64 ;;
    darwin-arm64) goos=darwin goarch=arm64 ;;
    win32-x64) goos=windows goarch=amd64 ;;
    *) echo "package-platforms: unknown target $target (want one of ${all[*]})" >&2; exit 2 ;;
  esac
  exe=""
  [ "$goos" = windows ] && exe=.exe
  rm -rf "$ext/bin"
  mkdir -p "$ext/bin"
  for t in "${tools[@]}"; do
    echo "package-platforms: $target: go build ./cmd/$t ($goos/$goarch)"
    (cd "$repo" && CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath \
      -ldflags "-s -w -X revl.dev/debug/internal/version.Version=$version" -o "$ext/bin/$t$exe" "./cmd/$t")
  done
  out="revl-$target.vsix"
  rm -f "$out"
  npx --no-install vsce package --target "$target" --no-dependencies --skip-license --allow-missing-repository --out "$out" >/dev/null
  # The package must hold the three tools, runnable.
  listing=$(unzip -Z "$out")
  for t in "${tools[@]}"; do
    line=$(echo "$listing" | grep -E " extension/bin/$t$exe\$" || true)
    if [ -z "$line" ]; then echo "package-platforms: $out lacks extension/bin/$t$exe" >&2; exit 1; fi
    if [ -z "$exe" ] && ! echo "$line" | grep -qE '^-rwx'; then echo "package-platforms: extension/bin/$t in $out is not executable: $line" >&2; exit 1; fi
  done
  echo "package-platforms: $out ($(stat -c %s "$out") bytes): $(echo "$listing" | grep -c ' extension/bin/') tools in extension/bin/"
done
