import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMockUpstream, type MockUpstream, type MockUpstreamRecord } from "./mock-upstream";
import { startUpstream, type Upstream } from "./upstream-server";

let mock: MockUpstream;
let upstream: Upstream;

beforeAll(async () => {
  mock = createMockUpstream();
  upstream = await startUpstream(mock.handler);
});
afterAll(() => upstream.close());
beforeEach(async () => {
  await fetch(`${upstream.origin}/__requests`, { method: "DELETE" });
});

const at = (path: string, init?: RequestInit) => fetch(`${upstream.origin}${path}`, { redirect: "manual", ...init });
const logged = async () => (await (await at("/__requests")).json()) as MockUpstreamRecord[];

describe("mock upstream", () => {
  it("hands out a fresh bearer token per POST /oauth/token, with the scope asked for, and logs the request", async () => {
    const ask = () => at("/oauth/token", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=client_credentials&scope=read%20write" });
    expect(await (await ask()).json()).toEqual({ access_token: "mock-oauth-token-1", token_type: "Bearer", expires_in: 3600, scope: "read write" });
    expect(((await (await ask()).json()) as { access_token: string }).access_token).toBe("mock-oauth-token-2");
    expect((await logged()).map((record) => [record.method, record.path, record.body])).toEqual([
      ["POST", "/oauth/token", "grant_type=client_credentials&scope=read%20write"],
      ["POST", "/oauth/token", "grant_type=client_credentials&scope=read%20write"],
    ]);
  });

  it("echoes method, path, query, headers and body", async () => {
    const response = await at("/orders/7?tag=a&tag=b&q=x", { method: "POST", headers: { "x-trace": "t-1" }, body: '{"n":1}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      method: "POST",
      path: "/orders/7",
      query: { tag: ["a", "b"], q: "x" },
      headers: { "x-trace": "t-1" },
      body: '{"n":1}',
    });
  });

  it.each([
    ["/status/500", 500, /"path":"\/status\/500"/],
    ["/status/201", 201, /"method":"GET"/],
    ["/status/99", 400, /status must be/],
    ["/json?state=closed&say=bye", 200, /^\{"state":"closed","say":"bye"\}$/],
    ["/json?body=%7B%22a%22%3A%5B1%2C2%5D%7D&status=404", 404, /^\{"a":\[1,2\]\}$/],
    ['/json?body="just text"', 200, /^"just text"$/],
    ["/json?body=%7Bnot", 400, /body must be JSON/],
    ["/large/5", 200, /^xxxxx$/],
    ["/large/-1", 400, /bytes must be/],
    ["/delay/nope", 400, /delay must be/],
    ["/slow/3?interval=1", 200, /^chunk 1\nchunk 2\nchunk 3\n$/],
    ["/slow/0", 400, /chunks must be positive/],
    ["/redirect", 400, /redirect needs/],
  ])("%s answers %i", async (path, status, body) => {
    const response = await at(path);
    expect(response.status).toBe(status);
    expect(await response.text()).toMatch(body);
  });

  it("redirects where ?to= says, with the chosen status", async () => {
    const response = await at("/redirect?to=%2Fstatus%2F204&status=307");
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("/status/204");
  });

  it("answers after the delay", async () => {
    const response = await at("/delay/20");
    expect(await response.json()).toMatchObject({ path: "/delay/20" });
  });

  it("logs requests but not its control endpoints, and DELETE clears the log", async () => {
    await at("/a");
    await at("/b?x=1");
    expect((await logged()).map((record) => [record.path, record.query, record.aborted])).toEqual([
      ["/a", {}, false],
      ["/b", { x: "1" }, false],
    ]);
    expect((await at("/__requests", { method: "DELETE" })).status).toBe(204);
    expect(await logged()).toEqual([]);
    expect((await at("/__requests", { method: "POST" })).status).toBe(405);
  });

  it("marks a request the client abandoned before the answer as aborted", async () => {
    const client = httpRequest(`${upstream.origin}/delay/60000`);
    client.on("error", () => undefined);
    client.end();
    await expect.poll(() => mock.requests.length).toBe(1);
    expect(mock.requests[0]?.aborted).toBe(false);
    client.destroy();
    await expect.poll(() => mock.requests[0]?.aborted).toBe(true);
    expect((await logged())[0]).toMatchObject({ path: "/delay/60000", aborted: true });
  });
});
