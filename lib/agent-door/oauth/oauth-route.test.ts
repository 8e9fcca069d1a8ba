/**
 * The OAuth paths as `next dev`'s routes serve them (oauth-route.ts): a Fetch `Request` handed to
 * the door's OAuth listener and its node:http answer given back whole — status, JSON body,
 * redirects left unfollowed, every `Set-Cookie` — against a real database (SQLite, and PostgreSQL
 * when reachable). The listener's own behaviour is oauth-door.test.ts's.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { handleOauthRouteRequest } from "./oauth-route";

process.env.NEXTAUTH_SECRET = randomBytes(32).toString("base64");
// What `next dev` runs under: the requests below never travel to this address, the issuer is all it is.
const ORIGIN = "http://localhost:3000";
process.env.NEXTAUTH_URL = ORIGIN;
const targets = await databaseTargets();

/** What a route does: the request, and the path and query the listener is to see. */
const route = (path: string, init?: RequestInit) => handleOauthRouteRequest(new Request(`${ORIGIN}${path}`, init), path);

describe.each(targets)("the OAuth routes of next dev on $name", (target) => {
  const db = useTestDatabase(target);

  it("answers the metadata documents as the listener does, and nothing outside the OAuth paths", async () => {
    const metadata = await route("/.well-known/oauth-authorization-server");
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await metadata.json()).toMatchObject({ issuer: ORIGIN, registration_endpoint: `${ORIGIN}/oauth/register` });
    const resource = await route("/.well-known/oauth-protected-resource/api/v1/personas/support/mcp");
    expect(await resource.json()).toMatchObject({ resource: `${ORIGIN}/api/v1/personas/support/mcp`, authorization_servers: [ORIGIN] });
    expect((await route("/.well-known/oauth-protected-resource")).status).toBe(404);
    expect((await route("/.well-known/security.txt")).status).toBe(404);
  });

  it("registers a client from the request's body, and hands back the authorization endpoint's redirect with each cookie", async () => {
    const registration = { client_name: "Dev agent", redirect_uris: ["http://127.0.0.1:7777/callback"], application_type: "native", token_endpoint_auth_method: "none" };
    const registered = await route("/oauth/register", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(registration) });
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    expect(await db().oauthRecord.count({ where: { kind: "Client", clientId } })).toBe(1);

    const query = new URLSearchParams({
      client_id: clientId, redirect_uri: registration.redirect_uris[0]!, response_type: "code", code_challenge: "x".repeat(43),
      code_challenge_method: "S256", resource: `${ORIGIN}/api/v1/personas/support/mcp`,
    });
    const authorized = await route(`/oauth/authorize?${query}`);
    expect(authorized.status).toBe(303);
    expect(new URL(authorized.headers.get("location")!, ORIGIN).pathname).toMatch(/^\/oauth-consent\/[\w-]+$/);
    const cookies = authorized.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(1);
    for (const cookie of cookies) expect(cookie).toMatch(/^_interaction[\w.]*=[^,]+; path=\//);
  });
});
