import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { NotFoundError, ValidationError } from "../errors";
import { createApiKey, findApiKeyByToken, hashToken, listApiKeys, revokeApiKey } from "./api-keys";
import { listAuditEvents } from "./audit";
import { createPersona } from "./personas";
import { databaseTargets, useTestDatabase } from "./test-support/databases";
import { refusalChecker } from "./test-support/raw-rows";

const targets = await databaseTargets();

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

    expect(await findApiKeyByToken(key.token)).toEqual({ id: key.id, name: "Bot", personaSlugs: ["sales", "support"], revoked: false });
  });

  it("does not find unknown or malformed tokens", async () => {
    expect(await findApiKeyByToken("qv_unknown")).toBeNull();
    expect(await findApiKeyByToken("")).toBeNull();
    expect(await findApiKeyByToken("Bearer qv_x")).toBeNull();
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
    { refusal: "a key for an unknown persona", input: { name: "Bot", personaSlugs: ["support", "ghost"] }, expected: /No persona named "ghost"\./ },
  ])("refuses $refusal, writing nothing", async ({ input, expected }) => {
    await createPersona({ slug: "support", name: "Support" }, SYSTEM_ACTOR);
    await createApiKey({ name: "Existing", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    await refused(() => createApiKey(input, SYSTEM_ACTOR), expected);
  });
});
