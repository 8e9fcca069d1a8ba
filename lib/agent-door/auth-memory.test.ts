/**
 * Keys answered from memory (issue 23), on both databases: while nothing is committed a repeated
 * call is admitted without a database read; a key revoked — through another client, as another
 * instance or the dashboard would — is refused on the next call once the change is known, and so
 * is a persona taken off the key; an expired key is refused by the clock alone.
 *
 * How the change becomes known differs: SQLite's commit counter is read synchronously, so the very
 * next call sees it; PostgreSQL announces it with NOTIFY, delivered asynchronously (in commit
 * order), so the tests wait until this process's listener has heard a marker sent after the change
 * (`awaitChangeEvents`). While the listener is lost (`pg_terminate_backend`) every call reads the
 * database, so a revocation made meanwhile is refused at once; once it is back, what was
 * remembered is read again.
 */
import { describe, expect, it, vi } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { changeSignalOf, type ListeningSignal } from "../db/change-signal";
import { createDb } from "../db/client";
import { awaitChangeEvents, awaitListening } from "../db/test-support/change-events";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { createPersona } from "../personas/server/personas";
import { createApiKey } from "./api-keys";
import { authenticateAgent } from "./auth";

const targets = await databaseTargets();

describe.each(targets)("keys remembered between calls on $name", (target) => {
  const db = useTestDatabase(target);
  const changesKnown = () => awaitChangeEvents(db(), target.url);

  async function keyFor(...personaSlugs: string[]) {
    await awaitListening(db(), target.url);
    for (const slug of personaSlugs) await createPersona({ slug, name: slug, grant: "all" }, SYSTEM_ACTOR);
    const key = await createApiKey({ name: "memory", personaSlugs }, SYSTEM_ACTOR);
    const bearer = `Bearer ${key.token}`;
    // The first call reads; it marks the key used (not awaited), a commit after which the next call reads again.
    expect(await authenticateAgent(bearer, personaSlugs[0]!)).toMatchObject({ ok: true });
    await expect.poll(async () => (await db().apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).not.toBeNull();
    await changesKnown();
    expect(await authenticateAgent(bearer, personaSlugs[0]!)).toMatchObject({ ok: true });
    return { key, bearer };
  }

  /** Calls `work` and says how many database reads it made. */
  async function readsDuring(work: () => Promise<unknown>): Promise<number> {
    const reads = vi.spyOn(db(), "$queryRaw");
    try {
      await work();
      return reads.mock.calls.length;
    } finally {
      reads.mockRestore();
    }
  }

  it("admits a repeated call without reading the database while nothing was committed", async () => {
    const { bearer } = await keyFor("support");
    const reads = await readsDuring(async () => {
      for (let call = 0; call < 5; call += 1) expect(await authenticateAgent(bearer, "support")).toMatchObject({ ok: true });
    });
    expect(reads).toBe(0);
  });

  it("refuses on the next call a key revoked through another connection, and a persona taken off it", async () => {
    const { key, bearer } = await keyFor("support", "sales");
    const elsewhere = createDb(target.url);
    try {
      await elsewhere.$executeRaw`DELETE FROM api_key_personas WHERE api_key_id = ${key.id} AND persona_id = (SELECT id FROM personas WHERE slug = 'sales')`;
      await changesKnown();
      expect(await authenticateAgent(bearer, "sales")).toMatchObject({ ok: false, status: 403 });
      expect(await authenticateAgent(bearer, "support")).toMatchObject({ ok: true });
      await elsewhere.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
      await changesKnown();
      expect(await authenticateAgent(bearer, "support")).toMatchObject({ ok: false, status: 401, body: { error: { message: "The API key has been revoked." } } });
    } finally {
      await elsewhere.$disconnect();
    }
  });

  it("refuses a remembered key once it expires, without a write in between", async () => {
    const { key, bearer } = await keyFor("support");
    await db().apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    await changesKnown();
    expect(await authenticateAgent(bearer, "support")).toMatchObject({ ok: true });
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ["Date"] });
    try {
      expect(await authenticateAgent(bearer, "support")).toMatchObject({ ok: false, status: 401, body: { error: { message: "The API key has expired." } } });
    } finally {
      vi.useRealTimers();
    }
  });

  it.runIf(target.name === "postgresql")("reads every call while the listener is lost, refuses a key revoked meanwhile, and re-reads everything once it is back", async () => {
    const { key, bearer } = await keyFor("support");
    const signal = changeSignalOf(db()) as ListeningSignal;
    const pid = signal.listenerPid();
    expect(pid).not.toBeNull();
    const elsewhere = createDb(target.url);
    try {
      await elsewhere.$queryRaw`SELECT pg_terminate_backend(${pid}::int) AS terminated`;
      await expect.poll(() => signal.listenerPid(), { timeout: 5_000, interval: 5 }).not.toBe(pid);
      // Lost, or already back on a new connection: either way what was remembered is not trusted.
      await elsewhere.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
      expect(await authenticateAgent(bearer, "support")).toMatchObject({ ok: false, status: 401 });

      await awaitListening(db(), target.url);
      expect(signal.listenerPid()).not.toBe(pid);
      await elsewhere.apiKey.update({ where: { id: key.id }, data: { revokedAt: null } });
      await changesKnown();
      expect(await authenticateAgent(bearer, "support")).toMatchObject({ ok: true });
      expect(await readsDuring(() => authenticateAgent(bearer, "support"))).toBe(0);
    } finally {
      await elsewhere.$disconnect();
    }
  });
});
