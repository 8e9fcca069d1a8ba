import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { NotFoundError, ValidationError } from "../errors";
import { createApiKey, findApiKeyAndCatalogStamp, hashToken, listApiKeys, revokeApiKey, touchApiKeyLastUsed } from "./api-keys";
import { listAuditEvents } from "../audit/audit-log";
import { readCatalogStamp } from "../catalog/catalog-stamp";
import { createPersona } from "../personas/server/personas";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { refusalChecker } from "../db/test-support/raw-rows";

const targets = await databaseTargets();

const findApiKeyByToken = async (token: string) => (await findApiKeyAndCatalogStamp(token))?.key ?? null;

describe.each(targets)("API keys on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);

  it("returns the token once and stores only its hash and a short prefix", async () => {
    await createPersona({ slug: "support", name: "Support" }, SYSTEM_ACTOR);
    await createPersona({ slug: "sales", name: "Sales" }, SYSTEM_ACTOR);
    const key = await createApiKey({ name: " Bot ", personaSlugs: ["support", "sales", "support"] }, SYSTEM_ACTOR);
    expect(key.token).toMatch(/^qv_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: "Bot", prefix: key.token.slice(0, 9), personaSlugs: ["sales", "support"], revokedAt: null });

    const [row] = await db().apiKey.findMany();
    expect(row!.tokenHash).toBe(hashToken(key.token));
    const everyKey = JSON.stringify([await db().apiKey.findMany(), await listApiKeys(), await listAuditEvents()]);
    expect(everyKey).not.toContain(key.token);
    expect(Object.keys((await listApiKeys())[0]!)).not.toContain("tokenHash");

    expect(await findApiKeyByToken(key.token)).toEqual({
      id: key.id, name: "Bot", personaSlugs: ["sales", "support"], revoked: false, expiresAt: null, lastUsedAt: null,
    });
  });

  it("reads the catalog's stamp in the same query, equal to readCatalogStamp's before and after a change", async () => {
    await createPersona({ slug: "support", name: "Support" }, SYSTEM_ACTOR);
    const key = await createApiKey({ name: "Bot", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    const before = (await findApiKeyAndCatalogStamp(key.token))!.catalogStamp;
    expect(before).toBe(await readCatalogStamp(db()));
    await createPersona({ slug: "sales", name: "Sales" }, SYSTEM_ACTOR);
    const after = (await findApiKeyAndCatalogStamp(key.token))!.catalogStamp;
    expect(after).not.toBe(before);
    expect(after).toBe(await readCatalogStamp(db()));
  });

  it("does not find unknown or malformed tokens", async () => {
    expect(await findApiKeyByToken("qv_unknown")).toBeNull();
    expect(await findApiKeyByToken("")).toBeNull();
    expect(await findApiKeyByToken("Bearer qv_x")).toBeNull();
  });

  it("still finds a key whose personas were all deleted, acting as none", async () => {
    await createPersona({ slug: "support", name: "Support" }, SYSTEM_ACTOR);
    const key = await createApiKey({ name: "Bot", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    await db().persona.delete({ where: { slug: "support" } });
    expect(await findApiKeyByToken(key.token)).toMatchObject({ id: key.id, personaSlugs: [], revoked: false });
  });

  it("revokes a key once, with one audit event", async () => {
    await createPersona({ slug: "support", name: "Support" }, SYSTEM_ACTOR);
    const key = await createApiKey({ name: "Bot", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    expect((await revokeApiKey(key.id, SYSTEM_ACTOR)).revokedAt).toBeInstanceOf(Date);
    await revokeApiKey(key.id, SYSTEM_ACTOR);
    expect(await findApiKeyByToken(key.token)).toMatchObject({ revoked: true });
    expect((await listAuditEvents({ action: "api_key.revoke" })).events).toHaveLength(1);
    await refused(() => revokeApiKey("missing", SYSTEM_ACTOR), NotFoundError);
  });

  it.each([
    { refusal: "a key without a name", input: { name: " ", personaSlugs: ["support"] }, expected: ValidationError },
    { refusal: "a key without personas", input: { name: "Bot", personaSlugs: [" "] }, expected: ValidationError },
    { refusal: "a key that expired already", input: { name: "Bot", personaSlugs: ["support"], expiresAt: new Date(Date.now() - 1000) }, expected: /expiresAt: must be in the future/ },
    { refusal: "a key with an invalid expiry", input: { name: "Bot", personaSlugs: ["support"], expiresAt: new Date("nope") }, expected: /expiresAt: must be a valid date/ },
    { refusal: "a key for an unknown persona", input: { name: "Bot", personaSlugs: ["support", "ghost"] }, expected: /No persona named "ghost"\./ },
  ])("refuses $refusal, writing nothing", async ({ input, expected }) => {
    await createPersona({ slug: "support", name: "Support" }, SYSTEM_ACTOR);
    await createApiKey({ name: "Existing", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    await refused(() => createApiKey(input, SYSTEM_ACTOR), expected);
  });

  it("keeps an expiry, shown in the list and the audit entry", async () => {
    await createPersona({ slug: "support", name: "Support" }, SYSTEM_ACTOR);
    const expiresAt = new Date(Date.now() + 86_400_000);
    const key = await createApiKey({ name: "Bot", personaSlugs: ["support"], expiresAt }, SYSTEM_ACTOR);
    expect((await listApiKeys())[0]!.expiresAt?.getTime()).toBe(expiresAt.getTime());
    expect((await findApiKeyByToken(key.token))!.expiresAt?.getTime()).toBe(expiresAt.getTime());
    const [event] = (await listAuditEvents({ action: "api_key.create" })).events;
    expect(JSON.stringify(event)).toContain(expiresAt.toISOString());
  });

  it("records a key's last use at most once a minute", async () => {
    await createPersona({ slug: "support", name: "Support" }, SYSTEM_ACTOR);
    const key = await createApiKey({ name: "Bot", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    const first = new Date("2030-01-01T10:00:00Z");
    expect(await touchApiKeyLastUsed(key.id, first)).toBe(true);
    expect(await touchApiKeyLastUsed(key.id, new Date(first.getTime() + 59_999))).toBe(false);
    expect((await findApiKeyByToken(key.token))!.lastUsedAt?.getTime()).toBe(first.getTime());
    const later = new Date(first.getTime() + 60_000);
    expect(await touchApiKeyLastUsed(key.id, later)).toBe(true);
    expect((await listApiKeys())[0]!.lastUsedAt?.getTime()).toBe(later.getTime());
    expect(await touchApiKeyLastUsed("missing", later)).toBe(false);
  });
});
