/**
 * The migrations folders reproduce prisma/schema.prisma (no drift), for both dialects:
 * - the schema snapshot of the latest migration equals the current schema (a pure diff);
 * - applying every migration to an empty database yields a database with nothing left to
 *   change (the engine introspects it and diffs it against the schema);
 * - a second run applies nothing, and `_prisma_migrations` holds what `prisma migrate deploy`
 *   would have written.
 * When this fails after a schema edit: run `npm run db:migration -- <name>`.
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../lib/db/client";
import { postgresTarget } from "../../lib/db/database-url";
import { COMMAND_TEST_TIMEOUT_MS, runProjectScript } from "../../lib/db/test-support/commands";
import { databaseTargets, dropDatabase } from "../../lib/db/test-support/databases";
import { applyPendingMigrations } from "../../lib/db/migrations/apply-migrations";
import {
  derivePostgresSchema,
  DIALECTS,
  MIGRATIONS_DIRS,
  readCurrentSchema,
  SCHEMA_PATHS,
  SOURCE_SCHEMA_PATH,
} from "../../lib/db/migrations/dialect-schemas";
import { latestSnapshot, LOCKFILE, lockfileContent, MIGRATION_FILE, migrationNames } from "../../lib/db/migrations/migrations-folder";
import { diffDatabaseToSchema, diffSchemas } from "./schema-diff";

const targets = await databaseTargets();

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

describe.each(DIALECTS)("the %s migrations folder", (dialect) => {
  it("has a lockfile for its provider and at least one migration", () => {
    expect(readFileSync(path.join(MIGRATIONS_DIRS[dialect], LOCKFILE), "utf8")).toBe(lockfileContent(dialect));
    expect(migrationNames(dialect).length).toBeGreaterThan(0);
  });

  it("ends at the current schema: diff(latest snapshot → prisma/schema.prisma) is empty", async () => {
    const pending = await diffSchemas(dialect, latestSnapshot(dialect), readCurrentSchema(dialect));
    expect(pending, "prisma/schema.prisma changed since the latest migration: npm run db:migration -- <name>").toBeNull();
  });

  it("has the same migration names as the other dialect", () => {
    expect(migrationNames(dialect)).toEqual(migrationNames("sqlite"));
  });
});

describe("the generated PostgreSQL schema", () => {
  it("is prisma/schema.prisma with only the provider and client output swapped", () => {
    const source = readFileSync(SOURCE_SCHEMA_PATH, "utf8");
    const derived = derivePostgresSchema(source);
    expect(derived).toContain('provider = "postgresql"');
    expect(derived).toContain('"../lib/db/generated/postgresql"');
    expect(derived.split("\n").filter((line) => !source.includes(line))).toEqual([
      expect.stringContaining("GENERATED"),
      '  output   = "../lib/db/generated/postgresql"',
      '  provider = "postgresql"',
    ]);
    // The committed copy (what `prisma migrate deploy` reads) must not lag behind.
    if (existsSync(SCHEMA_PATHS.postgresql)) {
      expect(readFileSync(SCHEMA_PATHS.postgresql, "utf8"), "stale: run npm run db:generate").toBe(derived);
    }
  });

  it("refuses a source schema whose provider line it cannot find", () => {
    expect(() => derivePostgresSchema('datasource db {\n  provider = "mysql"\n}\n')).toThrow(/exactly once/);
  });
});

describe.each(targets)("applying the migrations on $name", (target) => {
  afterAll(() => dropDatabase(target));

  it("builds an empty database into one with no drift, recorded as prisma migrate deploy records it", async () => {
    expect(await applyPendingMigrations(target.url)).toEqual(migrationNames(target.name));
    expect(await diffDatabaseToSchema(target.url), "the migrations do not build the schema").toBeNull();
    expect(await applyPendingMigrations(target.url)).toEqual([]);

    const db = createDb(target.url);
    try {
      const history = await db.$queryRawUnsafe<MigrationRow[]>(
        "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name",
      );
      expect(history.map((row) => row.migration_name)).toEqual(migrationNames(target.name));
      for (const row of history) {
        const sql = readFileSync(path.join(MIGRATIONS_DIRS[target.name], row.migration_name, MIGRATION_FILE), "utf8");
        expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
        expect(row.finished_at).not.toBeNull();
        expect(row.rolled_back_at).toBeNull();
      }
    } finally {
      await db.$disconnect();
    }
  });

  it("notices a database that differs from the schema", async () => {
    const db = createDb(target.url);
    try {
      await db.$executeRawUnsafe('CREATE TABLE "stray" ("id" INTEGER)');
    } finally {
      await db.$disconnect();
    }
    expect(await diffDatabaseToSchema(target.url)).toMatch(/stray/);
  });
});

/** Fresh databases for the command: it must create them (a SQLite folder, a PostgreSQL schema). */
const commandTargets = await databaseTargets();

describe.each(commandTargets)("npm run db:migrate on $name", (target) => {
  afterAll(() => dropDatabase(target));
  // For SQLite, a file in a folder that does not exist yet, inside the target's (removed afterwards).
  const sqliteFile = target.name === "sqlite" ? path.join(path.dirname(target.url.slice("file:".length)), "nested", "quiver.db") : null;
  const url = sqliteFile ? `file:${sqliteFile}` : target.url;

  it("creates the database, says what it applied, and applies nothing the second time", async () => {
    const migrate = async () => {
      const { code, stdout, stderr } = await runProjectScript("scripts/db/migrate.ts", { DATABASE_URL: url });
      expect(code, stderr).toBe(0);
      return stdout;
    };
    const first = await migrate();
    expect(first).toContain(`Applied ${migrationNames(target.name).length} migration(s)`);
    for (const name of migrationNames(target.name)) expect(first).toContain(name);
    if (sqliteFile) expect(existsSync(sqliteFile)).toBe(true);
    else expect(first).toContain(`(schema ${postgresTarget(url).schema})`);
    expect(await diffDatabaseToSchema(url), "the command did not build the schema").toBeNull();

    expect(await migrate()).toContain("no migration applied");
  }, COMMAND_TEST_TIMEOUT_MS);
});

describe("the copied folders keep working", () => {
  it("a scratch copy of the migrations applies the same way", async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), "quiver-migrations-"));
    try {
      cpSync(MIGRATIONS_DIRS.sqlite, path.join(scratch, "sqlite"), { recursive: true });
      const url = `file:${path.join(scratch, "db", "copy.db")}`;
      expect(await applyPendingMigrations(url, { migrationsDir: path.join(scratch, "sqlite") })).toEqual(migrationNames("sqlite"));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
