#!/usr/bin/env bash
# The extension in a real editor (test/e2e/run.mjs): the packed .vsix in a clean code-server,
# driven by playwright-core in Debian's Chromium. Run it after ci.sh has packed the platform .vsix.
#
#   vscode-extension/e2e.sh install     installs what the test needs (below); exits non-zero if it cannot
#   vscode-extension/e2e.sh run [VSIX]  runs the test (default VSIX: the one ci.sh packed)
#   vscode-extension/e2e.sh [VSIX]      both
#
# Everything goes under $CARDLINT_E2E_HOME (default /tmp/cardlint-e2e), nothing elsewhere but the
# Debian packages: chromium (no browser download), and what code-server's native modules build
# with (libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config). From the npm registry:
# code-server (which needs Node 24: the `node@24` package, whose headers node-gyp uses) and
# playwright-core. The install takes about 8 minutes; a second run reuses it.
set -euo pipefail
cd "$(dirname "$0")"

CODE_SERVER_VERSION=4.139.1
PLAYWRIGHT_VERSION=1.65.1
NODE_MAJOR=24
home=${CARDLINT_E2E_HOME:-/tmp/cardlint-e2e}
debs=(chromium libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config make g++ python3)

# The Node of the `node@24` package: its directory holds bin/node and include/node.
node_dir() {
  local d
  for d in "$home"/node/node_modules/node/node_modules/node-*/; do
    if [ -x "$d/bin/node" ] && [ -d "$d/include/node" ]; then
      echo "${d%/}"
      return 0
    fi
  done
  return 1
}

install() {
  local started=$SECONDS
  mkdir -p "$home"
  local missing=()
  for p in "${debs[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== e2e install: apt-get install ${missing[*]}"
    local sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo -n"; fi
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" \
      || { $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive \
             apt-get install -y --no-install-recommends "${missing[@]}"; }
  fi
  if [ ! -x /usr/bin/chromium ] && [ -z "${CARDLINT_CHROMIUM:-}" ]; then
    echo "e2e install: no /usr/bin/chromium" >&2
    return 1
  fi
  local npm_flags=(--no-audit --no-fund --fetch-retries=2 --fetch-timeout=60000)
  if ! node_dir >/dev/null; then
    echo "== e2e install: node@$NODE_MAJOR (npm)"
    rm -rf "$home/node"
    timeout 600 npm install --prefix "$home/node" "${npm_flags[@]}" "node@$NODE_MAJOR"
  fi
  local node
  node=$(node_dir) || { echo "e2e install: the node@$NODE_MAJOR package has no bin/node and include/node" >&2; return 1; }
  "$node/bin/node" --version
  if [ ! -f "$home/code-server/.installed-$CODE_SERVER_VERSION" ]; then
    echo "== e2e install: code-server@$CODE_SERVER_VERSION (npm; builds native modules, about 8 minutes)"
    rm -rf "$home/code-server"
    PATH="$node/bin:$PATH" npm_config_nodedir="$node" timeout 2400 \
      npm install --prefix "$home/code-server" "${npm_flags[@]}" "code-server@$CODE_SERVER_VERSION"
    touch "$home/code-server/.installed-$CODE_SERVER_VERSION"
  fi
  if [ ! -f "$home/playwright/.installed-$PLAYWRIGHT_VERSION" ]; then
    echo "== e2e install: playwright-core@$PLAYWRIGHT_VERSION (npm; no browser download)"
    rm -rf "$home/playwright"
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 timeout 600 \
      npm install --prefix "$home/playwright" "${npm_flags[@]}" "playwright-core@$PLAYWRIGHT_VERSION"
    touch "$home/playwright/.installed-$PLAYWRIGHT_VERSION"
  fi
  echo "e2e install: ready in $((SECONDS - started))s under $home"
}

run() {
  local vsix=${1:-}
  if [ -z "$vsix" ]; then
    vsix=$(ls ./cardlint-*-*.vsix 2>/dev/null | head -n 1 || true)
  fi
  if [ -z "$vsix" ] || [ ! -f "$vsix" ]; then
    echo "e2e: no platform .vsix (run vscode-extension/ci.sh with a release cardlint first)" >&2
    return 1
  fi
  local node
  node=$(node_dir) || { echo "e2e: not installed (vscode-extension/e2e.sh install)" >&2; return 1; }
  echo "== e2e: $(basename "$vsix") in code-server $CODE_SERVER_VERSION, $("${CARDLINT_CHROMIUM:-/usr/bin/chromium}" --version 2>/dev/null | head -n 1)"
  local started=$SECONDS
  PATH="$node/bin:$PATH" \
    CARDLINT_VSIX="$(realpath "$vsix")" \
    CARDLINT_CODE_SERVER="$home/code-server/node_modules/.bin/code-server" \
    CARDLINT_PLAYWRIGHT="$home/playwright/node_modules/playwright-core" \
    "$node/bin/node" test/e2e/run.mjs
  echo "e2e: $((SECONDS - started))s"
}

case "${1:-}" in
  install) install ;;
  run) shift; run "${1:-}" ;;
  *) install && run "${1:-}" ;;
esac
