/**
 * `npm run db:migrate`: applies the pending migrations of the dialect DATABASE_URL selects
 * (default: the SQLite file data/quiver.db, created when absent) and says what it applied.
 */
import { configuredDatabaseUrl, dialectOf, postgresTarget } from "../../lib/db/database-url";
import { applyPendingMigrations } from "../../lib/db/migrations/apply-migrations";
import { loadProjectEnv } from "./load-env";

/** Host, database and schema: enough to recognise the target, never the password. */
function describePostgres(databaseUrl: string): string {
  const { connectionString, schema } = postgresTarget(databaseUrl);
  const parsed = new URL(connectionString);
  return `PostgreSQL ${parsed.host}${parsed.pathname} (schema ${schema})`;
}

loadProjectEnv();
const url = configuredDatabaseUrl();
const started = performance.now();
const applied = await applyPendingMigrations(url);
const elapsed = Math.round(performance.now() - started);
const where = dialectOf(url) === "sqlite" ? url : describePostgres(url);
if (applied.length === 0) {
  console.log(`Database is up to date (${where}); no migration applied.`);
} else {
  console.log(`Applied ${applied.length} migration(s) to ${where} in ${elapsed} ms:`);
  for (const name of applied) console.log(`  ${name}`);
}
// On PostgreSQL the wasm engine leaves a 10-second timer behind that it never clears; every
// connection is closed by now, so end rather than sit idle until the timer fires.
process.exit(0);
