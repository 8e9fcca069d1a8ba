/**
 * Keys answered from memory (issue 23): on SQLite, while nothing is committed a repeated call is
 * admitted without a database read; a key revoked — through another client on the same file, as
 * another instance or the dashboard would — is refused on the very next call, and so is a persona
 * taken off the key; an expired key is refused by the clock alone. PostgreSQL reads every call.
 */
import { describe, expect, it, vi } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { createDb } from "../db/client";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { createPersona } from "../personas/server/personas";
import { createApiKey } from "./api-keys";
import { authenticateAgent } from "./auth";

const targets = await databaseTargets();

describe.each(targets)("keys remembered between calls on $name", (target) => {
  const db = useTestDatabase(target);
  const remembers = target.name === "sqlite";

  async function keyFor(...personaSlugs: string[]) {
    for (const slug of personaSlugs) await createPersona({ slug, name: slug, grant: "all" }, SYSTEM_ACTOR);
    const key = await createApiKey({ name: "memory", personaSlugs }, SYSTEM_ACTOR);
    const bearer = `Bearer ${key.token}`;
    // The first call reads; it marks the key used (not awaited), a commit after which the next call reads again.
    expect(await authenticateAgent(bearer, personaSlugs[0]!)).toMatchObject({ ok: true });
    await expect.poll(async () => (await db().apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).not.toBeNull();
    expect(await authenticateAgent(bearer, personaSlugs[0]!)).toMatchObject({ ok: true });
    return { key, bearer };
  }

  it(remembers ? "admits a repeated call without reading the database while nothing was committed" : "reads the database on every call", async () => {
    const { bearer } = await keyFor("support");
    const reads = vi.spyOn(db(), "$queryRaw");
    try {
      for (let call = 0; call < 5; call += 1) expect(await authenticateAgent(bearer, "support")).toMatchObject({ ok: true });
      expect(reads).toHaveBeenCalledTimes(remembers ? 0 : 5);
    } finally {
      reads.mockRestore();
    }
  });

  it("refuses on the very next call a key revoked through another connection, and a persona taken off it", async () => {
    const { key, bearer } = await keyFor("support", "sales");
    const elsewhere = createDb(target.url);
    try {
      await elsewhere.$executeRaw`DELETE FROM api_key_personas WHERE api_key_id = ${key.id} AND persona_id = (SELECT id FROM personas WHERE slug = 'sales')`;
      expect(await authenticateAgent(bearer, "sales")).toMatchObject({ ok: false, status: 403 });
      expect(await authenticateAgent(bearer, "support")).toMatchObject({ ok: true });
      await elsewhere.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
      expect(await authenticateAgent(bearer, "support")).toMatchObject({ ok: false, status: 401, body: { error: { message: "The API key has been revoked." } } });
    } finally {
      await elsewhere.$disconnect();
    }
  });

  it("refuses a remembered key once it expires, without a write in between", async () => {
    const { key, bearer } = await keyFor("support");
    await db().apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    expect(await authenticateAgent(bearer, "support")).toMatchObject({ ok: true });
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ["Date"] });
    try {
      expect(await authenticateAgent(bearer, "support")).toMatchObject({ ok: false, status: 401, body: { error: { message: "The API key has expired." } } });
    } finally {
      vi.useRealTimers();
    }
  });
});
