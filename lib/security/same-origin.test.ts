import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { crossSiteRefusal } from "./same-origin";

const request = (headers: Record<string, string>) => new Request("http://quiver.test/api/playground/runs", { method: "POST", headers, body: "{}" });
const json = { "content-type": "application/json" };

describe("crossSiteRefusal", () => {
  it.each([
    ["a page of this host, JSON", { host: "quiver.test", origin: "http://quiver.test", ...json }],
    ["JSON with a charset", { host: "quiver.test:3000", origin: "http://quiver.test:3000", "content-type": "application/json; charset=utf-8" }],
    ["behind a proxy: the forwarded host", { host: "internal:3000", "x-forwarded-host": "quiver.example.com", origin: "https://quiver.example.com", ...json }],
  ])("admits %s", (_case, headers) => {
    expect(crossSiteRefusal(request(headers))).toBeNull();
  });

  it.each([
    ["no Origin", { host: "quiver.test", ...json }, /Origin is missing/],
    ["another port of the same host", { host: "quiver.test:3000", origin: "http://quiver.test:8080", ...json }, /another site/],
    ["a sibling subdomain", { host: "quiver.example.com", origin: "https://evil.example.com", ...json }, /another site/],
    ["the null Origin of an opaque page", { host: "quiver.test", origin: "null", ...json }, /not one/],
    ["a form post (text/plain)", { host: "quiver.test", origin: "http://quiver.test", "content-type": "text/plain" }, /as JSON/],
    ["no content type", { host: "quiver.test", origin: "http://quiver.test" }, /as JSON/],
  ])("refuses %s", (_case, headers, reason) => {
    expect(crossSiteRefusal(request(headers))).toMatch(reason);
  });
});

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Every route handler under app/, with the HTTP methods it answers that change state. */
function stateChangingRoutes(dir = "app"): { file: string; methods: string[] }[] {
  return fs.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const child = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return stateChangingRoutes(child);
    if (entry.name !== "route.ts") return [];
    const source = fs.readFileSync(path.join(PROJECT_ROOT, child), "utf8");
    const methods = [...source.matchAll(/export\s+(?:async\s+)?function\s+(POST|PUT|PATCH|DELETE)\b|\bas\s+(POST|PUT|PATCH|DELETE)\b/g)].map((match) => (match[1] ?? match[2]) as string);
    return methods.length > 0 ? [{ file: child, methods }] : [];
  });
}

/** Routes a browser's session cookie cannot drive, and why. */
const NOT_COOKIE_AUTHENTICATED: Record<string, string> = {
  "app/api/v1/": "the agents' door: an API key or token in the Authorization header, never the session cookie",
  "app/api/auth/": "next-auth's own routes, guarded by its CSRF token",
  "app/oauth/":
    "the authorization server under next dev (oidc-provider): apps call it cross-site by design, with PKCE and tokens, never the dashboard's session; " +
    "its own cookies are SameSite=Lax and an approval is the consent page's server action",
  "app/oauth-well-known/": "the OAuth metadata documents under next dev: read-only, the listener answers any other method without changing anything",
};

describe("every route handler that changes state with the operator's session", () => {
  it("refuses cross-site requests first", () => {
    const routes = stateChangingRoutes();
    expect(routes.map((route) => route.file)).toContain("app/api/playground/runs/route.ts");
    const unguarded = routes.filter(
      ({ file }) =>
        !Object.keys(NOT_COOKIE_AUTHENTICATED).some((prefix) => file.startsWith(prefix)) &&
        !fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8").includes("crossSiteRefusal(request)"),
    );
    expect(unguarded, "call crossSiteRefusal(request) before anything else, or say here why the route cannot be driven by a cookie").toEqual([]);
  });
});
