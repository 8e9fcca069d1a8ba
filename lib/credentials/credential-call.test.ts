import { Agent, request as undiciRequest } from "undici";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createRedactor } from "../secrets/redact";
import { reply, startUpstream, type Upstream } from "../tools/testing";
import { callWithCredential, type CredentialUse } from "./credential-call";
import { CredentialRefusedError, type PlaceableRequest } from "./placement";
import { oauth2Credential, startTokenEndpoint, type TokenEndpoint } from "./test-support/token-endpoint";
import { TokenManager } from "./token-manager";
import type { Credential } from "./types";

const agent = new Agent();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
afterAll(() => agent.close());

/** An upstream that echoes the query and Authorization/X-Api-Key it received, answering 401 to `refused` bearer tokens. */
async function echoingUpstream(refused: (authorization: string) => boolean = () => false): Promise<Upstream> {
  const upstream = await startUpstream((request, response) => {
    const authorization = String(request.headers.authorization ?? "");
    reply(response, refused(authorization) ? 401 : 200, { url: request.url, authorization, key: request.headers["x-api-key"] ?? null });
  });
  closers.push(upstream.close);
  return upstream;
}

async function tokenEndpoint(): Promise<TokenEndpoint> {
  const endpoint = await startTokenEndpoint();
  closers.push(endpoint.close);
  return endpoint;
}

async function send(request: PlaceableRequest): Promise<{ status: number; body: string }> {
  const response = await undiciRequest(request.url, { headers: request.headers, dispatcher: agent });
  return { status: response.statusCode, body: await response.body.text() };
}

function use(credential: Credential, secret: string): CredentialUse & { decrypted: () => number } {
  let count = 0;
  return {
    ref: { id: "c1", version: 1 },
    credential,
    secret: () => {
      count += 1;
      return Promise.resolve(secret);
    },
    decrypted: () => count,
  };
}

const loopback = { description: "", hosts: ["127.0.0.1"] };
const isUnauthorized = (result: { status: number }) => result.status === 401;

describe("callWithCredential", () => {
  it.each<[string, Credential]>([
    ["header", { ...loopback, name: "h", kind: "header", headerName: "X-Api-Key" }],
    ["query", { ...loopback, name: "q", kind: "query", parameterName: "api_key" }],
    ["basic", { ...loopback, name: "b", kind: "basic", username: "svc" }],
  ])("sends a %s credential and reports what the redactor must mask in the echo", async (_, credential) => {
    const upstream = await echoingUpstream();
    const secret = "vendor-key-0123456789";
    const manager = new TokenManager({ transport: () => Promise.reject(new Error("no token for this kind")) });
    const call = await callWithCredential(use(credential, secret), { url: new URL(`${upstream.origin}/items?a=1`), headers: {} }, send, { tokens: manager, isUnauthorized });
    expect(call.result.status).toBe(200);
    const decodedEcho = decodeURIComponent(call.result.body);
    expect(decodedEcho.includes(secret) || call.result.body.includes(Buffer.from(`svc:${secret}`).toString("base64"))).toBe(true);
    const redacted = createRedactor(call.plaintexts).redact(call.result.body);
    expect(decodeURIComponent(redacted)).not.toContain(secret);
    expect(redacted).not.toContain(Buffer.from(`svc:${secret}`).toString("base64"));
    expect(call.secretHeaderNames).toEqual(credential.kind === "query" ? [] : [credential.kind === "header" ? "x-api-key" : "authorization"]);
  });

  it("fetches a token, retries once on a 401 and reports both tokens", async () => {
    const endpoint = await tokenEndpoint();
    const upstream = await echoingUpstream((authorization) => authorization === "Bearer token-1");
    const manager = new TokenManager({ transport: endpoint.transport });
    const oauth2 = use(oauth2Credential(endpoint.tokenUrl), "client-secret");
    const call = await callWithCredential(oauth2, { url: new URL(`${upstream.origin}/items`), headers: {} }, send, { tokens: manager, isUnauthorized });
    expect(call.result.status).toBe(200);
    expect(call.plaintexts).toEqual(["token-1", "token-2"]);
    expect(call.secretHeaderNames).toEqual(["authorization"]);
    expect(upstream.requests.map((request) => request.headers.authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
    // The client secret is decrypted for each token request only, never for a cached token.
    expect(oauth2.decrypted()).toBe(endpoint.upstream.requests.length);
  });

  it.each<[string, Credential, string]>([
    ["a host it does not admit", { ...loopback, name: "h", kind: "header", headerName: "X-Api-Key", hosts: ["api.vendor.test"] }, "host_not_admitted"],
    ["an OAuth2 credential towards a host it does not admit", oauth2Credential("http://127.0.0.1:9/token", { hosts: ["api.vendor.test"] }), "host_not_admitted"],
  ])("refuses %s before decrypting, fetching a token or sending", async (_, credential, reason) => {
    const upstream = await echoingUpstream();
    let tokenRequests = 0;
    const manager = new TokenManager({
      transport: () => {
        tokenRequests += 1;
        return Promise.resolve({ status: 200, body: "{}" });
      },
    });
    const refused = use(credential, "never-decrypted");
    const outcome = callWithCredential(refused, { url: new URL(`${upstream.origin}/items`), headers: {} }, send, { tokens: manager, isUnauthorized });
    await expect(outcome).rejects.toBeInstanceOf(CredentialRefusedError);
    await expect(outcome).rejects.toMatchObject({ reason });
    expect(refused.decrypted()).toBe(0);
    expect(tokenRequests).toBe(0);
    expect(upstream.requests).toHaveLength(0);
  });
});
