import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseToolDefinition } from "../definition";
import { DEFAULT_EXECUTION_CONFIG, type ExecutionConfig } from "./execution-config";
import { executeTool } from "./executor";
import { reply, startUpstream, type RecordedRequest, type Upstream } from "./test-support/upstream-server";

const CONFIG: ExecutionConfig = { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.0/8", "::1"] };
const SECRET = "sk-live-redirect-0123456789";

let origin: Upstream;
// Another port on the same address is another origin.
let elsewhere: Upstream;

const echo = (request: RecordedRequest) => ({
  method: request.method,
  url: request.url,
  authorization: request.headers.authorization ?? null,
  trace: request.headers["x-trace"] ?? null,
  contentType: request.headers["content-type"] ?? null,
  body: request.body,
});

beforeAll(async () => {
  elsewhere = await startUpstream((request, response) => reply(response, 200, echo(request)));
  origin = await startUpstream((request, response) => {
    const [, route = "", arg = ""] = request.url.split("/");
    const hops = Number(arg);
    if (route === "hop") reply(response, 302, "", { location: hops > 1 ? `/hop/${hops - 1}` : "/echo" });
    else if (route === "status") reply(response, hops, "", { location: "/echo" });
    else if (route === "cross") reply(response, 302, "", { location: `${elsewhere.origin}/echo` });
    else if (route === "scheme") reply(response, 302, "", { location: "file:///etc/passwd" });
    else reply(response, 200, echo(request));
  });
});
afterAll(async () => {
  await Promise.all([origin.close(), elsewhere.close()]);
});

function tool(path: string, method = "GET") {
  return parseToolDefinition({
    name: "follow",
    description: "Follows redirects.",
    request: {
      method,
      url: `${origin.origin}${path}`,
      headers: { Authorization: "", "X-Trace": "t-1" },
      ...(method === "GET" ? {} : { body: { order: 1 } }),
    },
    response: { extract: "body_raw" },
    secret_headers: ["Authorization"],
  });
}

async function call(path: string, method = "GET", config = CONFIG) {
  return executeTool(tool(path, method), {}, { config, secrets: async () => ({ Authorization: `Bearer ${SECRET}` }) });
}

function echoed(response: Awaited<ReturnType<typeof call>>): ReturnType<typeof echo> {
  if (!response.ok) throw new Error(`expected success, got ${response.errorType}: ${response.message}`);
  return JSON.parse(String(response.content));
}

describe("redirects", () => {
  it("follows up to the limit and reports the final URL", async () => {
    const before = origin.requests.length;
    const result = await call("/hop/3");
    expect(echoed(result).url).toBe("/echo");
    expect(origin.requests.length - before).toBe(4);
    expect(result.metadata.request?.url).toBe(`${origin.origin}/echo`);
  });

  it("gives up past the limit without following further", async () => {
    const before = origin.requests.length;
    const result = await call("/hop/4");
    expect(result).toMatchObject({ ok: false, errorType: "execution_error", message: "Too many redirects: gave up after following 3" });
    expect(origin.requests.slice(before).map((request) => request.url)).toEqual(["/hop/4", "/hop/3", "/hop/2", "/hop/1"]);
  });

  it("honours a smaller configured limit", async () => {
    const before = origin.requests.length;
    const result = await call("/hop/2", "GET", { ...CONFIG, maxRedirects: 1 });
    expect(result).toMatchObject({ ok: false, errorType: "execution_error", message: "Too many redirects: gave up after following 1" });
    expect(origin.requests.slice(before).map((request) => request.url)).toEqual(["/hop/2", "/hop/1"]);
  });

  it.each([
    [303, "POST", "GET", null, ""],
    [302, "POST", "GET", null, ""],
    [301, "POST", "GET", null, ""],
    [307, "POST", "POST", "application/json", '{"order":1}'],
    [308, "PUT", "PUT", "application/json", '{"order":1}'],
    [303, "DELETE", "GET", null, ""],
  ])("a %s after %s continues as %s", async (status, method, expectedMethod, contentType, body) => {
    expect(echoed(await call(`/status/${status}`, method))).toMatchObject({ method: expectedMethod, contentType, body });
  });

  it("keeps secret headers on a same-origin redirect (the echo comes back masked)", async () => {
    const result = await call("/hop/1");
    expect(origin.requests.at(-1)?.headers).toMatchObject({ authorization: `Bearer ${SECRET}`, "x-trace": "t-1" });
    expect(echoed(result)).toMatchObject({ authorization: "••••6789", trace: "t-1" });
  });

  it("drops secret headers when a redirect leaves the origin, keeping the rest", async () => {
    const result = await call("/cross");
    expect(echoed(result)).toMatchObject({ authorization: null, trace: "t-1" });
    expect(elsewhere.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect(result.metadata.request?.headers).toEqual({ "X-Trace": "t-1" });
  });

  it("refuses a redirect to a scheme other than http or https", async () => {
    const before = origin.requests.length;
    const result = await call("/scheme");
    expect(result).toMatchObject({ ok: false, errorType: "blocked_destination" });
    if (!result.ok) expect(result.message).toContain("file:///etc/passwd");
    expect(origin.requests.slice(before).map((request) => request.url)).toEqual(["/scheme"]);
  });
});
