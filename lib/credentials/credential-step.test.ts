/**
 * Shared credentials through the executor (SPEC §1.5, §5.1): lib/tools' executeTool with the
 * credential step this folder builds, against real loopback servers. Placement of each kind as
 * received upstream; a host the credential does not admit and a missing credential or secret send
 * nothing; a redirect to another origin (a second mock) receives no credential; OAuth2 tokens are
 * fetched once for 50 concurrent calls and refreshed and retried exactly once on a 401; an upstream
 * echoing the credential finds every trace redacted. A dry run decrypts nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeTool, guardedAgent, parseToolDefinition, toolResponseToJSON, type ToolResponse } from "../tools";
import { reply, startUpstream, type Upstream } from "../tools/testing";
import type { CredentialUse } from "./credential-call";
import { credentialAuthorization, credentialPreview, missingCredentialMessage } from "./credential-step";
import { freshToken, oauth2Credential, startTokenEndpoint, type TokenEndpoint } from "./test-support/token-endpoint";
import { TokenManager } from "./token-manager";
import { dispatcherTokenTransport } from "./token-transport";
import type { Credential, OAuth2ClientCredentials } from "./types";

const CONFIG = { allowlist: ["127.0.0.0/8", "::1"], defaultTimeoutSeconds: 15, maxRedirects: 3, maxResponseBytes: 1024 * 1024 };
const SECRET = "vendor-SECRET-value-8675309";
const loopback = { description: "", hosts: ["127.0.0.1"] };
const CREDENTIALS: Record<"header" | "query" | "basic", Credential> = {
  header: { ...loopback, name: "vendor", kind: "header", headerName: "X-Api-Key" },
  query: { ...loopback, name: "vendor", kind: "query", parameterName: "api_key" },
  basic: { ...loopback, name: "vendor", kind: "basic", username: "svc" },
};

let upstream: Upstream;
let elsewhere: Upstream;
let tokens: TokenEndpoint;

/** What a careless upstream echoes: the query, both credential headers, in body, headers and error bodies. */
function echo(url: string, headers: Record<string, unknown>) {
  return { url, authorization: headers.authorization ?? null, key: headers["x-api-key"] ?? null };
}

beforeAll(async () => {
  elsewhere = await startUpstream((request, response) => reply(response, 200, echo(request.url, request.headers)));
  upstream = await startUpstream((request, response) => {
    const seen = echo(request.url, request.headers);
    if (request.url.startsWith("/away")) reply(response, 302, "", { location: `${elsewhere.origin}/landed` });
    else if (request.url.startsWith("/denied")) reply(response, 401, { error: "token refused", ...seen }, { "www-authenticate": String(seen.authorization) });
    else if (request.url.startsWith("/fresh")) reply(response, seen.authorization === "Bearer token-1" ? 401 : 200, seen);
    else reply(response, 200, seen, { "x-echo": `${String(seen.authorization)} ${String(seen.key)}` });
  });
  tokens = await startTokenEndpoint();
});
afterAll(async () => {
  await Promise.all([upstream.close(), elsewhere.close(), tokens.close()]);
});

function tool(path: string, timeout: number | null = null) {
  return parseToolDefinition({
    name: "vendor_call",
    description: "Calls the vendor.",
    request: { method: "GET", url: `${upstream.origin}${path}`, query: { q: "x y" } },
    response: { extract: "body_raw" },
    timeout,
    auth: { credential: "vendor" },
  });
}

function useOf(credential: Credential, secret = SECRET): CredentialUse & { decrypted: () => number } {
  let count = 0;
  return {
    ref: { id: `c-${credential.kind}-${Math.random()}`, version: 1 },
    credential,
    secret: async () => {
      count += 1;
      return secret;
    },
    decrypted: () => count,
  };
}

function manager(): TokenManager {
  return new TokenManager({ transport: tokens.transport });
}

function call(path: string, use: CredentialUse | null, tokenManager = manager()): Promise<ToolResponse> {
  return executeTool(tool(path), {}, { config: CONFIG, authorize: credentialAuthorization("vendor", async () => use, tokenManager) });
}

function expectNoTrace(response: ToolResponse, ...secrets: string[]): void {
  const texts = [JSON.stringify(response), JSON.stringify(toolResponseToJSON(response))];
  if (!response.ok && response.cause instanceof Error) texts.push(response.cause.message, String(response.cause.stack));
  for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
}

const basicPair = Buffer.from(`svc:${SECRET}`).toString("base64");

describe("placement through the executor", () => {
  it.each<[keyof typeof CREDENTIALS, (seen: ReturnType<typeof echo>) => void]>([
    ["header", (seen) => expect(seen.key).toBe(SECRET)],
    ["query", (seen) => expect(seen.url).toBe(`/echo?q=x%20y&api_key=${SECRET}`)],
    ["basic", (seen) => expect(seen.authorization).toBe(`Basic ${basicPair}`)],
  ])("sends a %s credential and redacts its echo from content, headers and metadata", async (kind, check) => {
    const response = await call("/echo", useOf(CREDENTIALS[kind]));
    const received = upstream.requests.at(-1)!;
    check(echo(received.url, received.headers));
    expect(response.ok).toBe(true);
    expectNoTrace(response, SECRET, basicPair);
  });

  it("sends an OAuth2 credential's bearer token and redacts it", async () => {
    const response = await call("/echo", useOf(oauth2Credential(tokens.tokenUrl)));
    expect(upstream.requests.at(-1)?.headers.authorization).toMatch(/^Bearer token-\d+$/);
    const token = String(upstream.requests.at(-1)?.headers.authorization).slice("Bearer ".length);
    expect(response.ok).toBe(true);
    expectNoTrace(response, token, SECRET);
  });
});

describe("nothing is sent", () => {
  it.each<[string, () => CredentialUse | null, RegExp]>([
    ["to a host the credential does not admit", () => useOf({ ...CREDENTIALS.header, hosts: ["api.example.com"] }), /may not be sent to 127\.0\.0\.1/],
    ["when the credential does not exist", () => null, new RegExp(missingCredentialMessage("vendor").replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))],
    ["when its secret was never entered", () => ({ ...useOf(CREDENTIALS.header), secret: () => Promise.reject(new Error(`no ${SECRET}`)) }), /has no secret that can be used/],
  ])("%s: a clear execution_error", async (_, make, message) => {
    const before = upstream.requests.length;
    const use = make();
    const response = await call("/echo", use);
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: expect.stringMatching(message) });
    expect(upstream.requests.length).toBe(before);
    if (use && "decrypted" in use) expect((use as ReturnType<typeof useOf>).decrypted()).toBe(0);
    expectNoTrace(response, SECRET);
  });

  it("when the destination guard refuses the token endpoint: blocked_destination", async () => {
    const guarded = new TokenManager({ transport: dispatcherTokenTransport(guardedAgent([])) });
    const before = upstream.requests.length;
    const response = await call("/echo", useOf(oauth2Credential(tokens.tokenUrl)), guarded);
    expect(response).toMatchObject({ ok: false, errorType: "blocked_destination", message: expect.stringContaining("Destination blocked") });
    expect(upstream.requests.length).toBe(before);
    expectNoTrace(response, SECRET);
  });
});

describe("token failures", () => {
  it("a token endpoint refusing the client: an execution_error naming the credential, never its secret, nothing sent", async () => {
    const refusing = await startTokenEndpoint(() => ({ status: 401, body: { error: "invalid_client", error_description: `client secret ${SECRET} is wrong` } }));
    try {
      const before = upstream.requests.length;
      const response = await call("/echo", useOf(oauth2Credential(refusing.tokenUrl)), new TokenManager({ transport: refusing.transport }));
      expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: expect.stringContaining('Credential "vendor" could not get an access token') });
      expect(upstream.requests.length).toBe(before);
      expectNoTrace(response, SECRET);
    } finally {
      await refusing.close();
    }
  });

  it("a token endpoint slower than the tool's timeout: a timeout_error, and the token that arrives later sends nothing", async () => {
    const slow = await startTokenEndpoint((count) => ({ ...freshToken(count), delayMs: 1500 }));
    try {
      const before = upstream.requests.length;
      const use = useOf(oauth2Credential(slow.tokenUrl));
      const manager = new TokenManager({ transport: slow.transport });
      const response = await executeTool(tool("/echo", 1), {}, { config: CONFIG, authorize: credentialAuthorization("vendor", async () => use, manager) });
      expect(response).toMatchObject({ ok: false, errorType: "timeout_error" });
      // Wait for the same in-flight token request (single flight), then for the step's late try to run.
      await manager.token({ ref: use.ref, credential: use.credential as OAuth2ClientCredentials, clientSecret: use.secret });
      await new Promise((resolve) => setImmediate(resolve));
      expect(slow.upstream.requests).toHaveLength(1);
      expect(upstream.requests.length).toBe(before);
    } finally {
      await slow.close();
    }
  });
});

describe("a redirect to another origin", () => {
  it.each<[string, () => CredentialUse]>([
    ["header", () => useOf(CREDENTIALS.header)],
    ["query", () => useOf(CREDENTIALS.query)],
    ["basic", () => useOf(CREDENTIALS.basic)],
    ["OAuth2", () => useOf(oauth2Credential(tokens.tokenUrl))],
  ])("receives no %s credential (asserted at the second mock)", async (_, make) => {
    const before = elsewhere.requests.length;
    const response = await call("/away", make());
    expect(response.ok).toBe(true);
    const landed = elsewhere.requests.slice(before);
    expect(landed).toHaveLength(1);
    expect(landed[0]).toMatchObject({ url: "/landed" });
    expect(landed[0]?.headers.authorization).toBeUndefined();
    expect(landed[0]?.headers["x-api-key"]).toBeUndefined();
    expect(JSON.stringify(landed[0])).not.toContain(SECRET);
  });
});

describe("OAuth2 tokens", () => {
  it("are fetched once for 50 concurrent calls (one request at the token endpoint)", async () => {
    const endpoint = await startTokenEndpoint((count) => ({ status: 200, body: { access_token: `shared-${count}`, expires_in: 3600 }, delayMs: 100 }));
    try {
      const use = useOf(oauth2Credential(endpoint.tokenUrl));
      const shared = new TokenManager({ transport: endpoint.transport });
      const before = upstream.requests.length;
      const responses = await Promise.all(Array.from({ length: 50 }, () => call("/echo", use, shared)));
      expect(responses.every((response) => response.ok)).toBe(true);
      expect(endpoint.upstream.requests).toHaveLength(1);
      expect(new Set(upstream.requests.slice(before).map((request) => request.headers.authorization))).toEqual(new Set(["Bearer shared-1"]));
    } finally {
      await endpoint.close();
    }
  });

  it("are refreshed and the call retried once on a 401, then succeed", async () => {
    const endpoint = await startTokenEndpoint();
    try {
      const before = upstream.requests.length;
      const response = await call("/fresh", useOf(oauth2Credential(endpoint.tokenUrl)), new TokenManager({ transport: endpoint.transport }));
      expect(response.ok).toBe(true);
      expect(endpoint.upstream.requests).toHaveLength(2);
      expect(upstream.requests.slice(before).map((request) => request.headers.authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
    } finally {
      await endpoint.close();
    }
  });

  it("are retried exactly once when the upstream keeps answering 401, both tokens redacted from the http_error", async () => {
    const endpoint = await startTokenEndpoint((count) => ({ status: 200, body: { access_token: `denied-token-${count}-abcdef`, expires_in: 3600 } }));
    try {
      const before = upstream.requests.length;
      const response = await call("/denied", useOf(oauth2Credential(endpoint.tokenUrl)), new TokenManager({ transport: endpoint.transport }));
      expect(response).toMatchObject({ ok: false, errorType: "http_error", details: { status: 401 } });
      expect(upstream.requests.length - before).toBe(2);
      expect(endpoint.upstream.requests).toHaveLength(2);
      expectNoTrace(response, "denied-token-1-abcdef", "denied-token-2-abcdef", SECRET);
    } finally {
      await endpoint.close();
    }
  });
});

describe("a dry run", () => {
  it.each<[keyof typeof CREDENTIALS, Record<string, unknown>]>([
    ["header", { headers: expect.objectContaining({ "X-Api-Key": "••••" }) }],
    ["query", { url: expect.stringMatching(/\?q=x%20y&api_key=••••$/) }],
    ["basic", { headers: expect.objectContaining({ Authorization: "••••" }) }],
  ])("shows a %s credential's placement masked, reading no secret and sending nothing", async (kind, shown) => {
    const before = upstream.requests.length;
    const response = await executeTool(tool("/echo"), {}, { config: CONFIG, dryRun: true, previewAuthorization: credentialPreview(CREDENTIALS[kind]) });
    expect(response.ok && response.content).toMatchObject({ dry_run: true, request: shown });
    expect(upstream.requests.length).toBe(before);
  });

  it("shows a host the credential does not admit as its error", async () => {
    const refused = credentialPreview({ ...CREDENTIALS.header, hosts: ["*.example.com"] });
    const response = await executeTool(tool("/echo"), {}, { config: CONFIG, dryRun: true, previewAuthorization: refused });
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: expect.stringContaining("does not admit that host") });
  });
});
