#!/usr/bin/env bash
# The whole test suite: types, unit and data-layer tests (SQLite, and PostgreSQL when reachable),
# then the production build driven in Chromium by Playwright.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."

# The end-to-end tests drive Debian's Chromium (Playwright's own browser download cannot work
# offline), in its headless shell build (package chromium-headless-shell): the same Blink as the
# full browser without its window and UI processes, which are most of the suite's time on two
# cores (Playwright's own headless default is this build too). Find it before spending minutes on
# the rest: install it where we can, fall back to a full chromium, else stop now.
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ ! -x "$chromium_path" ]; then
  if command -v chromium-headless-shell >/dev/null 2>&1; then
    chromium_path="$(command -v chromium-headless-shell)"
  elif [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "==> Chromium's headless shell is missing: installing Debian's chromium-headless-shell package"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
    chromium_path="$(command -v chromium-headless-shell)"
  elif command -v chromium >/dev/null 2>&1; then
    echo "==> Using the full chromium (slower): sudo apt-get install chromium-headless-shell makes the suite faster"
    chromium_path="$(command -v chromium)"
  else
    echo "Chromium is missing: the end-to-end tests need Debian's chromium-headless-shell at $chromium_path." >&2
    echo "Install it, then run npm test again:  sudo apt-get install chromium-headless-shell" >&2
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
QUIVER_TYPES_CHECKED=1 npx next build
echo "==> End-to-end tests (Chromium)"
npx playwright test
