/**
 * Apps known by a Client ID Metadata Document (issue 24): the client id is the https URL of a JSON
 * document the app's host serves, and the authorization server reads it — through the destination
 * guard, within oidc-provider's limits (2.5 s, 5 KiB, JSON, its client id its own URL). The host
 * here is an https server on loopback with the test certificate (e2e/support/tls), admitted by the
 * allowlist as 127.0.0.1 only; [::1] reaches the same server and is refused by the guard. A good
 * document's app is shown as verified by its host, approved, called under its name — and an
 * agent's call never fetches the document. Each bad document is refused
 * (`invalid_client`, or `invalid_client_metadata` for a document that is not its own), and nothing is stored.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loopbackTlsOptions } from "../../../e2e/support/loopback-tls";
import { SYSTEM_ACTOR } from "../../audit/events";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { dumpAllTables, dumpText } from "../../db/test-support/raw-rows";
import { createPersona } from "../../personas/server/personas";
import { generateEncryptionKey } from "../../secrets/keyring";
import { flushCallLog } from "../call-log";
import { connectMcpClientAt } from "../mcp/mcp-test-client";
import { listConnectedApps } from "./connected-apps";
import { loadConsentRequest } from "./consent";
import { findRequestingClient } from "./interaction";
import { DOCUMENT_FETCHES_PER_HOUR } from "./registration-limit";
import { connectApp, mcpRequest, mcpUrl, REDIRECT_URI, sendAuthorization, startAuthorization, useOauthDoor } from "./oauth-test-client";

process.env.NEXTAUTH_SECRET = randomBytes(32).toString("base64");
process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
process.env.QUIVER_ALLOWED_HOSTS = "127.0.0.1";
const targets = await databaseTargets();

const OPERATOR = { id: "operator-1", email: "admin@example.test" };
/** oidc-provider's body limit for a metadata document is 5 KiB. */
const TOO_LARGE_BYTES = 6 * 1024;
/** oidc-provider gives a document fetch 2.5 s. */
const SLOWER_THAN_ALLOWED_MS = 3_000;

/** The app's host: an https server on loopback (both 127.0.0.1 and ::1) serving documents by path, and the paths it was asked for. */
interface MetadataHost {
  readonly port: number;
  readonly requests: string[];
  /** The client id of the document at `path`, on `host` (127.0.0.1 unless said). */
  clientId(path: string, host?: string): string;
  close(): Promise<void>;
}

async function startMetadataHost(): Promise<MetadataHost> {
  const requests: string[] = [];
  const pending = new Set<NodeJS.Timeout>();
  let port = 0;
  const clientId = (path: string, host = "127.0.0.1") => `https://${host}:${port}${path}`;
  const document = (path: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ client_id: clientId(path), client_name: "Docs agent", redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none", application_type: "native", ...extra });
  const server: HttpsServer = createServer(loopbackTlsOptions(), (request, response) => {
    const path = request.url ?? "/";
    requests.push(path);
    const json = (body: string) => response.writeHead(200, { "content-type": "application/json" }).end(body);
    if (path === "/app.json") return json(document(path));
    if (path === "/large.json") return json(document(path, { padding: "x".repeat(TOO_LARGE_BYTES) }));
    if (path === "/someone-else.json") return json(document("/app.json"));
    if (path === "/not-json") return response.writeHead(200, { "content-type": "text/html" }).end("<html>Welcome</html>");
    if (path === "/slow.json") {
      const timer = setTimeout(() => json(document(path)), SLOWER_THAN_ALLOWED_MS);
      pending.add(timer);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "::", resolve));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    requests,
    clientId,
    close: async () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let host: MetadataHost;
beforeAll(async () => {
  host = await startMetadataHost();
});
afterAll(() => host.close());

describe.each(targets)("apps known by a client metadata document, on $name", (target) => {
  const db = useTestDatabase(target);
  const door = useOauthDoor(OPERATOR);

  afterEach(() => {
    host.requests.length = 0;
  });

  async function setUp() {
    await createPersona({ slug: "support", name: "Support", grant: "all" }, SYSTEM_ACTOR);
    return door.start();
  }

  it("advertises metadata documents in the authorization server's metadata", async () => {
    const origin = await setUp();
    const metadata = (await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata.client_id_metadata_document_supported).toBe(true);
  });

  it("reads an app's document outside a request too, as the consent page does from its own copy of the library", async () => {
    await setUp();
    const clientId = host.clientId("/app.json");
    expect(await findRequestingClient(clientId)).toMatchObject({ name: "Docs agent", fromMetadataDocument: true });
    expect(host.requests).toEqual(["/app.json"]);
  });

  it("shows the app as verified by its host, and once approved it calls under its document's name without the document being fetched again", async () => {
    const origin = await setUp();
    const clientId = host.clientId("/app.json");
    const { jar, uid } = await startAuthorization(origin, clientId);
    expect(await loadConsentRequest(uid, jar.header)).toMatchObject({ client: { id: clientId, name: "Docs agent", verifiedHost: `127.0.0.1:${host.port}`, redirectHost: "127.0.0.1:7777" } });

    const app = await connectApp(origin, door.consent, clientId);
    const [connected] = await listConnectedApps();
    expect(connected).toMatchObject({ clientId, clientName: "Docs agent", verifiedHost: `127.0.0.1:${host.port}`, personaSlugs: ["support"] });

    const fetchedBeforeCalls = host.requests.length;
    const client = await connectMcpClientAt(new URL(mcpUrl(origin, "support")), fetch, `Bearer ${app.access_token}`, "2025-11-25");
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    expect((await mcpRequest(origin, "support", `Bearer ${app.access_token}`)).status).toBe(200);
    await flushCallLog();
    expect(host.requests).toHaveLength(fetchedBeforeCalls);
    await client.callTool({ name: "quiver_tool_catalog", arguments: {} }).catch(() => undefined);
    await flushCallLog();
    for (const row of await db().callLog.findMany()) expect(row.apiKeyName).toBe("Docs agent");

    const stored = dumpText(await dumpAllTables(db(), target.name));
    for (const secret of [app.access_token, app.refresh_token, app.code]) expect(stored).not.toContain(secret);
  });

  const refusals = [
    { case: "a document larger than 5 KiB", path: "/large.json", error: "invalid_client" },
    { case: "a document that is not JSON", path: "/not-json", error: "invalid_client" },
    { case: "a document naming another client id", path: "/someone-else.json", error: "invalid_client_metadata" },
    { case: "a document that answers too slowly", path: "/slow.json", error: "invalid_client" },
    { case: "no document at the URL", path: "/missing.json", error: "invalid_client" },
  ];

  it.each(refusals)("refuses $case with $error, and stores nothing", async ({ path, error }) => {
    const origin = await setUp();
    const { response } = await sendAuthorization(origin, host.clientId(path));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(`(${error})`);
    expect(host.requests).toContain(path);
    expect(await db().oauthRecord.count()).toBe(0);
  });

  it(`fetches documents for one address ${DOCUMENT_FETCHES_PER_HOUR} times an hour, then refuses without fetching`, async () => {
    const origin = await setUp();
    // A missing document is never cached: every request would fetch it again.
    for (let count = 0; count < DOCUMENT_FETCHES_PER_HOUR; count++) expect((await sendAuthorization(origin, host.clientId("/missing.json"))).response.status).toBe(400);
    expect(host.requests).toHaveLength(DOCUMENT_FETCHES_PER_HOUR);
    const { response } = await sendAuthorization(origin, host.clientId("/app.json"));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("fetch not allowed (invalid_client)");
    expect(host.requests).toHaveLength(DOCUMENT_FETCHES_PER_HOUR);
  });

  it("refuses a document on an address the destination guard does not admit, without connecting to it", async () => {
    const origin = await setUp();
    // [::1] is the same server, but the allowlist admits only 127.0.0.1.
    const { response } = await sendAuthorization(origin, host.clientId("/app.json", "[::1]"));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("client_id metadata document fetch failed (invalid_client)");
    expect(host.requests).toEqual([]);
    expect(await db().oauthRecord.count()).toBe(0);
  });
});
