/**
 * Secret query values at execution (SPEC §1.5 step 3, §1.8) against real loopback upstreams: the
 * value is not rendered, only appended to the URL of the request on the wire, so the upstream
 * receives it while everything handed back — the preview, the body, error messages, a dry run, a
 * curl copy — shows it masked; a redirect to another origin does not carry it; a tool with no
 * value sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MASK_PREFIX, maskSecret } from "../../secrets/mask";
import { secretForms } from "../../secrets/forms";
import { parseToolDefinition } from "../definition";
import { toolResponseToJSON, type ToolResponse } from "../response";
import { curlCommand } from "./curl-command";
import { DEFAULT_EXECUTION_CONFIG, type ExecutionConfig } from "./execution-config";
import { executeTool } from "./executor";
import { renderRequest } from "./render-request";
import { reply, startUpstream, type Upstream } from "./test-support/upstream-server";

const CONFIG: ExecutionConfig = { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.0/8", "::1"] };
const KEY = "AIzaSy-live/query+key=0123456789";

let upstream: Upstream;
let elsewhere: Upstream;
beforeAll(async () => {
  elsewhere = await startUpstream((_request, response) => reply(response, 200, "landed"));
  upstream = await startUpstream((request, response) => {
    const route = request.url.split("?")[0];
    if (route === "/denied") reply(response, 403, `key rejected for ${request.url}`);
    else if (route === "/away") reply(response, 302, "", { location: `${elsewhere.origin}/landing` });
    else if (route === "/ftp") reply(response, 302, "", { location: `ftp://files.example.com${request.url}` });
    else if (route === "/big") reply(response, 200, `${request.url}${"x".repeat(500)}`);
    else reply(response, 200, { url: request.url });
  });
});
afterAll(async () => {
  await upstream.close();
  await elsewhere.close();
});

function tool(path: string, key = "", extra: Record<string, unknown> = {}) {
  return parseToolDefinition({
    name: "geocode",
    description: "Geocodes an address.",
    parameters: { type: "object", properties: { address: { type: "string" } }, required: ["address"] },
    request: { method: "GET", url: `${upstream.origin}${path}`, query: { address: "{{address}}", key } },
    secret_query: ["key"],
    ...extra,
  });
}

const secrets = async () => ({ "?key": KEY });
const ARGS = { address: "1 Main St" };

function expectNoKey(response: ToolResponse, key = KEY): void {
  const texts = [JSON.stringify(response), JSON.stringify(toolResponseToJSON(response))];
  if (!response.ok && response.cause instanceof Error) texts.push(response.cause.message, String(response.cause.stack));
  for (const text of texts) for (const form of secretForms(key)) expect(text, `${form.name} form`).not.toContain(form.text);
}

describe("a secret query value", () => {
  it("is never rendered: only the request on the wire carries it", async () => {
    const rendered = renderRequest(tool("/echo"), ARGS);
    expect(rendered).toMatchObject({ ok: true });
    if (rendered.ok) expect(rendered.request.url.search).toBe("?address=1%20Main%20St");

    const response = await executeTool(tool("/echo"), ARGS, { config: CONFIG, secrets });
    expect(upstream.requests.at(-1)?.url).toBe(`/echo?address=1%20Main%20St&key=${encodeURIComponent(KEY)}`);
    expect(response).toMatchObject({ ok: true, metadata: { request: { url: `${upstream.origin}/echo?address=1%20Main%20St&key=${maskSecret(KEY)}` } } });
    expect(response.ok && response.content).toBe(`{"url":"/echo?address=1%20Main%20St&key=${maskSecret(KEY)}"}`);
    expectNoKey(response);
  });

  it("matches its slot exactly: a value stored for ?Key is not the value of key", async () => {
    const response = await executeTool(tool("/echo"), ARGS, { config: CONFIG, secrets: async () => ({ "?Key": KEY }) });
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: "Secret query key key has no value that can be sent; set it in the tool's secrets" });
  });

  it.each<[string, string, Partial<ExecutionConfig>, Record<string, unknown>]>([
    ["an http_error whose body echoes the URL", "/denied", {}, { ok: false, errorType: "http_error" }],
    ["a refused redirect whose location echoes the URL", "/ftp", {}, { ok: false, errorType: "blocked_destination", message: expect.stringContaining(maskSecret(KEY)) }],
    ["a body over the cap that echoes the URL", "/big", { maxResponseBytes: 120 }, { ok: false, errorType: "execution_error" }],
    ["a blocked destination", "/echo", { allowlist: [] }, { ok: false, errorType: "blocked_destination" }],
  ])("is masked in %s", async (_case, path, config, expected) => {
    const response = await executeTool(tool(path), ARGS, { config: { ...CONFIG, ...config }, secrets });
    expect(response).toMatchObject(expected);
    expect(response.metadata.request?.url).toContain(`key=${maskSecret(KEY)}`);
    expectNoKey(response);
  });

  it("is masked in the preview however short it is", async () => {
    const response = await executeTool(tool("/echo"), ARGS, { config: CONFIG, secrets: async () => ({ "?key": "k9" }) });
    expect(upstream.requests.at(-1)?.url).toBe("/echo?address=1%20Main%20St&key=k9");
    expect(response.metadata.request?.url).toBe(`${upstream.origin}/echo?address=1%20Main%20St&key=${MASK_PREFIX}`);
  });

  it("is not carried by a redirect to another origin", async () => {
    const response = await executeTool(tool("/away"), ARGS, { config: CONFIG, secrets });
    expect(response).toMatchObject({ ok: true, content: "landed" });
    expect(elsewhere.requests.at(-1)?.url).toBe("/landing");
    expectNoKey(response);
  });

  it("without a value, refuses the call and sends nothing", async () => {
    const sent = upstream.requests.length;
    const response = await executeTool(tool("/echo"), ARGS, { config: CONFIG });
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: "Secret query key key has no value that can be sent; set it in the tool's secrets" });
    expect(upstream.requests.length).toBe(sent);
  });

  it("shows in a dry run and its curl copy as the mask, reading no secret and sending nothing", async () => {
    const sent = upstream.requests.length;
    let read = false;
    const response = await executeTool(tool("/echo", KEY), ARGS, { config: CONFIG, dryRun: true, secrets: async () => ((read = true), {}) });
    expect(read).toBe(false);
    expect(upstream.requests.length).toBe(sent);
    const preview = response.metadata.request!;
    expect(preview.url).toBe(`${upstream.origin}/echo?address=1%20Main%20St&key=${MASK_PREFIX}`);
    expect(curlCommand(preview)).toBe(`curl '${upstream.origin}/echo?address=1%20Main%20St&key=${MASK_PREFIX}'`);
    expectNoKey(response);
  });

  it("with no value known to a dry run, is left out with a warning", async () => {
    const response = await executeTool(tool("/echo"), ARGS, { config: CONFIG, dryRun: true });
    expect(response).toMatchObject({ ok: true, content: { request: { url: `${upstream.origin}/echo?address=1%20Main%20St` }, warnings: ["Secret query key key has no value; a real call would fail."] } });
  });
});
