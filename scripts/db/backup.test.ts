/**
 * `npm run db:backup` / `npm run db:restore` (issue 15). SQLite: a backup taken while the app keeps
 * writing restores into an empty database with its rows and migrations; a non-empty target, a file
 * that is no backup, and a backup whose migrations this checkout does not know are refused, leaving
 * the target untouched; an older backup gets the newer migrations. PostgreSQL: the commands
 * db:backup prints are run against the local server (loopback) and round-trip the data.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../lib/db/client";
import { postgresTarget } from "../../lib/db/database-url";
import { COMMAND_TEST_TIMEOUT_MS } from "../../lib/db/test-support/commands";
import { databaseTargets, dropDatabase } from "../../lib/db/test-support/databases";
import { applyPendingMigrations } from "../../lib/db/migrations/apply-migrations";
import { BackupError, backupSqlite, checkSqliteBackup, postgresBackupInstructions, restoreSqlite } from "./backup";
import { MIGRATIONS_DIRS, PROJECT_ROOT } from "../../lib/db/migrations/dialect-schemas";
import { migrationNames } from "../../lib/db/migrations/migrations-folder";

const run = promisify(execFile);
const workDir = mkdtempSync(path.join(tmpdir(), "quiver-backup-"));
let fileCount = 0;
const newFile = (name: string) => path.join(workDir, `${++fileCount}-${name}`);

/** Runs an npm script's command as npm would, with DATABASE_URL set and `args` after it. */
async function command(script: string, databaseUrl: string, args: string[]) {
  const tsx = path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs");
  try {
    const { stdout, stderr } = await run(process.execPath, [tsx, script, ...args], { cwd: PROJECT_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A migrated SQLite database with `users` operators; returns its path. */
async function liveDatabase(users: number, migrationsDir?: string): Promise<string> {
  const file = newFile("live.db");
  await applyPendingMigrations(`file:${file}`, { migrationsDir });
  const database = new Database(file);
  const insert = database.prepare("INSERT INTO users (id, email, name, role, password_hash, active, created_at, updated_at) VALUES (?, ?, ?, 'viewer', 'x', 1, 0, 0)");
  for (let index = 0; index < users; index++) insert.run(`u${index}`, `user${index}@example.com`, `User ${index}`);
  database.close();
  return file;
}

const countUsers = (file: string) => (new Database(file, { readonly: true }).prepare("SELECT count(*) AS count FROM users").get() as { count: number }).count;
const appliedMigrations = (file: string) =>
  (new Database(file, { readonly: true }).prepare("SELECT migration_name FROM _prisma_migrations ORDER BY migration_name").all() as { migration_name: string }[]).map((row) => row.migration_name);

describe("SQLite backup and restore", () => {
  it("backs up while the app writes, and restores into an empty database (npm run db:backup / db:restore)", async () => {
    const live = await liveDatabase(50);
    const app = createDb(`file:${live}`);
    try {
      const backup = newFile("backup.db");
      const writes = Promise.all(Array.from({ length: 20 }, (_, index) =>
        app.user.create({ data: { email: `late${index}@example.com`, name: "Late", role: "viewer", passwordHash: "x" } })));
      const backedUp = await command("scripts/db/backup-command.ts", `file:${live}`, [backup]);
      await writes;
      expect(backedUp.stderr).toBe("");
      expect(backedUp.stdout).toContain(`Backed up file:${live} to ${backup}.`);

      const target = newFile("restored.db");
      const restored = await command("scripts/db/restore-command.ts", `file:${target}`, [backup]);
      expect(restored).toMatchObject({ code: 0, stderr: "" });
      expect(restored.stdout).toContain(`Restored ${backup} into file:${target}.`);
      // A consistent snapshot: every row from before, any of the concurrent ones, nothing torn.
      expect(countUsers(target)).toBeGreaterThanOrEqual(50);
      expect(countUsers(target)).toBeLessThanOrEqual(70);
      expect(appliedMigrations(target)).toEqual(migrationNames("sqlite"));
    } finally {
      await app.$disconnect();
    }
  }, COMMAND_TEST_TIMEOUT_MS);

  it("refuses to restore over a database that holds tables, leaving it as it was", async () => {
    const backup = newFile("backup.db");
    await backupSqlite(await liveDatabase(3), backup);
    const occupied = await liveDatabase(7);
    await expect(restoreSqlite(backup, occupied)).rejects.toThrow(/is not empty: restore into a new database file/);
    expect(countUsers(occupied)).toBe(7);
    const viaCommand = await command("scripts/db/restore-command.ts", `file:${occupied}`, [backup]);
    expect(viaCommand.code).toBe(1);
    expect(viaCommand.stderr).toContain("is not empty");
  }, COMMAND_TEST_TIMEOUT_MS);

  it("restores into an existing empty file", async () => {
    const backup = newFile("backup.db");
    await backupSqlite(await liveDatabase(2), backup);
    const empty = newFile("empty.db");
    writeFileSync(empty, "");
    await restoreSqlite(backup, empty);
    expect(countUsers(empty)).toBe(2);
  });

  it.each([
    ["a migration this checkout does not know", "INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES ('x', 'c', '29990101000000_future', 0, 0, 1)", /29990101000000_future is not a migration of this version of Quiver/],
    ["a changed migration", "UPDATE _prisma_migrations SET checksum = 'tampered' WHERE migration_name LIKE '%_init'", /_init differs from this version's migration/],
    ["a half-applied migration", "UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name LIKE '%_init'", /_init was left half-applied/],
  ])("refuses a backup with %s, writing nothing", async (_case, tamper, message) => {
    const backup = newFile("backup.db");
    await backupSqlite(await liveDatabase(1), backup);
    const database = new Database(backup);
    database.exec(tamper);
    database.close();
    const target = newFile("target.db");
    await expect(restoreSqlite(backup, target)).rejects.toThrow(message);
    expect(readdirSync(workDir)).not.toContain(path.basename(target));
  });

  it("refuses a file that is not a Quiver backup", async () => {
    const notBackup = newFile("notes.db");
    new Database(notBackup).exec("CREATE TABLE notes (text TEXT)");
    expect(() => checkSqliteBackup(notBackup)).toThrow(BackupError);
    expect(() => checkSqliteBackup(newFile("missing.db"))).toThrow(/There is no file/);
  });

  it("restores an older backup and applies the migrations it predates", async () => {
    const all = migrationNames("sqlite");
    const olderDir = newFile("migrations");
    mkdirSync(olderDir);
    cpSync(path.join(MIGRATIONS_DIRS.sqlite, all[0]!), path.join(olderDir, all[0]!), { recursive: true });
    cpSync(path.join(MIGRATIONS_DIRS.sqlite, "migration_lock.toml"), path.join(olderDir, "migration_lock.toml"));
    const live = newFile("older.db");
    await applyPendingMigrations(`file:${live}`, { migrationsDir: olderDir });
    const backup = newFile("older-backup.db");
    await backupSqlite(live, backup);
    expect(checkSqliteBackup(backup)).toEqual(all.slice(1));

    const target = newFile("upgraded.db");
    const restored = await command("scripts/db/restore-command.ts", `file:${target}`, [backup]);
    expect(restored.stdout).toContain(`then applied ${all.length - 1} newer migration(s)`);
    expect(appliedMigrations(target)).toEqual(all);
  }, COMMAND_TEST_TIMEOUT_MS);

  it("refuses to back up into an existing file or from a missing database", async () => {
    const live = await liveDatabase(1);
    await expect(backupSqlite(live, live)).rejects.toThrow(/already exists/);
    await expect(backupSqlite(newFile("missing.db"), newFile("out.db"))).rejects.toThrow(/There is no SQLite database/);
  });
});

const postgres = (await databaseTargets()).find((target) => target.name === "postgresql");

describe.skipIf(!postgres)("PostgreSQL backup instructions", () => {
  const target = postgres!;
  const restoreDatabase = `quiver_restore_${path.basename(workDir).replace(/\W/g, "_").toLowerCase()}`;
  const server = new URL(postgresTarget(target.url).connectionString);
  const restoreUrl = Object.assign(new URL(server), { pathname: `/${restoreDatabase}` }).toString();

  afterAll(async () => {
    await dropDatabase(target);
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${restoreDatabase}"`);
    await admin.end();
  });

  it("prints pg_dump and pg_restore commands that round-trip the data", async () => {
    await applyPendingMigrations(target.url);
    const db = createDb(target.url);
    await db.user.create({ data: { email: "pg@example.com", name: "Pg", role: "admin", passwordHash: "x" } });
    await db.$disconnect();

    const file = newFile("quiver.dump");
    const printed = await command("scripts/db/backup-command.ts", target.url, [file]);
    expect(printed.code).toBe(0);
    const instructions = await postgresBackupInstructions(target.url, file);
    expect(printed.stdout).toContain(instructions.dump);
    expect(printed.stdout).toContain(instructions.restore);

    await run("bash", ["-c", instructions.dump]);
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${restoreDatabase}"`);
    await admin.end();
    await run("bash", ["-c", instructions.restore.replace("postgresql://USER@HOST:5432/EMPTY_DATABASE", restoreUrl)]);

    const { schema } = postgresTarget(target.url);
    const { stdout } = await run("psql", [restoreUrl, "-tAc", `SELECT email FROM "${schema}".users; SELECT count(*) FROM "${schema}"._prisma_migrations`]);
    expect(stdout.trim().split("\n")).toEqual(["pg@example.com", String(migrationNames("postgresql").length)]);
  }, COMMAND_TEST_TIMEOUT_MS);

  it("says what is wrong when the server does not answer or holds no Quiver tables", async () => {
    await expect(postgresBackupInstructions("postgresql://postgres@127.0.0.1:1/quiver", "x.dump")).rejects.toThrow(/Cannot connect to PostgreSQL/);
    const empty = new URL(target.url);
    empty.searchParams.set("schema", "quiver_no_such_schema");
    await expect(postgresBackupInstructions(empty.toString(), "x.dump")).rejects.toThrow(/no Quiver tables in schema "quiver_no_such_schema"/);
  });
});
