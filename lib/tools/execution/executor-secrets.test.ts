import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MASK_PREFIX, maskSecret } from "../../secrets/mask";
import { parseToolDefinition } from "../definition";
import { toolResponseToJSON, type ToolResponse } from "../response";
import { DEFAULT_EXECUTION_CONFIG, type ExecutionConfig } from "./execution-config";
import { executeTool, type ExecuteOptions } from "./executor";
import { reply, startUpstream, type Upstream } from "./test-support/upstream-server";

const CONFIG: ExecutionConfig = { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.0/8", "::1"] };
const SECRET = "sk-live-PLAINTEXT-4242424242";
const STORED_SECRET = "sk-stored-in-definition-777";

let upstream: Upstream;
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    const value = String(request.headers.authorization ?? "");
    const route = request.url.split("?")[0];
    // Every form a careless upstream might echo the credential in.
    const forms = { raw: value, url: encodeURIComponent(value), base64: Buffer.from(value).toString("base64") };
    if (route === "/hang") hanging.push(response);
    else if (route === "/headers") reply(response, 200, "ok", { "x-echo": value, "x-echo-b64": forms.base64, "set-cookie": `session=${forms.url}` });
    else if (route === "/denied") reply(response, 401, { error: `bad credentials: ${value}`, ...forms });
    else if (route === "/big") reply(response, 200, `${"a".repeat(90)}${value}${"b".repeat(500)}`);
    // Keys that are also the secret: extraction must read them as sent, not as redacted.
    else if (route === "/order") reply(response, 200, { order: { action: "ESCALATE", reply: `your order ${value} is late`, state: "order placed", qty: 2, order_id: "A-1" } });
    else reply(response, 200, { action: "ESCALATE", reply: `hello ${value}`, items: [{ t: value }], ...forms });
  });
});
afterAll(() => upstream.close());

function tool(path: string, document: Record<string, unknown> = {}, storedValue = "") {
  return parseToolDefinition({
    name: "secret_bearer",
    description: "Calls an API with a credential.",
    request: { method: "GET", url: `${upstream.origin}${path}`, headers: { Authorization: storedValue, Accept: "application/json" } },
    response: { extract: "body_raw" },
    secret_headers: ["Authorization"],
    ...document,
  });
}

const secrets = async () => ({ Authorization: `Bearer ${SECRET}` });

function expectNoPlaintext(response: ToolResponse, secret: string): void {
  const texts = [JSON.stringify(response), JSON.stringify(toolResponseToJSON(response))];
  if (!response.ok && response.cause instanceof Error) texts.push(response.cause.message, String(response.cause.stack));
  for (const text of texts) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(Buffer.from(`Bearer ${secret}`).toString("base64"));
  }
}

describe("secret values never leave in a response", () => {
  it.each<[string, string, Record<string, unknown>, Partial<ExecuteOptions>, (response: ToolResponse) => void]>([
    ["a success echoing the header", "/echo", {}, {}, (r) => expect(r).toMatchObject({ ok: true })],
    ["a json_path result holding it", "/echo", { response: { extract: "json_path", path: "raw" } }, {}, (r) =>
      expect(r).toMatchObject({ ok: true, content: maskSecret(`Bearer ${SECRET}`) })],
    ["an evidence envelope holding it", "/echo", { response: { extract: "evidence_envelope" }, evidence: { items_path: "items", fields: { t: "t" } } }, {}, (r) =>
      expect(r).toMatchObject({ ok: true })],
    ["a halt whose say reads it", "/echo", { halt_when: { json_path: "action", equals: ["ESCALATE"], say: { json_path: "reply" } } }, {}, (r) =>
      expect(r).toMatchObject({ ok: true, halt: { say: `hello ${maskSecret(`Bearer ${SECRET}`)}` } })],
    ["an http_error echoing the header", "/denied", {}, {}, (r) => expect(r).toMatchObject({ ok: false, errorType: "http_error" })],
    ["a dry run", "/echo", {}, { dryRun: true }, (r) => expect(r).toMatchObject({ ok: true, content: { dry_run: true } })],
    ["a blocked destination", "/echo", {}, { config: DEFAULT_EXECUTION_CONFIG }, (r) =>
      expect(r).toMatchObject({ ok: false, errorType: "blocked_destination" })],
    ["a timeout", "/hang", { timeout: 1 }, {}, (r) => expect(r).toMatchObject({ ok: false, errorType: "timeout_error" })],
    ["a body over the cap that cuts the secret in half", "/big", {}, { config: { ...CONFIG, maxResponseBytes: 100 } }, (r) =>
      expect(r).toMatchObject({ ok: false, errorType: "execution_error" })],
  ])("%s", async (_case, path, document, options, check) => {
    const response = await executeTool(tool(path, document), {}, { config: CONFIG, secrets, ...options });
    check(response);
    expectNoPlaintext(response, SECRET);
    // Nothing of the secret's head survives a cut at the cap either.
    expect(JSON.stringify(response)).not.toContain(`Bearer ${SECRET}`.slice(0, 9));
  });

  it("masks a secret the upstream echoes in its response headers", async () => {
    const response = await executeTool(tool("/headers"), {}, { config: CONFIG, secrets });
    const mask = maskSecret(`Bearer ${SECRET}`);
    expect(response.metadata.responseHeaders).toMatchObject({ "x-echo": mask, "x-echo-b64": mask, "set-cookie": `session=${mask}` });
    expectNoPlaintext(response, SECRET);
  });

  it("shows the secret header as its mask in the request preview", async () => {
    const response = await executeTool(tool("/echo"), {}, { config: CONFIG, secrets });
    expect(response.metadata.request?.headers).toEqual({ Authorization: maskSecret(`Bearer ${SECRET}`), Accept: "application/json" });
    expect(upstream.requests.at(-1)?.headers.authorization).toBe(`Bearer ${SECRET}`);
  });

  it("falls back to the definition's own value, and masks that too", async () => {
    const response = await executeTool(tool("/echo", {}, STORED_SECRET), {}, { config: CONFIG, secrets: async () => ({}) });
    expect(upstream.requests.at(-1)?.headers.authorization).toBe(STORED_SECRET);
    expectNoPlaintext(response, STORED_SECRET);
  });

  it("a dry run never reads the secrets: each secret header shows as the bare mask", async () => {
    let asked = 0;
    const recording = async () => {
      asked += 1;
      throw new Error("a dry run must not decrypt");
    };
    for (const stored of ["", STORED_SECRET]) {
      const response = await executeTool(tool("/echo", {}, stored), {}, { config: CONFIG, dryRun: true, secrets: recording });
      const request = { method: "GET", url: `${upstream.origin}/echo`, headers: { Accept: "application/json", Authorization: MASK_PREFIX }, body: null };
      expect(response).toMatchObject({ ok: true, content: { dry_run: true, request }, metadata: { request } });
      expect(response.ok && (response.content as Record<string, unknown>).warnings).toBeUndefined();
      expectNoPlaintext(response, STORED_SECRET);
    }
    expect(asked).toBe(0);
  });

  it("a dry run with no secret source and no stored value shows no header and warns that a real call would fail", async () => {
    const response = await executeTool(tool("/echo"), {}, { config: CONFIG, dryRun: true });
    expect(response).toMatchObject({
      ok: true,
      content: {
        dry_run: true,
        request: { headers: { Accept: "application/json" } },
        warnings: ["Secret header Authorization has no value; a real call would fail."],
      },
    });
    expect(response.ok && (response.content as { request: { headers: object } }).request.headers).not.toHaveProperty("Authorization");
  });

  it("extracts and halts on the body as received when the secret is a word in it, then redacts the result", async () => {
    const def = tool("/order", {
      response: { extract: "json_path", path: "order.state" },
      halt_when: { json_path: "order.action", equals: ["ESCALATE"], say: { json_path: "order.reply" } },
    });
    const response = await executeTool(def, {}, { config: CONFIG, secrets: async () => ({ Authorization: "order" }) });
    expect(upstream.requests.at(-1)?.headers.authorization).toBe("order");
    expect(response).toMatchObject({
      ok: true,
      content: `${MASK_PREFIX} placed`,
      halt: { payload: `${MASK_PREFIX} placed`, say: `your ${MASK_PREFIX} ${MASK_PREFIX} is late` },
      metadata: { status: 200, responseBody: expect.stringContaining(`"${MASK_PREFIX}":{"action":"ESCALATE"`) },
    });
    expectNoPlaintext(response, "order");
  });

  it.each<[string, Record<string, unknown>, unknown]>([
    ["the keys and values of an object", { response: { extract: "json_path", path: "order" } },
      { action: "ESCALATE", reply: `your ${MASK_PREFIX} ${MASK_PREFIX} is late`, state: `${MASK_PREFIX} placed`, qty: 2, [`${MASK_PREFIX}_id`]: "A-1" }],
    ["an evidence envelope", { response: { extract: "evidence_envelope" }, evidence: { fields: { state: "order.state", id_of: "order.order_id" }, source: "Orders" } },
      expect.objectContaining({ source: "Orders", evidence: [{ id: "E1", state: `${MASK_PREFIX} placed`, id_of: "A-1" }] })],
  ])("redacts %s read from the body as received", async (_what, document, content) => {
    const result = await executeTool(tool("/order", document), {}, { config: CONFIG, secrets: async () => ({ Authorization: "order" }) });
    expect(result).toMatchObject({ ok: true, content });
    expectNoPlaintext(result, "order");
  });

  it("a connection failure's message and cause carry no secret", async () => {
    const closed = await startUpstream(() => undefined);
    await closed.close();
    const def = parseToolDefinition({
      name: "closed_port",
      description: "Calls a port nobody listens on.",
      request: { method: "GET", url: `${closed.origin}/x`, headers: { Authorization: "" } },
      secret_headers: ["Authorization"],
    });
    const response = await executeTool(def, {}, { config: CONFIG, secrets });
    expect(response).toMatchObject({ ok: false, errorType: "execution_error" });
    expectNoPlaintext(response, SECRET);
  });

  it("a failing secret source is an execution_error whose cause does not repeat its message", async () => {
    const failing = async () => {
      throw new Error(`could not decrypt ${SECRET}`);
    };
    const response = await executeTool(tool("/echo"), {}, { config: CONFIG, secrets: failing });
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: "Could not read the tool's secrets" });
    expectNoPlaintext(response, SECRET);
  });

  it.each([
    ["missing", async () => ({})],
    ["holding a line break", async () => ({ Authorization: `Bearer ${SECRET}\r\nX-Evil: 1` })],
  ])("refuses to send a secret header that is %s, sending nothing", async (_case, source) => {
    const sent = upstream.requests.length;
    const response = await executeTool(tool("/echo"), {}, { config: CONFIG, secrets: source });
    expect(response).toMatchObject({ ok: false, errorType: "execution_error" });
    if (!response.ok) expect(response.message).toContain("Authorization");
    expectNoPlaintext(response, SECRET);
    expect(upstream.requests.length).toBe(sent);
  });

  it("asks for secrets once per call, and not at all for a tool without secret headers", async () => {
    let asked = 0;
    const counting = async () => {
      asked += 1;
      return { Authorization: `Bearer ${SECRET}` };
    };
    await executeTool(tool("/echo"), {}, { config: CONFIG, secrets: counting });
    expect(asked).toBe(1);
    const plain = parseToolDefinition({ name: "plain", description: "No secrets.", request: { method: "GET", url: `${upstream.origin}/echo` } });
    await executeTool(plain, {}, { config: CONFIG, secrets: counting });
    expect(asked).toBe(1);
  });
});

describe("secrets are read only once validation and rendering have succeeded (SPEC §1.5 step 3)", () => {
  const ordersTool = (path = "/echo") =>
    tool(path, {
      parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      request: { method: "GET", url: `${upstream.origin}${path}`, headers: { Authorization: "", "X-Order": "{{id}}" } },
    });

  /** A secret source that counts how often it is asked. */
  class CountingSource {
    asked = 0;
    readonly read = async () => {
      this.asked += 1;
      return { Authorization: `Bearer ${SECRET}` };
    };
  }

  it.each<[string, () => ReturnType<typeof tool>, Record<string, unknown>, string]>([
    ["the arguments fail validation", () => ordersTool(), {}, "id is required"],
    ["an argument renders a line break into a header", () => ordersTool(), { id: "1\r\nX-Admin: yes" }, "request.headers.X-Order"],
    ["the URL path needs a ctx field the turn did not supply", () => ordersTool("/tenants/{{ctx.tenant}}"), { id: "1" }, "{{ctx.tenant}} has no value"],
  ])("not when %s", async (_case, def, args, reason) => {
    const source = new CountingSource();
    const sent = upstream.requests.length;
    const response = await executeTool(def(), args, { config: CONFIG, secrets: source.read });
    expect(response).toMatchObject({ ok: false, errorType: "validation_error" });
    if (!response.ok) expect(response.message).toContain(reason);
    expect(source.asked).toBe(0);
    expect(upstream.requests.length).toBe(sent);
  });

  it("once, just before sending, when the call is valid", async () => {
    const source = new CountingSource();
    const response = await executeTool(ordersTool(), { id: "A-1" }, { config: CONFIG, secrets: source.read });
    expect(response).toMatchObject({ ok: true });
    expect(source.asked).toBe(1);
    expect(upstream.requests.at(-1)?.headers).toMatchObject({ authorization: `Bearer ${SECRET}`, "x-order": "A-1" });
  });

  it("once for a blocked destination, which is checked at connect time, and nothing reaches it", async () => {
    // The guard checks each address as the connection opens (so DNS rebinding cannot slip past),
    // which is after injection: the value is read, but never leaves the process.
    const source = new CountingSource();
    const sent = upstream.requests.length;
    const response = await executeTool(ordersTool(), { id: "A-1" }, { config: DEFAULT_EXECUTION_CONFIG, secrets: source.read });
    expect(response).toMatchObject({ ok: false, errorType: "blocked_destination" });
    expect(source.asked).toBe(1);
    expect(upstream.requests.length).toBe(sent);
    expectNoPlaintext(response, SECRET);
  });
});
