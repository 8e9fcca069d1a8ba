/**
 * Protects the MCP door (issues 10, 22): real MCP clients — the SDK v2 `Client` in the 2026-07-28
 * revision and in its 2025 mode, and the older SDK v1 `Client` — point at a persona's
 * `/api/v1/personas/{slug}/mcp` on the production build with an API key, list
 * the persona's tools with their annotations (the very entries `?format=mcp` serves), calls one
 * (the mock upstream receives it), sees a halt's say text and marker, gets a failing tool back as
 * `isError`, and sees a tool vanish from the next list once an editor switches it off on the
 * persona page (a call of it is then refused and nothing reaches the upstream). A bad key is 401, a key of another persona 403, and a
 * foreign Host or Origin 403 before anything runs (nothing reaches the upstream or the call log). A tool declaring an output
 * schema lists it and answers with structured content the client checks. Every MCP response is checked for seeded secrets, including a tool whose upstream
 * echoes its secret.
 */
import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { request as httpRequest } from "node:http";
import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { APIRequestContext } from "@playwright/test";
import { closeMcpClients, connectMcpClientAt, listenForToolChanges, MCP_CLIENTS } from "../lib/agent-door/mcp/mcp-test-client";
import { describeLeaks, findLeaks, type RecordedResponse } from "./fixtures/leak-detector";
import { SEEDED_SECRETS, SEEDED_SECRET_VALUES } from "./fixtures/seeded-secrets";
import { expect, test } from "./fixtures/test";
import { E2E_BASE_URL, E2E_DATABASE_URL, E2E_MOCK_UPSTREAM, storageStateFor } from "./support/environment";
import { MCP_KEY_FILE, MCP_PERSONA, MCP_TOOLS } from "./support/mcp-fixture";

const endpointOf = (slug: string) => new URL(`/api/v1/personas/${slug}/mcp`, E2E_BASE_URL);
const token = () => readFileSync(MCP_KEY_FILE, "utf8").trim();

/** Every MCP response body and header set of the current test, for the leak check. */
const recorded: RecordedResponse[] = [];

/** Bodies still being read: a listen stream's ends only when it is closed, so it is recorded then. */
const reading: Promise<void>[] = [];

async function recordingFetch(url: string | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
  recorded.push({ url: String(url), contentType: "url and headers", body: `${String(url)}\n${headers}` });
  const body = response
    .clone()
    .text()
    .then((text) => void recorded.push({ url: String(url), contentType: response.headers.get("content-type") ?? "", body: text }), () => undefined);
  const listening = typeof init?.body === "string" && init.body.includes('"subscriptions/listen"');
  if (listening) reading.push(body);
  else await body;
  return response;
}

type Listed = { name: string; [key: string]: unknown }[];

const names = (tools: Listed) => tools.map((tool) => tool.name).sort();
const byName = (tools: Listed, name: string) => tools.find((tool) => tool.name === name);

interface MockRecord {
  readonly path: string;
}

async function upstreamPaths(request: APIRequestContext): Promise<string[]> {
  return ((await (await request.get(`${E2E_MOCK_UPSTREAM}/__requests`)).json()) as MockRecord[]).map((record) => record.path);
}

test.beforeEach(async ({ request }) => {
  recorded.length = 0;
  expect((await request.delete(`${E2E_MOCK_UPSTREAM}/__requests`)).status()).toBe(204);
});

test.afterEach(async () => {
  await closeMcpClients();
  await Promise.all(reading.splice(0));
  // Every test talks MCP: an empty record would mean the check below looked at nothing.
  expect(recorded.length).toBeGreaterThan(0);
  const leaks = findLeaks(recorded, SEEDED_SECRET_VALUES);
  expect(leaks, describeLeaks(leaks)).toEqual([]);
});

for (const kind of MCP_CLIENTS) {
  test.describe(`with the ${kind} client`, () => {
    const connect = (slug = MCP_PERSONA, authorization = `Bearer ${token()}`) => connectMcpClientAt(endpointOf(slug), recordingFetch, authorization, kind);
    const list = async (client: Awaited<ReturnType<typeof connect>>) => (await client.listTools(undefined, { cacheMode: "refresh" })).tools;

    test("lists the persona's tools with schemas and annotations", async () => {
      const client = await connect();
      expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: kind === "2026-07-28" });
      const { tools } = await client.listTools();
      expect(names(tools)).toEqual([...MCP_TOOLS].sort());
      expect(byName(tools, "e2e_play_forecast")).toMatchObject({
        title: "E2e play forecast",
        inputSchema: { type: "object", required: ["location"], properties: { location: { type: "object" } } },
        annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
      });
      expect(byName(tools, "e2e_play_create_note")?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      // One shape on both doors: the runtime API's ?format=mcp serves these very entries.
      const served = await recordingFetch(new URL(`/api/v1/personas/${MCP_PERSONA}/tools?format=mcp`, E2E_BASE_URL), {
        headers: { authorization: `Bearer ${token()}` },
      });
      expect(served.status).toBe(200);
      expect(((await served.json()) as { tools: unknown }).tools).toEqual(tools);
    });

    test("calls a tool, which reaches the upstream with the arguments", async ({ request }) => {
      const client = await connect();
      const result = await client.callTool({ name: "e2e_play_forecast", arguments: { location: { city: "Porto" } } });
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toMatchObject({ ok: true, halt: false });
      expect(JSON.stringify(result.content)).toContain("Porto");
      expect(await upstreamPaths(request)).toEqual(["/forecast"]);
    });

    test("sees a halt: the say text as content, the halt marked in structured content", async () => {
      const client = await connect();
      const result = await client.callTool({ name: "e2e_play_close_chat", arguments: {} });
      expect(result.content).toEqual(expect.arrayContaining([{ type: "text", text: "TRANSFER_TO_HUMAN" }]));
      expect((result.content as { text: string }[])[0]?.text).toBe("TRANSFER_TO_HUMAN");
      expect(result.structuredContent).toMatchObject({ halt: true, say: "TRANSFER_TO_HUMAN" });
    });

    test("gets a declared output schema in the list and the result as structured content the client checks; a result outside it is isError", async () => {
      const client = await connect();
      const { tools } = await client.listTools();
      expect(byName(tools, "e2e_play_order_state")).toMatchObject({ outputSchema: { type: "object", required: ["id", "state"] } });
      expect(byName(tools, "e2e_play_forecast")).not.toHaveProperty("outputSchema");
      const result = await client.callTool({ name: "e2e_play_order_state", arguments: {} });
      expect(result).toMatchObject({ structuredContent: { id: "A-1", state: "shipped" } });
      const mismatch = await client.callTool({ name: "e2e_play_order_state", arguments: { state: "lost" } });
      expect(mismatch).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringContaining("does not match the tool's output schema: state must be equal to one of the allowed values") }] });
      expect(mismatch.structuredContent).toBeUndefined();
    });

    test("gets a failing tool back as isError, and an echoed secret only masked", async () => {
      const client = await connect();
      const failed = await client.callTool({ name: "e2e_play_broken", arguments: {} });
      expect(failed.isError).toBe(true);
      expect(JSON.stringify(failed.content)).toContain("500");

      const echoed = await client.callTool({ name: "e2e_play_echo_secret", arguments: {} });
      expect(echoed.isError).toBeUndefined();
      expect(JSON.stringify(echoed)).toContain("x-echo-token");
      expect(JSON.stringify(echoed)).not.toContain(SEEDED_SECRETS.echoToken);
    });

    test.describe("as an editor", () => {
      test.use({ storageState: storageStateFor("editor") });

      test("a tool switched off on the persona page vanishes from the next tools/list and is refused", async ({ page, request }) => {
        const client = await connect();
        expect(names(await list(client))).toContain("e2e_play_broken");
        // A 2026-07-28 client listening on subscriptions/listen is told of the switch.
        const listener = kind === "2026-07-28" ? await listenForToolChanges(client) : null;

        await page.goto(`/personas/${MCP_PERSONA}`);
        const toggle = page.getByRole("switch", { name: `e2e_play_broken for ${MCP_PERSONA}` });
        await toggle.click();
        await expect(toggle).toHaveAttribute("aria-checked", "false");
        await expect(toggle).not.toHaveAttribute("aria-busy");

        try {
          if (listener) await listener.changed;
          expect(names(await list(client))).not.toContain("e2e_play_broken");
          const refused = await client.callTool({ name: "e2e_play_broken", arguments: {} }).catch((thrown: unknown) => thrown);
          expect(refused).toMatchObject({ code: ProtocolErrorCode.InvalidParams });
          expect(await upstreamPaths(request)).toEqual([]);
        } finally {
          // Leave the persona as the fixture made it.
          await toggle.click();
          await expect(toggle).toHaveAttribute("aria-checked", "true");
          await expect(toggle).not.toHaveAttribute("aria-busy");
          await listener?.subscription.close();
        }
        expect(names(await list(client))).toContain("e2e_play_broken");
      });
    });
  });
}

test.describe("refused keys", () => {
  const listRequest = { jsonrpc: "2.0", id: 1, method: "tools/list" };

  for (const { name, slug, authorization, status, code } of [
    { name: "an unknown key", slug: MCP_PERSONA, authorization: () => "Bearer qv_not-a-real-key", status: 401, code: "unauthorized" },
    { name: "no key", slug: MCP_PERSONA, authorization: () => "", status: 401, code: "unauthorized" },
    { name: "a key of another persona", slug: "e2e-rename", authorization: () => `Bearer ${token()}`, status: 403, code: "forbidden" },
  ]) {
    test(`${name} → ${status}, and the client cannot connect`, async ({ request }) => {
      const response = await request.post(endpointOf(slug).href, {
        headers: { authorization: authorization(), accept: "application/json, text/event-stream" },
        data: listRequest,
      });
      expect(response.status()).toBe(status);
      expect(await response.json()).toEqual({ error: { code, message: expect.any(String) } });
      for (const kind of MCP_CLIENTS) await expect(connectMcpClientAt(endpointOf(slug), recordingFetch, authorization(), kind)).rejects.toThrow();
    });
  }
});

test.describe("a foreign Host or Origin (DNS rebinding)", () => {
  const call = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "e2e_play_forecast", arguments: { location: { city: "Porto" } } } });

  /** POSTs the call with `headers` as given — `fetch` would replace a Host header, node:http sends it as written. */
  function post(headers: Record<string, string>): Promise<number> {
    const url = endpointOf(MCP_PERSONA);
    return new Promise((resolve, reject) => {
      const sent = httpRequest(
        url,
        { method: "POST", headers: { authorization: `Bearer ${token()}`, "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } },
        (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
          response.on("end", () => {
            recorded.push({ url: url.href, contentType: response.headers["content-type"] ?? "", body });
            resolve(response.statusCode ?? 0);
          });
        },
      );
      sent.on("error", reject);
      sent.end(call);
    });
  }

  for (const { name, headers } of [
    { name: "a Host that is not Quiver's", headers: { host: "rebound.example" } },
    { name: "an Origin that is not Quiver's", headers: { origin: "http://rebound.example" } },
  ]) {
    test(`${name} → 403 before the key is looked at, and nothing reaches the upstream`, async ({ request }) => {
      expect(await post(headers)).toBe(403);
      expect(await upstreamPaths(request)).toEqual([]);
    });
  }

  test("Quiver's own Origin is admitted", async ({ request }) => {
    expect(await post({ origin: E2E_BASE_URL })).toBe(200);
    expect(await upstreamPaths(request)).toEqual(["/forecast"]);
  });

  /**
   * The persona's MCP calls made since `since` (epoch ms) in the call log, by the time each call was
   * made (rows are written in batches, so an earlier test's may land later; the suite runs one test at a time).
   */
  function loggedMcpCallsSince(since: number): number {
    const database = new Database(E2E_DATABASE_URL.replace(/^file:/, ""), { readonly: true });
    try {
      const rows = database.prepare("SELECT created_at FROM call_logs WHERE persona_slug = ? AND channel = 'mcp'").all(MCP_PERSONA) as { created_at: string }[];
      return rows.filter((row) => Date.parse(row.created_at) >= since).length;
    } finally {
      database.close();
    }
  }

  test("a refused Host or Origin leaves nothing in the call log; the admitted call after them is its only new row", async () => {
    const started = Date.now();
    expect(await post({ host: "rebound.example" })).toBe(403);
    expect(await post({ origin: "http://rebound.example" })).toBe(403);
    expect(await post({ origin: E2E_BASE_URL })).toBe(200);
    // Calls are written in batches, in order: once the admitted call is there, a refused one would be too.
    await expect.poll(() => loggedMcpCallsSince(started), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(loggedMcpCallsSince(started)).toBe(1);
  });
});
