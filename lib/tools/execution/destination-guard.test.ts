import type dns from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseToolDefinition } from "../definition";
import { BlockedDestinationError, guardedAgent, guardedLookup, type ResolveAll } from "./destination-guard";
import { DEFAULT_EXECUTION_CONFIG, type ExecutionConfig } from "./execution-config";
import { executeTool } from "./executor";
import { reply, startUpstream, type Upstream } from "./test-support/upstream-server";

// The live guard is only ever pointed at loopback forms; other ranges are covered by the pure
// classification table, never by a connection.
let v4: Upstream;
let v6: Upstream;
let other: Upstream;

beforeAll(async () => {
  v4 = await startUpstream((request, response) => {
    if (request.url.startsWith("/to-other")) reply(response, 302, "", { location: `http://127.0.0.2:${other.port}/landed` });
    else if (request.url.startsWith("/to-v6")) reply(response, 302, "", { location: `${v6.origin}/landed` });
    else reply(response, 200, "reached");
  });
  v6 = await startUpstream((_request, response) => reply(response, 200, "reached"), "::1");
  other = await startUpstream((_request, response) => reply(response, 200, "reached"), "127.0.0.2");
});
afterAll(async () => {
  await Promise.all([v4.close(), v6.close(), other.close()]);
});

function fetchTool(url: string) {
  return parseToolDefinition({ name: "probe", description: "Probes a destination.", request: { method: "GET", url } });
}

const received = () => v4.requests.length + v6.requests.length + other.requests.length;

describe("blocked destinations (loopback not allowlisted)", () => {
  const config: ExecutionConfig = DEFAULT_EXECUTION_CONFIG;

  it.each([
    ["an IPv4 literal", (port: number) => `http://127.0.0.1:${port}/`, "127.0.0.1"],
    ["an IPv6 literal", (port: number) => `http://[::1]:${port}/`, "::1"],
    ["a decimal integer host", (port: number) => `http://2130706433:${port}/`, "127.0.0.1"],
    ["a hexadecimal host", (port: number) => `http://0x7f000001:${port}/`, "127.0.0.1"],
    ["a shortened dotted host", (port: number) => `http://127.1:${port}/`, "127.0.0.1"],
    ["an IPv4-mapped IPv6 literal", (port: number) => `http://[::ffff:127.0.0.1]:${port}/`, "::ffff:7f00:1"],
    ["a name resolving to loopback", (port: number) => `http://localhost:${port}/`, "localhost"],
  ])("refuses %s, naming the host, and sends nothing", async (_form, url, host) => {
    const before = received();
    const port = url(0).includes("[::1]") ? v6.port : v4.port;
    const result = await executeTool(fetchTool(url(port)), {}, { config });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errorType).toBe("blocked_destination");
    expect(result.message).toContain(`Destination blocked: ${host}`);
    expect(result.message).toContain("loopback");
    expect(received()).toBe(before);
  });

  it("is admitted by the allowlist", async () => {
    const result = await executeTool(fetchTool(`${v4.origin}/`), {}, { config: { ...config, allowlist: ["127.0.0.0/8"] } });
    expect(result).toMatchObject({ ok: true, content: "reached" });
  });

  it("re-checks each redirect hop: an allowlisted host cannot redirect to a blocked one", async () => {
    const allowOne = { ...config, allowlist: ["127.0.0.1"] };
    for (const path of ["/to-other", "/to-v6"]) {
      const before = other.requests.length + v6.requests.length;
      const result = await executeTool(fetchTool(`${v4.origin}${path}`), {}, { config: allowOne });
      expect(result).toMatchObject({ ok: false, errorType: "blocked_destination" });
      expect(other.requests.length + v6.requests.length).toBe(before);
    }
  });

  it("refuses at the dispatcher, whoever uses it", async () => {
    const before = received();
    const attempt = guardedAgent([]).request({ origin: v4.origin, path: "/", method: "GET" });
    await expect(attempt).rejects.toBeInstanceOf(BlockedDestinationError);
    expect(received()).toBe(before);
  });

  it("reuses one dispatcher per allowlist", () => {
    expect(guardedAgent(["127.0.0.0/8"])).toBe(guardedAgent(["127.0.0.0/8"]));
    expect(guardedAgent(["127.0.0.0/8"])).not.toBe(guardedAgent([]));
  });
});

describe("guardedLookup (a fixed resolver; nothing connects)", () => {
  function resolverOf(addresses: dns.LookupAddress[]): ResolveAll {
    return (_hostname, _options, callback) => callback(null, addresses);
  }

  function lookUp(addresses: dns.LookupAddress[], options: dns.LookupOptions, allowlist: string[] = []) {
    return new Promise<{ error: unknown; result: unknown; family?: number }>((resolve) => {
      guardedLookup(allowlist, resolverOf(addresses))("api.example.com", options, (error, result, family) =>
        resolve({ error, result, family }),
      );
    });
  }

  it.each([
    ["a private address among public ones", [{ address: "93.184.216.34", family: 4 }, { address: "10.0.0.1", family: 4 }]],
    ["a metadata address after a public one", [{ address: "2606:4700::1", family: 6 }, { address: "169.254.169.254", family: 4 }]],
    ["a unique-local IPv6 address", [{ address: "fd00::1", family: 6 }]],
  ])("refuses a name with %s", async (_case, addresses) => {
    const { error } = await lookUp(addresses, { all: true });
    expect(error).toBeInstanceOf(BlockedDestinationError);
    expect((error as BlockedDestinationError).host).toBe("api.example.com");
  });

  it("admits a name whose every address is public, in the shape net asked for", async () => {
    const addresses = [{ address: "93.184.216.34", family: 4 }, { address: "2606:4700::1", family: 6 }];
    expect(await lookUp(addresses, { all: true })).toEqual({ error: null, result: addresses, family: undefined });
    expect(await lookUp(addresses, {})).toEqual({ error: null, result: "93.184.216.34", family: 4 });
  });

  it("admits an allowlisted private address", async () => {
    const { error } = await lookUp([{ address: "10.0.0.1", family: 4 }], { all: true }, ["10.0.0.0/8"]);
    expect(error).toBeNull();
  });
});
