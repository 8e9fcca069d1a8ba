/**
 * Test support: an MCP client's side of the OAuth flow (issue 24) over real HTTP — a browser's
 * cookie jar, the consent page's approval as its server action makes it, registration, the
 * authorization request and the code swapped for tokens. Tests only; the app never imports it.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import type { Actor } from "../../audit";
import { getDb } from "../../db/client";
import { insertOperator } from "../../db/test-support/fixtures";
import { startGateway, type Gateway } from "../gateway/node-server";
import { closeMcpClients } from "../mcp/mcp-test-client";
import { approveConsentRequest } from "./consent";

/** Where the test client's answers go (a desktop app's loopback redirect; nothing listens). */
export const REDIRECT_URI = "http://127.0.0.1:7777/callback";

/** The cookies a browser would keep, by name (paths ignored: every request here belongs to one flow). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * The consent page's approval as its server action makes it (the admin signed in, the browser's
 * cookies), answering with where the browser goes next. The personas the admin picks, for an app
 * that named none, come as `?persona=` in the page's URL.
 */
export async function startConsentPage(admin: Actor & { id: string }): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://consent.test");
    const uid = url.pathname.split("/").pop() ?? "";
    approveConsentRequest(uid, url.searchParams.getAll("persona"), request.headers.cookie ?? "", admin).then(
      (continueTo) => response.end(continueTo),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/**
 * For each test of the calling block: `start()` adds `admin` as an operator, brings up a gateway on a
 * fresh loopback port (its origin becomes NEXTAUTH_URL, so each test has an authorization server of
 * its own, nothing cached) and the consent page answering as `admin`, and returns the origin; both
 * stop after the test, with any MCP client. `consent` is the page of the running test.
 */
export function useOauthDoor(admin: Actor & { id: string }) {
  let gateway: Gateway | null = null;
  let consent: Server | null = null;
  afterEach(async () => {
    await closeMcpClients();
    consent?.close();
    await gateway?.stop();
    gateway = consent = null;
  });
  return {
    get consent(): Server {
      if (consent === null) throw new Error("start() the door first");
      return consent;
    },
    async start(): Promise<string> {
      await insertOperator(getDb(), admin.email, "admin", admin.id);
      gateway = await startGateway({ host: "127.0.0.1", port: 0 });
      process.env.NEXTAUTH_URL = gateway.origin;
      consent = await startConsentPage(admin);
      return gateway.origin;
    },
  };
}

export const mcpUrl = (origin: string, slug: string) => `${origin}/api/v1/personas/${slug}/mcp`;
export const form = (body: Record<string, string>) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body) });

/** Dynamic registration of a public native client redirecting to {@link REDIRECT_URI}; its client id. */
export async function registerClient(origin: string, name = "Desktop agent"): Promise<string> {
  const registration = { client_name: name, redirect_uris: [REDIRECT_URI], application_type: "native", token_endpoint_auth_method: "none" };
  const registered = await fetch(`${origin}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(registration) });
  return ((await registered.json()) as { client_id: string }).client_id;
}

/** What an app asks for by default: persona support's scope and `offline_access`, as the MCP SDK asks. */
const DEFAULT_SCOPE = "persona:support offline_access";

/** How an app words its authorization request, and what the admin picks on the consent page. */
export interface AuthorizationShape {
  /** The scope it asks for; null: none. Default: persona support's scope and `offline_access`. */
  readonly scope?: string | null;
  /** Whether it names persona support's MCP URL as its resource (default), or no resource at all. */
  readonly namesResource?: boolean;
  /** The personas the admin picks on the consent page (only asked when the app named no resource). */
  readonly picked?: readonly string[];
}

/**
 * The authorization request for persona support, worded as `shape` says, sent by a browser
 * without following redirects.
 */
export async function sendAuthorization(origin: string, clientId: string, { scope = DEFAULT_SCOPE, namesResource = true }: AuthorizationShape = {}) {
  const verifier = randomBytes(32).toString("base64url");
  const query = new URLSearchParams({
    client_id: clientId, redirect_uri: REDIRECT_URI, response_type: "code", state: "s1", ...(scope === null ? {} : { scope }), prompt: "consent",
    ...(namesResource ? { resource: mcpUrl(origin, "support") } : {}), code_challenge: createHash("sha256").update(verifier).digest("base64url"), code_challenge_method: "S256",
  });
  const jar = new CookieJar();
  const response = await fetch(`${origin}/oauth/authorize?${query}`, { redirect: "manual" });
  jar.keep(response);
  return { clientId, verifier, jar, response };
}

/** The authorization request sent, and the browser on its way to the consent page: its cookies and the page's path. */
export async function startAuthorization(origin: string, clientId: string, shape?: AuthorizationShape) {
  const { response, ...sent } = await sendAuthorization(origin, clientId, shape);
  const consentPath = new URL(response.headers.get("location")!, origin).pathname;
  return { ...sent, consentPath, uid: consentPath.split("/").pop()! };
}

export interface IssuedTokens {
  readonly clientId: string;
  readonly code: string;
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires_in: number;
  readonly scope: string;
  readonly token_type: string;
}

/**
 * Authorization for `clientId` worded as `shape` says, approved on `consent`, and the code swapped
 * for tokens (PKCE). Throws when a step answers otherwise.
 */
export async function connectApp(origin: string, consent: Server, clientId: string, shape: AuthorizationShape = {}): Promise<IssuedTokens> {
  const { verifier, jar, consentPath } = await startAuthorization(origin, clientId, shape);
  const picks = new URLSearchParams((shape.picked ?? []).map((slug) => ["persona", slug]));
  const approved = await fetch(`http://127.0.0.1:${(consent.address() as AddressInfo).port}${consentPath}?${picks}`, { headers: { cookie: jar.header } });
  if (!approved.ok) throw new Error(`approval failed: ${await approved.text()}`);
  jar.keep(approved);
  const resumed = await fetch(await approved.text(), { redirect: "manual", headers: { cookie: jar.header } });
  const callback = new URL(resumed.headers.get("location")!);
  if (`${callback.origin}${callback.pathname}` !== REDIRECT_URI) throw new Error(`the browser went to ${callback.href}`);
  if (callback.searchParams.get("iss") !== origin) throw new Error(`the answer names issuer ${callback.searchParams.get("iss")}`);
  const code = callback.searchParams.get("code");
  if (code === null) throw new Error(`the app was answered ${callback.searchParams.get("error")}: ${callback.searchParams.get("error_description")}`);
  const tokens = await fetch(`${origin}/oauth/token`, form({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, client_id: clientId, code_verifier: verifier }));
  if (tokens.status !== 200) throw new Error(`token endpoint answered ${tokens.status}: ${await tokens.text()}`);
  return { clientId, code, ...((await tokens.json()) as Omit<IssuedTokens, "clientId" | "code">) };
}

/** An MCP request with `authorization`, as a raw 2025 `tools/list`. */
export function mcpRequest(origin: string, slug: string, authorization: string) {
  return fetch(mcpUrl(origin, slug), {
    method: "POST",
    headers: { authorization, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
}
