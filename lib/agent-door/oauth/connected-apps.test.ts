import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listAuditEvents } from "../../audit/audit-log";
import { SYSTEM_ACTOR } from "../../audit/events";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { NotFoundError } from "../../errors";
import { listConnectedApps, revokeConnectedApp, revokeConnectedAppsOf } from "./connected-apps";
import { PrismaOauthAdapter } from "./prisma-adapter";

const targets = await databaseTargets();

const ORIGIN = "https://quiver.example.com";
const mcp = (slug: string) => `${ORIGIN}/api/v1/personas/${slug}/mcp`;
const now = () => Math.floor(Date.now() / 1000);

/** What oidc-provider stores for a registered client, one operator's grant to it, and a code and tokens under the grant. */
async function approve(clientId: string, clientName: string | undefined, operator: string, slugs: string[]) {
  await new PrismaOauthAdapter("Client").upsert(clientId, { client_id: clientId, ...(clientName ? { client_name: clientName } : {}), redirect_uris: ["http://127.0.0.1/cb"] });
  const grantId = randomBytes(16).toString("base64url");
  const resources = Object.fromEntries(slugs.map((slug) => [mcp(slug), `persona:${slug}`]));
  await new PrismaOauthAdapter("Grant").upsert(grantId, { jti: grantId, kind: "Grant", accountId: operator, clientId, iat: now(), exp: now() + 3600, resources }, 3600);
  for (const kind of ["AuthorizationCode", "AccessToken", "RefreshToken"]) {
    const id = randomBytes(32).toString("base64url");
    await new PrismaOauthAdapter(kind).upsert(id, { jti: id, kind, accountId: operator, clientId, grantId, iat: now(), exp: now() + 600 }, 600);
  }
  return grantId;
}

describe.each(targets)("connected apps on $name", (target) => {
  const db = useTestDatabase(target);

  it("lists each live grant with its client's name, operator, personas and last token, all or one operator's", async () => {
    const desktop = await approve("client-a", "Desktop agent", "op-1", ["support", "sales"]);
    const cli = await approve("client-b", undefined, "op-2", ["support"]);
    await new PrismaOauthAdapter("Grant").upsert("lapsed", { jti: "lapsed", kind: "Grant", accountId: "op-1", clientId: "client-a" }, -1);

    const apps = await listConnectedApps();
    expect(apps.map(({ approvedAt, expiresAt, lastUsedAt, ...app }) => app)).toEqual([
      { grantId: desktop, clientId: "client-a", clientName: "Desktop agent", operatorId: "op-1", personaSlugs: ["sales", "support"], verifiedHost: null },
      { grantId: cli, clientId: "client-b", clientName: null, operatorId: "op-2", personaSlugs: ["support"], verifiedHost: null },
    ]);
    expect(apps[0]!.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    // Each grant's newest access or refresh token says when the app last came.
    for (const app of apps) expect(app.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(app.approvedAt.getTime());
    expect((await listConnectedApps({ operatorId: "op-2" })).map((app) => app.grantId)).toEqual([cli]);
  });

  it("revokes an app with every code and token of its grant, audited, leaving other grants alone", async () => {
    const desktop = await approve("client-a", "Desktop agent", "op-1", ["support"]);
    const other = await approve("client-b", "CLI", "op-1", ["support"]);
    await revokeConnectedApp(desktop, SYSTEM_ACTOR);

    expect(await db().oauthRecord.count({ where: { grantId: desktop } })).toBe(0);
    expect(await db().oauthRecord.count({ where: { grantId: other } })).toBe(4);
    expect(await db().oauthRecord.count({ where: { kind: "Client" } })).toBe(2);
    expect((await listConnectedApps()).map((app) => app.grantId)).toEqual([other]);
    const [event] = (await listAuditEvents()).events.filter((entry) => entry.action === "oauth_app.revoke");
    expect(event).toMatchObject({ targetType: "oauth_app", targetId: desktop, targetName: "Desktop agent", after: null });
    expect(event?.before).toEqual({ client_id: "client-a", operator_id: "op-1", personas: ["support"] });

    await expect(revokeConnectedApp(desktop, SYSTEM_ACTOR)).rejects.toBeInstanceOf(NotFoundError);
    await expect(revokeConnectedApp("no-such-grant", SYSTEM_ACTOR)).rejects.toBeInstanceOf(NotFoundError);
    expect((await listAuditEvents()).events.filter((entry) => entry.action === "oauth_app.revoke")).toHaveLength(1);
  });

  it("revokes an operator's approvals, or every app that may call a persona (even one naming another persona too), audited each", async () => {
    const bothPersonas = await approve("client-a", "Desktop agent", "op-1", ["support", "sales"]);
    const salesOnly = await approve("client-b", "CLI", "op-1", ["sales"]);
    const otherOperators = await approve("client-c", "Notebook", "op-2", ["support"]);

    expect(await revokeConnectedAppsOf({ personaSlug: "support" }, SYSTEM_ACTOR)).toBe(2);
    expect((await listConnectedApps()).map((app) => app.grantId)).toEqual([salesOnly]);
    for (const grantId of [bothPersonas, otherOperators]) expect(await db().oauthRecord.count({ where: { grantId } })).toBe(0);
    expect((await listAuditEvents()).events.filter((entry) => entry.action === "oauth_app.revoke").map((entry) => entry.targetId).sort()).toEqual([bothPersonas, otherOperators].sort());

    expect(await revokeConnectedAppsOf({ operatorId: "op-2" }, SYSTEM_ACTOR)).toBe(0);
    expect(await revokeConnectedAppsOf({ operatorId: "op-1" }, SYSTEM_ACTOR)).toBe(1);
    expect(await listConnectedApps()).toEqual([]);
  });
});
