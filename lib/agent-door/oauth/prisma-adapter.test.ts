import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { dumpAllTables, dumpText } from "../../db/test-support/raw-rows";
import { hashToken } from "../api-keys";
import { pruneExpiredOauthRecords } from "./oauth-records";
import { hashedValue, PrismaOauthAdapter } from "./prisma-adapter";

const targets = await databaseTargets();

/** A fresh id as oidc-provider makes them: random, URL-safe. */
const newId = () => randomBytes(32).toString("base64url");
const now = () => Math.floor(Date.now() / 1000);

function tokenPayload(kind: string, id: string, grantId = "grant-1") {
  return { jti: id, kind, iat: now(), exp: now() + 600, accountId: "user-1", clientId: "client-1", grantId, scope: "persona:support" };
}

describe.each(targets)("the OAuth storage adapter on $name", (target) => {
  const db = useTestDatabase(target);
  const stored = async () => dumpText(await dumpAllTables(db(), target.name));

  it("finds what it stored, by the id, with the id back as jti", async () => {
    const adapter = new PrismaOauthAdapter("AccessToken");
    const id = newId();
    const payload = { ...tokenPayload("AccessToken", id), extra: { nested: [1, "two"] } };
    await adapter.upsert(id, payload, 600);
    expect(await adapter.find(id)).toEqual(payload);
    expect(await adapter.find(newId())).toBeUndefined();
    // The same id under another model is another record.
    expect(await new PrismaOauthAdapter("RefreshToken").find(id)).toBeUndefined();
  });

  // A grant's id is kept plain beside its hash (tokens name their grant, and revoking needs it); it opens nothing.
  it.each(["AccessToken", "AuthorizationCode", "RefreshToken", "Session", "Interaction"])(
    "never stores a %s's id in plain text, only its SHA-256",
    async (kind) => {
      const adapter = new PrismaOauthAdapter(kind);
      const id = newId();
      await adapter.upsert(id, { ...tokenPayload(kind, id), uid: "session-uid-1" }, 600);
      const [row] = await db().oauthRecord.findMany();
      expect(row).toMatchObject({ kind, idHash: hashToken(id), grantId: "grant-1", clientId: "client-1", accountId: "user-1" });
      expect(await stored()).not.toContain(id);
    },
  );

  it("stores an interaction's copy of the session cookie and a client's secret only as hashes", async () => {
    const cookie = newId();
    const interaction = new PrismaOauthAdapter("Interaction");
    const id = newId();
    await interaction.upsert(id, { jti: id, kind: "Interaction", session: { uid: "u1", cookie, accountId: "user-1" } }, 600);
    const secret = newId();
    const clients = new PrismaOauthAdapter("Client");
    await clients.upsert("client-1", { client_id: "client-1", client_secret: secret, redirect_uris: ["http://127.0.0.1/cb"] });

    const everything = await stored();
    expect(everything).not.toContain(cookie);
    expect(everything).not.toContain(secret);
    expect((await interaction.find(id))?.session).toEqual({ uid: "u1", cookie: hashedValue(cookie), accountId: "user-1" });
    expect(await clients.find("client-1")).toMatchObject({ client_id: "client-1", client_secret: hashedValue(secret) });
    // Saved again as read back, a hashed secret is not hashed twice.
    await clients.upsert("client-1", (await clients.find("client-1"))!);
    expect((await clients.find("client-1"))?.client_secret).toBe(hashedValue(secret));
  });

  it("stores an interaction's returnTo without the id it ends in, and gives it back whole", async () => {
    const adapter = new PrismaOauthAdapter("Interaction");
    const id = newId();
    const payload = { jti: id, kind: "Interaction", returnTo: `http://127.0.0.1:3000/oauth/authorize/${id}` };
    await adapter.upsert(id, payload, 600);
    expect(await stored()).not.toContain(id.slice(0, 20));
    expect(await adapter.find(id)).toEqual(payload);
  });

  it("marks a record consumed, keeps it findable, and a new save starts unconsumed", async () => {
    const adapter = new PrismaOauthAdapter("AuthorizationCode");
    const id = newId();
    const payload = tokenPayload("AuthorizationCode", id);
    await adapter.upsert(id, payload, 60);
    await adapter.consume(id);
    const consumed = (await adapter.find(id))?.consumed as number;
    expect(consumed).toBeGreaterThanOrEqual(now() - 5);
    expect(consumed).toBeLessThanOrEqual(now());
    await adapter.consume(id);
    expect((await adapter.find(id))?.consumed).toBe(consumed);
    await adapter.upsert(id, payload, 60);
    expect(await adapter.find(id)).toEqual(payload);
  });

  it("destroys one record, and revokes every record of a grant of its own model only", async () => {
    const tokens = new PrismaOauthAdapter("AccessToken");
    const refresh = new PrismaOauthAdapter("RefreshToken");
    const [a, b, other, refreshOfA] = [newId(), newId(), newId(), newId()];
    await tokens.upsert(a, tokenPayload("AccessToken", a, "grant-a"), 600);
    await tokens.upsert(b, tokenPayload("AccessToken", b, "grant-a"), 600);
    await tokens.upsert(other, tokenPayload("AccessToken", other, "grant-b"), 600);
    await refresh.upsert(refreshOfA, tokenPayload("RefreshToken", refreshOfA, "grant-a"), 600);

    await tokens.destroy(a);
    await tokens.destroy(a);
    expect(await tokens.find(a)).toBeUndefined();
    expect(await tokens.find(b)).toBeDefined();

    await tokens.revokeByGrantId("grant-a");
    expect(await tokens.find(b)).toBeUndefined();
    expect(await tokens.find(other)).toBeDefined();
    // oidc-provider revokes a grant model by model; the refresh token goes on its own call.
    expect(await refresh.find(refreshOfA)).toBeDefined();
    await refresh.revokeByGrantId("grant-a");
    expect(await refresh.find(refreshOfA)).toBeUndefined();
  });

  it("finds nothing past a record's expiry, keeps records without one, and prunes only the expired", async () => {
    const adapter = new PrismaOauthAdapter("AccessToken");
    const [expired, live] = [newId(), newId()];
    await adapter.upsert(expired, tokenPayload("AccessToken", expired), -1);
    await adapter.upsert(live, tokenPayload("AccessToken", live), 600);
    const clients = new PrismaOauthAdapter("Client");
    await clients.upsert("forever", { client_id: "forever", redirect_uris: ["http://127.0.0.1/cb"] });

    expect(await adapter.find(expired)).toBeUndefined();
    expect(await adapter.find(live)).toBeDefined();
    expect(await clients.find("forever")).toBeDefined();
    expect(await pruneExpiredOauthRecords()).toBe(1);
    expect(await db().oauthRecord.count()).toBe(2);
  });

  it("finds a session by its uid, without the cookie value it does not keep", async () => {
    const sessions = new PrismaOauthAdapter("Session");
    const cookie = newId();
    const session = { jti: cookie, kind: "Session", uid: "uid-1", accountId: "user-1", loginTs: now(), exp: now() + 600 };
    await sessions.upsert(cookie, session, 600);
    const { jti: _cookie, ...withoutCookie } = session;
    expect(await sessions.findByUid("uid-1")).toEqual(withoutCookie);
    expect(await sessions.find(cookie)).toEqual(session);
    expect(await sessions.findByUid("uid-2")).toBeUndefined();
    expect(await new PrismaOauthAdapter("Grant").findByUid("uid-1")).toBeUndefined();
  });
});
