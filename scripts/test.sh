#!/usr/bin/env bash
# The whole test suite: types, unit and data-layer tests (SQLite, and PostgreSQL when reachable),
# then the production build driven in Chromium by Playwright.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."

# The end-to-end tests drive Debian's Chromium (Playwright's own browser download cannot work
# offline). Find it before spending minutes on the rest: install it where we can, else stop now.
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_path" ]; then
  if command -v chromium >/dev/null 2>&1; then
    chromium_path="$(command -v chromium)"
  elif [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "==> Chromium is missing: installing Debian's chromium package (apt-get install chromium)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    chromium_path="$(command -v chromium)"
  else
    echo "Chromium is missing: the end-to-end tests need Debian's chromium at $chromium_path." >&2
    echo "Install it, then run npm test again:  sudo apt-get install chromium" >&2
    echo "(or set CHROMIUM_PATH to a Chromium executable)" >&2
    exit 1
  fi
fi
export CHROMIUM_PATH="$chromium_path"

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
# The MCP conformance suite and the Node 22 it needs live in their own folder, so that Node's
# `node` bin link never reaches the app's PATH (the app stays on Node 20).
conformance=e2e/conformance
if [ ! -f "$conformance/node_modules/.package-lock.json" ] || [ "$conformance/package-lock.json" -nt "$conformance/node_modules/.package-lock.json" ]; then
  npm ci --prefix "$conformance" --no-audit --no-fund
fi

npm run --silent db:generate
echo "==> Type check"
npx tsc --noEmit -p .
echo "==> Unit and data-layer tests"
npx vitest run
echo "==> Production build"
npx next build
echo "==> End-to-end tests (Chromium)"
npx playwright test
