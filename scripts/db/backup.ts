/**
 * Backups (issue 15). SQLite: an online backup through better-sqlite3 (SQLite's backup API), a
 * consistent snapshot taken while the app keeps running and writing. PostgreSQL: pg_dump does it
 * better than we could, so after checking the connection we say exactly how to run it. Restoring
 * a SQLite backup goes into an empty database only, after checking that the backup's applied
 * migrations are migrations of this checkout (same names, same checksums).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { postgresTarget } from "../../lib/db/database-url";
import { MIGRATIONS_DIRS } from "../../lib/db/migrations/dialect-schemas";
import { MIGRATION_FILE, migrationNames } from "../../lib/db/migrations/migrations-folder";

/** Writes a consistent copy of the SQLite database `source` to `destination` (a new file). */
export async function backupSqlite(source: string, destination: string): Promise<void> {
  if (!existsSync(source)) throw new Error(`There is no SQLite database at ${source}.`);
  if (existsSync(destination)) throw new Error(`${destination} already exists: choose a new file name.`);
  await copyDatabase(source, destination);
}

/** SQLite's online backup of `source` into `destination`: pages copied consistently while others write. */
async function copyDatabase(source: string, destination: string): Promise<void> {
  mkdirSync(path.dirname(destination), { recursive: true });
  const database = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await database.backup(destination);
  } finally {
    database.close();
  }
}

/** A problem found with a backup or a restore target: the message is for the operator. */
export class BackupError extends Error {
  override readonly name = "BackupError";
}

interface AppliedMigration {
  readonly migration_name: string;
  readonly checksum: string;
  readonly finished_at: string | number | null;
  readonly rolled_back_at: string | number | null;
}

/**
 * Checks that `backup` is a Quiver SQLite database whose applied migrations all belong to this
 * checkout (by name and checksum); returns the names of this checkout's migrations it lacks.
 */
export function checkSqliteBackup(backup: string, migrationsDir: string = MIGRATIONS_DIRS.sqlite): string[] {
  if (!existsSync(backup)) throw new BackupError(`There is no file at ${backup}.`);
  let applied: AppliedMigration[];
  const database = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    applied = database.prepare("SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations").all() as AppliedMigration[];
  } catch {
    throw new BackupError(`${backup} is not a Quiver SQLite backup (it has no _prisma_migrations table).`);
  } finally {
    database.close();
  }
  const known = new Map(migrationNames("sqlite", migrationsDir).map((name) => [name, checksumOf(path.join(migrationsDir, name, MIGRATION_FILE))]));
  const problems: string[] = [];
  for (const migration of applied) {
    if (migration.rolled_back_at !== null) continue;
    const checksum = known.get(migration.migration_name);
    if (migration.finished_at === null) problems.push(`${migration.migration_name} was left half-applied`);
    else if (checksum === undefined) problems.push(`${migration.migration_name} is not a migration of this version of Quiver (is the backup newer?)`);
    else if (checksum !== migration.checksum) problems.push(`${migration.migration_name} differs from this version's migration of that name`);
  }
  if (problems.length > 0) throw new BackupError(`The backup does not match this version's migrations: ${problems.join("; ")}.`);
  const done = new Set(applied.filter((migration) => migration.rolled_back_at === null).map((migration) => migration.migration_name));
  return [...known.keys()].filter((name) => !done.has(name));
}

/**
 * Restores the SQLite backup `backup` into `target`, which must not exist or hold no table.
 * Checks the backup first ({@link checkSqliteBackup}); returns the migrations it still lacks.
 */
export async function restoreSqlite(backup: string, target: string, migrationsDir?: string): Promise<string[]> {
  const pending = checkSqliteBackup(backup, migrationsDir);
  if (existsSync(target) && statSync(target).size > 0) {
    const database = new Database(target, { readonly: true });
    try {
      const tables = database.prepare("SELECT count(*) AS count FROM sqlite_master WHERE type = 'table'").get() as { count: number };
      if (tables.count > 0) throw new BackupError(`${target} is not empty: restore into a new database file (set DATABASE_URL to one), never over existing data.`);
    } finally {
      database.close();
    }
  }
  await copyDatabase(backup, target);
  return pending;
}

function checksumOf(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

/** What to run to back up and restore the PostgreSQL database at `url`: two shell commands. */
export interface PostgresInstructions {
  readonly dump: string;
  readonly restore: string;
}

/**
 * Checks that the PostgreSQL database at `url` answers and holds Quiver's tables, then returns
 * the pg_dump and pg_restore commands for it. The password is never printed: the commands read
 * it from PGPASSWORD.
 */
export async function postgresBackupInstructions(url: string, file: string): Promise<PostgresInstructions> {
  const { connectionString, schema } = postgresTarget(url);
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const found = await client.query("SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = '_prisma_migrations'", [schema]);
    if (found.rowCount === 0) throw new BackupError(`The PostgreSQL database has no Quiver tables in schema "${schema}": check DATABASE_URL.`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot connect to PostgreSQL (${error instanceof Error ? error.message : String(error)}): check DATABASE_URL and that the server runs.`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const withoutPassword = new URL(connectionString);
  withoutPassword.password = "";
  const dbname = shellQuote(withoutPassword.toString());
  return {
    dump: `pg_dump --dbname=${dbname} --schema=${shellQuote(schema)} --format=custom --no-owner --file=${shellQuote(file)}`,
    restore: `pg_restore --dbname=${shellQuote("postgresql://USER@HOST:5432/EMPTY_DATABASE")} --no-owner --exit-on-error ${shellQuote(file)}`,
  };
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
