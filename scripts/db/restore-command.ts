/**
 * `npm run db:restore FILE`: restores a SQLite backup (from `npm run db:backup`) into the database
 * DATABASE_URL names, which must be empty, after checking the backup's migrations against this
 * checkout's; then applies the migrations the backup predates. PostgreSQL backups are restored
 * with pg_restore (see `npm run db:backup`).
 */
import path from "node:path";
import { configuredDatabaseUrl, dialectOf, sqliteFilePath } from "../../lib/db/database-url";
import { applyPendingMigrations } from "../../lib/db/migrations/apply-migrations";
import { BackupError, restoreSqlite } from "./backup";
import { loadProjectEnv } from "./load-env";

loadProjectEnv();
const url = configuredDatabaseUrl();
const file = process.argv[2];

try {
  if (!file) throw new BackupError("Name the backup to restore: npm run db:restore data/backups/quiver-….db");
  if (dialectOf(url) !== "sqlite") {
    throw new BackupError("DATABASE_URL names PostgreSQL: restore a pg_dump file with pg_restore (npm run db:backup prints the command).");
  }
  const pending = await restoreSqlite(path.resolve(file), sqliteFilePath(url));
  if (pending.length > 0) await applyPendingMigrations(url);
  console.log(`Restored ${file} into ${url}${pending.length > 0 ? `, then applied ${pending.length} newer migration(s)` : ""}.`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
