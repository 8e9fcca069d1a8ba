/**
 * The authorization server for MCP clients (issue 24) as an agent's client meets it, over real HTTP
 * on loopback through the gateway's node:http server, against a real database (SQLite, and
 * PostgreSQL when reachable): the metadata documents (RFC 8414, RFC 9728 per persona MCP URL), the
 * MCP endpoint's 401 challenge pointing at them, dynamic client registration (RFC 7591), its
 * refusals and its cap per address, and the authorization endpoint's resource-indicator, redirect
 * URI and PKCE checks with `iss` in every redirect (RFC 9207).
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { dumpAllTables, dumpText } from "../../db/test-support/raw-rows";
import { NON_PAGE_CONTENT_SECURITY_POLICY } from "../../security/headers.js";
import { startGateway, type Gateway } from "../gateway/node-server";
import { REGISTRATIONS_PER_HOUR } from "./registration-limit";

process.env.NEXTAUTH_SECRET = randomBytes(32).toString("base64");
process.env.QUIVER_ALLOWED_HOSTS = "127.0.0.1";
const targets = await databaseTargets();

const REDIRECT_URI = "http://127.0.0.1:7777/callback";

describe.each(targets)("the OAuth door on $name", (target) => {
  const db = useTestDatabase(target);
  let gateway: Gateway | null = null;

  afterEach(async () => {
    await gateway?.stop();
    gateway = null;
  });

  /** A gateway on a free port whose origin is Quiver's public one (NEXTAUTH_URL), as in production. */
  async function start() {
    gateway = await startGateway({ host: "127.0.0.1", port: 0 });
    process.env.NEXTAUTH_URL = gateway.origin;
    return gateway.origin;
  }

  const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

  function register(origin: string, metadata: Record<string, unknown>) {
    return fetch(`${origin}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(metadata) });
  }

  const desktopClient = { client_name: "Desktop agent", redirect_uris: [REDIRECT_URI], application_type: "native", token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] };

  it("publishes the authorization server's metadata (RFC 8414) with the issuer as NEXTAUTH_URL's origin", async () => {
    const origin = await start();
    const response = await fetch(`${origin}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe(NON_PAGE_CONTENT_SECURITY_POLICY);
    const metadata = await json(response);
    expect(metadata).toMatchObject({
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      registration_endpoint: `${origin}/oauth/register`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      introspection_endpoint: `${origin}/oauth/introspect`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      authorization_response_iss_parameter_supported: true,
    });
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(["authorization_code", "refresh_token"]));
  });

  it("publishes each persona MCP URL's protected-resource metadata (RFC 9728) at the path-suffixed address", async () => {
    const origin = await start();
    const response = await fetch(`${origin}/.well-known/oauth-protected-resource/api/v1/personas/support/mcp`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      resource: `${origin}/api/v1/personas/support/mcp`,
      authorization_servers: [origin],
      scopes_supported: ["persona:support"],
      bearer_methods_supported: ["header"],
      resource_name: "Quiver persona support (MCP)",
    });
    for (const path of ["", "/api/v1/personas/support/tools", "/api/v1/personas/Not_A_Slug/mcp", "/api/v1/personas/support/mcp/extra"]) {
      expect((await fetch(`${origin}/.well-known/oauth-protected-resource${path}`)).status, path).toBe(404);
    }
    const posted = await fetch(`${origin}/.well-known/oauth-protected-resource/api/v1/personas/support/mcp`, { method: "POST" });
    expect(posted.status).toBe(405);
  });

  it("answers an MCP request without a valid token 401 with a challenge naming the persona's resource metadata", async () => {
    const origin = await start();
    const challenge = `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/api/v1/personas/support/mcp"`;
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    for (const authorization of [undefined, "Bearer not-a-key"]) {
      const response = await fetch(`${origin}/api/v1/personas/support/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(authorization ? { authorization } : {}) },
        body,
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(authorization ? `${challenge}, error="invalid_token"` : challenge);
    }
  });

  it("registers a public client dynamically (RFC 7591) and keeps it in the database", async () => {
    const origin = await start();
    const response = await register(origin, desktopClient);
    expect(response.status).toBe(201);
    const client = await json(response);
    expect(client).toMatchObject({ client_name: "Desktop agent", redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" });
    expect(client.client_secret).toBeUndefined();
    expect(client.registration_access_token).toBeUndefined();
    const [row] = await db().oauthRecord.findMany({ where: { kind: "Client" } });
    expect(row?.clientId).toBe(client.client_id);
  });

  it("registers a client that asks for a persona's scope (as the MCP SDK does) without a scope restriction", async () => {
    const origin = await start();
    const response = await register(origin, { ...desktopClient, scope: "persona:support" });
    expect(response.status).toBe(201);
    const client = await json(response);
    expect(client).toMatchObject({ client_name: "Desktop agent" });
    expect(client.scope).toBeUndefined();
    const oversized = await register(origin, { ...desktopClient, client_uri: `https://example.com/${"a".repeat(70_000)}` });
    expect(oversized.status).toBe(413);
    expect(await db().oauthRecord.count({ where: { kind: "Client" } })).toBe(1);
  });

  it("caps registrations per client address, answering 429 with Retry-After and storing nothing more", async () => {
    const origin = await start();
    for (let count = 0; count < REGISTRATIONS_PER_HOUR; count++) expect((await register(origin, desktopClient)).status).toBe(201);
    const refused = await register(origin, desktopClient);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await json(refused)).toMatchObject({ error: "too_many_requests" });
    expect(await db().oauthRecord.count({ where: { kind: "Client" } })).toBe(REGISTRATIONS_PER_HOUR);
  });

  it.each([
    ["a redirect URI with a fragment", { redirect_uris: ["http://127.0.0.1:7777/callback#here"] }, "invalid_redirect_uri"],
    ["a redirect URI that is no URL", { redirect_uris: ["not a url"] }, "invalid_redirect_uri"],
    ["no redirect URI", { redirect_uris: [] }, "invalid_redirect_uri"],
    ["a client secret method", { token_endpoint_auth_method: "client_secret_basic" }, "invalid_client_metadata"],
  ])("refuses a registration with %s with an OAuth error, storing nothing", async (_case, change, error) => {
    const origin = await start();
    const response = await register(origin, { ...desktopClient, ...change });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error });
    expect(await db().oauthRecord.count()).toBe(0);
  });

  /** An authorization request for the registered client, PKCE S256 included unless overridden. */
  async function authorize(origin: string, clientId: string, params: Record<string, string>) {
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      code_challenge: randomBytes(32).toString("base64url"),
      code_challenge_method: "S256",
      state: "s1",
      ...params,
    });
    const response = await fetch(`${origin}/oauth/authorize?${query}`, { redirect: "manual" });
    return { status: response.status, location: new URL(response.headers.get("location") ?? "", origin) };
  }

  it("sets Secure cookies for an https issuer behind a TLS-offloading proxy, whatever X-Forwarded-Proto a client sends", async () => {
    const origin = await start();
    const { client_id: clientId } = await json(await register(origin, desktopClient));
    const cookiesFor = async (issuer: string, forwardedProto: string) => {
      process.env.NEXTAUTH_URL = issuer;
      const query = new URLSearchParams({ client_id: clientId as string, redirect_uri: REDIRECT_URI, response_type: "code", code_challenge: "x".repeat(43), code_challenge_method: "S256", resource: `${issuer}/api/v1/personas/support/mcp` });
      const response = await fetch(`${origin}/oauth/authorize?${query}`, { redirect: "manual", headers: { "x-forwarded-proto": forwardedProto } });
      expect(response.status).toBe(303);
      return response.headers.getSetCookie();
    };
    const behindProxy = await cookiesFor(origin.replace("http:", "https:"), "http");
    expect(behindProxy.length).toBeGreaterThan(0);
    for (const cookie of behindProxy) expect(cookie.toLowerCase()).toContain("; secure");
    for (const cookie of await cookiesFor(origin, "https")) expect(cookie.toLowerCase()).not.toContain("; secure");
  });

  it("sends an authorization request for a persona's MCP URL to the consent page, and refuses other resources, other redirect URIs and plain PKCE", async () => {
    const origin = await start();
    const { client_id: clientId } = await json(await register(origin, desktopClient));
    const resource = `${origin}/api/v1/personas/support/mcp`;

    const accepted = await authorize(origin, clientId as string, { resource, scope: "persona:support" });
    expect(accepted.status).toBe(303);
    expect(accepted.location.pathname).toMatch(/^\/oauth-consent\/[\w-]+$/);

    // A desktop client's loopback redirect may come back on any port (RFC 8252 §7.3); its path may not differ.
    expect((await authorize(origin, clientId as string, { resource, redirect_uri: "http://127.0.0.1:8888/callback" })).status).toBe(303);
    const wrongPath = await fetch(`${origin}/oauth/authorize?${new URLSearchParams({ client_id: clientId as string, redirect_uri: "http://127.0.0.1:7777/<other>", response_type: "code" })}`);
    expect(wrongPath.status).toBe(400);
    expect(await wrongPath.text()).toContain("redirect_uri did not match any of the client&#39;s registered redirect_uris (invalid_redirect_uri)");

    for (const [params, error] of [
      [{ resource: "https://elsewhere.example/api/v1/personas/support/mcp" }, "invalid_target"],
      [{ resource: `${origin}/api/v1/personas/support/tools` }, "invalid_target"],
      [{ resource, code_challenge_method: "plain" }, "invalid_request"],
    ] as const) {
      const refused = await authorize(origin, clientId as string, params);
      expect(refused.status).toBe(303);
      expect(`${refused.location.origin}${refused.location.pathname}`).toBe(REDIRECT_URI);
      expect(Object.fromEntries(refused.location.searchParams)).toMatchObject({ error, state: "s1", iss: origin });
    }
    // The interaction waiting for the operator is stored, by hash only.
    const interactionId = accepted.location.pathname.split("/").at(-1)!;
    expect(dumpText(await dumpAllTables(db(), target.name))).not.toContain(interactionId);
  });
});
