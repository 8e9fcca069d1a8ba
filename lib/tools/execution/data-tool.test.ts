import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseToolDefinition } from "../definition";
import { dataTool } from "./data-tool";
import { DEFAULT_EXECUTION_CONFIG } from "./execution-config";
import { reply, startUpstream, type Upstream } from "./test-support/upstream-server";

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request, response) => reply(response, 200, { url: request.url, key: request.headers["x-key"] }));
});
afterAll(() => upstream.close());

function definition() {
  return parseToolDefinition({
    name: "lookup_order",
    description: "Look up an order.",
    parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
    request: { method: "GET", url: `${upstream.origin}/orders/{{order_id}}`, headers: { "X-Key": "" }, query: { tenant: "{{ctx.tenant}}" } },
    response: { extract: "json_path", path: "url" },
    secret_headers: ["X-Key"],
  });
}

describe("dataTool", () => {
  it("exposes the definition as a Tool of origin data", () => {
    const def = definition();
    const tool = dataTool(def);
    expect(tool).toMatchObject({ name: "lookup_order", description: "Look up an order.", sideEffect: false, origin: "data" });
    expect(tool.parameters).toBe(def.parameters);
  });

  it("calls through the executor with the turn context, its secrets and its configuration", async () => {
    const tool = dataTool(definition(), {
      secrets: async () => ({ "X-Key": "key-123456789012" }),
      config: { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.1"] },
    });
    const response = await tool.call({ order_id: "A1" }, { context: { tenant: "acme" } });
    expect(response).toMatchObject({ ok: true, content: "/orders/A1?tenant=acme" });
    expect(upstream.requests.at(-1)?.headers["x-key"]).toBe("key-123456789012");
  });

  it("uses the default configuration, guard included, when none is given", async () => {
    const sent = upstream.requests.length;
    const tool = dataTool(definition(), { secrets: async () => ({ "X-Key": "key-123456789012" }) });
    const response = await tool.call({ order_id: "A1" }, { context: {} });
    expect(response).toMatchObject({ ok: false, errorType: "blocked_destination" });
    expect(upstream.requests.length).toBe(sent);
  });

  it("validates arguments like any tool", async () => {
    const response = await dataTool(definition()).call({}, { context: {} });
    expect(response).toMatchObject({ ok: false, errorType: "validation_error" });
  });

  it("fills in a schema default the arguments omit, so the upstream receives it", async () => {
    const withDefault = parseToolDefinition({
      name: "list_orders",
      description: "List orders.",
      parameters: {
        type: "object",
        properties: { status: { type: "string", default: "open" }, limit: { type: "integer", default: 20 } },
        required: ["status"],
      },
      request: { method: "GET", url: `${upstream.origin}/orders`, query: { status: "{{status}}", limit: "{{limit}}" } },
      response: { extract: "json_path", path: "url" },
    });
    const tool = dataTool(withDefault, { config: { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.1"] } });
    const args = { limit: 5 };
    expect(await tool.call(args, { context: {} })).toMatchObject({ ok: true, content: "/orders?status=open&limit=5" });
    expect(upstream.requests.at(-1)?.url).toBe("/orders?status=open&limit=5");
    expect(args).toEqual({ limit: 5 });
  });
});

