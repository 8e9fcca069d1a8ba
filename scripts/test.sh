#!/usr/bin/env bash
# The whole test suite: types, unit and data-layer tests (SQLite, and PostgreSQL when reachable),
# then the production build driven in Chromium by Playwright.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
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
