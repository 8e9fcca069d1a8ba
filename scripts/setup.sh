#!/usr/bin/env bash
# Sets Quiver up on a fresh machine and starts it on the embedded SQLite default:
# install → .env with generated secrets → Prisma clients → migrations → first admin → build → start.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> Installing dependencies (the first time compiles better-sqlite3: about two minutes)"
  npm ci --no-audit --no-fund
fi

echo "==> Configuration (.env)"
npx tsx scripts/ensure-env.ts

echo "==> Database"
npm run --silent db:generate
npm run --silent db:migrate
npm run --silent db:seed

echo "==> Building"
npm run --silent build

port="${PORT:-3000}"
echo "==> Quiver is starting on http://localhost:${port} — sign in with the admin account shown above (or in .env / your QUIVER_ADMIN_* variables)."
PORT="$port" exec npm start
