/**
 * The change signal on each database (issue 23). SQLite: the token stays put while nothing the
 * door remembers is written (the call log and rate-limit counters included) and changes with every
 * commit that writes it, by this client or another one on the same file; a rolled-back transaction
 * changes nothing; every remembered table has its counting triggers; a file that is not there, or
 * one without the counter, gives none. PostgreSQL: the
 * listener counts the change events of its own schema — a write to what the door keeps in memory
 * (API keys and their personas, tools, their secrets, credentials, personas), not a write to the
 * call log or the rate-limit counters, nor an event of another schema — is null until it listens,
 * measures each event's lag, and stops when closed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { createPersona } from "../personas/server/personas";
import { sampleValue, scrapeProcessMetrics } from "../observability/test-support/prometheus-text";
import { changeSignalOf, CHANGE_CHANNEL, openChangeSignal, postgresSignal } from "./change-signal";
import { createDb } from "./client";
import { awaitChangeEvents } from "./test-support/change-events";
import { databaseTargets, useTestDatabase } from "./test-support/databases";

const targets = await databaseTargets();
const postgres = targets.filter((target) => target.name === "postgresql");
const sqlite = targets.filter((target) => target.name === "sqlite");

/** The tables whose writes the door must hear of: what it keeps in memory (auth.ts, snapshot.ts). */
const REMEMBERED_TABLES = ["tools", "tool_secrets", "credentials", "personas", "api_keys", "api_key_personas"];

describe.each(sqlite)("the change signal on $name", (target) => {
  const db = useTestDatabase(target);

  it("changes with every commit to what the door remembers, by any client, and with nothing else", async () => {
    const signal = changeSignalOf(db());
    const before = signal.token();
    expect(before).toEqual(expect.any(Number));
    await db().user.count();
    expect(signal.token()).toBe(before);

    // The door's own bookkeeping under load: the call log and the rate-limit counters.
    await db().rateLimiterFlexible.create({ data: { key: "k", points: 1, expire: null } });
    await db().callLog.create({ data: { apiKeyName: "k", personaSlug: "p", toolName: "t", channel: "api", outcome: "success", httpStatus: 200, durationMs: 1 } });
    expect(signal.token()).toBe(before);

    await createPersona({ slug: "support", name: "Support" }, SYSTEM_ACTOR);
    const afterOwnWrite = signal.token();
    expect(afterOwnWrite).not.toBe(before);

    const other = createDb(target.url);
    try {
      await other.$executeRawUnsafe("UPDATE personas SET name = 'Support desk' WHERE slug = 'support'");
      const afterOther = signal.token();
      expect(afterOther).not.toBe(afterOwnWrite);
      await other
        .$transaction(async (tx) => {
          await tx.$executeRawUnsafe("DELETE FROM personas WHERE slug = 'support'");
          throw new Error("roll back");
        })
        .catch(() => undefined);
      expect(signal.token()).toBe(afterOther);
    } finally {
      await other.$disconnect();
    }
  });

  it("sees each of many quick commits by another client on the very next check, across a reset of the WAL", async () => {
    const signal = changeSignalOf(db());
    await createPersona({ slug: "support", name: "Support" }, SYSTEM_ACTOR);
    const other = createDb(target.url);
    try {
      let previous = signal.token();
      for (let round = 0; round < 30; round += 1) {
        // Every tenth round the other client checkpoints and truncates the WAL first: the next commit starts it afresh.
        if (round % 10 === 9) await other.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
        await other.$executeRawUnsafe(`UPDATE personas SET name = 'Support ${round}' WHERE slug = 'support'`);
        const now = signal.token();
        expect(now, `commit ${round} went unseen`).not.toBe(previous);
        expect(signal.token()).toBe(now);
        previous = now;
      }
    } finally {
      await other.$disconnect();
    }
  });

  it("counts inserts, updates and deletes of every remembered table (a migration that rebuilds a table must re-create its triggers)", async () => {
    const triggers = await db().$queryRaw<{ tbl_name: string; sql: string }[]>`SELECT tbl_name, sql FROM sqlite_master WHERE type = 'trigger'`;
    for (const table of REMEMBERED_TABLES) {
      for (const operation of ["INSERT", "UPDATE", "DELETE"]) {
        const found = triggers.some((trigger) => trigger.tbl_name === table && trigger.sql.includes(`AFTER ${operation} ON "${table}"`) && trigger.sql.includes("change_counter"));
        expect(found, `no trigger counts ${operation} on ${table}: copy it from migration 20261204175352_sqlite_change_counter`).toBe(true);
      }
    }
  });

});

describe("a SQLite file without the change counter (not yet migrated)", () => {
  it("gives no signal, rather than one that never changes", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "quiver-signal-"));
    try {
      const file = path.join(folder, "old.db");
      new Database(file).exec("CREATE TABLE personas (id TEXT)").close();
      const signal = openChangeSignal(`file:${file}`);
      expect(signal.token()).toBeNull();
      signal.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("a SQLite file that is not there", () => {
  it("gives no signal: the caller reads the database", () => {
    expect(openChangeSignal("file:/nonexistent/folder/quiver.db").token()).toBeNull();
  });
});

describe.each(postgres)("the change signal on $name", (target) => {
  const db = useTestDatabase(target);

  /** A listener of its own, listening, and a way to wait until it has heard everything committed so far (one marker more). */
  async function listener() {
    const signal = postgresSignal(target.url);
    expect(signal.token()).toBeNull();
    await expect.poll(() => signal.token(), { timeout: 5_000, interval: 5 }).not.toBeNull();
    return { signal, settled: () => awaitChangeEvents(db(), target.url, signal) };
  }

  it("counts a change to what the door remembers, and nothing else", async () => {
    const { signal, settled } = await listener();
    try {
      await settled();
      const quiet = signal.token();
      await db().rateLimiterFlexible.create({ data: { key: "k", points: 1, expire: null } });
      await db().callLog.create({ data: { apiKeyName: "k", personaSlug: "p", toolName: "t", channel: "api", outcome: "success", httpStatus: 200, durationMs: 1 } });
      await db().$queryRaw`SELECT pg_notify(${CHANGE_CHANNEL}, 'some_other_schema')::text AS sent`;
      await settled();
      // Only the marker counted: not the counter's write, not the other schema's event.
      expect(signal.token()).toBe(quiet! + 1);

      const lagOf = async () => sampleValue(await scrapeProcessMetrics(), "quiver_change_event_lag_seconds_count", { via: "change_event" });
      const lagBefore = await lagOf();
      await createPersona({ slug: "support", name: "Support" }, SYSTEM_ACTOR);
      await settled();
      // Each change event heard is measured from the write's time the trigger sent (the marker carries none).
      expect((await lagOf()) - lagBefore).toBeGreaterThanOrEqual(1);
      // The persona's insert (and the audit's own writes) announced at least one change, then the marker.
      expect(signal.token()).toBeGreaterThanOrEqual(quiet! + 3);
    } finally {
      signal.close();
    }
  });

  it("stops listening when closed", async () => {
    const { signal } = await listener();
    const pid = signal.listenerPid();
    signal.close();
    expect(signal.token()).toBeNull();
    await expect
      .poll(async () => (await db().$queryRaw<{ alive: bigint }[]>`SELECT COUNT(*) AS alive FROM pg_stat_activity WHERE pid = ${pid}::int`)[0]!.alive, { timeout: 5_000 })
      .toBe(0n);
  });
});
