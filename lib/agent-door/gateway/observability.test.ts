/**
 * Traces and metrics of the agents' door (issue 29), over real HTTP on loopback: the gateway on a
 * real database (SQLite, and PostgreSQL when reachable), a loopback upstream, the SDKs' real MCP
 * clients, spans recorded by the OpenTelemetry SDK's in-memory exporter.
 *
 * - A runtime API call continues the agent's `traceparent`: server span → `execute_tool NAME` →
 *   argument validation, the credential and the upstream's client span, whose `traceparent`
 *   reaches the upstream (unless the tool says `trace_context: false`).
 * - An MCP `tools/call` whose `_meta` carries a trace context joins that trace (SEP-414), linked to
 *   the HTTP request's span, with every client revision.
 * - A playground fire is traced the same way, marked as a test.
 * - No span carries the credential (in any form), an argument, the upstream's body or the key.
 * - `/api/v1/metrics` parses as Prometheus text, its counters move with calls, and it is refused
 *   without the token (401) and absent without QUIVER_METRICS_TOKEN (404).
 */
import { SpanKind } from "@opentelemetry/api";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../audit/events";
import { saveTool } from "../../catalog/tool-saves";
import { saveCredentialRecord } from "../../credentials/server/credential-saves";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { everythingSpansSay, recordSpans, type RecordedSpans } from "../../observability/test-support/recorded-spans";
import { parsePrometheusText, sampleValue } from "../../observability/test-support/prometheus-text";
import { createPersona } from "../../personas/server/personas";
import { runInPlayground } from "../../playground";
import { secretForms } from "../../secrets/forms";
import { generateEncryptionKey } from "../../secrets/keyring";
import { getKeyring } from "../../secrets/server/process-keyring";
import { parseToolDefinition } from "../../tools";
import { reply, startUpstream, type Upstream } from "../../tools/testing";
import { startTokenEndpoint, type TokenEndpoint } from "../../credentials/test-support/token-endpoint";
import { createApiKey } from "../api-keys";
import { flushCallLog } from "../call-log";
import { closeMcpClients, connectMcpClientAt, MCP_CLIENTS } from "../mcp/mcp-test-client";
import { startGateway, type Gateway } from "./node-server";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
process.env.QUIVER_API_RATE_LIMIT = "1000/60";
process.env.QUIVER_ALLOWED_HOSTS = "127.0.0.1";
const METRICS_TOKEN = "scrape-token-0123456789abcdef";
const CREDENTIAL = "vk-observed-SECRET-24680";
const HEADER_SECRET = "hdr-observed-SECRET-13579";
const CLIENT_SECRET = "cs-observed-SECRET-11223";
const ARGUMENT = "ORD-ARGUMENT-97531";
const BODY_MARKER = "BODY-MARKER-86420";
const targets = await databaseTargets();

/** An incoming W3C trace context: version, trace id, parent span id, sampled. */
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN_ID = "00f067aa0ba902b7";
const TRACEPARENT = `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`;

let upstream: Upstream;
let tokens: TokenEndpoint;
let recorded: RecordedSpans;
beforeAll(async () => {
  recorded = recordSpans();
  upstream = await startUpstream((_request, response) => reply(response, 200, { data: { status: "shipped", note: BODY_MARKER } }));
  tokens = await startTokenEndpoint();
});
afterAll(async () => {
  await recorded.stop();
  await upstream.close();
  await tokens.close();
});

describe.each(targets)("the door's traces and metrics on $name", (target) => {
  useTestDatabase(target);
  let gateway: Gateway | null = null;

  afterEach(async () => {
    await closeMcpClients();
    await gateway?.stop();
    gateway = null;
    await flushCallLog();
    delete process.env.QUIVER_METRICS_TOKEN;
  });

  /** Two lookup tools on a shared credential (one keeping trace context to itself), a persona, a key, a gateway. */
  async function setUp() {
    await saveCredentialRecord({
      input: { name: "vendor", kind: "query", hosts: ["127.0.0.1"], parameter_name: "api_key", value: CREDENTIAL },
      keyring: getKeyring(),
      actor: SYSTEM_ACTOR,
    });
    for (const [name, traceContext] of [["lookup", true], ["quiet_lookup", false]] as const) {
      const definition = parseToolDefinition({
        name,
        description: "Looks an order up.",
        parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
        request: { method: "GET", url: `${upstream.origin}/orders/{{order_id}}` },
        response: { extract: "json_path", path: "data.status" },
        auth: { credential: "vendor" },
        ...(traceContext ? {} : { trace_context: false }),
      });
      await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
    }
    await createPersona({ slug: "support", name: "Support", grant: "all" }, SYSTEM_ACTOR);
    const { token } = await createApiKey({ name: "Support bot", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    gateway = await startGateway({ host: "127.0.0.1", port: 0 });
    upstream.requests.length = 0;
    recorded.reset();
    const origin = gateway.origin;
    const authorization = `Bearer ${token}`;
    const call = (tool: string, headers: Record<string, string> = {}) =>
      fetch(`${origin}/api/v1/personas/support/tools/${tool}/call`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json", ...headers },
        body: JSON.stringify({ arguments: { order_id: ARGUMENT } }),
      });
    return { origin, token, authorization, call };
  }

  function expectNothingSecretIn(text: string, token: string): void {
    for (const secret of [CREDENTIAL, HEADER_SECRET, CLIENT_SECRET]) {
      for (const form of secretForms(secret)) expect(text, `${form.name} form of ${secret}`).not.toContain(form.text);
    }
    expect(text).not.toMatch(/token-\d+/);
    expect(text).not.toContain(ARGUMENT);
    expect(text).not.toContain(BODY_MARKER);
    expect(text).not.toContain(token);
  }

  it("traces a runtime API call from the agent's traceparent to the upstream, and sends the upstream its own", async () => {
    const { call, token } = await setUp();
    const answer = await call("lookup", { traceparent: TRACEPARENT });
    expect(await answer.json()).toMatchObject({ ok: true, content: "shipped" });

    const request = recorded.one("POST /api/v1/personas/{slug}/tools/{name}/call");
    expect(request.kind).toBe(SpanKind.SERVER);
    expect(request.spanContext().traceId).toBe(TRACE_ID);
    expect(request.parentSpanContext?.spanId).toBe(CALLER_SPAN_ID);
    expect(request.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.route": "/api/v1/personas/{slug}/tools/{name}/call",
      "http.response.status_code": 200,
      "quiver.door": "api",
      "quiver.persona": "support",
      "quiver.caller.name": "Support bot",
    });

    const [execution, ...others] = recorded.childrenOf(request);
    expect(others).toEqual([]);
    expect(execution).toMatchObject({ name: "execute_tool lookup", attributes: { "gen_ai.tool.name": "lookup", "quiver.outcome": "success", "quiver.door": "api" } });
    const steps = recorded.childrenOf(execution!);
    expect(steps.map((span) => span.name)).toEqual(["validate arguments", "credential vendor", "GET"]);
    const exchange = steps[2]!;
    expect(exchange.kind).toBe(SpanKind.CLIENT);
    expect(exchange.attributes).toMatchObject({
      "http.request.method": "GET",
      "server.address": "127.0.0.1",
      "server.port": upstream.port,
      "http.response.status_code": 200,
    });
    expect(exchange.attributes["http.response.body.size"]).toBeGreaterThan(0);

    // The upstream's request continues the same trace, as a child of the client span.
    const sent = upstream.requests.at(-1)!;
    expect(sent.headers.traceparent).toBe(`00-${TRACE_ID}-${exchange.spanContext().spanId}-01`);
    expectNothingSecretIn(everythingSpansSay(recorded.spans()), token);
  });

  it("shows reading a tool's secrets and fetching an OAuth2 token as their own spans, naming neither value", async () => {
    const { call, token } = await setUp();
    await saveCredentialRecord({
      input: { name: "vendor_oauth", kind: "oauth2_client_credentials", hosts: ["127.0.0.1"], token_url: tokens.tokenUrl, client_id: "quiver", client_secret: CLIENT_SECRET },
      keyring: getKeyring(),
      actor: SYSTEM_ACTOR,
    });
    const lookup = (name: string, extra: Record<string, unknown>) =>
      parseToolDefinition({
        name,
        description: "Looks an order up.",
        parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
        request: { method: "GET", url: `${upstream.origin}/orders/{{order_id}}` },
        ...extra,
      });
    await saveTool({
      definition: lookup("keyed_lookup", { request: { method: "GET", url: `${upstream.origin}/orders/{{order_id}}`, headers: { "X-Api-Key": "" } }, secret_headers: ["X-Api-Key"] }),
      secrets: { values: { "X-Api-Key": { value: HEADER_SECRET } }, keyring: getKeyring() },
      baseVersion: null,
      actor: SYSTEM_ACTOR,
    });
    await saveTool({ definition: lookup("oauth_lookup", { auth: { credential: "vendor_oauth" } }), baseVersion: null, actor: SYSTEM_ACTOR });

    expect((await call("keyed_lookup")).status).toBe(200);
    expect(upstream.requests.at(-1)?.headers["x-api-key"]).toBe(HEADER_SECRET);
    expect(recorded.childrenOf(recorded.one("execute_tool keyed_lookup")).map((span) => span.name)).toEqual(["validate arguments", "read secrets", "GET"]);

    expect((await call("oauth_lookup")).status).toBe(200);
    expect(upstream.requests.at(-1)?.headers.authorization).toMatch(/^Bearer token-\d+$/);
    const steps = recorded.childrenOf(recorded.one("execute_tool oauth_lookup"));
    expect(steps.map((span) => span.name)).toEqual(["validate arguments", "credential vendor_oauth", "fetch token", "GET"]);
    expect(steps[2]).toMatchObject({ kind: SpanKind.CLIENT, attributes: { "server.address": "127.0.0.1" } });
    expectNothingSecretIn(everythingSpansSay(recorded.spans()), token);
  });

  it("keeps traceparent off the wire for a tool with trace_context false, and starts a trace when the agent sent none", async () => {
    const { call } = await setUp();
    expect((await call("quiet_lookup")).status).toBe(200);
    expect(upstream.requests.at(-1)?.headers.traceparent).toBeUndefined();
    const request = recorded.one("POST /api/v1/personas/{slug}/tools/{name}/call");
    expect(request.parentSpanContext).toBeUndefined();
    expect(recorded.one("GET").spanContext().traceId).toBe(request.spanContext().traceId);
  });

  it("marks a refused request on its span, names no tool the persona lacks, and counts it by status", async () => {
    const { call, origin } = await setUp();
    process.env.QUIVER_METRICS_TOKEN = METRICS_TOKEN;
    expect((await call("no_such_tool")).status).toBe(404);
    expect((await fetch(`${origin}/api/v1/personas/support/tools/lookup/call`, { method: "POST" })).status).toBe(401);
    const spans = recorded.spans();
    expect(spans.map((span) => span.name)).toEqual(["execute_tool", "POST /api/v1/personas/{slug}/tools/{name}/call", "POST /api/v1/personas/{slug}/tools/{name}/call"]);
    expect(spans.map((span) => span.attributes["http.response.status_code"])).toEqual([undefined, 404, 401]);
    expect(spans[0]!.attributes["gen_ai.tool.name"]).toBeUndefined();
    const scraped = parsePrometheusText(await (await fetch(`${origin}/api/v1/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text());
    expect(sampleValue(scraped.samples, "quiver_door_requests_total", { door: "api", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(scraped.samples, "quiver_door_requests_total", { door: "api", status: "401" })).toBeGreaterThanOrEqual(1);
  });

  it.each(MCP_CLIENTS)("continues the trace an MCP %s client sends in _meta, linked to the HTTP request's span", async (kind) => {
    const { origin, authorization, token } = await setUp();
    const client = await connectMcpClientAt(new URL("/api/v1/personas/support/mcp", origin), fetch, authorization, kind);
    recorded.reset();
    const result = await client.callTool({ name: "lookup", arguments: { order_id: ARGUMENT }, _meta: { traceparent: TRACEPARENT } });
    expect(result.isError).toBeFalsy();

    const call = recorded.one("tools/call lookup");
    expect(call.spanContext().traceId).toBe(TRACE_ID);
    expect(call.parentSpanContext?.spanId).toBe(CALLER_SPAN_ID);
    expect(call.attributes).toMatchObject({ "gen_ai.tool.name": "lookup", "quiver.door": "mcp", "quiver.outcome": "success", "quiver.caller.name": "Support bot" });
    const request = recorded.spans().find((span) => span.name === "POST /api/v1/personas/{slug}/mcp" && span.attributes["mcp.method.name"] === "tools/call");
    expect(request).toBeDefined();
    expect(call.links.map((link) => link.context.spanId)).toEqual([request!.spanContext().spanId]);
    expect(recorded.childrenOf(call).map((span) => span.name)).toEqual(["validate arguments", "credential vendor", "GET"]);
    expect(upstream.requests.at(-1)?.headers.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-`));
    expectNothingSecretIn(everythingSpansSay(recorded.spans()), token);
  });

  it("traces a playground fire as a test, over the same upstream span", async () => {
    await setUp();
    const run = await runInPlayground({ toolName: "lookup", mode: "fire", arguments: { order_id: ARGUMENT }, context: {} }, SYSTEM_ACTOR);
    expect(run.outcome.kind).toBe("success");
    const fire = recorded.one("playground lookup");
    expect(fire.attributes).toMatchObject({ "quiver.test": true, "quiver.playground.mode": "fire", "quiver.outcome": "success" });
    expect(recorded.childrenOf(fire).map((span) => span.name)).toEqual(["validate arguments", "credential vendor", "GET"]);
    expect(upstream.requests.at(-1)?.headers.traceparent).toMatch(new RegExp(`^00-${fire.spanContext().traceId}-`));
  });

  it("serves Prometheus metrics to the token only, and its counters move with calls", async () => {
    const { origin, call, token } = await setUp();
    const metricsUrl = `${origin}/api/v1/metrics`;
    expect((await fetch(metricsUrl)).status).toBe(404);

    process.env.QUIVER_METRICS_TOKEN = METRICS_TOKEN;
    const refused = await fetch(metricsUrl);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("Bearer");
    expect((await fetch(metricsUrl, { headers: { authorization: "Bearer not-the-token-at-all" } })).status).toBe(401);
    expect((await fetch(metricsUrl, { method: "POST", headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(405);

    const scrape = async () => {
      const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/plain");
      const text = await response.text();
      expectNothingSecretIn(text, token);
      return parsePrometheusText(text);
    };
    const before = await scrape();
    const callsOf = (scraped: typeof before) => sampleValue(scraped.samples, "quiver_tool_calls_total", { door: "api", persona: "support", tool: "lookup", outcome: "success" });
    const upstreamOf = (scraped: typeof before) => sampleValue(scraped.samples, "quiver_upstream_request_duration_seconds_count", { tool: "lookup", result: "2xx" });
    const doorOf = (scraped: typeof before) => sampleValue(scraped.samples, "quiver_door_requests_total", { door: "api", status: "200" });
    const refreshesOf = (scraped: typeof before) => sampleValue(scraped.samples, "quiver_snapshot_refreshes_total");

    for (let index = 0; index < 3; index += 1) expect((await call("lookup")).status).toBe(200);
    const after = await scrape();
    expect(callsOf(after) - callsOf(before)).toBe(3);
    expect(upstreamOf(after) - upstreamOf(before)).toBe(3);
    expect(doorOf(after) - doorOf(before)).toBe(3);
    // The tools were saved before the first call: it reads them, the next two answer from memory.
    expect(refreshesOf(after) - refreshesOf(before)).toBe(1);
    expect(after.types.get("quiver_door_request_duration_seconds")).toBe("histogram");
    expect(after.types.get("quiver_call_log_buffered_entries")).toBe("gauge");
    await flushCallLog();
    expect(sampleValue((await scrape()).samples, "quiver_call_log_buffered_entries")).toBe(0);
  });
});
