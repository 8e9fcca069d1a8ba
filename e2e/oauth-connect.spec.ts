/**
 * An MCP client connects through OAuth (issue 24), as Claude or any URL-based client would: the MCP
 * SDK v2 `Client`, given only a persona's MCP URL on the production build, gets a 401, discovers
 * the authorization server from it, registers itself and sends the browser to authorize. There a
 * signed-out admin signs in, comes back to the consent screen (the app's self-chosen name marked
 * unverified, where the answer goes, the persona and its tools read-only and side-effecting) and
 * approves; the client swaps the code (PKCE), lists and calls the persona's tools, refreshes its
 * token (rotated), and once the admin revokes it under Settings → Connected apps its next call is
 * refused. A denied request sends `access_denied` back and grants nothing; an editor sees who can
 * approve instead of the buttons. No token reaches a page (the leak guard watches them).
 * An app known by its client metadata document (served over https from a loopback host) skips
 * registration and is shown verified by that host. A plain OAuth app that names no persona (no
 * `resource`, no `scope`) is given the one the admin picks on the consent screen, and only that one.
 * Shared state: each test registers its own client (or serves its own document); approved apps are revoked at the end.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import {
  Client,
  OAuthError,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { expectAccessible } from "./support/accessibility";
import { E2E_BASE_URL, E2E_OPERATORS, storageStateFor } from "./support/environment";
import { loopbackTlsOptions } from "./support/loopback-tls";
import { MCP_PERSONA } from "./support/mcp-fixture";
import { RUNTIME_PERSONA } from "./support/runtime-api-fixture";
import { screenshots } from "./support/screenshots";

const MCP_URL = new URL(`/api/v1/personas/${MCP_PERSONA}/mcp`, E2E_BASE_URL);
const CONSENT_HEADING = "An app asks to use Quiver's tools";

/** The app's redirect URI: a loopback listener, as a desktop MCP client runs one, handing over each callback's query. */
async function startCallback() {
  const waiting: ((query: URLSearchParams) => void)[] = [];
  const server = createServer((request, response) => {
    waiting.shift()?.(new URL(request.url ?? "/", "http://127.0.0.1").searchParams);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end("<!doctype html><title>Done</title><p>You can close this window.</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    /** The query of the next callback the browser brings. */
    next: () => new Promise<URLSearchParams>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An MCP client's OAuth state, kept in memory as a desktop app keeps it on disk. */
class AppAuth implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  private client: StoredOAuthClientInformation | undefined;
  private stored: StoredOAuthTokens | undefined;
  private verifier = "";

  constructor(
    private readonly name: string,
    readonly redirectUrl: string,
    /** Where the app's metadata document is served, when it is known by one instead of registering. */
    readonly clientMetadataUrl?: string,
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      application_type: "native",
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(client: StoredOAuthClientInformation) {
    this.client = client;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

const newClient = () => new Client({ name: "e2e-oauth-app", version: "1.0.0" });

/** Connects without a token: the 401 starts discovery and registration; returns the transport to finish on. */
async function startAuthorization(auth: AppAuth): Promise<StreamableHTTPClientTransport> {
  const transport = new StreamableHTTPClientTransport(MCP_URL, { authProvider: auth });
  const refused = await newClient().connect(transport).catch((thrown: unknown) => thrown);
  expect(refused, String(refused)).toBeInstanceOf(UnauthorizedError);
  expect(auth.authorizationUrl?.origin).toBe(E2E_BASE_URL);
  expect(auth.authorizationUrl?.searchParams.get("resource")).toBe(MCP_URL.href);
  expect(auth.authorizationUrl?.searchParams.get("code_challenge_method")).toBe("S256");
  return transport;
}

/** A raw MCP request with `accessToken` to the MCP URL `url` (by default persona e2e-mcp's): its status. */
async function mcpStatus(accessToken: string, url: URL = MCP_URL): Promise<number> {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  await response.body?.cancel();
  return response.status;
}

/**
 * The app's host serving its client metadata document over https (the test certificate, which the
 * e2e server trusts), on 127.0.0.1: the app's client id is the document's URL.
 */
async function startMetadataHost(appName: string, redirectUrl: string) {
  let clientId = "";
  const server = createHttpsServer(loopbackTlsOptions(), (request, response) => {
    if (request.url !== "/oauth/client.json") return response.writeHead(404).end();
    const document = { client_id: clientId, client_name: appName, redirect_uris: [redirectUrl], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none", application_type: "native" };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(document));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  clientId = `https://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/client.json`;
  return { clientId, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function expectConsentScreen(page: Page, appName: string, redirectUrl: string, verifiedHost?: string) {
  await expect(page.getByRole("heading", { level: 1, name: CONSENT_HEADING })).toBeVisible();
  await expect(page.getByText(appName, { exact: true })).toBeVisible();
  if (verifiedHost === undefined) {
    await expect(page.getByText("Registered itself")).toBeVisible();
    await expect(page.getByText(/its name is unverified/)).toBeVisible();
  } else {
    await expect(page.getByText(`Verified by ${verifiedHost}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`whoever runs ${verifiedHost} vouches for it`, { exact: false })).toBeVisible();
  }
  await expect(page.getByText(new URL(redirectUrl).host, { exact: true })).toBeVisible();
  await expect(page.getByText(MCP_PERSONA, { exact: true })).toBeVisible();
  await expect(page.getByText(/\d+ tools?: \d+ read-only, \d+ side-effecting/)).toBeVisible();
}

test.describe("an MCP client connecting through OAuth", () => {
  test.describe.configure({ timeout: 90_000 });

  test("signs the admin in, is approved, calls tools, refreshes, and is refused once revoked", async ({ browser, leakGuard }) => {
    const appName = `E2E desktop agent ${Date.now()}`;
    const callback = await startCallback();
    const auth = new AppAuth(appName, callback.url);
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const stopObserving = leakGuard.observeContext(context);
    try {
      const transport = await startAuthorization(auth);
      const page = await context.newPage();
      await page.goto(auth.authorizationUrl!.href);
      // Signed out: the sign-in page, then back to the request.
      await expect(page.getByRole("heading", { level: 1, name: "Sign in to the operator console" })).toBeVisible();
      await page.getByLabel("E-mail").fill(E2E_OPERATORS.admin.email);
      await page.getByLabel("Password").fill(E2E_OPERATORS.admin.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expectConsentScreen(page, appName, callback.url);
      await expectAccessible(page, "consent screen");
      await screenshots(page, "oauth-consent");

      const answered = callback.next();
      await page.getByRole("button", { name: "Approve" }).click();
      await page.waitForURL(/\/callback\?/);
      const query = await answered;
      expect(query.get("error")).toBeNull();
      expect(query.get("iss")).toBe(E2E_BASE_URL);
      await transport.finishAuth(query);
      const tokens = auth.tokens()!;
      leakGuard.watch(tokens.access_token);
      leakGuard.watch(tokens.refresh_token!);

      const client = newClient();
      await client.connect(new StreamableHTTPClientTransport(MCP_URL, { authProvider: auth }));
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("e2e_play_forecast");
      expect((await client.callTool({ name: "e2e_play_forecast", arguments: { location: { city: "Porto" } } })).isError).toBeFalsy();

      // The access token lapses (here: is forgotten); the client refreshes, and the refresh token rotates.
      auth.saveTokens({ ...tokens, access_token: "lapsed-access-token" });
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      const refreshed = auth.tokens()!;
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      leakGuard.watch(refreshed.access_token);
      leakGuard.watch(refreshed.refresh_token!);

      await page.goto("/settings/connected-apps");
      const row = page.getByRole("row", { name: appName });
      await expect(row).toContainText(MCP_PERSONA);
      await expect(row).toContainText(E2E_OPERATORS.admin.email);
      await expect(row.getByRole("cell").nth(4)).toContainText("UTC");
      await expectAccessible(page, "connected apps");
      await screenshots(page, "connected-apps");

      await row.getByRole("button", { name: `Revoke ${appName}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Revoke app" }).click();
      await expect(page.getByRole("region", { name: /^Notifications/ }).getByText("The app is disconnected: its next call is refused.")).toBeVisible();
      await expect(row).toHaveCount(0);

      expect(await mcpStatus(refreshed.access_token)).toBe(401);
      const reused = await fetch(new URL("/oauth/token", E2E_BASE_URL), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshed.refresh_token!, client_id: auth.clientInformation()!.client_id }),
      });
      expect(await reused.json()).toMatchObject({ error: "invalid_grant" });
      // The SDK client's own refresh is refused too (invalid_grant): it has to be approved again.
      await expect(client.listTools()).rejects.toBeInstanceOf(OAuthError);
      await client.close();
    } finally {
      await stopObserving();
      await context.close();
      await callback.close();
    }
  });

  test.describe("as admin", () => {
    test.use({ storageState: storageStateFor("admin") });

    test("a denied request sends access_denied back to the app and grants nothing", async ({ page }) => {
      const appName = `E2E denied agent ${Date.now()}`;
      const callback = await startCallback();
      try {
        const auth = new AppAuth(appName, callback.url);
        await startAuthorization(auth);
        await page.goto(auth.authorizationUrl!.href);
        await expectConsentScreen(page, appName, callback.url);
        const answered = callback.next();
        await page.getByRole("button", { name: "Deny" }).click();
        const query = await answered;
        expect(query.get("error")).toBe("access_denied");
        expect(query.get("code")).toBeNull();
        expect(auth.tokens()).toBeUndefined();
        await page.waitForURL(/\/callback\?/);
        await page.goto("/settings/connected-apps");
        await expect(page.getByRole("heading", { level: 1, name: "Connected apps" })).toBeVisible();
        await expect(page.getByText(appName)).toHaveCount(0);
      } finally {
        await callback.close();
      }
    });

    test("an app that names no persona: the admin picks one, and the app gets that persona's tools only", async ({ page, leakGuard }) => {
      const appName = `E2E plain OAuth app ${Date.now()}`;
      const callback = await startCallback();
      try {
        // A plain OAuth client (not the MCP SDK): it registers and asks with neither `resource` nor `scope`.
        const registered = await fetch(new URL("/oauth/register", E2E_BASE_URL), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ client_name: appName, redirect_uris: [callback.url], application_type: "native", token_endpoint_auth_method: "none" }),
        });
        const { client_id: clientId } = (await registered.json()) as { client_id: string };
        const verifier = randomBytes(32).toString("base64url");
        const authorize = new URL("/oauth/authorize", E2E_BASE_URL);
        authorize.search = new URLSearchParams({
          client_id: clientId, redirect_uri: callback.url, response_type: "code", state: "plain-1",
          code_challenge: createHash("sha256").update(verifier).digest("base64url"), code_challenge_method: "S256",
        }).toString();
        await page.goto(authorize.href);
        await expect(page.getByRole("heading", { level: 1, name: CONSENT_HEADING })).toBeVisible();
        await expect(page.getByRole("group", { name: "Which persona may it use?" })).toBeVisible();
        const approve = page.getByRole("button", { name: "Approve" });
        await expect(approve).toBeDisabled();
        await page.getByRole("radio", { name: /MCP check/ }).check();
        await expectAccessible(page, "consent screen, persona picker");
        await screenshots(page, "oauth-consent-picker");

        const answered = callback.next();
        await approve.click();
        const query = await answered;
        // The browser's own navigation to the app's callback ends before this page is used again.
        await page.waitForURL(/\/callback\?/);
        expect(query.get("error"), query.get("error_description") ?? "").toBeNull();
        const tokens = await fetch(new URL("/oauth/token", E2E_BASE_URL), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ grant_type: "authorization_code", code: query.get("code")!, redirect_uri: callback.url, client_id: clientId, code_verifier: verifier }),
        });
        const issued = (await tokens.json()) as { access_token: string; refresh_token: string; scope: string };
        leakGuard.watch(issued.access_token);
        leakGuard.watch(issued.refresh_token);
        expect(issued.scope).toBe(`persona:${MCP_PERSONA}`);
        expect(await mcpStatus(issued.access_token)).toBe(200);
        expect(await mcpStatus(issued.access_token, new URL(`/api/v1/personas/${RUNTIME_PERSONA}/mcp`, E2E_BASE_URL))).toBe(401);

        await page.goto("/settings/connected-apps");
        const row = page.getByRole("row", { name: appName });
        await expect(row).toContainText(MCP_PERSONA);
        await row.getByRole("button", { name: `Revoke ${appName}` }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Revoke app" }).click();
        await expect(page.getByRole("region", { name: /^Notifications/ }).getByText("The app is disconnected: its next call is refused.")).toBeVisible();
        expect(await mcpStatus(issued.access_token)).toBe(401);
      } finally {
        await callback.close();
      }
    });

    test("an app known by its metadata document is shown verified by its host, approved, and calls tools without registering", async ({ page, leakGuard }) => {
      const appName = `E2E documented agent ${Date.now()}`;
      const callback = await startCallback();
      const host = await startMetadataHost(appName, callback.url);
      try {
        const auth = new AppAuth(appName, callback.url, host.clientId);
        const transport = await startAuthorization(auth);
        expect(auth.authorizationUrl?.searchParams.get("client_id")).toBe(host.clientId);
        await page.goto(auth.authorizationUrl!.href);
        const verifiedHost = new URL(host.clientId).host;
        await expectConsentScreen(page, appName, callback.url, verifiedHost);
        await expectAccessible(page, "consent screen, verified app");
        await screenshots(page, "oauth-consent-verified");

        const answered = callback.next();
        await page.getByRole("button", { name: "Approve" }).click();
        await transport.finishAuth(await answered);
        leakGuard.watch(auth.tokens()!.access_token);
        leakGuard.watch(auth.tokens()!.refresh_token!);
        const client = newClient();
        await client.connect(new StreamableHTTPClientTransport(MCP_URL, { authProvider: auth }));
        expect((await client.callTool({ name: "e2e_play_forecast", arguments: { location: { city: "Porto" } } })).isError).toBeFalsy();
        await client.close();

        await page.goto("/settings/connected-apps");
        const row = page.getByRole("row", { name: appName });
        await expect(row).toContainText(`Verified by ${verifiedHost}`);
        await row.getByRole("button", { name: `Revoke ${appName}` }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Revoke app" }).click();
        // The row leaves before the revocation is saved: the notification says it is done.
        await expect(page.getByRole("region", { name: /^Notifications/ }).getByText("The app is disconnected: its next call is refused.")).toBeVisible();
        await expect(row).toHaveCount(0);
        expect(await mcpStatus(auth.tokens()!.access_token)).toBe(401);
      } finally {
        await host.close();
        await callback.close();
      }
    });
  });

  test.describe("as editor", () => {
    test.use({ storageState: storageStateFor("editor") });

    test("sees what the app asks and who can approve it, without the buttons", async ({ page }) => {
      const callback = await startCallback();
      try {
        const auth = new AppAuth("E2E agent for an editor", callback.url);
        await startAuthorization(auth);
        await page.goto(auth.authorizationUrl!.href);
        await expectConsentScreen(page, "E2E agent for an editor", callback.url);
        await expect(page.getByText("Only an admin can approve apps.")).toBeVisible();
        await expect(page.getByText(E2E_OPERATORS.admin.email, { exact: false })).toBeVisible();
        await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
        await expectAccessible(page, "consent screen, editor");
        await screenshots(page, "oauth-consent-editor");
      } finally {
        await callback.close();
      }
    });
  });
});
