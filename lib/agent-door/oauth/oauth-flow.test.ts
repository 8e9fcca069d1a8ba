/**
 * An MCP client connecting through OAuth (issue 24), end to end over real HTTP on loopback, against
 * a real database (SQLite, and PostgreSQL when reachable): it registers, sends the operator to the
 * authorization endpoint for one persona's MCP URL, an admin approves (the consent page's own
 * approval, with the browser's interaction cookie, and audited), the client
 * swaps the code (PKCE) for tokens and calls the persona's MCP tools with the access token — rate
 * limited and logged under the client's name —, is refused on another persona, and rotates its
 * refresh token, whose reuse revokes the whole grant; an operator revoking the app under Connected
 * apps ends its tokens at once; an access token past its lifetime is refused and runs nothing; a
 * request without a scope is granted its resource's persona. No
 * token or code is stored in plain text.
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SYSTEM_ACTOR } from "../../audit/events";
import { saveTool } from "../../catalog/tool-saves";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { dumpAllTables, dumpText } from "../../db/test-support/raw-rows";
import { createPersona } from "../../personas/server/personas";
import { generateEncryptionKey } from "../../secrets/keyring";
import { parseToolDefinition } from "../../tools";
import { reply, startUpstream, type Upstream } from "../../tools/testing";
import { flushCallLog } from "../call-log";
import { connectMcpClientAt } from "../mcp/mcp-test-client";
import { OAUTH_GRANT_KEY_PREFIX } from "./access-tokens";
import { listConnectedApps, revokeConnectedApp } from "./connected-apps";
import { denyConsentRequest, loadConsentRequest } from "./consent";
import { connectApp, form, mcpRequest, mcpUrl, registerClient, startAuthorization, useOauthDoor, type AuthorizationShape } from "./oauth-test-client";

process.env.NEXTAUTH_SECRET = randomBytes(32).toString("base64");
process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
process.env.QUIVER_ALLOWED_HOSTS = "127.0.0.1";
const targets = await databaseTargets();

const OPERATOR = { id: "operator-1", email: "admin@example.test" };

let upstream: Upstream;
/** How many calls reached the upstream: a refused call must add none. */
let upstreamCalls = 0;
beforeAll(async () => {
  upstream = await startUpstream((_request, response) => {
    upstreamCalls++;
    reply(response, 200, { data: { status: "shipped" } });
  });
});
afterAll(() => upstream.close());

describe.each(targets)("an MCP client through OAuth on $name", (target) => {
  const db = useTestDatabase(target);
  const door = useOauthDoor(OPERATOR);

  afterEach(() => {
    vi.useRealTimers();
  });

  async function setUp() {
    const definition = parseToolDefinition({ name: "lookup", description: "Looks an order up.", request: { method: "GET", url: `${upstream.origin}/orders` }, response: { extract: "json_path", path: "data.status" } });
    await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
    for (const slug of ["support", "sales"]) await createPersona({ slug, name: slug, grant: "all" }, SYSTEM_ACTOR);
    return door.start();
  }

  /** A registered app approved for persona support, its request worded as `shape` says. */
  const connect = async (origin: string, shape?: AuthorizationShape) => connectApp(origin, door.consent, await registerClient(origin), shape);

  it("calls the approved persona's tools with the access token, logged under the client's name, and is refused on another persona", async () => {
    const origin = await setUp();
    const app = await connect(origin);
    expect(app).toMatchObject({ token_type: "Bearer", expires_in: 300, scope: "persona:support" });

    const client = await connectMcpClientAt(new URL(mcpUrl(origin, "support")), fetch, `Bearer ${app.access_token}`, "2025-11-25");
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("lookup");
    expect((await client.callTool({ name: "lookup", arguments: {} })).isError).toBeFalsy();
    await flushCallLog();
    const [logged] = await db().callLog.findMany();
    expect(logged).toMatchObject({ apiKeyName: "Desktop agent", personaSlug: "support", toolName: "lookup", channel: "mcp", outcome: "success" });
    expect(logged?.apiKeyId).toMatch(new RegExp(`^${OAUTH_GRANT_KEY_PREFIX}`));

    const elsewhere = await mcpRequest(origin, "sales", `Bearer ${app.access_token}`);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/api/v1/personas/sales/mcp", error="invalid_token"`);
    // An access token is no API key on the runtime API.
    expect((await fetch(`${origin}/api/v1/personas/support/tools?format=mcp`, { headers: { authorization: `Bearer ${app.access_token}` } })).status).toBe(401);

    const stored = dumpText(await dumpAllTables(db(), target.name));
    for (const secret of [app.access_token, app.refresh_token, app.code]) expect(stored).not.toContain(secret);
  });

  it("grants an app that asks for no scope its resource's persona (RFC 6749 §3.3's default), not access_denied", async () => {
    const origin = await setUp();
    const app = await connect(origin, { scope: null });
    expect(app).toMatchObject({ token_type: "Bearer", scope: "persona:support" });
    expect((await mcpRequest(origin, "support", `Bearer ${app.access_token}`)).status).toBe(200);
  });

  it("grants an app that names neither scope nor resource the persona the admin picked, and only that one", async () => {
    const origin = await setUp();
    const app = await connect(origin, { scope: null, namesResource: false, picked: ["support"] });
    expect(app).toMatchObject({ token_type: "Bearer", scope: "persona:support" });
    expect((await mcpRequest(origin, "support", `Bearer ${app.access_token}`)).status).toBe(200);
    expect((await mcpRequest(origin, "sales", `Bearer ${app.access_token}`)).status).toBe(401);
  });

  it("refuses an access token past its lifetime with the invalid_token challenge, running nothing", async () => {
    const origin = await setUp();
    const app = await connect(origin);
    const callLookup = () =>
      fetch(mcpUrl(origin, "support"), {
        method: "POST",
        headers: { authorization: `Bearer ${app.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "lookup", arguments: {} } }),
      });
    const served = await callLookup();
    expect(served.status).toBe(200);
    expect(await served.text()).toContain("shipped");
    await flushCallLog();
    const [callsBefore, loggedBefore] = [upstreamCalls, await db().callLog.count()];

    // Only the clock moves (timers stay real, so the servers keep running): one second past the lifetime the token response gave.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (app.expires_in + 1) * 1000);
    const refused = await callLookup();
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/api/v1/personas/support/mcp", error="invalid_token"`);
    await flushCallLog();
    expect(upstreamCalls).toBe(callsBefore);
    expect(await db().callLog.count()).toBe(loggedBefore);
  });

  it("rotates the refresh token on each use, and a reused one revokes the whole grant", async () => {
    const origin = await setUp();
    const app = await connect(origin);
    const refresh = (token: string) => fetch(`${origin}/oauth/token`, form({ grant_type: "refresh_token", refresh_token: token, client_id: app.clientId }));

    const rotated = await refresh(app.refresh_token);
    expect(rotated.status).toBe(200);
    const next = (await rotated.json()) as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(app.refresh_token);
    expect((await mcpRequest(origin, "support", `Bearer ${next.access_token}`)).status).toBe(200);

    const replayed = await refresh(app.refresh_token);
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ error: "invalid_grant" });
    // The replay revoked the grant: the newest refresh and access tokens are dead too.
    expect((await refresh(next.refresh_token)).status).toBe(400);
    expect((await mcpRequest(origin, "support", `Bearer ${next.access_token}`)).status).toBe(401);
  });

  it("lists the approved app under Connected apps, and revoking it ends its access and refresh tokens at once", async () => {
    const origin = await setUp();
    const app = await connect(origin);
    const [connected] = await listConnectedApps({ operatorId: OPERATOR.id });
    expect(connected).toMatchObject({ clientId: app.clientId, clientName: "Desktop agent", operatorId: OPERATOR.id, personaSlugs: ["support"] });
    expect(connected?.lastUsedAt).toBeInstanceOf(Date);
    const [approval] = await db().auditEvent.findMany({ where: { action: "oauth_app.approve" } });
    expect(approval).toMatchObject({ actorId: OPERATOR.id, targetType: "oauth_app", targetId: connected!.grantId, targetName: "Desktop agent" });
    expect((await mcpRequest(origin, "support", `Bearer ${app.access_token}`)).status).toBe(200);

    await revokeConnectedApp(connected!.grantId, SYSTEM_ACTOR);
    expect((await mcpRequest(origin, "support", `Bearer ${app.access_token}`)).status).toBe(401);
    const refreshed = await fetch(`${origin}/oauth/token`, form({ grant_type: "refresh_token", refresh_token: app.refresh_token, client_id: app.clientId }));
    expect(await refreshed.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("shows the request only to the browser that started it, with the persona's tools counted, and a denial sends access_denied and grants nothing", async () => {
    const origin = await setUp();
    const note = parseToolDefinition({ name: "add_note", description: "Adds a note to an order.", side_effect: true, request: { method: "POST", url: `${upstream.origin}/notes` } });
    await saveTool({ definition: note, baseVersion: null, actor: SYSTEM_ACTOR });
    const { jar, uid } = await startAuthorization(origin, await registerClient(origin));
    expect(await loadConsentRequest(uid, "")).toBeNull();
    const request = await loadConsentRequest(uid, jar.header);
    expect(request).toMatchObject({ uid, client: { name: "Desktop agent", redirectHost: "127.0.0.1:7777" }, unknownResources: [] });
    // Every tool of the persona: lookup and the built-in ones read-only, add_note side-effecting.
    expect(request?.requested).toEqual([{ slug: "support", name: "support", readOnlyTools: expect.any(Number), sideEffectingTools: 1 }]);
    expect(request?.requested[0]?.readOnlyTools).toBeGreaterThanOrEqual(1);

    const continueTo = await denyConsentRequest(uid, jar.header, OPERATOR);
    const resumed = await fetch(continueTo, { redirect: "manual", headers: { cookie: jar.header } });
    const callback = new URL(resumed.headers.get("location")!);
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("code")).toBeNull();
    expect(await listConnectedApps()).toEqual([]);
    expect(await db().auditEvent.count({ where: { action: "oauth_app.deny", actorId: OPERATOR.id } })).toBe(1);
    // Answered: the page no longer offers it.
    expect(await loadConsentRequest(uid, jar.header)).toBeNull();
  });
});
