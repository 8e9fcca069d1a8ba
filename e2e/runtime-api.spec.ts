/**
 * Protects the runtime API (issue 10) on the production build: an agent's key lists its persona's
 * tools in every provider format (ETag and 304 included; OpenAI's strict variant by default, the
 * other on ?strict=, and a strict model's nulls run as omitted arguments), calls one and gets the ToolResponse (a
 * halt visible), an omitted argument's default reaches the upstream, a switched-off tool or one
 * outside the grant is 404 with nothing sent, bad keys are 401/403, malformed and oversized bodies
 * are refused with specific messages, a key's allowance runs out with 429 and Retry-After, and no
 * seeded secret appears in any response — even from a tool whose upstream echoes its secret.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { assertNoLeaks, type RecordedResponse } from "./fixtures/leak-detector";
import { SEEDED_SECRET_VALUES } from "./fixtures/seeded-secrets";
import { expect, test } from "./fixtures/test";
import { E2E_MOCK_UPSTREAM } from "./support/environment";
import { MCP_PERSONA } from "./support/mcp-fixture";
import { RUNTIME_DISABLED_TOOL, RUNTIME_KEYS_FILE, RUNTIME_PERSONA, RUNTIME_TOOLS, type RuntimeKeys } from "./support/runtime-api-fixture";

const keys = () => JSON.parse(readFileSync(RUNTIME_KEYS_FILE, "utf8")) as RuntimeKeys;
const toolsPath = (format: string, slug = RUNTIME_PERSONA) => `/api/v1/personas/${slug}/tools?format=${format}`;
const callPath = (tool: string, slug = RUNTIME_PERSONA) => `/api/v1/personas/${slug}/tools/${tool}/call`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every response of the current test, checked for seeded secrets afterwards. */
const recorded: RecordedResponse[] = [];

async function record(response: APIResponse): Promise<APIResponse> {
  const headers = Object.entries(response.headers()).map(([name, value]) => `${name}: ${value}`).join("\n");
  recorded.push(
    { url: response.url(), contentType: "url and headers", body: `${response.url()}\n${headers}` },
    { url: response.url(), contentType: response.headers()["content-type"] ?? "", body: await response.text() },
  );
  return response;
}

const get = async (request: APIRequestContext, path: string, headers: Record<string, string> = bearer(keys().active)) =>
  record(await request.get(path, { headers }));
/** Posts `data` as JSON, or a string as it is (a Buffer, so Playwright does not encode it again). */
const post = async (request: APIRequestContext, path: string, data: unknown, headers: Record<string, string> = bearer(keys().active)) => {
  const body = Buffer.from(typeof data === "string" ? data : JSON.stringify(data));
  return record(await request.post(path, { headers: { "content-type": "application/json", ...headers }, data: body }));
};

async function upstreamPaths(request: APIRequestContext): Promise<string[]> {
  return ((await (await request.get(`${E2E_MOCK_UPSTREAM}/__requests`)).json()) as { path: string }[]).map((entry) => entry.path);
}

async function upstreamRecords(request: APIRequestContext): Promise<{ path: string; query: Record<string, unknown> }[]> {
  return (await (await request.get(`${E2E_MOCK_UPSTREAM}/__requests`)).json()) as { path: string; query: Record<string, unknown> }[];
}

test.beforeEach(() => {
  recorded.length = 0;
});
test.afterEach(() => {
  assertNoLeaks(recorded, SEEDED_SECRET_VALUES);
});

test.describe("runtime API", () => {
  const effective = RUNTIME_TOOLS.filter((name) => name !== RUNTIME_DISABLED_TOOL);

  test("lists the persona's effective tools in each format, with an ETag that answers 304", async ({ request }) => {
    const nameOf: Record<string, (spec: Record<string, any>) => string> = { // eslint-disable-line @typescript-eslint/no-explicit-any
      openai: (spec) => spec.function?.name ?? spec.name,
      anthropic: (spec) => spec.name,
      gemini: (spec) => spec.name,
      mcp: (spec) => spec.name,
    };
    for (const format of Object.keys(nameOf)) {
      const response = await get(request, toolsPath(format));
      expect(response.status(), format).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ persona: RUNTIME_PERSONA, format });
      expect(body.tools.map(nameOf[format]!).sort(), format).toEqual([...effective].sort());
    }
    const first = await get(request, toolsPath("anthropic"));
    const etag = first.headers().etag!;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(request, toolsPath("anthropic"), { ...bearer(keys().active), "if-none-match": etag });
    expect(again.status()).toBe(304);
    expect(await again.text()).toBe("");

    const unknown = await get(request, toolsPath("cohere"));
    expect(unknown.status()).toBe(400);
    expect(await unknown.json()).toEqual({ error: { code: "bad_request", message: 'Unknown format "cohere"; use one of: openai, anthropic, gemini, mcp.' } });
  });

  test("calls a tool: the result as a ToolResponse, the schema default at the upstream, a halt visible", async ({ request }) => {
    await request.delete(`${E2E_MOCK_UPSTREAM}/__requests`);
    const called = await post(request, callPath("e2e_play_forecast"), { arguments: { location: { country: "PT" } } });
    expect(called.status()).toBe(200);
    expect(await called.json()).toMatchObject({ ok: true, kind: "json", halt: null });
    const [sent] = await upstreamRecords(request);
    expect(sent?.path).toBe("/forecast");
    expect(JSON.parse(String(sent?.query.location))).toEqual({ city: "Lisbon", country: "PT" });

    const halted = await post(request, callPath("e2e_play_close_chat"), { arguments: {} });
    expect(await halted.json()).toMatchObject({ ok: true, halt: { say: "TRANSFER_TO_HUMAN" } });

    const invalid = await post(request, callPath("e2e_play_forecast"), { arguments: { location: { city: 3 } } });
    expect(invalid.status()).toBe(200);
    expect(await invalid.json()).toMatchObject({ ok: false, error_type: "validation_error" });
  });

  test("serves OpenAI's strict variant by default and the other on ?strict=; a strict model's nulls run as omitted arguments", async ({ request }) => {
    const strict = (await (await get(request, toolsPath("openai"))).json()) as { tools: { function: { name: string; strict: boolean; parameters: Record<string, any> } }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const forecast = strict.tools.find((tool) => tool.function.name === "e2e_play_forecast")!.function;
    expect(forecast.strict).toBe(true);
    expect(forecast.parameters).toMatchObject({ required: ["location", "stops"], additionalProperties: false, properties: { stops: { type: ["array", "null"] } } });
    const plain = (await (await get(request, `${toolsPath("openai")}&strict=false`)).json()) as { tools: { function: { strict: boolean } }[] };
    expect(plain.tools.every((tool) => tool.function.strict === false)).toBe(true);
    const refused = await get(request, `${toolsPath("gemini")}&strict=true`);
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ error: { code: "bad_request", message: "strict applies to the openai and anthropic formats only, not gemini." } });

    await request.delete(`${E2E_MOCK_UPSTREAM}/__requests`);
    const called = await post(request, callPath("e2e_play_forecast"), { arguments: { location: { city: "Porto", country: null }, stops: null } });
    expect(await called.json()).toMatchObject({ ok: true });
    const [sent] = await upstreamRecords(request);
    expect(JSON.parse(String(sent?.query.location))).toEqual({ city: "Porto" });
    expect(sent?.query).not.toHaveProperty("stops");
  });

  test("never hands a secret back, even when the upstream echoes it", async ({ request }) => {
    const echoed = await post(request, callPath("e2e_play_echo_secret"), {});
    expect(echoed.status()).toBe(200);
    expect(await echoed.json()).toMatchObject({ ok: true });
    // afterEach checks every response of this test for every seeded secret.
  });

  test("answers 404 for a switched-off tool or one outside the grant, sending nothing upstream", async ({ request }) => {
    await request.delete(`${E2E_MOCK_UPSTREAM}/__requests`);
    for (const tool of [RUNTIME_DISABLED_TOOL, "e2e_play_broken", "no_such_tool"]) {
      const response = await post(request, callPath(tool), { arguments: { text: "hello" } });
      expect(response.status(), tool).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: `Persona "${RUNTIME_PERSONA}" has no tool named "${tool}".` } });
    }
    expect(await upstreamPaths(request)).toEqual([]);
  });

  test("refuses missing, unknown, revoked and other personas' keys", async ({ request }) => {
    const refusal = async (headers: Record<string, string>, slug = RUNTIME_PERSONA) => {
      const response = await get(request, toolsPath("openai", slug), headers);
      return `${response.status()} ${((await response.json()) as { error: { message: string } }).error.message}`;
    };
    expect(await refusal({})).toBe("401 Send an API key as Authorization: Bearer <key>.");
    expect(await refusal(bearer("qv_not-a-real-key"))).toBe("401 The API key is not valid.");
    expect(await refusal(bearer(keys().revoked))).toBe("401 The API key has been revoked.");
    expect(await refusal(bearer(keys().otherPersona))).toBe(`403 The API key "e2e runtime other persona" may not act as persona "${RUNTIME_PERSONA}".`);
    expect(await refusal(bearer(keys().active), MCP_PERSONA)).toBe(`403 The API key "e2e runtime" may not act as persona "${MCP_PERSONA}".`);
    expect(await refusal(bearer(keys().active), "no-such-persona")).toBe('404 There is no persona "no-such-persona".');
    const unauthenticated = await get(request, toolsPath("openai"), {});
    expect(unauthenticated.headers()["www-authenticate"]).toBe('Bearer realm="quiver"');
  });

  test("refuses malformed and oversized bodies with a specific message, sending nothing", async ({ request }) => {
    await request.delete(`${E2E_MOCK_UPSTREAM}/__requests`);
    const message = async (data: unknown) => {
      const response = await post(request, callPath("e2e_play_forecast"), data);
      return `${response.status()} ${((await response.json()) as { error: { message: string } }).error.message}`;
    };
    expect(await message("{not json")).toMatch(/^400 The request body is not valid JSON: /);
    expect(await message("[1, 2]")).toBe('400 The request body must be a JSON object: {"arguments": {…}, "context": {…}}.');
    expect(await message({ argument: {} })).toBe('400 Unknown field "argument" in the request body; expected "arguments" and "context".');
    expect(await message({ arguments: "Lisbon" })).toBe('400 "arguments" must be a JSON object.');
    expect(await message({ arguments: {}, context: { colour: "red" } })).toMatch(/^400 context\.colour: is not a turn-context field/);
    expect(await message({ arguments: { location: { city: "x".repeat(1024 * 1024) } } })).toBe("413 The request body is larger than 1024 KiB.");
    expect(await upstreamPaths(request)).toEqual([]);
  });

  test("serves its OpenAPI 3.1 document", async ({ request }) => {
    const response = await request.get("/api/v1/openapi.json");
    expect(response.status()).toBe(200);
    const document = await response.json();
    expect(document).toMatchObject({ openapi: "3.1.0", paths: { "/api/v1/personas/{slug}/tools": { get: { operationId: "listTools" } } } });
  });

  test("refuses a key's calls with 429 and Retry-After once its allowance is spent", async ({ request }) => {
    const limited = bearer(keys().limited);
    let status = 200;
    let calls = 0;
    // The e2e server runs with the default allowance (120 per 60 s); the key is this test's alone.
    while (status !== 429 && calls < 200) {
      status = (await request.get(toolsPath("openai"), { headers: limited })).status();
      calls++;
    }
    expect(calls).toBe(121);
    const refused = await get(request, toolsPath("openai"), limited);
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).error.code).toBe("rate_limited");
    expect((await get(request, toolsPath("openai"))).status()).toBe(200);
  });
});
