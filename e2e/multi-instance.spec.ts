/**
 * Two gateways and a dashboard on one PostgreSQL behave as one (SPEC §8, issues 10 and 23): two
 * `npm run gateway` processes and `npm start`'s one-port server (the dashboard, which serves agents
 * too) on a fresh schema in database `test`. A tool switched off, a tool saved, a grant narrowed
 * and a key revoked — the last by an operator in the dashboard — are honoured by all three on their
 * next call: each answers from its in-memory snapshot while it hears PostgreSQL's change events
 * (LISTEN/NOTIFY), never for a time. A key revoked while every listener is cut off is still refused
 * (they read the database until they listen again, then read everything again), and a key's rate
 * limit is one allowance shared by all. An MCP client's OAuth access token (issue 24), approved by
 * an admin on the dashboard's consent page, is taken on every instance's MCP endpoint, and once
 * the admin revokes the app under Settings → Connected apps, refused by each on its next call.
 * The dashboard runs on 3109, the gateways on 3110/3111, with the e2e server's settings; the schema
 * is dropped afterwards.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures/test";
import { spawnAppServer, spawnGateway, stopAppServer } from "./support/app-server";
import { E2E_OPERATORS, E2E_SERVER_ENV } from "./support/environment";
import {
  MULTI_INSTANCE_DASHBOARD_PORT,
  MULTI_INSTANCE_GATEWAY_PORTS,
  MULTI_INSTANCE_KEYS_FILE,
  MULTI_INSTANCE_PERSONA,
  MULTI_INSTANCE_RATE_LIMIT,
  MULTI_INSTANCE_SAVED_DESCRIPTION,
  MULTI_INSTANCE_SECOND_TOOL,
  MULTI_INSTANCE_TOOL,
  REVOCABLE_KEY_NAME,
} from "./support/multi-instance-fixture";
import { signInAs } from "./support/sign-in";

const POSTGRES = process.env.TEST_POSTGRES_URL?.trim() || "postgresql://postgres@127.0.0.1:5432/test";
const databaseUrl = (() => {
  const url = new URL(POSTGRES);
  url.searchParams.set("schema", `quiver_multi_${randomBytes(6).toString("hex")}`);
  return url.toString();
})();
const dashboard = `http://127.0.0.1:${MULTI_INSTANCE_DASHBOARD_PORT}`;
const gateways = MULTI_INSTANCE_GATEWAY_PORTS.map((port) => `http://127.0.0.1:${port}`);
/** Every instance agents may call: the gateways and the dashboard's own door. */
const origins = [...gateways, dashboard];
const servers: ChildProcess[] = [];

/** Runs a database chore (prepare, disable, revoke, drop) in its own process; see multi-instance-db.ts. */
function chore(command: string): void {
  const result = spawnSync("npx", ["tsx", "--conditions=react-server", "e2e/support/multi-instance-db.ts", command, databaseUrl], {
    env: { ...process.env, ...E2E_SERVER_ENV, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`multi-instance-db ${command} failed: ${result.stderr}`);
}

async function waitUntilServing(origin: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const ready = await fetch(`${origin}/api/v1/openapi.json`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${origin} did not start`);
}

const keys = () =>
  JSON.parse(readFileSync(MULTI_INSTANCE_KEYS_FILE, "utf8")) as Record<"switching" | "saving" | "narrowing" | "working" | "revocable" | "limited" | "unheard", string>;
const headers = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
const list = (origin: string, token: string) => fetch(`${origin}/api/v1/personas/${MULTI_INSTANCE_PERSONA}/tools?format=openai`, { headers: headers(token) });
/** The persona's tools as `origin` lists them to `token`: name → description. */
const listed = async (origin: string, token: string) => {
  const body = (await (await list(origin, token)).json()) as { tools: { function: { name: string; description: string } }[] };
  return Object.fromEntries(body.tools.map(({ function: tool }) => [tool.name, tool.description]));
};
const call = (origin: string, token: string, tool = MULTI_INSTANCE_TOOL) =>
  fetch(`${origin}/api/v1/personas/${MULTI_INSTANCE_PERSONA}/tools/${tool}/call`, {
    method: "POST",
    headers: headers(token),
    body: JSON.stringify({ arguments: { id: "A1" } }),
  });

/** A raw MCP `tools/list` on `origin` with an OAuth access token. */
const mcpList = (origin: string, accessToken: string) =>
  fetch(`${origin}/api/v1/personas/${MULTI_INSTANCE_PERSONA}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });

test.describe("two gateways and a dashboard on one PostgreSQL", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  // The dashboard's pages are this spec's own instance, not the e2e server.
  test.use({ baseURL: dashboard });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    chore("prepare");
    const env = {
      ...process.env,
      ...E2E_SERVER_ENV,
      DATABASE_URL: databaseUrl,
      QUIVER_API_RATE_LIMIT: `${MULTI_INSTANCE_RATE_LIMIT.points}/${MULTI_INSTANCE_RATE_LIMIT.seconds}`,
    };
    // The gateways serve under the dashboard's address, as behind one load balancer.
    servers.push(spawnAppServer(MULTI_INSTANCE_DASHBOARD_PORT, { ...env, NEXTAUTH_URL: dashboard }));
    for (const port of MULTI_INSTANCE_GATEWAY_PORTS) servers.push(spawnGateway(port, { ...env, NEXTAUTH_URL: dashboard }));
    await Promise.all(origins.map(waitUntilServing));
  });

  test.afterAll(async () => {
    await Promise.all(servers.map(stopAppServer));
    chore("drop");
    rmSync(MULTI_INSTANCE_KEYS_FILE, { force: true });
  });

  test("a tool switched off elsewhere disappears from every instance's next answers", async () => {
    const { switching } = keys();
    for (const origin of origins) expect(Object.keys(await listed(origin, switching)), origin).toEqual([MULTI_INSTANCE_TOOL, MULTI_INSTANCE_SECOND_TOOL]);
    chore("disable");
    for (const origin of origins) {
      expect(Object.keys(await listed(origin, switching)), origin).toEqual([MULTI_INSTANCE_SECOND_TOOL]);
      expect((await call(origin, switching)).status, origin).toBe(404);
    }
  });

  test("a tool saved elsewhere is listed as saved by every instance's next answer", async () => {
    const { saving } = keys();
    for (const origin of origins) expect((await listed(origin, saving))[MULTI_INSTANCE_SECOND_TOOL], origin).not.toBe(MULTI_INSTANCE_SAVED_DESCRIPTION);
    chore("save");
    for (const origin of origins) expect((await listed(origin, saving))[MULTI_INSTANCE_SECOND_TOOL], origin).toBe(MULTI_INSTANCE_SAVED_DESCRIPTION);
  });

  test("a grant narrowed elsewhere holds on every instance's next call", async () => {
    const { narrowing } = keys();
    for (const origin of origins) expect((await call(origin, narrowing, MULTI_INSTANCE_SECOND_TOOL)).status, origin).toBe(200);
    chore("narrow");
    for (const origin of origins) {
      expect(await listed(origin, narrowing), origin).toEqual({});
      expect((await call(origin, narrowing, MULTI_INSTANCE_SECOND_TOOL)).status, origin).toBe(404);
    }
  });

  test("a key an operator revokes in the dashboard is refused by every instance on its next call", async ({ page }) => {
    const { revocable } = keys();
    for (const origin of origins) expect((await list(origin, revocable)).status, origin).toBe(200);
    await signInAs(page, E2E_OPERATORS.admin);
    await page.goto("/settings/api-keys");
    const row = page.getByRole("row", { name: REVOCABLE_KEY_NAME });
    await row.getByRole("button", { name: `Revoke ${REVOCABLE_KEY_NAME}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
    await expect(row).toContainText("revoked");
    for (const origin of origins) {
      const refused = await list(origin, revocable);
      expect(refused.status, origin).toBe(401);
      expect(await refused.json()).toEqual({ error: { code: "unauthorized", message: "The API key has been revoked." } });
    }
  });

  test("an app an admin revokes under Connected apps is refused by every instance on its next MCP call", async ({ page }) => {
    const appName = "e2e multi-instance agent";
    // The app's loopback redirect, as a desktop MCP client listens on one.
    const callback = createServer((_request, response) => response.end("You can close this window."));
    await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
    const redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    try {
      const registered = await fetch(`${dashboard}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_name: appName, redirect_uris: [redirectUri], application_type: "native", token_endpoint_auth_method: "none" }),
      });
      const { client_id: clientId } = (await registered.json()) as { client_id: string };
      const verifier = randomBytes(32).toString("base64url");
      const resource = `${dashboard}/api/v1/personas/${MULTI_INSTANCE_PERSONA}/mcp`;
      const query = new URLSearchParams({
        client_id: clientId, redirect_uri: redirectUri, response_type: "code", state: "s1", resource,
        code_challenge: createHash("sha256").update(verifier).digest("base64url"), code_challenge_method: "S256",
      });
      await signInAs(page, E2E_OPERATORS.admin);
      await page.goto(`${dashboard}/oauth/authorize?${query}`);
      await page.getByRole("button", { name: "Approve" }).click();
      await page.waitForURL(`${redirectUri}?**`);
      const code = new URL(page.url()).searchParams.get("code") ?? "";
      const tokens = await fetch(`${dashboard}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier }),
      });
      expect(tokens.status).toBe(200);
      const { access_token: accessToken } = (await tokens.json()) as { access_token: string };
      for (const origin of origins) expect((await mcpList(origin, accessToken)).status, origin).toBe(200);

      await page.goto("/settings/connected-apps");
      const row = page.getByRole("row", { name: appName });
      await row.getByRole("button", { name: `Revoke ${appName}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Revoke app" }).click();
      await expect(page.getByRole("region", { name: /^Notifications/ }).getByText("The app is disconnected: its next call is refused.")).toBeVisible();
      await expect(row).toHaveCount(0);
      for (const origin of origins) {
        const refused = await mcpList(origin, accessToken);
        expect(refused.status, origin).toBe(401);
        expect(refused.headers.get("www-authenticate"), origin).toContain('error="invalid_token"');
      }
    } finally {
      callback.closeAllConnections();
      callback.close();
    }
  });

  test("a key revoked while every instance's change listener is cut off is still refused by all, and they listen again", async () => {
    const { unheard, working } = keys();
    // Remembered by all: answered from memory while they hear the database's change events.
    for (const origin of origins) for (let call = 0; call < 2; call++) expect((await list(origin, unheard)).status, origin).toBe(200);
    // No change event reaches them now: the revocation below is announced to no one.
    chore("deafen");
    chore("revoke-unheard");
    for (const origin of origins) expect((await list(origin, unheard)).status, origin).toBe(401);
    // Once they listen again (a second later), what they remembered was read again: still refused, the working key still served.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const origin of origins) {
      expect((await list(origin, unheard)).status, origin).toBe(401);
      expect((await list(origin, working)).status, origin).toBe(200);
    }
  });

  test("a key's rate limit is one allowance shared by every instance", async () => {
    const { limited } = keys();
    const statuses: number[] = [];
    for (let index = 0; index < MULTI_INSTANCE_RATE_LIMIT.points; index++) statuses.push((await list(origins[index % origins.length]!, limited)).status);
    expect(statuses).toEqual(Array(MULTI_INSTANCE_RATE_LIMIT.points).fill(200));
    for (const origin of origins) {
      const refused = await list(origin, limited);
      expect(refused.status, origin).toBe(429);
      expect(Number(refused.headers.get("retry-after")), origin).toBeGreaterThanOrEqual(1);
    }
  });
});
