import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseToolDefinition } from "../definition";
import { toolResponseToJSON, type ToolResponse } from "../response";
import { DEFAULT_EXECUTION_CONFIG, type ExecutionConfig } from "./execution-config";
import { BODY_EXCERPT_CHARS, executeTool } from "./executor";
import { reply, startUpstream, type Upstream } from "./test-support/upstream-server";

// Loopback is admitted only because the test allowlists it; the guard itself is tested elsewhere.
const CONFIG: ExecutionConfig = { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.0/8", "::1"] };

let upstream: Upstream;
let next: { status: number; body: string } = { status: 200, body: "" };
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    if (request.url.startsWith("/hang")) hanging.push(response);
    else reply(response, next.status, next.body, { "content-type": "application/json" });
  });
});
afterAll(() => upstream.close());

function tool(document: Record<string, unknown> = {}, path = "/data") {
  return parseToolDefinition({
    name: "fetch_data",
    description: "Fetches data for a test.",
    request: { method: "GET", url: `${upstream.origin}${path}` },
    ...document,
  });
}

async function fire(document: Record<string, unknown>, body: unknown, status = 200): Promise<ToolResponse> {
  next = { status, body: typeof body === "string" ? body : JSON.stringify(body) };
  return executeTool(tool(document), {}, { config: CONFIG });
}

function success(response: ToolResponse) {
  if (!response.ok) throw new Error(`expected success, got ${response.errorType}: ${response.message}`);
  return response;
}

function failure(response: ToolResponse) {
  if (response.ok) throw new Error(`expected a failure, got ${JSON.stringify(response.content)}`);
  return response;
}

describe("extract", () => {
  it.each([
    ["body_raw returns the text", { extract: "body_raw" }, "plain words", 200, "text", "plain words"],
    ["status returns the number", { extract: "status" }, "{}", 201, "json", 201],
    ["status returns a non-2xx status as the result", { extract: "status" }, "gone", 410, "json", 410],
    ["json_path returns the value", { extract: "json_path", path: "data.status" }, { data: { status: "shipped" } }, 200, "json", "shipped"],
    ["json_path indexes lists", { extract: "json_path", path: "items.1.name" }, { items: [{ name: "a" }, { name: "b" }] }, 200, "json", "b"],
    ["json_path returns a stored null as null", { extract: "json_path", path: "data.status" }, { data: { status: null } }, 200, "json", null],
    ["json_path returns objects whole", { extract: "json_path", path: "data" }, { data: { a: [1] } }, 200, "json", { a: [1] }],
  ])("%s", async (_rule, response, body, status, kind, content) => {
    const result = success(await fire({ response }, body, status));
    expect(result).toMatchObject({ kind, content, halt: null });
    expect(result.metadata.status).toBe(status);
  });

  it.each([
    ["a missing json_path", { extract: "json_path", path: "data.status" }, { data: {} }, 'no value at json_path "data.status"'],
    ["a json_path into a body that is not JSON", { extract: "json_path", path: "data" }, "<html>", "not valid JSON"],
    ["evidence from a body that is not JSON", { extract: "evidence_envelope" }, "oops", "not valid JSON"],
  ])("%s is an execution_error naming the problem", async (_case, response, body, message) => {
    const evidence = response.extract === "evidence_envelope" ? { fields: { t: "title" } } : undefined;
    const result = failure(await fire({ response, evidence }, body));
    expect(result.errorType).toBe("execution_error");
    expect(result.message).toContain(message);
  });
});

describe("evidence envelope", () => {
  const results = {
    results: [
      { name: "First", link: "https://a.example/1", summary: "one" },
      { name: "Second", link: null },
      { name: "Third", link: "https://a.example/3", summary: "three" },
    ],
  };
  const declaration = (extra: Record<string, unknown> = {}) => ({
    response: { extract: "evidence_envelope" },
    evidence: { items_path: "results", fields: { title: "name", url: "link", quote: "summary" }, source: "Orders API", ...extra },
  });

  it("turns each item into a record with ids E1..En; a missing field is omitted, a null kept", async () => {
    const content = success(await fire(declaration(), results)).content as Record<string, unknown>;
    expect(content).toEqual({
      source: "Orders API",
      retrieved_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      status: 200,
      evidence: [
        { id: "E1", title: "First", url: "https://a.example/1", quote: "one" },
        { id: "E2", title: "Second", url: null },
        { id: "E3", title: "Third", url: "https://a.example/3", quote: "three" },
      ],
    });
    expect(Object.keys(content)).toEqual(["source", "retrieved_at", "status", "evidence"]);
  });

  it("keeps at most max_items records, the first ones", async () => {
    const content = success(await fire(declaration({ max_items: 2 }), results)).content as { evidence: { id: string }[] };
    expect(content.evidence.map((record) => record.id)).toEqual(["E1", "E2"]);
  });

  it("treats the whole body as one record without items_path", async () => {
    const document = declaration({ items_path: null, fields: { title: "name", missing: "nope" } });
    const content = success(await fire(document, { name: "Only" })).content as { evidence: unknown[] };
    expect(content.evidence).toEqual([{ id: "E1", title: "Only" }]);
  });

  it.each([
    ["missing", { other: [] }, 'no value at items_path "results"'],
    ["not a list", { results: { name: "x" } }, 'items_path "results" is not a list'],
  ])("an items_path that is %s is an execution_error naming it", async (_case, body, message) => {
    const result = failure(await fire(declaration(), body));
    expect(result.errorType).toBe("execution_error");
    expect(result.message).toContain(message);
  });
});

describe("halt and say", () => {
  const halting = (say: unknown = null, equals: unknown[] = ["ESCALATE"]) => ({
    response: { extract: "body_raw" },
    halt_when: { json_path: "action", equals, say },
  });

  it.each([
    ["the value is in equals", halting(), { action: "ESCALATE" }, true],
    ["the value is not in equals", halting(), { action: "CONTINUE" }, false],
    ["the body is not JSON", halting(), "ESCALATE", false],
    ["the path is missing", halting(), { other: "ESCALATE" }, false],
    ["a number matches as a string", halting(null, ["1"]), { action: 1 }, true],
    ["a boolean matches as a string", halting(null, ["true"]), { action: true }, true],
  ])("halts only when %s → %s", async (_rule, document, body, halts) => {
    const result = success(await fire(document, body));
    const text = typeof body === "string" ? body : JSON.stringify(body);
    expect(result.halt).toEqual(halts ? { payload: text, say: null } : null);
  });

  it.each([
    ["a literal text", { text: "CALL_SUPPORT" }, { action: "ESCALATE" }, "CALL_SUPPORT"],
    ["a string read from the body", { json_path: "reply" }, { action: "ESCALATE", reply: "A person will call you." }, "A person will call you."],
    ["a number read from the body gives nothing", { json_path: "reply" }, { action: "ESCALATE", reply: 5 }, null],
    ["an object read from the body gives nothing", { json_path: "reply" }, { action: "ESCALATE", reply: { text: "x" } }, null],
    ["a blank string gives nothing", { json_path: "reply" }, { action: "ESCALATE", reply: "  " }, null],
    ["a missing path gives nothing", { json_path: "reply" }, { action: "ESCALATE" }, null],
    ["no say gives nothing", null, { action: "ESCALATE" }, null],
  ])("say: %s", async (_rule, say, body, expected) => {
    const result = success(await fire(halting(say), body));
    expect(result.halt).toEqual({ payload: JSON.stringify(body), say: expected });
  });

  it("carries the extracted result as the payload", async () => {
    const document = { ...halting({ text: "BYE" }), response: { extract: "json_path", path: "ticket" } };
    const result = success(await fire(document, { action: "ESCALATE", ticket: { id: 9 } }));
    expect(result.content).toEqual({ id: 9 });
    expect(result.halt).toEqual({ payload: { id: 9 }, say: "BYE" });
  });

  it("never halts an http_error, even when its body matches halt_when", async () => {
    const body = { action: "ESCALATE", reply: "A person will call you." };
    const result = failure(await fire(halting({ json_path: "reply" }), body, 500));
    // The same body with a 200 halts (the table above), so only the status keeps this one from halting.
    expect(result).toMatchObject({
      errorType: "http_error",
      message: "Upstream responded with HTTP 500",
      details: { status: 500, body_excerpt: JSON.stringify(body) },
    });
    expect(result).not.toHaveProperty("halt");
    expect(toolResponseToJSON(result)).not.toHaveProperty("halt");
  });
});

describe("failures", () => {
  it("a non-2xx status is an http_error with the status and a body excerpt", async () => {
    const result = failure(await fire({}, { error: "no such order" }, 404));
    expect(result).toMatchObject({
      errorType: "http_error",
      message: "Upstream responded with HTTP 404",
      details: { status: 404, body_excerpt: '{"error":"no such order"}' },
    });
    expect(result.metadata.status).toBe(404);
  });

  it("truncates a long error body in the excerpt, but keeps it whole for operators", async () => {
    const body = "x".repeat(BODY_EXCERPT_CHARS * 3);
    const result = failure(await fire({}, body, 503));
    expect(result.details?.body_excerpt).toBe(`${"x".repeat(BODY_EXCERPT_CHARS)}…`);
    expect(result.metadata.responseBody).toBe(body);
  });

  it("gives up after the tool's timeout on an upstream that never answers", async () => {
    const before = hanging.length;
    const result = failure(await executeTool(tool({ timeout: 1 }, "/hang"), {}, { config: CONFIG }));
    expect(result.errorType).toBe("timeout_error");
    expect(result.message).toBe("Tool execution timed out after 1 seconds");
    expect(hanging.length).toBe(before + 1);
  });

  it("uses the configured default timeout when the tool has none", async () => {
    const config = { ...CONFIG, defaultTimeoutSeconds: 1 };
    const result = failure(await executeTool(tool({}, "/hang"), {}, { config }));
    expect(result.message).toBe("Tool execution timed out after 1 seconds");
  });

  it("refuses a body over the configured cap", async () => {
    next = { status: 200, body: "y".repeat(5000) };
    const result = failure(await executeTool(tool(), {}, { config: { ...CONFIG, maxResponseBytes: 100 } }));
    expect(result.errorType).toBe("execution_error");
    expect(result.message).toBe("The response body is larger than the 100-byte limit");
    expect(result.metadata.responseBody).toBe("y".repeat(100));
  });

  it("accepts a body exactly at the cap", async () => {
    next = { status: 200, body: "z".repeat(100) };
    const result = success(await executeTool(tool(), {}, { config: { ...CONFIG, maxResponseBytes: 100 } }));
    expect(result.content).toBe("z".repeat(100));
  });

  it("lists every invalid argument and sends nothing", async () => {
    const parameters = { type: "object", properties: { id: { type: "string" }, n: { type: "integer" } }, required: ["id"] };
    const sent = upstream.requests.length;
    const result = failure(await executeTool(tool({ parameters }), { n: "two" }, { config: CONFIG }));
    expect(result.errorType).toBe("validation_error");
    expect(result.details?.issues).toEqual([
      { path: "id", message: "is required" },
      { path: "n", message: expect.any(String) },
    ]);
    expect(upstream.requests.length).toBe(sent);
  });

  it("refuses a header value that renders a line break, sending nothing", async () => {
    const document = {
      parameters: { type: "object", properties: { id: { type: "string" } } },
      request: { method: "GET", url: `${upstream.origin}/data`, headers: { "X-Id": "{{id}}" } },
    };
    const sent = upstream.requests.length;
    const result = failure(await executeTool(tool(document), { id: "1\r\nX-Admin: yes" }, { config: CONFIG }));
    expect(result.errorType).toBe("validation_error");
    expect(result.message).toContain("request.headers.X-Id");
    expect(upstream.requests.length).toBe(sent);
  });

  it("reports a caller's cancellation as an execution_error", async () => {
    const controller = new AbortController();
    const pending = executeTool(tool({}, "/hang"), {}, { config: CONFIG, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const result = failure(await pending);
    expect(result).toMatchObject({ errorType: "execution_error", message: "Tool execution was cancelled" });
  });
});

describe("request and metadata", () => {
  const orderTool = () =>
    tool({
      parameters: { type: "object", properties: { id: { type: "string" }, note: { type: "string" }, qty: { type: "integer" } }, required: ["id"] },
      request: {
        method: "POST",
        url: `${upstream.origin}/orders/{{id}}`,
        query: { tenant: "{{ctx.tenant}}", note: "{{note}}" },
        body: { qty: "{{qty}}", label: "order {{id}}" },
      },
    });

  it("sends the rendered request and describes it in the metadata", async () => {
    next = { status: 200, body: "{}" };
    const result = success(await executeTool(orderTool(), { id: "A 1", qty: 2 }, { config: CONFIG, context: { tenant: "acme" } }));
    const received = upstream.requests.at(-1);
    expect(received).toMatchObject({ method: "POST", url: "/orders/A%201?tenant=acme", body: '{"qty":2,"label":"order A 1"}' });
    expect(received?.headers["content-type"]).toBe("application/json");
    expect(result.metadata).toEqual({
      status: 200,
      durationMs: expect.any(Number),
      request: {
        method: "POST",
        url: `${upstream.origin}/orders/A%201?tenant=acme`,
        headers: { "Content-Type": "application/json" },
        body: '{"qty":2,"label":"order A 1"}',
      },
      responseHeaders: expect.objectContaining({ "content-type": "application/json" }),
      responseBody: "{}",
    });
  });

  it("a dry run returns the rendered request and sends nothing", async () => {
    const sent = upstream.requests.length;
    const result = success(await executeTool(orderTool(), { id: "7", note: "rush" }, { config: CONFIG, dryRun: true }));
    const request = {
      method: "POST",
      url: `${upstream.origin}/orders/7?note=rush`,
      headers: { "Content-Type": "application/json" },
      body: '{"label":"order 7"}',
    };
    expect(result.content).toEqual({ dry_run: true, request });
    expect(result.metadata).toEqual({ request });
    expect(upstream.requests.length).toBe(sent);
  });

  it("refuses a path whose ctx field the turn did not supply, sending nothing", async () => {
    const def = tool({ request: { method: "GET", url: `${upstream.origin}/tenants/{{ctx.tenant}}/orders` } });
    const sent = upstream.requests.length;
    const result = failure(await executeTool(def, {}, { config: CONFIG }));
    expect(result).toMatchObject({ errorType: "validation_error", details: { issues: [{ path: "request.url" }] } });
    expect(result.message).toContain("{{ctx.tenant}} has no value, and the URL path needs one");
    expect(upstream.requests.length).toBe(sent);
  });
});

describe("output schema (SPEC §1.2 output_schema)", () => {
  const ORDER_SHAPE = { type: "object", properties: { id: { type: "string" }, state: { type: "string", enum: ["open", "shipped"] } }, required: ["id", "state"] };

  it("returns a json_path result that matches the declared schema", async () => {
    const result = success(await fire({ response: { extract: "json_path", path: "data" }, output_schema: ORDER_SHAPE }, { data: { id: "A-1", state: "shipped" } }));
    expect(result).toMatchObject({ kind: "json", content: { id: "A-1", state: "shipped" } });
  });

  it("returns a body_raw tool's body as JSON when it declares a schema", async () => {
    const result = success(await fire({ response: { extract: "body_raw" }, output_schema: ORDER_SHAPE }, { id: "A-1", state: "open" }));
    expect(result).toMatchObject({ kind: "json", content: { id: "A-1", state: "open" } });
  });

  it("fails a body_raw body that is not JSON", async () => {
    const result = failure(await fire({ response: { extract: "body_raw" }, output_schema: ORDER_SHAPE }, "<html>maintenance</html>"));
    expect(result).toMatchObject({ errorType: "execution_error", message: "The response body is not valid JSON, but the tool's output schema describes a JSON object" });
  });

  it("fails a result that no longer matches, naming where and never the upstream's values", async () => {
    const result = failure(await fire({ response: { extract: "json_path", path: "data" }, output_schema: ORDER_SHAPE }, { data: { id: 7, state: "lost-in-transit" } }));
    expect(result.errorType).toBe("execution_error");
    expect(result.message).toMatch(/^The response does not match the tool's output schema: id must be string; state must be equal to one of the allowed values\./);
    expect(result.message).not.toContain("lost-in-transit");
    expect(result.metadata.responseBody).toContain("lost-in-transit");
  });

  it("names a missing property by its path", async () => {
    const result = failure(await fire({ response: { extract: "json_path", path: "data" }, output_schema: ORDER_SHAPE }, { data: { id: "A-1" } }));
    expect(result.message).toContain("output schema: state is missing.");
  });

  it("fails a json_path value that is not an object", async () => {
    const result = failure(await fire({ response: { extract: "json_path", path: "data.state" }, output_schema: ORDER_SHAPE }, { data: { state: "open" } }));
    expect(result.message).toContain("the result must be object");
  });
});
