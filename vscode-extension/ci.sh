#!/usr/bin/env bash
# Builds and checks the VS Code extension as CI does: install, type-check, bundle, grammar and
# unit tests, package. Needs Node.js and npm; the scripts run on the Node 22 that `npm ci`
# installs from the npm registry (the `node` devDependency), which vsce requires.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v npm >/dev/null 2>&1; then
  echo "vscode-extension/ci.sh: npm not found; install Node.js (18 or newer) with npm" >&2
  exit 1
fi

echo "== vscode-extension: install (npm ci)"
npm ci --include=dev --no-audit --no-fund

echo "== vscode-extension: node for the scripts"
npm exec -- node --version

echo "== vscode-extension: type-check"
npm run --silent typecheck

echo "== vscode-extension: bundle"
npm run --silent bundle

echo "== vscode-extension: grammar and unit tests"
npm test

echo "== vscode-extension: package"
rm -f ./*.vsix
# A platform package carries the release server (../target/release/cardlint, or $CARDLINT_BINARY).
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) target=linux-x64 ;;
  Linux-aarch64) target=linux-arm64 ;;
  Darwin-x86_64) target=darwin-x64 ;;
  Darwin-arm64) target=darwin-arm64 ;;
  *) target="" ;;
esac
if [ -n "$target" ] && { [ -n "${CARDLINT_BINARY:-}" ] || [ -x ../target/release/cardlint ]; }; then
  npm run package -- --target "$target"
else
  echo "notice: no release cardlint binary (../target/release/cardlint or \$CARDLINT_BINARY): packaging without the server"
  npm run package
fi
vsix=$(ls ./*.vsix)
echo "built $vsix ($(wc -c <"$vsix") bytes)"
