/**
 * The databases data-layer tests run against: SQLite always (a temp file), PostgreSQL when a
 * server answers at TEST_POSTGRES_URL (a fresh schema per test file, dropped afterwards). Use:
 *
 *   const targets = await databaseTargets();
 *   describe.each(targets)("on $name", (target) => {
 *     useTestDatabase(target);
 *     it(…);
 *   });
 *
 * When PostgreSQL is unreachable the suite says so and runs SQLite only — unless
 * QUIVER_REQUIRE_POSTGRES=1 (CI), where an unreachable server fails the run.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { closeChangeSignalOf } from "../change-signal";
import { applyPendingMigrations } from "../migrations/apply-migrations";
import { createDb, setDb, type Db } from "../client";
import type { Dialect } from "../database-url";

export const DEFAULT_TEST_POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/test";
const CONNECT_TIMEOUT_MS = 3_000;

export interface DatabaseTarget {
  readonly name: Dialect;
  /** A URL for a database nobody else uses; created and migrated by {@link useTestDatabase}. */
  readonly url: string;
}

let postgresCheck: Promise<string | null> | undefined;

/** The server URL when PostgreSQL answers, else null (after saying so, or failing under CI). */
function reachablePostgres(): Promise<string | null> {
  postgresCheck ??= (async () => {
    const url = process.env.TEST_POSTGRES_URL?.trim() || DEFAULT_TEST_POSTGRES_URL;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return url;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (process.env.QUIVER_REQUIRE_POSTGRES === "1") {
        throw new Error(`PostgreSQL not reachable at ${redactPassword(url)} (${reason}), and QUIVER_REQUIRE_POSTGRES=1.`);
      }
      console.warn(`PostgreSQL not reachable at ${redactPassword(url)}: skipping PostgreSQL data-layer tests (${reason}).`);
      return null;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return postgresCheck;
}

function redactPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** SQLite always; PostgreSQL when reachable. Each target names a database of its own. */
export async function databaseTargets(): Promise<DatabaseTarget[]> {
  const suffix = randomBytes(6).toString("hex");
  const sqliteDir = mkdtempSync(path.join(tmpdir(), "quiver-db-"));
  const targets: DatabaseTarget[] = [{ name: "sqlite", url: `file:${path.join(sqliteDir, "test.db")}` }];
  const server = await reachablePostgres();
  if (server) {
    const url = new URL(server);
    url.searchParams.set("schema", `quiver_test_${suffix}`);
    targets.push({ name: "postgresql", url: url.toString() });
  }
  return targets;
}

/**
 * Creates and migrates the target's database before the block's tests, routes lib/db to it,
 * empties every table before each test, and removes the database afterwards. Returns a getter
 * for the client, for tests that inspect raw rows.
 */
export function useTestDatabase(target: DatabaseTarget): () => Db {
  let db: Db | undefined;
  beforeAll(async () => {
    await applyPendingMigrations(target.url);
    db = createDb(target.url);
    setDb(db);
  });
  beforeEach(async () => {
    setDb(current());
    await clearTables(current());
  });
  afterAll(async () => {
    if (db) closeChangeSignalOf(db);
    await db?.$disconnect();
    await dropDatabase(target);
  });
  function current(): Db {
    if (!db) throw new Error("The test database is not ready: call useTestDatabase inside describe().");
    return db;
  }
  return current;
}

/** Deletes every row, children before parents. */
export async function clearTables(db: Db): Promise<void> {
  await db.auditEvent.deleteMany();
  await db.testRun.deleteMany();
  await db.testCase.deleteMany();
  await db.callLog.deleteMany();
  await db.oauthRecord.deleteMany();
  await db.rateLimiterFlexible.deleteMany();
  await db.apiKeyPersona.deleteMany();
  await db.apiKey.deleteMany();
  await db.toolSecret.deleteMany();
  await db.toolRevision.deleteMany();
  await db.tool.deleteMany();
  // After the tools: a credential a tool uses cannot be deleted (Restrict).
  await db.credential.deleteMany();
  await db.persona.updateMany({ data: { parentId: null } });
  await db.persona.deleteMany();
  await db.endedSession.deleteMany();
  await db.user.deleteMany();
}

/** Removes the target's database (the SQLite file's folder, or the PostgreSQL schema). */
export async function dropDatabase(target: DatabaseTarget): Promise<void> {
  if (target.name === "sqlite") {
    rmSync(path.dirname(target.url.slice("file:".length)), { recursive: true, force: true });
    return;
  }
  const url = new URL(target.url);
  const schema = url.searchParams.get("schema");
  url.searchParams.delete("schema");
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
