/**
 * `npm run db:backup [FILE]`: on SQLite, writes a consistent snapshot of the database while the
 * app runs (default data/backups/quiver-<UTC time>.db); on PostgreSQL, checks the connection and
 * prints the pg_dump command to run (and how to restore its output).
 */
import path from "node:path";
import { configuredDatabaseUrl, dialectOf, sqliteFilePath } from "../../lib/db/database-url";
import { BackupError, backupSqlite, postgresBackupInstructions } from "./backup";
import { loadProjectEnv } from "./load-env";

loadProjectEnv();
const url = configuredDatabaseUrl();
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");

try {
  if (dialectOf(url) === "sqlite") {
    const file = path.resolve(process.argv[2] ?? `data/backups/quiver-${stamp}.db`);
    await backupSqlite(sqliteFilePath(url), file);
    console.log(`Backed up ${url} to ${file}.\nRestore it with: npm run db:restore ${path.relative(process.cwd(), file)}`);
  } else {
    const file = process.argv[2] ?? `quiver-${stamp}.dump`;
    const { dump, restore } = await postgresBackupInstructions(url, file);
    console.log("PostgreSQL is reachable. Back it up with pg_dump (the password comes from PGPASSWORD):");
    console.log(`\n  ${dump}\n`);
    console.log("Restore that file into an empty database with:");
    console.log(`\n  ${restore}\n`);
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
